"""Runs of puzzles, one after another: a Streak and a Storm.

- **Streak**: no clock; the first puzzle near the learner's level (a little below it),
  each next one aimed STREAK_STEP rating points higher and always rated above the one
  before; the streak ends at the first miss, and its score is the puzzles solved.
- **Storm**: STORM_SECONDS on the clock; puzzles start easy (STORM_START) and get
  STORM_STEP harder with each one solved; a wrong answer costs STORM_PENALTY seconds;
  a combo (right answers in a row) wins time at COMBO_BONUS (5 in a row: 3 s more, 12:
  5 s, 20: 7 s, 30: 10 s, and 10 s at every 10 after). Its score is the puzzles solved.

Both keep the list of their puzzles, so that the learner can look back and replay his
misses. Runs take move puzzles only (a count is a drill). Times are seconds from any
clock the caller keeps (`time.time()`).

>>> s = Streak(1200).answered(Entry("b1", 1200, "6-4@E", True))
>>> s.score, s.target, s.over
(1, 1225, False)
>>> storm = Storm(0.0)
>>> for i in range(5):
...     storm = storm.answered(Entry(f"p{i}", 900, "6-4@E", True), now=10.0)
>>> storm.score, storm.combo, storm.time_left(10.0)
(5, 5, 173.0)
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Optional

from trainer.puzzles.record import MOVE_KINDS, Puzzle

STREAK_STEP = 25  # rating points each solved puzzle adds to the next one's level
STREAK_BELOW = 150  # the first puzzle this far below the learner's rating
STREAK_FLOOR = 900  # ... and never below this
STORM_SECONDS = 180.0
STORM_PENALTY = 10.0
STORM_START = 900
STORM_STEP = 20
COMBO_BONUS: tuple[tuple[int, float], ...] = ((5, 3.0), (12, 5.0), (20, 7.0), (30, 10.0))
COMBO_EVERY = 10  # after the last threshold, another 10 s at every 10 more
NEAR = 60  # rating points: a puzzle within this of the level is as good as another


@dataclass(frozen=True)
class Entry:
    """One puzzle of a run: which, at what rating, the answer given and whether it was right."""

    puzzle_id: str
    rating: int
    answer: str
    right: bool


def misses(entries: Iterable[Entry]) -> tuple[str, ...]:
    """The puzzles of a run answered wrong, in order, each once."""
    return tuple(dict.fromkeys(e.puzzle_id for e in entries if not e.right))


@dataclass(frozen=True)
class Streak:
    """An untimed run that rises from `start` and ends at the first miss."""

    start: int
    entries: tuple[Entry, ...] = ()

    @classmethod
    def for_rating(cls, rating: float) -> Streak:
        """A streak for a learner rated `rating`: it starts a little below his level."""
        return cls(max(STREAK_FLOOR, int(round(rating)) - STREAK_BELOW))

    @property
    def score(self) -> int:
        return sum(e.right for e in self.entries)

    @property
    def over(self) -> bool:
        return any(not e.right for e in self.entries)

    @property
    def target(self) -> int:
        """The level of the next puzzle."""
        return self.start + STREAK_STEP * self.score

    @property
    def least(self) -> int:
        """The lowest rating the next puzzle may have: above the last one's (each is harder)."""
        return self.entries[-1].rating + 1 if self.entries else 0

    def answered(self, entry: Entry) -> Streak:
        """The streak after one more answer (none once it is over)."""
        return self if self.over else replace(self, entries=(*self.entries, entry))


def bonus(combo: int) -> float:
    """The seconds a storm wins when its combo reaches `combo` (0 at most counts).

    >>> [bonus(n) for n in (4, 5, 12, 20, 30, 35, 40, 50)]
    [0.0, 3.0, 5.0, 7.0, 10.0, 0.0, 10.0, 10.0]
    """
    for at, seconds in COMBO_BONUS:
        if combo == at:
            return seconds
    last = COMBO_BONUS[-1][0]
    return COMBO_BONUS[-1][1] if combo > last and (combo - last) % COMBO_EVERY == 0 else 0.0


@dataclass(frozen=True)
class Storm:
    """A timed run started at `started` (seconds on the caller's clock)."""

    started: float
    entries: tuple[Entry, ...] = ()
    gained: float = 0.0  # seconds won by combos
    lost: float = 0.0  # seconds lost by wrong answers
    combo: int = 0
    best_combo: int = 0
    ended: Optional[float] = None  # when the clock ran out or the learner stopped

    @property
    def score(self) -> int:
        return sum(e.right for e in self.entries)

    @property
    def target(self) -> int:
        """The level of the next puzzle."""
        return STORM_START + STORM_STEP * self.score

    @property
    def least(self) -> int:
        """The lowest rating the next puzzle may have: none (a storm follows its target alone)."""
        return 0

    def time_left(self, now: float) -> float:
        """Seconds left on the clock at `now` (0 once it ran out)."""
        at = now if self.ended is None else self.ended
        return max(0.0, STORM_SECONDS + self.gained - self.lost - (at - self.started))

    def over(self, now: float) -> bool:
        return self.ended is not None or self.time_left(now) <= 0

    def answered(self, entry: Entry, now: float) -> Storm:
        """The storm after one more answer at `now` (none once the clock ran out)."""
        if self.over(now):
            return self.stopped(now)
        entries = (*self.entries, entry)
        if not entry.right:
            return replace(self, entries=entries, lost=self.lost + STORM_PENALTY, combo=0)
        combo = self.combo + 1
        return replace(self, entries=entries, combo=combo, best_combo=max(self.best_combo, combo),
                       gained=self.gained + bonus(combo))

    def stopped(self, now: float) -> Storm:
        """The storm ended (at `now`, or when its clock ran out, if earlier)."""
        if self.ended is not None:
            return self
        end = min(now, self.started + STORM_SECONDS + self.gained - self.lost)
        return replace(self, ended=max(self.started, end))

    @property
    def stopped_early(self) -> bool:
        """Whether the learner ended the storm before its clock ran out."""
        return self.ended is not None and self.ended < self.started + STORM_SECONDS + self.gained - self.lost

    def duration(self, now: float) -> float:
        """Seconds the storm has lasted."""
        end = self.ended if self.ended is not None else now
        return max(0.0, end - self.started)


def pick(puzzles: Sequence[Puzzle], target: int, used: Collection[str], tried: Collection[str],
         rng: random.Random, least: int = 0) -> Puzzle:
    """The next puzzle of a run: a move puzzle not yet in this run, rated at least
    `least`, near `target` (within NEAR of the nearest), preferring one the learner has
    never tried; raises ValueError when there is no such puzzle left."""
    moves = [p for p in puzzles if p.kind in MOVE_KINDS and p.id not in used and p.rating >= least]
    if not moves:
        raise ValueError("no move puzzle is left for this run")
    fresh = [p for p in moves if p.id not in tried] or moves
    nearest = min(abs(p.rating - target) for p in fresh)
    near = sorted((p for p in fresh if abs(p.rating - target) <= nearest + NEAR), key=lambda p: p.id)
    return rng.choice(near)


def next_puzzle(run: Streak | Storm, puzzles: Sequence[Puzzle], tried: Collection[str],
                rng: random.Random) -> Puzzle:
    """The next puzzle of `run` (`pick`): near its target, none already in it, none rated
    below its `least`; raises ValueError when the bank has none left for it."""
    return pick(puzzles, run.target, {e.puzzle_id for e in run.entries}, tried, rng, run.least)
