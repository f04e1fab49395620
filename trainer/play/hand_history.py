"""The hand so far as the table saw it: what reading a hand (`trainer.play.reading`)
takes from a record.

Each turn is kept as who played, the table he played on (every hand and the boneyard
hidden, their sizes shown), how many tiles he drew first, his move (None: he passed)
and the suits each player was known to lack before the turn. Nothing in it needs a
hidden tile, so a game record replayed from its seed (`history_from_turns`) and a hand
as one player saw it can both be written this way.

>>> from trainer.engine.game import Match
>>> m = Match(seed=3)
>>> m.play(m.legal_moves()[0]); m.play(m.legal_moves()[0])
>>> so_far = history_from_turns(m.starts[-1], tuple(m.hands[-1]))
>>> [(s.player, s.draws, str(s.move)) for s in so_far.turns]
[(1, 0, '6-6'), (0, 0, '6-4@E')]
>>> str(so_far.now.layout) == str(m.position.layout), so_far.now.hands
(True, (Hidden(count=8), Hidden(count=8)))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import NamedTuple, Optional

from trainer.engine.game import Match
from trainer.engine.moves import Move
from trainer.engine.position import Hidden, Position, size
from trainer.engine.record import Turn
from trainer.engine.voids import Voids, voids_from_turns


class Seen(NamedTuple):
    """One turn as the table saw it."""

    player: int
    table: Position  # what he played on, after his draws; no tile but the layout's shown
    draws: int
    move: Optional[Move]
    voids: Voids  # the suits each player was known to lack before the turn


class HandSoFar(NamedTuple):
    """The turns of the hand so far, the table after them and what they show of voids."""

    turns: tuple[Seen, ...]
    now: Position
    voids: Voids


def public(position: Position) -> Position:
    """`position` with every hand and the boneyard hidden (their sizes shown).

    >>> public(Position.from_code("4-5,5-1 6-4,1-1/?7 ?17 0 0,0")).code()
    '4-5,5-1 ?2/?7 ?17 0 0,0'
    """
    return replace(position, hands=tuple(Hidden(size(h)) for h in position.hands),
                   boneyard=Hidden(size(position.boneyard)))


def history_from_turns(start: Position, turns: Sequence[Turn]) -> HandSoFar:
    """The hand so far from its deal `start` (every tile known, as a record replayed from
    its seed gives it) and its turns, checked against the rules as they are played
    (raises IllegalMoveError)."""
    seen = []
    position = start
    for index, turn in enumerate(turns):
        before = voids_from_turns(start, tuple(turns[:index]))
        for _ in turn.draws:
            position = position.draw()
        seen.append(Seen(turn.player, public(position), len(turn.draws), turn.move, before))
        if turn.move is not None:
            position = position.play(turn.move)
        elif position.must_pass:
            position = position.pass_turn()
    return HandSoFar(tuple(seen), public(position), voids_from_turns(start, tuple(turns)))


def before_turn(start: Position, turns: Sequence[Turn], index: int) -> tuple[Position, HandSoFar]:
    """Turn `index` of a hand as its player met it: the table after the turns before it
    and his draws in it (every tile known), and the hand so far up to it.

    >>> from trainer.engine.game import Match
    >>> m = Match(seed=3)
    >>> m.play(m.legal_moves()[0]); m.play(m.legal_moves()[0])
    >>> position, so_far = before_turn(m.starts[-1], tuple(m.hands[-1]), 1)
    >>> position.turn, str(position.layout), len(so_far.turns)
    (0, '6-6::::', 1)
    """
    if not 0 <= index < len(turns):
        raise IndexError(f"turn {index} is not in a hand of {len(turns)} turns")
    so_far = history_from_turns(start, turns[:index])
    position = start
    for turn in turns[:index]:
        for _ in turn.draws:
            position = position.draw()
        if turn.move is not None:
            position = position.play(turn.move)
        elif position.must_pass:
            position = position.pass_turn()
    for _ in turns[index].draws:
        position = position.draw()
    return position, so_far


def hand_so_far(match: Match) -> HandSoFar:
    """The hand so far of `match`'s current hand."""
    return history_from_turns(match.starts[-1], tuple(match.hands[-1]))
