"""What can go wrong with the progress store: one exception per fault.

Each message is written for the operator: it names the file or the server and the
driver's own words. `fault` names the fault in a word for everyone else (a page says
it in plain words from the catalogue's `store.fault.<fault>`), so that a learner never
reads where the database is, who connects to it or how.

>>> error = StoreUnreachableError("cannot reach the database server at postgresql://u@db/x: refused")
>>> error.fault, isinstance(error, StoreError)
('unreachable', True)
"""

from __future__ import annotations

from trainer.errors import TrainerError


class StoreError(TrainerError):
    """The progress database cannot be opened or used; the message says why and where."""

    fault = "failed"


class StoreLockedError(StoreError):
    """Another program holds the database locked for longer than the busy timeout."""

    fault = "locked"


class StoreMissingError(StoreError):
    """The database file, or its folder, is not there (or went away while in use)."""

    fault = "missing"


class StoreCorruptError(StoreError):
    """The file is damaged or is not an SQLite database; it is left as it is."""

    fault = "damaged"


class StoreReadOnlyError(StoreError):
    """The database, or the folder it writes its journal in, cannot be written; the file
    itself is fine."""

    fault = "read_only"


class StoreFullError(StoreError):
    """The disk (or the database server's) has no room left for what is written."""

    fault = "full"


class StoreUnreachableError(StoreError):
    """The database server cannot be reached (down, restarting, or the network)."""

    fault = "unreachable"


class StoreDriverError(StoreError):
    """The Python driver the database URL needs is not installed."""

    fault = "driver"


class LearnerError(TrainerError):
    """A learner's name that cannot be used, or a learner id that does not exist."""


FAULTS: tuple[str, ...] = ("failed", "locked", "missing", "damaged", "read_only", "full", "unreachable",
                           "driver")
