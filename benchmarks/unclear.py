"""How often the hand review says "unclear", and why, as Play gives it.

    python benchmarks/unclear.py [--moves 300] [--total 2.0] [--most 1.0] [--seed 1]

Hands of 2-player standard between a greedy learner (who takes the most points now, so
that the review meets real mistakes) and the expert at a quick budget. Each hand is
reviewed as the Play page reviews it: the learner's decisions share `--total` seconds,
each at most `--most`. Counted over the decisions with a choice (forced moves and
twins left out) until `--moves` are reviewed: the share graded "unclear", by stage of
the hand (the first lead, 1 to 8 tiles on the table, 9 or more) and by reason (too few
deals solved in time, an interval too wide, figures only bounded, the two yardsticks
contradicting each other), with the share of each grade. The target is at most 10%
unclear.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from trainer.engine.game import Match  # noqa: E402
from trainer.engine.rules import STANDARD  # noqa: E402
from trainer.play.coach import MoveReview, review_hand  # noqa: E402
from trainer.play.players import ExpertPlayer, GreedyPlayer  # noqa: E402
from trainer.search.evidence import MIN_DEALS  # noqa: E402

STAGES = (("first lead", 0, 0), ("1 to 8 tiles on the table", 1, 8), ("9 or more", 9, 28))


def stage(review: MoveReview) -> str:
    """The stage of the hand a decision was made in, by the tiles on the table."""
    from trainer.engine.position import Position

    on_table = len(Position.from_code(review.position).layout)
    return next(name for name, low, high in STAGES if low <= on_table <= high)


def reason(review: MoveReview) -> str:
    """Why a review is unclear, from its headline's kind."""
    if review.contested:
        return "the yardsticks contradict"
    if review.samples < MIN_DEALS and not review.exact:
        return "too few deals"
    if review.margin == float("inf"):
        return "bounded figures"
    return "interval too wide"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--total", type=float, default=2.0, help="seconds for a hand's review (Play: 2.0)")
    parser.add_argument("--most", type=float, default=1.0, help="seconds at most a decision (Play: 1.0)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    reviews: list[MoveReview] = []
    hands = 0
    seed = args.seed
    started = time.perf_counter()
    while len(reviews) < args.moves:
        match = Match(STANDARD, 2, seed=seed, target=250)
        players = [GreedyPlayer(seed), ExpertPlayer(seed, budget=0.2)]
        while len(match.hands) == 1 and not match.over:  # the match draws and passes itself
            match.play(players[match.position.turn].choose(match.position))
        turns = tuple(match.record().hands[0])
        found = review_hand(match.starts[0], turns, 0, budget=args.most, total=args.total, seed=seed,
                            target=None)
        reviews.extend(r for r in found if r.grade != "forced")
        hands += 1
        seed += 1
        print(f"\r{len(reviews)} decisions reviewed, {hands} hands", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    reviews = reviews[:args.moves]
    unclear = [r for r in reviews if r.grade == "unclear"]
    print(f"{len(reviews)} decisions with a choice from {hands} hands; review {args.total:g} s a hand, "
          f"{args.most:g} s at most a decision; {time.perf_counter() - started:.0f} s in all")
    share = 100 * len(unclear) / len(reviews)
    print(f"unclear: {len(unclear)} of {len(reviews)} = {share:.1f}% (target: 10% or less)")
    print("\nby stage: unclear of decisions")
    for name, _, _ in STAGES:
        mine = [r for r in reviews if stage(r) == name]
        n = sum(1 for r in mine if r.grade == "unclear")
        print(f"  {name:28} {n:4} of {len(mine):4}" + (f" = {100 * n / len(mine):5.1f}%" if mine else ""))
    print("\nwhy unclear:")
    for why, n in Counter(reason(r) for r in unclear).most_common():
        print(f"  {why:28} {n:4}")
    print("\ngrades:")
    for grade, n in Counter(r.grade for r in reviews).most_common():
        print(f"  {grade:28} {n:4} = {100 * n / len(reviews):5.1f}%")


if __name__ == "__main__":
    main()
