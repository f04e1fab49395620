"""What the teacher's pages say of an assignment: the due days allowed, what it asks
in words (the lessons' names, the drill and its target, the puzzles, the goals), and
whether a learner is late with it."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Optional

from trainer.i18n import t

DUE_DAYS = 365  # an assignment is due from today to a year from today
WIDEST = (date(1900, 1, 1), date(2199, 12, 31))  # the date field's own bounds: ours are checked here


def due_range(today: Optional[date] = None) -> tuple[date, date]:
    """The first and the last due day allowed."""
    first = today or date.today()
    return first, first + timedelta(days=DUE_DAYS)


def due_problem(day: object, lang: str, today: Optional[date] = None) -> Optional[str]:
    """Why the day cannot be a due day, in the page's language, or None when it can.

    >>> due_problem(date(2030, 1, 1), "en", today=date(2030, 1, 2))
    'The due day must be between 2030-01-02 and 2031-01-02.'
    >>> due_problem(date(2030, 1, 2), "en", today=date(2030, 1, 2)) is None
    True
    """
    first, last = due_range(today)
    if isinstance(day, date) and first <= day <= last:
        return None
    return t("classes.due_range", lang, first=first.isoformat(), last=last.isoformat())
