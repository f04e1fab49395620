"""Lessons: one per rule of rules.md, in teaching order, each a few short stages (one
idea, its boards, the questions that check it: five or more), answered by clicking.

Nothing is asked before it is taught: lessons 1 to 4 show lines only (no double on the
table, so no spinner) and no count; no board before the count lesson shows the count
or what an end adds (`Board.marks`); the count lesson says what the board's marks mean
where they first appear. Seats are shown from 1 (position codes number them from 0).

Every board is made by placing tiles with `Layout.place`, or is a position reached by
`Position.play` in a seeded hand of real play; every right answer is computed by the
engine (`Layout.count`, `points`, `open_ends`, `Position.legal_moves`, ...), never typed.
A lesson is a value built from a seed: another attempt (another seed) gives other
boards and another order of the choices. The boards that are rules.md's own worked
examples stay the same on every attempt: those examples are the point.

>>> [lesson.id for lesson in lessons()][:4]
['deal', 'matching', 'drawing', 'rounding']
>>> q = lesson("count").questions[0]
>>> wrong = next(c.value for c in q.choices if c.value != q.right)
>>> q.check(q.right).correct, q.check(wrong).correct
(True, False)
>>> lesson("matching", seed=1) != lesson("matching", seed=2)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Optional

from trainer.engine.game import Match, deal
from trainer.engine.layout import EMPTY, Layout
from trainer.engine.moves import SIDES, Move, Side
from trainer.engine.position import Position, size
from trainer.engine.rules import CINCOS, PARTNERS, STANDARD, RuleSet, round_to_five
from trainer.engine.tiles import ALL_TILES, Tile, pip_total
from trainer.errors import TrainerError
from trainer.i18n import t, tn
from trainer.play.players import RandomPlayer
from trainer.teach.drills import count_breakdown, misreadings, rounding_rule
from trainer.teach.quiz import (
    BLOCK,
    CINCOS_TWO,
    FOUR,
    PAIRS,
    SEARCH,
    STARS,
    TWO,
    Board,
    Choice,
    Lesson,
    Maker,
    Question,
    QuestionKind,
    Stage,
    _numbers,
    _pips,
    _side_choices,
    _sides_value,
    _tiles,
    answer_slot,
    build,
    move_label,
    passed,
    place_right,
    stars,
)

__all__ = [
    "BLOCK", "CINCOS_TWO", "FOUR", "PAIRS", "SEARCH", "STARS", "TWO", "Board", "Choice", "Lesson", "Maker",
    "Question", "QuestionKind", "Stage", "answer_slot", "build", "move_label", "passed", "place_right",
    "stars",
    "LESSON_IDS", "lesson", "lessons", "questions", "largest_caption", "points_reason", "COUNT_LESSON",
]


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


def line_only(p: Position) -> bool:
    """No double on the table yet: a line (lessons 1 to 4 show nothing else)."""
    return p.layout.spinner is None


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


def _hand_board(m: Maker, position: Position, rules: RuleSet = STANDARD, marks: bool = True) -> Board:
    return Board(position.layout, m.t("board.hand", player=m.seat(position.turn)), None,
                 position.hand(position.turn), position, rules, marks)


def _player_choices(m: Maker, seats: Sequence[int]) -> list[tuple[str, str]]:
    return [(str(p), m.t("choice.player", player=m.seat(p))) for p in seats]


# ----- 1. players, the deal and the lead -----
def _deal(m: Maker) -> Lesson:
    start = deal(STANDARD, 2, m.rng)
    lead = m.rng.choice([move for move in start.legal_moves() if not move.tile.is_double])  # no spinner yet
    after = start.play(lead)
    mover = start.turn
    caption = m.t("board.deal", size=STANDARD.hand_size(2), player=m.seat(mover), tile=lead.tile)
    board = Board(after.layout, caption, lead, after.hand(mover), after, marks=False)
    sizes = {n: STANDARD.hand_size(n) for n in (2, 3, 4)}
    players = m.rng.choice((3, 4))
    me = m.rng.randrange(4)
    partner = next(p for p in range(4) if p != me and PARTNERS.side_of(p) == PARTNERS.side_of(me))
    left = size(start.boneyard)
    counted = m.t(f"players.number.{players}")  # Macedonian counts people in words
    size_q = m.question("deal.size", "hand_size", m.t("q.hand_size", players=counted), Board(EMPTY, ""),
                        [(str(v), str(v)) for v in sorted(set(sizes.values()) | {6})], str(sizes[players]),
                        m.t("explain.hand_size", two=sizes[2], three=sizes[3], four=sizes[4]),
                        subject=str(players))
    boneyard_q = m.question("deal.boneyard", "boneyard", m.t("q.boneyard"), board,
                            _numbers(left, [28 - sizes[2]], step=2), str(left),
                            m.t("explain.boneyard", each=sizes[2], left=left))
    lead_rules = [(k, m.t("lead_rule." + k)) for k in ("any", "double", "highest", "scoring")]
    any_q = m.question("deal.lead_any", "lead_rule", m.t("q.lead_rule", player=m.seat(mover)), board,
                       lead_rules, "any", m.t("explain.lead_rule"))
    out_player = m.rng.randrange(players)
    next_choices = [(k, m.t("next_lead." + k, player=m.seat(out_player))) for k in
                    ("out", "random", "after", "fewest")]
    next_out = m.question("deal.next_out", "next_lead", m.t("q.next_lead_out", player=m.seat(out_player)),
                          Board(EMPTY, ""), next_choices, "out",
                          m.t("explain.next_lead_out", player=m.seat(out_player)), subject="out")
    next_blocked = m.question("deal.next_blocked", "next_lead", m.t("q.next_lead_blocked"), Board(EMPTY, ""),
                              [(k, m.t("next_lead." + k, player=m.seat(out_player))) for k in
                               ("random", "after", "fewest", "last")], "random",
                              m.t("explain.next_lead_blocked"), subject="blocked")
    partner_q = m.question("deal.partner", "partner", m.t("q.partner", player=m.seat(me)),
                           Board(EMPTY, "", rules=PARTNERS), _player_choices(m, [p for p in range(4)
                                                                                 if p != me]),
                           str(partner), m.t("explain.partner", player=m.seat(me), partner=m.seat(partner)),
                           subject=str(me))
    stages = (
        Stage(m.t("lesson.deal.stage1", two=sizes[2], three=sizes[3], four=sizes[4]), (), (size_q,
                                                                                           boneyard_q)),
        Stage(m.t("lesson.deal.stage2"), (), (any_q, next_out, next_blocked)),
        Stage(m.t("lesson.deal.stage3"), (), (partner_q,)),
    )
    return Lesson("deal", "1-3", m.t("lesson.deal.title"), m.t("lesson.deal.body"), stages)


# ----- 2. matching -----
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


def _legal_question(m: Maker, qid: str) -> Question:
    def one_playable(p: Position) -> bool:
        return (not p.is_over and 3 <= len(p.hand(p.turn)) <= 6 and line_only(p) and not p.layout.is_empty
                and len({mv.tile for mv in p.legal_moves()}) == 1)

    position = m.find(TWO, one_playable)
    hand = position.hand(position.turn)
    playable = position.legal_moves()[0].tile
    return m.question(qid, "legal_tile",
                      m.t("q.legal_tile", player=m.seat(position.turn), tiles=_tiles(hand)),
                      _hand_board(m, position, marks=False), [(str(tile), str(tile)) for tile in hand],
                      str(playable), m.t("explain.legal_tile", ends=_pips(position.layout), tile=playable))


def _matching(m: Maker) -> Lesson:
    line = _random_line(m.rng, 3)
    west, east = (e.pip for e in line.open_ends())
    board = Board(line, m.t("board.line", west=west, east=east), marks=False)
    on_table = set(line.tiles())
    free = [tile for tile in ALL_TILES if tile not in on_table]
    kinds = {
        "both": [tile for tile in free if tile.has(west) and tile.has(east)],
        "one": [tile for tile in free if tile.has(west) != tile.has(east)],
        "none": [tile for tile in free if not tile.has(west) and not tile.has(east)],
    }
    picked = [k for k, tiles in kinds.items() if tiles]
    while len(picked) < 3:
        picked.append("one")
    order = m.rng.sample(picked, len(picked))[:3]
    tiles: list[Tile] = []
    for kind in order:
        tiles.append(m.rng.choice([tile for tile in kinds[kind] if tile not in tiles]))
    fits = tuple(_fits_question(m, f"matching.fits{n}", board, tile) for n, tile in enumerate(tiles, start=1))
    stages = (
        Stage(m.t("lesson.matching.stage1"), (), fits),
        Stage(m.t("lesson.matching.stage2"), (), (_legal_question(m, "matching.legal"),
                                                   _legal_question(m, "matching.legal2"))),
    )
    return Lesson("matching", "4", m.t("lesson.matching.title"), m.t("lesson.matching.body"), stages)


# ----- 3. drawing, passing and the end of a hand -----
def _stopped_caption(m: Maker, position: Position) -> str:
    hands = "; ".join(m.t("hand_of", player=m.seat(p), tiles=_tiles(position.hand(p)) or "-")
                      for p in range(position.players))
    return m.t("board.stopped", left=size(position.boneyard), hands=hands)


def _action_question(m: Maker, qid: str, position: Position, explanation: str,
                     board: Optional[Board] = None) -> Question:
    actions = [(a, m.t("action." + a)) for a in ("play", "draw", "pass")]
    return m.question(qid, "action",
                      m.t("q.action", player=m.seat(position.turn), hand=_tiles(position.hand(position.turn)),
                          left=size(position.boneyard)),
                      board or _hand_board(m, position, marks=False), actions, _action(position), explanation)


def ends_board(m: Maker, position: Position) -> Board:
    """The mover's hand and the open ends in words, no board drawn (the table of a late
    position holds a spinner, taught later)."""
    return Board(EMPTY, m.t("board.ends_only", player=m.seat(position.turn), ends=_pips(position.layout)),
                 None,
                 position.hand(position.turn), position, marks=False)


def _drawing(m: Maker) -> Lesson:
    def draws_two(p: Position) -> bool:
        if not p.must_draw or not line_only(p) or p.layout.is_empty:
            return False
        after, count = _drawn(p)
        return count >= 2 and bool(after.legal_moves())

    must_draw = m.find(TWO, draws_two)
    drawn_to, count = _drawn(must_draw)
    boneyard = must_draw.boneyard
    assert isinstance(boneyard, tuple)
    shown = boneyard[:count + 2]
    fit = boneyard[count - 1]
    can_play = m.find(TWO, lambda p: not p.is_over and size(p.boneyard) > 0 and len(p.legal_moves()) == 1
                      and line_only(p) and not p.layout.is_empty)
    cannot = m.find(TWO, lambda p: p.must_draw and line_only(p) and not p.layout.is_empty)
    must_pass = m.find(FOUR, lambda p: p.must_pass and len(p.layout.open_ends()) == 2)
    stopped = m.find(FOUR, lambda p: (o := p.outcome()) is not None and o.kind == "domino")
    stopped_board = Board(EMPTY, _stopped_caption(m, stopped), None, (), stopped, marks=False)
    ends_kinds = [(k, m.t("hand_end." + k)) for k in ("domino", "blocked", "on")]
    outcome = stopped.outcome()
    assert outcome is not None and outcome.player is not None
    move = can_play.legal_moves()[0]
    blocked_choices = [(k, m.t("blocked_rule." + k)) for k in ("blocked", "draw", "again")]
    stages = (
        Stage(m.t("lesson.drawing.stage1"), (), (
            m.question("drawing.draws", "draws",
                       m.t("q.draws", player=m.seat(must_draw.turn),
                           hand=_tiles(must_draw.hand(must_draw.turn)),
                           tiles=_tiles(shown)),
                       _hand_board(m, must_draw, marks=False), _numbers(count, [count + 1, count - 1, 1]),
                       str(count), m.t("explain.draws", ends=_pips(must_draw.layout), count=count, tile=fit)),
            _action_question(m, "drawing.draw", cannot,
                             m.t("explain.action_draw", ends=_pips(cannot.layout))),
        )),
        Stage(m.t("lesson.drawing.stage2"), (), (
            _action_question(m, "drawing.play", can_play,
                             m.t("explain.action_play", move=move_label(move, m.lang))),
            _action_question(m, "drawing.pass", must_pass,
                             m.t("explain.action_pass", ends=_pips(must_pass.layout)), ends_board(m,
                                                                                                  must_pass)),
        )),
        Stage(m.t("lesson.drawing.stage3"), (), (
            m.question("drawing.stopped", "hand_end", m.t("q.hand_end"), stopped_board, ends_kinds,
                       outcome.kind, m.t("explain.dominoed", player=m.seat(outcome.player))),
            m.question("drawing.blocked", "blocked_rule", m.t("q.blocked_rule"), Board(EMPTY, ""),
                       blocked_choices,
                       "blocked", m.t("explain.blocked")),
        )),
    )
    return Lesson("drawing", "5-6", m.t("lesson.drawing.title"), m.t("lesson.drawing.body"), stages)


# ----- 4. the end of a hand: rounding -----
def _round_question(m: Maker, qid: str, position: Position, player: int) -> Question:
    hand = position.hand(player)
    pips = pip_total(hand)
    value = round_to_five(pips)
    low = pips // 5 * 5
    board = Board(EMPTY, m.t("board.left_with", player=m.seat(player)), None, hand, position, marks=False)
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

    found = [(f"rounding.{name}", m.find(TWO, rounds(over))) for name, over in
             (("up", (3, 4)), ("down", (1, 2)), ("exact", (0,)), ("up2", (3, 4)))]
    singles = [(qid, position, _loser(position)) for qid, position in found]
    order = m.rng.sample(singles, len(singles))
    pairs = m.find(PAIRS, lambda p: (e := p.outcome()) is not None and e.kind == "domino")
    went_out = pairs.outcome()
    assert went_out is not None and went_out.player is not None
    side = 1 - PARTNERS.side_of(went_out.player)
    change = pairs.hand_end_scores()[side]
    members = [p for p in range(4) if PARTNERS.side_of(p) == side]
    hands = "; ".join(m.t("hand_of", player=m.seat(p), tiles=_tiles(pairs.hand(p)) or "-") for p in members)
    pair_board = Board(EMPTY, m.t("board.partners_end"), None, (), pairs, PARTNERS, marks=False)
    remainders = " + ".join(str(round_to_five(pip_total(pairs.hand(p)))) for p in members)
    rounded = [_round_question(m, qid, position, player) for qid, position, player in order
               if player is not None]
    stages = (
        Stage(m.t("lesson.rounding.stage1", seven=round_to_five(7), eight=round_to_five(8)), (),
              tuple(rounded[:2])),
        Stage(m.t("lesson.rounding.stage2"), (), tuple(rounded[2:])),
        Stage(m.t("lesson.rounding.stage3"), (), (
            m.question("rounding.partners", "settle",
                       m.t("q.settle_partners", players=m.t("list.last", head=m.seat(members[0]),
                                                                last=m.seat(members[1])), hands=hands),
                       pair_board, _numbers(change, [-change], step=5, signed=True), str(change),
                       m.t("explain.settle_partners", remainders=remainders, change=change),
                       subject=str(side)),
        )),
    )
    return Lesson("rounding", "11", m.t("lesson.rounding.title"), m.t("lesson.rounding.body"), stages)


# ----- 5. doubles -----
def _part_question(m: Maker, qid: str, board: Board, side: Side) -> Question:
    value = dict(board.layout.count_parts())[side]
    arm = board.layout.arms[SIDES.index(side)]
    inner, outer = arm[-1]
    key = "explain.part_double" if inner == outer else "explain.part_single"
    return m.question(qid, "part", m.t("q.part", end=t("side." + side, m.lang)), board,
                      _numbers(value, [outer, 2 * outer, 0]), str(value),
                      m.t(key, tile=f"{inner}-{outer}", pip=outer, value=value), subject=side)


def _doubles(m: Maker) -> Lesson:
    first, end_pip, through_pip, last_pip, other_pip = m.rng.sample(range(1, 7), 5)
    at_end = build(f"{first}-{first}", f"{first}-{end_pip}@E", f"{end_pip}-{end_pip}@E")
    other_end = build(f"{first}-{first}", f"{first}-{other_pip}@W", f"{other_pip}-{other_pip}@W")
    through = build(f"{first}-{first}", f"{first}-{through_pip}@E", f"{through_pip}-{through_pip}@E",
                    f"{through_pip}-{last_pip}@E")
    crossed = f"{end_pip}-{end_pip}"
    covered = f"{through_pip}-{through_pip}"
    b1 = Board(at_end, m.t("board.double_at_end", tile=crossed), Move.parse(f"{crossed}@E"), marks=False)
    b2 = Board(through, m.t("board.double_inside", tile=covered), Move(Tile.of(through_pip, last_pip), "E"),
               marks=False)
    b3 = Board(other_end, m.t("board.double_at_end", tile=f"{other_pip}-{other_pip}"),
               Move.parse(f"{other_pip}-{other_pip}@W"), marks=False)
    double = Tile(end_pip, end_pip)
    singles = m.rng.sample([tl for tl in ALL_TILES if not tl.is_double], 3)
    which_q = m.question("doubles.which", "is_double", m.t("q.is_double"), Board(EMPTY, ""),
                         [(str(tl), str(tl)) for tl in sorted((double, *singles), reverse=True)], str(double),
                         m.t("explain.is_double", tile=double))
    lies_q = m.question("doubles.lies", "lies", m.t("q.lies"), b1,
                        [(k, m.t("lies." + k)) for k in ("across", "along", "upright")], "across",
                        m.t("explain.lies", tile=crossed))
    pip = m.rng.randrange(1, 7)
    halves = m.question("doubles.halves", "double_counts", m.t("q.double_counts", tile=f"{pip}-{pip}"),
                        Board(EMPTY, ""),
                        _numbers(2 * pip, [pip, 0]), str(2 * pip),
                        m.t("explain.double_counts", tile=f"{pip}-{pip}",
                            value=2 * pip), subject=f"{pip}-{pip}")
    stages = (
        Stage(m.t("lesson.doubles.stage1"), (), (which_q, lies_q, halves, _part_question(m, "doubles.end",
                                                                                         b1, "E"),
                                                  _part_question(m, "doubles.other", b3, "W"))),
        Stage(m.t("lesson.doubles.stage2"), (), (_part_question(m, "doubles.inside", b2, "E"),)),
    )
    return Lesson("doubles", "7", m.t("lesson.doubles.title"), m.t("lesson.doubles.body"), stages)


# ----- 6. the spinner -----
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
    return m.question("spinner.opens", "opens", m.t("q.opens"), _hand_board(m, position, marks=False),
                      [(str(mv), move_label(mv, m.lang)) for mv in moves], str(opener),
                      m.t("explain.opens", move=move_label(opener, m.lang), tile=f"{d}-{d}"))


def _which_spinner(m: Maker) -> Question:
    """A board of real play with two doubles or more on the table: which is the spinner?"""
    def two_doubles(p: Position) -> bool:
        return sum(tile.is_double for tile in p.layout.tiles()) >= 2 and _no_cross_arms(p)

    position = m.find(TWO, two_doubles)
    doubles = [tile for tile in position.layout.tiles() if tile.is_double]
    spinner = position.layout.spinner
    assert spinner is not None
    return m.question("spinner.which", "which_spinner", m.t("q.which_spinner"),
                      Board(position.layout, m.t("board.table"), None, (), position, marks=False),
                      [(str(tl), str(tl)) for tl in sorted(doubles, reverse=True)], f"{spinner}-{spinner}",
                      m.t("explain.which_spinner", tile=f"{spinner}-{spinner}"))


def _spinner(m: Maker) -> Lesson:
    line = build("5-1", "5-4@W")  # rules.md's worked example: the first double need not lead
    with_spinner = line.place(Tile(1, 1), "E")
    both_sides = with_spinner.place(Tile(3, 1), "E")
    second = Move.parse("3-3@E")
    after_second = both_sides.place(second.tile, second.side)
    spinner = str(Tile(1, 1))
    boards = (
        Board(line, m.t("board.before_spinner"), Move.parse("5-4@W"), marks=False),
        Board(with_spinner, m.t("board.spinner_new", tile=spinner), Move.parse("1-1@E"), marks=False),
        Board(both_sides, m.t("board.spinner_sides", tile=spinner), Move.parse("3-1@E"), marks=False),
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
                       m.t("explain.second_double", tile=second.tile, spinner=spinner),
                       subject=str(second)),
            _which_spinner(m),
        )),
    )
    return Lesson("spinner", "8", m.t("lesson.spinner.title"), m.t("lesson.spinner.body"), stages)


# ----- 7. the count -----
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


# ----- 8. scoring -----
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


# ----- 9. winning -----
@dataclass(frozen=True)
class _Win:
    before: Position
    move: Move
    target: int


def _winning_move(m: Maker, target: int, start: int) -> _Win:
    """The move that wins a seeded match to a small target, taken mid-hand."""
    for seed in range(start, start + SEARCH):
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


def _short_move(m: Maker, target: int) -> _Win:
    """A scoring move mid-match that leaves the mover short of the target."""
    def short(p: Position) -> bool:
        if p.is_over or p.layout.is_empty:
            return False
        scoring = [mv for mv in p.legal_moves() if p.points(mv) > 0]
        return bool(scoring) and p.scores[p.turn] + max(p.points(mv) for mv in scoring) < target
    position = m.find(TWO, short)
    move = max(position.legal_moves(), key=position.points)
    reached = position.scores[position.turn] + position.points(move)
    return _Win(position, move, reached + m.rng.choice((5, 10, 20)))


def _wins_question(m: Maker, qid: str, win: _Win) -> Question:
    points = win.before.points(win.move)
    player = win.before.turn
    board = Board(win.before.layout, m.t("board.match", target=win.target,
                                         scores=", ".join(map(str, win.before.scores))),
                  None, win.before.hand(player), win.before)
    after = win.before.play(win.move)
    reached = after.scores[after.rules.side_of(player)] >= win.target
    right = "now" if reached and after.outcome() is None else ("end" if reached else "none")
    wins = [(k, m.t("wins." + k)) for k in ("now", "end", "none")]
    key = "explain.wins" if reached else "explain.wins_not"
    return m.question(qid, "wins",
                      m.t("q.wins", player=m.seat(player), score=win.before.scores[player],
                          move=move_label(win.move, m.lang), points=points, target=win.target),
                      board, wins, right, m.t(key, score=after.scores[player], target=win.target),
                      subject=f"{win.move} {win.target}")


def _winning(m: Maker) -> Lesson:
    targets = {n: STANDARD.default_target(n) for n in (2, 3, 4)}
    first = _winning_move(m, m.rng.choice((25, 30, 35)), m.start)
    second = _winning_move(m, m.rng.choice((40, 45)), m.start + SEARCH)
    wins = [_wins_question(m, "winning.now", first), _wins_question(m, "winning.now2", second),
            _wins_question(m, "winning.short", _short_move(m, 250))]
    order = m.rng.sample(wins, len(wins))
    two = m.rng.choice((2, 3, 4))
    other = m.rng.choice([n for n in (2, 3, 4) if (n == 2) != (two == 2)])
    target_qs = tuple(
        m.question(qid, "target", m.t("q.target", players=m.t(f"players.number.{players}")), Board(EMPTY, ""),
                   [(str(v), str(v)) for v in sorted({150, *targets.values()})], str(targets[players]),
                   m.t("explain.target", two=targets[2], more=targets[3]), subject=str(players))
        for qid, players in (("winning.target", two), ("winning.target2", other)))
    stages = (
        Stage(m.t("lesson.winning.stage1", two=targets[2], more=targets[3]), (), target_qs),
        Stage(m.t("lesson.winning.stage2"), (), tuple(order)),
    )
    return Lesson("winning", "12", m.t("lesson.winning.title"), m.t("lesson.winning.body"), stages)


# ----- 10. cincos -----
def _cincos(m: Maker) -> Lesson:
    target = CINCOS.default_target(2)
    start = next(p for p in (deal(CINCOS, 2, random.Random(m.start + n)) for n in range(SEARCH))
                 if sum(tile.is_double for h in range(2) for tile in p.hand(h)) >= 3)
    lead = start.legal_moves()[0].tile
    doubles = sorted({tile for h in range(2) for tile in start.hand(h) if tile.is_double}, reverse=True)
    non_double = max(tile for tile in start.hand(start.turn) if not tile.is_double)
    hands = "; ".join(m.t("hand_of", player=m.seat(p), tiles=_tiles(start.hand(p))) for p in range(2))
    lead_board = Board(EMPTY, m.t("board.cincos_deal"), None, start.hand(start.turn), start, CINCOS)
    out = m.find(CINCOS_TWO, lambda p: (e := p.outcome()) is not None and e.kind == "domino"
                 and round_to_five(pip_total(p.hand(1 - (e.player or 0)))) > 0)
    end = out.outcome()
    assert end is not None and end.player is not None
    other = 1 - end.player
    gain = out.hand_end_scores()[end.player]
    pips = pip_total(out.hand(other))
    out_board = Board(out.layout, m.t("board.cincos_out", player=m.seat(end.player)), None,
                      out.hand(other), out,
                      CINCOS)
    lost = m.question("cincos.cost", "cincos_cost", m.t("q.cincos_cost", tiles=_tiles(out.hand(other))),
                      out_board, _numbers(0, [-round_to_five(pips), -pips, -gain], step=5, signed=True), "0",
                      m.t("explain.cincos_cost", gain=gain), subject=str(other))
    blocked_choices = [(k, m.t("cincos_blocked." + k)) for k in ("lowest", "nobody", "each", "last")]
    stages = (
        Stage(m.t("lesson.cincos.stage1", size=CINCOS.hand_size(2)), (), (
            m.question("cincos.lead", "lead", m.t("q.cincos_lead", hands=hands), lead_board,
                       [(str(tile), str(tile)) for tile in (*doubles, non_double)], str(lead),
                       m.t("explain.cincos_lead", tile=lead, player=m.seat(start.turn))),
        )),
        Stage(m.t("lesson.cincos.stage2"), (), (
            m.question("cincos.out", "settle",
                       m.t("q.cincos_out", player=m.seat(end.player), other=m.seat(other),
                           tiles=_tiles(out.hand(other))),
                       out_board, _numbers(gain, [-gain, pips], step=5, signed=True), str(gain),
                       m.t("explain.cincos_out", pips=pips, value=gain), subject=str(end.player)),
            lost,
            m.question("cincos.blocked", "cincos_blocked", m.t("q.cincos_blocked"), Board(EMPTY, "",
                                                                                          rules=CINCOS),
                       blocked_choices, "lowest", m.t("explain.cincos_blocked")),
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
    ("rounding", _rounding),
    ("doubles", _doubles),
    ("spinner", _spinner),
    ("count", _count),
    ("scoring", _scoring),
    ("winning", _winning),
    ("cincos", _cincos),
)
LESSON_IDS: tuple[str, ...] = tuple(lesson_id for lesson_id, _ in BUILDERS)
COUNT_LESSON = LESSON_IDS.index("count")  # boards before it show no count and no end values


@lru_cache(maxsize=1024)
def _built(lesson_id: str, lang: str, seed: int) -> Lesson:
    index = LESSON_IDS.index(lesson_id)
    made = BUILDERS[index][1](Maker(lang, seed, index))
    return Lesson(made.id, made.rule, made.title, made.body, made.stages, seed)


def lesson_title(lesson_id: str, lang: str = "en") -> str:
    """A lesson's title, without building it."""
    return t(f"lesson.{lesson_id}.title", lang)


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
