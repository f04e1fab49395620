"""Every deal of the tiles a player cannot see, for judging a decision on his information
exactly: each way the hidden tiles may lie (the hand sizes kept, each opponent holding
none of the suits he showed he lacks), once; the boneyard, when hidden, in every order.

A move's value on the player's information is then the mean of its exact values over
these deals, all equally likely: an exact expectation, not an estimate.

>>> from trainer.engine.position import Position
>>> table = ("0-0:0-3,3-4,4-6,6-5,5-5,5-1,1-0:0-4,4-2,2-1,1-3,3-2,2-0,0-5,5-4::"
...          "0-6,6-3,3-3,3-5,5-2,2-2,2-6,6-1")
>>> view = Position.from_code(table + " ?2/4-1,1-1 - 1 15,15")  # rules.md's endgame as player 1 sees it
>>> [", ".join(map(str, deal.hands[0])) for deal in every_deal(view)]  # the two he cannot see
['6-6, 4-4']
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from dataclasses import replace
from typing import Optional

from trainer.engine.position import Hidden, Position, size
from trainer.engine.tiles import ALL_TILES, Tile, sort_tiles
from trainer.engine.voids import Voids


def unseen(view: Position) -> tuple[Tile, ...]:
    """The tiles the mover cannot see: not on the table, not in a shown hand."""
    seen = set(view.layout.tiles())
    for hand in view.hands:
        if not isinstance(hand, Hidden):
            seen.update(hand)
    if not isinstance(view.boneyard, Hidden):
        seen.update(view.boneyard)
    return tuple(tile for tile in ALL_TILES if tile not in seen)


def hidden_seats(view: Position) -> tuple[int, ...]:
    return tuple(p for p, hand in enumerate(view.hands) if isinstance(hand, Hidden) and hand.count)


def deal_count(view: Position) -> int:
    """How many deals `every_deal` makes without voids (an upper bound with them)."""
    sizes = [size(view.hands[p]) for p in hidden_seats(view)]
    bone = size(view.boneyard) if isinstance(view.boneyard, Hidden) else 0
    total = sum(sizes) + bone
    count = math.factorial(total)
    for n in sizes:
        count //= math.factorial(n)
    return count


def every_deal(view: Position, voids: Optional[Voids] = None) -> Iterator[Position]:
    """Each full position the hidden tiles of `view` may make, once; `voids` are the
    suits a player is known to lack."""
    seats = hidden_seats(view)
    bone = view.boneyard.count if isinstance(view.boneyard, Hidden) else -1
    tiles = unseen(view)
    lacking = voids or {}

    def fill(index: int, left: tuple[Tile, ...], hands: list[tuple[Tile, ...]]) -> Iterator[Position]:
        if index == len(seats):
            if bone < 0:
                yield replace(view, hands=tuple(hands))
                return
            for order in itertools.permutations(left):
                yield replace(view, hands=tuple(hands), boneyard=tuple(order))
            return
        seat = seats[index]
        n = size(view.hands[seat])
        banned = lacking.get(seat, frozenset())
        allowed = [tile for tile in left if not (tile.high in banned or tile.low in banned)]
        for chosen in itertools.combinations(allowed, n):
            rest = tuple(tile for tile in left if tile not in chosen)
            hands[seat] = sort_tiles(chosen)
            yield from fill(index + 1, rest, hands)
        hands[seat] = view.hands[seat]  # type: ignore[assignment]

    yield from fill(0, tiles, list(view.hands))  # type: ignore[arg-type]
