"""The expert's strength in 2-player standard All Fives, deals mirrored.

    python benchmarks/strength.py [--games 100] [--budget 0.5] [--part greedy|baseline|both]
                                  [--hands 0] [--minutes 0]

greedy:   the expert (told the target) against greedy over games to 250; each deal
          (seed) is played twice with the seats swapped. Prints the games won with a 95% (Wilson) interval.
baseline: the expert against today's expert as it was (the baseline solver of
          benchmarks/baseline/, one deal after another, its time turned into a node
          limit) over mirrored games to 250: games won and the mean margin per game.
hands:    with --hands N, the expert's mean margin per hand against greedy.
--minutes stops a part early (after a whole mirrored pair) and reports what it has.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Optional

from trainer.engine.game import Match
from trainer.engine.moves import SIDES, Move
from trainer.engine.position import Position
from trainer.engine.rules import STANDARD
from trainer.engine.tiles import ALL_TILES
from trainer.engine.voids import Voids
from trainer.play.players import ExpertPlayer, GreedyPlayer, Player, mover_view
from trainer.search.fastplay import compact
from trainer.search.sampling import sample_deal

sys.path.insert(0, str(Path(__file__).resolve().parent))
from solver_speed import build_baseline  # noqa: E402


class BaselineExpert:
    """Today's expert as it was: deals solved one after another by the baseline solver
    until the budget is spent, each within a node limit for the time left. It turned
    time into nodes at 2 million a second; here the rate is the one it measures on its
    own solves, so that on a busy machine it keeps to the same budget as the expert."""

    name = "expert (baseline)"

    def __init__(self, module: ModuleType, seed: int = 0, budget: float = 0.5) -> None:
        self.module = module
        self.rng = random.Random(seed)
        self.budget = budget
        self.fallback = GreedyPlayer(seed)
        self.rate = 2_000_000.0  # nodes a second, measured as it goes

    def choose(self, position: Position, voids: Optional[Voids] = None) -> Move:
        moves = position.legal_moves()
        if len(moves) == 1:
            return moves[0]
        others = {p: v for p, v in (voids or {}).items() if p != position.turn}
        view = mover_view(position)
        deadline = time.perf_counter() + self.budget
        totals: dict[Move, float] = {}
        samples = 0
        while samples < 400:
            left = deadline - time.perf_counter()
            if left <= 0:
                break
            deal = sample_deal(view, self.rng, others)
            hands, bone, layout = compact(deal)
            start = time.perf_counter()
            value, found, nodes, _, _, aborted = self.module.solve(
                hands, bone, layout, deal.turn, deal.rules.name, 21, max(1000, int(left * self.rate)))
            spent = time.perf_counter() - start
            if nodes > 10_000 and spent > 0:
                self.rate = 0.7 * self.rate + 0.3 * nodes / spent
            if aborted:
                break
            samples += 1
            for tile, side, _, v in found:
                move = Move(ALL_TILES[tile], SIDES[side] if side < 4 else None)
                totals[move] = totals.get(move, 0.0) + v
        if not samples:
            return self.fallback.choose(position)
        top = max(totals.values())
        return sorted((m for m, v in totals.items() if v == top), key=str)[0]


TARGET = 250  # the games' target, which the expert is told (a move that reaches it wins)


def play(seed: int, seats: list[Player], target: int, one_hand: bool) -> tuple[int, ...]:
    """The scores (per seat) after one hand or a whole game of the deal `seed`."""
    match = Match(STANDARD, 2, seed=seed, target=target)
    while not match.over and not (one_hand and match.results):
        match.play(seats[match.position.turn].choose(match.position, match.voids()))
    return match.results[0].scores if one_hand else match.scores


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a proportion."""
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def mirrored(first: int, pairs: int, make: tuple[Callable[[int], Player], Callable[[int], Player]],
             minutes: float, label: str, target: int = TARGET, one_hand: bool = False) -> list[int]:
    """Margins (player A's score minus B's) of mirrored deals; `make` builds (A, B) by seed."""
    margins: list[int] = []
    wins = 0
    start = time.perf_counter()
    for deal in range(pairs):
        seed = first + deal
        for a_seat in (0, 1):
            a, b = make[0](seed), make[1](seed)
            seats = [a, b] if a_seat == 0 else [b, a]
            scores = play(seed, seats, target, one_hand)
            margins.append(scores[a_seat] - scores[1 - a_seat])
            wins += scores[a_seat] > scores[1 - a_seat]
        elapsed = time.perf_counter() - start
        print(f"  {label}: {len(margins)} played, A won {wins}, {elapsed:.0f} s", flush=True)
        if minutes and elapsed > minutes * 60:
            break
    return margins


def report(label: str, margins: list[int], budget: float, seconds: float, unit: str) -> None:
    n = len(margins)
    wins = sum(m > 0 for m in margins)
    low, high = wilson(wins, n)
    mean = statistics.fmean(margins)
    half = 1.96 * statistics.stdev(margins) / math.sqrt(n) if n > 1 else float("nan")
    print(f"{label}: {n} {unit} (mirrored), budget {budget} s a move, {seconds:.0f} s")
    print(f"  won {wins} of {n} ({wins / n:.1%}), 95% interval [{low:.1%}, {high:.1%}]")
    print(f"  margin per {unit[:-1]} {mean:+.1f} points, "
          f"95% interval [{mean - half:+.1f}, {mean + half:+.1f}]")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--budget", type=float, default=0.5)
    parser.add_argument("--part", choices=("greedy", "baseline", "both"), default="both")
    parser.add_argument("--hands", type=int, default=0)
    parser.add_argument("--minutes", type=float, default=0.0, help="stop a part after this long")
    args = parser.parse_args()
    budget = args.budget
    if args.hands:
        start = time.perf_counter()
        margins = mirrored(10_000, args.hands // 2, (lambda s: ExpertPlayer(s, budget), GreedyPlayer),
                           args.minutes, "hands, expert against greedy", 100_000, one_hand=True)
        report("hands, expert against greedy", margins, budget, time.perf_counter() - start, "hands")
    if args.part in ("greedy", "both"):
        start = time.perf_counter()
        margins = mirrored(20_000, args.games // 2, (lambda s: ExpertPlayer(s, budget, TARGET), GreedyPlayer),
                           args.minutes, "games, expert against greedy")
        report("games to 250, expert against greedy", margins, budget,
               time.perf_counter() - start, "games")
    if args.part in ("baseline", "both"):
        with tempfile.TemporaryDirectory() as folder:
            module = build_baseline(folder)
            start = time.perf_counter()
            margins = mirrored(30_000, args.games // 2,
                               (lambda s: ExpertPlayer(s, budget, TARGET),
                                lambda s: BaselineExpert(module, s + 7, budget)),
                               args.minutes, "games, expert against today's expert")
            report("games to 250, expert against today's expert (baseline)", margins, budget,
                   time.perf_counter() - start, "games")


if __name__ == "__main__":
    main()
