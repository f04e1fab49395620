"""Positions the solver proves, for the strategy course: endgames of real play where
every hand is known and the boneyard is empty, each passing the test of its topic.

`PROVEN` (in `trainer.teach.proven_bank`, written by `python -m trainer.teach.proven`) lists the
position codes per topic; the lessons take them from there, and the tests solve each
again and check its topic's test, so the bank never teaches a claim the solver does
not make.

>>> from trainer.teach.proven_bank import PROVEN
>>> all(proves(topic, Position.from_code(code)) for code in PROVEN["setup"][:2] for topic in ["setup"])
True
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from typing import Optional

from trainer.engine.moves import Move
from trainer.engine.position import Position
from trainer.engine.rules import PARTNERS, STANDARD
from trainer.engine.tiles import pip_total
from trainer.search.solver import MoveValue, Solution, solve
from trainer.teach.drills import Table, played_hand

TOPICS: tuple[str, ...] = ("setup", "defence", "shedding", "spinner", "blocking", "partners")
TWO = Table(STANDARD, ("random", "random"))
PAIRS = Table(PARTNERS, ("random", "random", "random", "random"))
PER_TOPIC = 12


def unique_best(solution: Solution) -> Optional[MoveValue]:
    """The one best move, or None when two or more share the best value."""
    return solution.moves[0] if len(solution.best) == 1 else None


def reply_points(position: Position, move: Move) -> int:
    """The most the next player can score with his reply to `move` (0 if he cannot play)."""
    after = position.play(move)
    if after.is_over:
        return 0
    return max((after.points(reply) for reply in after.legal_moves()), default=0)


def opens_spinner(position: Position, move: Move) -> bool:
    """Whether `move` covers the spinner's last open side, opening north and south."""
    layout = position.layout
    if layout.spinner is None or layout.arms_open:
        return False
    return layout.place(move.tile, move.side).arms_open


def blocks(position: Position, move: Move) -> bool:
    """Whether after `move` nobody can play and the hand is blocked."""
    end = position.play(move).outcome()
    return end is not None and end.kind == "blocked"


def greedy(solution: Solution) -> MoveValue:
    """The move that scores most at once (the first of them in the solver's order)."""
    return max(solution.moves, key=lambda m: m.points)


def _setup(position: Position, solution: Solution) -> bool:
    best = unique_best(solution)
    return best is not None and best.points == 0 and any(
        m.points > 0 and m.value < best.value for m in solution.moves)


def _defence(position: Position, solution: Solution) -> bool:
    best = unique_best(solution)
    grab = greedy(solution)
    return (best is not None and grab.points > best.points and grab.value < best.value
            and reply_points(position, best.move) < reply_points(position, grab.move))


def _shedding(position: Position, solution: Solution) -> bool:
    best = unique_best(solution)
    if best is None or best.points != 0:
        return False
    heaviest = max(tile.pips for tile in position.hand(position.turn))
    heavy = best.move.tile.is_double or best.move.tile.pips == heaviest
    return heavy and any(m.value < best.value and not m.move.tile.is_double and m.move.tile.pips < heaviest
                         for m in solution.moves)


def _spinner(position: Position, solution: Solution) -> bool:
    best = unique_best(solution)
    if best is None:
        return False
    opening = [opens_spinner(position, m.move) for m in solution.moves]
    return any(opening) and not all(opening)


def _blocking(position: Position, solution: Solution) -> bool:
    best = unique_best(solution)
    if best is None or not blocks(position, best.move):
        return False
    if all(blocks(position, m.move) for m in solution.moves):
        return False
    mine = pip_total(position.hand(position.turn)) - best.move.tile.pips
    theirs = sum(pip_total(position.hand(p)) for p in range(position.players) if p != position.turn)
    return mine < theirs


def _partners(position: Position, solution: Solution) -> bool:
    best = unique_best(solution)
    return best is not None and any(m.points > best.points and m.value < best.value for m in solution.moves)


TESTS: dict[str, Callable[[Position, Solution], bool]] = {
    "setup": _setup,
    "defence": _defence,
    "shedding": _shedding,
    "spinner": _spinner,
    "blocking": _blocking,
    "partners": _partners,
}


def proves(topic: str, position: Position) -> bool:
    """Solve `position` and check the test of `topic` on it."""
    return TESTS[topic](position, solve(position))


def endgames(table: Table, seed: int, most: int) -> Iterator[Position]:
    """Positions of the seeded hand of real play with the boneyard empty, no hand over
    `most` tiles and a choice of moves."""
    for step in played_hand(table, seed):
        p = step.before
        if p.boneyard == () and max(len(p.hand(i)) for i in range(p.players)) <= most \
                and len(p.legal_moves()) >= 2:
            yield p


def search(topic: str, seeds: range, count: int = PER_TOPIC) -> list[str]:
    """Up to `count` position codes of `topic`, at most one from each hand of `seeds`."""
    table, most = (PAIRS, 3) if topic == "partners" else (TWO, 5 if topic in ("spinner", "defence") else 4)
    found: list[str] = []
    for seed in seeds:
        hit = next((p for p in endgames(table, seed, most) if TESTS[topic](p, solve(p))), None)
        if hit is not None:
            found.append(hit.code())
            if len(found) == count:
                break
    return found


def write_bank(path: str, seeds: range = range(40_000)) -> None:
    """Search every topic and write the bank module."""
    lines = ['"""Positions the solver proves, per topic of the strategy course: written by',
             '`python -m trainer.teach.proven`, checked again by the tests."""', "",
             "PROVEN: dict[str, tuple[str, ...]] = {"]
    for topic in TOPICS:
        lines.append(f"    {topic!r}: (")
        for code in search(topic, seeds):
            parts = [code[i:i + 80] for i in range(0, len(code), 80)]
            lines += [f"        {part!r}" for part in parts[:-1]] + [f"        {parts[-1]!r},"]
        lines.append("    ),")
    lines.append("}")
    with open(path, "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")


if __name__ == "__main__":  # pragma: no cover
    write_bank(sys.argv[1] if len(sys.argv) > 1 else "trainer/teach/proven_bank.py")
