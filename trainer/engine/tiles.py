"""Tiles of the double-six set and their text form.

>>> Tile.parse("4-6")
Tile(high=6, low=4)
>>> str(Tile(5, 5)), Tile(5, 5).pips, Tile(5, 5).is_double
('5-5', 10, True)
>>> len(ALL_TILES)
28
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from trainer.engine.numbers import typed_shown
from trainer.errors import NotationError

MAX_PIP = 6


class Tile(NamedTuple):
    """One domino, high pip first."""

    high: int
    low: int

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read `a-b` in either order; raises NotationError."""
        return tile_from_text(text)

    @classmethod
    def of(cls, a: int, b: int) -> Tile:
        """The tile with pips `a` and `b`, in either order."""
        return TILES_BY_INDEX[tile_index(a, b)]

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"

    def __repr__(self) -> str:
        return f"Tile(high={self.high}, low={self.low})"

    @property
    def pips(self) -> int:
        return self.high + self.low

    @property
    def is_double(self) -> bool:
        return self.high == self.low

    @property
    def ordinal(self) -> int:
        """Position 0..27 in the set, 0-0 first and 6-6 last."""
        return self.high * (self.high + 1) // 2 + self.low

    def has(self, pip: int) -> bool:
        return self.high == pip or self.low == pip

    def other(self, pip: int) -> int:
        """The pip on the half that is not `pip` (the tile must show `pip`)."""
        return self.low if self.high == pip else self.high


def is_whole(text: str, signed: bool = False) -> bool:
    """ASCII digits only (an optional leading minus when `signed`): `int()` alone
    would also take `+5`, `1_0` or other scripts' digits.

    >>> is_whole("12"), is_whole("-5", signed=True), is_whole("²"), is_whole("--5", signed=True)
    (True, True, False, False)
    """
    if signed and text.startswith("-"):
        text = text[1:]
    return bool(text) and all("0" <= ch <= "9" for ch in text)


def tile_index(a: int, b: int) -> int:
    high, low = (a, b) if a >= b else (b, a)
    return high * (high + 1) // 2 + low


ALL_TILES: tuple[Tile, ...] = tuple(
    Tile(high, low) for high in range(MAX_PIP + 1) for low in range(high + 1)
)
TILES_BY_INDEX = ALL_TILES
DOUBLES: tuple[Tile, ...] = tuple(t for t in ALL_TILES if t.is_double)


def tile_from_text(text: str) -> Tile:
    """Parse one tile written `a-b` (either order)."""
    a, b = pips_from_text(text)
    return TILES_BY_INDEX[tile_index(a, b)]


def pips_from_text(text: str) -> tuple[int, int]:
    """The two pips of `a-b` in the order written."""
    parts = text.split("-")
    if len(parts) != 2 or not all(len(p) == 1 and is_whole(p) for p in parts):
        raise NotationError(f"{typed_shown(text, 40)!r} is not a tile: write two pips 0-6 as a-b, e.g. 6-4")
    a, b = int(parts[0]), int(parts[1])
    if a > MAX_PIP or b > MAX_PIP:
        raise NotationError(f"tile {text}: pips run from 0 to {MAX_PIP}")
    return a, b


def tiles_from_text(text: str) -> tuple[Tile, ...]:
    """A comma list of tiles, as written (at most the whole set's 28 are read).

    >>> tiles_from_text("4-6, 0-0")
    (Tile(high=6, low=4), Tile(high=0, low=0))
    """
    parts = text.split(",", len(ALL_TILES))
    if len(parts) > len(ALL_TILES):
        raise NotationError(f"more than {len(ALL_TILES)} tiles: the set has no more")
    return tuple(tile_from_text(part.strip()) for part in parts)


def sort_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    """Canonical hand order: highest first (6-6, 6-1, 4-1, 3-2)."""
    return tuple(sorted(tiles, reverse=True))


def pip_total(tiles: Iterable[Tile]) -> int:
    return sum(t.high + t.low for t in tiles)
