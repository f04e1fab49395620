"""Lessons: one per rule of rules.md, each with boards built by the engine and check
questions answered by clicking a choice.

Every board is made by placing tiles with `Layout.place`, or is a position reached by
`Position.play` in a seeded hand of real play; every right answer is computed by the
engine (`Layout.count`, `points`, `open_ends`, `Position.legal_moves`, ...), never typed.
Lessons are values: built once per language and shared.

>>> [lesson.id for lesson in lessons()][:3]
['deal', 'matching', 'drawing']
>>> q = lesson("count").questions[0]
>>> wrong = next(c.value for c in q.choices if c.value != q.right)
>>> q.check(q.right).correct, q.check(wrong).correct
(True, False)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, Optional

from trainer.drills import (
    AnswerError,
    Feedback,
    Table,
    count_breakdown,
    misreadings,
    played_hand,
    rounding_rule,
    side_names,
)
from trainer.errors import TrainerError
from trainer.game import Match, deal
from trainer.i18n import t
from trainer.layout import EMPTY, Layout
from trainer.moves import SIDES, Move, Side
from trainer.players import RandomPlayer
from trainer.position import Position, size
from trainer.rules import CINCOS, PARTNERS, STANDARD, RuleSet, round_to_five
from trainer.tiles import Tile, pip_total

QuestionKind = Literal[
    "count",  # the count of board.layout
    "points",  # what board.last scored: board.layout.points()
    "part",  # what the open end `subject` (E, W, N, S) adds: its count_parts value
    "fits",  # the sides of board.layout that tile `subject` fits, "E,W" style ("" none)
    "open_ends",  # the open ends of board.layout, "E,W,N,S" style
    "spinner",  # "yes" if move `subject` on board.layout makes its double the spinner
    "legal_tile",  # the one tile of the mover's hand in board.position that can be played
    "scoring_move",  # the one legal move of board.position that scores
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
class Lesson:
    """One rule: its title, a short text, example boards and check questions."""

    id: str
    rule: str  # the rules.md rule numbers it teaches
    title: str
    body: str
    boards: tuple[Board, ...]
    questions: tuple[Question, ...]


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


def _question(qid: str, kind: QuestionKind, prompt: str, board: Board,
              choices: Iterable[tuple[str, str]], right: str, explanation: str, lang: str,
              details: tuple[str, ...] = (), subject: str = "") -> Question:
    unique = tuple(Choice(value, label) for value, label in dict(choices).items())
    if right not in {c.value for c in unique}:
        raise RuntimeError(f"question {qid}: the right answer {right!r} is not a choice")  # pragma: no cover
    return Question(qid, kind, prompt, board, unique, right, explanation, details, subject, lang)


def _numbers(right: int, wrong: Iterable[int] = (), step: int = 1, n: int = 4,
             signed: bool = False) -> list[tuple[str, str]]:
    """`right` and up to n-1 wrong values (the given ones first, then neighbours), ascending."""
    picks = [right]
    for value in [*wrong, right + step, right - step, right + 2 * step, right - 2 * step, right + 3 * step]:
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


def _move_label(move: Move, lang: str) -> str:
    if move.side is None:
        return t("move.lead", lang, tile=move.tile)
    return t("move.on", lang, tile=move.tile, side=t("side." + move.side, lang))


def _count_question(qid: str, board: Board, lang: str) -> Question:
    layout = board.layout
    details = count_breakdown(layout, lang)
    return _question(qid, "count", t("q.count", lang), board,
                     _numbers(layout.count(), misreadings(layout)), str(layout.count()),
                     t("explain.count", lang, count=layout.count(), equation=details[-1]), lang, details)


def _points_question(qid: str, board: Board, lang: str) -> Question:
    layout = board.layout
    assert board.last is not None
    count, points = layout.count(), layout.points()
    details = count_breakdown(layout, lang)
    wrong = [count // 5 * 5, count // 5 * 5 + 5, *misreadings(layout)]
    choices = _numbers(points, [0, *(w for w in wrong if w % 5 == 0)], step=5)
    key = "explain.points_scores" if points else "explain.points_nothing"
    return _question(qid, "points", t("q.points", lang, move=_move_label(board.last, lang)), board,
                     choices, str(points), t(key, lang, count=count, points=points, equation=details[-1]),
                     lang, details)


# ----- positions from real play -----
TWO = Table(STANDARD, ("random", "random"))
FOUR = Table(STANDARD, ("random", "random", "random", "random"))
PAIRS = Table(PARTNERS, ("random", "random", "random", "random"))
CINCOS_TWO = Table(CINCOS, ("random", "random"))
SEARCH = 2000


def find(table: Table, test: Callable[[Position], bool]) -> Position:
    """The first position of seeded real play (hands 0, 1, 2, ... of `table`) that
    passes `test`: the same position on every machine."""
    for seed in range(SEARCH):
        steps = played_hand(table, seed)
        for position in (steps[0].before, *(s.after for s in steps)):
            if test(position):
                return position
    raise RuntimeError("no position found")  # pragma: no cover


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


# ----- the lessons -----
def _deal(lang: str) -> Lesson:
    start = deal(STANDARD, 2, random.Random(4))
    lead = RandomPlayer(4).choose(start)
    after = start.play(lead)
    mover = start.turn
    caption = t("board.deal", lang, size=STANDARD.hand_size(2), player=mover, tile=lead.tile)
    board = Board(after.layout, caption, lead, after.hand(mover), after)
    sizes = {n: STANDARD.hand_size(n) for n in (2, 3, 4)}
    partner = next(p for p in range(1, 4) if PARTNERS.side_of(p) == PARTNERS.side_of(0))
    left = size(start.boneyard)
    questions = (
        _question("deal.size", "hand_size", t("q.hand_size", lang, players=3), board,
                  [(str(v), str(v)) for v in sorted(set(sizes.values()) | {6})], str(sizes[3]),
                  t("explain.hand_size", lang, two=sizes[2], three=sizes[3], four=sizes[4]), lang,
                  subject="3"),
        _question("deal.boneyard", "boneyard", t("q.boneyard", lang), board,
                  _numbers(left, [28 - sizes[2]], step=2), str(left),
                  t("explain.boneyard", lang, each=sizes[2], left=left), lang),
        _question("deal.partner", "partner", t("q.partner", lang), Board(EMPTY, "", rules=PARTNERS),
                  [(str(p), t("choice.player", lang, player=p)) for p in (1, 2, 3)], str(partner),
                  t("explain.partner", lang, partner=partner), lang, subject="0"),
    )
    body = t("lesson.deal.body", lang, two=sizes[2], three=sizes[3], four=sizes[4])
    return Lesson("deal", "1-3", t("lesson.deal.title", lang), body, (board,), questions)


def _fits_question(qid: str, board: Board, tile: Tile, lang: str) -> Question:
    layout = board.layout
    right = _sides_value(e.side for e in layout.open_ends() if tile.has(e.pip))
    ends = [e.side for e in layout.open_ends()]
    values = ["", *ends, _sides_value(ends)]
    lines = tuple(t("where.end_fits" if tile.has(e.pip) else "where.end_not", lang,
                    end=t("end." + e.side, lang), pip=e.pip, tile=tile) for e in layout.open_ends())
    return _question(qid, "fits", t("q.fits", lang, tile=tile), board, _side_choices(values, lang), right,
                     " ".join(lines), lang, lines, subject=str(tile))


def _matching(lang: str) -> Lesson:
    line = build("6-4", "4-1@E", "1-3@E")
    board = Board(line, t("board.line", lang, west=line.open_ends()[0].pip, east=line.open_ends()[1].pip),
                  Move.parse("1-3@E"))

    def one_playable(p: Position) -> bool:
        return (not p.is_over and 3 <= len(p.hand(p.turn)) <= 6
                and len({m.tile for m in p.legal_moves()}) == 1)

    position = find(TWO, one_playable)
    hand = position.hand(position.turn)
    playable = position.legal_moves()[0].tile
    ends = _pips(position.layout)
    hand_board = Board(position.layout, t("board.hand", lang, player=position.turn), None, hand, position)
    questions = (
        _fits_question("matching.both", board, Tile(6, 3), lang),
        _fits_question("matching.none", board, Tile(5, 2), lang),
        _question("matching.legal", "legal_tile",
                  t("q.legal_tile", lang, player=position.turn, tiles=_tiles(hand)), hand_board,
                  [(str(tile), str(tile)) for tile in hand], str(playable),
                  t("explain.legal_tile", lang, ends=ends, tile=playable), lang),
    )
    return Lesson("matching", "4", t("lesson.matching.title", lang), t("lesson.matching.body", lang),
                  (board, hand_board), questions)


def _drawing(lang: str) -> Lesson:
    def draws_two(p: Position) -> bool:
        if not p.must_draw:
            return False
        after, count = _drawn(p)
        return count >= 2 and bool(after.legal_moves())

    must_draw = find(TWO, draws_two)
    drawn_to, count = _drawn(must_draw)
    boneyard = must_draw.boneyard
    assert isinstance(boneyard, tuple)
    shown = boneyard[:count + 2]
    fit = boneyard[count - 1]
    ends = _pips(must_draw.layout)
    draw_board = Board(must_draw.layout, t("board.hand", lang, player=must_draw.turn), None,
                       must_draw.hand(must_draw.turn), must_draw)
    can_play = find(TWO, lambda p: not p.is_over and bool(p.legal_moves()) and size(p.boneyard) > 0
                    and len(p.legal_moves()) == 1)
    play_board = Board(can_play.layout, t("board.hand", lang, player=can_play.turn), None,
                       can_play.hand(can_play.turn), can_play)
    must_pass = find(FOUR, lambda p: p.must_pass)
    pass_board = Board(must_pass.layout, t("board.hand", lang, player=must_pass.turn), None,
                       must_pass.hand(must_pass.turn), must_pass)
    blocked = find(TWO, lambda p: (o := p.outcome()) is not None and o.kind == "blocked")
    blocked_board = Board(blocked.layout, t("board.blocked", lang), None, (), blocked)
    actions = [(a, t("action." + a, lang)) for a in ("play", "draw", "pass")]
    ends_kinds = [(k, t("hand_end." + k, lang)) for k in ("domino", "blocked", "on")]
    outcome = blocked.outcome()
    questions = (
        _question("drawing.draws", "draws",
                  t("q.draws", lang, player=must_draw.turn, hand=_tiles(must_draw.hand(must_draw.turn)),
                    tiles=_tiles(shown)),
                  draw_board, _numbers(count, [count + 1, count - 1, 1]), str(count),
                  t("explain.draws", lang, ends=ends, count=count, tile=fit), lang),
        _question("drawing.play", "action",
                  t("q.action", lang, player=can_play.turn, hand=_tiles(can_play.hand(can_play.turn)),
                    left=size(can_play.boneyard)),
                  play_board, actions, _action(can_play),
                  t("explain.action_play", lang, move=_move_label(can_play.legal_moves()[0], lang)), lang),
        _question("drawing.pass", "action",
                  t("q.action", lang, player=must_pass.turn, hand=_tiles(must_pass.hand(must_pass.turn)),
                    left=size(must_pass.boneyard)),
                  pass_board, actions, _action(must_pass),
                  t("explain.action_pass", lang, ends=_pips(must_pass.layout)), lang),
        _question("drawing.blocked", "hand_end", t("q.hand_end", lang), blocked_board, ends_kinds,
                  outcome.kind if outcome else "on", t("explain.blocked", lang), lang),
    )
    return Lesson("drawing", "5-6", t("lesson.drawing.title", lang), t("lesson.drawing.body", lang),
                  (draw_board, play_board, pass_board, blocked_board), questions)


def _part_question(qid: str, board: Board, side: Side, lang: str) -> Question:
    value = dict(board.layout.count_parts())[side]
    arm = board.layout.arms[SIDES.index(side)]
    inner, outer = arm[-1]
    details = count_breakdown(board.layout, lang)
    key = "explain.part_double" if inner == outer else "explain.part_single"
    return _question(qid, "part", t("q.part", lang, end=t("side." + side, lang)), board,
                     _numbers(value, [outer, 2 * outer, 0]), str(value),
                     t(key, lang, tile=f"{inner}-{outer}", pip=outer, value=value), lang, details,
                     subject=side)


def _doubles(lang: str) -> Lesson:
    at_end = build("6-6", "6-4@E", "4-4@E")
    through = build("5-5", "5-2@E", "2-2@E", "2-6@E")
    b1 = Board(at_end, t("board.double_at_end", lang, tile="4-4"), Move.parse("4-4@E"))
    b2 = Board(through, t("board.double_inside", lang, tile="2-2"), Move.parse("6-2@E"))
    questions = (
        _part_question("doubles.end", b1, "E", lang),
        _count_question("doubles.count", b1, lang),
        _part_question("doubles.inside", b2, "E", lang),
    )
    return Lesson("doubles", "7", t("lesson.doubles.title", lang), t("lesson.doubles.body", lang, example=8),
                  (b1, b2), questions)


def _open_ends_question(qid: str, board: Board, lang: str) -> Question:
    right = _sides_value(e.side for e in board.layout.open_ends())
    values = [right, "E,W", "E,W,N,S", "W", "N,S"]
    values = list(dict.fromkeys(values))[:4]
    explain = "explain.open_ends_all" if board.layout.arms_open else "explain.open_ends_sides"
    spinner = board.layout.spinner
    return _question(qid, "open_ends", t("q.open_ends", lang), board, _side_choices(values, lang), right,
                     t(explain, lang, tile=f"{spinner}-{spinner}"), lang)


def _spinner(lang: str) -> Lesson:
    line = build("5-1", "5-4@W")
    with_spinner = line.place(Tile(1, 1), "E")
    both_sides = with_spinner.place(Tile(3, 1), "E")
    second = Move.parse("3-3@E")
    after_second = both_sides.place(second.tile, second.side)
    spinner = str(Tile(1, 1))
    boards = (
        Board(line, t("board.before_spinner", lang), Move.parse("5-4@W")),
        Board(with_spinner, t("board.spinner_new", lang, tile=spinner), Move.parse("1-1@E")),
        Board(both_sides, t("board.spinner_sides", lang, tile=spinner), Move.parse("3-1@E")),
    )
    is_new = after_second.spinner == second.tile.high and both_sides.spinner != after_second.spinner
    questions = (
        _open_ends_question("spinner.sides", boards[1], lang),
        _count_question("spinner.count", boards[1], lang),
        _open_ends_question("spinner.ends", boards[2], lang),
        _question("spinner.second", "spinner", t("q.second_double", lang, move=_move_label(second, lang)),
                  boards[2], [("yes", t("choice.yes", lang)), ("no", t("choice.no", lang))],
                  "yes" if is_new else "no",
                  t("explain.second_double", lang, tile=second.tile, spinner=spinner,
                    value=dict(after_second.count_parts())["E"]),
                  lang, subject=str(second)),
    )
    return Lesson("spinner", "8", t("lesson.spinner.title", lang), t("lesson.spinner.body", lang),
                  boards, questions)


def _count(lang: str) -> Lesson:
    boards = (
        Board(build("6-4"), t("board.lead", lang), Move.parse("6-4")),
        Board(build("5-1", "5-4@W"), t("board.line_plain", lang), Move.parse("5-4@W")),
        Board(build("5-5", "5-2@E"), t("board.spinner_one_side", lang), Move.parse("5-2@E")),
        Board(build("5-5", "5-2@E", "5-3@W"), t("board.spinner_both_sides", lang), Move.parse("5-3@W")),
        Board(build("0-0", "0-6@E", "6-6@E", "0-5@W", "5-5@W", "0-4@N", "4-4@N", "0-1@S", "1-5@S"),
              t("board.largest", lang), Move.parse("1-5@S")),
    )
    questions = tuple(_count_question(f"count.{i}", board, lang) for i, board in enumerate(boards))
    return Lesson("count", "10", t("lesson.count.title", lang), t("lesson.count.body", lang),
                  boards, questions)


def _scoring(lang: str) -> Lesson:
    boards = (
        Board(build("6-6"), t("board.lead", lang), Move.parse("6-6")),
        Board(build("5-1", "5-4@W"), t("board.line_plain", lang), Move.parse("5-4@W")),
        Board(build("6-6", "6-3@E", "3-3@E"), t("board.double_at_end", lang, tile="3-3"),
              Move.parse("3-3@E")),
    )

    def one_scores(p: Position) -> bool:
        if p.is_over or p.layout.is_empty:
            return False
        moves = p.legal_moves()
        return len(moves) >= 3 and sum(p.points(m) > 0 for m in moves) == 1

    position = find(TWO, one_scores)
    moves = position.legal_moves()
    best = next(m for m in moves if position.points(m) > 0)
    hand_board = Board(position.layout, t("board.hand", lang, player=position.turn), None,
                       position.hand(position.turn), position)
    after = position.layout.place(best.tile, best.side)
    questions = (
        *(_points_question(f"scoring.{i}", board, lang) for i, board in enumerate(boards)),
        _question("scoring.move", "scoring_move", t("q.scoring_move", lang), hand_board,
                  [(str(m), _move_label(m, lang)) for m in moves], str(best),
                  t("explain.scoring_move", lang, move=_move_label(best, lang), count=after.count(),
                    points=after.points()),
                  lang, count_breakdown(after, lang)),
    )
    return Lesson("scoring", "9", t("lesson.scoring.title", lang), t("lesson.scoring.body", lang),
                  (*boards, hand_board), questions)


def _round_question(qid: str, position: Position, player: int, lang: str) -> Question:
    hand = position.hand(player)
    pips = pip_total(hand)
    value = round_to_five(pips)
    low = pips // 5 * 5
    board = Board(position.layout, t("board.left_with", lang, player=player), None, hand, position)
    terms = " + ".join(f"{tile} {tile.pips}" for tile in hand)
    details = (t("round.sum", lang, equation=f"{terms} = {pips}"),)
    return _question(qid, "round", t("q.round", lang, tiles=_tiles(hand)), board,
                     _numbers(value, [low, low + 5], step=5), str(value),
                     f"{details[0]} {rounding_rule(pips, lang)}",
                     lang, details, subject=str(player))


def _loser(position: Position) -> Optional[int]:
    """A player who is left with two tiles or more when the hand is dominoed."""
    end = position.outcome()
    if end is None or end.kind != "domino":
        return None
    return next((p for p in range(position.players) if len(position.hand(p)) >= 2), None)


def _rounding(lang: str) -> Lesson:
    def rounds(over: tuple[int, ...]) -> Callable[[Position], bool]:
        def test(p: Position) -> bool:
            player = _loser(p)
            return player is not None and pip_total(p.hand(player)) % 5 in over
        return test

    up = find(TWO, rounds((3, 4)))
    down = find(TWO, rounds((1, 2)))
    up_player, down_player = _loser(up), _loser(down)
    assert up_player is not None and down_player is not None
    pairs = find(PAIRS, lambda p: (e := p.outcome()) is not None and e.kind == "domino")
    went_out = pairs.outcome()
    assert went_out is not None and went_out.player is not None
    side = 1 - PARTNERS.side_of(went_out.player)
    change = pairs.hand_end_scores()[side]
    members = [p for p in range(4) if PARTNERS.side_of(p) == side]
    hands = "; ".join(t("hand_of", lang, player=p, tiles=_tiles(pairs.hand(p)) or "-") for p in members)
    pair_board = Board(pairs.layout, t("board.partners_end", lang), None, (), pairs, PARTNERS)
    remainders = " + ".join(str(round_to_five(pip_total(pairs.hand(p)))) for p in members)
    questions = (
        _round_question("rounding.up", up, up_player, lang),
        _round_question("rounding.down", down, down_player, lang),
        _question("rounding.partners", "settle",
                  t("q.settle_partners", lang, side=side, players=" + ".join(map(str, members)), hands=hands),
                  pair_board, _numbers(change, [-change], step=5, signed=True), str(change),
                  t("explain.settle_partners", lang, remainders=remainders, change=change), lang,
                  subject=str(side)),
    )
    body = t("lesson.rounding.body", lang, seven=round_to_five(7), eight=round_to_five(8))
    return Lesson("rounding", "11", t("lesson.rounding.title", lang), body,
                  (questions[0].board, questions[1].board, pair_board), questions)


@dataclass(frozen=True)
class _Win:
    before: Position
    move: Move
    target: int
    mid_hand: bool


def _winning_move(target: int) -> _Win:
    """The move that wins a seeded match to a small target, taken mid-hand."""
    for seed in range(SEARCH):
        match = Match(STANDARD, 2, seed=seed, target=target)
        bots = (RandomPlayer(seed), RandomPlayer(seed + 1))
        while not match.over:
            before = match.position
            move = bots[before.turn].choose(before)
            match.play(move)
            if match.over:
                if match.position.outcome() is None:
                    return _Win(before, move, target, True)
                break
    raise RuntimeError("no winning move found")  # pragma: no cover


def _winning(lang: str) -> Lesson:
    targets = {n: STANDARD.default_target(n) for n in (2, 3, 4)}
    win = _winning_move(30)
    points = win.before.points(win.move)
    player = win.before.turn
    board = Board(win.before.layout, t("board.match", lang, target=win.target,
                                       scores=", ".join(map(str, win.before.scores))),
                  None, win.before.hand(player), win.before)
    after = win.before.play(win.move)
    reached = after.scores[after.rules.side_of(player)] >= win.target
    right = "now" if reached and after.outcome() is None else ("end" if reached else "none")
    wins = [(k, t("wins." + k, lang)) for k in ("now", "end", "none")]
    questions = (
        _question("winning.target", "target", t("q.target", lang, players=2), Board(EMPTY, ""),
                  [(str(v), str(v)) for v in sorted({150, *targets.values()})], str(targets[2]),
                  t("explain.target", lang, two=targets[2], more=targets[3]), lang, subject="2"),
        _question("winning.now", "wins",
                  t("q.wins", lang, player=player, score=win.before.scores[player],
                    move=_move_label(win.move, lang), points=points, target=win.target),
                  board, wins, right,
                  t("explain.wins", lang, score=after.scores[player], target=win.target), lang,
                  subject=f"{win.move} {win.target}"),
    )
    body = t("lesson.winning.body", lang, two=targets[2], more=targets[3])
    return Lesson("winning", "12", t("lesson.winning.title", lang), body, (board,), questions)


def _cincos(lang: str) -> Lesson:
    target = CINCOS.default_target(2)
    start = next(p for p in (deal(CINCOS, 2, random.Random(seed)) for seed in range(SEARCH))
                 if sum(tile.is_double for h in range(2) for tile in p.hand(h)) >= 3)
    lead = start.legal_moves()[0].tile
    doubles = sorted({tile for h in range(2) for tile in start.hand(h) if tile.is_double}, reverse=True)
    non_double = max(tile for tile in start.hand(start.turn) if not tile.is_double)
    hands = "; ".join(t("hand_of", lang, player=p, tiles=_tiles(start.hand(p))) for p in range(2))
    lead_board = Board(EMPTY, t("board.cincos_deal", lang), None, start.hand(start.turn), start, CINCOS)
    out = find(CINCOS_TWO, lambda p: (e := p.outcome()) is not None and e.kind == "domino"
               and pip_total(p.hand(1 - (e.player or 0))) > 0)
    end = out.outcome()
    assert end is not None and end.player is not None
    other = 1 - end.player
    gain = out.hand_end_scores()[end.player]
    pips = pip_total(out.hand(other))
    out_board = Board(out.layout, t("board.cincos_out", lang, player=end.player), None, out.hand(other), out,
                      CINCOS)
    questions = (
        _question("cincos.lead", "lead", t("q.cincos_lead", lang, hands=hands), lead_board,
                  [(str(tile), str(tile)) for tile in (*doubles, non_double)], str(lead),
                  t("explain.cincos_lead", lang, tile=lead, player=start.turn), lang),
        _question("cincos.out", "settle",
                  t("q.cincos_out", lang, player=end.player, other=other, tiles=_tiles(out.hand(other))),
                  out_board, _numbers(gain, [-gain, pips], step=5, signed=True), str(gain),
                  t("explain.cincos_out", lang, pips=pips, value=gain), lang, subject=str(end.player)),
        _question("cincos.target", "target", t("q.target_cincos", lang), Board(EMPTY, "", rules=CINCOS),
                  [(str(v), str(v)) for v in sorted({target, 200, 250})],
                  str(target), t("explain.target_cincos", lang, target=target),
                  lang, subject="2"),
    )
    body = t("lesson.cincos.body", lang, size=CINCOS.hand_size(2), target=target)
    return Lesson("cincos", "cincos", t("lesson.cincos.title", lang), body, (lead_board, out_board),
                  questions)


BUILDERS: tuple[tuple[str, Callable[[str], Lesson]], ...] = (
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


@lru_cache(maxsize=8)
def lessons(lang: str = "en") -> tuple[Lesson, ...]:
    """Every lesson in teaching order, its text in `lang` (English where missing)."""
    return tuple(builder(lang) for _, builder in BUILDERS)


def lesson(lesson_id: str, lang: str = "en") -> Lesson:
    """One lesson by id; raises TrainerError naming the lessons there are."""
    for item in lessons(lang):
        if item.id == lesson_id:
            return item
    raise TrainerError(t("lesson.unknown", lang, id=lesson_id, ids=", ".join(LESSON_IDS)))


def questions(lang: str = "en") -> Sequence[Question]:
    """Every check question of every lesson."""
    return [q for item in lessons(lang) for q in item.questions]
