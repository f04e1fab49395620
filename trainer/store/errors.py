"""What can go wrong with the progress store: one exception per fault."""

from __future__ import annotations

from trainer.errors import TrainerError


class StoreError(TrainerError):
    """The progress database cannot be opened or used; the message says why and where."""


class StoreLockedError(StoreError):
    """Another program holds the database locked for longer than the busy timeout."""


class StoreMissingError(StoreError):
    """The database file, or its folder, is not there (or went away while in use)."""


class StoreCorruptError(StoreError):
    """The file is damaged or is not an SQLite database; it is left as it is."""


class StoreReadOnlyError(StoreError):
    """The database, or the folder it writes its journal in, cannot be written; the file
    itself is fine."""


class StoreDriverError(StoreError):
    """The Python driver the database URL needs is not installed."""


class LearnerError(TrainerError):
    """A learner's name that cannot be used, or a learner id that does not exist."""

