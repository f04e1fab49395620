"""Solved lines: what follows a puzzle's answer, and its most tempting rejected move,
with best play by every player to the end of the hand, on deals of the hidden tiles.

A puzzle's themes are decided from these lines (`trainer.puzzles.themes`): a set-up
is a line where your next tile scores, a block a line that ends with nobody able to
play, and so on. An endgame has one line, exact. A puzzle over hidden tiles has one
line a deal, on the first LINE_DEALS of the deals its figures rest on (the same seed,
so the same deals), each solved with every tile known; a theme then holds when it
holds in most of them (more than half), which says what usually happens, not what
surely does.

The rival is the rejected move a learner is most tempted by: the one that scores the
most now, then the best valued.

>>> from trainer.puzzles.kinds import make_puzzle
>>> from trainer.engine.position import Position
>>> code = ("0-0:0-3,3-4,4-6,6-5,5-5,5-1,1-0:0-4,4-2,2-1,1-3,3-2,2-0,0-5,5-4::"
...         "0-6,6-3,3-3,3-5,5-2,2-2,2-6,6-1 6-6,4-4/4-1,1-1 - 1 15,15")
>>> p = make_puzzle("endgame", Position.from_code(code), seed=0)
>>> s = story(p)
>>> [str(step) for step in s.answer[0].steps], s.answer[0].end, s.rival_move
(['1:4-1@W', '0:pass', '1:1-1@S'], 'domino', '4-1@S')
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Optional

from trainer.engine.moves import Move
from trainer.engine.position import Position
from trainer.engine.tiles import pip_total
from trainer.puzzles.record import Puzzle
from trainer.puzzles.screen import PROOF_BITS
from trainer.search.evidence import deals_for
from trainer.search.solver import solve

LINE_DEALS = 6  # deals whose lines decide a hidden-tile puzzle's themes
LIMIT = 40  # steps a line is followed at most


@dataclass(frozen=True)
class Step:
    """One turn of a line: a player plays a move (with the points it scored), draws or passes."""

    player: int
    action: str  # a move code, "draw" or "pass"
    points: int = 0

    @property
    def is_play(self) -> bool:
        return self.action not in ("draw", "pass")

    def __str__(self) -> str:
        return f"{self.player}:{self.action}"


@dataclass(frozen=True)
class Line:
    """A line from a move to the end of the hand: its steps (the move first), how the
    hand ended (`domino`, `blocked`, or `open` past LIMIT), who went out, and every
    player's pips at the end."""

    steps: tuple[Step, ...]
    end: str
    winner: Optional[int]
    pips: tuple[int, ...]

    def next_turn(self, player: int) -> tuple[Step, ...]:
        """The steps of `player`'s next turn after the first move: his draws, then his
        play or pass (empty when the hand ends first)."""
        out: list[Step] = []
        for step in self.steps[1:]:
            if step.player == player:
                out.append(step)
                if step.action != "draw":
                    break
            elif out:
                break
        return tuple(out)

    def next_play(self, player: int) -> Optional[Step]:
        """`player`'s next play after the first move (None if he passes or the hand ends)."""
        turn = self.next_turn(player)
        return turn[-1] if turn and turn[-1].is_play else None

    def later_plays(self, player: int) -> tuple[Step, ...]:
        """Every play of `player` after the first move."""
        return tuple(s for s in self.steps[1:] if s.player == player and s.is_play)


def line_from(position: Position, move: Move) -> Line:
    """The line that follows `move` in a fully known `position`, every player then
    playing his best by the solver."""
    steps = [Step(position.turn, str(move), position.points(move))]
    position = position.play(move)
    while not position.is_over and len(steps) < LIMIT:
        if position.must_draw:
            steps.append(Step(position.turn, "draw"))
            position = position.draw()
            continue
        if position.must_pass:
            steps.append(Step(position.turn, "pass"))
            position = position.pass_turn()
            continue
        best = solve(position, table_bits=PROOF_BITS, best_only=True).best[0]
        steps.append(Step(position.turn, str(best), position.points(best)))
        position = position.play(best)
    outcome = position.outcome()
    pips = tuple(pip_total(position.hand(p)) for p in range(position.players))
    if outcome is None:
        return Line(tuple(steps), "open", None, pips)
    return Line(tuple(steps), outcome.kind, outcome.player, pips)


def rival(puzzle: Puzzle) -> Optional[str]:
    """The rejected move a learner is most tempted by: the most points now, then the
    best value (None when every move is accepted)."""
    rejected = [m for m in puzzle.moves if m.move not in puzzle.accepted]
    if not rejected:
        return None
    return min(rejected, key=lambda m: (-m.points, -(m.value if m.ev is None else m.ev), m.move)).move


@dataclass(frozen=True)
class Story:
    """The lines after the puzzle's first answer and after its rival, on the same deals."""

    answer: tuple[Line, ...]
    rival: tuple[Line, ...]
    rival_move: Optional[str]
    turn: int
    players: int

    @property
    def next_player(self) -> int:
        return (self.turn + 1) % self.players


def deals_of(puzzle: Puzzle, count: int = LINE_DEALS) -> list[Position]:
    """The positions the lines start from: the puzzle's own for an endgame, else the
    first `count` deals of its seeded deals."""
    position = puzzle.parsed()
    if position.is_fully_known:
        return [position]
    return deals_for(position, count, random.Random(puzzle.seed), puzzle.void_map() or None)


def story(puzzle: Puzzle, count: int = LINE_DEALS) -> Story:
    """The puzzle's lines (none for a count)."""
    position = puzzle.parsed()
    if not puzzle.moves:
        return Story((), (), None, position.turn, position.players)
    other = rival(puzzle)
    deals = deals_of(puzzle, count)
    answer = tuple(line_from(d, Move.parse(puzzle.accepted[0])) for d in deals)
    against = tuple(line_from(d, Move.parse(other)) for d in deals) if other else ()
    return Story(answer, against, other, position.turn, position.players)
