"""Real choices: the legal moves merged where they leave the same table (twins,
`trainer.engine.twins`: the same tile leaving the same open ends and spinner state,
whatever the tiles inside the arms).

>>> from trainer.engine.position import Position
>>> p = Position.from_code("6-6:6-5,5-4:6-4,4-1:6-3,3-5:6-0,0-5 5-1,3-1,1-1/?3 ?13 0 0,0")
>>> len(p.legal_moves()), len(choices(p, [str(m) for m in p.legal_moves()]))
(5, 4)
"""

from __future__ import annotations

from collections.abc import Iterable

from trainer.engine.moves import Move
from trainer.engine.position import Position
from trainer.engine.twins import twin_key

MIN_CHOICES = 3  # a move puzzle offers at least this many real choices


def choices(position: Position, moves: Iterable[str]) -> dict[tuple[object, ...], list[str]]:
    """The moves (codes) grouped into real choices, each group one choice, in the
    order the moves come."""
    groups: dict[tuple[object, ...], list[str]] = {}
    for move in moves:
        groups.setdefault(twin_key(position, Move.parse(move)), []).append(move)
    return groups


def real_choices(position: Position) -> int:
    """How many real choices the mover has."""
    return len(choices(position, (str(m) for m in position.legal_moves())))
