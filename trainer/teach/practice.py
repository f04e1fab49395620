"""Practice against the solver: a position of real play with a goal ("score at least 30
from here", "go out first", "hold your opponent under 10"), played to the end of the
hand against the perfect player, with stars and a retry.

Every tile is known (two players, the boneyard empty), so a goal is a fact the search
settles: `best_result` is what the learner's side can make sure of whatever the other
side does (its points and end-of-hand score from here, its opponent's, or whether the
learner goes out), and the goal is reachable when it is good enough. The perfect
player picks, at every turn, a move after which the goal is out of reach if there is
one, and otherwise the solver's best move (`trainer.search.solver`): it never lets a
chance go, and plays the best All Fives it can when it has none. Each bank goal is
proven reachable, and at least one first move loses it.

Stars: three for a goal met at the first try, two at the second, one after that.

>>> item = practice_items()[0]
>>> game = PracticeGame(item)
>>> game.reachable(), game.status
(True, 'playing')
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal, Optional

from trainer.engine.moves import Move
from trainer.engine.position import Position
from trainer.engine.rules import CINCOS, STANDARD
from trainer.errors import IllegalMoveError, TrainerError
from trainer.i18n import t
from trainer.search.solver import solve
from trainer.teach.proven import Source, played

GoalKind = Literal["score", "out", "hold"]
GOAL_KINDS: tuple[GoalKind, ...] = ("score", "out", "hold")
STARS = 3


@dataclass(frozen=True)
class Goal:
    """What the learner must make sure of by the end of the hand, from the position:
    `score`, his side's score rises by at least `amount` (its plays and the end-of-hand
    pips); `out`, he goes out first; `hold`, the other side's score rises by less than
    `amount`."""

    kind: GoalKind
    amount: int = 0

    def text(self, lang: str = "en", rules: str = "standard", short: bool = False) -> str:
        """The goal in words; under cincos the pips left are scored by the player who
        goes out (or holds the fewest), so the words say so."""
        if short:
            return t(f"practice.goal_short.{self.kind}", lang, amount=self.amount)
        variant = "_cincos" if rules == "cincos" and self.kind != "out" else ""
        return t(f"practice.goal.{self.kind}{variant}", lang, amount=self.amount)

    def met_by(self, result: int) -> bool:
        """Whether a result (`best_result`'s figure) meets the goal."""
        if self.kind == "score":
            return result >= self.amount
        if self.kind == "hold":
            return result < self.amount
        return result == 1


def _counted(kind: GoalKind, learner_side: int, mover_side: int) -> bool:
    """Whether the mover's points count for the goal's figure."""
    if kind == "score":
        return mover_side == learner_side
    if kind == "hold":
        return mover_side != learner_side
    return False


def _maximises(kind: GoalKind, learner_side: int, mover_side: int) -> bool:
    """Whether the mover wants the goal's figure high (the learner's side, except for
    `hold`, whose figure is the other side's gain)."""
    mine = mover_side == learner_side
    return not mine if kind == "hold" else mine


@lru_cache(maxsize=50_000)
def best_result(position: Position, kind: GoalKind, learner: int) -> int:
    """The goal's figure from `position` on with best play by both sides: for `score`
    what the learner's side gains by the end of the hand (its plays and end-of-hand
    score), for `hold` what the other side gains, for `out` 1 if the learner goes out,
    else 0; the learner's side plays for its goal and the other side against it. Every
    tile must be known and the boneyard empty."""
    rules = position.rules
    side = rules.side_of(learner)
    if position.is_over:
        outcome = position.outcome()
        assert outcome is not None
        if kind == "out":
            return int(outcome.kind == "domino" and outcome.player == learner)
        changes = position.hand_end_scores()
        if kind == "score":
            return changes[side]
        return max(change for s, change in enumerate(changes) if s != side)
    moves = position.legal_moves()
    if not moves:
        if position.must_draw:
            raise TrainerError("practice positions have an empty boneyard")
        return best_result(_zeroed(position.pass_turn()), kind, learner)
    mover_side = rules.side_of(position.turn)
    counted = _counted(kind, side, mover_side)
    values = [(position.points(move) if counted else 0) + best_result(_zeroed(position.play(move)), kind,
                                                                      learner)
              for move in moves]
    return max(values) if _maximises(kind, side, mover_side) else min(values)


def _zeroed(position: Position) -> Position:
    """The position with its scores at 0: the result from here does not depend on them,
    and one entry of the cache serves every score."""
    if not any(position.scores):
        return position
    return Position(position.layout, position.hands, position.boneyard, position.turn,
                    (0,) * len(position.scores), position.rules)


def move_results(position: Position, kind: GoalKind, learner: int) -> dict[Move, int]:
    """Each legal move's result: what it scores for the goal's figure plus the best
    result after it."""
    start = _zeroed(position)
    side = position.rules.side_of(learner)
    counted = _counted(kind, side, position.rules.side_of(position.turn))
    return {move: (start.points(move) if counted else 0) + best_result(_zeroed(start.play(move)), kind,
                                                                       learner)
            for move in start.legal_moves()}


@dataclass(frozen=True)
class PracticeItem:
    """A practice position: its id, the position (the learner to move), the goal, and
    the best result the learner can make sure of (proven: it meets the goal)."""

    id: str
    code: str
    goal: Goal
    best: int
    seed: int

    @property
    def position(self) -> Position:
        return Position.from_code(self.code)

    @property
    def learner(self) -> int:
        return self.position.turn

    def prove(self) -> bool:
        """Search the position again: the goal is reachable, as the bank says, and at
        least one first move loses it."""
        position = self.position
        results = move_results(position, self.goal.kind, self.learner)
        best = max(results.values()) if self.goal.kind != "hold" else min(results.values())
        return (best == self.best and self.goal.met_by(best)
                and any(not self.goal.met_by(r) for r in results.values()))


@dataclass(frozen=True)
class Tally:
    """How a practice hand ended: `ended` is `domino` (player `out` went out) or
    `blocked`; `points` are each side's points in the hand, the end of the hand's
    scoring counted."""

    ended: str
    out: Optional[int]
    points: tuple[int, ...]


@dataclass
class PracticeGame:
    """One attempt at a practice item, played move by move. `play` makes the learner's
    move and the perfect player's replies until the learner is to move again or the
    hand is over; `retry` starts again (the attempt counts for the stars)."""

    item: PracticeItem
    attempt: int = 1
    position: Position = field(init=False)
    history: list[tuple[int, Optional[Move], int]] = field(init=False)  # (player, move or pass, points)
    lost_at: Optional[int] = field(init=False)  # the learner's move (its index in history) that lost the goal
    kept: tuple[Move, ...] = field(init=False)  # at that moment, the moves that would have kept it

    def __post_init__(self) -> None:
        self.position = self.item.position
        self.history = []
        self.lost_at = None
        self.kept = ()
        self._advance()

    @property
    def goal(self) -> Goal:
        return self.item.goal

    @property
    def learner(self) -> int:
        return self.item.learner

    @property
    def over(self) -> bool:
        return self.position.is_over

    def figure(self) -> int:
        """The goal's figure so far: the points counted for it, and at the end of the
        hand its end-of-hand change too (for `out`: 1 once the learner has gone out)."""
        start = self.item.position
        if self.goal.kind == "out":
            outcome = self.position.outcome()
            return int(outcome is not None and outcome.kind == "domino" and outcome.player == self.learner)
        side = start.rules.side_of(self.learner)
        scores = self.position.settled().scores if self.over else self.position.scores
        if self.goal.kind == "score":
            return scores[side] - start.scores[side]
        return max(s - start.scores[i] for i, s in enumerate(scores) if i != side)

    def tally(self) -> Optional[Tally]:
        """How the hand ended, once it has (None before)."""
        outcome = self.position.outcome() if self.over else None
        if outcome is None:
            return None
        start = self.item.position.scores
        points = tuple(s - s0 for s, s0 in zip(self.position.settled().scores, start))
        return Tally(outcome.kind, outcome.player if outcome.kind == "domino" else None, points)

    def reachable(self) -> bool:
        """Whether the goal can still be met against best play from here."""
        if self.over:
            return self.goal.met_by(self.figure())
        return self.goal.met_by(self._so_far() + best_result(_zeroed(self.position), self.goal.kind,
                                                             self.learner))

    @property
    def status(self) -> str:
        """`met`, `failed` (the hand is over, goal missed), `lost` (it can no longer be
        met against best play) or `playing`."""
        if self.over:
            return "met" if self.goal.met_by(self.figure()) else "failed"
        return "playing" if self.reachable() else "lost"

    def stars(self) -> int:
        """Stars for this attempt, once the goal is met: 3 at the first try, 2 at the
        second, 1 after that; 0 otherwise."""
        return max(1, STARS + 1 - self.attempt) if self.status == "met" else 0

    def learner_moves(self) -> tuple[Move, ...]:
        if self.over or self.position.turn != self.learner:
            return ()
        return self.position.legal_moves()

    def play(self, move: Move) -> None:
        """The learner's move, then the other players' until his turn or the end.
        Raises IllegalMoveError when it is not his move or not legal."""
        if move not in self.learner_moves():
            raise IllegalMoveError(f"{move} is not one of your moves now")
        was_reachable = self.reachable()
        keeping = self._keeping() if was_reachable else ()
        self._step(move)
        if was_reachable and self.lost_at is None and not self.reachable():
            self.lost_at = len(self.history) - 1
            self.kept = keeping
        self._advance()

    def _keeping(self) -> tuple[Move, ...]:
        """The learner's moves after which the goal is still reachable."""
        results = move_results(self.position, self.goal.kind, self.learner)
        return tuple(m for m, r in results.items() if self.goal.met_by(self._so_far() + r))

    def _so_far(self) -> int:
        start = self.item.position
        side = start.rules.side_of(self.learner)
        if self.goal.kind == "score":
            return self.position.scores[side] - start.scores[side]
        if self.goal.kind == "hold":
            return max(s - start.scores[i] for i, s in enumerate(self.position.scores) if i != side)
        return 0

    def _step(self, move: Optional[Move]) -> None:
        mover = self.position.turn
        if move is None:
            self.history.append((mover, None, 0))
            self.position = self.position.pass_turn()
            return
        points = self.position.points(move)
        self.history.append((mover, move, points))
        self.position = self.position.play(move)

    def _advance(self) -> None:
        """Passes and the other players' moves until the learner is to move or the end."""
        while not self.over:
            if not self.position.legal_moves():
                self._step(None)
                continue
            if self.position.turn == self.learner:
                return
            self._step(self.perfect_move())

    def perfect_move(self) -> Move:
        """The other player's move: one that puts the goal out of reach if there is one
        (his partner's: one that keeps it in reach), else the solver's best."""
        position = self.position
        results = move_results(position, self.goal.kind, self.learner)
        so_far = self._so_far()
        ally = position.rules.side_of(position.turn) == position.rules.side_of(self.learner)
        wanted = [m for m, r in results.items() if self.goal.met_by(so_far + r) == ally]
        order = [m.move for m in solve(position).moves]  # the solver's best first
        pool = wanted or list(results)
        return min(pool, key=order.index)

    def retry(self) -> PracticeGame:
        """A new attempt from the start."""
        return PracticeGame(self.item, self.attempt + 1)


# ----- the bank -----
SOURCES: tuple[Source, ...] = (Source(STANDARD, ("greedy", "greedy"), 6, 0, True),
                               Source(CINCOS, ("greedy", "greedy"), 6, 0, True))
PER_SOURCE = 12


def candidates(source: Source, seeds: Sequence[int]) -> Iterator[tuple[Position, int]]:
    """Positions of real play with the boneyard empty, 3 to the source's most tiles a
    hand, the mover with a choice: the first of each hand."""
    for seed in seeds:
        for position, _ in played(source, seed):
            sizes = [len(position.hand(p)) for p in range(position.players)]
            if position.boneyard == () and min(sizes) >= 2 and max(sizes) <= source.most and \
                    len(position.hand(position.turn)) >= 3:
                yield position, seed
                break


COSTLY = 10  # points by the hand's end: a first move that keeps the goal yet costs this much is unsound
MOST_KEEPING = 0.75  # of the first moves, at most this share may keep the goal


def unsound(position: Position, goal: Goal) -> Optional[str]:
    """Why the goal would teach a bad move here, or None when it is sound. Each first
    move's value is the solver's (the mover's side's margin by the end of the hand, both
    sides playing their best All Fives): no move that keeps the goal may lose COSTLY or
    more against the best move (a goal would give it three stars), no move that loses
    the goal may be COSTLY or more better than the best move that keeps it (the goal
    would reward the worse play), and at most MOST_KEEPING of the moves keep it (else
    there is nothing to find).

    >>> unsound(practice_item("s01").position, practice_item("s01").goal) is None
    True
    """
    results = move_results(position, goal.kind, position.turn)
    values = {m.move: m.value for m in solve(position).moves}
    keeping = [m for m in results if goal.met_by(results[m])]
    losing = [m for m in results if m not in keeping]
    best = max(values.values())
    if not keeping:
        return "no first move keeps the goal"
    if best - min(values[m] for m in keeping) >= COSTLY:
        return f"a move that keeps the goal loses {best - min(values[m] for m in keeping)} by the hand's end"
    if losing and max(values[m] for m in losing) - max(values[m] for m in keeping) >= COSTLY:
        return "a move that loses the goal is better by the hand's end"
    if len(keeping) > MOST_KEEPING * len(results):
        return f"{len(keeping)} of {len(results)} first moves keep the goal"
    return None


def goal_for(position: Position, kind: GoalKind) -> Optional[tuple[Goal, int]]:
    """The hardest goal of `kind` the learner can make sure of here, if some first move
    loses it and the goal is sound (`unsound`); with the best result."""
    learner = position.turn
    results = move_results(position, kind, learner)
    if kind == "hold":
        best = min(results.values())
        if best < 0:
            return None
        goal = Goal("hold", best + 5)
    elif kind == "score":
        best = max(results.values())
        if best < 15:
            return None
        goal = Goal("score", best)
    else:
        best = max(results.values())
        if best != 1:
            return None
        goal = Goal("out")
    if all(goal.met_by(r) for r in results.values()) or unsound(position, goal) is not None:
        return None
    return goal, best


def search_bank(seeds: range = range(20_000)) -> list[PracticeItem]:
    """PER_SOURCE items from each source, their goals' kinds taken in turn."""
    items: list[PracticeItem] = []
    for source in SOURCES:
        found = 0
        for position, seed in candidates(source, seeds):
            kind = GOAL_KINDS[found % len(GOAL_KINDS)]
            made = goal_for(position, kind)
            if made is None:
                continue
            goal, best = made
            found += 1
            items.append(PracticeItem(f"{source.rules.name[0]}{found:02d}", position.code(), goal, best,
                                      seed))
            if found == PER_SOURCE:
                break
    return items



def literal(text: str, indent: str, width: int = 96) -> str:
    """A string literal split into pieces that fit the line (implicit concatenation)."""
    pieces = [text[i:i + width - len(indent) - 3] for i in range(0, len(text),
                                                                 width - len(indent) - 3)] or [""]
    return f"\n{indent}".join(repr(piece) for piece in pieces)

def write_bank(path: str, items: Optional[Sequence[PracticeItem]] = None) -> None:
    """Write the bank module: `items`, or a new search's."""
    lines = ['"""Practice positions and their goals, each proven reachable: written by',
             "`python -m trainer.teach.practice`, proven again by the tests (a sample) and",
             '`benchmarks/course_verify.py` (all)."""', "",
             "# id, position code, goal, amount, best result, seed of the hand",
             "PRACTICE: tuple[tuple[str, str, str, int, int, int], ...] = ("]
    for item in search_bank() if items is None else items:
        lines.append(f"    ({item.id!r},")
        lines.append(f"     {literal(item.code, '     ')},")
        lines.append(f"     {item.goal.kind!r}, {item.goal.amount}, {item.best}, {item.seed}),")
    lines.append(")")
    with open(path, "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")


@lru_cache(maxsize=1)
def practice_items() -> tuple[PracticeItem, ...]:
    """Every practice position, easiest (fewest tiles) first."""
    from trainer.teach.practice_bank import PRACTICE
    items = [PracticeItem(pid, code, Goal(kind, amount), best, seed)  # type: ignore[arg-type]
             for pid, code, kind, amount, best, seed in PRACTICE]
    return tuple(sorted(items, key=lambda item: (_tiles_left(item), item.id)))


def _tiles_left(item: PracticeItem) -> int:
    position = item.position
    return sum(len(position.hand(p)) for p in range(position.players))


def practice_item(item_id: str, lang: str = "en") -> PracticeItem:
    """A practice position by id; raises TrainerError naming the ids there are."""
    for item in practice_items():
        if item.id == item_id:
            return item
    raise TrainerError(t("practice.unknown", lang, id=str(item_id)[:20],
                         ids=", ".join(i.id for i in practice_items())))


if __name__ == "__main__":  # pragma: no cover
    write_bank(sys.argv[1] if len(sys.argv) > 1 else "trainer/teach/practice_bank.py")
