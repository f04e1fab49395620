"""Moves that win the game at once: the game ends the moment a side reaches the target,
even in the middle of a hand (rules, "Winning"), so such a move beats any value the
rest of the hand could have.

>>> from trainer.engine.position import Position
>>> p = Position.from_code("5-0 6-5,5-5/?7 ?18 0 240,0")
>>> [str(m) for m in winning_moves(p, 250)], winning_moves(p, 300), winning_moves(p, None)
(['5-5@W'], (), ())
"""

from __future__ import annotations

from typing import Optional

from trainer.engine.moves import Move
from trainer.engine.position import Position


def winning_moves(position: Position, target: Optional[int]) -> tuple[Move, ...]:
    """The mover's moves whose points bring his side to `target` or past it, most
    points first (then by name); none without a target or once the hand is over."""
    if target is None or position.is_over:
        return ()
    need = target - position.scores[position.mover_side]
    found = [m for m in position.legal_moves() if position.points(m) >= need]
    return tuple(sorted(found, key=lambda m: (-position.points(m), str(m))))
