"""The shipped puzzle bank (`puzzles/bank.jsonl`, package data of the installed
trainer), read once and kept immutable."""

from __future__ import annotations

import os
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Optional

from trainer.puzzles.kinds import Puzzle, PuzzleError, load_bank
from trainer.shipped import locate

BANK = locate("puzzles/bank.jsonl")


def bank_path() -> Path:
    """The bank file: `ALLFIVES_BANK` if set, else the shipped one."""
    return Path(os.environ.get("ALLFIVES_BANK", BANK))


@lru_cache(maxsize=4)
def _load(path: Path) -> tuple[Puzzle, ...]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise PuzzleError(f"puzzle bank {path}: {error.strerror}") from None
    return load_bank(text)


def shipped() -> tuple[Puzzle, ...]:
    """Every puzzle of the bank, in file order."""
    return _load(bank_path())


@lru_cache(maxsize=4)
def _index(path: Path) -> Mapping[str, Puzzle]:
    return MappingProxyType({p.id: p for p in _load(path)})


class Shipped:
    """The bank as the store's catalogue (`trainer.store.catalogue.Catalogue`): a
    puzzle's kind, tags and rating by its id; None for an unknown id or no bank."""

    def find(self, puzzle_id: str) -> Optional[Puzzle]:
        try:
            return _index(bank_path()).get(puzzle_id)
        except PuzzleError:
            return None


def catalogue() -> Shipped:
    """The shipped bank's catalogue, to open a store with."""
    return Shipped()


def by_id(puzzle_id: str) -> Puzzle:
    """One puzzle by its id; raises PuzzleError naming the id."""
    for puzzle in shipped():
        if puzzle.id == puzzle_id:
            return puzzle
    raise PuzzleError(f"no puzzle has the id {puzzle_id!r}")
