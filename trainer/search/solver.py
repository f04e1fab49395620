"""Exact values: best play by every side to the end of the hand.

The search (alpha-beta with a transposition table, in `trainer.search._fast`) sees every
hand and the boneyard order. A value is what the mover's side scores from now on,
end-of-hand pip scoring included, minus what the other side scores; the target is
ignored. Two players and `partners` are two-sided. With three players, or four
playing alone, the solver is *paranoid*: the mover against all the others together,
who play to minimise (mover's points) - (the sum of their points).

>>> code = ("0-0:0-3,3-4,4-6,6-5,5-5,5-1,1-0:0-4,4-2,2-1,1-3,3-2,2-0,0-5,5-4::"
...         "0-6,6-3,3-3,3-5,5-2,2-2,2-6,6-1 6-6,4-4/4-1,1-1 - 1 15,15")
>>> s = solve(Position.from_code(code))
>>> s.value, [(str(m.move), m.value) for m in s.moves]
(20, [('4-1@W', 20), ('4-1@S', 10), ('1-1@S', 0)])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Protocol

from trainer.engine.moves import SIDES, Move
from trainer.engine.position import Position
from trainer.engine.tiles import ALL_TILES
from trainer.errors import HiddenInformationError, InvalidPositionError, TrainerError
from trainer.search._backend import fast as _fast
from trainer.search.fastplay import compact

TABLE_BITS = 21  # 2**21 entries of 16 bytes: 32 MiB a table, two tables a process at most


class Valued(Protocol):
    """A move with its value and what it scores at once (exact, bounded or estimated)."""

    @property
    def move(self) -> Move: ...
    @property
    def points(self) -> int: ...
    @property
    def value(self) -> float: ...


def best_first(m: Valued) -> tuple[float, int, str]:
    """The order of moves everywhere: highest value, then most points now, then by name."""
    return (-m.value, -m.points, str(m.move))


@dataclass(frozen=True)
class MoveValue:
    """One legal move: what it scores at once and its exact value."""

    move: Move
    points: int
    value: int
    bound: bool = False  # `value` is only an upper bound: the move is far below the best
    capped: bool = False  # bounded because its exact value would cost more than the cap


@dataclass(frozen=True)
class Solution:
    """The exact value of a position and of each of the mover's moves, best first."""

    position: Position
    value: int
    moves: tuple[MoveValue, ...]
    nodes: int
    table_probes: int
    table_hits: int

    @property
    def best(self) -> tuple[Move, ...]:
        return tuple(m.move for m in self.moves if m.value == self.value)

    @property
    def hit_rate(self) -> float:
        return self.table_hits / self.table_probes if self.table_probes else 0.0


class SearchLimitError(TrainerError):
    """The search met its node or time limit before it finished."""


def _pair(move: Move) -> tuple[int, int]:
    """A move as the search names it: (tile ordinal, side index, 4 for the first tile)."""
    return move.tile.ordinal, 4 if move.side is None else SIDES.index(move.side)


def solve(position: Position, table_bits: int = TABLE_BITS, node_limit: int = 0,
          time_limit: float = 0.0, best_only: bool = False,
          cancel: Optional[bytearray] = None, threads: int = 1, near: int = 0,
          exact: tuple[Move, ...] = (), capped: tuple[Move, ...] = (), cap: int = 0) -> Solution:
    """Solve a position whose hands and boneyard order are all known.

    Every move comes with its exact value; with `best_only` (cheaper), only the best
    moves do, and the others are left out of `moves`. The search releases the GIL, so
    threads solve deals in parallel (each with a table of a pool shared by the process).
    With `threads` 2, a lone big solve (an analysis, the command line) shares its root
    moves with a second thread, searching in the same table, when no other solve is
    running: faster, the same values, but `nodes` then varies from run to run (with 1
    it is reproducible).

    With `near` (points, a multiple of 5; 0: off), a move found more than `near` points
    below the best may get only an upper bound on its value (`bound`), which costs far
    less than its exact value: the best moves, every move within `near` of them and the
    moves in `exact` are always exact. So are the moves in `capped`, except that with
    `cap` (nodes, 0: none) one whose exact search passes `cap` nodes once it is proven
    below the best keeps the upper bound proven by then (`bound` and `capped`).

    Raises HiddenInformationError for `?N` hands or boneyard, InvalidPositionError
    for a hand that is already over or a position that is not one (tiles twice, pips
    out of range...), SearchLimitError past `node_limit` nodes or `time_limit` seconds
    (0: no limit) or once another thread sets `cancel[0]` non-zero. Ctrl-C stops the
    search within a second (KeyboardInterrupt)."""
    if not 10 <= table_bits <= 25:
        raise ValueError("table_bits is 10 to 25")
    if node_limit < 0 or not 0 <= time_limit <= 1e7:
        raise ValueError("limits are 0 (none) or positive")
    if threads not in (1, 2):
        raise ValueError("threads is 1 or 2")
    if near < 0 or near % 5:
        raise ValueError("near is 0 or a positive multiple of 5")
    if cap < 0:
        raise ValueError("cap is 0 (none) or a number of nodes")
    try:
        hands, bone, layout = compact(position)
    except HiddenInformationError:
        raise HiddenInformationError(
            "the position hides tiles (?N): an exact value needs every hand and the boneyard "
            "order; estimate it by sampling instead") from None
    if position.is_over:
        raise InvalidPositionError("the hand is over: nobody has a move to solve")
    value, found, nodes, probes, hits, aborted = _fast.solve(
        hands, bone, layout, position.turn, position.rules.name, table_bits, node_limit,
        float(time_limit), int(best_only), cancel, threads, near,
        [_pair(m) for m in exact], [_pair(m) for m in capped], cap)
    if aborted:
        if node_limit and nodes > node_limit:
            raise SearchLimitError(f"the search passed its limit of {node_limit:,} nodes")
        if cancel is not None and cancel[0]:
            raise SearchLimitError("the search was cancelled")
        raise SearchLimitError(f"the search passed its limit of {time_limit:g} s")
    moves = [MoveValue(Move(ALL_TILES[x[0]], SIDES[x[1]] if x[1] < 4 else None), x[2], x[3],
                       bool(x[4]) if near else False, near > 0 and x[4] == 2)
             for x in found]
    moves.sort(key=best_first)
    return Solution(position, value, tuple(moves), nodes, probes, hits)
