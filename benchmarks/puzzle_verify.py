"""Re-prove every shipped puzzle against its kind's criterion, in full.

    python benchmarks/puzzle_verify.py [FILE]

Exact kinds (count, endgame) are solved again; hidden-tile kinds (score-most, deny,
best-play) are re-estimated on the same seeded deals. Prints, per kind, how many were
proven and how long it took; exits 1 if any puzzle fails. The test suite re-proves a
seeded sample of the bank (tests/test_puzzles.py).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter

from trainer.puzzles.bank import bank_path
from trainer.puzzles.kinds import KINDS, Puzzle, PuzzleError, load_bank, verify


def proven(puzzle: Puzzle) -> bool:
    try:
        return verify(puzzle) == puzzle
    except PuzzleError:
        return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", default=str(bank_path()))
    args = parser.parse_args()
    with open(args.file, encoding="utf-8") as handle:
        bank = load_bank(handle.read())
    seconds: Counter[str] = Counter()
    count: Counter[str] = Counter()
    wrong: list[str] = []
    for puzzle in bank:
        start = time.perf_counter()
        if not proven(puzzle):
            wrong.append(puzzle.id)
        seconds[puzzle.kind] += time.perf_counter() - start
        count[puzzle.kind] += 1
    for kind in KINDS:
        if count[kind]:
            print(f"{kind:>10}: {count[kind]:5d} puzzles in {seconds[kind]:7.1f} s "
                  f"({seconds[kind] / count[kind] * 1000:.0f} ms each)")
    print(f"{len(bank)} puzzles, {len(bank) - len(wrong)} proven, {len(wrong)} failed"
          + (f": {', '.join(wrong[:20])}" if wrong else ""))
    sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()
