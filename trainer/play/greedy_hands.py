"""Hands played to the end by greedy computer players, stopped at every turn: the boards
the reading drill and the "read the hand" puzzles ask about.

>>> import random
>>> from trainer.engine.rules import STANDARD
>>> start, turns_at = played(STANDARD, 2, random.Random(1))
>>> all(len(turns) == i + 1 for i, (_, turns) in enumerate(turns_at))
True
"""

from __future__ import annotations

import random

from trainer.engine.game import deal
from trainer.engine.position import Position
from trainer.engine.record import Turn
from trainer.engine.rules import RuleSet
from trainer.engine.tiles import Tile
from trainer.play.players import make_player


def played(rules: RuleSet, players: int,
           rng: random.Random) -> tuple[Position, list[tuple[Position, tuple[Turn, ...]]]]:
    """A hand played by greedy players: its deal, and the position at the start of
    each turn after the first (before any draw) with the turns before it."""
    start = deal(rules, players, rng)
    bots = [make_player("greedy", rng.getrandbits(32)) for _ in range(players)]
    position, turns = start, list[Turn]()
    found: list[tuple[Position, tuple[Turn, ...]]] = []
    while not position.is_over:
        player = position.turn
        found.append((position, tuple(turns)))
        draws: list[Tile] = []
        while not position.legal_moves() and position.must_draw:
            before = set(position.hands[player])  # type: ignore[arg-type]
            position = position.draw()
            draws.extend(sorted(set(position.hands[player]) - before))  # type: ignore[arg-type]
        if position.is_over:
            break
        if position.legal_moves():
            move = bots[player].choose(position)
            position = position.play(move)
            turns.append(Turn(player, tuple(draws), move))
        else:
            position = position.pass_turn()
            turns.append(Turn(player, tuple(draws), None))
    return start, found[1:]  # the opening turn asks nothing: every hidden hand is the deal
