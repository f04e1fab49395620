"""Opening SQLite safely (a read-only look before anything writes) and the
settings of every new connection, for SQLite and PostgreSQL."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any, NoReturn
from urllib.parse import quote

from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine

from trainer.store.errors import StoreCorruptError, StoreError, StoreLockedError, StoreMissingError

LEFT_ALONE = "it was left as it is: restore a backup or move the file away to start a new one"


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
        text = str(error)
        low = text.lower()
        if "locked" in low or "busy" in low:
            raise StoreLockedError(f"the progress database at {path} is locked by another program; close "
                                   f"it and try again") from None
        if "unable to open" in low:
            raise StoreMissingError(f"cannot open the progress database at {path} ({text})") from None
        raise StoreCorruptError(f"the progress database at {path} is damaged or is not a database "
                                f"({text}); {LEFT_ALONE}") from None

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
