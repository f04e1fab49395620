"""Computer players behind one interface: `choose(position) -> Move`, each seeded.

>>> from trainer.position import Position
>>> p = Position.from_code("5-0 6-5,5-5/?7 ?18 0 5,0")
>>> str(GreedyPlayer().choose(p))
'5-5@W'
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from trainer.errors import NotationError
from trainer.moves import Move
from trainer.position import Position
from trainer.tiles import ALL_TILES, Tile


class Player(Protocol):
    name: str

    def choose(self, position: Position) -> Move:
        """A legal move for the mover of `position` (who has one)."""
        ...


class RandomPlayer:
    """Any legal move, uniformly."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, position: Position) -> Move:
        return self.rng.choice(position.legal_moves())


def unseen_tiles(position: Position) -> tuple[Tile, ...]:
    """Tiles the mover cannot see: not on the table and not in his hand."""
    seen = set(position.layout.tiles()) | set(position.hand(position.turn))
    return tuple(t for t in ALL_TILES if t not in seen)


def best_reply_points(position: Position, move: Move) -> int:
    """The most that any tile the mover cannot see would score next on the layout `move` leaves."""
    layout = position.layout.place(move.tile, move.side)
    ends = layout.open_ends()
    best = 0
    for tile in unseen_tiles(position):
        if tile == move.tile:
            continue
        for end in ends:
            if tile.has(end.pip):
                best = max(best, layout.place(tile, end.side).points())
    return best


class GreedyPlayer:
    """Most points now; ties broken by the least it leaves the next player, then by
    shedding the heaviest tile."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, position: Position) -> Move:
        def key(move: Move) -> tuple[int, int, int]:
            return (-position.points(move), best_reply_points(position, move), -move.tile.pips)

        moves = position.legal_moves()
        best = min(key(m) for m in moves)
        return self.rng.choice([m for m in moves if key(m) == best])


PLAYERS: dict[str, Callable[[int], Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
}


def make_player(name: str, seed: int = 0) -> Player:
    """A player by name; raises NotationError naming the choices."""
    try:
        return PLAYERS[name](seed)
    except KeyError:
        raise NotationError(f"unknown player {name!r}: choose one of {', '.join(PLAYERS)}") from None
