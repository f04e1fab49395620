"""Play models: how each kind of player chooses, as a chance for every legal move.

Reading a hand (`trainer.play.reading`) weighs each deal of the hidden tiles by how
likely the moves the others made were, had they held that deal's tiles. A model sees
only what the player saw: his own tiles, the table, the tile counts and the suits the
others showed they lack. The models:

- `uniform`: any legal move alike (the random player).
- `greedy`: the greedy player (`trainer.play.players.GreedyPlayer`): most points now,
  then the least the best reply with a tile he cannot see would score, then the
  heaviest tile; the moves that tie share 1 - EPSILON, and every legal move gets an
  equal share of EPSILON, so that one move the model did not expect lowers a deal's
  weight twentyfold or so rather than ruling it out.
- `guarded`: the guarded play-out policy (`trainer.search.played_out`): points now less
  the most the next player could score in reply with a tile he may hold (none of a suit
  he showed he lacks), then points now, then the heaviest tile; EPSILON as for greedy.
- `club`: a softmax at TEMPERATURE points over a cheap evaluation: points now, less
  that best reply, plus KEEP points for every tile left in hand that fits an open end
  the move leaves, counted once per end it fits (a player keeps his suits open and leads
  the double of a suit he holds). Every legal move keeps some chance.
- `expert`: the expert searches deals of its own for every move, too costly to repeat
  for every deal read; it is read as `club`.

>>> from trainer.engine.position import Position
>>> p = Position.from_code("5-0 6-5,5-5,1-0/?7 ?17 0 5,0")
>>> {str(m): round(c, 3) for m, c in model("greedy").chances(p).items()}
{'6-5@W': 0.017, '5-5@W': 0.967, '1-0@E': 0.017}
>>> {str(m): round(c, 3) for m, c in model("club").chances(p).items()}
{'6-5@W': 0.089, '5-5@W': 0.802, '1-0@E': 0.109}
"""

from __future__ import annotations

import math
from typing import Optional

from trainer.engine.moves import Move
from trainer.engine.position import Position
from trainer.engine.tiles import ALL_TILES, Tile
from trainer.engine.voids import Voids
from trainer.errors import NotationError

EPSILON = 0.05  # greedy and guarded: the share spread over every legal move alike
TEMPERATURE = 5.0  # club: points that make a move e (2.7) times likelier
KEEP = 1.0  # club: points for each tile kept that fits an open end, once per end

Hand = frozenset[Tile]


class Table:
    """One decision as the models see it: the table, whose turn it is and the voids
    known then, with what each move scores and the best reply each tile could make to it
    worked out once, for every hand the player may have held.

    >>> t = Table(Position.from_code("5-0 6-5,5-5,1-0/?7 ?17 0 5,0"))
    >>> [str(m) for m in t.moves(frozenset(t.position.hand(0)))]
    ['6-5@W', '5-5@W', '1-0@E']
    """

    def __init__(self, position: Position, voids: Optional[Voids] = None) -> None:
        self.position = position
        self.player = position.turn
        self.on_table = frozenset(position.layout.tiles())
        lacks = (voids or {}).get((self.player + 1) % position.players, frozenset())
        self.may_reply = frozenset(t for t in ALL_TILES if t not in self.on_table
                                   and t.high not in lacks and t.low not in lacks)
        self._moves: dict[Hand, tuple[Move, ...]] = {}
        self._points: dict[Move, int] = {}
        self._replies: dict[Move, tuple[tuple[int, Tile], ...]] = {}
        self._ends: dict[Move, tuple[int, ...]] = {}

    def moves(self, hand: Hand) -> tuple[Move, ...]:
        """The legal moves with `hand`."""
        found = self._moves.get(hand)
        if found is None:
            hands = list(self.position.hands)
            hands[self.player] = tuple(sorted(hand, reverse=True))
            position = Position(self.position.layout, tuple(hands), self.position.boneyard,
                                self.player, self.position.scores, self.position.rules)
            found = self._moves[hand] = position.legal_moves()
        return found

    def points(self, move: Move) -> int:
        if move not in self._points:
            self._points[move] = self.position.layout.place(move.tile, move.side).points()
        return self._points[move]

    def reply(self, move: Move, hand: Hand, guarded: bool) -> int:
        """The most a tile the player cannot see (`guarded`: one the next player may
        hold) would score placed next, after `move`."""
        for points, tile in self._replies_to(move):
            if tile not in hand and (not guarded or tile in self.may_reply):
                return points
        return 0

    def kept(self, move: Move, hand: Hand) -> int:
        """Tiles left in `hand` after `move` that fit an open end it leaves, once per end."""
        if move not in self._ends:
            layout = self.position.layout.place(move.tile, move.side)
            self._ends[move] = tuple(end.pip for end in layout.open_ends())
        return sum(1 for pip in self._ends[move] for t in hand if t != move.tile and t.has(pip))

    def _replies_to(self, move: Move) -> tuple[tuple[int, Tile], ...]:
        """Every tile off the table but `move`'s with the most it scores next, best first."""
        found = self._replies.get(move)
        if found is None:
            layout = self.position.layout.place(move.tile, move.side)
            ends = layout.open_ends()
            best = []
            for tile in ALL_TILES:
                if tile in self.on_table or tile == move.tile:
                    continue
                points = max((layout.place(tile, e.side).points() for e in ends if tile.has(e.pip)),
                             default=0)
                if points:
                    best.append((points, tile))
            found = self._replies[move] = tuple(sorted(best, reverse=True))
        return found


class PlayModel:
    """A model: `weigh(table, hand)` gives the chance of each legal move with `hand`
    (uniform here: the random player)."""

    name = "uniform"
    stands_for = "uniform"  # the model a name is read as (expert: club)

    def weigh(self, table: Table, hand: Hand) -> dict[Move, float]:
        moves = table.moves(hand)
        return {m: 1.0 / len(moves) for m in moves}

    def chances(self, position: Position, voids: Optional[Voids] = None) -> dict[Move, float]:
        """The chance of each legal move of `position`'s mover (his hand must be shown),
        `voids` the suits each player showed he lacks."""
        return self.weigh(Table(position, voids), frozenset(position.hand(position.turn)))


class Ranked(PlayModel):
    """Mass 1 - `epsilon` shared by the moves with the best key, `epsilon` over all."""

    guarded = False

    def __init__(self, epsilon: float = EPSILON) -> None:
        self.epsilon = epsilon

    def key(self, table: Table, hand: Hand, move: Move) -> tuple[int, int, int]:
        raise NotImplementedError

    def weigh(self, table: Table, hand: Hand) -> dict[Move, float]:
        moves = table.moves(hand)
        if len(moves) == 1:
            return {moves[0]: 1.0}
        keys = {m: self.key(table, hand, m) for m in moves}
        best = max(keys.values())
        tied = sum(1 for k in keys.values() if k == best)
        floor = self.epsilon / len(moves)
        return {m: floor + ((1.0 - self.epsilon) / tied if k == best else 0.0) for m, k in keys.items()}


class Greedy(Ranked):
    """The greedy player: most points now, then the least reply, then the heaviest tile."""

    name = stands_for = "greedy"

    def key(self, table: Table, hand: Hand, move: Move) -> tuple[int, int, int]:
        return (table.points(move), -table.reply(move, hand, False), move.tile.pips)


class Guarded(Ranked):
    """The guarded policy: points now less the next player's best reply with a tile he
    may hold, then points now, then the heaviest tile."""

    name = stands_for = "guarded"

    def key(self, table: Table, hand: Hand, move: Move) -> tuple[int, int, int]:
        points = table.points(move)
        return (points - table.reply(move, hand, True), points, move.tile.pips)


class Club(PlayModel):
    """A softmax at `temperature` over points now, less the next player's best reply with
    a tile he may hold, plus `keep` for each tile kept that fits an open end (per end)."""

    name = stands_for = "club"

    def __init__(self, temperature: float = TEMPERATURE, keep: float = KEEP) -> None:
        self.temperature = temperature
        self.keep = keep

    def value(self, table: Table, hand: Hand, move: Move) -> float:
        return (table.points(move) - table.reply(move, hand, True)
                + self.keep * table.kept(move, hand))

    def weigh(self, table: Table, hand: Hand) -> dict[Move, float]:
        moves = table.moves(hand)
        if len(moves) == 1:
            return {moves[0]: 1.0}
        values = {m: self.value(table, hand, m) for m in moves}
        top = max(values.values())
        raw = {m: math.exp((v - top) / self.temperature) for m, v in values.items()}
        total = sum(raw.values())
        return {m: r / total for m, r in raw.items()}


class Expert(Club):
    """The expert, read as `club` (its own search for every deal read costs too much)."""

    name = "expert"
    stands_for = "club"


MODELS: dict[str, type[PlayModel]] = {"uniform": PlayModel, "greedy": Greedy, "guarded": Guarded,
                                      "club": Club, "expert": Expert}


def model(name: str) -> PlayModel:
    """A model by name, with its stated parameters; raises NotationError naming the choices."""
    try:
        return MODELS[name]()
    except KeyError:
        shown = name if len(name) <= 20 else name[:20] + "..."
        raise NotationError(f"unknown model {shown!r}: choose one of {', '.join(MODELS)}") from None
