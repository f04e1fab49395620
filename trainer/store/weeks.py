"""Club mode's views over weeks: each learner's answers and right answers per week
(Monday to Sunday), for a teacher's class overview and his page of one learner.

>>> import tempfile, os
>>> from datetime import date
>>> from trainer.store import Store
>>> folder = tempfile.TemporaryDirectory()
>>> store = Store(os.path.join(folder.name, "club.db"))
>>> ann = store.create_learner("Ann")
>>> for day, right in ((date(2030, 1, 7), True), (date(2030, 1, 9), False), (date(2030, 1, 15), True)):
...     _ = store.record_attempt(ann.id, "drill", f"total:1:{day.day}", right, kind="total", day=day)
>>> [(w.start.isoformat(), w.answers, w.right) for w in store.weeks_of([ann.id], date(2030, 1, 7), 2)[ann.id]]
[('2030-01-07', 2, 1), ('2030-01-14', 1, 1)]
>>> store.close(); folder.cleanup()
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta

import sqlalchemy as sa

from trainer.store.assignments import AssignmentStore
from trainer.store.schema import attempts

WEEKS_LIMIT = 26


def week_start(day: date) -> date:
    """The Monday of the day's week.

    >>> week_start(date(2030, 1, 10)).isoformat()
    '2030-01-07'
    """
    return day - timedelta(days=day.weekday())


@dataclass(frozen=True)
class WeekCount:
    """One learner's week: its Monday, his answers and those right."""

    start: date
    answers: int
    right: int

    @property
    def accuracy(self) -> float:
        return self.right / self.answers if self.answers else 0.0


class WeekStore(AssignmentStore):
    """Answers per learner and week."""

    def weeks_of(self, learner_ids: Iterable[int], first: date, weeks: int) -> dict[int, list[WeekCount]]:
        """For each learner, `weeks` weeks from the week of `first` on (oldest first):
        his answers of every kind and those right."""
        ids = list(learner_ids)
        weeks = max(1, min(weeks, WEEKS_LIMIT))
        start = week_start(first)
        end = start + timedelta(weeks=weeks)
        c = attempts.c
        tally: dict[tuple[int, date], list[int]] = {}
        if ids:
            right = sa.func.sum(sa.case((c.correct, 1), else_=0))
            query = (sa.select(c.learner_id, c.day, sa.func.count(), right)
                     .where(c.learner_id.in_(ids), c.day >= start, c.day < end).group_by(c.learner_id, c.day))
            with self._read() as conn:
                for learner_id, day, n, right in conn.execute(query):
                    cell = tally.setdefault((int(learner_id), week_start(day)), [0, 0])
                    cell[0] += int(n)
                    cell[1] += int(right or 0)
        starts = [start + timedelta(weeks=i) for i in range(weeks)]
        return {i: [WeekCount(s, *tally.get((i, s), [0, 0])) for s in starts] for i in ids}
