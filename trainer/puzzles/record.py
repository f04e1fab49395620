"""A puzzle as the bank keeps it: one JSON object a line, keys sorted, no spaces.

>>> p = Puzzle("c1", "count", "6-4 6-6/?9 ?17 0 0,0", "standard", ("10",), ())
>>> Puzzle.from_json(p.to_json()) == p
True
>>> p.game
'2-players'
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Optional

from trainer.engine.position import Position
from trainer.errors import NotationError, TrainerError
from trainer.search.tile_questions import Question

Kind = Literal["count", "score-most", "deny", "best-play", "endgame", "read"]
KINDS: tuple[Kind, ...] = ("count", "score-most", "deny", "best-play", "endgame", "read")
MOVE_KINDS: tuple[Kind, ...] = ("score-most", "deny", "best-play", "endgame")
HIDDEN_KINDS: tuple[Kind, ...] = ("score-most", "deny", "best-play")
GENERATOR_VERSION = "4"
GAMES = ("2-players", "3-players", "4-players", "partners", "cincos")  # the games puzzles come from

# the suits each other player has shown he lacks, as (player, pips), players in order
VoidList = tuple[tuple[int, tuple[int, ...]], ...]


class PuzzleError(TrainerError):
    """A puzzle record that cannot be read, or a position that makes no puzzle."""


@dataclass(frozen=True)
class MoveInfo:
    """A legal move: the points it scores now, its value for the puzzle's kind (points,
    expected value, exact value, or minus the most the next player could score), its
    expected value over the puzzle's deals (`ev`, None when exact) and its mean over
    the play-outs on each player's own information (`played`, None when not played out)."""

    move: str
    points: int
    value: float
    ev: Optional[float] = None
    played: Optional[float] = None


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
    deals: int = 0  # the deals behind `ev` figures (0: none, exact)
    margin: float = 0.0  # how surely the answer beats every rejected move (see `kinds`)
    voids: VoidList = ()  # the suits other players have shown they lack
    check_deals: int = 0  # the re-check on fresh deals (0: none, the claim is exact)
    check_margin: float = 0.0  # the margin found again on those deals
    playouts: int = 0  # the deals played out on each player's own information (0: none)
    playout_margin: float = 0.0  # how surely the play-outs keep the answer above every rejected move
    origin: str = ""  # the generator whose hand the position comes from, when not this one
    question: str = ""  # read: "who TILE" or "can PLAYER" (`trainer.search.tile_questions`)

    @property
    def game(self) -> str:
        """The game the puzzle comes from, one of GAMES."""
        if self.rules == "cincos":
            return "cincos"
        if self.rules == "partners":
            return "partners"
        return f"{self.players}-players"

    @property
    def players(self) -> int:
        return self.position.split(" ")[1].count("/") + 1

    def void_map(self) -> dict[int, frozenset[int]]:
        """The voids as the sampler takes them: player -> the pips he lacks."""
        return {player: frozenset(pips) for player, pips in self.voids}

    def to_json(self) -> str:
        """One line of the bank: keys sorted, no spaces."""
        data: dict[str, Any] = {
            "id": self.id, "kind": self.kind, "position": self.position, "rules": self.rules,
            "accepted": list(self.accepted),
            "moves": [_move_json(m) for m in self.moves],
            "tags": list(self.tags), "rating": self.rating, "generator": self.generator,
            "seed": self.seed, "line": list(self.line), "deals": self.deals,
            "margin": _number(self.margin),
            "voids": {str(p): list(pips) for p, pips in self.voids},
            "check_deals": self.check_deals, "check_margin": _number(self.check_margin),
            "playouts": self.playouts, "playout_margin": _number(self.playout_margin),
        }
        if self.origin:
            data["origin"] = self.origin
        if self.question:
            data["question"] = self.question
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
                raise PuzzleError(f"puzzle {str(data.get('id'))[:40]}: unknown kind {str(kind)[:40]!r}")
            moves = tuple(MoveInfo(str(m["move"]), int(m["points"]), float(m["value"]),
                                   _optional(m.get("ev")), _optional(m.get("played")))
                          for m in data["moves"])
            puzzle = cls(str(data["id"]), kind, str(data["position"]), str(data["rules"]),
                         tuple(str(a) for a in data["accepted"]), moves,
                         tuple(str(t) for t in data["tags"]), int(data["rating"]),
                         str(data["generator"]), int(data["seed"]),
                         tuple(str(m) for m in data.get("line", ())),
                         int(data.get("deals", 0)), float(data.get("margin", 0)),
                         _voids(data.get("voids", {})),
                         int(data.get("check_deals", 0)), float(data.get("check_margin", 0)),
                         int(data.get("playouts", 0)), float(data.get("playout_margin", 0)),
                         str(data.get("origin", "")), str(data.get("question", ""))[:20])
        except (KeyError, TypeError, ValueError, OverflowError, AttributeError) as error:
            raise PuzzleError(f"puzzle {str(data.get('id', '?'))[:40]}: missing or bad field "
                              f"({str(error)[:80]})") from None
        try:
            position = Position.from_code(puzzle.position)
        except NotationError as error:
            raise PuzzleError(f"puzzle {puzzle.id}: {error}") from None
        if any(not 0 <= p < position.players or p == position.turn for p, _ in puzzle.voids):
            raise PuzzleError(f"puzzle {puzzle.id}: voids name a player who is not another player")
        if (puzzle.kind == "read") != bool(puzzle.question):
            raise PuzzleError(f"puzzle {puzzle.id}: a question belongs to a read puzzle, and only there")
        if puzzle.question:
            try:
                Question.parse(puzzle.question)
            except ValueError as error:
                raise PuzzleError(f"puzzle {puzzle.id}: {error}") from None
        return puzzle

    def parsed(self) -> Position:
        return Position.from_code(self.position)

    def is_right(self, answer: str) -> bool:
        """Whether a move (or, for `count`, a number) is accepted."""
        return answer.strip() in self.accepted

    def info(self, move: str) -> Optional[MoveInfo]:
        return next((m for m in self.moves if m.move == move), None)

    def most_points(self) -> tuple[str, ...]:
        """The moves that score the most now."""
        if not self.moves:
            return ()
        top = max(m.points for m in self.moves)
        return tuple(m.move for m in self.moves if m.points == top)

    def answer_kind(self) -> Optional[str]:
        """What the answer asks of a learner about points now: `points` when an accepted
        move scores the most now, `trap` when none does (a greedy trap), None when every
        move scores alike (or the puzzle asks no move)."""
        if len({m.points for m in self.moves}) < 2:
            return None
        return "points" if set(self.most_points()) & set(self.accepted) else "trap"

    def best_by_value(self) -> tuple[str, ...]:
        """The moves with the best expected (or exact) value: the solver's choice."""
        if not self.moves:
            return ()
        figure = [m.value if m.ev is None else m.ev for m in self.moves]
        top = max(figure)
        return tuple(m.move for m, f in zip(self.moves, figure) if f == top)


def _optional(value: object) -> Optional[float]:
    return None if value is None else float(value)  # type: ignore[arg-type]


def _voids(data: object) -> VoidList:
    if not isinstance(data, Mapping):
        raise TypeError("voids is not an object of players")
    out = []
    for player, pips in data.items():
        numbers = tuple(sorted({int(p) for p in pips}))
        if not str(player).isdigit() or any(not 0 <= p <= 6 for p in numbers):
            raise ValueError(f"voids {player}: {pips}")
        out.append((int(player), numbers))
    return tuple(sorted(out))


def void_list(voids: Mapping[int, frozenset[int]]) -> VoidList:
    """Voids as the record keeps them (players with no known void left out)."""
    return tuple((p, tuple(sorted(s))) for p, s in sorted(voids.items()) if s)


def _number(x: float) -> float | int:
    return int(x) if float(x).is_integer() else round(x, 2)


def _move_json(m: MoveInfo) -> dict[str, Any]:
    data: dict[str, Any] = {"move": m.move, "points": m.points, "value": _number(m.value)}
    if m.ev is not None:
        data["ev"] = _number(m.ev)
    if m.played is not None:
        data["played"] = _number(m.played)
    return data


def puzzle_id(kind: str, position: str) -> str:
    """A short stable id from the kind and the position."""
    return kind[0] + hashlib.sha1(f"{kind} {position}".encode()).hexdigest()[:9]


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
