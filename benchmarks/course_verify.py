"""Prove again every position of the strategy course and every practice goal, in full.

    python benchmarks/course_verify.py

The course's positions (`trainer/teach/proven_bank.jsonl`): each offered move's value is
solved again (exact positions), or every deal of the hidden tiles is solved again
(hidden ones); each solved line is played again and must be the solver's; the best
must beat the second by 5 and the moves must differ in the topic's way. The positions
from the middle of a hand (`trainer/teach/sampled.py`) are judged again by both
yardsticks on the deals their seed draws, and must show every stored figure again;
then once more on fresh deals (as many), where both yardsticks must keep the answer
ahead of every other choice, and the counts of those still beyond both margins, and
still admitted by the bank's rule, are printed. The practice
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


def fresh(entry: Proven) -> tuple[bool, bool, bool]:
    """On fresh deals (as many, another seed): whether both yardsticks keep the answer
    ahead of every other choice; ahead beyond both 95% margins; and by the bank's own
    rule (beyond them by twice the margin, and best of every move by both)."""
    seed = entry.seed + FRESH
    view, voids = entry.position, entry.voids_map()
    exact = paired(view, entry.deals, seed, voids)
    played = played_out(view, entry.playouts, seed, voids)
    best = entry.best.move
    leads = [(exact.difference(best, o.move), played.difference(best, o.move)) for o in entry.options[1:]]
    ahead = all(e.mean > 0 and p.mean > 0 for e, p in leads)
    beyond = all(e.low > 0 and p.low > 0 for e, p in leads)
    return ahead, beyond, judged(entry, seed, entry.deals, entry.playouts) is not None


def main() -> int:
    failed: list[str] = []
    total = middle = beyond_margins = admitted = 0
    for topic in TOPICS:
        start = time.perf_counter()
        entries = bank(topic)
        for entry in entries:
            wrong = problems(entry)
            if entry.sampled:
                ahead, beyond, again = fresh(entry)
                middle += 1
                beyond_margins += beyond
                admitted += again
                if not ahead:
                    wrong.append("on fresh deals a yardstick puts another choice ahead")
            if wrong:
                failed.append(f"{topic} (hand {entry.seed}): {'; '.join(wrong)}")
        seconds = time.perf_counter() - start
        total += len(entries)
        print(f"{topic:>10}: {len(entries):3d} positions in {seconds:6.1f} s "
              f"({sum(e.sampled for e in entries)} from the middle of a hand)")
    print(f"from the middle of a hand, on fresh deals: {beyond_margins} of {middle} still beyond both 95% "
          f"margins, {admitted} by the bank's own rule (twice the margins)")
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
