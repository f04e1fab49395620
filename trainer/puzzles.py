"""Puzzles: the kinds, their exactly computed answers, and the JSON Lines record.

Every accepted answer comes from exhaustive computation, never a heuristic:

- `best-play`: the board and the learner's hand; play the move that scores the most
  now (every move tied for the most is accepted).
- `endgame`: every hand known, boneyard empty; play the move with the best exact value
  to the end of the hand (every move tied with it is accepted); the best value beats
  the next distinct value by at least 5 points.
- `count`: total the ends of the board.
- `deny`: no move scores now; play the move after which the most that any tile you
  cannot see could score on the next play is the least (worked out for every unseen
  tile at every open end); the best beats the next distinct figure by at least 5.

>>> p = make_puzzle("count", Position.from_code("5-5:5-2:5-3:: 6-6/?8 ?16 0 0,0"), seed=1)
>>> p.accepted, p.kind
(('5',), 'count')
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, Literal, Optional

from trainer.errors import NotationError, TrainerError
from trainer.moves import Move
from trainer.players import best_reply_points, mover_view
from trainer.position import Position
from trainer.solver import solve

Kind = Literal["best-play", "endgame", "count", "deny"]
KINDS: tuple[Kind, ...] = ("best-play", "endgame", "count", "deny")
GENERATOR_VERSION = "1"
MARGIN = 5  # points by which an endgame's or deny puzzle's best beats the next


class PuzzleError(TrainerError):
    """A puzzle record that cannot be read, or a position that makes no puzzle."""


@dataclass(frozen=True)
class MoveInfo:
    """A legal move with the points it scores now and its value for the puzzle's kind:
    exact value (endgame), points (best-play), minus the most the next player could
    score (deny)."""

    move: str
    points: int
    value: int


@dataclass(frozen=True)
class Puzzle:
    id: str
    kind: Kind
    position: str
    rules: str
    accepted: tuple[str, ...]
    moves: tuple[MoveInfo, ...]
    tags: tuple[str, ...] = ()
    rating: int = 1500
    generator: str = GENERATOR_VERSION
    seed: int = 0
    line: tuple[str, ...] = field(default=())  # endgame: the best line after the answer

    def to_json(self) -> str:
        """One line of the bank: keys sorted, no spaces."""
        data = {
            "id": self.id, "kind": self.kind, "position": self.position, "rules": self.rules,
            "accepted": list(self.accepted),
            "moves": [{"move": m.move, "points": m.points, "value": m.value} for m in self.moves],
            "tags": list(self.tags), "rating": self.rating, "generator": self.generator,
            "seed": self.seed, "line": list(self.line),
        }
        return json.dumps(data, sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Puzzle:
        """Read one line of the bank; raises PuzzleError naming what is wrong."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise PuzzleError(f"puzzle line is not JSON: {error.msg}") from None
        except (ValueError, RecursionError):  # a number of thousands of digits, nesting too deep
            raise PuzzleError("puzzle line nests too deep or holds a number too long") from None
        if not isinstance(data, dict):
            raise PuzzleError("puzzle line is not a JSON object")
        try:
            kind = data["kind"]
            if kind not in KINDS:
                raise PuzzleError(f"puzzle {data.get('id')}: unknown kind {kind!r}")
            moves = tuple(MoveInfo(str(m["move"]), int(m["points"]), int(m["value"]))
                          for m in data["moves"])
            puzzle = cls(str(data["id"]), kind, str(data["position"]), str(data["rules"]),
                         tuple(str(a) for a in data["accepted"]), moves,
                         tuple(str(t) for t in data["tags"]), int(data["rating"]),
                         str(data["generator"]), int(data["seed"]),
                         tuple(str(m) for m in data.get("line", ())))
        except (KeyError, TypeError, ValueError, OverflowError) as error:
            raise PuzzleError(f"puzzle {str(data.get('id', '?'))[:40]}: missing or bad field "
                              f"({str(error)[:80]})") from None
        try:
            Position.from_code(puzzle.position)
        except NotationError as error:
            raise PuzzleError(f"puzzle {puzzle.id}: {error}") from None
        return puzzle

    def parsed(self) -> Position:
        return Position.from_code(self.position)

    def is_right(self, answer: str) -> bool:
        """Whether a move (or, for `count`, a number) is accepted."""
        return answer.strip() in self.accepted

    def info(self, move: str) -> Optional[MoveInfo]:
        return next((m for m in self.moves if m.move == move), None)


def puzzle_id(kind: str, position: str) -> str:
    """A short stable id from the kind and the position."""
    return kind[0] + hashlib.sha1(f"{kind} {position}".encode()).hexdigest()[:9]


def _gap(values: list[int]) -> int:
    """How far the best distinct value stands above the next (0 when every move ties:
    a puzzle needs a wrong answer)."""
    distinct = sorted(set(values), reverse=True)
    return distinct[0] - distinct[1] if len(distinct) > 1 else 0


def answers(kind: Kind, position: Position) -> tuple[tuple[str, ...], tuple[MoveInfo, ...], tuple[str, ...]]:
    """The accepted answers, every move's figures and (endgames) the best line, computed
    exactly; raises PuzzleError when the position makes no puzzle of this kind."""
    if kind == "count":
        if position.layout.is_empty:
            raise PuzzleError("an empty table has nothing to count")
        return (str(position.layout.count()),), (), ()
    moves = position.legal_moves()
    if len(moves) < 2:
        raise PuzzleError("a puzzle needs a choice of at least two moves")
    if kind == "endgame":
        if not position.is_fully_known or position.boneyard != ():
            raise PuzzleError("an endgame shows every hand and an empty boneyard")
        solution = solve(position)
        infos = tuple(MoveInfo(str(m.move), m.points, m.value) for m in solution.moves)
        if _gap([m.value for m in infos]) < MARGIN:
            raise PuzzleError(f"the best move does not beat the next by {MARGIN} points")
        best = tuple(str(m) for m in solution.best)
        return best, infos, best_line(position.play(solution.best[0]))
    points = {m: position.points(m) for m in moves}
    if kind == "best-play":
        infos = tuple(MoveInfo(str(m), p, p) for m, p in points.items())
        top = max(points.values())
        if top == 0 or len(set(points.values())) < 2:
            raise PuzzleError("best-play needs a scoring move and a move that scores less")
        accepted = tuple(sorted(str(m) for m, p in points.items() if p == top))
        return accepted, _sorted(infos), ()
    if any(points.values()):
        raise PuzzleError("deny needs a position where no move scores")
    infos = tuple(MoveInfo(str(m), 0, -best_reply_points(position, m)) for m in moves)
    if _gap([m.value for m in infos]) < MARGIN:
        raise PuzzleError(f"the best move does not beat the next by {MARGIN} points")
    top = max(m.value for m in infos)
    return tuple(sorted(m.move for m in infos if m.value == top)), _sorted(infos), ()


def _sorted(infos: tuple[MoveInfo, ...]) -> tuple[MoveInfo, ...]:
    return tuple(sorted(infos, key=lambda m: (-m.value, -m.points, m.move)))


def best_line(position: Position, limit: int = 30) -> tuple[str, ...]:
    """Best play by both sides from a fully known position to the end of the hand, with
    forced draws and passes written as `draw` and `pass`."""
    line: list[str] = []
    while not position.is_over and len(line) < limit:
        if position.must_draw:
            position = position.draw()
            line.append(f"{position.turn}:draw")
            continue
        if position.must_pass:
            line.append(f"{position.turn}:pass")
            position = position.pass_turn()
            continue
        move = solve(position).best[0]
        line.append(f"{position.turn}:{move}")
        position = position.play(move)
    return tuple(line)


def shown_position(kind: Kind, position: Position) -> Position:
    """What the learner sees: everything for endgames; his own hand only otherwise."""
    return position if kind == "endgame" else mover_view(position)


def make_puzzle(kind: Kind, position: Position, seed: int, tags: tuple[str, ...] = (),
                rating: int = 1500) -> Puzzle:
    """A puzzle of `kind` from a fully known position met in play."""
    shown = shown_position(kind, position)
    accepted, infos, line = answers(kind, shown)
    code = shown.code()
    return Puzzle(puzzle_id(kind, code), kind, code, shown.rules.name, accepted, infos,
                  tags, rating, GENERATOR_VERSION, seed, line)


def verify(puzzle: Puzzle) -> Puzzle:
    """The puzzle with its answers computed afresh from its position (tags and rating kept)."""
    accepted, infos, line = answers(puzzle.kind, puzzle.parsed())
    return Puzzle(puzzle.id, puzzle.kind, puzzle.position, puzzle.rules, accepted, infos,
                  puzzle.tags, puzzle.rating, puzzle.generator, puzzle.seed, line)


def load_bank(text: str) -> tuple[Puzzle, ...]:
    """Read a bank in JSON Lines; raises PuzzleError naming the line."""
    puzzles = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            puzzles.append(Puzzle.from_json(line))
        except PuzzleError as error:
            raise PuzzleError(f"line {number}: {error}") from None
    return tuple(puzzles)


def summary(puzzle: Puzzle) -> dict[str, Any]:
    """The puzzle as a JSON-ready dict (for the command line)."""
    return json.loads(puzzle.to_json())  # type: ignore[no-any-return]


__all__ = ["KINDS", "Move", "Puzzle", "PuzzleError", "answers", "make_puzzle", "verify"]
