"""What the store needs to know of puzzles, given to it rather than imported: a
puzzle's kind, tags and bank rating by its id (`Catalogue`), so that an attempt can
be filed and rated without the puzzle modules. `trainer.puzzles.bank.catalogue()`
is the shipped bank's.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Facts:
...     id: str
...     kind: str = "count"
...     tags: tuple[str, ...] = ()
...     rating: int = 1200
>>> book = Listed([Facts("p1"), Facts("p2", rating=1700)])
>>> book.find("p2").rating, book.find("nope")
(1700, None)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Optional, Protocol


class PuzzleFacts(Protocol):
    """A puzzle as the store sees it."""

    @property
    def id(self) -> str: ...

    @property
    def kind(self) -> str: ...

    @property
    def tags(self) -> tuple[str, ...]: ...

    @property
    def rating(self) -> int: ...


class Catalogue(Protocol):
    """Finds a puzzle's facts by its id (None for an unknown id)."""

    def find(self, puzzle_id: str) -> Optional[PuzzleFacts]: ...


class Listed:
    """A catalogue of the puzzles given."""

    def __init__(self, puzzles: Iterable[PuzzleFacts]) -> None:
        self._by_id: Mapping[str, PuzzleFacts] = MappingProxyType({p.id: p for p in puzzles})

    def find(self, puzzle_id: str) -> Optional[PuzzleFacts]:
        return self._by_id.get(puzzle_id)


class Empty:
    """No puzzle is known: attempts keep the kind and tags their caller gives."""

    def find(self, puzzle_id: str) -> Optional[PuzzleFacts]:
        return None
