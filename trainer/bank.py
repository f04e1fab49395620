"""The shipped puzzle bank (`puzzles/bank.jsonl`, package data of the installed
trainer), read once and kept immutable."""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from trainer.puzzles import Puzzle, PuzzleError, load_bank
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


def by_id(puzzle_id: str) -> Puzzle:
    """One puzzle by its id; raises PuzzleError naming the id."""
    for puzzle in shipped():
        if puzzle.id == puzzle_id:
            return puzzle
    raise PuzzleError(f"no puzzle has the id {puzzle_id!r}")
