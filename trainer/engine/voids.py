"""What a hand's record tells of the hidden hands: the suits each player showed he lacks.

A player who draws or passes had no tile for the open ends then; what he drew since
may hold any suit, so a later draw starts his voids afresh.

>>> from trainer.engine.moves import Move
>>> from trainer.engine.position import Position
>>> from trainer.engine.record import Turn
>>> from trainer.engine.tiles import Tile
>>> start = Position.from_code("6-6:::: 6-1,2-3/0-0,0-2,0-3,0-4,0-5,2-2,2-4 4-4,1-3,0-1,0-6,"
...                            "1-1,1-2,1-4,1-5,2-5,2-6,3-3,3-4,3-5,3-6,4-5,4-6,5-5,5-6 0 10,0")
>>> turns = (Turn(0, (), Move.parse("6-1@E")), Turn(1, (Tile(4, 4), Tile(1, 3)), Move.parse("1-3@E")))
>>> voids_from_turns(start, turns)  # player 1 drew on the ends 6 and 1
{1: frozenset({1, 6})}
"""

from __future__ import annotations

from trainer.engine.position import Position
from trainer.engine.record import Turn

Voids = dict[int, frozenset[int]]


def voids_from_turns(start: Position, turns: tuple[Turn, ...]) -> Voids:
    """Suits each player is known to lack, from the turns of the hand so far.

    `start` is the hand's first position (the deal); draws and passes show a player
    had no tile for the open ends then; a later draw lifts what was known."""
    voids: dict[int, set[int]] = {}
    position = start
    for turn in turns:
        pips = {end.pip for end in position.layout.open_ends()}
        showed(voids, turn.player, pips, drew=bool(turn.draws), passed=turn.move is None)
        for _ in turn.draws:
            position = position.draw()
        position = position.play(turn.move) if turn.move is not None else _pass(position)
    return {p: frozenset(s) for p, s in voids.items()}


def showed(voids: dict[int, set[int]], player: int, pips: set[int], drew: bool, passed: bool) -> None:
    """What one turn shows, added to `voids`: a player who drew lacked every suit of the
    open ends `pips` (what he had before is forgotten: he may have drawn any suit); one
    who passed without drawing lacks them too.

    >>> known: dict[int, set[int]] = {1: {3}}
    >>> showed(known, 1, {6, 2}, drew=False, passed=True); known
    {1: {2, 3, 6}}
    >>> showed(known, 1, {4}, drew=True, passed=False); known
    {1: {4}}
    """
    if drew:
        voids[player] = set(pips)
    elif passed:
        voids.setdefault(player, set()).update(pips)


def _pass(position: Position) -> Position:
    return position.pass_turn() if position.must_pass else position
