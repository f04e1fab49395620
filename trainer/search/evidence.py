"""Paired evidence for positions with hidden tiles: the same sampled deals for every
move, and 95% confidence intervals on the differences between moves.

Each deal of the unseen tiles (consistent with what the mover knows) is solved
exactly once, which values every move on that deal; a move is compared with another
by the mean of their per-deal differences, so the luck of the deal cancels out.
Deals are drawn in order from one seeded generator and solved on every core
(`sampling.solve_deals`), so a fixed number of deals and a seed give the same figures
on every machine; a time budget takes the deals its cores finish.

Within a budget (the coach, the review), exact values are found only where they are
needed: on each deal, a move more than NEAR points below that deal's best gets only
an upper bound, which costs far less, except the moves that matter: the three leading
moves so far (by their totals over the deals already solved; the third is kept so that
a move rising to second place is seldom left bounded), any tied with the third, and
any the caller names, such as the move played. When the deals are in, the two leading
moves (and any tied with the second) and the named ones are made exact on every deal
where they were bounded, while the time lasts. A comparison with a move whose figures
are still bounded claims only what the bounds prove: "better by N ± M or more" against
it, nothing for it.

Now and then a deal makes one of those moves very costly to value exactly: a lead far
below that deal's best that sends the opponent to draw most of the boneyard can take a
core many seconds. Past CAP nodes, such a move keeps the upper bound its search has
proven by then, and is not retried, unless it is the leader or a move the caller
named: the deal still counts, with a bound, instead of holding a core past the budget
and then being dropped, which would leave out just the deals on which that move fares
worst.

>>> from trainer.engine.position import Hidden, Position
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
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from typing import Optional

from trainer.engine.moves import Move
from trainer.engine.position import Hidden, Position
from trainer.engine.voids import Voids
from trainer.errors import InvalidPositionError
from trainer.search.dealing import Dealer
from trainer.search.sampling import solve_deals
from trainer.search.solver import TABLE_BITS, MoveValue, Solution, best_first

Z95 = 1.96  # two-sided 95% normal quantile
MIN_DEALS = 20  # fewer deals than this give no interval worth a claim
NEAR = 10  # points: within a budget, a move further below a deal's best may be only bounded
LEADERS = 2  # the moves with the best means, made exact on every deal
SPARE = 1  # while deals come in, this many more of the next best are kept exact too
REPAIR_SHARE = 0.1  # of a budget, kept for making the leading moves exact where bounded
CAP = 1_000_000  # nodes: within a budget, past this a leader after the first keeps its bound


@dataclass(frozen=True)
class Difference:
    """How much better move `a` is than move `b`: the mean of the per-deal
    differences and the half-width of its 95% interval (0 when exact)."""

    mean: float
    half_width: float
    at_least: bool = False  # from upper bounds on `b`: `mean` and `low` are lower bounds, `high` unknown

    @property
    def low(self) -> float:
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        return math.inf if self.at_least else self.mean + self.half_width

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
    bounds: tuple[tuple[bool, ...], ...] = ()  # bounds[i][d]: values[i][d] only an upper bound

    @property
    def deals(self) -> int:
        return len(self.values[0]) if self.values else 0

    def index(self, move: Move) -> int:
        return self.moves.index(move)

    def bounded(self, move: Move) -> bool:
        """Whether some of `move`'s figures are only upper bounds (so is its mean)."""
        return bool(self.bounds) and any(self.bounds[self.index(move)])

    def mean(self, move: Move) -> float:
        """The move's mean value over the deals (an upper bound if it is `bounded`)."""
        row = self.values[self.index(move)]
        return statistics.fmean(row) if row else 0.0

    def best(self) -> Move:
        """The move with the highest mean (ties: most points now, then by name)."""
        return min(self.moves, key=lambda m: (-self.mean(m), -self.points[self.index(m)], str(m)))

    def difference(self, a: Move, b: Move) -> Difference:
        """Mean of `a`'s value minus `b`'s, paired deal by deal, with its 95% interval.
        Where `b`'s figures are bounded, the difference is at least this (`at_least`);
        where `a`'s are, nothing is claimed (an infinite interval)."""
        diffs = [x - y for x, y in zip(self.values[self.index(a)], self.values[self.index(b)])]
        if not diffs:
            return Difference(0.0, math.inf)
        mean = statistics.fmean(diffs)
        if self.bounded(a):
            return Difference(mean, math.inf)
        at_least = self.bounded(b)
        if self.exact:
            return Difference(mean, 0.0, at_least)
        if len(diffs) < 2:
            return Difference(mean, math.inf, at_least)
        return Difference(mean, Z95 * statistics.stdev(diffs) / math.sqrt(len(diffs)), at_least)


def deals_for(view: Position, count: int, rng: random.Random,
              voids: Optional[Voids] = None) -> list[Position]:
    """`count` deals of the hidden tiles, in the generator's order."""
    dealer = Dealer(view, voids)
    return [dealer.deal(rng) for _ in range(count)]


def _solve_all(deals: list[Position], deadline: float = 0.0, table_bits: int = TABLE_BITS) -> list[Solution]:
    """Every deal solved exactly, in order, on every core; a deal that would overrun
    `deadline` raises SearchLimitError."""
    return list(solve_deals(iter(deals), deadline, limit=len(deals), table_bits=table_bits))


def _collect(view: Position, solved: list[Solution], exact: bool) -> Evidence:
    moves = tuple(sorted(view.legal_moves(), key=str))
    points = tuple(view.points(m) for m in moves)
    found = [{m.move: m for m in s.moves} for s in solved]
    values = tuple(tuple(f[m].value for f in found) for m in moves)
    bounds = tuple(tuple(f[m].bound for f in found) for m in moves)
    return Evidence(moves, points, values, exact, bounds if any(map(any, bounds)) else ())


def _top(totals: dict[Move, int], count: int) -> tuple[Move, ...]:
    """The `count` moves with the highest totals, and any tied with the last of them
    (a tie would otherwise leave out a move that `Evidence.best` may name)."""
    ranked = sorted(totals, key=lambda m: (-totals[m], str(m)))
    if len(ranked) <= count or count < 1:
        return tuple(ranked[:max(count, 0)])
    last = totals[ranked[count - 1]]
    return tuple(m for m in ranked if totals[m] >= last)


def _tally(totals: dict[Move, int], solution: Solution) -> None:
    """Add a deal's figures (bounds counted as values) to each move's total."""
    for m in solution.moves:
        totals[m.move] = totals.get(m.move, 0) + m.value


def _totals(solved: list[Solution]) -> dict[Move, int]:
    totals: dict[Move, int] = {}
    for solution in solved:
        _tally(totals, solution)
    return totals


def leaders(solved: list[Solution], count: int = LEADERS) -> tuple[Move, ...]:
    """The `count` moves with the best means over the deals solved so far (bounds
    counted as values), with any tied with the last of them; none before the first deal."""
    return _top(_totals(solved), count)


def _kept_exact(totals: dict[Move, int], must: tuple[Move, ...],
                count: int) -> tuple[tuple[Move, ...], tuple[Move, ...]]:
    """The moves to make exact whatever it costs (the leader by `totals`, with any tied,
    and `must`), and those to make exact up to the cap (the next leaders, up to `count`
    moves in all)."""
    first = tuple(dict.fromkeys((*_top(totals, 1), *must)))
    return first, tuple(m for m in _top(totals, count) if m not in first)


def _merged(new: Solution, old: Solution) -> Solution:
    """`new` with the exact values `old` found where `new` has only bounds (a move's
    exact value on a deal does not depend on which other moves were made exact), and
    the lower of two bounds where both have one."""
    before = {m.move: m for m in old.moves}

    def best_of(m: MoveValue) -> MoveValue:
        o = before.get(m.move)
        if not m.bound or o is None:
            return m
        if not o.bound:
            return o
        return replace(m, value=min(m.value, o.value), capped=m.capped or o.capped)

    moves = [best_of(m) for m in new.moves]
    return replace(new, moves=tuple(sorted(moves, key=best_first)))


class _Leading:
    """The moves to keep exact while deals come in: the leader so far and `must`
    (`exact`), and the next leaders (`capped`: exact up to CAP nodes), tallied as each
    solution arrives."""

    def __init__(self, must: tuple[Move, ...]) -> None:
        self.must = must
        self.totals: dict[Move, int] = {}

    def add(self, solution: Solution) -> None:
        _tally(self.totals, solution)

    def exact(self) -> tuple[Move, ...]:
        return _kept_exact(self.totals, self.must, LEADERS + SPARE)[0]

    def capped(self) -> tuple[Move, ...]:
        return _kept_exact(self.totals, self.must, LEADERS + SPARE)[1]


def _made_exact(solved: list[Solution], must: tuple[Move, ...], deadline: float,
                near: int, cap: int = 0) -> list[Solution]:
    """`solved` with the leading moves and `must` exact on every deal: each deal where
    one is bounded is solved again with them exact (the leaders can change as bounds
    give way to values, so until none is bounded or `deadline` passes, 0: none; a deal
    that would overrun it keeps its bounds). With `cap`, the leaders after the first
    are exact up to `cap` nodes, and a figure of theirs bounded at the cap is not
    retried. A value once exact stays exact, so each round leaves fewer bounds to
    retry than the one before and the loop ends."""
    solved = list(solved)
    while True:
        first, rest = _kept_exact(_totals(solved), must, LEADERS)
        redo = {id(s.position): i for i, s in enumerate(solved)
                if any(m.bound and (m.move in first or (m.move in rest and not (cap and m.capped)))
                       for m in s.moves)}
        if not redo or (deadline and time.perf_counter() >= deadline):
            return solved
        again = (solved[i].position for i in redo.values())
        fixed = 0
        for solution in solve_deals(again, deadline, limit=len(redo), ordered=False, near=near,
                                    exact=partial(tuple, first), capped=partial(tuple, rest), cap=cap):
            i = redo[id(solution.position)]
            solved[i] = _merged(solution, solved[i])
            fixed += 1
        if fixed < len(redo):
            return solved


def determined(view: Position) -> bool:
    """Whether the hidden tiles can lie only one way: nothing hidden, or one hidden
    hand holding every tile the mover cannot see (the boneyard empty)."""
    if view.is_fully_known:
        return True
    hidden = [h for h in view.hands if isinstance(h, Hidden) and h.count]
    empty = view.boneyard.count == 0 if isinstance(view.boneyard, Hidden) else not view.boneyard
    return len(hidden) == 1 and empty


def paired(view: Position, deals: int, seed: int, voids: Optional[Voids] = None,
           near: int = 0, must: tuple[Move, ...] = (), table_bits: int = TABLE_BITS) -> Evidence:
    """Every legal move valued on the same `deals` deals of the unseen tiles (one exact
    solve when nothing is hidden). With `near`, moves far below a deal's best may be
    only bounded, as within a budget (the module's note); the leading moves and `must`
    are exact. `table_bits` sizes each solve's table (`trainer.search.solver.solve`): a
    small one is faster for small deals, late in a hand, and gives the same values."""
    if view.is_over:
        raise InvalidPositionError("the hand is over: nobody has a move to solve")
    if view.is_fully_known:
        return _collect(view, _solve_all([view]), exact=True)
    if deals < 1:
        raise InvalidPositionError("the evidence needs at least one deal")
    dealt = deals_for(view, deals, random.Random(seed), voids)
    if not near:
        return _collect(view, _solve_all(dealt, table_bits=table_bits), False)
    solved = list(solve_deals(iter(dealt), limit=deals, near=near, exact=partial(tuple, must)))
    return _collect(view, _made_exact(solved, must, 0.0, near), False)


def within_budget(view: Position, budget: float, seed: int, voids: Optional[Voids] = None,
                  max_deals: int = 400, must: tuple[Move, ...] = (),
                  dealt: Optional[Callable[[random.Random], Position]] = None) -> Evidence:
    """As many paired deals as fit in `budget` seconds (at most `max_deals`), with exact
    values where they are needed (the module's note; `must`: moves to be exact, such as
    the move played). Deals whose search would overrun the time left are abandoned (the
    other cores go on meanwhile), so early in a big hand the evidence may hold no deal.
    `dealt`: another way to deal than uniformly given `voids` (`trainer.play.inferred`)."""
    if determined(view) and not view.is_over:  # one way the tiles can lie: one exact solve
        only = view if view.is_fully_known else Dealer(view, voids).deal(random.Random(seed))
        return _collect(view, _solve_all([only]), exact=True)
    start = time.perf_counter()
    rng = random.Random(seed)
    deal = dealt if dealt is not None else Dealer(view, voids).deal
    solved: list[Solution] = []
    leading = _Leading(must)
    deals = (deal(rng) for _ in range(max_deals))
    for solution in solve_deals(deals, start + budget * (1 - REPAIR_SHARE), limit=max_deals,
                                ordered=False, near=NEAR, exact=leading.exact,
                                capped=leading.capped, cap=CAP):
        solved.append(solution)
        leading.add(solution)
    return _collect(view, _made_exact(solved, must, start + budget, NEAR, CAP), exact=False)
