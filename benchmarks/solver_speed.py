"""How fast the exact solver is on 2-player standard endgames.

    python benchmarks/solver_speed.py [--positions 50] [--whole 10]

1. Endgames with 7 tiles in each hand and an empty boneyard (14 tiles on the table,
   built by random legal play): the root solved with every move's exact value.
2. Whole hands from the first lead: 9 tiles each, the 10-tile boneyard known.
Prints median and worst times, node counts and table hit rates.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from trainer.game import deal
from trainer.layout import EMPTY, Layout
from trainer.position import Position
from trainer.rules import STANDARD
from trainer.solver import solve
from trainer.tiles import ALL_TILES, sort_tiles


def random_endgame(rng: random.Random, per_hand: int = 7) -> Position:
    """A legal layout of 28 - 2*per_hand tiles grown by random placements; the rest dealt."""
    while True:
        tiles = list(ALL_TILES)
        rng.shuffle(tiles)
        layout: Layout = EMPTY
        placed = []
        for _ in range(3):  # sweep a few times so that most tiles find a place
            for tile in tiles:
                if tile in placed or len(placed) == 28 - 2 * per_hand:
                    continue
                if layout.is_empty:
                    layout, ok = layout.place(tile, None), True
                else:
                    ends = [e for e in layout.open_ends() if tile.has(e.pip)]
                    ok = bool(ends)
                    if ok:
                        layout = layout.place(tile, rng.choice(ends).side)
                if ok:
                    placed.append(tile)
        if len(placed) == 28 - 2 * per_hand:
            rest = [t for t in tiles if t not in placed]
            hands = (sort_tiles(rest[:per_hand]), sort_tiles(rest[per_hand:]))
            position = Position(layout, hands, (), rng.randrange(2), (0, 0), STANDARD)
            if not position.is_over:
                return position


def measure(label: str, positions: list[Position]) -> None:
    times, nodes, rates = [], [], []
    for position in positions:
        start = time.perf_counter()
        solution = solve(position)
        times.append(time.perf_counter() - start)
        nodes.append(solution.nodes)
        rates.append(solution.hit_rate)
    print(f"{label}: {len(positions)} positions")
    print(f"  time   median {statistics.median(times) * 1000:9.1f} ms   worst {max(times) * 1000:9.1f} ms"
          f"   mean {statistics.mean(times) * 1000:9.1f} ms")
    print(f"  nodes  median {statistics.median(nodes):11,.0f}   worst {max(nodes):11,}")
    print(f"  table hit rate median {statistics.median(rates):.1%}")
    print(f"  nodes per second {sum(nodes) / sum(times):,.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=50)
    parser.add_argument("--whole", type=int, default=10)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    measure("endgames, 7 tiles each, boneyard empty",
            [random_endgame(rng) for _ in range(args.positions)])
    if args.whole:
        measure("whole hands from the first lead, 9 each, 10-tile boneyard known",
                [deal(STANDARD, 2, rng) for _ in range(args.whole)])


if __name__ == "__main__":
    main()
