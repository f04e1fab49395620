"""What the store returns: learners, attempts, counts, streaks and ratings, as
frozen values; and the times kept in UTC."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any, Optional

import sqlalchemy as sa

from trainer.store.glicko import Rating
from trainer.store.history import RunCounts
from trainer.store.provisional import starting


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
class RunRecord(RunCounts):
    id: int
    created_at: datetime
    mode: str = ""  # "" a timed drill run; "streak" or "storm" a run of puzzles


@dataclass(frozen=True)
class RatingPoint:
    """The learner's rating after one rated attempt."""

    created_at: datetime
    rating: float
    rd: float
    volatility: float
    puzzle_id: str


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
    """A learner as read: with no rated attempt yet, the new learner's rating
    (trainer.store.provisional), whatever his row holds."""
    rating = starting(Rating(row.rating, row.rd, row.volatility), row.rated_games)
    return Learner(row.id, row.name, _read_time(row.created_at), rating, row.rated_games)


def _attempt(row: sa.Row[Any]) -> Attempt:
    return Attempt(row.id, row.learner_id, row.part, row.item, row.kind, row.position, row.answer,
                   row.correct, row.points_lost, row.seconds, row.helped, row.rated, row.mode,
                   tuple(row.tags.split()), _read_time(row.created_at), row.day)


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

