"""Paired evidence for positions with hidden tiles: the same sampled deals for every
move, and 95% confidence intervals on the differences between moves.

Each deal of the unseen tiles (consistent with what the mover knows) is solved
exactly once, which values every move on that deal; a move is compared with another
by the mean of their per-deal differences, so the luck of the deal cancels out.
Deals are drawn in order from one seeded generator and solved on every core
(`sampling.solve_deals`), so a fixed number of deals and a seed give the same figures
on every machine; a time budget takes the deals its cores finish.

>>> from trainer.position import Hidden, Position
>>> p = Position.from_code("4-5,5-1 6-4,1-1/?7 ?17 0 0,0")
>>> e = paired(p, deals=12, seed=3)
>>> e.deals, e.exact, sorted(str(m) for m in e.moves)
(12, False, ['1-1@E', '6-4@W'])
>>> e == paired(p, deals=12, seed=3)
True
"""

from __future__ import annotations

import math
import random
import statistics
import time
from dataclasses import dataclass
from typing import Optional

from trainer.errors import InvalidPositionError
from trainer.moves import Move
from trainer.position import Hidden, Position
from trainer.sampling import Voids, sample_deal, solve_deals

Z95 = 1.96  # two-sided 95% normal quantile
MIN_DEALS = 20  # fewer deals than this give no interval worth a claim


@dataclass(frozen=True)
class Difference:
    """How much better move `a` is than move `b`: the mean of the per-deal
    differences and the half-width of its 95% interval (0 when exact)."""

    mean: float
    half_width: float

    @property
    def low(self) -> float:
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        return self.mean + self.half_width

    @property
    def significant(self) -> bool:
        """Whether `a` is better than `b` at 95% (the interval lies above 0)."""
        return self.low > 0


@dataclass(frozen=True)
class Evidence:
    """Every move's value on each of the same deals (one deal and `exact` when the
    position is fully known)."""

    moves: tuple[Move, ...]
    points: tuple[int, ...]
    values: tuple[tuple[int, ...], ...]  # values[i][d]: move i on deal d
    exact: bool = False

    @property
    def deals(self) -> int:
        return len(self.values[0]) if self.values else 0

    def index(self, move: Move) -> int:
        return self.moves.index(move)

    def mean(self, move: Move) -> float:
        row = self.values[self.index(move)]
        return statistics.fmean(row) if row else 0.0

    def best(self) -> Move:
        """The move with the highest mean (ties: most points now, then by name)."""
        return min(self.moves, key=lambda m: (-self.mean(m), -self.points[self.index(m)], str(m)))

    def difference(self, a: Move, b: Move) -> Difference:
        """Mean of `a`'s value minus `b`'s, paired deal by deal, with its 95% interval."""
        diffs = [x - y for x, y in zip(self.values[self.index(a)], self.values[self.index(b)])]
        if not diffs:
            return Difference(0.0, math.inf)
        mean = statistics.fmean(diffs)
        if self.exact:
            return Difference(mean, 0.0)
        if len(diffs) < 2:
            return Difference(mean, math.inf)
        return Difference(mean, Z95 * statistics.stdev(diffs) / math.sqrt(len(diffs)))


def deals_for(view: Position, count: int, rng: random.Random,
              voids: Optional[Voids] = None) -> list[Position]:
    """`count` deals of the hidden tiles, in the generator's order."""
    return [sample_deal(view, rng, voids) for _ in range(count)]


def _solve_all(deals: list[Position], deadline: float = 0.0) -> list[dict[Move, tuple[int, int]]]:
    """Every deal solved, in order, on every core; a deal that would overrun `deadline`
    raises SearchLimitError."""
    return [{m.move: (m.points, m.value) for m in solution.moves}
            for solution in solve_deals(iter(deals), deadline, limit=len(deals))]


def _collect(view: Position, solved: list[dict[Move, tuple[int, int]]], exact: bool) -> Evidence:
    moves = tuple(sorted(view.legal_moves(), key=str))
    points = tuple(view.points(m) for m in moves)
    values = tuple(tuple(s[m][1] for s in solved) for m in moves)
    return Evidence(moves, points, values, exact)


def determined(view: Position) -> bool:
    """Whether the hidden tiles can lie only one way: nothing hidden, or one hidden
    hand holding every tile the mover cannot see (the boneyard empty)."""
    if view.is_fully_known:
        return True
    hidden = [h for h in view.hands if isinstance(h, Hidden) and h.count]
    empty = view.boneyard.count == 0 if isinstance(view.boneyard, Hidden) else not view.boneyard
    return len(hidden) == 1 and empty


def paired(view: Position, deals: int, seed: int, voids: Optional[Voids] = None) -> Evidence:
    """Every legal move valued on the same `deals` deals of the unseen tiles (one exact
    solve when nothing is hidden)."""
    if view.is_over:
        raise InvalidPositionError("the hand is over: nobody has a move to solve")
    if view.is_fully_known:
        return _collect(view, _solve_all([view]), exact=True)
    if deals < 1:
        raise InvalidPositionError("the evidence needs at least one deal")
    return _collect(view, _solve_all(deals_for(view, deals, random.Random(seed), voids)), False)


def within_budget(view: Position, budget: float, seed: int, voids: Optional[Voids] = None,
                  max_deals: int = 400) -> Evidence:
    """As many paired deals as fit in `budget` seconds (at most `max_deals`); deals
    whose search would overrun the time left are abandoned (the other cores go on
    meanwhile), so early in a big hand the evidence may hold no deal at all."""
    if determined(view) and not view.is_over:  # one way the tiles can lie: one exact solve
        only = view if view.is_fully_known else sample_deal(view, random.Random(seed), voids)
        return _collect(view, _solve_all([only]), exact=True)
    deadline = time.perf_counter() + budget
    rng = random.Random(seed)
    solved: list[dict[Move, tuple[int, int]]] = []
    deals = (sample_deal(view, rng, voids) for _ in range(max_deals))
    for solution in solve_deals(deals, deadline, limit=max_deals, ordered=False):
        solved.append({m.move: (m.points, m.value) for m in solution.moves})
    return _collect(view, solved, exact=False)
