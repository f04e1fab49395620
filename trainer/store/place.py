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


def _target(url: Optional[str]) -> _Target:
    given = url if url is not None else os.environ.get(ENV, "").strip() or None
    if given is None:
        path = default_path()
        return _Target(sa.URL.create("sqlite", database=str(path)), path, True)
    if "://" not in given:
        path = Path(given).expanduser().absolute()
        return _Target(sa.URL.create("sqlite", database=str(path)), path, False)
    try:
        parsed = sa.make_url(given)
    except sa.exc.ArgumentError:
        raise StoreError(f"{given!r} is not a database URL") from None
    backend = parsed.get_backend_name()
    if backend == "postgres":
        backend = "postgresql"
    if backend == "postgresql":
        driver = parsed.get_driver_name()
        if "+" not in parsed.drivername or driver == "psycopg2":
            parsed = parsed.set(drivername="postgresql+psycopg")
        return _Target(parsed, None, False)
    if backend == "sqlite":
        if not parsed.database or parsed.database == ":memory:" or parsed.database.startswith("file:"):
            raise StoreError("an in-memory SQLite database keeps nothing: give a file path")
        path = Path(parsed.database).expanduser().absolute()
        return _Target(sa.URL.create("sqlite", database=str(path)), path, False)
    raise StoreError(f"the progress store runs on SQLite or PostgreSQL, not {backend!r}")

