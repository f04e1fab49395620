"""The expert's choices one decision at a time, against today's expert (the baseline)
and greedy, judged by a reference of many deals.

    python benchmarks/decisions.py [--decisions 150] [--reference 100] [--budget 0.5]

A game's result swings with the deal, so a mirrored match needs hundreds of games to
tell two close players apart. Here each decision is judged on its own. Positions come
from 2-player standard hands played by a quick expert (every first lead, and one
other decision in five with a choice). At each, the expert and today's expert (as in
strength.py) choose within the budget, and greedy chooses; then `--reference` deals of
the tiles the mover cannot see (his view, the suits the others showed they lack) are
solved with the three choices valued exactly (the solver's `near` bounds the other
moves, which costs far less; a deal that takes over 3 s is left out for all three).

A choice's regret is its mean value over those deals minus the mean of each deal's best
value: 0 for a choice as good as knowing every tile. The reference is a sampled
perfect-information value, the yardstick the expert itself aims at, so it tells how
well a player follows that yardstick, not how it fares against a human. Prints the
mean regrets by stage of the hand and the expert's gain over today's expert per
decision, with its 95% interval (paired, decision by decision).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Optional

from trainer.engine.game import Match
from trainer.engine.moves import Move
from trainer.engine.position import Position
from trainer.engine.rules import STANDARD
from trainer.engine.voids import Voids
from trainer.play.players import ExpertPlayer, GreedyPlayer, mover_view
from trainer.search.sampling import sample_deal
from trainer.search.solver import SearchLimitError, solve

sys.path.insert(0, str(Path(__file__).resolve().parent))
from solver_speed import build_baseline  # noqa: E402
from strength import BaselineExpert  # noqa: E402

NEAR = 30  # points: moves further below a reference deal's best only need a bound
DEAL_LIMIT = 3.0  # seconds: a reference deal that takes longer is left out
STAGES = (("first lead", 0, 0), ("tiles 1 to 8 on the table", 1, 8), ("9 or more", 9, 28))


def reference(view: Position, voids: Voids, choices: tuple[Move, ...], deals: int,
              seed: int, pool: ThreadPoolExecutor) -> tuple[list[float], int]:
    """Each choice's mean value over `deals` deals minus the mean best value, and the
    number of deals used."""
    rng = random.Random(seed)
    dealt = [sample_deal(view, rng, voids) for _ in range(deals)]

    def one(deal: Position) -> Optional[tuple[int, list[int]]]:
        try:
            solution = solve(deal, near=NEAR, exact=choices, time_limit=DEAL_LIMIT)
        except SearchLimitError:
            return None
        values = {m.move: m.value for m in solution.moves}
        return solution.value, [values[c] for c in choices]

    solved = [x for x in pool.map(one, dealt) if x is not None]
    best = statistics.fmean(v for v, _ in solved)
    return [statistics.fmean(row[i] for _, row in solved) - best for i in range(len(choices))], len(solved)


def stage_of(position: Position) -> str:
    on_table = sum(1 for _ in position.layout.tiles())
    return next(name for name, low, high in STAGES if low <= on_table <= high)


def mean_interval(xs: list[float]) -> str:
    if len(xs) < 2:
        return f"{statistics.fmean(xs):+.2f}" if xs else "-"
    mean, half = statistics.fmean(xs), 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
    return f"{mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--decisions", type=int, default=150)
    parser.add_argument("--reference", type=int, default=100, help="deals behind each judgement")
    parser.add_argument("--budget", type=float, default=0.5, help="seconds a move for both experts")
    parser.add_argument("--seed", type=int, default=50_000)
    args = parser.parse_args()
    rows: list[tuple[str, list[float]]] = []  # stage, regrets of (expert, baseline, greedy)
    start = time.perf_counter()
    rng = random.Random(args.seed)
    used = []
    with tempfile.TemporaryDirectory() as folder, ThreadPoolExecutor(max_workers=2) as pool:
        module = build_baseline(folder)
        greedy = GreedyPlayer(args.seed)
        seed = args.seed
        while len(rows) < args.decisions:
            seed += 1
            match = Match(STANDARD, 2, seed=seed, target=100_000)
            quick = ExpertPlayer(seed, 0.05)
            step = 0
            while not match.results and len(rows) < args.decisions:
                position, step = match.position, step + 1
                first = not any(True for _ in position.layout.tiles())
                if len(position.legal_moves()) > 1 and (first or rng.random() < 0.2):
                    voids = {p: v for p, v in match.voids().items() if p != position.turn}
                    choices = (ExpertPlayer(seed * 100 + step, args.budget).choose(position, match.voids()),
                               BaselineExpert(module, seed * 100 + step + 7, args.budget).choose(
                                   position, match.voids()),
                               greedy.choose(position))
                    regrets, n = reference(mover_view(position), voids, choices, args.reference,
                                           seed * 1000 + step, pool)
                    rows.append((stage_of(position), regrets))
                    used.append(n)
                    print(f"  {len(rows)} decisions, {time.perf_counter() - start:.0f} s", flush=True)
                match.play(quick.choose(position, match.voids()))
    print(f"decisions judged on {args.reference} deals each (median {statistics.median(used):.0f} solved "
          f"within {DEAL_LIMIT:g} s), budget {args.budget} s a move, {time.perf_counter() - start:.0f} s")
    print(f"{'stage':28}{'n':>5}{'expert':>9}{'baseline':>10}{'greedy':>9}  expert - baseline, 95% interval")
    for name in [s[0] for s in STAGES] + ["all"]:
        chosen = [r for stage, r in rows if name in ("all", stage)]
        if not chosen:
            continue
        means = [statistics.fmean(r[i] for r in chosen) for i in range(3)]
        gain = mean_interval([r[0] - r[1] for r in chosen])
        print(f"{name:28}{len(chosen):>5}{means[0]:>9.2f}{means[1]:>10.2f}{means[2]:>9.2f}  {gain}")


if __name__ == "__main__":
    main()
