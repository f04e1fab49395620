"""How fast the exact solver is, against the solver as it was (the baseline), in one run.

    python benchmarks/solver_speed.py [--positions 50] [--whole 20] [--coach 10] [--no-baseline]

The baseline is benchmarks/baseline/_fast_baseline.c, built here into a temporary
folder as a module of its own; each position is solved by both, one after the other,
so that both see the same machine, and their values must agree.

1. Endgames, 2-player standard, 7 tiles in each hand and an empty boneyard (14 tiles
   on the table, built by random legal play): every root move's exact value.
2. Whole hands from the first lead: 9 tiles each, the 10-tile boneyard known; then the
   same hands with `near=30` and `near=10` (exact values only where needed: the moves
   more than 30 or 10 points below the best only bounded).
3. The coach and the review at the first lead: how many sampled deals of the hidden
   tiles are solved within 1 s (all cores: a thread per core), every move exact (the
   expert's sampling), and exact where needed (the coach's hint and review).
Prints median and worst times, nodes, and the ratios baseline / new.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Optional

from setuptools import Distribution, Extension

from trainer.engine.game import deal
from trainer.engine.layout import EMPTY, Layout
from trainer.engine.position import Position
from trainer.engine.rules import STANDARD
from trainer.engine.tiles import ALL_TILES, sort_tiles
from trainer.play.players import GreedyPlayer, mover_view
from trainer.search.evidence import within_budget
from trainer.search.fastplay import compact
from trainer.search.sampling import expected_values, sample_deal
from trainer.search.solver import TABLE_BITS, solve

BASELINE = Path(__file__).resolve().parent / "baseline" / "_fast_baseline.c"


def build_baseline(folder: str) -> ModuleType:
    """Compile the baseline solver into `folder` and import it."""
    extension = Extension("_fast_baseline", [str(BASELINE)], extra_compile_args=["-O2"])
    dist = Distribution({"ext_modules": [extension]})
    command = dist.get_command_obj("build_ext")
    command.build_lib = command.build_temp = folder  # type: ignore[attr-defined]
    command.ensure_finalized()
    command.run()
    built = next(Path(folder).glob("_fast_baseline*.so"))
    spec = importlib.util.spec_from_file_location("_fast_baseline", built)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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


Solver = Callable[[Position], tuple[int, dict[tuple[int, int], int], int]]


def new_solver(threads: int) -> Solver:
    def run(position: Position) -> tuple[int, dict[tuple[int, int], int], int]:
        s = solve(position, threads=threads)
        return (s.value, {(m.move.tile.ordinal, 4 if m.move.side is None else "EWNS".index(m.move.side)):
                          m.value for m in s.moves}, s.nodes)
    return run


def baseline_solver(module: ModuleType) -> Solver:
    def run(position: Position) -> tuple[int, dict[tuple[int, int], int], int]:
        hands, bone, layout = compact(position)
        value, found, nodes, _, _, _ = module.solve(hands, bone, layout, position.turn,
                                                    position.rules.name, TABLE_BITS, 0)
        return value, {(tile, side): v for tile, side, _, v in found}, nodes
    return run


def timed(solver: Solver, position: Position) -> tuple[float, int, tuple[int, dict[tuple[int, int], int]]]:
    start = time.perf_counter()
    value, moves, nodes = solver(position)
    return time.perf_counter() - start, nodes, (value, moves)


def line(name: str, times: list[float], nodes: list[int]) -> str:
    return (f"  {name:11} time median {statistics.median(times) * 1000:8.1f} ms  worst "
            f"{max(times) * 1000:8.1f} ms  mean {statistics.mean(times) * 1000:8.1f} ms   "
            f"nodes median {statistics.median(nodes):11,.0f}  worst {max(nodes):11,}")


def measure(label: str, positions: list[Position], baseline: Optional[Solver]) -> None:
    """Each position solved by the baseline, the new solver on one thread, and the new
    solver as a lone solve runs (a second thread when a table of the pool is free)."""
    print(f"{label}: {len(positions)} positions")
    solvers: dict[str, Solver] = {"new 1 core": new_solver(1), "new 2 cores": new_solver(2)}
    if baseline is not None:
        solvers = {"baseline": baseline, **solvers}
    times: dict[str, list[float]] = {name: [] for name in solvers}
    nodes: dict[str, list[int]] = {name: [] for name in solvers}
    for position in positions:
        answers = []
        for name, solver in solvers.items():
            t, n, answer = timed(solver, position)
            times[name].append(t)
            nodes[name].append(n)
            answers.append(answer)
        if any(a != answers[0] for a in answers):
            sys.exit(f"the solvers disagree on {position.code()}: {answers}")
    for name in solvers:
        print(line(name, times[name], nodes[name]))
    if baseline is not None:
        for name in ("new 1 core", "new 2 cores"):
            med = statistics.median(times["baseline"]) / statistics.median(times[name])
            worst = max(times["baseline"]) / max(times[name])
            total = sum(times["baseline"]) / sum(times[name])
            print(f"  ratio baseline / {name}: median {med:.1f}x  worst {worst:.1f}x  "
                  f"total {total:.1f}x")
    print("  every value of every move identical")


def near_only(positions: list[Position], near: int = 30) -> None:
    """Each position solved on two cores with `near`: every move within `near` points of
    the best exact, the others only bounded; its exact values checked against the full solve."""
    times, bounded, moves = [], 0, 0
    for position in positions:
        full = {m.move: m.value for m in solve(position, threads=2).moves}
        start = time.perf_counter()
        found = solve(position, threads=2, near=near)
        times.append(time.perf_counter() - start)
        for m in found.moves:
            moves += 1
            if m.bound:
                bounded += 1
                assert full[m.move] <= m.value, position.code()
            elif full[m.move] != m.value:
                sys.exit(f"near={near} disagrees on {position.code()} {m.move}")
    print(f"  near={near}, 2 cores: time median {statistics.median(times) * 1000:8.1f} ms  worst "
          f"{max(times) * 1000:8.1f} ms  mean {statistics.mean(times) * 1000:8.1f} ms   "
          f"moves only bounded: {bounded} of {moves} (more than {near} points below the best); "
          "every exact one as in the full solve")


def coach(hands: int, rng: random.Random, baseline: Optional[Solver]) -> None:
    """Deals solved within 1 s for a decision at the first lead, from the mover's view:
    every move exact (as the expert averages them), and the coach's hint and review, exact
    where needed (`trainer.search.evidence`)."""
    print(f"coach and review at the first lead: sampled deals solved within 1 s, {hands} hands")
    counts: dict[str, list[int]] = {"every": [], "hint": [], "review": [], "baseline": []}
    bounded = {"best": 0, "runner-up": 0, "played": 0}
    for _ in range(hands):
        view = mover_view(deal(STANDARD, 2, rng))
        seed = rng.randrange(2**31)
        counts["every"].append(expected_values(view, 1.0, random.Random(seed)).samples)
        hint = within_budget(view, 1.0, seed)
        played = GreedyPlayer(seed).choose(view)
        review = within_budget(view, 1.0, seed, must=(played,))
        counts["hint"].append(hint.deals)
        counts["review"].append(review.deals)
        best = hint.best()
        runner = max((m for m in hint.moves if m != best), key=lambda m: (hint.mean(m), str(m)))
        bounded["best"] += hint.bounded(best) + review.bounded(review.best())
        bounded["runner-up"] += hint.bounded(runner)
        bounded["played"] += review.bounded(played)
        if baseline is not None:  # the baseline solves deals one after another
            deals, start, sample_rng = 0, time.perf_counter(), random.Random(seed)
            while time.perf_counter() - start < 1.0:
                baseline(sample_deal(view, sample_rng))
                deals += 1
            counts["baseline"].append(deals - (time.perf_counter() - start > 1.0))
    labels = {"baseline": "baseline, every move exact, one deal after another",
              "every": "new, every move exact (the expert's sampling)",
              "hint": "new, the coach's hint, exact where needed",
              "review": "new, the review, exact where needed and the move played exact"}
    for key, label in labels.items():
        if counts[key]:
            print(f"  {label:<66} median {statistics.median(counts[key]):5.0f}  "
                  f"fewest {min(counts[key]):5}")
    print(f"  figures left bounded when the time ran out: the best move {bounded['best']} of "
          f"{2 * hands}, the hint's runner-up {bounded['runner-up']} of {hands} (then compared as "
          f"'or more'), the move played {bounded['played']} of {hands}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--positions", type=int, default=50)
    parser.add_argument("--whole", type=int, default=20)
    parser.add_argument("--coach", type=int, default=10)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--no-baseline", action="store_true", help="the new solver only")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as folder:
        baseline = None if args.no_baseline else baseline_solver(build_baseline(folder))
        warm = deal(STANDARD, 2, random.Random(-1))  # tables allocated before timing
        for solver in (new_solver(2), baseline):
            if solver is not None:
                solver(warm)
        if args.positions:
            measure("endgames, 7 tiles each, boneyard empty",
                    [random_endgame(rng) for _ in range(args.positions)], baseline)
        if args.whole:
            whole = [deal(STANDARD, 2, rng) for _ in range(args.whole)]
            measure("whole hands from the first lead, 9 each, 10-tile boneyard known", whole, baseline)
            near_only(whole, 30)
            near_only(whole, 10)
        if args.coach:
            coach(args.coach, rng, baseline)


if __name__ == "__main__":
    main()
