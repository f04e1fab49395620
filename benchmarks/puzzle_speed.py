"""How many puzzles a minute the generator makes and verifies, all kinds mixed.

    python benchmarks/puzzle_speed.py [--count 300] [--seed 7]

Generation: seeded games, candidate positions, exact solving, tagging and grading.
Verification: every generated puzzle solved again from its position code.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from trainer.puzzles.generator import generate
from trainer.puzzles.kinds import verify


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    start = time.perf_counter()
    bank = generate(args.count, args.seed)
    made = time.perf_counter() - start
    start = time.perf_counter()
    wrong = [p.id for p in bank if verify(p) != p]
    checked = time.perf_counter() - start
    kinds = ", ".join(f"{k} {n}" for k, n in sorted(Counter(p.kind for p in bank).items()))
    print(f"generated {len(bank)} puzzles ({kinds}) in {made:.1f} s: "
          f"{len(bank) / made * 60:,.0f} a minute")
    print(f"verified them in {checked:.2f} s: {len(bank) / checked * 60:,.0f} a minute; "
          f"{len(wrong)} wrong")
    print(f"generate and verify together: {len(bank) / (made + checked) * 60:,.0f} puzzles a minute")


if __name__ == "__main__":
    main()
