"""Deals of the hidden tiles weighed by the others' plays: how a player who reads the
hand deals it to himself before he searches.

A pool of POOL deals is drawn uniformly over what the mover knows
(`trainer.search.dealing`), and each is weighed by how likely the other players' moves
this hand were had it been true, under a play model (`trainer.play.reading.weigh`).
Each deal to solve is then drawn from the pool in proportion to those weights, its
boneyard shuffled again. Where there is no move of another player to weigh, or the
weights rest on too few deals (effective deals below FLOOR), the deals are uniform,
and `uniform` says so.

>>> from trainer.engine.game import Match
>>> from trainer.play.hand_history import hand_so_far
>>> from trainer.play.players import mover_view
>>> m = Match(seed=3)
>>> m.play(m.legal_moves()[0])
>>> d = InferredDealer(mover_view(m.position), m.voids(), hand_so_far(m), "club", random.Random(1))
>>> d.effective <= d.pool, d.deal(random.Random(2)).is_fully_known
(True, True)
"""

from __future__ import annotations

import bisect
import itertools
import random
from typing import Optional, Union

from trainer.engine.position import Position
from trainer.engine.tiles import Tile
from trainer.engine.voids import Voids
from trainer.play.hand_history import HandSoFar
from trainer.play.models import PlayModel, model
from trainer.play.reading import decisions, joined_voids, weigh
from trainer.search.dealing import Dealer

POOL = 300  # deals weighed before a search
FLOOR = 10.0  # fewer effective deals than this: the deals are uniform


class InferredDealer:
    """Deals of `view` (the mover's view) weighed by the moves `so_far` shows the
    others made, under `chosen` (a model or its name)."""

    def __init__(self, view: Position, voids: Optional[Voids], so_far: Optional[HandSoFar],
                 chosen: Union[str, PlayModel], rng: random.Random, pool: int = POOL) -> None:
        reader = model(chosen) if isinstance(chosen, str) else chosen
        shown = so_far.voids if so_far is not None else {}
        self.dealer = Dealer(view, joined_voids(voids or {}, shown, view.turn))
        self.pool = pool
        self.effective = float(pool)
        self._shares: list[list[list[Tile]]] = []
        self._cumulative: list[float] = []
        to_weigh = [] if reader.stands_for == "uniform" else decisions(view, so_far)
        if not to_weigh:
            return
        shares = [self.dealer.shares(rng) for _ in range(pool)]
        weights = weigh(self.dealer, shares, to_weigh, reader).weights
        total = sum(weights)
        self.effective = total * total / sum(w * w for w in weights) if total > 0 else 0.0
        if self.effective >= FLOOR:
            self._shares = shares[:len(weights)]
            self._cumulative = list(itertools.accumulate(weights))

    @property
    def uniform(self) -> bool:
        """True when the deals are uniform (nothing to weigh, or the weights collapsed)."""
        return not self._cumulative

    def deal(self, rng: random.Random) -> Position:
        """One deal: drawn from the weighed pool, or uniformly."""
        if not self._cumulative:
            return self.dealer.deal(rng)
        pick = bisect.bisect_right(self._cumulative, rng.random() * self._cumulative[-1])
        held = [list(tiles) for tiles in self._shares[min(pick, len(self._shares) - 1)]]
        if self.dealer.places and self.dealer.places[-1] is None:
            rng.shuffle(held[-1])
        return self.dealer.filled(held)
