"""The daily puzzle: the same puzzle for a date on every machine, no repeat within a
year, easier early in the week and harder towards Sunday.

The bank is split by rating into seven difficulty bands, Monday the easiest. Each
band is put in a fixed order (a shuffle seeded by the band's number); the n-th Monday
since the epoch takes the n-th puzzle of Monday's band, and so on. A band of at least
53 puzzles goes round in no less than 53 weeks, so no puzzle returns within 365 days.

>>> from trainer.puzzles import MoveInfo, Puzzle
>>> bank = tuple(Puzzle(f"p{i}", "count", "6-4 6-6/?9 ?16 0 0,0", "standard", ("10",), (), (),
...                     600 + i) for i in range(7 * 60))
>>> daily(bank, date(2026, 11, 30)).id == daily(bank, date(2026, 11, 30)).id
True
"""

from __future__ import annotations

import random
import re
from datetime import date

from trainer.puzzles import Puzzle, PuzzleError

EPOCH = date(2026, 1, 5)  # a Monday
WEEK = 7
MIN_BAND = 53  # weeks in a year, rounded up


def bands(bank: tuple[Puzzle, ...]) -> list[list[Puzzle]]:
    """Seven bands by rating (Monday's the easiest), each in its fixed daily order."""
    ordered = sorted(bank, key=lambda p: (p.rating, p.id))
    size = len(ordered) // WEEK
    if size < MIN_BAND:
        raise PuzzleError(f"the daily schedule needs at least {WEEK * MIN_BAND} puzzles, "
                          f"the bank has {len(bank)}")
    out = []
    for weekday in range(WEEK):
        band = ordered[weekday * size:(weekday + 1) * size]
        band.sort(key=lambda p: p.id)
        random.Random(f"daily-{weekday}").shuffle(band)
        out.append(band)
    return out


def daily(bank: tuple[Puzzle, ...], day: date) -> Puzzle:
    """The puzzle of `day`."""
    weekday = day.weekday()
    week = (day - EPOCH).days // WEEK
    band = bands(bank)[weekday]
    return band[week % len(band)]


def parse_date(text: str) -> date:
    """A date written YYYY-MM-DD; raises PuzzleError."""
    if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
        raise PuzzleError(f"date {text!r}: write it as YYYY-MM-DD, e.g. 2026-11-29")
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise PuzzleError(f"date {text!r}: write it as YYYY-MM-DD, e.g. 2026-11-29") from None
