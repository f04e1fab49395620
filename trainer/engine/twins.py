"""Twin moves: placements that leave the same table. The choice between twins is no
choice (the coach names no twin as an alternative; a puzzle counts twins as one real
choice).

Two placements of the same tile are twins when the tables they leave play the same
from then on: the same open ends (each end's pip, and whether a double stands there)
and the same spinner state (its sides covered or not, so that the spinner still counts
and its ends open alike), whatever the tiles inside the arms. The E and W sides of a
spinner are alike, so are N and S, and once both sides hold a tile all four arms are
alike; the two ends of a line are alike. Counting, scoring, the moves that follow and
the end of the hand read nothing else of the table (the tiles on it are the same for
both placements).

>>> from trainer.engine.moves import Move
>>> from trainer.engine.position import Position
>>> p = Position.from_code("6-6:::: 6-4,6-2/?6 ?19 0 0,0")
>>> twin_key(p, Move.parse("6-4@E")) == twin_key(p, Move.parse("6-4@W"))
True
>>> only_twins(p, [Move.parse("6-4@E"), Move.parse("6-4@W")]), only_twins(p, p.legal_moves())
(True, False)
>>> q = Position.from_code("6-6:6-5,5-4:6-4,4-1:6-3,3-5:6-0,0-5 5-1,3-1,1-1/?3 ?13 0 0,0")
>>> twin_key(q, Move.parse("5-1@N")) == twin_key(q, Move.parse("5-1@S"))
True
"""

from __future__ import annotations

from collections.abc import Iterable

from trainer.engine.layout import Arm, Layout
from trainer.engine.moves import Move
from trainer.engine.position import Position

ArmState = tuple[int, bool]  # an arm's open end: its pip (-1: the arm is empty) and a double there


def _arm(arm: Arm) -> ArmState:
    if not arm:
        return (-1, False)
    inner, outer = arm[-1]
    return (outer, inner == outer)


def table_shape(layout: Layout) -> tuple[object, ...]:
    """What of a table the rest of the hand reads: its open ends up to the board's
    symmetry (see the module's note).

    >>> table_shape(Layout.parse("4-5,5-1")) == table_shape(Layout.parse("1-5,5-4"))
    True
    >>> table_shape(Layout.parse("6-6:6-3:::")) == table_shape(Layout.parse("6-6::6-3::"))
    True
    """
    if layout.spinner is None:
        if len(layout.line) == 1:  # a lone lead counts both halves
            return ("lead", tuple(sorted(layout.line[0])))
        if not layout.line:
            return ("empty",)
        return ("line", tuple(sorted((layout.line[0][0], layout.line[-1][1]))))
    arms = [_arm(arm) for arm in layout.arms]
    if layout.arms_open:
        return ("open", layout.spinner, tuple(sorted(arms)))
    return ("sides", layout.spinner, tuple(sorted(arms[:2])))


def twin_key(position: Position, move: Move) -> tuple[object, ...]:
    """Moves with the same key are twins: the same tile, leaving tables of the same
    shape (`table_shape`)."""
    return (str(move.tile), table_shape(position.layout.place(move.tile, move.side)))


def only_twins(position: Position, moves: Iterable[Move]) -> bool:
    """Whether every one of `moves` is a twin of the others (one choice in truth)."""
    return len({twin_key(position, m) for m in moves}) <= 1
