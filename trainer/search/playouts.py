"""Rough values by random play-outs, for positions too big to solve exactly in the time
a page may spend on them.

Each of the mover's moves is played, then the rest of the hand is played out with
every player choosing at random among his legal moves, many times (each time over a
new deal of the hidden tiles, if any); a move's value is the mean of what the mover's
side scores from now on minus what the others score (the solver's measure). Random
play is not good play: these values are a rough guide, never a claim of best play.
The work is bounded by a number of play-outs and a time limit.

>>> from trainer.engine.position import Position
>>> p = Position.from_code("4-5,5-1 6-4,1-1/?7 ?17 0 0,0")
>>> a, b = playout_estimate(p, 20, seed=3), playout_estimate(p, 20, seed=3)
>>> a == b, a.samples, sorted(str(m.move) for m in a.moves)
(True, 20, ['1-1@E', '6-4@W'])
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Optional

from trainer.engine.moves import Move
from trainer.engine.position import Position
from trainer.engine.voids import Voids
from trainer.errors import InvalidPositionError
from trainer.search.dealing import Dealer
from trainer.search.fastplay import play_random_hand
from trainer.search.sampling import Estimate, MoveEstimate, estimate
from trainer.search.solver import SearchLimitError, Solution, best_first, solve

MAX_PLAYOUTS = 20_000  # play-outs of each move one estimate may run


def _margin(start: Position, final: tuple[int, ...]) -> int:
    """What the mover's side scored from `start` to `final`, minus what the others did."""
    deltas = [after - before for after, before in zip(final, start.scores)]
    mine = deltas[start.mover_side]
    return mine - (sum(deltas) - mine)


def _final_scores(after: Position, seed: int) -> tuple[int, ...]:
    if after.is_over:
        return after.settled().scores
    return tuple(play_random_hand(after, seed).scores)


def playout_estimate(position: Position, playouts: int, seed: int, voids: Optional[Voids] = None,
                     time_limit: float = 1.0) -> Estimate:
    """The mean play-out value of each of the mover's moves, best first: `playouts`
    deals (the position itself when nothing is hidden), each move played out once per
    deal, stopping early after `time_limit` seconds (at least one deal is played).
    Raises InvalidPositionError when there is no move to value, HiddenInformationError
    when the mover's own hand is hidden."""
    if not 1 <= playouts <= MAX_PLAYOUTS:
        raise InvalidPositionError(f"play-outs are 1 to {MAX_PLAYOUTS:,}")
    if position.is_fully_known and position.is_over:
        raise InvalidPositionError("the hand is over: nobody has a move to value")
    moves: tuple[Move, ...] = tuple(position.legal_moves())
    if not moves:
        raise InvalidPositionError("the mover has no tile to play: there is no move to value")
    rng = random.Random(seed)
    deadline = time.perf_counter() + time_limit
    values: dict[Move, list[int]] = {move: [] for move in moves}
    dealer = Dealer(position, voids)
    done = 0
    while done < playouts and (done == 0 or time.perf_counter() < deadline):
        deal = position if position.is_fully_known else dealer.deal(rng)
        for move in moves:
            values[move].append(_margin(position, _final_scores(deal.play(move), rng.getrandbits(63))))
        done += 1
    found = [MoveEstimate(move, position.points(move), statistics.fmean(v),
                          statistics.pstdev(v) if len(v) > 1 else 0.0) for move, v in values.items()]
    found.sort(key=best_first)
    return Estimate(position, found[0].value, tuple(found), done, seed)


def solved_or_rough(position: Position, limit: float, playouts: int,
                    playout_seconds: float) -> Solution | Estimate:
    """The exact solution within `limit` seconds, else each move valued by `playouts`
    play-outs in at most `playout_seconds` (a position too big to solve in the time a
    page may spend): one bounded search, as the Analysis page runs it."""
    try:
        return solve(position, time_limit=limit)
    except SearchLimitError:
        return playout_estimate(position, playouts, seed=1, time_limit=playout_seconds)


def sampled_or_rough(position: Position, samples: int, limit: float, playouts: int,
                     playout_seconds: float) -> tuple[Estimate, bool]:
    """An estimate over `samples` deals of the hidden tiles within `limit` seconds, else
    play-outs as `solved_or_rough`; and whether it fell back to them."""
    try:
        return estimate(position, samples, seed=1, time_limit=limit), False
    except SearchLimitError:
        return playout_estimate(position, playouts, seed=1, time_limit=playout_seconds), True
