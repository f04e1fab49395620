"""Opening SQLite safely (a read-only look before anything writes) and the
settings of every new connection, for SQLite and PostgreSQL."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Any, NoReturn, Optional
from urllib.parse import quote

from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine

from trainer.store.errors import (
    StoreCorruptError,
    StoreError,
    StoreFullError,
    StoreLockedError,
    StoreMissingError,
    StoreReadOnlyError,
)
from trainer.store.place import ENV

LEFT_ALONE = "it was left as it is: restore a backup or move the file away to start a new one"


def _writable(place: Path) -> bool:
    """Whether this process may write `place` (False on a read-only file system)."""
    try:
        if os.statvfs(place).f_flag & os.ST_RDONLY:
            return False
    except OSError:
        return False
    return os.access(place, os.W_OK)


def read_only_reason(path: Path) -> Optional[str]:
    """Why the SQLite file at `path` cannot be written, or None when it can: SQLite
    writes its journal (`-wal`, `-shm`) in the same folder, so the folder counts too."""
    if path.exists() and not _writable(path):
        return f"the file {path} is read-only"
    if not _writable(path.parent):
        return f"the folder {path.parent} is read-only (the database keeps its journal files beside it)"
    return None


def sqlite_fault(location: str, path: Optional[Path], message: str, busy_timeout: float) -> StoreError:
    """The StoreError that says what an SQLite (or PostgreSQL) failure means: locked,
    read-only, missing, damaged, or else the driver's own words."""
    low = message.lower()
    if "locked" in low or "busy" in low or "lock timeout" in low:
        return StoreLockedError(f"the progress database at {location} is locked by another program (waited "
                                f"{busy_timeout:g} s); close the other program and try again")
    if "disk is full" in low or "no space left" in low or "disk full" in low:
        return StoreFullError(f"the progress database at {location} cannot be written: the disk is full "
                              f"({message}); free some room: nothing already kept was lost")
    reason = read_only_reason(path) if path is not None else None
    if "readonly" in low or "read-only" in low or reason is not None and "unable to open" in low:
        why = reason or "the database refuses writes"
        return StoreReadOnlyError(f"the progress database at {location} cannot be written: {why}; the file "
                                  f"itself was left as it is: make it writable or set {ENV} to another place")
    if "unable to open" in low:
        return StoreMissingError(f"cannot open the progress database at {location} ({message})")
    if "not a database" in low or "malformed" in low or "corrupt" in low:
        return StoreCorruptError(f"the progress database at {location} is damaged or is not a database "
                                 f"({message}); {LEFT_ALONE}")
    return StoreError(f"the progress database at {location} failed: {message}")


def _identity(path: Path) -> tuple[int, int]:
    status = path.stat()
    return status.st_dev, status.st_ino


def _check_sqlite_file(path: Path, create: bool, default: bool, busy_timeout: float) -> bool:
    """Look at the file read-only before anything writes to it; returns whether the
    database will be new. Raises a StoreError subclass and leaves the file alone."""
    if path.exists():
        if not path.is_file():
            raise StoreMissingError(f"the progress database at {path} is not a file")
        side = (Path(f"{path}-wal"), Path(f"{path}-shm"))
        had_side = any(p.exists() for p in side)
        try:
            _inspect_sqlite(path, busy_timeout)
        except StoreError:
            # a read-only look at a WAL file makes an empty -wal and a -shm beside it: take
            # them away again when they were not there before, so the folder is as it was
            if not had_side and side[0].exists() and side[0].stat().st_size == 0:
                for extra in side:
                    extra.unlink(missing_ok=True)
            raise
        return path.stat().st_size == 0
    folder = path.parent
    if not folder.is_dir():
        if not default:
            raise StoreMissingError(
                f"the folder {folder} for the progress database {path.name} does not exist")
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreError(f"cannot create the folder {folder} for the progress database: "
                             f"{error.strerror}") from None
    if not create:
        raise StoreMissingError(f"there is no progress database at {path}")
    return True


def _inspect_sqlite(path: Path, busy_timeout: float) -> None:
    def fail(error: sqlite3.Error) -> NoReturn:
        raise sqlite_fault(str(path), path, str(error), busy_timeout) from None

    try:
        conn = sqlite3.connect(f"file:{quote(str(path))}?mode=ro", uri=True, timeout=busy_timeout)
    except sqlite3.Error as error:
        fail(error)
    try:
        check = conn.execute("PRAGMA quick_check(1)").fetchone()
        tables = {name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.Error as error:
        fail(error)
    finally:
        conn.close()
    if check is None or check[0] != "ok":
        found = check[0] if check else "no answer"
        raise StoreCorruptError(f"the progress database at {path} is damaged ({found}); {LEFT_ALONE}")
    if tables - {"sqlite_sequence"} and "schema_version" not in tables:
        raise StoreError(f"{path} is an SQLite database of another program (tables: "
                         f"{', '.join(sorted(tables)[:5])}); it was left as it is: choose another file")


def _sqlite_events(engine: Engine, busy_timeout: float) -> None:
    milliseconds = max(0, int(busy_timeout * 1000))

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # SQLAlchemy's begin event issues BEGIN
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute(f"PRAGMA busy_timeout = {milliseconds}")
            cursor.execute("PRAGMA journal_mode = WAL")
            cursor.execute("PRAGMA synchronous = NORMAL")
            cursor.execute("PRAGMA foreign_keys = ON")
        finally:
            cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        write = conn.get_execution_options().get("allfives_write", False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


def _postgresql_events(engine: Engine, busy_timeout: float) -> None:
    milliseconds = max(1, int(busy_timeout * 1000))

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        with dbapi_connection.cursor() as cursor:
            cursor.execute(f"SET lock_timeout = {milliseconds}")
        dbapi_connection.commit()
