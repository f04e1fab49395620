"""The expert against greedy in 2-player standard All Fives, deals mirrored.

    python benchmarks/strength.py [--hands 200] [--games 40] [--budget 1.0] [--part hands|games|both]

Each deal is played twice with the seats swapped. Prints the expert's average
margin per hand with a 95% interval, and its wins over whole games to 250.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from trainer.game import Match
from trainer.players import ExpertPlayer, GreedyPlayer, Player
from trainer.rules import STANDARD


def play(seed: int, expert_seat: int, budget: float, target: int, one_hand: bool) -> tuple[int, int]:
    """(expert's score, greedy's score) after one hand or a whole game."""
    match = Match(STANDARD, 2, seed=seed, target=target)
    expert = ExpertPlayer(seed=seed, budget=budget)
    greedy = GreedyPlayer(seed=seed)
    seats: list[Player] = [greedy, greedy]
    seats[expert_seat] = expert
    while not match.over and not (one_hand and match.results):
        match.play(seats[match.position.turn].choose(match.position, match.voids()))
    scores = match.results[0].scores if one_hand else match.scores
    return scores[expert_seat], scores[1 - expert_seat]


def hands_part(hands: int, budget: float) -> None:
    margins = []
    start = time.perf_counter()
    for deal in range(hands // 2):
        for seat in (0, 1):
            mine, theirs = play(10_000 + deal, seat, budget, target=100_000, one_hand=True)
            margins.append(mine - theirs)
    mean = statistics.fmean(margins)
    half = 1.96 * statistics.stdev(margins) / math.sqrt(len(margins))
    print(f"hands: {len(margins)} (mirrored), budget {budget} s a move, {time.perf_counter() - start:.0f} s")
    print(f"  expert margin per hand {mean:+.2f} points, "
          f"95% interval [{mean - half:+.2f}, {mean + half:+.2f}]")


def games_part(games: int, budget: float) -> None:
    wins = 0
    start = time.perf_counter()
    for deal in range(games // 2):
        for seat in (0, 1):
            mine, theirs = play(20_000 + deal, seat, budget, target=250, one_hand=False)
            wins += mine > theirs
    played = games // 2 * 2
    print(f"games to 250: expert won {wins} of {played} ({wins / played:.0%}), "
          f"budget {budget} s a move, {time.perf_counter() - start:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--budget", type=float, default=1.0)
    parser.add_argument("--part", choices=("hands", "games", "both"), default="both")
    args = parser.parse_args()
    if args.part in ("hands", "both"):
        hands_part(args.hands, args.budget)
    if args.part in ("games", "both"):
        games_part(args.games, args.budget)


if __name__ == "__main__":
    main()
