"""What each rating band of the puzzle bank trains: among the move puzzles whose choices
differ in points now, the share whose answer takes the most points now (the rest are
greedy traps), band by band; and how often the app's players solve each kind, greedy,
guarded (points now less the most the reply could score) and the expert on 1, 2, 4
and 16 sampled deals (three seeds each; a puzzle whose every tile
is known is solved exactly), against the guessing rate.

    python benchmarks/puzzle_bands.py [--ladder] [--bank FILE]

(`--bank`: a bank other than the shipped one, e.g. a run of `puzzles generate --answers`.)

The target (issue 44): no band more than 70% one kind.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

from trainer.play.players import GreedyPlayer, GuardedPlayer
from trainer.puzzles.bank import shipped
from trainer.puzzles.rating import band
from trainer.puzzles.record import MOVE_KINDS, Puzzle, load_bank
from trainer.search.sampling import estimate

LADDER = (1, 2, 4, 16)
SEEDS = (1, 2, 3)


def takes_points(puzzle: Puzzle) -> bool | None:
    """Whether the answer scores the most now; None when every choice scores alike."""
    kind = puzzle.answer_kind()
    return None if kind is None else kind == "points"


def solvers(puzzle: Puzzle) -> dict[str, float]:
    """Each player's share of right answers (a tie among best moves split evenly)."""
    position = puzzle.parsed()
    moves = position.legal_moves()
    accepted = set(puzzle.accepted)
    voids = puzzle.void_map()
    greedy = sum(str(GreedyPlayer(s).choose(position, voids)) in accepted for s in SEEDS) / len(SEEDS)
    guarded = sum(str(GuardedPlayer(s).choose(position, voids)) in accepted for s in SEEDS) / len(SEEDS)
    found = {"guess": sum(str(m) in accepted for m in moves) / len(moves), "greedy": greedy,
             "guarded": guarded}
    for deals in LADDER:
        right = 0.0
        for seed in SEEDS:
            sampled = 1 if position.is_fully_known else deals
            best = estimate(position, sampled, 1000 * deals + seed, voids).best
            right += sum(str(m) in accepted for m in best) / len(best)
        found[f"expert, {deals} deals"] = right / len(SEEDS)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ladder", action="store_true", help="also the players' solve rates (a minute)")
    parser.add_argument("--bank", default=None, help="a bank file (default: the shipped one)")
    args = parser.parse_args()
    bank = load_bank(Path(args.bank).read_text(encoding="utf-8")) if args.bank else shipped()
    moves = [p for p in bank if p.kind in MOVE_KINDS]
    kinds = {p.id: takes_points(p) for p in moves}
    bands: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for p in moves:
        kind = kinds[p.id]
        if kind is not None:
            bands[band(p.rating)][0] += kind
            bands[band(p.rating)][1] += 1

    def order(name: str) -> int:
        return int(name.strip("<+").split("-")[0]) - name.startswith("<")

    worst = 0.0
    print("band         puzzles  answer takes the most points now")
    for name in sorted(bands, key=order):
        takes, total = bands[name]
        share = takes / total
        worst = max(worst, share, 1 - share)
        print(f"{name:<12} {total:>7}  {share:6.0%}")
    print(f"the most one-sided band: {worst:.0%} one kind (target at most 70%)")
    if args.ladder:
        rates: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
        by_band: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
        for p in moves:
            if p.kind == "score-most" or kinds[p.id] is None:
                continue
            for who, share in solvers(p).items():
                rates["takes the points" if kinds[p.id] else "greedy trap"][who].append(share)
                by_band[band(p.rating)][who].append(share)
        for kind, by in rates.items():
            shown = ", ".join(f"{who} {sum(v) / len(v):.0%}" for who, v in by.items())
            print(f"{kind} ({len(by['guess'])} puzzles, not score-most): {shown}")
        print("solved, band by band (the same puzzles):")
        for name in sorted(by_band, key=order):
            by = by_band[name]
            shown = ", ".join(f"{who} {sum(v) / len(v):.0%}" for who, v in by.items())
            print(f"  {name} ({len(by['guess'])} puzzles): {shown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
