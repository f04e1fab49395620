"""Estimates for positions with hidden tiles: deal the unseen tiles as the mover may
believe them, solve each deal exactly, and average per move.

A deal respects what the mover knows: the layout, his own hand, every hand's size,
the boneyard's size, and, given the hand's record, the suits an opponent showed he
lacks (he drew or passed on those open ends and has drawn nothing since); every deal
that fits is equally likely (`trainer.search.dealing`).

>>> from trainer.engine.position import Position
>>> p = Position.from_code("4-5,5-1 6-4,1-1/?7 ?17 0 0,0")
>>> a, b = estimate(p, samples=4, seed=1), estimate(p, samples=4, seed=1)
>>> a == b, a.exact, sorted(str(m.move) for m in a.moves)
(True, False, ['1-1@E', '6-4@W'])
"""

from __future__ import annotations

import math
import os
import random
import statistics
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Optional

from trainer.engine.moves import Move
from trainer.engine.position import Position
from trainer.engine.voids import Voids
from trainer.errors import InvalidPositionError
from trainer.search.admission import low_priority_pool
from trainer.search.dealing import Dealer
from trainer.search.dealing import sample_deal as sample_deal  # one deal, as before
from trainer.search.solver import TABLE_BITS, SearchLimitError, Solution, best_first, solve

MAX_SAMPLES = 10_000  # deals one estimate may solve
WORKERS = max(1, min(os.cpu_count() or 1, 2))  # threads solving deals: the solver's table pool
_POOL: Optional[ThreadPoolExecutor] = None
_POOL_LOCK = threading.Lock()


def _pool() -> ThreadPoolExecutor:
    """The process's threads for solving deals (the C search releases the GIL)."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is None:
            # below the pages' own threads: a learner's clicks come first (trainer.search.admission)
            _POOL = low_priority_pool(WORKERS, "allfives-solve")
        return _POOL


def solve_deals(deals: Iterator[Position], deadline: float = 0.0,
                limit: int = MAX_SAMPLES, ordered: bool = True, near: int = 0,
                exact: Callable[[], tuple[Move, ...]] = tuple,
                capped: Callable[[], tuple[Move, ...]] = tuple, cap: int = 0,
                table_bits: int = TABLE_BITS) -> Iterator[Solution]:
    """Solve deals on every core, at most `limit` of them. `deadline`
    (time.perf_counter(), 0: none) bounds each search, and no deal starts after it.

    No core waits on another's deal: while one core is on a slow deal, the others go
    on to the next ones. `ordered`: solutions come in the deals' order, and a deal that
    would overrun the deadline raises SearchLimitError when its turn comes (the same
    deals give the same figures on any machine). Not `ordered`: solutions come as they
    are found, and deals that would overrun the deadline are dropped (a budget gets
    every deal its cores could finish). Searches still running when the caller stops
    (an error, Ctrl-C) are cancelled at once.

    `near`, `exact`, `capped` and `cap` go to `solve`: a move more than `near` points
    below a deal's best may get only a bound, except the moves `exact()` and `capped()`
    name when the deal starts (the latter unless their exact search passes `cap` nodes)."""
    pool = _pool()
    pending: dict[Future[Solution], int] = {}
    finished: dict[int, Future[Solution]] = {}
    started = turn = 0
    more = True
    cancel = bytearray(1)
    try:
        while True:
            while more and len(pending) < WORKERS and started < limit:
                left = deadline - time.perf_counter() if deadline else 0.0
                deal = next(deals, None) if not deadline or left > 0 else None
                if deal is None:
                    more = False
                    break
                pending[pool.submit(solve, deal, time_limit=max(left, 0.0), cancel=cancel,
                                    threads=1, near=near, exact=exact() if near else (),
                                    capped=capped() if near else (), cap=cap,
                                    table_bits=table_bits)] = started
                started += 1
            if not pending:
                return
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in sorted(done, key=pending.__getitem__):
                index = pending.pop(future)
                if ordered:
                    finished[index] = future
                    continue
                try:
                    solution = future.result()
                except SearchLimitError:
                    continue  # past the deadline: dropped
                yield solution
            while turn in finished:
                yield finished.pop(turn).result()
                turn += 1
    finally:
        cancel[0] = 1
        for future in pending:
            future.cancel()


@dataclass(frozen=True)
class MoveEstimate:
    move: Move
    points: int
    value: float
    spread: float  # standard deviation over the samples


@dataclass(frozen=True)
class Estimate:
    position: Position
    value: float
    moves: tuple[MoveEstimate, ...]
    samples: int
    seed: int
    exact: bool = False

    @property
    def best(self) -> tuple[Move, ...]:
        return tuple(m.move for m in self.moves if m.value == self.value)


def estimate(position: Position, samples: int, seed: int, voids: Optional[Voids] = None,
             time_limit: float = 0.0) -> Estimate:
    """Mean exact value of each of the mover's moves over `samples` consistent deals,
    solved on every core. Raises SearchLimitError past `time_limit` seconds (0: none)."""
    if not 1 <= samples <= MAX_SAMPLES:
        raise InvalidPositionError(f"--samples must be 1 to {MAX_SAMPLES:,}")
    position.hand(position.turn)  # the mover must see his own hand
    if position.is_fully_known and position.is_over:
        raise InvalidPositionError("the hand is over: nobody has a move to solve")
    rng = random.Random(seed)
    dealer = Dealer(position, voids)
    values: dict[Move, list[int]] = {}
    points: dict[Move, int] = {}
    roots: list[int] = []
    deals = (dealer.deal(rng) for _ in range(samples))
    deadline = time.perf_counter() + time_limit if time_limit else 0.0
    for solution in solve_deals(deals, deadline):
        roots.append(solution.value)
        for m in solution.moves:
            values.setdefault(m.move, []).append(m.value)
            points[m.move] = m.points
    moves = [MoveEstimate(move, points[move], statistics.fmean(v),
                          statistics.pstdev(v) if len(v) > 1 else 0.0)
             for move, v in values.items()]
    moves.sort(key=best_first)
    value = moves[0].value if moves else statistics.fmean(roots)
    return Estimate(position, value, tuple(moves), samples, seed)


@dataclass(frozen=True)
class Expectation:
    """Mean exact values per move over the deals solved within a time budget, and each
    move's value deal by deal (`rows`, in the order the deals were solved)."""

    values: dict[Move, float]
    samples: int
    rows: dict[Move, tuple[int, ...]] = field(default_factory=dict)

    def best(self) -> tuple[Move, ...]:
        top = max(self.values.values())
        return tuple(sorted((m for m, v in self.values.items() if v == top), key=str))

    def lead(self, a: Move, b: Move) -> tuple[float, float]:
        """How much better `a` is than `b`, paired deal by deal: the mean and the
        half-width of its 95% interval (infinite on fewer than two deals)."""
        diffs = [x - y for x, y in zip(self.rows[a], self.rows[b])]
        if len(diffs) < 2:
            return (statistics.fmean(diffs) if diffs else 0.0), math.inf
        return statistics.fmean(diffs), 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))


def expected_values(view: Position, budget: float, rng: random.Random,
                    voids: Optional[Voids] = None, max_samples: int = 400,
                    dealt: Optional[Callable[[random.Random], Position]] = None) -> Expectation:
    """Deal the hidden tiles of `view` (the mover's view) again and again, solve each
    deal exactly (on every core), and average each move's value, until `budget`
    seconds are spent. Deals whose search would overrun the time left are abandoned
    (the cores go on with other deals meanwhile): in a big hand there may be no sample
    at all (`samples` 0, `values` empty). `dealt`: another way to deal (deals weighed by
    the others' plays, `trainer.play.inferred`) than uniformly given `voids`."""
    deadline = time.perf_counter() + budget
    rows: dict[Move, list[int]] = {}
    samples = 0
    deal = dealt if dealt is not None else Dealer(view, voids).deal
    deals = (deal(rng) for _ in range(min(max_samples, MAX_SAMPLES)))
    for solution in solve_deals(deals, deadline, ordered=False):
        samples += 1
        for m in solution.moves:
            rows.setdefault(m.move, []).append(m.value)
    return Expectation({m: statistics.fmean(v) for m, v in rows.items()}, samples,
                       {m: tuple(v) for m, v in rows.items()})
