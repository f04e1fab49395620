"""The progress store: learners, every attempt, ratings, timed runs and review cards,
behind one small interface over SQLAlchemy.

Where it is kept:

- `Store()` opens the database named by the environment variable `ALLFIVES_DB`: a
  file path (an SQLite file) or a full database URL; without it, the SQLite file
  `progress.db` in the user's data directory (Linux: `~/.local/share/allfives/`).
- `Store("postgresql://user:password@host/db")` uses PostgreSQL (through psycopg) for a
  club or school server with several app processes; `Store("/some/file.db")` or
  `Store("sqlite:////some/file.db")` an SQLite file.
- `store.location` says where, for the settings page (a URL's password hidden).

Opening creates the schema, or upgrades it by the versioned steps of
`trainer.store_schema`. SQLite runs in WAL mode (readers never wait for the writer)
with `synchronous=NORMAL` (a power cut may lose the last moments, never the file),
foreign keys on and a busy timeout, all set on every new connection; every write
starts with `BEGIN IMMEDIATE`, so that two writers queue instead of failing.

What never happens: an existing file that is locked, damaged, made by a newer trainer
or not the trainer's at all is never written, moved or deleted. Opening raises a
StoreError subclass that says what is wrong and where the file is. The default data
folder is created when missing; the folder of a path given by hand must exist.

Every query takes a learner id and returns only that learner's rows; a learner's
data changes only through calls naming his id. Times are stored in UTC; an attempt's
`day` is the local calendar day on the machine that recorded it (the daily puzzle's
day), unless the caller gives it.

>>> import tempfile, os
>>> folder = tempfile.TemporaryDirectory()
>>> store = Store(os.path.join(folder.name, "progress.db"))
>>> ann = store.create_learner("  Ann ")
>>> ann.name, ann.rating.rating
('Ann', 1500.0)
>>> store.record_attempt(ann.id, "drill", "total:1:7", True, kind="total", seconds=3.2).rated
False
>>> [(c.part, c.attempts, c.right) for c in store.attempts_per_day(ann.id)]
[('drill', 1, 1)]
>>> store.close(); folder.cleanup()
"""

from __future__ import annotations

import math
import os
import random
import sqlite3
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, timedelta
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, NoReturn, Optional
from urllib.parse import quote

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.dialects import postgresql as pg_dialect
from sqlalchemy.dialects import sqlite as sqlite_dialect
from sqlalchemy.engine import Connection, Engine

from trainer import review as rv
from trainer.errors import TrainerError
from trainer.puzzles import Puzzle, PuzzleError
from trainer.ratings import INITIAL_RATING, INITIAL_RD, INITIAL_VOLATILITY, Rating, pick_near, rate_game
from trainer.store_io import (
    LIMITS,
    MODES,
    PARTS,
    AttemptRow,
    CardRow,
    History,
    HistoryFileError,
    RatingRow,
    RunRow,
    dump_history,
    parse_history,
)
from trainer.store_schema import (
    LATEST,
    attempts,
    learners,
    migrate,
    puzzle_ratings,
    rating_history,
    read_version,
    review_cards,
    runs,
)

__all__ = [
    "ENV", "PARTS", "MODES", "NAME_LIMIT", "Store", "StoreError", "StoreLockedError", "StoreMissingError",
    "StoreCorruptError", "LearnerError", "HistoryFileError", "Learner", "Attempt", "Recorded",
    "DayCount", "DrillDay", "TagStat", "Streak", "RunRecord", "RatingPoint", "clean_name", "default_path",
    "streak_of",
]

ENV = "ALLFIVES_DB"
APP_NAME = "allfives"
FILE_NAME = "progress.db"
NAME_LIMIT = 40
BUSY_TIMEOUT = 5.0  # seconds a writer waits for another before the store says it is locked
LEFT_ALONE = "it was left as it is: restore a backup or move the file away to start a new one"


# ----- errors -----
class StoreError(TrainerError):
    """The progress database cannot be opened or used; the message says why and where."""


class StoreLockedError(StoreError):
    """Another program holds the database locked for longer than the busy timeout."""


class StoreMissingError(StoreError):
    """The database file, or its folder, is not there (or went away while in use)."""


class StoreCorruptError(StoreError):
    """The file is damaged or is not an SQLite database; it is left as it is."""


class LearnerError(TrainerError):
    """A learner's name that cannot be used, or a learner id that does not exist."""


# ----- values -----
@dataclass(frozen=True)
class Learner:
    id: int
    name: str
    created_at: datetime
    rating: Rating
    rated_games: int


@dataclass(frozen=True)
class Attempt:
    """One recorded answer."""

    id: int
    learner_id: int
    part: str
    item: str
    kind: str
    position: str
    answer: str
    correct: bool
    points_lost: Optional[int]
    seconds: Optional[float]
    helped: bool
    rated: bool
    mode: str
    tags: tuple[str, ...]
    created_at: datetime
    day: date


@dataclass(frozen=True)
class Recorded:
    """What recording an attempt did: its id, the ratings before and after (rated
    attempts) and when the item comes back for review (items with a card)."""

    attempt_id: int
    rated: bool
    learner_before: Optional[Rating] = None
    learner_after: Optional[Rating] = None
    puzzle_before: Optional[Rating] = None
    puzzle_after: Optional[Rating] = None
    review_due: Optional[datetime] = None


@dataclass(frozen=True)
class DayCount:
    """Attempts of one part on one day."""

    day: date
    part: str
    attempts: int
    right: int


@dataclass(frozen=True)
class DrillDay:
    """One drill kind on one day: attempts, right answers, mean answer time (seconds;
    None when no answer was timed)."""

    day: date
    kind: str
    attempts: int
    right: int
    mean_seconds: Optional[float]

    @property
    def accuracy(self) -> float:
        return self.right / self.attempts if self.attempts else 0.0


@dataclass(frozen=True)
class TagStat:
    """Puzzle attempts with one tag: counts, mean points lost and mean time."""

    tag: str
    attempts: int
    right: int
    mean_points_lost: Optional[float]
    mean_seconds: Optional[float]

    @property
    def accuracy(self) -> float:
        return self.right / self.attempts if self.attempts else 0.0


@dataclass(frozen=True)
class Streak:
    """Daily-puzzle streaks in days: the current one (alive until a day is missed, so it
    still counts yesterday's before today's puzzle is done) and the best ever."""

    current: int
    best: int
    last_day: Optional[date]


@dataclass(frozen=True)
class RunRecord:
    id: int
    level: int
    duration: float
    answered: int
    right: int
    score: int
    best_streak: int
    created_at: datetime


@dataclass(frozen=True)
class RatingPoint:
    """The learner's rating after one rated attempt."""

    created_at: datetime
    rating: float
    rd: float
    volatility: float
    puzzle_id: str


# ----- names and places -----
def clean_name(name: object) -> str:
    """A learner's name as kept: Unicode NFC, spaces trimmed and runs of spaces made
    one; 1 to 40 characters, no control characters. Raises LearnerError.

    >>> clean_name("  Ann   Lee ")
    'Ann Lee'
    >>> clean_name("   ")
    Traceback (most recent call last):
    ...
    trainer.store.LearnerError: a learner's name cannot be empty
    """
    if not isinstance(name, str):
        raise LearnerError(f"a learner's name is text, not {type(name).__name__}")
    text = " ".join(unicodedata.normalize("NFC", name).split())
    if not text:
        raise LearnerError("a learner's name cannot be empty")
    if len(text) > NAME_LIMIT:
        raise LearnerError(f"a learner's name has at most {NAME_LIMIT} characters; "
                           f"{text[:NAME_LIMIT]!r}... has {len(text)}")
    if any(unicodedata.category(c)[0] == "C" for c in text):
        raise LearnerError(f"a learner's name cannot hold control or invisible characters: {text!r}")
    return text


def _name_key(name: str) -> str:
    return name.casefold()


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


def _utc(when: Optional[datetime]) -> datetime:
    if when is None:
        return datetime.now(UTC)
    if when.tzinfo is None:
        return when.replace(tzinfo=UTC)
    return when.astimezone(UTC)


def _read_time(value: datetime) -> datetime:
    """A time read back: SQLite gives it without a zone (it was stored in UTC)."""
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def _local_day(when: datetime) -> date:
    return when.astimezone().date()


@lru_cache(maxsize=4)
def _bank_index(path: Path) -> Mapping[str, Puzzle]:
    from trainer import bank

    return MappingProxyType({p.id: p for p in bank.shipped()})


def _bank_puzzle(puzzle_id: str) -> Optional[Puzzle]:
    """The bank's puzzle of that id, or None (an unknown id, or no bank)."""
    from trainer import bank

    try:
        return _bank_index(bank.bank_path()).get(puzzle_id)
    except PuzzleError:
        return None


def _right() -> sa.ColumnElement[int]:
    return sa.func.sum(sa.case((attempts.c.correct, 1), else_=0))


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
        self.insert_card = insert(review_cards).on_conflict_do_nothing(
            index_elements=["learner_id", "part", "item"])
        self.update_card = sa.update(review_cards).where(c.id == bind("key")).values(
            card=bind("new_card"), due=bind("new_due"), reviews=bind("new_reviews"),
            lapses=bind("new_lapses"), position=bind("new_position"), kind=bind("new_kind"),
            updated_at=bind("new_updated_at"))


# ----- the store -----
class Store:
    """One progress database. Safe to share between threads (and Streamlit sessions);
    several processes may share one database (SQLite file or PostgreSQL).

    Raises StoreError (or StoreLockedError, StoreMissingError, StoreCorruptError) when
    the database cannot be opened; `create=False` refuses to start a new SQLite file.
    """

    def __init__(self, url: Optional[str] = None, *, create: bool = True,
                 busy_timeout: float = BUSY_TIMEOUT) -> None:
        target = _target(url)
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
            self._engine = sa.create_engine(target.url, pool_pre_ping=True)
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

    def __enter__(self) -> Store:
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
        low = message.lower()
        if "locked" in low or "lock timeout" in low:
            raise StoreLockedError(
                f"the progress database at {self.location} is locked by another program (waited "
                f"{self._busy_timeout:g} s); close the other program and try again") from None
        if "not a database" in low or "malformed" in low or "corrupt" in low:
            raise StoreCorruptError(
                f"the progress database at {self.location} is damaged ({message}); {LEFT_ALONE}") from None
        if "unable to open" in low:
            raise StoreMissingError(
                f"cannot open the progress database at {self.location} ({message})") from None
        if self.dialect == "postgresql" and isinstance(error, sa.exc.OperationalError) and "connect" in low:
            raise StoreError(f"cannot reach the database server at {self.location}: {message}") from None
        if "readonly" in low or "read-only" in low:
            raise StoreError(
                f"the progress database at {self.location} cannot be written ({message})") from None
        raise StoreError(f"the progress database at {self.location} failed: {message}") from None

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

    # ----- learners -----
    def learners(self) -> tuple[Learner, ...]:
        """Every learner, by name."""
        with self._read() as conn:
            rows = conn.execute(sa.select(learners).order_by(learners.c.name_key)).all()
        return tuple(_learner(row) for row in rows)

    def learner(self, learner_id: int) -> Learner:
        """One learner by id; raises LearnerError for an unknown id."""
        with self._read() as conn:
            row = conn.execute(sa.select(learners).where(learners.c.id == learner_id)).first()
        if row is None:
            raise LearnerError(f"no learner has the id {learner_id}")
        return _learner(row)

    def find_learner(self, name: str) -> Optional[Learner]:
        """The learner of that name (case and spacing ignored), or None."""
        key = _name_key(clean_name(name))
        with self._read() as conn:
            row = conn.execute(sa.select(learners).where(learners.c.name_key == key)).first()
        return None if row is None else _learner(row)

    def create_learner(self, name: str, when: Optional[datetime] = None) -> Learner:
        """A new learner; raises LearnerError for a bad name or one already taken."""
        text = clean_name(name)
        try:
            with self._write() as conn:
                new_id = conn.execute(sa.insert(learners).returning(learners.c.id).values(
                    name=text, name_key=_name_key(text), created_at=_utc(when))).scalar_one()
        except sa.exc.IntegrityError:
            raise LearnerError(f"there is already a learner named {text!r}") from None
        return self.learner(new_id)

    def open_learner(self, name: str) -> Learner:
        """Pick the learner of that name, or create him."""
        found = self.find_learner(name)
        if found is not None:
            return found
        try:
            return self.create_learner(name)
        except LearnerError:
            found = self.find_learner(name)  # created meanwhile by another process
            if found is None:
                raise
            return found

    def delete_learner(self, learner_id: int) -> None:
        """Remove a learner and everything kept for him."""
        with self._write() as conn:
            self._require(conn, learner_id)
            self._delete(conn, learner_id)

    def _delete(self, conn: Connection, learner_id: int) -> None:
        for table in (rating_history, review_cards, runs, attempts):
            conn.execute(sa.delete(table).where(table.c.learner_id == learner_id))
        conn.execute(sa.delete(learners).where(learners.c.id == learner_id))

    def _require(self, conn: Connection, learner_id: int, lock: bool = False) -> sa.Row[Any]:
        query = sa.select(learners).where(learners.c.id == learner_id)
        if lock:
            query = query.with_for_update()
        row = conn.execute(query).first()
        if row is None:
            raise LearnerError(f"no learner has the id {learner_id}")
        return row

    # ----- recording -----
    def record_attempt(self, learner_id: int, part: str, item: str, correct: bool, *,
                       kind: Optional[str] = None, position: str = "", answer: str = "",
                       points_lost: Optional[int] = None, seconds: Optional[float] = None,
                       helped: bool = False, rated: bool = False, mode: str = "",
                       tags: Optional[Sequence[str]] = None, when: Optional[datetime] = None,
                       day: Optional[date] = None) -> Recorded:
        """Keep one answer, in one transaction with what follows from it.

        `part` is lesson, drill, puzzle or play; `item` what was asked (the drill item,
        the puzzle id, the lesson question id, the move's place in a game); `kind` the
        drill kind or puzzle kind (a puzzle's comes from the bank when not given, as do
        its tags); `position` the position code shown; `points_lost` against the best
        answer; `seconds` the time taken; `mode` where it was asked ("", "daily" for
        today's puzzle answered today, "stream" for the rated stream, "review", "run",
        "archive"). `rated=True` (puzzles only) makes it a Glicko-2 game between the
        learner and the puzzle; a helped attempt is never rated. A puzzle or drill item
        answered wrong, or right with help, becomes a review card; an item with a card
        is reviewed by every answer. Raises TrainerError for bad values, LearnerError
        for an unknown learner.
        """
        if part not in PARTS:
            raise TrainerError(f"an attempt's part is one of {', '.join(PARTS)}, not {part!r}")
        if mode not in MODES:
            raise TrainerError(
                f"an attempt's mode is one of {', '.join(repr(m) for m in MODES)}, not {mode!r}")
        if not isinstance(item, str) or not item or len(item) > LIMITS["item"]:
            raise TrainerError(f"an attempt's item is text of 1 to {LIMITS['item']} characters, not {item!r}")
        if rated and part != "puzzle":
            raise TrainerError(f"only puzzle attempts are rated, not a {part} attempt")
        if points_lost is not None and (isinstance(points_lost, bool) or not isinstance(points_lost, int)
                                        or points_lost < 0):
            raise TrainerError(f"points lost are a whole number from 0, not {points_lost!r}")
        if seconds is not None and (not isinstance(seconds, (int, float)) or not math.isfinite(seconds)
                                    or seconds < 0):
            raise TrainerError(f"the time taken is a number of seconds from 0, not {seconds!r}")
        puzzle = _bank_puzzle(item) if part == "puzzle" and (kind is None or tags is None or rated) else None
        if kind is None:
            kind = puzzle.kind if puzzle is not None else ""
        if tags is None:
            tags = puzzle.tags if puzzle is not None else ()
        tag_text = " ".join(tags)
        for name, value in (("kind", kind), ("position", position), ("answer", answer), ("tags", tag_text)):
            if not isinstance(value, str) or len(value) > LIMITS[name]:
                raise TrainerError(f"an attempt's {name} is text of at most {LIMITS[name]} characters")
        if any(not t or any(c.isspace() for c in t) for t in tags):
            raise TrainerError(f"a tag is one word, not {list(tags)!r}")
        stamp = _utc(when)
        rated = rated and not helped
        values = {"learner_id": learner_id, "part": part, "item": item, "kind": kind, "position": position,
                  "answer": answer, "correct": bool(correct), "points_lost": points_lost,
                  "seconds": None if seconds is None else float(seconds), "helped": bool(helped),
                  "rated": rated, "mode": mode, "tags": tag_text, "created_at": stamp,
                  "day": day or _local_day(stamp)}
        sql = self._sql
        try:
            with self._write() as conn:
                learner_row = conn.execute(sql.learner_lock if rated else sql.learner,
                                           {"learner_id": learner_id}).first()
                if learner_row is None:
                    raise LearnerError(f"no learner has the id {learner_id}")
                attempt_id = int(conn.execute(sql.insert_attempt, values).scalar_one())
                result = Recorded(attempt_id, rated)
                if rated:
                    bank_rating = float(puzzle.rating) if puzzle is not None else INITIAL_RATING
                    result = self._rate(conn, learner_row, item, bool(correct), bank_rating, attempt_id,
                                        stamp)
                if part in rv.REVIEWED_PARTS:
                    due = self._review(conn, values, attempt_id)
                    if due is not None:
                        result = replace(result, review_due=due)
        except sa.exc.IntegrityError as error:
            raise StoreError(f"the attempt could not be kept: {error.orig}") from None
        return result

    def _rate(self, conn: Connection, learner_row: sa.Row[Any], puzzle_id: str, correct: bool,
              bank_rating: float, attempt_id: int, stamp: datetime) -> Recorded:
        sql = self._sql
        row = conn.execute(sql.puzzle_lock, {"puzzle_id": puzzle_id}).first()
        if row is None:
            conn.execute(sql.insert_puzzle, {"puzzle_id": puzzle_id, "rating": bank_rating,
                                             "rd": INITIAL_RD, "volatility": INITIAL_VOLATILITY, "games": 0,
                                             "updated_at": stamp})
            row = conn.execute(sql.puzzle_lock, {"puzzle_id": puzzle_id}).one()
        learner_before = Rating(learner_row.rating, learner_row.rd, learner_row.volatility)
        puzzle_before = Rating(row.rating, row.rd, row.volatility)
        learner_after, puzzle_after = rate_game(learner_before, puzzle_before, correct)
        conn.execute(sql.update_learner, {"key": learner_row.id, "new_rating": learner_after.rating,
                                          "new_rd": learner_after.rd,
                                          "new_volatility": learner_after.volatility})
        conn.execute(sql.update_puzzle, {"key": puzzle_id, "new_rating": puzzle_after.rating,
                                         "new_rd": puzzle_after.rd, "new_volatility": puzzle_after.volatility,
                                         "new_updated_at": stamp})
        conn.execute(sql.insert_history, {"learner_id": learner_row.id, "attempt_id": attempt_id,
                                          "puzzle_id": puzzle_id, "rating": learner_after.rating,
                                          "rd": learner_after.rd, "volatility": learner_after.volatility,
                                          "created_at": stamp})
        return Recorded(attempt_id, True, learner_before, learner_after, puzzle_before, puzzle_after)

    def _review(self, conn: Connection, attempt: Mapping[str, Any], attempt_id: int) -> Optional[datetime]:
        """Review the item's card, or make it one; returns when it is due next."""
        sql = self._sql
        correct, helped, stamp = attempt["correct"], attempt["helped"], attempt["created_at"]
        seconds = attempt["seconds"]
        row = conn.execute(sql.card_lock, {"learner_id": attempt["learner_id"], "part": attempt["part"],
                                           "item": attempt["item"]}).first()
        if row is None:
            if not rv.makes_card(attempt["part"], correct, helped):
                return None
            card = rv.review(rv.new_card(attempt_id, stamp), correct, helped, stamp, seconds)
            conn.execute(sql.insert_card, {
                "learner_id": attempt["learner_id"], "part": attempt["part"], "item": attempt["item"],
                "kind": attempt["kind"], "position": attempt["position"], "card": rv.card_to_json(card),
                "due": card.due, "reviews": 1, "lapses": 0 if correct else 1, "created_at": stamp,
                "updated_at": stamp})
            return card.due
        try:
            card = rv.review(rv.card_from_json(row.card), correct, helped, stamp, seconds)
        except rv.ReviewError:  # a damaged card starts again
            card = rv.review(rv.new_card(attempt_id, stamp), correct, helped, stamp, seconds)
        conn.execute(sql.update_card, {
            "key": row.id, "new_card": rv.card_to_json(card), "new_due": card.due,
            "new_reviews": row.reviews + 1, "new_lapses": row.lapses + (0 if correct else 1),
            "new_position": attempt["position"] or row.position,
            "new_kind": attempt["kind"] or row.kind, "new_updated_at": stamp})
        return card.due

    def record_run(self, learner_id: int, *, level: int, duration: float, answered: int, right: int,
                   score: int, best_streak: int, when: Optional[datetime] = None,
                   day: Optional[date] = None) -> int:
        """Keep a finished timed drill run (its answers are recorded one by one as
        attempts); returns its id. `trainer.drills.RunSummary` has every field."""
        for name, value in (("level", level), ("answered", answered), ("right", right), ("score", score),
                            ("best_streak", best_streak)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise TrainerError(f"a run's {name} is a whole number from 0, not {value!r}")
        if not isinstance(duration, (int, float)) or not math.isfinite(duration) or duration < 0:
            raise TrainerError(f"a run's duration is a number of seconds from 0, not {duration!r}")
        stamp = _utc(when)
        try:
            with self._write() as conn:
                self._require(conn, learner_id)
                new_id = conn.execute(sa.insert(runs).returning(runs.c.id).values(
                    learner_id=learner_id, level=level, duration=float(duration), answered=answered,
                    right=right, score=score, best_streak=best_streak, created_at=stamp,
                    day=day or _local_day(stamp))).scalar_one()
        except sa.exc.IntegrityError as error:
            raise StoreError(f"the run could not be kept: {error.orig}") from None
        return int(new_id)

    # ----- what the Progress page reads -----
    def counts(self, learner_id: int) -> dict[str, tuple[int, int]]:
        """Attempts and right answers per part, e.g. {"drill": (120, 98)}."""
        query = (sa.select(attempts.c.part, sa.func.count(), _right())
                 .where(attempts.c.learner_id == learner_id).group_by(attempts.c.part))
        with self._read() as conn:
            return {part: (int(n), int(r or 0)) for part, n, r in conn.execute(query)}

    def attempts_per_day(self, learner_id: int, since: Optional[date] = None) -> tuple[DayCount, ...]:
        """Attempts and right answers per day and part, oldest first."""
        query = (sa.select(attempts.c.day, attempts.c.part, sa.func.count(), _right())
                 .where(attempts.c.learner_id == learner_id))
        if since is not None:
            query = query.where(attempts.c.day >= since)
        query = query.group_by(attempts.c.day, attempts.c.part).order_by(attempts.c.day, attempts.c.part)
        with self._read() as conn:
            return tuple(DayCount(d, p, int(n), int(r or 0)) for d, p, n, r in conn.execute(query))

    def drill_stats(self, learner_id: int, since: Optional[date] = None) -> tuple[DrillDay, ...]:
        """Accuracy and mean answer time per drill kind per day, oldest first."""
        query = (sa.select(attempts.c.day, attempts.c.kind, sa.func.count(), _right(),
                           sa.func.avg(attempts.c.seconds))
                 .where(attempts.c.learner_id == learner_id, attempts.c.part == "drill"))
        if since is not None:
            query = query.where(attempts.c.day >= since)
        query = query.group_by(attempts.c.day, attempts.c.kind).order_by(attempts.c.day, attempts.c.kind)
        with self._read() as conn:
            return tuple(DrillDay(d, k, int(n), int(r or 0), None if s is None else float(s))
                         for d, k, n, r, s in conn.execute(query))

    def tag_stats(self, learner_id: int, since: Optional[date] = None) -> tuple[TagStat, ...]:
        """Puzzle performance per tag, weakest first (lowest accuracy, then most tried)."""
        lost = attempts.c.points_lost
        secs = attempts.c.seconds
        query = (sa.select(attempts.c.tags, sa.func.count(), _right(), sa.func.sum(lost), sa.func.count(lost),
                           sa.func.sum(secs), sa.func.count(secs))
                 .where(attempts.c.learner_id == learner_id, attempts.c.part == "puzzle"))
        if since is not None:
            query = query.where(attempts.c.day >= since)
        query = query.group_by(attempts.c.tags)
        totals: dict[str, list[float]] = {}
        with self._read() as conn:
            for tags, n, right, lost_sum, lost_n, secs_sum, secs_n in conn.execute(query):
                for tag in str(tags).split():
                    t = totals.setdefault(tag, [0, 0, 0.0, 0, 0.0, 0])
                    for i, value in enumerate((n, right, lost_sum, lost_n, secs_sum, secs_n)):
                        t[i] += float(value or 0)
        stats = [TagStat(tag, int(t[0]), int(t[1]), t[2] / t[3] if t[3] else None,
                         t[4] / t[5] if t[5] else None) for tag, t in totals.items()]
        return tuple(sorted(stats, key=lambda s: (s.accuracy, -s.attempts, s.tag)))

    def practice_days(self, learner_id: int, since: Optional[date] = None) -> tuple[tuple[date, int], ...]:
        """Each day with at least one attempt, and how many, oldest first (the calendar)."""
        query = sa.select(attempts.c.day, sa.func.count()).where(attempts.c.learner_id == learner_id)
        if since is not None:
            query = query.where(attempts.c.day >= since)
        query = query.group_by(attempts.c.day).order_by(attempts.c.day)
        with self._read() as conn:
            return tuple((d, int(n)) for d, n in conn.execute(query))

    def daily_streak(self, learner_id: int, today: Optional[date] = None) -> Streak:
        """The daily-puzzle streak: days in a row on which today's puzzle was answered
        (an attempt with mode "daily"), right or wrong."""
        query = (sa.select(attempts.c.day).distinct()
                 .where(attempts.c.learner_id == learner_id, attempts.c.mode == "daily")
                 .order_by(attempts.c.day))
        with self._read() as conn:
            days = [d for (d,) in conn.execute(query)]
        return streak_of(days, today or date.today())

    def best_runs(self, learner_id: int, level: Optional[int] = None,
                  limit: int = 5) -> tuple[RunRecord, ...]:
        """The best timed runs, highest score first (the earlier of equal scores first)."""
        query = sa.select(runs).where(runs.c.learner_id == learner_id)
        if level is not None:
            query = query.where(runs.c.level == level)
        query = query.order_by(runs.c.score.desc(), runs.c.created_at, runs.c.id).limit(limit)
        with self._read() as conn:
            return tuple(RunRecord(r.id, r.level, r.duration, r.answered, r.right, r.score, r.best_streak,
                                   _read_time(r.created_at)) for r in conn.execute(query))

    def rating_history(self, learner_id: int, since: Optional[datetime] = None) -> tuple[RatingPoint, ...]:
        """The learner's rating after each rated attempt, oldest first."""
        h = rating_history.c
        query = (sa.select(h.created_at, h.rating, h.rd, h.volatility, h.puzzle_id)
                 .where(h.learner_id == learner_id))
        if since is not None:
            query = query.where(h.created_at >= _utc(since))
        query = query.order_by(h.id)
        with self._read() as conn:
            return tuple(RatingPoint(_read_time(t), r, d, v, p) for t, r, d, v, p in conn.execute(query))

    def recent_attempts(self, learner_id: int, limit: int = 50,
                        part: Optional[str] = None) -> tuple[Attempt, ...]:
        """The latest attempts, newest first."""
        query = sa.select(attempts).where(attempts.c.learner_id == learner_id)
        if part is not None:
            query = query.where(attempts.c.part == part)
        query = query.order_by(attempts.c.id.desc()).limit(limit)
        with self._read() as conn:
            return tuple(_attempt(row) for row in conn.execute(query))

    def puzzles_attempted(self, learner_id: int) -> frozenset[str]:
        """Ids of every puzzle the learner has answered (to leave out of a rated stream)."""
        query = (sa.select(attempts.c.item).distinct()
                 .where(attempts.c.learner_id == learner_id, attempts.c.part == "puzzle"))
        with self._read() as conn:
            return frozenset(item for (item,) in conn.execute(query))

    def rated_puzzle(self, learner_id: int, rng: random.Random,
                     puzzles: Optional[Sequence[Puzzle]] = None) -> Puzzle:
        """The next puzzle of the learner's rated stream: one near his rating (current
        puzzle ratings counted), not tried before while any such remains
        (`trainer.ratings.pick_near`); from the shipped bank unless `puzzles` is given."""
        from trainer import bank

        learner = self.learner(learner_id)
        return pick_near(puzzles if puzzles is not None else bank.shipped(), learner.rating.rating, rng,
                         current=self.puzzle_ratings(), exclude=self.puzzles_attempted(learner_id))

    def puzzle_ratings(self) -> dict[str, Rating]:
        """The current rating of every puzzle rated at least once (others keep the bank's)."""
        p = puzzle_ratings.c
        with self._read() as conn:
            return {pid: Rating(r, d, v) for pid, r, d, v in
                    conn.execute(sa.select(p.puzzle_id, p.rating, p.rd, p.volatility))}

    # ----- review queue -----
    def due_reviews(self, learner_id: int, now: Optional[datetime] = None,
                    limit: Optional[int] = None) -> tuple[rv.ReviewItem, ...]:
        """The learner's review cards due by `now`, the longest overdue first."""
        return self._cards(learner_id, _utc(now), limit)

    def review_queue(self, learner_id: int) -> tuple[rv.ReviewItem, ...]:
        """Every review card of the learner, by due time."""
        return self._cards(learner_id, None, None)

    def _cards(self, learner_id: int, now: Optional[datetime],
               limit: Optional[int]) -> tuple[rv.ReviewItem, ...]:
        c = review_cards.c
        query = sa.select(review_cards).where(c.learner_id == learner_id)
        if now is not None:
            query = query.where(c.due <= now)
        query = query.order_by(c.due, c.id)
        if limit is not None:
            query = query.limit(limit)
        items = []
        with self._read() as conn:
            for row in conn.execute(query):
                try:
                    state = rv.state_name(rv.card_from_json(row.card))
                except rv.ReviewError:
                    state = "Learning"
                items.append(rv.ReviewItem(row.part, row.item, row.kind, row.position, _read_time(row.due),
                                           state, row.reviews, row.lapses))
        return tuple(items)

    # ----- export and import -----
    def export_learner(self, learner_id: int, when: Optional[datetime] = None) -> str:
        """The learner's whole history as the text of one JSON file (`trainer.store_io`)."""
        with self._read() as conn:
            row = self._require(conn, learner_id)
            attempt_rows = conn.execute(sa.select(attempts).where(attempts.c.learner_id == learner_id)
                                        .order_by(attempts.c.id)).all()
            index = {r.id: i for i, r in enumerate(attempt_rows)}
            history_rows = conn.execute(sa.select(rating_history)
                                        .where(rating_history.c.learner_id == learner_id)
                                        .order_by(rating_history.c.id)).all()
            run_rows = conn.execute(sa.select(runs).where(runs.c.learner_id == learner_id)
                                    .order_by(runs.c.id)).all()
            card_rows = conn.execute(sa.select(review_cards).where(review_cards.c.learner_id == learner_id)
                                     .order_by(review_cards.c.id)).all()
        history = History(
            row.name, _read_time(row.created_at), row.rating, row.rd, row.volatility, row.rated_games,
            tuple(AttemptRow(a.part, a.item, a.kind, a.position, a.answer, a.correct, a.points_lost,
                             a.seconds, a.helped, a.rated, a.mode, tuple(a.tags.split()),
                             _read_time(a.created_at), a.day) for a in attempt_rows),
            tuple(RatingRow(index.get(h.attempt_id) if h.attempt_id is not None else None, h.puzzle_id,
                            h.rating, h.rd, h.volatility, _read_time(h.created_at)) for h in history_rows),
            tuple(RunRow(r.level, r.duration, r.answered, r.right, r.score, r.best_streak,
                         _read_time(r.created_at), r.day) for r in run_rows),
            tuple(CardRow(c.part, c.item, c.kind, c.position, c.card, _read_time(c.due), c.reviews, c.lapses,
                          _read_time(c.created_at), _read_time(c.updated_at)) for c in card_rows))
        return dump_history(history, _utc(when))

    def import_learner(self, text: str, name: Optional[str] = None, replace: bool = False) -> int:
        """Bring a learner's history back from `export_learner`'s text, in one
        transaction; returns the new learner id. `name` renames him; `replace=True`
        first removes a learner of the same name. The whole file is checked first:
        a malformed file raises HistoryFileError naming the fault and changes
        nothing; a name already taken (without `replace`) raises LearnerError."""
        history = parse_history(text, clean_name)
        final = clean_name(name) if name is not None else history.name
        try:
            return self._import(history, final, replace)
        except sa.exc.IntegrityError:  # the name taken meanwhile by another process
            raise LearnerError(f"there is already a learner named {final!r}: import under another name, "
                               f"or replace him") from None

    def _import(self, history: History, final: str, replace: bool) -> int:
        key = _name_key(final)
        with self._write() as conn:
            existing = conn.execute(sa.select(learners.c.id).where(learners.c.name_key == key)).scalar()
            if existing is not None:
                if not replace:
                    raise LearnerError(f"there is already a learner named {final!r}: import under another "
                                       f"name, or replace him")
                self._delete(conn, int(existing))
            learner_id = conn.execute(sa.insert(learners).returning(learners.c.id).values(
                name=final, name_key=key, created_at=history.created_at, rating=history.rating, rd=history.rd,
                volatility=history.volatility, rated_games=history.rated_games)).scalar_one()
            ids = self._insert_attempts(conn, learner_id, history.attempts)
            if history.ratings:
                conn.execute(sa.insert(rating_history), [
                    {"learner_id": learner_id, "attempt_id": None if r.attempt is None else ids[r.attempt],
                     "puzzle_id": r.puzzle_id, "rating": r.rating, "rd": r.rd, "volatility": r.volatility,
                     "created_at": r.created_at} for r in history.ratings])
            if history.runs:
                conn.execute(sa.insert(runs), [
                    {"learner_id": learner_id, "level": r.level, "duration": r.duration,
                     "answered": r.answered, "right": r.right, "score": r.score, "best_streak": r.best_streak,
                     "created_at": r.created_at, "day": r.day} for r in history.runs])
            if history.reviews:
                conn.execute(sa.insert(review_cards), [
                    {"learner_id": learner_id, "part": c.part, "item": c.item, "kind": c.kind,
                     "position": c.position, "card": c.card, "due": c.due, "reviews": c.reviews,
                     "lapses": c.lapses, "created_at": c.created_at, "updated_at": c.updated_at}
                    for c in history.reviews])
        return int(learner_id)

    def _insert_attempts(self, conn: Connection, learner_id: int, rows: Sequence[AttemptRow]) -> list[int]:
        """Insert in order and return the new ids in the same order."""
        if not rows:
            return []
        values = [{"learner_id": learner_id, "part": a.part, "item": a.item, "kind": a.kind,
                   "position": a.position, "answer": a.answer, "correct": a.correct,
                   "points_lost": a.points_lost, "seconds": a.seconds, "helped": a.helped, "rated": a.rated,
                   "mode": a.mode, "tags": " ".join(a.tags), "created_at": a.created_at, "day": a.day}
                  for a in rows]
        numbered = sa.insert(attempts).returning(attempts.c.id, sort_by_parameter_order=True)
        result = conn.execute(numbered, values)
        ids = [int(i) for i in result.scalars()]
        if len(ids) != len(rows):
            raise StoreError("the import's attempts could not be numbered; nothing was changed")
        return ids


def streak_of(days: Sequence[date], today: date) -> Streak:
    """The current and best runs of consecutive days among `days`: the current one
    ends today, or yesterday when today is not in yet.

    >>> d = date(2026, 11, 29)
    >>> streak_of([d - timedelta(days=n) for n in (9, 8, 7, 2, 1)], d)
    Streak(current=2, best=3, last_day=datetime.date(2026, 11, 28))
    """
    ordered = sorted(set(days))
    best = run = 0
    previous: Optional[date] = None
    for day in ordered:
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        best = max(best, run)
        previous = day
    last = ordered[-1] if ordered else None
    current = run if last is not None and (today - last).days in (0, 1) else 0
    return Streak(current, best, last)


def _learner(row: sa.Row[Any]) -> Learner:
    return Learner(row.id, row.name, _read_time(row.created_at), Rating(row.rating, row.rd, row.volatility),
                   row.rated_games)


def _attempt(row: sa.Row[Any]) -> Attempt:
    return Attempt(row.id, row.learner_id, row.part, row.item, row.kind, row.position, row.answer,
                   row.correct, row.points_lost, row.seconds, row.helped, row.rated, row.mode,
                   tuple(row.tags.split()), _read_time(row.created_at), row.day)


# ----- opening SQLite safely -----
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
