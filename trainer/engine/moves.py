"""Moves: a tile and the open end it goes on (`6-4@E`), or a bare lead (`6-4`).

>>> m = Move.parse("4-6@e")
>>> str(m), m.side
('6-4@E', 'E')
>>> str(Move.parse("5-5"))
'5-5'
"""

from __future__ import annotations

from typing import Literal, NamedTuple, Optional

from trainer.engine.tiles import Tile, tile_from_text
from trainer.errors import NotationError

Side = Literal["E", "W", "N", "S"]
SIDES: tuple[Side, ...] = ("E", "W", "N", "S")


class Move(NamedTuple):
    """Place `tile` on the open end `side`; `side` is None for the lead."""

    tile: Tile
    side: Optional[Side] = None

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read `TILE@SIDE` or a bare `TILE` (a lead); raises NotationError."""
        text = text.strip()
        if "@" not in text:
            return cls(tile_from_text(text), None)
        tile_text, _, side_text = text.partition("@")
        side = side_text.strip().upper()
        if side not in SIDES:
            raise NotationError(f"move {text!r}: the side must be one of E, W, N, S")
        return cls(tile_from_text(tile_text.strip()), side)

    def __str__(self) -> str:
        return str(self.tile) if self.side is None else f"{self.tile}@{self.side}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"
