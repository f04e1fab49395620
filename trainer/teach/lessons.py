"""Lessons: one per rule of rules.md, each a few short stages (one idea, its boards,
the questions that check it), answered by clicking a choice.

Every board is made by placing tiles with `Layout.place`, or is a position reached by
`Position.play` in a seeded hand of real play; every right answer is computed by the
engine (`Layout.count`, `points`, `open_ends`, `Position.legal_moves`, ...), never typed.
A lesson is a value built from a seed: another attempt (another seed) gives other
boards and another order of the choices. The boards that are rules.md's own worked
examples stay the same on every attempt: those examples are the point.

>>> [lesson.id for lesson in lessons()][:3]
['deal', 'matching', 'drawing']
>>> q = lesson("count").questions[0]
>>> wrong = next(c.value for c in q.choices if c.value != q.right)
>>> q.check(q.right).correct, q.check(wrong).correct
(True, False)
>>> lesson("matching", seed=1) != lesson("matching", seed=2)
True
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal, Optional

from trainer.engine.game import Match, deal
from trainer.engine.layout import EMPTY, Layout
from trainer.engine.moves import SIDES, Move, Side
from trainer.engine.position import Position, size
from trainer.engine.rules import CINCOS, PARTNERS, STANDARD, RuleSet, round_to_five
from trainer.engine.tiles import ALL_TILES, Tile, pip_total
from trainer.errors import TrainerError
from trainer.i18n import t, tn
from trainer.play.players import RandomPlayer
from trainer.teach.drills import (
    AnswerError,
    Feedback,
    Table,
    count_breakdown,
    misreadings,
    played_hand,
    rounding_rule,
    side_names,
)

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
    "muggins",  # what the other side gains; `subject` is "POINTS CLAIM"
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
    question about the rules themselves: there is nothing to draw."""

    layout: Layout
    caption: str
    last: Optional[Move] = None
    hand: tuple[Tile, ...] = ()
    position: Optional[Position] = None
    rules: RuleSet = STANDARD


@dataclass(frozen=True)
class Question:
    """A check question. `subject` names what is asked about (a side, a tile, a move;
    see QuestionKind); `explanation` and `details` are shown after a wrong answer."""

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

    @property
    def right_choice(self) -> Choice:
        return next(c for c in self.choices if c.value == self.right)

    def check(self, value: str) -> Feedback:
        """The verdict on a clicked choice; raises AnswerError for a value that is not
        one of the choices."""
        if value not in {c.value for c in self.choices}:
            raise AnswerError("lesson.not_a_choice", self.lang, text=str(value)[:12])
        label = self.right_choice.label
        if value == self.right:
            return Feedback(True, t("lesson.right", self.lang, answer=label), self.details)
        head = t("lesson.wrong", self.lang, answer=label)
        return Feedback(False, f"{head} {self.explanation}", self.details)


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
                 details: tuple[str, ...] = (), subject: str = "") -> Question:
        """A question with the right answer placed by `answer_slot`; the wrong choices
        keep the order given (numbers ascending)."""
        unique = dict(choices)
        if right not in unique:
            raise RuntimeError(f"question {qid}: {right!r} is not a choice")  # pragma: no cover
        wrong = [(v, label) for v, label in unique.items() if v != right]
        ordered = place_right((right, unique[right]), wrong, answer_slot(qid, self.seed, len(unique)))
        return Question(qid, kind, prompt, board, tuple(Choice(v, label) for v, label in ordered), right,
                        explanation, details, subject, self.lang)


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


def _count_question(m: Maker, qid: str, board: Board) -> Question:
    layout = board.layout
    details = count_breakdown(layout, m.lang)
    return m.question(qid, "count", m.t("q.count"), board,
                      _numbers(layout.count(), misreadings(layout)), str(layout.count()),
                      m.t("explain.count", count=layout.count(), equation=details[-1]), details)


def points_reason(count: int, points: int, lang: str) -> str:
    """Why a count scores or not: only a positive multiple of five scores."""
    if points:
        return t("explain.points_scores", lang, count=count, points=points)
    if count == 0:
        return t("explain.points_zero", lang)
    return t("explain.points_nothing", lang, count=count)


def _points_question(m: Maker, qid: str, board: Board) -> Question:
    layout = board.layout
    assert board.last is not None
    count, points = layout.count(), layout.points()
    details = count_breakdown(layout, m.lang)
    wrong = [count // 5 * 5, count // 5 * 5 + 5, *misreadings(layout)]
    choices = _numbers(points, [0, *(w for w in wrong if w % 5 == 0)], step=5)
    explanation = f"{details[-1]} {points_reason(count, points, m.lang)}"
    return m.question(qid, "points", m.t("q.points", move=move_label(board.last, m.lang)), board,
                      choices, str(points), explanation, details)


def _no_cross_arms(p: Position) -> bool:
    """No tile on the spinner's north or south end yet (taught in the spinner lesson)."""
    return not (p.layout.arms[2] or p.layout.arms[3])


# ----- positions from real play -----
TWO = Table(STANDARD, ("random", "random"))
FOUR = Table(STANDARD, ("random", "random", "random", "random"))
PAIRS = Table(PARTNERS, ("random", "random", "random", "random"))
CINCOS_TWO = Table(CINCOS, ("random", "random"))
SEARCH = 2000


def _drawn(position: Position) -> tuple[Position, int]:
    count = 0
    while position.must_draw:
        position = position.draw()
        count += 1
    return position, count


def _action(position: Position) -> str:
    if position.legal_moves():
        return "play"
    return "draw" if position.must_draw else "pass"


def _hand_board(m: Maker, position: Position, rules: RuleSet = STANDARD) -> Board:
    return Board(position.layout, m.t("board.hand", player=position.turn), None,
                 position.hand(position.turn), position, rules)


# ----- the lessons -----
def _deal(m: Maker) -> Lesson:
    start = deal(STANDARD, 2, m.rng)
    lead = RandomPlayer(m.rng.getrandbits(32)).choose(start)
    after = start.play(lead)
    mover = start.turn
    caption = m.t("board.deal", size=STANDARD.hand_size(2), player=mover, tile=lead.tile)
    board = Board(after.layout, caption, lead, after.hand(mover), after)
    sizes = {n: STANDARD.hand_size(n) for n in (2, 3, 4)}
    players = m.rng.choice((3, 4))
    me = m.rng.randrange(4)
    partner = next(p for p in range(4) if p != me and PARTNERS.side_of(p) == PARTNERS.side_of(me))
    left = size(start.boneyard)
    size_q = m.question("deal.size", "hand_size", m.t("q.hand_size", players=players), Board(EMPTY, ""),
                        [(str(v), str(v)) for v in sorted(set(sizes.values()) | {6})], str(sizes[players]),
                        m.t("explain.hand_size", two=sizes[2], three=sizes[3], four=sizes[4]),
                        subject=str(players))
    boneyard_q = m.question("deal.boneyard", "boneyard", m.t("q.boneyard"), board,
                            _numbers(left, [28 - sizes[2]], step=2), str(left),
                            m.t("explain.boneyard", each=sizes[2], left=left))
    partner_q = m.question("deal.partner", "partner", m.t("q.partner", player=me),
                           Board(EMPTY, "", rules=PARTNERS),
                           [(str(p), m.t("choice.player", player=p)) for p in range(4) if p != me],
                           str(partner), m.t("explain.partner", player=me, partner=partner), subject=str(me))
    stages = (
        Stage(m.t("lesson.deal.stage1", two=sizes[2], three=sizes[3], four=sizes[4]), (), (size_q,)),
        Stage(m.t("lesson.deal.stage2"), (), (boneyard_q,)),
        Stage(m.t("lesson.deal.stage3"), (), (partner_q,)),
    )
    return Lesson("deal", "1-3", m.t("lesson.deal.title"), m.t("lesson.deal.body"), stages)


def _fits_question(m: Maker, qid: str, board: Board, tile: Tile) -> Question:
    layout = board.layout
    right = _sides_value(e.side for e in layout.open_ends() if tile.has(e.pip))
    ends = [e.side for e in layout.open_ends()]
    values = ["", *ends, _sides_value(ends)]
    lines = tuple(m.t("where.end_fits" if tile.has(e.pip) else "where.end_not",
                      end=t("end." + e.side, m.lang), pip=e.pip, tile=tile) for e in layout.open_ends())
    return m.question(qid, "fits", m.t("q.fits", tile=tile), board, _side_choices(values, m.lang), right,
                      " ".join(lines), subject=str(tile))


def _random_line(rng: random.Random, length: int) -> Layout:
    """A line of `length` tiles, none a double, ends showing two different numbers."""
    while True:
        singles = [tile for tile in ALL_TILES if not tile.is_double]
        layout = EMPTY.place(rng.choice(singles), None)
        for _ in range(length - 1):
            moves = [(tile, e.side) for tile in singles if tile not in set(layout.tiles())
                     for e in layout.open_ends() if tile.has(e.pip)]
            layout = layout.place(*rng.choice(moves))
        west, east = (e.pip for e in layout.open_ends())
        if west != east:
            return layout


def _matching(m: Maker) -> Lesson:
    line = _random_line(m.rng, 3)
    west, east = (e.pip for e in line.open_ends())
    board = Board(line, m.t("board.line", west=west, east=east))
    on_table = set(line.tiles())
    free = [tile for tile in ALL_TILES if tile not in on_table]
    kinds = {
        "both": [tile for tile in free if tile.has(west) and tile.has(east)],
        "one": [tile for tile in free if tile.has(west) != tile.has(east)],
        "none": [tile for tile in free if not tile.has(west) and not tile.has(east)],
    }
    picked = m.rng.sample([k for k, tiles in kinds.items() if tiles], 2)
    fits = tuple(_fits_question(m, f"matching.fits{n}", board, m.rng.choice(kinds[kind]))
                 for n, kind in enumerate(picked, start=1))

    def one_playable(p: Position) -> bool:
        return (not p.is_over and 3 <= len(p.hand(p.turn)) <= 6 and _no_cross_arms(p)
                and len({mv.tile for mv in p.legal_moves()}) == 1)

    position = m.find(TWO, one_playable)
    hand = position.hand(position.turn)
    playable = position.legal_moves()[0].tile
    hand_board = _hand_board(m, position)
    legal = m.question("matching.legal", "legal_tile",
                       m.t("q.legal_tile", player=position.turn, tiles=_tiles(hand)), hand_board,
                       [(str(tile), str(tile)) for tile in hand], str(playable),
                       m.t("explain.legal_tile", ends=_pips(position.layout), tile=playable))
    stages = (
        Stage(m.t("lesson.matching.stage1"), (), fits),
        Stage(m.t("lesson.matching.stage2"), (), (legal,)),
    )
    return Lesson("matching", "4", m.t("lesson.matching.title"), m.t("lesson.matching.body"), stages)


def _stopped_caption(m: Maker, position: Position) -> str:
    hands = "; ".join(m.t("hand_of", player=p, tiles=_tiles(position.hand(p)) or "-")
                      for p in range(position.players))
    return m.t("board.stopped", left=size(position.boneyard), hands=hands)


def _drawing(m: Maker) -> Lesson:
    def draws_two(p: Position) -> bool:
        if not p.must_draw or not _no_cross_arms(p):
            return False
        after, count = _drawn(p)
        return count >= 2 and bool(after.legal_moves()) and _no_cross_arms(after)

    must_draw = m.find(TWO, draws_two)
    drawn_to, count = _drawn(must_draw)
    boneyard = must_draw.boneyard
    assert isinstance(boneyard, tuple)
    shown = boneyard[:count + 2]
    fit = boneyard[count - 1]
    draw_board = _hand_board(m, must_draw)
    can_play = m.find(TWO, lambda p: not p.is_over and bool(p.legal_moves()) and size(p.boneyard) > 0
                      and len(p.legal_moves()) == 1 and _no_cross_arms(p))
    play_board = _hand_board(m, can_play)
    must_pass = m.find(FOUR, lambda p: p.must_pass and _no_cross_arms(p))
    pass_board = _hand_board(m, must_pass)
    wanted = m.rng.choice(("blocked", "domino"))
    stopped = m.find(TWO, lambda p: (o := p.outcome()) is not None and o.kind == wanted and _no_cross_arms(p))
    stopped_board = Board(stopped.layout, _stopped_caption(m, stopped), None, (), stopped)
    actions = [(a, m.t("action." + a)) for a in ("play", "draw", "pass")]
    ends_kinds = [(k, m.t("hand_end." + k)) for k in ("domino", "blocked", "on")]
    outcome = stopped.outcome()
    assert outcome is not None
    end_explain = (m.t("explain.blocked") if outcome.kind == "blocked"
                   else m.t("explain.dominoed", player=outcome.player))
    move = can_play.legal_moves()[0]
    action_qs = (
        m.question("drawing.play", "action",
                   m.t("q.action", player=can_play.turn, hand=_tiles(can_play.hand(can_play.turn)),
                       left=size(can_play.boneyard)),
                   play_board, actions, _action(can_play),
                   m.t("explain.action_play", move=move_label(move, m.lang))),
        m.question("drawing.pass", "action",
                   m.t("q.action", player=must_pass.turn, hand=_tiles(must_pass.hand(must_pass.turn)),
                       left=size(must_pass.boneyard)),
                   pass_board, actions, _action(must_pass),
                   m.t("explain.action_pass", ends=_pips(must_pass.layout))),
    )
    stages = (
        Stage(m.t("lesson.drawing.stage1"), (), (
            m.question("drawing.draws", "draws",
                       m.t("q.draws", player=must_draw.turn, hand=_tiles(must_draw.hand(must_draw.turn)),
                           tiles=_tiles(shown)),
                       draw_board, _numbers(count, [count + 1, count - 1, 1]), str(count),
                       m.t("explain.draws", ends=_pips(must_draw.layout), count=count, tile=fit)),
        )),
        Stage(m.t("lesson.drawing.stage2"), (), action_qs),
        Stage(m.t("lesson.drawing.stage3"), (), (
            m.question("drawing.stopped", "hand_end", m.t("q.hand_end"), stopped_board, ends_kinds,
                       outcome.kind, end_explain),
        )),
    )
    return Lesson("drawing", "5-6", m.t("lesson.drawing.title"), m.t("lesson.drawing.body"), stages)


def _part_question(m: Maker, qid: str, board: Board, side: Side) -> Question:
    value = dict(board.layout.count_parts())[side]
    arm = board.layout.arms[SIDES.index(side)]
    inner, outer = arm[-1]
    key = "explain.part_double" if inner == outer else "explain.part_single"
    return m.question(qid, "part", m.t("q.part", end=t("side." + side, m.lang)), board,
                      _numbers(value, [outer, 2 * outer, 0]), str(value),
                      m.t(key, tile=f"{inner}-{outer}", pip=outer, value=value), subject=side)


def _doubles(m: Maker) -> Lesson:
    first, end_pip, through_pip, last_pip = m.rng.sample(range(1, 7), 4)
    at_end = build(f"{first}-{first}", f"{first}-{end_pip}@E", f"{end_pip}-{end_pip}@E")
    through = build(f"{first}-{first}", f"{first}-{through_pip}@E", f"{through_pip}-{through_pip}@E",
                    f"{through_pip}-{last_pip}@E")
    crossed = f"{end_pip}-{end_pip}"
    covered = f"{through_pip}-{through_pip}"
    b1 = Board(at_end, m.t("board.double_at_end", tile=crossed), Move.parse(f"{crossed}@E"))
    b2 = Board(through, m.t("board.double_inside", tile=covered),
               Move(Tile.of(through_pip, last_pip), "E"))
    stages = (
        Stage(m.t("lesson.doubles.stage1"), (), (_part_question(m, "doubles.end", b1, "E"),)),
        Stage(m.t("lesson.doubles.stage2"), (), (_part_question(m, "doubles.inside", b2, "E"),)),
    )
    return Lesson("doubles", "7", m.t("lesson.doubles.title"), m.t("lesson.doubles.body"), stages)


def _open_ends_question(m: Maker, qid: str, board: Board) -> Question:
    right = _sides_value(e.side for e in board.layout.open_ends())
    values = [right, "E,W", "E,W,N,S", "W", "N,S"]
    values = list(dict.fromkeys(values))[:4]
    explain = "explain.open_ends_all" if board.layout.arms_open else "explain.open_ends_sides"
    spinner = board.layout.spinner
    return m.question(qid, "open_ends", m.t("q.open_ends"), board, _side_choices(values, m.lang), right,
                      m.t(explain, tile=f"{spinner}-{spinner}"))


def _opens_question(m: Maker) -> Question:
    """A position of real play, spinner down with one side open: which move opens north
    and south? (the one move onto the empty side)."""
    def one_opener(p: Position) -> bool:
        layout = p.layout
        if p.is_over or layout.spinner is None or layout.arms_open or len(p.legal_moves()) < 2:
            return False
        return len({mv for mv in p.legal_moves() if layout.place(mv.tile, mv.side).arms_open}) == 1

    position = m.find(TWO, one_opener)
    moves = position.legal_moves()
    opener = next(mv for mv in moves if position.layout.place(mv.tile, mv.side).arms_open)
    d = position.layout.spinner
    return m.question("spinner.opens", "opens", m.t("q.opens"), _hand_board(m, position),
                      [(str(mv), move_label(mv, m.lang)) for mv in moves], str(opener),
                      m.t("explain.opens", move=move_label(opener, m.lang), tile=f"{d}-{d}"))


def _spinner(m: Maker) -> Lesson:
    line = build("5-1", "5-4@W")  # rules.md's worked example: the first double need not lead
    with_spinner = line.place(Tile(1, 1), "E")
    both_sides = with_spinner.place(Tile(3, 1), "E")
    second = Move.parse("3-3@E")
    after_second = both_sides.place(second.tile, second.side)
    spinner = str(Tile(1, 1))
    boards = (
        Board(line, m.t("board.before_spinner"), Move.parse("5-4@W")),
        Board(with_spinner, m.t("board.spinner_new", tile=spinner), Move.parse("1-1@E")),
        Board(both_sides, m.t("board.spinner_sides", tile=spinner), Move.parse("3-1@E")),
    )
    is_new = after_second.spinner == second.tile.high and both_sides.spinner != after_second.spinner
    stages = (
        Stage(m.t("lesson.spinner.stage1"), boards[:1],
              (_open_ends_question(m, "spinner.sides", boards[1]),)),
        Stage(m.t("lesson.spinner.stage2"), (), (_open_ends_question(m, "spinner.ends", boards[2]),
                                                  _opens_question(m))),
        Stage(m.t("lesson.spinner.stage3"), (), (
            m.question("spinner.second", "spinner", m.t("q.second_double", move=move_label(second, m.lang)),
                       boards[2], [("yes", m.t("choice.yes")), ("no", m.t("choice.no"))],
                       "yes" if is_new else "no",
                       m.t("explain.second_double", tile=second.tile, spinner=spinner,
                           value=dict(after_second.count_parts())["E"]),
                       subject=str(second)),
        )),
    )
    return Lesson("spinner", "8", m.t("lesson.spinner.title"), m.t("lesson.spinner.body"), stages)


def largest_caption(layout: Layout, lang: str) -> str:
    """What a four-armed board shows: how many of its arms end in a double."""
    doubles = sum(1 for arm in layout.arms if arm and arm[-1][0] == arm[-1][1])
    arms = sum(1 for arm in layout.arms if arm)
    return tn("board.arms_doubles", doubles, lang, arms=arms)


def _count(m: Maker) -> Lesson:
    largest = build("0-0", "0-6@E", "6-6@E", "0-5@W", "5-5@W", "0-4@N", "4-4@N", "0-1@S", "1-5@S")
    # rules.md's worked examples, the same on every attempt
    lead = Board(build("6-4"), m.t("board.lead"), Move.parse("6-4"))
    line = Board(build("5-1", "5-4@W"), m.t("board.line_plain"), Move.parse("5-4@W"))
    one_side = Board(build("5-5", "5-2@E"), m.t("board.spinner_one_side"), Move.parse("5-2@E"))
    later = Board(build("5-1", "5-4@W", "1-1@E"), m.t("board.spinner_later"), Move.parse("1-1@E"))
    both = Board(build("5-5", "5-2@E", "5-3@W"), m.t("board.spinner_both_sides"), Move.parse("5-3@W"))
    four = Board(largest, largest_caption(largest, m.lang), Move.parse("1-5@S"))
    stages = (
        Stage(m.t("lesson.count.stage1"), (), (_count_question(m, "count.lead", lead),
                                                _count_question(m, "count.line", line))),
        Stage(m.t("lesson.count.stage2"), (), (_count_question(m, "count.one_side", one_side),
                                                _count_question(m, "count.later", later))),
        Stage(m.t("lesson.count.stage3"), (), (_count_question(m, "count.both_sides", both),)),
        Stage(m.t("lesson.count.stage4"), (), (_count_question(m, "count.four_arms", four),)),
    )
    return Lesson("count", "10", m.t("lesson.count.title"), m.t("lesson.count.body"), stages)


def _scoring_end(m: Maker) -> Question:
    """A tile from the mover's hand that fits two ends or more and scores on exactly one:
    the learner clicks the end that scores."""
    def one_end_scores(p: Position) -> bool:
        if p.is_over or p.layout.is_empty:
            return False
        for tile in p.hand(p.turn):
            moves = [mv for mv in p.legal_moves() if mv.tile == tile]
            if len(moves) >= 2 and sum(p.points(mv) > 0 for mv in moves) == 1:
                return True
        return False

    position = m.find(TWO, one_end_scores)
    tile, moves = next((tile, mv) for tile in position.hand(position.turn)
                       if len(mv := [x for x in position.legal_moves() if x.tile == tile]) >= 2
                       and sum(position.points(x) > 0 for x in mv) == 1)
    best = next(mv for mv in moves if position.points(mv) > 0)
    after = position.layout.place(best.tile, best.side)
    assert best.side is not None
    return m.question("scoring.end", "scoring_end", m.t("q.scoring_end", tile=tile), _hand_board(m, position),
                      [(mv.side or "", m.t("end." + (mv.side or "E"))) for mv in moves], best.side,
                      m.t("explain.scoring_move", move=move_label(best, m.lang), count=after.count(),
                          points=after.points()),
                      count_breakdown(after, m.lang), subject=str(tile))


def _scoring(m: Maker) -> Lesson:
    examples = (  # rules.md's worked examples
        Board(build("6-6"), m.t("board.lead"), Move.parse("6-6")),
        Board(build("5-1", "5-4@W"), m.t("board.line_plain"), Move.parse("5-4@W")),
        Board(build("6-6", "6-3@E", "3-3@E"), m.t("board.double_at_end", tile="3-3"), Move.parse("3-3@E")),
    )

    def one_scores(p: Position) -> bool:
        if p.is_over or p.layout.is_empty:
            return False
        moves = p.legal_moves()
        return len(moves) >= 3 and sum(p.points(mv) > 0 for mv in moves) == 1

    position = m.find(TWO, one_scores)
    moves = position.legal_moves()
    best = next(mv for mv in moves if position.points(mv) > 0)
    after = position.layout.place(best.tile, best.side)
    stages = (
        Stage(m.t("lesson.scoring.stage1"), (),
              tuple(_points_question(m, f"scoring.{i}", board) for i, board in enumerate(examples))),
        Stage(m.t("lesson.scoring.stage2"), (), (
            _scoring_end(m),
            m.question("scoring.move", "scoring_move", m.t("q.scoring_move"), _hand_board(m, position),
                       [(str(mv), move_label(mv, m.lang)) for mv in moves], str(best),
                       m.t("explain.scoring_move", move=move_label(best, m.lang), count=after.count(),
                           points=after.points()),
                       count_breakdown(after, m.lang)),
        )),
    )
    return Lesson("scoring", "9", m.t("lesson.scoring.title"), m.t("lesson.scoring.body"), stages)


def _round_question(m: Maker, qid: str, position: Position, player: int) -> Question:
    hand = position.hand(player)
    pips = pip_total(hand)
    value = round_to_five(pips)
    low = pips // 5 * 5
    board = Board(position.layout, m.t("board.left_with", player=player), None, hand, position)
    terms = " + ".join(f"{tile} ({tile.pips})" for tile in hand)
    details = (m.t("round.sum", equation=f"{terms} = {pips}"),)
    return m.question(qid, "round", m.t("q.round", tiles=_tiles(hand)), board,
                      _numbers(value, [low, low + 5], step=5), str(value),
                      f"{details[0]} {rounding_rule(pips, m.lang)}", details, subject=str(player))


def _loser(position: Position) -> Optional[int]:
    """A player who is left with two tiles or more when the hand is dominoed."""
    end = position.outcome()
    if end is None or end.kind != "domino":
        return None
    return next((p for p in range(position.players) if len(position.hand(p)) >= 2), None)


def _rounding(m: Maker) -> Lesson:
    def rounds(over: tuple[int, ...]) -> Callable[[Position], bool]:
        def test(p: Position) -> bool:
            player = _loser(p)
            return player is not None and pip_total(p.hand(player)) % 5 in over
        return test

    up = m.find(TWO, rounds((3, 4)))
    down = m.find(TWO, rounds((1, 2)))
    up_player, down_player = _loser(up), _loser(down)
    assert up_player is not None and down_player is not None
    pairs = m.find(PAIRS, lambda p: (e := p.outcome()) is not None and e.kind == "domino")
    went_out = pairs.outcome()
    assert went_out is not None and went_out.player is not None
    side = 1 - PARTNERS.side_of(went_out.player)
    change = pairs.hand_end_scores()[side]
    members = [p for p in range(4) if PARTNERS.side_of(p) == side]
    hands = "; ".join(m.t("hand_of", player=p, tiles=_tiles(pairs.hand(p)) or "-") for p in members)
    pair_board = Board(pairs.layout, m.t("board.partners_end"), None, (), pairs, PARTNERS)
    remainders = " + ".join(str(round_to_five(pip_total(pairs.hand(p)))) for p in members)
    pair = (("rounding.up", up, up_player), ("rounding.down", down, down_player))
    first, second = pair[::m.rng.choice((1, -1))]
    stages = (
        Stage(m.t("lesson.rounding.stage1", seven=round_to_five(7), eight=round_to_five(8)), (),
              (_round_question(m, *first), _round_question(m, *second))),
        Stage(m.t("lesson.rounding.stage2"), (), (
            m.question("rounding.partners", "settle",
                       m.t("q.settle_partners", side=side, players=" + ".join(map(str, members)),
                           hands=hands),
                       pair_board, _numbers(change, [-change], step=5, signed=True), str(change),
                       m.t("explain.settle_partners", remainders=remainders, change=change),
                       subject=str(side)),
        )),
    )
    return Lesson("rounding", "11", m.t("lesson.rounding.title"), m.t("lesson.rounding.body"), stages)


@dataclass(frozen=True)
class _Win:
    before: Position
    move: Move
    target: int


def _winning_move(m: Maker, target: int) -> _Win:
    """The move that wins a seeded match to a small target, taken mid-hand."""
    for seed in range(m.start, m.start + SEARCH):
        match = Match(STANDARD, 2, seed=seed, target=target)
        bots = (RandomPlayer(seed), RandomPlayer(seed + 1))
        while not match.over:
            before = match.position
            move = bots[before.turn].choose(before)
            match.play(move)
            if match.over:
                if match.position.outcome() is None:
                    return _Win(before, move, target)
                break
    raise RuntimeError("no winning move found")  # pragma: no cover


def _winning(m: Maker) -> Lesson:
    targets = {n: STANDARD.default_target(n) for n in (2, 3, 4)}
    win = _winning_move(m, m.rng.choice((25, 30, 35)))
    points = win.before.points(win.move)
    player = win.before.turn
    board = Board(win.before.layout, m.t("board.match", target=win.target,
                                         scores=", ".join(map(str, win.before.scores))),
                  None, win.before.hand(player), win.before)
    after = win.before.play(win.move)
    reached = after.scores[after.rules.side_of(player)] >= win.target
    right = "now" if reached and after.outcome() is None else ("end" if reached else "none")
    wins = [(k, m.t("wins." + k)) for k in ("now", "end", "none")]
    players = m.rng.choice((2, 3, 4))
    stages = (
        Stage(m.t("lesson.winning.stage1", two=targets[2], more=targets[3]), (), (
            m.question("winning.target", "target", m.t("q.target", players=players), Board(EMPTY, ""),
                       [(str(v), str(v)) for v in sorted({150, *targets.values()})], str(targets[players]),
                       m.t("explain.target", two=targets[2], more=targets[3]), subject=str(players)),
        )),
        Stage(m.t("lesson.winning.stage2"), (), (
            m.question("winning.now", "wins",
                       m.t("q.wins", player=player, score=win.before.scores[player],
                           move=move_label(win.move, m.lang), points=points, target=win.target),
                       board, wins, right,
                       m.t("explain.wins", score=after.scores[player], target=win.target),
                       subject=f"{win.move} {win.target}"),
        )),
    )
    return Lesson("winning", "12", m.t("lesson.winning.title"), m.t("lesson.winning.body"), stages)


def _cincos(m: Maker) -> Lesson:
    target = CINCOS.default_target(2)
    start = next(p for p in (deal(CINCOS, 2, random.Random(m.start + n)) for n in range(SEARCH))
                 if sum(tile.is_double for h in range(2) for tile in p.hand(h)) >= 3)
    lead = start.legal_moves()[0].tile
    doubles = sorted({tile for h in range(2) for tile in start.hand(h) if tile.is_double}, reverse=True)
    non_double = max(tile for tile in start.hand(start.turn) if not tile.is_double)
    hands = "; ".join(m.t("hand_of", player=p, tiles=_tiles(start.hand(p))) for p in range(2))
    lead_board = Board(EMPTY, m.t("board.cincos_deal"), None, start.hand(start.turn), start, CINCOS)
    out = m.find(CINCOS_TWO, lambda p: (e := p.outcome()) is not None and e.kind == "domino"
                 and round_to_five(pip_total(p.hand(1 - (e.player or 0)))) > 0)
    end = out.outcome()
    assert end is not None and end.player is not None
    other = 1 - end.player
    gain = out.hand_end_scores()[end.player]
    pips = pip_total(out.hand(other))
    out_board = Board(out.layout, m.t("board.cincos_out", player=end.player), None, out.hand(other), out,
                      CINCOS)
    stages = (
        Stage(m.t("lesson.cincos.stage1", size=CINCOS.hand_size(2)), (), (
            m.question("cincos.lead", "lead", m.t("q.cincos_lead", hands=hands), lead_board,
                       [(str(tile), str(tile)) for tile in (*doubles, non_double)], str(lead),
                       m.t("explain.cincos_lead", tile=lead, player=start.turn)),
        )),
        Stage(m.t("lesson.cincos.stage2"), (), (
            m.question("cincos.out", "settle",
                       m.t("q.cincos_out", player=end.player, other=other, tiles=_tiles(out.hand(other))),
                       out_board, _numbers(gain, [-gain, pips], step=5, signed=True), str(gain),
                       m.t("explain.cincos_out", pips=pips, value=gain), subject=str(end.player)),
        )),
        Stage(m.t("lesson.cincos.stage3", target=target), (), (
            m.question("cincos.target", "target", m.t("q.target_cincos"), Board(EMPTY, "", rules=CINCOS),
                       [(str(v), str(v)) for v in sorted({target, 200, 250})],
                       str(target), m.t("explain.target_cincos", target=target), subject="2"),
        )),
    )
    return Lesson("cincos", "cincos", m.t("lesson.cincos.title"), m.t("lesson.cincos.body"), stages)


BUILDERS: tuple[tuple[str, Callable[[Maker], Lesson]], ...] = (
    ("deal", _deal),
    ("matching", _matching),
    ("drawing", _drawing),
    ("doubles", _doubles),
    ("spinner", _spinner),
    ("count", _count),
    ("scoring", _scoring),
    ("rounding", _rounding),
    ("winning", _winning),
    ("cincos", _cincos),
)
LESSON_IDS: tuple[str, ...] = tuple(lesson_id for lesson_id, _ in BUILDERS)


@lru_cache(maxsize=256)
def _built(lesson_id: str, lang: str, seed: int) -> Lesson:
    index = LESSON_IDS.index(lesson_id)
    made = BUILDERS[index][1](Maker(lang, seed, index))
    return Lesson(made.id, made.rule, made.title, made.body, made.stages, seed)


def lessons(lang: str = "en", seed: int = 0) -> tuple[Lesson, ...]:
    """Every lesson in teaching order, its text in `lang` (English where missing), its
    boards and choices those of attempt `seed`."""
    return tuple(_built(lesson_id, lang, seed) for lesson_id in LESSON_IDS)


def lesson(lesson_id: str, lang: str = "en", seed: int = 0) -> Lesson:
    """One lesson by id (attempt `seed`); raises TrainerError naming the lessons there are."""
    if lesson_id not in LESSON_IDS:
        raise TrainerError(t("lesson.unknown", lang, id=str(lesson_id)[:40], ids=", ".join(LESSON_IDS)))
    return _built(lesson_id, lang, seed)


def questions(lang: str = "en", seed: int = 0) -> Sequence[Question]:
    """Every check question of every lesson."""
    return [q for item in lessons(lang, seed) for q in item.questions]
