"""The review queue as a learner reads it: each due puzzle on its own, puzzles first
(so that every one can be reached however many drill boards are due), then the drill
boards grouped by drill and level, one entry each however many boards are due.

>>> from datetime import datetime, timezone
>>> from trainer.store.scheduling import ReviewItem
>>> now = datetime(2026, 11, 29, tzinfo=timezone.utc)
>>> due = [ReviewItem("drill", f"total:1:{s}", "total", "", now, "Learning", 0, 0) for s in range(20)]
>>> due.append(ReviewItem("puzzle", "p-42", "count", "", now, "Learning", 0, 0))
>>> [(g.part, g.kind, g.level, len(g.items)) for g in group_due(due)]
[('puzzle', 'count', '', 1), ('drill', 'total', '1', 20)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from trainer.store.scheduling import ReviewItem


@dataclass(frozen=True)
class DueGroup:
    """One entry of the queue: a puzzle, or the due boards of one drill at one level."""

    part: str
    kind: str
    level: str  # a drill's level ("" for a puzzle)
    items: tuple[ReviewItem, ...]  # the longest overdue first

    @property
    def first(self) -> ReviewItem:
        return self.items[0]


def drill_level(item: str) -> str:
    """The level in a drill item's key ("total:1:7" -> "1"); "" when it has none."""
    parts = item.split(":")
    return parts[1] if len(parts) >= 3 else ""


def group_due(due: Iterable[ReviewItem]) -> list[DueGroup]:
    """Due puzzles one by one, then drill boards grouped by drill and level, each in
    the order it fell due."""
    puzzles: list[DueGroup] = []
    drills: dict[tuple[str, str], list[ReviewItem]] = {}
    for item in sorted(due, key=lambda i: i.due):
        if item.part == "puzzle":
            puzzles.append(DueGroup("puzzle", item.kind, "", (item,)))
        else:
            drills.setdefault((item.kind, drill_level(item.item)), []).append(item)
    return puzzles + [DueGroup("drill", kind, level, tuple(items)) for (kind, level), items in drills.items()]


def count_entries(groups: Sequence[DueGroup]) -> tuple[int, int]:
    """(due puzzles, due drill boards) in the groups."""
    puzzles = sum(1 for g in groups if g.part == "puzzle")
    return puzzles, sum(len(g.items) for g in groups if g.part != "puzzle")
