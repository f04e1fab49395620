"""Real choices: the legal moves merged where they leave the same table.

Two placements of the same tile are one choice when the tables they leave play the
same from then on: the same open ends (each end's pip, and whether a double stands
there), the same spinner state (its sides covered or not, so that the spinner still
counts and its ends open alike), whatever the tiles inside the arms. The E and W
sides of a spinner are alike, so are N and S, and once both sides hold a tile all
four arms are alike; the two ends of a line are alike. Counting, scoring, the moves
that follow and the end of the hand read nothing else of the table (the tiles on it
are the same for both placements), so the choice between such placements is no
choice: a puzzle counts it once.

>>> from trainer.engine.position import Position
>>> p = Position.from_code("6-6:6-5,5-4:6-4,4-1:6-3,3-5:6-0,0-5 5-1,3-1,1-1/?3 ?13 0 0,0")
>>> table_key(p, Move.parse("5-1@N")) == table_key(p, Move.parse("5-1@S"))
True
>>> len(p.legal_moves()), len(choices(p, [str(m) for m in p.legal_moves()]))
(5, 4)
"""

from __future__ import annotations

from collections.abc import Iterable

from trainer.engine.layout import Arm, Layout
from trainer.engine.moves import Move
from trainer.engine.position import Position

MIN_CHOICES = 3  # a move puzzle offers at least this many real choices

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


def table_key(position: Position, move: Move) -> tuple[object, ...]:
    """Moves with the same key are one real choice: the same tile, leaving tables of
    the same shape."""
    return (str(move.tile), table_shape(position.layout.place(move.tile, move.side)))


def choices(position: Position, moves: Iterable[str]) -> dict[tuple[object, ...], list[str]]:
    """The moves (codes) grouped into real choices, each group one choice, in the
    order the moves come."""
    groups: dict[tuple[object, ...], list[str]] = {}
    for move in moves:
        groups.setdefault(table_key(position, Move.parse(move)), []).append(move)
    return groups


def real_choices(position: Position) -> int:
    """How many real choices the mover has."""
    return len(choices(position, (str(m) for m in position.legal_moves())))
