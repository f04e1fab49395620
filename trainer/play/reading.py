"""Where the tiles are: the chance that each tile the mover cannot see lies in each
other hand or in the boneyard, from his view and the hand so far.

Under `uniform` every deal that fits what he knows (hand sizes, the suits each player
showed he lacks) counts alike, and the chances are exact: counted group by group
(`Dealer.chances`), however many deals there are. Under a play model
(`trainer.play.models`) each deal is weighed by the likelihood of the moves the other
players made, had that deal been true: for each of their moves, the model's chance of
that move from the hand he then held (his tiles in the deal and the ones he played
since) and the table he faced. When the deals that fit are no more than asked, every one
is weighed and the figures are exact under the model (when that stays within
MAX_EVALUATIONS of the model); otherwise that many are drawn from
the uniform dealer (importance weights). The effective number of deals, (Σw)²/Σw²,
stands beside the nominal one; when it falls below FLOOR_DEALS or FLOOR_SHARE of the
nominal, the weights rest on too few deals and the reading falls back to uniform, and
says so.

A player's moves made before a draw of his that is still to come are not weighed: the
deal says what he holds now, not which of those tiles he drew later.

>>> from trainer.engine.position import Position
>>> r = read(Position.from_code("4-5,5-1 6-4,1-1/?7 ?17 0 0,0"), {1: frozenset({1, 4})})
>>> r.exact, r.deals, r.places, round(r.chances[Tile(6, 6)][0], 4)
(True, 6435, (1, None), 0.4667)
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Optional, Union

from trainer.engine.moves import Move
from trainer.engine.position import Hidden, Position
from trainer.engine.tiles import Tile
from trainer.engine.voids import Voids
from trainer.errors import InvalidPositionError
from trainer.play.hand_history import HandSoFar
from trainer.play.models import PlayModel, Table, model
from trainer.search.dealing import Dealer

DEALS = 2_000  # deals weighed under a model, unless asked otherwise
MAX_DEALS = 20_000
MAX_EVALUATIONS = 200_000  # a model's chances worked out for one hand at one turn
FLOOR_DEALS = 20  # below this effective number of deals, the reading falls back to uniform
FLOOR_SHARE = 0.02  # ... or below this share of the deals drawn
SPREAD = 3.0  # the margin of a sampled figure: this many standard errors


@dataclass(frozen=True)
class Reading:
    """The chances of each unseen tile, one per hidden place (`places`: hidden seats,
    then None for a hidden boneyard), and what they rest on."""

    model: str  # the model the figures rest on ("uniform" after a fallback)
    asked: str  # the model asked for
    exact: bool
    deals: int  # every deal that fits when exact, else the deals drawn
    effective: float  # (Σw)²/Σw² over those deals
    places: tuple[Optional[int], ...]
    chances: dict[Tile, tuple[float, ...]]
    margin: Optional[float]  # the widest figure's margin (SPREAD standard errors) when sampled
    note: str  # what the reader should know: a fallback, a model read as another, a cap


class Decision:
    """A move of another player to weigh: his model's chances at that table, kept for
    each hand he may have held."""

    def __init__(self, player: int, table: Table, move: Move, played: frozenset[Tile]) -> None:
        self.player = player
        self.table = table
        self.move = move
        self.played = played  # his tiles played from this move on: in his hand then
        self.kept: dict[frozenset[Tile], float] = {}


def decisions(view: Position, so_far: Optional[HandSoFar]) -> list[Decision]:
    """The other players' moves that can be weighed: not the mover's, and not one made
    before a draw of the same player still to come."""
    if so_far is None:
        return []
    found: list[Decision] = []
    turns = so_far.turns
    for index, seen in enumerate(turns):
        later = turns[index:]
        if (seen.move is None or seen.player == view.turn or not isinstance(view.hands[seen.player], Hidden)
                or any(s.player == seen.player and s.draws for s in later[1:])):
            continue
        played = frozenset(s.move.tile for s in later if s.player == seen.player and s.move is not None)
        found.append(Decision(seen.player, Table(seen.table, seen.voids), seen.move, played))
    return found


def check_agrees(view: Position, so_far: HandSoFar) -> None:
    """Raise InvalidPositionError unless the hand so far ends at `view`'s table."""
    now = so_far.now
    if view.layout != now.layout:
        raise InvalidPositionError(f"the hand so far ends at the layout {now.layout}, not {view.layout}")
    if view.players != now.players or view.turn != now.turn:
        raise InvalidPositionError(f"the hand so far ends with player {now.turn} of {now.players} to move, "
                                   f"not player {view.turn} of {view.players}")
    for player in range(view.players):
        if player != view.turn and _size(view.hands[player]) != _size(now.hands[player]):
            raise InvalidPositionError(f"the hand so far leaves player {player} {_size(now.hands[player])} "
                                       f"tiles, not {_size(view.hands[player])}")


def _size(hand: object) -> int:
    return hand.count if isinstance(hand, Hidden) else len(hand)  # type: ignore[arg-type]


def read(view: Position, voids: Optional[Voids] = None, so_far: Optional[HandSoFar] = None,
         model_name: Union[str, PlayModel] = "uniform", deals: int = DEALS, seed: int = 0,
         counted: bool = True) -> Reading:
    """The reading of `view` (the mover's hand shown) under `model_name` (or a model
    made with other parameters), `voids` and the
    voids `so_far` shows together; at most `deals` deals weighed. `counted` False samples
    the uniform figures too, as a model's are (to check the sampling against the count).
    Raises TrainerError subclasses for a position, history or number that does not fit."""
    chosen = model(model_name) if isinstance(model_name, str) else model_name
    if not 1 <= deals <= MAX_DEALS:
        raise InvalidPositionError(f"the deals to weigh are 1 to {MAX_DEALS:,}")
    mine = view.hands[view.turn]
    if isinstance(mine, Hidden) and mine.count:
        raise InvalidPositionError(f"the mover's hand (player {view.turn}) is hidden: a reading is "
                                   "from his view, so his tiles must be shown")
    if so_far is not None:
        check_agrees(view, so_far)
    known = joined_voids(voids or {}, so_far.voids if so_far is not None else {}, view.turn)
    dealer = Dealer(view, known)
    uniform = chosen.stands_for == "uniform"
    to_weigh = [] if uniform else decisions(view, so_far)
    note = f"{chosen.name} is read as {chosen.stands_for}; " if chosen.name != chosen.stands_for else ""
    if uniform and counted:
        return _uniform(dealer, chosen.name, chosen.name, "")
    if not uniform and not to_weigh:
        note += "no move of another player to weigh: the figures are the uniform ones"
        return _uniform(dealer, chosen.name, chosen.name, note)
    every = counted and dealer.ways <= deals and dealer.ways * len(to_weigh) <= MAX_EVALUATIONS
    if every:
        found = weigh(dealer, dealer.every_share(), to_weigh, chosen)
    else:
        rng = random.Random(seed)
        found = weigh(dealer, (dealer.shares(rng) for _ in range(deals)), to_weigh, chosen)
    planned = dealer.ways if every else deals
    exact = every and found.evaluated == planned
    if found.evaluated < planned:
        note += f"stopped after {found.evaluated:,} deals: the cap of {MAX_EVALUATIONS:,} model evaluations; "
    total = sum(found.weights)
    effective = total * total / sum(w * w for w in found.weights) if total > 0 else 0.0
    if total <= 0:
        return _uniform(dealer, chosen.name, "uniform",
                        note + "no deal read makes the others' moves possible: the figures are uniform")
    if not exact and (effective < FLOOR_DEALS or effective < FLOOR_SHARE * found.evaluated):
        return _uniform(dealer, chosen.name, "uniform",
                        note + f"the weights collapsed (effective {effective:,.1f} of {found.evaluated:,} "
                        "deals): the figures are the uniform ones")
    chances = {tile: tuple(c / total for c in row) for tile, row in found.sums.items()}
    margin = None if exact else SPREAD * max(
        (math.sqrt(p * (1 - p) / effective) for row in chances.values() for p in row), default=0.0)
    return Reading(chosen.name, chosen.name, exact, found.evaluated, effective, dealer.places, chances,
                   margin, note.strip("; "))


def joined_voids(given: Voids, shown: Voids, mover: int) -> Voids:
    """The suits each player but `mover` lacks by `given` or by `shown`."""
    out: dict[int, frozenset[int]] = {}
    for voids in (given, shown):
        for player, suits in voids.items():
            if player != mover:
                out[player] = out.get(player, frozenset()) | suits
    return out


def _uniform(dealer: Dealer, asked: str, name: str, note: str) -> Reading:
    exact = dealer.chances()
    return Reading(name, asked, True, dealer.ways, float(dealer.ways), dealer.places,
                   {tile: tuple(float(c) for c in row) for tile, row in exact.items()}, None, note)


@dataclass
class Weighed:
    weights: list[float]
    sums: dict[Tile, list[float]]
    evaluated: int  # deals weighed


def weigh(dealer: Dealer, shares: Iterable[list[list[Tile]]], to_weigh: list[Decision],
          chosen: PlayModel) -> Weighed:
    """Each deal's weight (its likelihood under `chosen`, scaled by the largest so far)
    and each tile's weighted tally per place, within MAX_EVALUATIONS."""
    where = {place: i for i, place in enumerate(dealer.places)}
    logs: list[float] = []
    deals: list[list[list[Tile]]] = []
    evaluations = 0
    for held in shares:
        if evaluations >= MAX_EVALUATIONS:
            break
        log = 0.0
        for d in to_weigh:
            hand = frozenset(held[where[d.player]]) | d.played
            chance = d.kept.get(hand)
            if chance is None:
                evaluations += 1
                chance = d.kept[hand] = chosen.weigh(d.table, hand).get(d.move, 0.0)
            if chance <= 0:
                log = -math.inf
                break
            log += math.log(chance)
        logs.append(log)
        deals.append(held)
    top = max(logs, default=-math.inf)
    weights = [math.exp(v - top) if top > -math.inf and v > -math.inf else 0.0 for v in logs]
    sums = {tile: [0.0] * len(dealer.places) for tile in dealer.unseen}
    for w, held in zip(weights, deals):
        if w:
            for place, tiles in enumerate(held):
                for tile in tiles:
                    sums[tile][place] += w
    return Weighed(weights, sums, len(logs))


def rounded(row: tuple[float, ...], places: int = 4) -> list[float]:
    """`row` rounded to `places` decimals, the largest taking what rounding lost so that
    a row summing to 1 still does.

    >>> rounded((1 / 3, 1 / 3, 1 / 3))
    [0.3334, 0.3333, 0.3333]
    """
    out = [round(v, places) for v in row]
    if out and abs(sum(row) - 1.0) < 1e-9:
        top = max(range(len(out)), key=lambda i: out[i])
        out[top] = round(out[top] + 1.0 - sum(out), places)
    return out
