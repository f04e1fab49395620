"""Learners: names as kept, creating, finding and removing them."""

from __future__ import annotations

import threading
import time
import unicodedata
import uuid
from collections import deque
from datetime import UTC, datetime, timedelta
from typing import Any, Optional

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from trainer.store.base import StoreBase
from trainer.store.errors import LearnerError
from trainer.store.lookalike import skeleton
from trainer.store.schema import (
    learners,
)
from trainer.store.values import Learner, _learner, _utc

NAME_LIMIT = 40


def clean_name(name: object) -> str:
    """A learner's name as kept: Unicode NFKC (a full-width Ａ is an A, a ligature its
    letters), spaces trimmed and runs of spaces made one; 1 to 40 characters, no
    control characters. Raises LearnerError.

    >>> clean_name("  Ann   Lee ")
    'Ann Lee'
    >>> clean_name("   ")
    Traceback (most recent call last):
    ...
    trainer.store.errors.LearnerError: a learner's name cannot be empty
    """
    if not isinstance(name, str):
        raise LearnerError(f"a learner's name is text, not {type(name).__name__}")
    text = " ".join(unicodedata.normalize("NFKC", name).split())
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


class LearnerLimitError(LearnerError):
    """Too many learners made lately, by this visitor or on this server: `wait` is
    how long until one more may be made."""

    def __init__(self, message: str, wait: timedelta, scope: str) -> None:
        super().__init__(message)
        self.wait, self.scope = wait, scope


class LookalikeError(LearnerError):
    """A new name that looks like the name of a learner already kept (`other`)."""

    def __init__(self, message: str, other: str) -> None:
        super().__init__(message)
        self.other = other


# new learners made from the app (`create_learner(visitor=...)`): per visitor (his
# address, in this process) and per server (every process, read from the database)
VISITOR_LIMIT = (10, timedelta(hours=1))
SERVER_LIMITS = ((30, timedelta(minutes=10)), (200, timedelta(days=1)))


class _Visitors:
    """When each visitor made his last learners, in this process."""

    def __init__(self) -> None:
        self._made: dict[str, deque[datetime]] = {}
        self._lock = threading.Lock()

    def wait(self, visitor: str, now: datetime) -> Optional[timedelta]:
        limit, window = VISITOR_LIMIT
        with self._lock:
            made = self._made.get(visitor, deque())
            while made and now - made[0] > window:
                made.popleft()
            return window - (now - made[0]) if len(made) >= limit else None

    def note(self, visitor: str, now: datetime) -> None:
        with self._lock:
            if len(self._made) > 10_000:  # forget the oldest visitors first
                for old in list(self._made)[:1000]:
                    del self._made[old]
            self._made.setdefault(visitor, deque()).append(now)


VISITORS = _Visitors()


# A learner being imported or removed is kept under a name key that starts with a space,
# which no cleaned name can: lists and look-ups by name never see him.
HIDDEN = " "
BATCH = 500  # rows per write transaction when many rows come or go: milliseconds of the write lock
# a hidden learner whose key is this old was left by an import or a removal that never
# finished (a process killed): one under way renews its key every BEAT seconds
STALE = timedelta(minutes=2)
BEAT = 20.0


def _pause_after(began: float, dialect: str) -> None:
    """Leave the SQLite write lock free for twice as long as a batch held it, so that a
    writer waiting in SQLite's busy loop (it looks again every few to 100 ms) gets in
    instead of the next batch (PostgreSQL locks rows, not the whole database)."""
    if dialect == "sqlite":
        time.sleep(min(0.1, 2 * (time.monotonic() - began)))


def _hidden_key(why: str) -> str:
    """A hidden learner's name: why, when and a random part, within the name column's
    40 characters (PostgreSQL enforces the length; SQLite does not).

    >>> key = _hidden_key("importing")
    >>> key.startswith(HIDDEN) and len(key) <= 40 and len(key.split()) == 3
    True
    """
    return f"{HIDDEN}{why[:9]} {int(time.time())} {uuid.uuid4().hex[:16]}"


class LearnerStore(StoreBase):
    """Learners of the store."""

    # ----- learners -----
    def learners(self) -> tuple[Learner, ...]:
        """Every learner, by name."""
        with self._read() as conn:
            rows = conn.execute(sa.select(learners).where(~learners.c.name_key.startswith(HIDDEN))
                                .order_by(learners.c.name_key)).all()
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

    def create_learner(self, name: str, when: Optional[datetime] = None,
                       visitor: Optional[str] = None) -> Learner:
        """A new learner; raises LearnerError for a bad name or one already taken, and
        LookalikeError for one that looks like a learner's name already kept. Made for
        a `visitor` (the app's, by address), it is refused with LearnerLimitError when
        he or the server made too many lately (VISITOR_LIMIT, SERVER_LIMITS)."""
        text = clean_name(name)
        now = _utc(when)
        if visitor is not None:
            self._within_limits(visitor, now)
        self._not_lookalike(text)
        try:
            with self._write() as conn:
                new_id = conn.execute(sa.insert(learners).returning(learners.c.id).values(
                    name=text, name_key=_name_key(text), created_at=_utc(when))).scalar_one()
        except sa.exc.IntegrityError:
            raise LearnerError(f"there is already a learner named {text!r}") from None
        if visitor is not None:
            VISITORS.note(visitor, now)
        return self.learner(new_id)

    def _within_limits(self, visitor: str, now: datetime) -> None:
        wait = VISITORS.wait(visitor, now)
        if wait is not None:
            raise LearnerLimitError(f"this visitor made {VISITOR_LIMIT[0]} learners within "
                                    f"{VISITOR_LIMIT[1]}; one more may be made in {wait}", wait, "visitor")
        with self._read() as conn:
            for limit, window in SERVER_LIMITS:
                times = conn.execute(sa.select(learners.c.created_at)
                                     .where(learners.c.created_at > now - window)
                                     .order_by(learners.c.created_at.desc()).limit(limit)).scalars().all()
                if len(times) >= limit:
                    oldest = _utc(times[-1]) if times[-1].tzinfo else times[-1].replace(tzinfo=UTC)
                    raise LearnerLimitError(f"{limit} learners were made on this server within {window}; one "
                                            f"more may be made in {window - (now - oldest)}",
                                            window - (now - oldest), "server")

    def _not_lookalike(self, text: str) -> None:
        """Raise LookalikeError when `text` looks like a kept learner's name (its
        skeleton, `trainer.store.lookalike`), other than the very same name."""
        shape = skeleton(text)
        with self._read() as conn:
            names = conn.execute(sa.select(learners.c.name)
                                 .where(~learners.c.name_key.startswith(HIDDEN))).scalars()
            for other in names:
                if skeleton(other) == shape and _name_key(other) != _name_key(text):
                    raise LookalikeError(f"the name {text!r} looks like the name of the learner {other!r}",
                                         other)

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
        """Remove a learner and everything kept for him: he is gone from every list at
        once, his rows go in short transactions that never hold up other writers."""
        with self._write() as conn:
            self._require(conn, learner_id)
            self._hide(conn, learner_id, "removing")
        self._remove(learner_id)

    def _beat(self, learner_id: int, last: float) -> float:
        """Renew a hidden learner's key (the import or removal is alive) when BEAT
        seconds have passed since `last`; returns when it was last renewed."""
        now = time.monotonic()
        if now - last < BEAT:
            return last
        with self._write() as conn:
            key = conn.execute(sa.select(learners.c.name_key).where(learners.c.id == learner_id)).scalar()
            if key is not None and key.startswith(HIDDEN):
                self._hide(conn, learner_id, key.split()[0])
        return now

    def sweep_interrupted(self) -> None:
        """Remove what imports and removals killed on the way left hidden (the app
        does this as it starts); raises StoreError when the database cannot be used."""
        self._sweep()

    def _hide(self, conn: Connection, learner_id: int, why: str) -> None:
        key = _hidden_key(why)
        conn.execute(sa.update(learners).where(learners.c.id == learner_id).values(name=key, name_key=key))

    def _remove(self, learner_id: int) -> None:
        """Delete a (hidden) learner's rows, BATCH at a time, every table that names
        learners, the rows others point at last; then the learner."""
        tables = [t for t in reversed(learners.metadata.sorted_tables)
                  if "learner_id" in t.c and t is not learners]
        beat = time.monotonic()
        for table in tables:
            if "id" not in table.c:  # a table without row ids: its rows go at once
                with self._write() as conn:
                    conn.execute(sa.delete(table).where(table.c.learner_id == learner_id))
                continue
            chunk = sa.select(table.c.id).where(table.c.learner_id == learner_id).limit(BATCH)
            while True:
                beat = self._beat(learner_id, beat)
                began = time.monotonic()
                with self._write() as conn:
                    ids = list(conn.execute(chunk).scalars())
                    if ids:
                        conn.execute(sa.delete(table).where(table.c.id.in_(ids)))
                if len(ids) < BATCH:
                    break
                _pause_after(began, self.dialect)
        with self._write() as conn:
            conn.execute(sa.delete(learners).where(learners.c.id == learner_id))

    def _sweep(self, now: Optional[datetime] = None) -> None:
        """Remove what imports and removals that never finished (a crash) left hidden."""
        moment = _utc(now)
        with self._read() as conn:
            rows = conn.execute(sa.select(learners.c.id, learners.c.name_key)
                                .where(learners.c.name_key.startswith(HIDDEN))).all()
        for learner_id, key in rows:
            fields = key.split()
            stamp = fields[1] if len(fields) == 3 else ""
            started = int(stamp) if stamp.isascii() and stamp.isdigit() and len(stamp) < 12 else 0
            if moment - datetime.fromtimestamp(started, UTC) > STALE:
                self._remove(int(learner_id))

    def _require(self, conn: Connection, learner_id: int, lock: bool = False) -> sa.Row[Any]:
        query = sa.select(learners).where(learners.c.id == learner_id)
        if lock:
            query = query.with_for_update()
        row = conn.execute(query).first()
        if row is None:
            raise LearnerError(f"no learner has the id {learner_id}")
        return row

