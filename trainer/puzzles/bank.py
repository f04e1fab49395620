"""The shipped puzzle bank (`puzzles/bank.jsonl`, package data of the installed
trainer), read once and kept immutable; and the ids of puzzles merged into another
(`puzzles/merged.jsonl`, `trainer.puzzles.duplicates`), which open the one kept."""

from __future__ import annotations

import json
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
    index = {p.id: p for p in _load(path)}
    merged = _merged(path.with_name("merged.jsonl"))
    for old, kept in merged.items():
        for _ in range(8):  # a puzzle merged into one merged later: follow the chain
            if kept in index or kept not in merged:
                break
            kept = merged[kept]
        if old not in index and kept in index:
            index[old] = index[kept]
    return MappingProxyType(index)


@lru_cache(maxsize=4)
def _merged(path: Path) -> Mapping[str, str]:
    """Each merged puzzle's id -> the id of the one kept (none without the file)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return MappingProxyType({})
    found: dict[str, str] = {}
    for number, line in enumerate(lines, start=1):
        try:
            row = json.loads(line)
            old, kept = row["id"], row["same_as"]
        except (ValueError, KeyError, TypeError):
            raise PuzzleError(f"{path.name} line {number}: not a merged puzzle's line") from None
        if not isinstance(old, str) or not isinstance(kept, str):
            raise PuzzleError(f"{path.name} line {number}: ids are text")
        found[old] = kept
    return MappingProxyType(found)


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
    """One puzzle by its id (a merged puzzle's id gives the one kept in its place);
    raises PuzzleError naming the id."""
    found = _index(bank_path()).get(puzzle_id) if isinstance(puzzle_id, str) else None
    if found is None:
        raise PuzzleError(f"no puzzle has the id {puzzle_id!r}")
    return found
