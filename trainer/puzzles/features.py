"""What a puzzle's board looks like and which game it comes from: filters for choosing
puzzles, not themes (a theme names the idea that solves a puzzle, `trainer.puzzles.themes`).

| filter | holds when |
|---|---|
| `double-at-end` | a double stands at an open end (it counts both halves) |
| `four-arms` | all four arms of the spinner hold tiles |
| `no-spinner` | no double has been played yet: the table is a line |
| `spinner-open` | the spinner has an empty side or end a tile can still open |

>>> from trainer.puzzles.record import Puzzle
>>> p = Puzzle("c1", "count", "6-6:6-4,4-4::: 5-5/?8 ?16 0 0,0", "standard", ("20",), ())
>>> features_of(p), p.game
(('double-at-end', 'spinner-open'), '2-players')
"""

from __future__ import annotations

from collections.abc import Callable

from trainer.engine.layout import Layout
from trainer.puzzles.record import Puzzle


def double_at_end(layout: Layout) -> bool:
    """A double stands at an open end (it counts both halves)."""
    return any(arm and arm[-1][0] == arm[-1][1] for arm in layout.arms)


def four_arms(layout: Layout) -> bool:
    """All four arms of the spinner hold tiles."""
    return layout.spinner is not None and all(layout.arms)


def no_spinner(layout: Layout) -> bool:
    """No double has been played yet: the table is a line."""
    return layout.spinner is None and bool(layout.line)


def spinner_open(layout: Layout) -> bool:
    """The spinner has an empty side or end a tile can still open."""
    return layout.spinner is not None and not all(layout.arms)


FEATURES: dict[str, Callable[[Layout], bool]] = {
    "double-at-end": double_at_end,
    "four-arms": four_arms,
    "no-spinner": no_spinner,
    "spinner-open": spinner_open,
}


def features_of(puzzle: Puzzle) -> tuple[str, ...]:
    """Every board filter the puzzle's table meets, in the order of the list."""
    layout = puzzle.parsed().layout
    return tuple(name for name, holds in FEATURES.items() if holds(layout))
