"""What the Progress page reads: counts per day, part, drill kind and tag;
streaks, best runs and recent attempts."""

from __future__ import annotations

from datetime import date
from typing import Optional

import sqlalchemy as sa

from trainer.store.base import StoreBase
from trainer.store.schema import (
    attempts,
    runs,
)
from trainer.store.values import (
    Attempt,
    DayCount,
    DrillDay,
    RunRecord,
    Streak,
    TagStat,
    _attempt,
    _read_time,
    streak_of,
)


def _right() -> sa.ColumnElement[int]:
    """Right answers given without help: a helped one (a hint, or a retry after the
    answer was shown) is no solve."""
    return sa.func.sum(sa.case((sa.and_(attempts.c.correct, sa.not_(attempts.c.helped)), 1), else_=0))


class QueryStore(StoreBase):
    """Reads of the store."""

    # ----- what the Progress page reads -----
    def counts(self, learner_id: int) -> dict[str, tuple[int, int]]:
        """Attempts and right answers (unhelped) per part, e.g. {"drill": (120, 98)}."""
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
        (an attempt with mode "daily"), right or wrong, without help: an answer given
        after a hint is kept as helped and does not extend it."""
        query = (sa.select(attempts.c.day).distinct()
                 .where(attempts.c.learner_id == learner_id, attempts.c.mode == "daily",
                        sa.not_(attempts.c.helped))
                 .order_by(attempts.c.day))
        with self._read() as conn:
            days = [d for (d,) in conn.execute(query)]
        return streak_of(days, today or date.today())

    def best_runs(self, learner_id: int, level: Optional[int] = None,
                  limit: int = 5, mode: str = "") -> tuple[RunRecord, ...]:
        """The best runs of `mode` ("": timed drill runs; "streak", "storm": runs of
        puzzles), highest score first (the earlier of equal scores first)."""
        query = sa.select(runs).where(runs.c.learner_id == learner_id, runs.c.mode == mode)
        if level is not None:
            query = query.where(runs.c.level == level)
        query = query.order_by(runs.c.score.desc(), runs.c.created_at, runs.c.id).limit(limit)
        with self._read() as conn:
            return tuple(RunRecord(level=r.level, duration=r.duration, answered=r.answered, right=r.right,
                                   score=r.score, best_streak=r.best_streak, id=r.id,
                                   created_at=_read_time(r.created_at), mode=r.mode)
                         for r in conn.execute(query))


    def recent_attempts(self, learner_id: int, limit: int = 50,
                        part: Optional[str] = None) -> tuple[Attempt, ...]:
        """The latest attempts, newest first."""
        query = sa.select(attempts).where(attempts.c.learner_id == learner_id)
        if part is not None:
            query = query.where(attempts.c.part == part)
        query = query.order_by(attempts.c.id.desc()).limit(limit)
        with self._read() as conn:
            return tuple(_attempt(row) for row in conn.execute(query))

    def attempt(self, attempt_id: int) -> Optional[Attempt]:
        """One attempt by id, or None."""
        if isinstance(attempt_id, bool) or not isinstance(attempt_id, int):
            return None
        with self._read() as conn:
            row = conn.execute(sa.select(attempts).where(attempts.c.id == attempt_id)).first()
        return None if row is None else _attempt(row)
