"""The daily puzzle: the same puzzle for a date on every machine, no repeat within a
year, a different kind through the week and harder from Monday to Sunday.

The week's plan (`PLAN`): Monday a count, Tuesday deny, Wednesday score the most,
Thursday best play, Friday an endgame, Saturday best play again and Sunday an endgame
again ("read the hand" puzzles are not in the plan). Each move kind is split by rating
into halves: deny and score the most give their easier halves, best play and endgames
their easier halves on the earlier day and the harder ones at the weekend. Each day's
pool is put in a fixed order (a shuffle seeded by the weekday); the n-th Monday since
the epoch takes the n-th puzzle of Monday's pool, and so on. A pool of at least 53
puzzles goes round in no less than 53 weeks, so no puzzle returns within 365 days.

>>> from trainer.puzzles.kinds import Puzzle
>>> bank = tuple(Puzzle(f"p{i}", k, "6-4 6-6/?9 ?16 0 0,0", "standard", ("10",), (), (), 600 + i)
...              for i in range(120) for k in ("count", "score-most", "deny", "best-play", "endgame"))
>>> daily(bank, date(2026, 11, 30)).kind, daily(bank, date(2026, 12, 6)).kind
('count', 'endgame')
"""

from __future__ import annotations

import random
import re
from datetime import date

from trainer.puzzles.kinds import Kind, Puzzle, PuzzleError

EPOCH = date(2026, 1, 5)  # a Monday
WEEK = 7
MIN_BAND = 53  # weeks in a year, rounded up
# weekday -> (kind, which part of the kind's puzzles by rating, in how many parts)
PLAN: tuple[tuple[Kind, int, int], ...] = (
    ("count", 0, 1), ("deny", 0, 2), ("score-most", 0, 2), ("best-play", 0, 2),
    ("endgame", 0, 2), ("best-play", 1, 2), ("endgame", 1, 2))


def bands(bank: tuple[Puzzle, ...]) -> list[list[Puzzle]]:
    """Each weekday's pool (Monday first), in its fixed daily order."""
    out = []
    for weekday, (kind, part, parts) in enumerate(PLAN):
        ordered = sorted((p for p in bank if p.kind == kind), key=lambda p: (p.rating, p.id))
        size = len(ordered) // parts
        pool = ordered[part * size:(part + 1) * size]
        if len(pool) < MIN_BAND:
            raise PuzzleError(f"the daily schedule needs at least {MIN_BAND} {kind} puzzles "
                              f"for weekday {weekday}, the bank has {len(pool)}")
        pool.sort(key=lambda p: p.id)
        random.Random(f"daily-{weekday}").shuffle(pool)
        out.append(pool)
    return out


def daily(bank: tuple[Puzzle, ...], day: date) -> Puzzle:
    """The puzzle of `day`."""
    weekday = day.weekday()
    week = (day - EPOCH).days // WEEK
    pool = bands(bank)[weekday]
    return pool[week % len(pool)]


def parse_date(text: str) -> date:
    """A date written YYYY-MM-DD; raises PuzzleError."""
    if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
        raise PuzzleError(f"date {text!r}: write it as YYYY-MM-DD, e.g. 2026-11-29")
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise PuzzleError(f"date {text!r}: write it as YYYY-MM-DD, e.g. 2026-11-29") from None
