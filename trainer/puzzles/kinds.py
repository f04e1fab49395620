"""Puzzles: the kinds, the answers each proves in the sense it states, the interest
filters, and the JSON Lines record.

- `score-most`: play the move that scores the most points now (exact).
- `best-play`: hidden tiles; play the move with the best expected value over the
  unseen tiles, dealt uniformly over what the mover sees, every move valued on the
  same deals. Accepted: every move not significantly worse than the best (95%);
  shipped only when both yardsticks (`trainer.search.yardsticks`) keep the accepted
  moves above every rejected one by at least 5 points with 95% confidence: the deals
  solved exactly (the best beats each rejected move so), and the rest of the hand
  played out on each player's own information (PLAYOUTS deals: some accepted move
  beats each rejected one so).
- `endgame`: every hand known, boneyard empty; the exact value to the end of the hand;
  the accepted moves beat every rejected one by at least 5.
- `deny`: no move scores now; leave the next player the least he could score (worked
  out for every unseen tile at every open end), at least 5 less than the next figure,
  and shipped only where the answer is not worse in expected value by 5 or more (95%).
- `count`: total the ends of the board (one number).

Every move puzzle also passes the interest filters (`interesting`): at least 3
distinct choices once twin moves are merged, fewer than half of them accepted, and the
answer never the only legal move nor simply the only scoring one.

>>> p = make_puzzle("count", Position.from_code("5-5:5-2:5-3:: 6-6/?8 ?16 0 0,0"), seed=1)
>>> p.accepted, p.kind
(('5',), 'count')
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, replace
from typing import Any, Literal, Optional

from trainer.engine.moves import Move
from trainer.engine.position import Position
from trainer.engine.twins import twin_key
from trainer.errors import NotationError, TrainerError
from trainer.play.players import best_reply_points, mover_view
from trainer.search.evidence import Evidence, paired
from trainer.search.played_out import played_out
from trainer.search.solver import solve
from trainer.search.yardsticks import playout_margin

Kind = Literal["count", "score-most", "deny", "best-play", "endgame"]
KINDS: tuple[Kind, ...] = ("count", "score-most", "deny", "best-play", "endgame")
HIDDEN_KINDS: tuple[Kind, ...] = ("score-most", "deny", "best-play")
GENERATOR_VERSION = "3"
MARGIN = 5  # points by which the accepted answers beat every rejected one
DEAL_STEPS = (30, 100, 200, 400, 800)  # sequential sampling: deals tried in turn
MIN_SHIP_DEALS = 100  # fewer deals only screen a position out, never ship it
PLAYOUTS = 4000  # best-play: deals played out on each player's own information
SHOWN_DEALS = 100  # deals for the expected values shown beside score-most answers


class PuzzleError(TrainerError):
    """A puzzle record that cannot be read, or a position that makes no puzzle."""


@dataclass(frozen=True)
class MoveInfo:
    """A legal move: the points it scores now, its value for the puzzle's kind (points,
    expected value, exact value, or minus the most the next player could score), and
    its expected value over the puzzle's deals (`ev`, None when exact)."""

    move: str
    points: int
    value: float
    ev: Optional[float] = None


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
    margin: float = 0.0  # how surely the answer beats every rejected move (see `answers`)

    def to_json(self) -> str:
        """One line of the bank: keys sorted, no spaces."""
        data = {
            "id": self.id, "kind": self.kind, "position": self.position, "rules": self.rules,
            "accepted": list(self.accepted),
            "moves": [_move_json(m) for m in self.moves],
            "tags": list(self.tags), "rating": self.rating, "generator": self.generator,
            "seed": self.seed, "line": list(self.line), "deals": self.deals,
            "margin": _number(self.margin),
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
            moves = tuple(MoveInfo(str(m["move"]), int(m["points"]), float(m["value"]),
                                   None if m.get("ev") is None else float(m["ev"]))
                          for m in data["moves"])
            puzzle = cls(str(data["id"]), kind, str(data["position"]), str(data["rules"]),
                         tuple(str(a) for a in data["accepted"]), moves,
                         tuple(str(t) for t in data["tags"]), int(data["rating"]),
                         str(data["generator"]), int(data["seed"]),
                         tuple(str(m) for m in data.get("line", ())),
                         int(data.get("deals", 0)), float(data.get("margin", 0)))
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

    def most_points(self) -> tuple[str, ...]:
        """The moves that score the most now."""
        if not self.moves:
            return ()
        top = max(m.points for m in self.moves)
        return tuple(m.move for m in self.moves if m.points == top)

    def best_by_value(self) -> tuple[str, ...]:
        """The moves with the best expected (or exact) value: the solver's choice."""
        if not self.moves:
            return ()
        figure = [m.value if m.ev is None else m.ev for m in self.moves]
        top = max(figure)
        return tuple(m.move for m, f in zip(self.moves, figure) if f == top)


def _number(x: float) -> float | int:
    return int(x) if float(x).is_integer() else round(x, 2)


def _move_json(m: MoveInfo) -> dict[str, Any]:
    data: dict[str, Any] = {"move": m.move, "points": m.points, "value": _number(m.value)}
    if m.ev is not None:
        data["ev"] = _number(m.ev)
    return data


def puzzle_id(kind: str, position: str) -> str:
    """A short stable id from the kind and the position."""
    return kind[0] + hashlib.sha1(f"{kind} {position}".encode()).hexdigest()[:9]


# ----- twins and the interest filters -----

def choices(position: Position, moves: list[str]) -> dict[tuple[object, ...], list[str]]:
    """The legal moves grouped by twin key, each group one distinct choice."""
    groups: dict[tuple[object, ...], list[str]] = {}
    for move in moves:
        groups.setdefault(twin_key(position, Move.parse(move)), []).append(move)
    return groups


def interesting(position: Position, infos: tuple[MoveInfo, ...], accepted: tuple[str, ...]) -> Optional[str]:
    """Why a move puzzle asks nothing worth asking, or None when it passes every filter:
    at least 3 distinct choices, fewer than half of them accepted, the answer neither
    the only legal move nor simply the only scoring one."""
    groups = choices(position, [m.move for m in infos])
    if len(groups) < 3:
        return f"only {len(groups)} distinct choices"
    chosen = [g for g in groups.values() if any(m in accepted for m in g)]
    if 2 * len(chosen) >= len(groups):
        return f"{len(chosen)} of {len(groups)} choices accepted"
    points = {m.move: m.points for m in infos}
    scoring = [g for g in groups.values() if points[g[0]] > 0]
    if len(scoring) == 1 and any(m in accepted for m in scoring[0]):
        return "the answer is the only scoring move"
    return None


# ----- the answers of each kind -----

Answer = tuple[tuple[str, ...], tuple[MoveInfo, ...], tuple[str, ...], int, float]


def _exact_gap(values: dict[str, float], accepted: tuple[str, ...]) -> float:
    rest = [v for m, v in values.items() if m not in accepted]
    return min(values[a] for a in accepted) - max(rest) if rest else 0.0


def _sorted(infos: list[MoveInfo]) -> tuple[MoveInfo, ...]:
    return tuple(sorted(infos, key=lambda m: (-m.value, -(m.ev or 0.0), -m.points, m.move)))


def _evs(ev: Evidence) -> dict[str, float]:
    return {str(m): round(ev.mean(m), 2) for m in ev.moves}


def _best_play(view: Position, ev: Evidence) -> tuple[tuple[str, ...], float, Optional[str]]:
    """Accepted moves, the surest margin, and why the puzzle fails (None: it ships)."""
    best = ev.best()
    diffs = {m: ev.difference(best, m) for m in ev.moves}
    accepted = tuple(sorted(str(m) for m, d in diffs.items() if not d.significant))
    rejected = [d for m, d in diffs.items() if str(m) not in accepted]
    if not rejected:
        return accepted, 0.0, "no move is significantly worse than the best"
    margin = min(d.low for d in rejected)
    if margin < MARGIN:
        return accepted, margin, f"the best beats a rejected move by less than {MARGIN} (95%)"
    return accepted, margin, None


def _deny_check(ev: Evidence, accepted: tuple[str, ...]) -> tuple[float, Optional[str]]:
    """How much worse in expected value the answer could be than any move (the largest
    upper 95% bound), and why it fails when that reaches MARGIN."""
    worst = max(ev.difference(m, Move.parse(a)).high for a in accepted for m in ev.moves
                if str(m) != a)
    if worst >= MARGIN:
        return worst, f"the answer may be worse in expected value by {MARGIN} or more"
    return worst, None


def answers(kind: Kind, position: Position, seed: int = 0, deals: int = 0) -> Answer:
    """The accepted answers, every move's figures, (endgames) the best line, the deals
    behind the expected values and the margin, proven in the kind's sense; raises
    PuzzleError when the position makes no puzzle of this kind.

    Hidden-tile kinds are estimated on `deals` deals seeded by `seed`; with `deals` 0
    the deals grow through DEAL_STEPS until the answer is decided (generation)."""
    if kind == "count":
        if position.layout.is_empty:
            raise PuzzleError("an empty table has nothing to count")
        return (str(position.layout.count()),), (), (), 0, 0.0
    moves = position.legal_moves()
    if len(moves) < 2:
        raise PuzzleError("a puzzle needs a choice of at least two moves")
    if kind == "endgame":
        if not position.is_fully_known or position.boneyard != ():
            raise PuzzleError("an endgame shows every hand and an empty boneyard")
        solution = solve(position)
        infos = [MoveInfo(str(m.move), m.points, m.value) for m in solution.moves]
        top = max(m.value for m in infos)
        accepted = tuple(sorted(m.move for m in infos if m.value == top))
        gap = _exact_gap({m.move: m.value for m in infos}, accepted)
        if gap < MARGIN:
            raise PuzzleError(f"the best move does not beat the next by {MARGIN} points")
        _filter(position, tuple(infos), accepted)
        line = best_line(position.play(Move.parse(accepted[0])))
        return accepted, _sorted(infos), line, 0, gap
    if position.is_fully_known:
        raise PuzzleError(f"a {kind} puzzle hides the other hands")
    points = {str(m): position.points(m) for m in moves}
    if kind == "score-most":
        top = max(points.values())
        accepted = tuple(sorted(m for m, p in points.items() if p == top))
        if top == 0:
            raise PuzzleError("score-most needs a scoring move")
        infos0 = tuple(MoveInfo(m, p, p) for m, p in points.items())
        _filter(position, infos0, accepted)
        if not any(p > 0 for m, p in points.items() if m not in accepted):
            raise PuzzleError("score-most needs a tempting lesser score")
        ev = paired(position, deals or SHOWN_DEALS, seed)
        evs = _evs(ev)
        infos = [MoveInfo(m, p, p, evs[m]) for m, p in points.items()]
        return accepted, _sorted(infos), (), ev.deals, _exact_gap(
            {m: float(p) for m, p in points.items()}, accepted)
    if kind == "deny":
        if any(points.values()):
            raise PuzzleError("deny needs a position where no move scores")
        reply = {str(m): -best_reply_points(position, m) for m in moves}
        top = max(reply.values())
        accepted = tuple(sorted(m for m, v in reply.items() if v == top))
        gap = _exact_gap({m: float(v) for m, v in reply.items()}, accepted)
        if gap < MARGIN:
            raise PuzzleError(f"the best move does not beat the next by {MARGIN} points")
        _filter(position, tuple(MoveInfo(m, 0, v) for m, v in reply.items()), accepted)
        for count in _steps(deals):
            ev = paired(position, count, seed)
            _worst, why = _deny_check(ev, accepted)
            surely_worse = any(ev.difference(m, Move.parse(a)).low > 0
                               and ev.difference(m, Move.parse(a)).mean >= MARGIN
                               for a in accepted for m in ev.moves if str(m) != a)
            if count == _steps(deals)[-1] or surely_worse or (why is None and count >= MIN_SHIP_DEALS):
                break
        if why is not None:
            raise PuzzleError(why)
        evs = _evs(ev)
        infos = [MoveInfo(m, 0, v, evs[m]) for m, v in reply.items()]
        return accepted, _sorted(infos), (), ev.deals, gap
    if kind != "best-play":
        raise PuzzleError(f"unknown kind {kind!r}")
    if len(choices(position, list(points))) < 3:
        raise PuzzleError("fewer than 3 distinct choices")
    for count in _steps(deals):
        ev = paired(position, count, seed)
        accepted, margin, why = _best_play(position, ev)
        if count == _steps(deals)[-1] or _hopeless(position, ev) or (
                why is None and count >= MIN_SHIP_DEALS):
            break
    if why is not None:
        raise PuzzleError(why)
    evs = _evs(ev)
    infos = [MoveInfo(m, p, evs[m], evs[m]) for m, p in points.items()]
    _filter(position, tuple(infos), accepted)
    played = playout_margin(played_out(position, PLAYOUTS, seed), [Move.parse(a) for a in accepted])
    if played < MARGIN:
        raise PuzzleError(f"played out on each player's information, the answer does not beat every "
                          f"rejected move by {MARGIN} (95%)")
    return accepted, _sorted(infos), (), ev.deals, round(margin, 2)


def _steps(deals: int) -> tuple[int, ...]:
    return (deals,) if deals else DEAL_STEPS


def _hopeless(position: Position, ev: Evidence) -> bool:
    """More deals will hardly make a best-play puzzle (an early stop, never a proof): a
    move is surely worse than the best but by less than MARGIN on average, or the best
    is the only scoring choice."""
    best = ev.best()
    diffs = [ev.difference(best, m) for m in ev.moves]
    if any(0 < d.low and d.mean < MARGIN for d in diffs):
        return True
    scoring = {str(m) for m, p in zip(ev.moves, ev.points) if p > 0}
    return ev.points[ev.index(best)] > 0 and len(
        {twin_key(position, Move.parse(m)) for m in scoring}) == 1


def _filter(position: Position, infos: tuple[MoveInfo, ...], accepted: tuple[str, ...]) -> None:
    why = interesting(position, infos, accepted)
    if why is not None:
        raise PuzzleError(why)


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
    accepted, infos, line, deals, margin = answers(kind, shown, seed)
    code = shown.code()
    return Puzzle(puzzle_id(kind, code), kind, code, shown.rules.name, accepted, infos,
                  tags, rating, GENERATOR_VERSION, seed, line, deals, margin)


def verify(puzzle: Puzzle) -> Puzzle:
    """The puzzle with its answers proven afresh from its position (tags and rating
    kept): exactly, or re-estimated on the same seeded deals for hidden-tile kinds."""
    accepted, infos, line, deals, margin = answers(puzzle.kind, puzzle.parsed(), puzzle.seed,
                                                   puzzle.deals)
    return replace(puzzle, accepted=accepted, moves=infos, line=line, deals=deals, margin=margin)


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


__all__ = ["KINDS", "Move", "Puzzle", "PuzzleError", "answers", "make_puzzle", "twin_key", "verify"]
