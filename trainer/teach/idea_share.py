"""How often a strategy lesson's idea holds in real play: for each topic, the hands of
a seed range played between greedy players (as the course's positions are found,
`trainer.teach.proven`), the first position of each hand whose moves differ in the
topic's way and where the solver finds one move best by the course's margin; in how
many of those the best move does the topic's thing (scores more now, leaves the least
to the reply, sheds the heavier tile, blocks, goes out).

The lessons pick their questions half one way and half the other (`PER_FLAG`), so
their own mix says nothing of the game; this measure does, and each lesson states it.

    python -m trainer.teach.idea_share [--seeds 3000]

writes `idea_shares.json` beside this module: for each topic its seed range and every
(seed, does the topic's thing) found, so that a test can judge any of them again.

>>> share("defence").positions > 20
True
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Optional

from trainer.teach.proven import TOPICS, Proven, candidates, judge

DATA = "idea_shares.json"
FIRST_SEED = 100_000  # beyond the seeds the course's positions come from
MEASURED = ("setups", "defence", "shedding", "blocking", "going_out", "partners", "cincos")  # every
# topic whose positions are judged exactly (the spinner's, from the middle of a hand, are sampled)


@dataclass(frozen=True)
class Share:
    """A topic's measure: positions found and those where the idea's move is best."""

    topic: str
    positions: int
    idea_best: int
    seeds: tuple[int, int]  # the range of hands looked at, first and last + 1
    found: tuple[tuple[int, bool], ...]

    @property
    def percent(self) -> int:
        return round(100 * self.idea_best / self.positions) if self.positions else 0


def first_entry(topic: str, seed: int) -> Optional[Proven]:
    """The hand's first position that teaches `topic`, judged as the course judges it."""
    for position, voids, _ in candidates(topic, TOPICS[topic], seed):
        entry = judge(topic, position, voids, seed)
        if entry is not None:
            return entry
    return None


def measure(topic: str, seeds: range) -> Share:
    found = tuple((seed, entry.flag) for seed in seeds if (entry := first_entry(topic, seed)) is not None)
    return Share(topic, len(found), sum(flag for _, flag in found), (seeds.start, seeds.stop), found)


@cache
def _shares() -> dict[str, Share]:
    data = json.loads(files("trainer.teach").joinpath(DATA).read_text(encoding="utf-8"))
    return {topic: Share(topic, len(row["found"]), sum(flag for _, flag in row["found"]),
                         (row["seeds"][0], row["seeds"][1]), tuple((s, bool(f)) for s, f in row["found"]))
            for topic, row in data.items()}


def share(topic: str) -> Share:
    """The measure of `topic` as shipped; KeyError for a topic not measured."""
    return _shares()[topic]


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=3000, help="hands looked at for each topic")
    args = parser.parse_args(argv)
    seeds = range(FIRST_SEED, FIRST_SEED + args.seeds)
    out: dict[str, object] = {}
    for topic in MEASURED:
        found = measure(topic, seeds)
        out[topic] = {"seeds": [seeds.start, seeds.stop], "found": [[s, int(f)] for s, f in found.found]}
        print(f"{topic}: the idea's move best in {found.idea_best} of {found.positions} ({found.percent}%)",
              flush=True)
    path = Path(__file__).resolve().parent / DATA
    path.write_text(json.dumps(out, separators=(",", ":")) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
