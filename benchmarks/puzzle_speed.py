"""How many move puzzles a minute the generator makes, against the generator as it was
(version 2, frozen in benchmarks/baseline/puzzle_generator_v2.py), in one run.

    python benchmarks/puzzle_speed.py [--puzzles 60] [--seed 7] [--verify]

Both make move puzzles (score the most, deny, best play, endgame) from seeded hands,
in one process, one hand of each in turn, so that both see the same machine: today's
with its cheap screens, its games of 2, 3 and 4 players, partners and cincos, its
proofs, the re-check on fresh deals, the themes from solved lines and the rating;
version 2 with its proofs as they were (2-player standard and cincos hands). Each
stops once it has `--puzzles` move puzzles. Prints each one's puzzles a minute and
their ratio; with `--verify`, also how fast today's are proven again.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from baseline.puzzle_generator_v2 import MOVE_KINDS, hand_v2  # noqa: E402

from trainer.puzzles.generator import found_in_hand  # noqa: E402
from trainer.puzzles.kinds import verify  # noqa: E402
from trainer.puzzles.record import Puzzle  # noqa: E402

STRIDE = 1_000_003


def tally(names: Iterable[str]) -> str:
    return ", ".join(f"{k} {n}" for k, n in sorted(Counter(names).items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=60, help="move puzzles each generator makes")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--verify", action="store_true", help="also time the verification of today's")
    args = parser.parse_args()
    kinds = tuple(MOVE_KINDS)
    old: list[tuple[str, str]] = []
    new: list[Puzzle] = []
    seconds = {"old": 0.0, "new": 0.0}
    hands = {"old": 0, "new": 0}
    while len(old) < args.puzzles or len(new) < args.puzzles:
        if len(old) < args.puzzles:
            start = time.perf_counter()
            old.extend(hand_v2(args.seed * STRIDE + hands["old"], kinds))
            seconds["old"] += time.perf_counter() - start
            hands["old"] += 1
        if len(new) < args.puzzles:
            start = time.perf_counter()
            new.extend(p for _, p in found_in_hand(args.seed * STRIDE + hands["new"], kinds))  # type: ignore[arg-type]
            seconds["new"] += time.perf_counter() - start
            hands["new"] += 1
    rate_old = len(old) / seconds["old"] * 60
    rate_new = len(new) / seconds["new"] * 60
    print(f"version 2: {len(old)} move puzzles ({tally(k for k, _ in old)}) "
          f"from {hands['old']} hands in {seconds['old']:.1f} s: {rate_old:,.1f} a minute")
    print(f"today:     {len(new)} move puzzles ({tally(p.kind for p in new)}) "
          f"from {hands['new']} hands in {seconds['new']:.1f} s: {rate_new:,.1f} a minute")
    games = Counter(p.game for p in new)
    print("today's by game: " + ", ".join(f"{g} {n}" for g, n in sorted(games.items())))
    print(f"today's rate against version 2's: {rate_new / rate_old:.2f}x")
    if args.verify:
        start = time.perf_counter()
        wrong = [p.id for p in new if verify(p) != p]
        checked = time.perf_counter() - start
        print(f"verified today's {len(new)} in {checked:.1f} s: {len(new) / checked * 60:,.0f} a minute; "
              f"{len(wrong)} wrong")


if __name__ == "__main__":
    main()
