"""Twin moves: the same tile on two ends that leave the same table, up to the board's
symmetry (E and W of a fresh spinner, N and S, the two ends of a symmetric line). The
choice between twins is no choice.

>>> from trainer.engine.moves import Move
>>> from trainer.engine.position import Position
>>> p = Position.from_code("6-6:::: 6-4,6-2/?6 ?19 0 0,0")
>>> twin_key(p, Move.parse("6-4@E")) == twin_key(p, Move.parse("6-4@W"))
True
>>> only_twins(p, [Move.parse("6-4@E"), Move.parse("6-4@W")]), only_twins(p, p.legal_moves())
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable

from trainer.engine.moves import Move
from trainer.engine.position import Position


def twin_key(position: Position, move: Move) -> tuple[object, ...]:
    """Moves with the same key are twins: the same tile leaving the same layout up to
    the board's symmetry."""
    layout = position.layout.place(move.tile, move.side)
    if layout.spinner is None:
        line = tuple(layout.line)
        mirror = tuple((b, a) for a, b in reversed(line))
        return (str(move.tile), min(line, mirror))
    arms = layout.arms
    return (str(move.tile), layout.spinner, tuple(sorted(arms[:2])), tuple(sorted(arms[2:])))


def only_twins(position: Position, moves: Iterable[Move]) -> bool:
    """Whether every one of `moves` is a twin of the others (one choice in truth)."""
    return len({twin_key(position, m) for m in moves}) <= 1
