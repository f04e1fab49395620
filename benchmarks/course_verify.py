"""Prove again every position of the strategy course and every practice goal, in full.

    python benchmarks/course_verify.py

The course's positions (`trainer/teach/proven_bank.py`): each offered move's value is
solved again (exact positions), or every deal of the hidden tiles is solved again
(hidden ones); each solved line is played again and must be the solver's; the best
must beat the second by 5 and the moves must differ in the topic's way. The positions
from the middle of a hand (`trainer/teach/sampled.py`) are judged again by both
yardsticks on the deals their seed draws, and must show every stored figure again;
then once more on fresh deals (as many), where both yardsticks must keep the answer
ahead of every other choice, and the count of those still beyond both margins is
printed (a lead well past the margin replicates; one just past it would not). The practice
goals (`trainer/teach/practice_bank.py`): each is searched again, must be reachable,
and some first move must lose it. Prints, per topic, how many were proven and how long
it took; exits 1 if anything fails. The test suite proves a seeded sample of each
(tests/test_strategy.py, tests/test_practice.py).
"""

from __future__ import annotations

import sys
import time

from trainer.search.evidence import paired
from trainer.search.played_out import played_out
from trainer.teach.practice import practice_items
from trainer.teach.proven import TOPICS, Proven, bank, problems
from trainer.teach.sampled import FRESH, judged


def fresh(entry: Proven) -> tuple[bool, bool]:
    """On fresh deals: (both yardsticks keep the answer ahead of every other choice,
    and beyond both margins)."""
    seed = entry.seed + FRESH
    view, voids = entry.position, entry.voids_map()
    exact = paired(view, entry.deals, seed, voids)
    played = played_out(view, entry.playouts, seed, voids)
    best = entry.best.move
    ahead = all(exact.difference(best, o.move).mean > 0 and played.difference(best, o.move).mean > 0
                for o in entry.options[1:])
    return ahead, judged(entry, seed, entry.deals, entry.playouts) is not None


def main() -> int:
    failed: list[str] = []
    total = middle = replicated = 0
    for topic in TOPICS:
        start = time.perf_counter()
        entries = bank(topic)
        for entry in entries:
            wrong = problems(entry)
            if entry.sampled:
                ahead, beyond = fresh(entry)
                middle += 1
                replicated += beyond
                if not ahead:
                    wrong.append("on fresh deals a yardstick puts another choice ahead")
            if wrong:
                failed.append(f"{topic} (hand {entry.seed}): {'; '.join(wrong)}")
        seconds = time.perf_counter() - start
        total += len(entries)
        print(f"{topic:>10}: {len(entries):3d} positions in {seconds:6.1f} s "
              f"({sum(e.sampled for e in entries)} from the middle of a hand)")
    print(f"from the middle of a hand: {replicated} of {middle} still beyond both margins on fresh deals")
    start = time.perf_counter()
    items = practice_items()
    for item in items:
        if not item.prove():
            failed.append(f"practice {item.id}: the goal {item.goal} is not proven")
    print(f"{'practice':>10}: {len(items):3d} goals in {time.perf_counter() - start:6.1f} s")
    print(f"{total} course positions and {len(items)} practice goals; {len(failed)} failed")
    for line in failed[:40]:
        print("  " + line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
