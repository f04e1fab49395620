"""Where the progress database is: `ALLFIVES_DB`, a path or a URL, or the default
file in the user's data folder."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

import sqlalchemy as sa

from trainer.store.errors import StoreError

ENV = "ALLFIVES_DB"
APP_NAME = "allfives"
FILE_NAME = "progress.db"


def default_path() -> Path:
    """`progress.db` in the user's data directory."""
    import platformdirs

    return Path(platformdirs.user_data_path(APP_NAME, appauthor=False)) / FILE_NAME


@dataclass(frozen=True)
class _Target:
    url: sa.URL
    path: Optional[Path]  # the SQLite file
    default: bool  # the default place, whose folder may be created


PATH_LIMIT = 255  # characters in the whole path of an SQLite file (names: 255 bytes each)


def _short_enough(path: Path) -> Path:
    """The path, when the file system and SQLite can open it; raises StoreError.

    >>> _short_enough(Path("/data/" + "x" * 300 + ".db"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    trainer.store.errors.StoreError: the name xxx... is 303 bytes long; a name has at most 255: ...
    """
    for name in path.parts:
        size = len(os.fsencode(name))
        if size > 255:
            raise StoreError(f"the name {name[:20]}... is {size} bytes long; a name has at most 255: choose "
                             f"a shorter path for the progress database")
    if len(str(path)) > PATH_LIMIT:
        raise StoreError(f"the progress database's path {str(path)[:40]}... is {len(str(path))} characters "
                         f"long; it may have at most {PATH_LIMIT}: choose a shorter one")
    return path


def _target(url: Optional[str]) -> _Target:
    given = url if url is not None else os.environ.get(ENV, "").strip() or None
    if given is None:
        path = default_path()
        return _Target(sa.URL.create("sqlite", database=str(path)), path, True)
    if "://" not in given:
        path = _short_enough(Path(given).expanduser().absolute())
        return _Target(sa.URL.create("sqlite", database=str(path)), path, False)
    try:
        parsed = sa.make_url(given)
    except sa.exc.ArgumentError:
        raise StoreError(f"{given!r} is not a database URL") from None
    # the scheme is read as text: asking SQLAlchemy for the driver would load a dialect
    # named `postgres`, which does not exist
    backend, _, driver = parsed.drivername.partition("+")
    if backend == "postgres":
        backend = "postgresql"
    if backend == "postgresql":
        if driver in ("", "psycopg2"):
            driver = "psycopg"
        return _Target(parsed.set(drivername=f"postgresql+{driver}"), None, False)
    if backend == "sqlite":
        if not parsed.database or parsed.database == ":memory:" or parsed.database.startswith("file:"):
            raise StoreError("an in-memory SQLite database keeps nothing: give a file path")
        path = _short_enough(Path(parsed.database).expanduser().absolute())
        return _Target(sa.URL.create("sqlite", database=str(path)), path, False)
    raise StoreError(f"the progress store runs on SQLite or PostgreSQL, not {backend!r}")

