"""Computer players behind one interface: `choose(position) -> Move`, each seeded.

>>> from trainer.engine.position import Position
>>> p = Position.from_code("5-0 6-5,5-5/?7 ?18 0 5,0")
>>> str(GreedyPlayer().choose(p))
'5-5@W'
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Optional, Protocol

from trainer.engine.moves import Move
from trainer.engine.position import Hidden, Position, size
from trainer.engine.tiles import ALL_TILES, Tile
from trainer.engine.voids import Voids
from trainer.errors import NotationError
from trainer.play.hand_history import HandSoFar
from trainer.play.inferred import InferredDealer
from trainer.play.models import Guarded, Table
from trainer.play.models import model as make_model
from trainer.search.finish import winning_moves
from trainer.search.played_out import PLAYOUT_DEALS, played_out
from trainer.search.sampling import expected_values

PLAYOUT_SHARE = 0.15  # of the expert's time, with yardstick "both": the play-outs


class Player(Protocol):
    name: str

    def choose(self, position: Position, voids: Optional[Voids] = None,
               so_far: Optional[HandSoFar] = None) -> Move:
        """A legal move for the mover of `position` (who has one). `voids`: the suits
        each player showed he lacks this hand (`Match.voids()`), and `so_far`: the hand
        so far (`hand_so_far(match)`), for those who use them."""
        ...


class RandomPlayer:
    """Any legal move, uniformly."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, position: Position, voids: Optional[Voids] = None,
               so_far: Optional[HandSoFar] = None) -> Move:
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

    def choose(self, position: Position, voids: Optional[Voids] = None,
               so_far: Optional[HandSoFar] = None) -> Move:
        def key(move: Move) -> tuple[int, int, int]:
            return (-position.points(move), best_reply_points(position, move), -move.tile.pips)

        moves = position.legal_moves()
        best = min(key(m) for m in moves)
        return self.rng.choice([m for m in moves if key(m) == best])


class GuardedPlayer:
    """The guarded policy of the play-outs (`trainer.play.models.Guarded`): points now
    less the most the next player could score in reply with a tile he may hold (none
    of a suit he showed he lacks), then points now, then the heaviest tile."""

    name = "guarded"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.policy = Guarded()

    def choose(self, position: Position, voids: Optional[Voids] = None,
               so_far: Optional[HandSoFar] = None) -> Move:
        table = Table(position, voids)
        hand = frozenset(position.hand(position.turn))
        keys = {m: self.policy.key(table, hand, m) for m in table.moves(hand)}
        best = max(keys.values())
        return self.rng.choice([m for m, k in keys.items() if k == best])


def mover_view(position: Position) -> Position:
    """The position as the mover sees it: other hands and the boneyard hidden."""
    hands = tuple(h if p == position.turn else Hidden(size(h))
                  for p, h in enumerate(position.hands))
    return replace(position, hands=hands, boneyard=Hidden(size(position.boneyard)))


YARDSTICKS = ("exact", "played", "both")


class ExpertPlayer:
    """Deals the tiles it cannot see (uniformly, given the suits the others showed they
    lack) and plays the move with the best mean over those deals, within `budget`
    seconds a move, by its `yardstick`:

    - `exact`: each deal solved exactly (on every core, a deal a thread); where no deal
      can be solved in time (early in a big hand, on a busy machine) it plays as greedy;
    - `played`: the rest of the hand played out on each deal with every player choosing
      on what he can see (`trainer.search.played_out`);
    - `both`: solved exactly in most of the time, then played out; where the two
      contradict each other beyond their margins about the exact best and the
      played-out best, it plays the played-out best.

    Given the game's `target`, it takes a move that reaches it, which wins the game at
    once, before any other. With a play `model` (`trainer.play.models`) and the hand so
    far, it reads the hand: its deals are weighed by the others' moves under that model
    (`trainer.play.inferred`), the weighing counted in its time."""

    name = "expert"

    def __init__(self, seed: int = 0, budget: float = 1.0, target: Optional[int] = None,
                 yardstick: str = "exact", model: Optional[str] = None) -> None:
        if yardstick not in YARDSTICKS:
            raise NotationError(f"unknown yardstick {yardstick!r}: choose one of {', '.join(YARDSTICKS)}")
        self.model = None if model is None else make_model(model)
        if model is not None:
            self.name = "expert reading"
        self.rng = random.Random(seed)
        self.budget = budget
        self.target = target  # the game's: a move that reaches it wins at once
        self.yardstick = yardstick
        self.fallback = GreedyPlayer(seed)
        self.last_samples = 0
        self.last_effective: Optional[float] = None  # with a model: the weighed deals' effective number

    def choose(self, position: Position, voids: Optional[Voids] = None,
               so_far: Optional[HandSoFar] = None) -> Move:
        moves = position.legal_moves()
        if len(moves) == 1:
            return moves[0]
        winning = winning_moves(position, self.target)
        if winning:
            return winning[0]
        view = mover_view(position)
        start = time.perf_counter()
        if self.yardstick == "played":
            played = played_out(view, PLAYOUT_DEALS, self.rng.getrandbits(32), voids,
                                deadline=start + self.budget)
            self.last_samples = played.deals
            return played.best()
        others = {p: v for p, v in (voids or {}).items() if p != position.turn}
        share = self.budget * (PLAYOUT_SHARE if self.yardstick == "both" else 0.0)
        dealt = None
        if self.model is not None and so_far is not None:
            dealer = InferredDealer(view, others, so_far, self.model, self.rng)
            self.last_effective = None if dealer.uniform else dealer.effective
            dealt = dealer.deal
        left = self.budget - share - (time.perf_counter() - start)
        found = expected_values(view, max(left, 0.05), self.rng, others, dealt=dealt)
        self.last_samples = found.samples
        if not found.samples:
            return self.fallback.choose(position)
        best = found.best()[0]
        if self.yardstick == "exact":
            return best
        played = played_out(view, PLAYOUT_DEALS, self.rng.getrandbits(32), voids,
                            deadline=start + self.budget)
        rival = played.best()
        lead, margin = found.lead(best, rival) if rival != best else (0.0, math.inf)
        if lead - margin > 0 and played.difference(rival, best).low > 0:  # the two contradict
            return rival
        return best


PLAYERS: dict[str, Callable[[int], Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "guarded": GuardedPlayer,
    "expert": ExpertPlayer,
}


def make_player(name: str, seed: int = 0, target: Optional[int] = None,
                budget: Optional[float] = None, model: Optional[str] = None) -> Player:
    """A player by name, told the game's `target` and his thinking `budget` (seconds a
    move) if he uses them, and the expert the play `model` to read the hand by (None:
    uniform deals); raises NotationError naming the choices."""
    if name == "expert":
        return ExpertPlayer(seed, 1.0 if budget is None else budget, target, model=model)
    try:
        return PLAYERS[name](seed)
    except KeyError:
        raise NotationError(f"unknown player {name!r}: choose one of {', '.join(PLAYERS)}") from None
