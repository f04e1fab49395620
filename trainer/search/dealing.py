"""Deals of the tiles a player cannot see, uniform over every deal consistent with
what he knows.

What he knows: the layout, his own hand (and any other hand shown), every hand's
size, the boneyard's size, and the suits each player showed he lacks (he drew or
passed on them and has drawn nothing since, `trainer.engine.voids`). Every deal that
fits all of that is equally likely: each assignment of the unseen tiles to the hidden
hands and the boneyard, and, given the boneyard's tiles, each of their orders.

With voids, the hands cannot be filled one after another from a shuffled pool (that
piles the void suits up at the top of the boneyard, and with two constrained hands it
is not uniform either). Instead the unseen tiles are grouped by the hidden hands that
may hold them (a tile of a suit player 1 lacks may lie only in the other hands or the
boneyard), the number of ways to complete a deal from each point is counted exactly
(`Dealer.ways`), and each group's tiles are shared out with probability in proportion
to the deals each share leaves. The counting is done once per position, in work
bounded by the groups (at most 8) and the hand sizes; a deal then costs a few shuffles.
When no deal fits, `Dealer` says why at once.

>>> from trainer.engine.position import Position
>>> p = Position.from_code("4-5,5-1 6-4,1-1/?7 ?17 0 0,0")
>>> dealer = Dealer(p, {1: frozenset({1, 4})})
>>> dealer.ways > 0, dealer.deal(random.Random(1)).is_fully_known
(True, True)
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator, Mapping
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from typing import Optional

from trainer.engine.position import Hidden, Position
from trainer.engine.tiles import ALL_TILES, Tile
from trainer.engine.voids import Voids
from trainer.errors import InvalidPositionError

Split = tuple[int, ...]  # how many of a group's tiles go to each hidden place


class Dealer:
    """Uniform deals of `position`'s hidden tiles given `voids` (the suits each player
    is known to lack; those of shown hands are not needed) and `barred` (tiles a hidden
    player is taken not to hold: to count the deals where he holds none of them).
    Raises InvalidPositionError naming what is wrong when no deal fits."""

    def __init__(self, position: Position, voids: Optional[Voids] = None,
                 barred: Optional[Mapping[int, frozenset[Tile]]] = None) -> None:
        self.position = position
        seen: set[Tile] = set(position.layout.tiles())
        for hand in position.hands:
            if not isinstance(hand, Hidden):
                seen.update(hand)
        if not isinstance(position.boneyard, Hidden):
            seen.update(position.boneyard)
        self.unseen: tuple[Tile, ...] = tuple(t for t in ALL_TILES if t not in seen)
        # the hidden places: hidden hands (players), then the boneyard (None) if hidden
        self.places: tuple[Optional[int], ...] = (
            *(p for p, h in enumerate(position.hands) if isinstance(h, Hidden)),
            *((None,) if isinstance(position.boneyard, Hidden) else ()))
        self.sizes: tuple[int, ...] = tuple(
            _hidden_count(position.boneyard if p is None else position.hands[p]) for p in self.places)
        if sum(self.sizes) != len(self.unseen):
            raise InvalidPositionError(
                f"the hidden hands and boneyard hold {sum(self.sizes)} tiles, but {len(self.unseen)} "
                "are not shown")
        lacks = {p: frozenset(s) for p, s in (voids or {}).items()}
        groups: dict[tuple[bool, ...], list[Tile]] = {}
        for tile in self.unseen:
            allowed = tuple(p is None or not ({tile.high, tile.low} & lacks.get(p, frozenset())
                                             or tile in (barred or {}).get(p, frozenset()))
                            for p in self.places)
            groups.setdefault(allowed, []).append(tile)
        self.groups: tuple[tuple[tuple[bool, ...], tuple[Tile, ...]], ...] = tuple(
            (allowed, tuple(tiles)) for allowed, tiles in sorted(groups.items(), reverse=True))
        self._known_masks = tuple(0 if isinstance(h, Hidden) else sum(1 << t.ordinal for t in h)
                                  for h in position.hands)
        self._known_bone = () if isinstance(position.boneyard, Hidden) else tuple(
            t.ordinal for t in position.boneyard)
        self._count = lru_cache(maxsize=None)(self._count_from)
        self._choices = lru_cache(maxsize=None)(self._choices_at)
        self.ways = self._count(0, self.sizes)
        if not self.ways:
            raise InvalidPositionError(self._why_none(lacks))

    # ----- counting -----
    def _splits(self, index: int, room: tuple[int, ...]) -> list[Split]:
        """Every way to share group `index`'s tiles out among the places that may hold
        them, within the room each has left."""
        allowed, tiles = self.groups[index]
        out: list[Split] = []

        def fill(place: int, left: int, taken: tuple[int, ...]) -> None:
            if place == len(room):
                if not left:
                    out.append(taken)
                return
            most = min(left, room[place]) if allowed[place] else 0
            for k in range(most + 1):
                fill(place + 1, left - k, (*taken, k))

        fill(0, len(tiles), ())
        return out

    def _count_from(self, index: int, room: tuple[int, ...]) -> int:
        """The deals (assignments of tiles to places) of groups `index` on into `room`."""
        if index == len(self.groups):
            return 1 if not any(room) else 0
        return sum(weight for _, weight in self._choices(index, room))

    def _choices_at(self, index: int, room: tuple[int, ...]) -> tuple[tuple[Split, int], ...]:
        """Each split of group `index` with the number of whole deals it leaves:
        the ways to pick its tiles for each place times the deals of the groups after."""
        size = len(self.groups[index][1])
        found = []
        for split in self._splits(index, room):
            rest = self._count(index + 1, tuple(r - k for r, k in zip(room, split)))
            if rest:
                ways = math.factorial(size)
                for k in split:
                    ways //= math.factorial(k)
                found.append((split, ways * rest))
        return tuple(found)

    def _why_none(self, lacks: dict[int, frozenset[int]]) -> str:
        for place, size in zip(self.places, self.sizes):
            if place is None:
                continue
            fit = sum(1 for allowed, tiles in self.groups for _ in tiles
                      if allowed[self.places.index(place)])
            if fit < size:
                suits = ", ".join(f"{s}s" for s in sorted(lacks.get(place, ())))
                return (f"no deal of the unseen tiles fits what is known: player {place} holds {size} "
                        f"tiles and lacks {suits}, but only {fit} unseen tiles have none of those")
        return ("no deal of the unseen tiles fits what is known: the voids of the hidden hands "
                "leave too few tiles for them together")

    # ----- every deal at once -----
    def chances(self) -> dict[Tile, tuple[Fraction, ...]]:
        """The exact chance that each unseen tile lies in each hidden place (`places`
        order) over every deal that fits: counted group by group, not enumerated (the
        tiles of a group are alike, so a tile's chance is its group's expected share
        over the group's size).

        >>> from trainer.engine.position import Position
        >>> d = Dealer(Position.from_code("4-5,5-1 6-4,1-1/?7 ?17 0 0,0"), {1: frozenset({1, 4})})
        >>> d.places, [str(c) for c in d.chances()[Tile(6, 6)]]
        ((1, None), ['7/15', '8/15'])
        """
        expected = [[0] * len(self.places) for _ in self.groups]
        front: dict[tuple[int, ...], int] = {self.sizes: 1}  # deals of the groups before, by room left
        for index in range(len(self.groups)):
            after: dict[tuple[int, ...], int] = {}
            for room, ahead in front.items():
                for split, ways in self._choices(index, room):
                    left = tuple(r - k for r, k in zip(room, split))
                    for place, k in enumerate(split):
                        expected[index][place] += ahead * ways * k
                    after[left] = after.get(left, 0) + ahead * (ways // self._count(index + 1, left))
            front = after
        return {tile: tuple(Fraction(e, len(tiles) * self.ways) for e in expected[index])
                for index, (_, tiles) in enumerate(self.groups) for tile in tiles}

    def every_share(self) -> Iterator[list[list[Tile]]]:
        """Every deal that fits, once each, as `shares` gives one (the boneyard's tiles
        in no particular order): `ways` of them, so count before calling."""
        def walk(index: int, room: tuple[int, ...], held: list[list[Tile]]) -> Iterator[list[list[Tile]]]:
            if index == len(self.groups):
                yield held
                return
            tiles = self.groups[index][1]
            for split, _ in self._choices(index, room):
                left = tuple(r - k for r, k in zip(room, split))
                for parts in _parts(tiles, split):
                    yield from walk(index + 1, left, [h + p for h, p in zip(held, parts)])

        yield from walk(0, self.sizes, [[] for _ in self.places])

    # ----- dealing -----
    def shares(self, rng: random.Random) -> list[list[Tile]]:
        """The tiles of each hidden place (in `places` order), uniform over every
        assignment that fits; the boneyard's in a uniform order."""
        room = self.sizes
        held: list[list[Tile]] = [[] for _ in self.places]
        for index, (_, tiles) in enumerate(self.groups):
            choices = self._choices(index, room)
            pick = rng.randrange(sum(w for _, w in choices))
            chosen = 0
            while pick >= choices[chosen][1]:
                pick -= choices[chosen][1]
                chosen += 1
            split = choices[chosen][0]
            pool = list(tiles)
            rng.shuffle(pool)
            start = 0
            for place, k in enumerate(split):
                held[place].extend(pool[start:start + k])
                start += k
            room = tuple(r - k for r, k in zip(room, split))
        if self.places and self.places[-1] is None:
            rng.shuffle(held[-1])
        return held

    def masks(self, rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """A deal as the fast path takes it: every hand as a bitmask of tile numbers
        and the boneyard's tile numbers in order (`trainer.search.fastplay.compact`)."""
        held = self.shares(rng)
        hands = list(self._known_masks)
        boneyard = self._known_bone
        for place, tiles in zip(self.places, held):
            if place is None:
                boneyard = tuple(t.ordinal for t in tiles)
            else:
                hands[place] = sum(1 << t.ordinal for t in tiles)
        return tuple(hands), boneyard

    def deal(self, rng: random.Random) -> Position:
        """The position with every hidden hand and a hidden boneyard filled."""
        return self.filled(self.shares(rng))

    def filled(self, held: list[list[Tile]]) -> Position:
        """The position with each hidden place given its tiles of `held` (`shares`' form)."""
        hands = list(self.position.hands)
        boneyard = self.position.boneyard
        for place, tiles in zip(self.places, held):
            if place is None:
                boneyard = tuple(tiles)
            else:
                hands[place] = tuple(sorted(tiles, reverse=True))
        return replace(self.position, hands=tuple(hands), boneyard=boneyard)


def _parts(tiles: tuple[Tile, ...], split: Split) -> Iterator[list[list[Tile]]]:
    """Every way to give `split[i]` of `tiles` to place i."""
    if not split:
        yield []
        return
    for chosen in itertools.combinations(tiles, split[0]):
        rest = tuple(t for t in tiles if t not in chosen)
        for parts in _parts(rest, split[1:]):
            yield [list(chosen), *parts]


def _hidden_count(tiles: object) -> int:
    return tiles.count if isinstance(tiles, Hidden) else 0


def sample_deal(position: Position, rng: random.Random, voids: Optional[Voids] = None) -> Position:
    """One uniform deal of `position`'s hidden tiles given `voids` (a `Dealer` made for
    this call: to deal the same position many times, keep a `Dealer`)."""
    return Dealer(position, voids).deal(rng)
