"""A puzzle's starting rating, from what makes a position hard for people: how many
distinct choices it offers, how narrow the margin between the answer and the next
move, a greedy trap, the size of the count and the number of open arms. Learners'
attempts then move it by Glicko-2 (`trainer.store.glicko`).

| feature | effect |
|---|---|
| kind | a base: count 800, score-most 950, deny 1150, best-play 1250, endgame 1300 |
| choices | +60 for each distinct choice beyond 3 (twins merged) |
| margin | −6 for each point of margin (up to 25): a wide margin is easy to see |
| greedy trap | +250 when the moves that score most now are rejected |
| count | +4 a point of the total, +80 for each end beyond 2, +120 for a double at an end |
| open ends | +40 for each open end beyond 2 on the board |

>>> from trainer.puzzles.kinds import Puzzle
>>> easy = Puzzle("c1", "count", "6-4 6-6/?9 ?17 0 0,0", "standard", ("10",), ())
>>> hard = Puzzle("c2", "count", "6-6:6-5:6-4:6-3:6-2 1-1/?3 ?19 0 0,0", "standard", ("20",), ())
>>> rating(easy) < rating(hard)
True
"""

from __future__ import annotations

from trainer.puzzles.kinds import Kind, Puzzle, choices

BASE: dict[Kind, int] = {"count": 800, "score-most": 950, "deny": 1150, "best-play": 1250,
                         "endgame": 1300}
LOW, HIGH = 600, 2400


def features(puzzle: Puzzle) -> dict[str, float]:
    """The measurable features the rating rests on."""
    position = puzzle.parsed()
    layout = position.layout
    top = max((m.points for m in puzzle.moves), default=0)
    trap = bool(puzzle.moves) and top > 0 and not any(
        m.points == top for m in puzzle.moves if m.move in puzzle.accepted)
    return {
        "choices": len(choices(position, [m.move for m in puzzle.moves])) if puzzle.moves else 0,
        "margin": max(0.0, puzzle.margin),
        "trap": float(trap),
        "count": float(layout.count()) if puzzle.kind == "count" else 0.0,
        "parts": float(len(layout.count_parts())) if puzzle.kind == "count" else 0.0,
        "double_end": float(any(arm and arm[-1][0] == arm[-1][1] for arm in layout.arms)),
        "ends": float(len(layout.open_ends())),
    }


def rating(puzzle: Puzzle) -> int:
    """The starting rating, rounded to 10 and kept within 600..2400."""
    f = features(puzzle)
    score = float(BASE[puzzle.kind])
    if puzzle.kind == "count":
        score += 4 * f["count"] + 80 * max(0.0, f["parts"] - 2) + 120 * f["double_end"]
    else:
        score += 60 * max(0.0, f["choices"] - 3) - 6 * min(f["margin"], 25.0) + 250 * f["trap"]
    score += 40 * max(0.0, f["ends"] - 2)
    return int(max(LOW, min(HIGH, round(score / 10) * 10)))
