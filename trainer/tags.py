"""Puzzle tags: a closed list, each decided by one small function of the puzzle.

| tag | meaning |
|---|---|
| `spinner` | the board has a spinner |
| `four-arms` | all four spinner arms hold tiles |
| `double-at-end` | an open end is a double (it counts both halves) |
| `big-score` | an accepted move scores 20 or more at once |
| `set-up` | an accepted move scores nothing now although another move would score |
| `greedy-trap` | the move that scores the most now is not accepted |
| `deny-count` | no move scores now: the skill is leaving the next player little |
| `domino` | in the best line the learner's side goes out |
| `block` | the best line ends in a blocked hand |
| `cincos` | played under the cincos rules |

>>> from trainer.puzzles import make_puzzle
>>> from trainer.position import Position
>>> p = make_puzzle("count", Position.from_code("6-6:6-4,4-4::: 5-5/?8 ?16 0 0,0"), seed=1)
>>> tags_of(p)
('spinner', 'double-at-end')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Optional

from trainer.moves import Move
from trainer.position import HandEnd
from trainer.puzzles import Puzzle


def spinner(p: Puzzle) -> bool:
    return p.parsed().layout.spinner is not None


def four_arms(p: Puzzle) -> bool:
    return all(p.parsed().layout.arms)


def double_at_end(p: Puzzle) -> bool:
    layout = p.parsed().layout
    return any(arm and arm[-1][0] == arm[-1][1] for arm in layout.arms)


def big_score(p: Puzzle) -> bool:
    return any(m.points >= 20 for m in p.moves if m.move in p.accepted)


def set_up(p: Puzzle) -> bool:
    scoring = any(m.points > 0 for m in p.moves)
    return scoring and any(m.points == 0 for m in p.moves if m.move in p.accepted)


def greedy_trap(p: Puzzle) -> bool:
    if not p.moves:
        return False
    top = max(m.points for m in p.moves)
    return top > 0 and not any(m.points == top for m in p.moves if m.move in p.accepted)


def deny_count(p: Puzzle) -> bool:
    return bool(p.moves) and all(m.points == 0 for m in p.moves)


def line_end(p: Puzzle) -> Optional[HandEnd]:
    """How the hand ends after the first accepted move and the stored best line."""
    if p.kind != "endgame" or not p.accepted:
        return None
    position = p.parsed().play(Move.parse(p.accepted[0]))
    for step in p.line:
        action = step.partition(":")[2]
        if action == "draw":
            position = position.draw()
        elif action == "pass":
            position = position.pass_turn()
        else:
            position = position.play(Move.parse(action))
    return position.outcome()


def domino(p: Puzzle) -> bool:
    """The learner's side goes out in the best line."""
    end = line_end(p)
    if end is None or end.kind != "domino" or end.player is None:
        return False
    rules = p.parsed().rules
    return rules.side_of(end.player) == rules.side_of(p.parsed().turn)


def block(p: Puzzle) -> bool:
    """The best line ends with nobody able to play."""
    end = line_end(p)
    return end is not None and end.kind == "blocked"


def cincos(p: Puzzle) -> bool:
    return p.rules == "cincos"


TAGS: dict[str, Callable[[Puzzle], bool]] = {
    "spinner": spinner,
    "four-arms": four_arms,
    "double-at-end": double_at_end,
    "big-score": big_score,
    "set-up": set_up,
    "greedy-trap": greedy_trap,
    "deny-count": deny_count,
    "domino": domino,
    "block": block,
    "cincos": cincos,
}


def tags_of(puzzle: Puzzle) -> tuple[str, ...]:
    """Every tag whose function holds, in the order of the list."""
    return tuple(name for name, holds in TAGS.items() if holds(puzzle))
