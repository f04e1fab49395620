"""What the lessons and the strategy course are made of: a question with its clickable
choices and its explanation, the board it is asked on, a stage (one idea), a lesson and
its stars, and the `Maker` that builds a lesson from an attempt's seed (its random
numbers, its hands of real play, the positions already shown).

The right answer of a question takes each place among its choices in turn over the
attempts (`answer_slot`), so no place is the usual one.

>>> q = Maker("en", 0, 0).question("x", "count", "What is the count?", Board(build("5-0"), ""),
...                                [("5", "5"), ("0", "0")], "5", "Both halves count.")
>>> q.check("5").correct, q.check("0").correct
(True, False)
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal, Optional

from trainer.engine.layout import EMPTY, Layout
from trainer.engine.moves import SIDES, Move, Side
from trainer.engine.position import Position
from trainer.engine.rules import CINCOS, PARTNERS, STANDARD, RuleSet
from trainer.engine.seats import seat
from trainer.engine.tiles import Tile
from trainer.i18n import t, tn
from trainer.teach.drills import AnswerError, Feedback, Table, played_hand, side_names

QuestionKind = Literal[
    "count",  # the count of board.layout
    "points",  # what board.last scored: board.layout.points()
    "part",  # what the open end `subject` (E, W, N, S) adds: its count_parts value
    "fits",  # the sides of board.layout that tile `subject` fits, "E,W" style ("" none)
    "open_ends",  # the open ends of board.layout, "E,W,N,S" style
    "spinner",  # "yes" if move `subject` on board.layout makes its double the spinner
    "legal_tile",  # the one tile of the mover's hand in board.position that can be played
    "scoring_move",  # the one legal move of board.position that scores
    "scoring_end",  # the one end of board.layout where tile `subject` scores
    "opens",  # the one move of board.position that opens the spinner's ends
    "draws",  # how many tiles the mover of board.position draws before he can play
    "action",  # what the mover of board.position must do: play, draw or pass
    "hand_end",  # how the hand of board.position ended: domino or blocked
    "round",  # board.hand's pips rounded to five
    "settle",  # the change of side `subject`'s score when board.position's hand is over
    "hand_size",  # board.rules.hand_size(players `subject`)
    "boneyard",  # tiles left in board.position's boneyard after the deal
    "partner",  # player `subject`'s partner under board.rules
    "target",  # board.rules.default_target(players `subject`)
    "wins",  # "now" if move `subject` (text "MOVE TARGET") reaches the target mid-hand
    "lead",  # the tile led in board.position (cincos: the highest double)
    # the strategy course (trainer.teach.strategy)
    "best_move",  # the solver's one best move of board.position (exact)
    "move_points",  # what move `subject` of board.position scores at once
    "reply",  # the most the next player can score after move `subject` on board.position
    "cost",  # what player `subject`'s hand in board.position would cost, rounded to five
    "blocks",  # the move of board.position after which the hand is blocked
    "lead_points",  # the one tile of board.hand whose lead scores
    "unseen",  # how many tiles of suit `subject` the mover of board.position cannot see
    "lacks",  # the tile player `subject` cannot hold: it has a suit he drew on
    "muggins",  # what each side scores, "CLAIMER NEXT"; `subject` is "POINTS CLAIM" ("-": no claim)
    "lead_reply",  # the most a reply to the lead `subject` can score, over every tile
    "safe_lead",  # the scoring lead that lets no reply score
    "count_after",  # the count after move `subject` on board.layout
    "answer_tile",  # the tile (`subject` "TILE@SIDE") that scores on that end after a score
    "answer_rule",  # the tile that changes any end by 0 or 5
    "dead_end",  # the open ends whose number the mover sees on all seven tiles ("E,W" style)
    "most_suit",  # the most tiles of suit `subject` the opponent can hold
    "lacks_suit",  # a number player `subject` showed he lacks
    "cincos_gain",  # what going out now would score under cincos (the opponent `subject`'s pips)
    "cincos_cost",  # what the tiles left cost their holder `subject` under cincos (nothing)
    "cincos_blocked",  # who scores in a blocked cincos hand
    "lead_rule",  # which tile the start player may lead
    "next_lead",  # who leads the next hand (`subject`: "out" or "blocked")
    "blocked_rule",  # what happens when nobody can play and the boneyard is empty
    "is_double",  # which tile is a double
    "double_counts",  # what the double `subject` adds at an open end
    "lies",  # how a double lies on the table
    "which_spinner",  # which double on board.layout is the spinner
]


@dataclass(frozen=True)
class Choice:
    """A clickable answer: `value` is what is compared, `label` what the learner reads."""

    value: str
    label: str


@dataclass(frozen=True)
class Board:
    """A board to show: the layout, the last tile played, a hand, and the position
    it comes from when there is one. An empty layout with no caption belongs to a
    question about the rules themselves: there is nothing to draw. Without `marks`
    (before the count is taught) the board is drawn as its tiles alone, even once
    answered: no count, no end values."""

    layout: Layout
    caption: str
    last: Optional[Move] = None
    hand: tuple[Tile, ...] = ()
    position: Optional[Position] = None
    rules: RuleSet = STANDARD
    marks: bool = True


@dataclass(frozen=True)
class Question:
    """A check question. `subject` names what is asked about (a side, a tile, a move;
    see QuestionKind). `explanation` is the reason, said after any answer, right or
    wrong; `figures` (what the answer rests on: exact, or N deals with their margins)
    and `details` are folded below it, the note of the wrong choice picked (`notes`:
    value, note) first."""

    id: str
    kind: QuestionKind
    prompt: str
    board: Board
    choices: tuple[Choice, ...]
    right: str
    explanation: str
    details: tuple[str, ...] = ()
    subject: str = ""
    lang: str = "en"
    notes: tuple[tuple[str, str], ...] = ()
    figures: str = ""

    @property
    def right_choice(self) -> Choice:
        return next(c for c in self.choices if c.value == self.right)

    def check(self, value: str) -> Feedback:
        """The verdict on a clicked choice; raises AnswerError for a value that is not
        one of the choices."""
        if value not in {c.value for c in self.choices}:
            raise AnswerError("lesson.not_a_choice", self.lang, text=str(value)[:12])
        label = self.right_choice.label
        shown = (self.figures,) if self.figures else ()
        if value == self.right:
            return Feedback(True, f"{t('lesson.right', self.lang, answer=label)} {self.explanation}",
                            (*shown, *self.details))
        head = t("lesson.wrong", self.lang, answer=label)
        note = dict(self.notes).get(value)
        details = (*shown, *self.details) if note is None else (note, *shown, *self.details)
        return Feedback(False, f"{head} {self.explanation}", details)


@dataclass(frozen=True)
class Stage:
    """One idea: a short text, the boards that show it, the questions that check it."""

    text: str
    boards: tuple[Board, ...] = ()
    questions: tuple[Question, ...] = ()


@dataclass(frozen=True)
class Lesson:
    """One rule (or one point of strategy): its title, a one-line aim and its stages."""

    id: str
    rule: str  # the rules.md rule numbers it teaches ("strategy" for the course)
    title: str
    body: str
    stages: tuple[Stage, ...]
    seed: int = 0

    @property
    def boards(self) -> tuple[Board, ...]:
        """Every example board of every stage, in order."""
        return tuple(board for stage in self.stages for board in stage.boards)

    @property
    def questions(self) -> tuple[Question, ...]:
        """Every check question, stage by stage."""
        return tuple(q for stage in self.stages for q in stage.questions)


# ----- stars: up to three, one lost per mistake -----
STARS = 3


def stars(mistakes: int) -> int:
    """Stars for a lesson finished with `mistakes` wrong answers.

    >>> [stars(n) for n in range(5)]
    [3, 2, 1, 0, 0]
    """
    return max(0, STARS - max(0, mistakes))


def passed(mistakes: int, questions: int) -> bool:
    """A lesson is passed with two stars or more and no more than one mistake in four
    questions, so that guessing does not pass it.

    >>> passed(1, 6), passed(1, 3), passed(2, 9)
    (True, False, False)
    """
    return stars(mistakes) >= STARS - 1 and 4 * mistakes <= questions


# ----- building blocks -----
def build(*moves: str) -> Layout:
    """A layout made by placing tiles in turn: a bare tile leads, `TILE@SIDE` adds.

    >>> str(build("5-1", "5-4@W", "1-1@E"))
    '1-1::1-5,5-4::'
    """
    layout = EMPTY
    for text in moves:
        move = Move.parse(text)
        layout = layout.place(move.tile, move.side)
    return layout


def _van_der_corput(n: int) -> float:
    """0, 1/2, 1/4, 3/4, 1/8, ...: the first 2**k values split [0, 1) evenly."""
    value, scale = 0.0, 0.5
    while n:
        value += scale * (n & 1)
        n, scale = n >> 1, scale / 2
    return value


def answer_slot(qid: str, seed: int, n: int) -> int:
    """Where the right answer of question `qid` goes among `n` choices on attempt `seed`.
    The attempts take every place in turn, from a start of the question's own, so that
    over attempts 0 to 2**k - 1 each place is used equally often (or as near as the
    number of choices allows), even when a question's boards differ in how many
    choices they have: no place is the usual one.

    >>> sorted(answer_slot("count.0", seed, 4) for seed in range(4))
    [0, 1, 2, 3]
    >>> [answer_slot("x", seed, 2) for seed in range(8)].count(0)
    4
    """
    shift = zlib.crc32(qid.encode()) / 2 ** 32
    return min(n - 1, int((_van_der_corput(seed) + shift) % 1.0 * n))


def place_right(right: tuple[str, str], wrong: Sequence[tuple[str, str]], slot: int) -> list[tuple[str, str]]:
    """The wrong choices in their order with the right one put in at `slot`."""
    others = [choice for choice in dict(wrong).items() if choice[0] != right[0]]
    slot = min(slot, len(others))
    return [*others[:slot], right, *others[slot:]]


BLOCK = 1_000_000  # each lesson takes its hands of real play from seeds of its own


@dataclass
class Maker:
    """What a lesson is built with: the language, the attempt's seed and random numbers,
    and the positions used so far (a position is never shown twice in one lesson)."""

    lang: str
    seed: int
    block: int
    rng: random.Random = field(init=False)
    used: set[str] = field(default_factory=set)
    start: int = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(f"lesson:{self.block}:{self.seed}")
        self.start = self.block * BLOCK + self.rng.randrange(BLOCK // 2)

    def t(self, key: str, **values: object) -> str:
        return t(key, self.lang, **values)

    seat = staticmethod(seat)

    def tn(self, key: str, n: int, **values: object) -> str:
        return tn(key, n, self.lang, **values)

    def find(self, table: Table, test: Callable[[Position], bool]) -> Position:
        """A position of seeded real play (this lesson's hands, from this attempt's
        starting hand on) that passes `test` and was not used yet."""
        for seed in range(self.start, self.start + SEARCH):
            steps = played_hand(table, seed)
            for position in (steps[0].before, *(s.after for s in steps)):
                code = position.code()
                if code not in self.used and test(position):
                    self.used.add(code)
                    return position
        raise RuntimeError("no position found")  # pragma: no cover

    def question(self, qid: str, kind: QuestionKind, prompt: str, board: Board,
                 choices: Iterable[tuple[str, str]], right: str, explanation: str,
                 details: tuple[str, ...] = (), subject: str = "",
                 notes: tuple[tuple[str, str], ...] = (), figures: str = "") -> Question:
        """A question with the right answer placed by `answer_slot`; the wrong choices
        keep the order given (numbers ascending)."""
        unique = dict(choices)
        if right not in unique:
            raise RuntimeError(f"question {qid}: {right!r} is not a choice")  # pragma: no cover
        wrong = [(v, label) for v, label in unique.items() if v != right]
        ordered = place_right((right, unique[right]), wrong, answer_slot(qid, self.seed, len(unique)))
        return Question(qid, kind, prompt, board, tuple(Choice(v, label) for v, label in ordered), right,
                        explanation, details, subject, self.lang, notes, figures)


def _numbers(right: int, wrong: Iterable[int] = (), step: int = 1, n: int = 4,
             signed: bool = False) -> list[tuple[str, str]]:
    """`right` and up to n-1 wrong values (the given ones first, then neighbours);
    the wrong ones ascending."""
    picks = [right]
    for value in [*wrong, right + step, right - step, right + 2 * step, right - 2 * step, right + 3 * step,
                  right + 4 * step]:
        if len(picks) == n:
            break
        if value not in picks and (signed or value >= 0):
            picks.append(value)
    return [(str(v), f"{v:+d}" if signed and v else str(v)) for v in sorted(picks)]


def _sides_value(sides: Iterable[Side]) -> str:
    chosen = set(sides)
    return ",".join(s for s in SIDES if s in chosen)


def _sides_label(value: str, lang: str) -> str:
    sides = [s for s in SIDES if s in value.split(",")]
    return side_names(sides, lang) if sides else t("choice.nowhere", lang)


def _side_choices(values: Iterable[str], lang: str) -> list[tuple[str, str]]:
    return [(v, _sides_label(v, lang)) for v in values]


def _tiles(tiles: Iterable[Tile]) -> str:
    return ", ".join(str(tile) for tile in tiles)


def _pips(layout: Layout) -> str:
    return ", ".join(str(end.pip) for end in layout.open_ends())


def move_label(move: Move, lang: str) -> str:
    """A move in words: `6-4 on the east end`, `5-0 as the lead`."""
    if move.side is None:
        return t("move.lead", lang, tile=move.tile)
    return t("move.on", lang, tile=move.tile, side=t("side." + move.side, lang))


_move_label = move_label


# ----- positions from real play -----
TWO = Table(STANDARD, ("random", "random"))
FOUR = Table(STANDARD, ("random", "random", "random", "random"))
PAIRS = Table(PARTNERS, ("random", "random", "random", "random"))
CINCOS_TWO = Table(CINCOS, ("random", "random"))
SEARCH = 2000


