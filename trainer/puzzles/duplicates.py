"""Near-duplicate puzzles: two that show the same table and the same hand to the mover
(the same rules and players; the other hands hidden in one and shown in the other count
as the same), or two count puzzles of the same table (a count does not depend on the
hand). A learner who met one has met the other, and where their answers differ the
pair contradicts itself.

`merge` keeps one of each group (the puzzle with hidden hands before an endgame, whose
tiles are all shown; else the first in the bank's order) and names each one left out
with the one kept, in `puzzles/merged.jsonl` (`{"id": ..., "same_as": ...}` a line), so
that an old link, a review card or an assignment that names it opens the one kept.

    python -m trainer.puzzles.duplicates   # rewrites puzzles/bank.jsonl and merged.jsonl
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from collections.abc import Hashable, Sequence
from pathlib import Path

from trainer.puzzles.kinds import Puzzle

KEEP_FIRST = ("best-play", "deny", "score-most", "count", "endgame", "read")  # the kind kept of a group


def sameness(puzzle: Puzzle) -> Hashable:
    """What two near-duplicates share: the table and, but for a count, the mover's hand;
    for a reading question, the question too.

    >>> from trainer.puzzles.bank import shipped
    >>> a, b = shipped()[:2]
    >>> sameness(a) == sameness(a), sameness(a) == sameness(b)
    (True, False)
    """
    position = puzzle.parsed()
    if puzzle.kind == "count":
        return ("count", position.rules.name, str(position.layout))
    if puzzle.kind == "read":
        return ("read", position.rules.name, position.players, str(position.layout),
                tuple(sorted(position.hand(position.turn))), puzzle.question)
    return ("move", position.rules.name, position.players, str(position.layout),
            tuple(sorted(position.hand(position.turn))))


def groups(puzzles: Sequence[Puzzle]) -> list[list[Puzzle]]:
    """Every group of two or more near-duplicates, each in the bank's order."""
    found: dict[Hashable, list[Puzzle]] = defaultdict(list)
    for puzzle in puzzles:
        found[sameness(puzzle)].append(puzzle)
    return [group for group in found.values() if len(group) > 1]


def merge(puzzles: Sequence[Puzzle]) -> tuple[list[Puzzle], dict[str, str]]:
    """The puzzles with one of each group kept, and each one left out -> the one kept."""
    dropped: dict[str, str] = {}
    for group in groups(puzzles):
        kept = min(group, key=lambda p: (KEEP_FIRST.index(p.kind), group.index(p)))
        dropped.update({p.id: kept.id for p in group if p is not kept})
    return [p for p in puzzles if p.id not in dropped], dropped


def main(folder: str = "puzzles") -> None:  # pragma: no cover - run by hand
    from trainer.puzzles.bank import shipped

    bank = Path(folder) / "bank.jsonl"
    lines = bank.read_text(encoding="utf-8").splitlines()
    kept, dropped = merge(shipped())
    keep = {p.id for p in kept}
    kept_lines = [line for line in lines if json.loads(line)["id"] in keep]
    bank.write_text("".join(line + "\n" for line in kept_lines), encoding="utf-8")
    merged = Path(folder) / "merged.jsonl"
    before = merged.read_text(encoding="utf-8").splitlines() if merged.exists() else []
    old = [json.loads(line) for line in before]
    rows = {row["id"]: row["same_as"] for row in old} | dropped
    merged.write_text("".join(json.dumps({"id": a, "same_as": b}, sort_keys=True) + "\n"
                              for a, b in sorted(rows.items())), encoding="utf-8")
    print(f"{len(dropped)} near-duplicates merged: {len(kept)} puzzles kept")


if __name__ == "__main__":  # pragma: no cover
    main(*sys.argv[1:])
