"""What the Progress page draws, summed up by the database: the review queue's sizes,
the rating day by day, and a drill's answers in blocks in the order given (for a
history of a few days, where a day is too coarse). A year of history (50,000 answers)
comes back as a few hundred rows.

>>> import tempfile, os
>>> from datetime import datetime, timezone
>>> from trainer.store import Store
>>> folder = tempfile.TemporaryDirectory()
>>> store = Store(os.path.join(folder.name, "progress.db"))
>>> ann = store.create_learner("Ann").id
>>> then = datetime(2026, 11, 29, 9, tzinfo=timezone.utc)
>>> for n in range(12):
...     _ = store.record_attempt(ann, "drill", f"total:1:{n}", n % 3 != 0, kind="total", when=then)
>>> [(b.kind, b.block, b.attempts, b.right) for b in store.drill_blocks(ann, size=10)]
[('total', 0, 10, 6), ('total', 1, 2, 2)]
>>> store.review_counts(ann, now=then).total
4
>>> store.close(); folder.cleanup()
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Optional

import sqlalchemy as sa

from trainer.store.base import StoreBase
from trainer.store.schema import attempts, rating_history, review_cards
from trainer.store.values import _read_time, _utc


@dataclass(frozen=True)
class ReviewCounts:
    """The review queue's sizes: cards due now (puzzles, drill boards) and all cards."""

    due_puzzles: int
    due_boards: int
    total: int

    @property
    def due(self) -> int:
        return self.due_puzzles + self.due_boards


@dataclass(frozen=True)
class RatingDay:
    """The rating after a day's last rated attempt, and how many were rated that day."""

    day: date
    rating: float
    rd: float
    rated: int


@dataclass(frozen=True)
class DrillBlock:
    """One drill kind's answers number `block * size` to `(block + 1) * size - 1`, in the
    order given: how many, how many right (unhelped), their mean time (None: untimed)."""

    kind: str
    block: int
    attempts: int
    right: int
    mean_seconds: Optional[float]

    @property
    def accuracy(self) -> float:
        return self.right / self.attempts if self.attempts else 0.0


class AggregateStore(StoreBase):
    """Sums for the Progress page's charts."""

    def review_counts(self, learner_id: int, now: Optional[datetime] = None) -> ReviewCounts:
        """How many review cards are due by `now` (puzzles and drill boards) and how many
        the learner has in all, without reading the cards themselves."""
        c = review_cards.c
        due = (sa.select(c.part, sa.func.count()).where(c.learner_id == learner_id, c.due <= _utc(now))
               .group_by(c.part))
        total = sa.select(sa.func.count()).select_from(review_cards).where(c.learner_id == learner_id)
        with self._read() as conn:
            by_part = {part: int(n) for part, n in conn.execute(due)}
            count = int(conn.execute(total).scalar_one())
        puzzles = by_part.get("puzzle", 0)
        return ReviewCounts(puzzles, sum(by_part.values()) - puzzles, count)

    def review_due(self, learner_id: int, until: datetime) -> tuple[tuple[str, datetime], ...]:
        """The part ("puzzle", "drill") and due time of each review card due before
        `until`, soonest first: what the coming days ask again, without the cards."""
        c = review_cards.c
        query = (sa.select(c.part, c.due).where(c.learner_id == learner_id, c.due < _utc(until))
                 .order_by(c.due, c.id))
        with self._read() as conn:
            return tuple((str(part), _read_time(due)) for part, due in conn.execute(query))

    def rating_days(self, learner_id: int) -> tuple[RatingDay, ...]:
        """The rating at the end of each day with a rated attempt (the attempt's day),
        oldest first."""
        h, a = rating_history.c, attempts.c
        last = (sa.select(a.day.label("day"), sa.func.max(h.id).label("last"), sa.func.count().label("rated"))
                .select_from(rating_history.outerjoin(attempts, a.id == h.attempt_id))
                .where(h.learner_id == learner_id).group_by(a.day).subquery())
        query = (sa.select(last.c.day, h.created_at, h.rating, h.rd, last.c.rated)
                 .join(rating_history, h.id == last.c.last).order_by(h.id))
        with self._read() as conn:
            rows = conn.execute(query).all()
        return tuple(RatingDay(day if day is not None else _read_time(when).astimezone().date(), rating, rd,
                               int(rated)) for day, when, rating, rd, rated in rows)

    def drill_blocks(self, learner_id: int, size: int = 10) -> tuple[DrillBlock, ...]:
        """Each drill kind's answers in blocks of `size`, in the order given, by kind
        and block."""
        a = attempts.c
        numbered = (sa.select(a.kind, a.correct, a.helped, a.seconds,
                              (sa.func.row_number().over(partition_by=a.kind, order_by=a.id) - 1).label("n"))
                    .where(a.learner_id == learner_id, a.part == "drill").subquery())
        block = (numbered.c.n // size).label("block")
        right = sa.func.sum(sa.case((sa.and_(numbered.c.correct, sa.not_(numbered.c.helped)), 1), else_=0))
        query = (sa.select(numbered.c.kind, block, sa.func.count(), right, sa.func.avg(numbered.c.seconds))
                 .group_by(numbered.c.kind, block).order_by(numbered.c.kind, block))
        with self._read() as conn:
            return tuple(DrillBlock(kind, int(b), int(n), int(r or 0), None if s is None else float(s))
                         for kind, b, n, r, s in conn.execute(query))
