"""Learners: names as kept, creating, finding and removing them."""

from __future__ import annotations

import time
import unicodedata
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any, Optional

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from trainer.store.base import StoreBase
from trainer.store.errors import LearnerError
from trainer.store.schema import (
    learners,
)
from trainer.store.values import Learner, _learner, _utc

NAME_LIMIT = 40


def clean_name(name: object) -> str:
    """A learner's name as kept: Unicode NFC, spaces trimmed and runs of spaces made
    one; 1 to 40 characters, no control characters. Raises LearnerError.

    >>> clean_name("  Ann   Lee ")
    'Ann Lee'
    >>> clean_name("   ")
    Traceback (most recent call last):
    ...
    trainer.store.errors.LearnerError: a learner's name cannot be empty
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


# A learner being imported or removed is kept under a name key that starts with a space,
# which no cleaned name can: lists and look-ups by name never see him.
HIDDEN = " "
BATCH = 500  # rows per write transaction when many rows come or go: milliseconds of the write lock
STALE = timedelta(days=1)  # a hidden learner this old was left by an import that never finished


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
        """Remove a learner and everything kept for him: he is gone from every list at
        once, his rows go in short transactions that never hold up other writers."""
        with self._write() as conn:
            self._require(conn, learner_id)
            self._hide(conn, learner_id, "removing")
        self._remove(learner_id)

    def _hide(self, conn: Connection, learner_id: int, why: str) -> None:
        key = _hidden_key(why)
        conn.execute(sa.update(learners).where(learners.c.id == learner_id).values(name=key, name_key=key))

    def _remove(self, learner_id: int) -> None:
        """Delete a (hidden) learner's rows, BATCH at a time, every table that names
        learners, the rows others point at last; then the learner."""
        tables = [t for t in reversed(learners.metadata.sorted_tables)
                  if "learner_id" in t.c and t is not learners]
        for table in tables:
            if "id" not in table.c:  # a table without row ids: its rows go at once
                with self._write() as conn:
                    conn.execute(sa.delete(table).where(table.c.learner_id == learner_id))
                continue
            chunk = sa.select(table.c.id).where(table.c.learner_id == learner_id).limit(BATCH)
            while True:
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

