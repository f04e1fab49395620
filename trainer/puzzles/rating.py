"""A puzzle's starting rating, from what makes a position hard for people: how many
real choices it offers, how narrow the margin between the answer and the next move,
how many players there are to read, how much is hidden, how long an endgame's line
runs, and the idea it needs (its themes); for a count, how much there is to add up.
Learners' attempts then move it by Glicko-2 (`trainer.store.glicko`).

Whether the answer takes the most points now is not a feature: every move kind starts
from the same base, and a greedy trap or an answer that scores nothing weighs no more
than any other answer. The expert solves greedy traps as often as point-taking answers
(`benchmarks/puzzle_bands.py --ladder`); only the greedy player fails them, by his
definition. So each rating band holds greedy traps and point-taking answers alike.

| feature | effect (move puzzles) |
|---|---|
| base | 900 for every move kind |
| choices | +180 for each real choice beyond 3 (moves that leave the same table merged) |
| margin | −20 for each point of margin beyond 5 (up to 25): a wide margin is easy to see |
| accepted | −120 for each accepted choice beyond the first |
| players | +300 for 3 players, +440 for 4 alone, +360 for partners; +160 under cincos |
| hidden | best play and deny: +30 for each tile the mover cannot see beyond 6 |
| line | endgame: +70 for each play of the best line beyond 3 |
| themes | set-up, block +200; hold-answer, read-void +240; partner-count +200; shed-heavy +120; domino +80 |
| open ends | +80 for each open end beyond 2 on the board |

A count starts at 800: +4 a point of the total, +80 for each end beyond 2, +120 for a
double at an end, +40 for each open end beyond 2.

>>> from trainer.puzzles.record import Puzzle
>>> easy = Puzzle("c1", "count", "6-4 6-6/?9 ?17 0 0,0", "standard", ("10",), ())
>>> hard = Puzzle("c2", "count", "6-6:6-5:6-4:6-3:6-2 1-1/?3 ?19 0 0,0", "standard", ("20",), ())
>>> rating(easy) < rating(hard)
True
"""

from __future__ import annotations

from trainer.engine.position import Hidden
from trainer.puzzles.choices import MIN_CHOICES, choices
from trainer.puzzles.record import Puzzle

MOVE_BASE = 900  # every move kind alike: what the answer does about points now is no feature
COUNT_BASE = 800
PLAYERS: dict[str, int] = {"2-players": 0, "3-players": 300, "4-players": 440, "partners": 360,
                           "cincos": 160}
THEMES: dict[str, int] = {"set-up": 200, "block": 200, "hold-answer": 240, "read-void": 240,
                          "partner-count": 200, "shed-heavy": 120, "domino": 80}
LOW, HIGH = 600, 2400
BANDS = tuple(range(1000, 2001, 200))  # the bands the bank is counted in: 1000-1199, ... 1800-1999


def band(value: int) -> str:
    """The 200-point band of a rating: "<1000", "1000-1199", ..., "1800-1999", "2000+"."""
    if value < BANDS[0]:
        return f"<{BANDS[0]}"
    if value >= BANDS[-1]:
        return f"{BANDS[-1]}+"
    low = BANDS[0] + (value - BANDS[0]) // 200 * 200
    return f"{low}-{low + 199}"


BAND_NAMES = tuple(band(value) for value in (BANDS[0] - 1, *BANDS))  # "<1000", ..., "2000+"


def features(puzzle: Puzzle) -> dict[str, float]:
    """The measurable features the rating rests on."""
    position = puzzle.parsed()
    layout = position.layout
    moves = [m.move for m in puzzle.moves]
    groups = choices(position, moves) if moves else {}
    accepted = sum(1 for g in groups.values() if any(m in puzzle.accepted for m in g))
    hidden = sum(h.count for h in (*position.hands, position.boneyard) if isinstance(h, Hidden))
    plays = sum(1 for step in puzzle.line if not step.endswith((":draw", ":pass")))
    return {
        "choices": float(len(groups)),
        "accepted": float(accepted),
        "margin": max(0.0, puzzle.margin),
        "hidden": float(hidden),
        "line": float(plays),
        "count": float(layout.count()) if puzzle.kind == "count" else 0.0,
        "parts": float(len(layout.count_parts())) if puzzle.kind == "count" else 0.0,
        "double_end": float(any(arm and arm[-1][0] == arm[-1][1] for arm in layout.arms)),
        "ends": float(len(layout.open_ends())),
    }


def rating(puzzle: Puzzle) -> int:
    """The starting rating, rounded to 10 and kept within 600..2400."""
    f = features(puzzle)
    if puzzle.kind == "count":
        score = COUNT_BASE + 4 * f["count"] + 80 * max(0.0, f["parts"] - 2) + 120 * f["double_end"]
        score += 40 * max(0.0, f["ends"] - 2)
    else:
        score = MOVE_BASE + 180 * max(0.0, f["choices"] - MIN_CHOICES) - 20 * (min(f["margin"], 25.0) - 5)
        score += -120 * max(0.0, f["accepted"] - 1) + PLAYERS[puzzle.game]
        if puzzle.kind in ("best-play", "deny"):
            score += 30 * max(0.0, f["hidden"] - 6)
        if puzzle.kind == "endgame":
            score += 70 * max(0.0, f["line"] - 3)
        score += sum(THEMES.get(tag, 0) for tag in puzzle.tags) + 80 * max(0.0, f["ends"] - 2)
    return int(max(LOW, min(HIGH, round(score / 10) * 10)))
