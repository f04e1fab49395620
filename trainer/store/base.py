"""The store's plumbing: opening, schema upgrades, transactions and turning
database faults into StoreError."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn, Optional, Self

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql as pg_dialect
from sqlalchemy.dialects import sqlite as sqlite_dialect
from sqlalchemy.engine import Connection

from trainer.store.catalogue import Catalogue, Empty
from trainer.store.engine import (
    _check_sqlite_file,
    _identity,
    _postgresql_events,
    _sqlite_events,
    sqlite_fault,
)
from trainer.store.errors import (
    StoreDriverError,
    StoreError,
    StoreFullError,
    StoreLockedError,
    StoreMissingError,
    StoreReadOnlyError,
    StoreUnreachableError,
)
from trainer.store.place import _target
from trainer.store.schema import (
    LATEST,
    attempts,
    learners,
    migrate,
    puzzle_ratings,
    rating_history,
    read_version,
    review_cards,
)

BUSY_TIMEOUT = 5.0  # seconds a writer waits for another before the store says it is locked


class _Statements:
    """The statements of the hot path, built once (building one costs more than
    running it), with `INSERT ... ON CONFLICT DO NOTHING` in the store's dialect."""

    def __init__(self, dialect: str) -> None:
        insert = pg_dialect.insert if dialect == "postgresql" else sqlite_dialect.insert
        bind = sa.bindparam
        self.learner = sa.select(learners).where(learners.c.id == bind("learner_id"))
        self.learner_lock = self.learner.with_for_update()
        self.insert_attempt = sa.insert(attempts).returning(attempts.c.id)
        self.puzzle_lock = (sa.select(puzzle_ratings).where(puzzle_ratings.c.puzzle_id == bind("puzzle_id"))
                            .with_for_update())
        self.insert_puzzle = insert(puzzle_ratings).on_conflict_do_nothing(index_elements=["puzzle_id"])
        self.update_learner = sa.update(learners).where(learners.c.id == bind("key")).values(
            rating=bind("new_rating"), rd=bind("new_rd"), volatility=bind("new_volatility"),
            rated_games=learners.c.rated_games + 1)
        self.update_puzzle = sa.update(puzzle_ratings).where(
            puzzle_ratings.c.puzzle_id == bind("key")).values(
            rating=bind("new_rating"), rd=bind("new_rd"), volatility=bind("new_volatility"),
            games=puzzle_ratings.c.games + 1, updated_at=bind("new_updated_at"))
        self.insert_history = sa.insert(rating_history)
        c = review_cards.c
        self.card_lock = (sa.select(review_cards).where(
            c.learner_id == bind("learner_id"), c.part == bind("part"), c.item == bind("item"))
            .with_for_update())
        self.drill_cards_soon = sa.select(sa.func.count()).select_from(review_cards).where(
            c.learner_id == bind("learner_id"), c.part == "drill", c.due <= bind("soon"))
        self.insert_card = insert(review_cards).on_conflict_do_nothing(
            index_elements=["learner_id", "part", "item"]).returning(review_cards.c.id)
        self.update_card = sa.update(review_cards).where(c.id == bind("key")).values(
            card=bind("new_card"), due=bind("new_due"), reviews=bind("new_reviews"),
            lapses=bind("new_lapses"), position=bind("new_position"), kind=bind("new_kind"),
            updated_at=bind("new_updated_at"))


def _server_engine(url: sa.URL) -> sa.Engine:
    """The engine of a database server; raises StoreDriverError when its Python
    driver is not installed (SQLAlchemy imports it here)."""
    try:
        return sa.create_engine(url, pool_pre_ping=True)
    except (ImportError, sa.exc.NoSuchModuleError) as error:
        backend, _, driver = url.drivername.partition("+")
        hint = " (pip install 'psycopg[binary]')" if driver == "psycopg" else ""
        raise StoreDriverError(f"the {backend} driver {driver!r} is not installed{hint}, so the progress "
                               f"database at {url.render_as_string(hide_password=True)} cannot be "
                               f"opened ({error})") from None


# PostgreSQL's error classes (SQLSTATE) and what they mean to the store
_UNREACHABLE = ("08", "57P01", "57P02", "57P03")  # connection lost or refused, the server stopping
_STATES: dict[str, type[StoreError]] = {"53100": StoreFullError, "53": StoreFullError,
                                        "55P03": StoreLockedError, "25006": StoreReadOnlyError}


def _server_fault(location: str, error: sa.exc.DBAPIError, message: str, busy_timeout: float) -> StoreError:
    """The StoreError of a PostgreSQL failure, by its SQLSTATE (or a lost connection)."""
    state = str(getattr(error.orig, "sqlstate", "") or "")
    if error.connection_invalidated or state.startswith(_UNREACHABLE) or (
            isinstance(error, sa.exc.OperationalError) and not state):
        return StoreUnreachableError(f"cannot reach the database server at {location}: {message}")
    for prefix in ("53100", "55P03", "25006", "53"):
        if state.startswith(prefix):
            kind = _STATES[prefix]
            if kind is StoreLockedError:
                return StoreLockedError(f"the progress database at {location} is locked by another program "
                                        f"(waited {busy_timeout:g} s); close the other program and try again")
            return kind(f"the progress database at {location} cannot be written: {message}")
    return StoreError(f"the progress database at {location} failed: {message}")


class StoreBase:
    """The plumbing every part of the store shares: the engine, the schema check
    on opening, read and write transactions, and faults turned into StoreError."""

    def __init__(self, url: Optional[str] = None, *, create: bool = True,
                 busy_timeout: float = BUSY_TIMEOUT, catalogue: Optional[Catalogue] = None) -> None:
        target = _target(url)
        self.catalogue: Catalogue = catalogue if catalogue is not None else Empty()
        self.path: Optional[Path] = target.path
        self.location: str = (str(target.path) if target.path
                              else target.url.render_as_string(hide_password=True))
        self.dialect: str = target.url.get_backend_name()
        self._busy_timeout = busy_timeout
        self._inode: Optional[tuple[int, int]] = None
        if target.path is not None:
            self.created = _check_sqlite_file(target.path, create, target.default, busy_timeout)
            self._engine = sa.create_engine(target.url)
            _sqlite_events(self._engine, busy_timeout)
        else:
            self.created = False
            self._engine = _server_engine(target.url)
            _postgresql_events(self._engine, busy_timeout)
        self._writer = self._engine.execution_options(allfives_write=True)
        self._sql = _Statements(self.dialect)
        try:
            with self._read() as conn:
                version = read_version(conn)
            if version > LATEST:
                raise StoreError(f"the progress database at {self.location} was made by a newer trainer "
                                 f"(schema {version}; this one knows up to {LATEST}); it was left as it is")
            if version < LATEST:
                with self._write(check=False) as conn:
                    before, _ = migrate(conn)
                self.created = self.created or before == 0
            if self.path is not None:
                self._inode = _identity(self.path)
        except BaseException:
            self._engine.dispose()
            raise

    # ----- plumbing -----
    def close(self) -> None:
        """Close every connection (the store may not be used afterwards)."""
        self._engine.dispose()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Store({self.location!r})"

    @property
    def schema_version(self) -> int:
        with self._read() as conn:
            return read_version(conn)

    @contextmanager
    def _guard(self) -> Iterator[None]:
        try:
            yield
        except sa.exc.IntegrityError:
            raise
        except sa.exc.DBAPIError as error:
            self._fail(error)

    def _fail(self, error: sa.exc.DBAPIError) -> NoReturn:
        message = str(error.orig).strip().splitlines()[0] if error.orig is not None else str(error)
        if self.dialect == "postgresql":
            raise _server_fault(self.location, error, message, self._busy_timeout) from None
        fault = sqlite_fault(self.location, self.path, message, self._busy_timeout)
        if not isinstance(fault, StoreLockedError):
            # a connection opened while the file could not be written stays read-only:
            # the next call opens new ones, which write again once the fault is gone
            self._engine.dispose()
        raise fault from None

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        with self._guard(), self._engine.connect() as conn, conn.begin():
            yield conn

    @contextmanager
    def _write(self, check: bool = True) -> Iterator[Connection]:
        if check and self.path is not None:
            self._check_still_there()
        with self._guard(), self._writer.begin() as conn:
            yield conn

    def _check_still_there(self) -> None:
        assert self.path is not None
        try:
            now = _identity(self.path)
        except FileNotFoundError:
            now = None
        if now != self._inode:
            raise StoreMissingError(
                f"the progress database at {self.path} was moved, deleted or replaced while the app was "
                f"running; nothing more was written to it: restart the app")

