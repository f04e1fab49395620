"""A puzzle's starting rating, from what makes a position hard for people: the kind,
how many real choices it offers, how narrow the margin between the answer and the
next move, a greedy trap, an answer that scores nothing now, how many players there
are to read, how much is hidden, how long an endgame's line runs, and the idea it
needs (its themes). Learners' attempts then move it by Glicko-2
(`trainer.store.glicko`).

| feature | effect |
|---|---|
| kind | a base: count 800, score-most 900, deny 1100, best-play 1250, endgame 1300 |
| choices | +90 for each real choice beyond 3 (moves that leave the same table merged) |
| margin | −10 for each point of margin beyond 5 (up to 25): a wide margin is easy to see |
| accepted | −60 for each accepted choice beyond the first |
| greedy trap | +300 when the moves that score most now are all rejected |
| nothing now | +120 when the answer scores nothing while another move scores |
| players | +150 for 3 players, +220 for 4 alone, +180 for partners; +80 under cincos |
| hidden | best play and deny: +15 for each tile the mover cannot see beyond 6 |
| line | endgame: +35 for each play of the best line beyond 3 |
| themes | set-up, block +100; hold-answer, read-void +120; partner-count +100; shed-heavy +60; domino +40 |
| count | +4 a point of the total, +80 for each end beyond 2, +120 for a double at an end |
| open ends | +40 for each open end beyond 2 on the board |

>>> from trainer.puzzles.record import Puzzle
>>> easy = Puzzle("c1", "count", "6-4 6-6/?9 ?17 0 0,0", "standard", ("10",), ())
>>> hard = Puzzle("c2", "count", "6-6:6-5:6-4:6-3:6-2 1-1/?3 ?19 0 0,0", "standard", ("20",), ())
>>> rating(easy) < rating(hard)
True
"""

from __future__ import annotations

from trainer.engine.position import Hidden
from trainer.puzzles.choices import MIN_CHOICES, choices
from trainer.puzzles.record import Kind, Puzzle

BASE: dict[Kind, int] = {"count": 800, "score-most": 900, "deny": 1100, "best-play": 1250,
                         "endgame": 1300}
PLAYERS: dict[str, int] = {"2-players": 0, "3-players": 150, "4-players": 220, "partners": 180,
                           "cincos": 80}
THEMES: dict[str, int] = {"set-up": 100, "block": 100, "hold-answer": 120, "read-void": 120,
                          "partner-count": 100, "shed-heavy": 60, "domino": 40}
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
    top = max((m.points for m in puzzle.moves), default=0)
    answer = next((m for m in puzzle.moves if m.move in puzzle.accepted), None)
    trap = bool(puzzle.moves) and top > 0 and not any(
        m.points == top for m in puzzle.moves if m.move in puzzle.accepted)
    hidden = sum(h.count for h in (*position.hands, position.boneyard) if isinstance(h, Hidden))
    plays = sum(1 for step in puzzle.line if not step.endswith((":draw", ":pass")))
    return {
        "choices": float(len(groups)),
        "accepted": float(accepted),
        "margin": max(0.0, puzzle.margin),
        "trap": float(trap),
        "nothing_now": float(answer is not None and answer.points == 0 and top > 0),
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
    score = float(BASE[puzzle.kind])
    if puzzle.kind == "count":
        score += 4 * f["count"] + 80 * max(0.0, f["parts"] - 2) + 120 * f["double_end"]
    else:
        score += 90 * max(0.0, f["choices"] - MIN_CHOICES) - 10 * (min(f["margin"], 25.0) - 5)
        score += -60 * max(0.0, f["accepted"] - 1) + 300 * f["trap"] + 120 * f["nothing_now"]
        score += PLAYERS[puzzle.game]
        if puzzle.kind in ("best-play", "deny"):
            score += 15 * max(0.0, f["hidden"] - 6)
        if puzzle.kind == "endgame":
            score += 35 * max(0.0, f["line"] - 3)
        score += sum(THEMES.get(tag, 0) for tag in puzzle.tags)
    score += 40 * max(0.0, f["ends"] - 2)
    return int(max(LOW, min(HIGH, round(score / 10) * 10)))
