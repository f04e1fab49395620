"""The hands of the bank before this one (generator version 2), replayed, so that its
puzzles can be proven again under today's criteria and keep their ids (learners'
histories name them): each version-2 puzzle came from a seeded hand between two
computer players, and replaying that hand finds its position again together with what
the position code cannot say, the suits the other player had shown he lacked there.

The players are frozen here as version 2 played them (greedy: most points now, then
the least it leaves the next player, then the heaviest tile; or any legal move).

>>> found = next(replay(7))
>>> found[0].players, found[1]
(2, {})
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Optional

from trainer.engine.game import deal
from trainer.engine.moves import Move
from trainer.engine.position import Position
from trainer.engine.rules import CINCOS, STANDARD
from trainer.engine.tiles import ALL_TILES
from trainer.engine.voids import Voids
from trainer.play.players import mover_view
from trainer.puzzles.record import Puzzle, PuzzleError

VERSION = "2"


def _reply(position: Position, move: Move) -> int:
    layout = position.layout.place(move.tile, move.side)
    seen = set(position.layout.tiles()) | set(position.hand(position.turn))
    ends = layout.open_ends()
    return max((layout.place(t, e.side).points() for t in ALL_TILES if t not in seen and t != move.tile
                for e in ends if t.has(e.pip)), default=0)


class _Greedy:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, position: Position) -> Move:
        def key(move: Move) -> tuple[int, int, int]:
            return (-position.points(move), _reply(position, move), -move.tile.pips)

        moves = position.legal_moves()
        best = min(key(m) for m in moves)
        return self.rng.choice([m for m in moves if key(m) == best])


class _Random:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, position: Position) -> Move:
        return self.rng.choice(position.legal_moves())


def replay(game_seed: int) -> Iterator[tuple[Position, Voids]]:
    """Every decision of a version-2 hand, with the suits the other player had shown he
    lacked by then."""
    rng = random.Random(game_seed)
    rules = CINCOS if rng.random() < 0.2 else STANDARD
    bots = [(_Greedy if rng.choice(("greedy", "greedy", "random")) == "greedy" else _Random)(
        rng.randrange(1 << 30)) for _ in range(2)]
    position = deal(rules, 2, rng)
    voids: dict[int, frozenset[int]] = {}
    while not position.is_over:
        pips = frozenset(end.pip for end in position.layout.open_ends())
        if position.must_draw:
            voids[position.turn] = pips
            position = position.draw()
            continue
        if position.must_pass:
            voids[position.turn] = voids.get(position.turn, frozenset()) | pips
            position = position.pass_turn()
            continue
        yield position, {p: s for p, s in voids.items() if p != position.turn}
        position = position.play(bots[position.turn].choose(position))


def found_again(puzzle: Puzzle) -> tuple[Position, Voids]:
    """The full position a version-2 puzzle was made from, and the voids there; raises
    PuzzleError when its hand does not hold it."""
    for position, voids in replay(puzzle.seed):
        shown: Optional[Position] = position if puzzle.kind == "endgame" else mover_view(position)
        if shown is not None and shown.code() == puzzle.position:
            return position, voids
    raise PuzzleError(f"puzzle {puzzle.id}: its hand (seed {puzzle.seed}) does not reach its position")
