"""The strategy course: fourteen lessons after the rules, on the principles club players
teach (docs/course.md says which lesson teaches each).

Two kinds of question:

- exact questions, worked out from the board by the engine (what a lead allows in
  reply, what a tile on an end adds, which tile answers a score, how many tiles of a
  suit are out of sight, what a claim settles...);
- "which move is best?" on positions the solver proves from what the player to move
  can know (`trainer.teach.proven`), three per lesson, with 3 or 4 real choices and an
  explanation drawn from the solved lines (`trainer.teach.bestmove`). Which kind of
  move wins is the solver's: a lesson mixes them, no kind more than two thirds of its
  questions.

A question's board is never one an earlier question of the lesson explained, and no
position appears twice in an attempt of the whole course.

>>> [item.id for item in strategy_lessons()][:4]
['leads', 'ends', 'answers', 'setups']
>>> q = strategy_lesson("setups").questions[1]
>>> q.kind, q.check(q.right).correct
('best_move', True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Optional

from trainer.engine import muggins as muggins_rule
from trainer.engine.game import deal
from trainer.engine.layout import EMPTY, Layout
from trainer.engine.moves import SIDES, Move, Side
from trainer.engine.position import Position, size
from trainer.engine.rules import STANDARD, round_to_five
from trainer.engine.tiles import ALL_TILES, Tile, pip_total
from trainer.errors import TrainerError
from trainer.i18n import percent, t
from trainer.teach.bestmove import QUESTIONS, best_question, pick, seat_word
from trainer.teach.bestmove import signed as signed  # the worked hands' figures
from trainer.teach.drills import Table, count_breakdown, played_hand
from trainer.teach.idea_share import MEASURED, share
from trainer.teach.lessons import LESSON_IDS
from trainer.teach.proven import bank
from trainer.teach.quiz import (
    CINCOS_TWO,
    FOUR,
    PAIRS,
    TWO,
    Board,
    Lesson,
    Maker,
    Question,
    Stage,
    _numbers,
    move_label,
)

SCORING_LEADS: tuple[Tile, ...] = tuple(tile for tile in ALL_TILES if tile.pips in (5, 10))
ANSWER_TILES: tuple[Tile, ...] = (Tile(0, 0), Tile(5, 0), Tile(5, 5), Tile(6, 1))  # change an end by 0 or 5


def _lesson(m: Maker, lesson_id: str, stages: tuple[Stage, ...]) -> Lesson:
    return Lesson(lesson_id, "strategy", m.t(f"strategy.{lesson_id}.title"),
                  m.t(f"strategy.{lesson_id}.body"),
                  stages)


def _hand_board(m: Maker, position: Position, key: str = "board.you") -> Board:
    return Board(position.layout, m.t(key, player=m.seat(position.turn)), None, position.hand(position.turn),
                 position, position.rules)


def _known_board(m: Maker, position: Position) -> Board:
    """Two players, the boneyard empty: the mover's hand, and the opponent's tiles named."""
    other = position.hand(1 - position.turn)
    return Board(position.layout, m.tn("board.known", len(other), player=m.seat(position.turn),
                                       tiles=", ".join(map(str, other))),
                 None, position.hand(position.turn), position)


def _banked(m: Maker, topic: str, test: Callable[[Position], bool]) -> Position:
    """A position for an exact question: one of the topic's banked positions with every
    tile known (real play too) that passes `test` and was not asked yet, else one of
    this lesson's hands of real play."""
    known = [e for e in bank(topic) if e.exact and e.code not in m.used and test(e.position)]
    if known:
        entry = m.rng.choice(known)
        m.used.add(entry.code)
        return entry.position
    return m.find(TWO, test)


def _best_questions(m: Maker, topic: str, prefix: str) -> list[Question]:
    """The lesson's three best-move questions, from its topic's proven positions. Before
    the lesson on reading draws and passes, none where a player has shown he lacks a
    suit: that is read only once it is taught."""
    entries = bank(topic)
    if _before(prefix, "reading"):
        entries = tuple(e for e in entries if not e.voids_map())
    chosen = pick(m.rng, entries, QUESTIONS, avoid=m.used)
    return [best_question(m, f"{prefix}.best{n}", entry) for n, entry in enumerate(chosen, start=1)]


def _before(lesson_id: str, later: str) -> bool:
    """Whether the lesson comes before `later` in the course."""
    order = [name for name, _ in BUILDERS]
    return lesson_id in order and order.index(lesson_id) < order.index(later)


def _with_best(m: Maker, lesson_id: str, topic: str, first: Question) -> Lesson:
    """A lesson of an exact question and the topic's three best-move questions."""
    best = _best_questions(m, topic, lesson_id)
    second = m.t(f"strategy.{lesson_id}.stage2")
    if topic in MEASURED:  # how often the lesson's idea holds in real play, measured
        found = share(topic)
        rest = found.positions - found.idea_best
        second += "\n\n" + m.t(f"strategy.share.{topic}", n=found.positions, k=found.idea_best, rest=rest,
                                 percent=percent(found.percent, m.lang))
    stages = (
        Stage(m.t(f"strategy.{lesson_id}.stage1"), (), (first, best[0])),
        Stage(second, (), tuple(best[1:])),
    )
    return _lesson(m, lesson_id, stages)


# ----- 1. leads -----
def lead_reply(lead: Tile, held: Sequence[Tile] = ()) -> tuple[int, Optional[Move]]:
    """The most a reply to `lead` can score, over every tile not led and not `held`,
    and a reply that scores it (None when no reply scores).

    >>> lead_reply(Tile(3, 2)), lead_reply(Tile(6, 4))
    ((0, None), (5, Move.parse('6-1@W')))
    """
    layout = EMPTY.place(lead, None)
    best: tuple[int, Optional[Move]] = (0, None)
    for tile in ALL_TILES:
        if tile == lead or tile in held:
            continue
        for end in layout.open_ends():
            if tile.has(end.pip):
                points = layout.place(tile, end.side).points()
                if points > best[0]:
                    best = (points, Move(tile, end.side))
    return best


def _leads(m: Maker) -> Lesson:
    def one_scoring_lead(p: Position) -> bool:
        return sum(tile in SCORING_LEADS for tile in p.hand(p.turn)) == 1

    start = next(p for p in (deal(STANDARD, 2, random.Random(m.start + n)) for n in range(2000))
                 if one_scoring_lead(p))
    hand = start.hand(start.turn)
    scoring = next(tile for tile in hand if tile in SCORING_LEADS)
    others = m.rng.sample([tile for tile in hand if tile not in SCORING_LEADS], 3)
    lead_board = Board(EMPTY, m.t("board.your_deal", player=m.seat(start.turn)), None, hand, start)
    asked = m.rng.choice([tile for tile in ALL_TILES if tile.pips >= 4 and tile != scoring])
    asked_layout = EMPTY.place(asked, None)
    points = asked_layout.points()
    led = m.rng.choice([tile for tile in SCORING_LEADS if lead_reply(tile)[0] > 0 and tile != asked])
    most, reply = lead_reply(led)
    assert reply is not None
    after = EMPTY.place(led, None).place(reply.tile, reply.side)
    safe = min(SCORING_LEADS, key=lambda tile: lead_reply(tile)[0])
    offered = [safe, *m.rng.sample([tile for tile in SCORING_LEADS if tile != safe], 3)]
    each = m.t("list.separator").join(m.t("strategy.allows", tile=tile, points=lead_reply(tile)[0])
                                      for tile in sorted(offered, reverse=True))
    stages = (
        Stage(m.t("strategy.leads.stage1"), (), (
            m.question("leads.which", "lead_points", m.t("q.lead_points"), lead_board,
                       [(str(tile), str(tile)) for tile in sorted((scoring, *others), reverse=True)],
                       str(scoring), m.t("explain.lead_points", tile=scoring, points=scoring.pips)),
            m.question("leads.points", "points", m.t("q.lead_score", tile=asked),
                       Board(asked_layout, m.t("board.lead"), Move(asked)),
                       _numbers(points, [0, 5, 10, asked.pips // 5 * 5], step=5), str(points),
                       m.t("explain.lead_score", tile=asked, pips=asked.pips, points=points),
                       count_breakdown(asked_layout, m.lang)),
        )),
        Stage(m.t("strategy.leads.stage2"), (), (
            m.question("leads.reply", "lead_reply", m.t("q.lead_reply", tile=led),
                       Board(EMPTY.place(led, None), m.t("board.lead"), Move(led)),
                       _numbers(most, [0, 5, 10, 15], step=5), str(most),
                       m.t("explain.lead_reply", tile=led, reply=move_label(reply, m.lang),
                           count=after.count(),
                           points=most), subject=str(led)),
            m.question("leads.safe", "safe_lead", m.t("q.safe_lead"), Board(EMPTY, ""),
                       [(str(tile), str(tile)) for tile in sorted(offered, reverse=True)], str(safe),
                       m.t("explain.safe_lead", tile=safe, each=each)),
        )),
    )
    return _lesson(m, "leads", stages)


# ----- 2. what a tile adds: the new end less the old one -----
def end_value(layout: Layout, side: Side) -> int:
    """What the end `side` adds to the count (0 when it adds nothing)."""
    return dict(layout.count_parts()).get(side, 0)


def plain_move(layout: Layout, move: Move) -> bool:
    """A move onto an end that holds a tile (a line of two tiles or more, or an arm with
    a tile), not a first double: the count changes by the new end less the old one and
    nothing else."""
    if move.side is None:
        return False
    if layout.spinner is None:
        return len(layout.line) >= 2 and not move.tile.is_double
    return bool(layout.arms[SIDES.index(move.side)])


def _plain_moves(position: Position) -> list[Move]:
    return [move for move in position.legal_moves() if plain_move(position.layout, move)]


def new_end(layout: Layout, move: Move) -> int:
    """What the end `move` makes adds to the count (a first double made the spinner:
    what the spinner counts)."""
    assert move.side is not None
    return layout.place(move.tile, move.side).count() - layout.count() + end_value(layout, move.side)


def change_words(m: Maker, layout: Layout, move: Move) -> str:
    """`15 − 4 + 1 = 12`: the count, less the old end, plus the new one."""
    assert move.side is not None
    after = layout.place(move.tile, move.side)
    return m.t("strategy.change", count=layout.count(), old=end_value(layout, move.side),
               new=new_end(layout, move), after=after.count())


def _ends(m: Maker) -> Lesson:
    def plain(p: Position) -> bool:
        return (not p.is_over and not p.layout.is_empty and len(p.layout) >= 3
                and any(not mv.tile.is_double for mv in _plain_moves(p)))

    first = m.find(TWO, plain)
    move = m.rng.choice([mv for mv in _plain_moves(first) if not mv.tile.is_double])
    assert move.side is not None
    after = first.layout.place(move.tile, move.side)
    old, new = end_value(first.layout, move.side), new_end(first.layout, move)
    count_q = m.question("ends.after", "count_after",
                         m.t("q.count_after", count=first.layout.count(), move=move_label(move, m.lang)),
                         _hand_board(m, first),
                         _numbers(after.count(), [first.layout.count(), first.layout.count() + new,
                                                  first.layout.count() - old]),
                         str(after.count()),
                         m.t("explain.count_after", move=move_label(move, m.lang), old=old, new=new,
                             change=change_words(m, first.layout, move)),
                         subject=str(move))

    def one_scores(p: Position) -> bool:
        moves = _plain_moves(p)
        return len(moves) >= 3 and sum(p.points(mv) > 0 for mv in moves) == 1 and len(moves) == len(
            p.legal_moves()) and len(moves) <= 4

    second = m.find(TWO, one_scores)
    moves = _plain_moves(second)
    scorer = next(mv for mv in moves if second.points(mv) > 0)
    each = " ".join(m.t("strategy.move_change", move=move_label(mv, m.lang),
                        change=change_words(m, second.layout, mv)) for mv in moves)
    scores_q = m.question("ends.scores", "scoring_move", m.t("q.scoring_move_count",
                                                             count=second.layout.count()),
                          _hand_board(m, second), [(str(mv), move_label(mv, m.lang)) for mv in moves],
                          str(scorer), each)

    def double_end(p: Position) -> bool:
        layout = p.layout
        return not p.is_over and layout.spinner is not None and any(
            arm and arm[-1][0] == arm[-1][1] for arm in layout.arms)

    third = m.find(TWO, double_end)
    layout = third.layout
    side = m.rng.choice([s for s, arm in zip(SIDES, layout.arms) if arm and arm[-1][0] == arm[-1][1]])
    pip = layout.arms[SIDES.index(side)][-1][1]
    on_table = set(layout.tiles())
    tile = m.rng.choice([tl for tl in ALL_TILES if tl.has(pip) and not tl.is_double and tl not in on_table]
                        or [tl for tl in ALL_TILES if tl.has(pip) and not tl.is_double])
    placed = layout.place(tile, side)
    other = tile.low if tile.high == pip else tile.high
    double_q = m.question("ends.double", "count_after",
                          m.t("q.on_double", end=t("side." + side, m.lang), double=f"{pip}-{pip}",
                              value=2 * pip, tile=tile, count=layout.count()),
                          Board(layout, m.t("board.table"), None, (), third),
                          _numbers(placed.count(), [layout.count() - pip + other, layout.count() + other,
                                                    layout.count()]),
                          str(placed.count()),
                          m.t("explain.on_double", double=f"{pip}-{pip}", value=2 * pip, new=other,
                              change=m.t("strategy.change", count=layout.count(), old=2 * pip, new=other,
                                         after=placed.count())),
                          subject=f"{tile}@{side}")
    stages = (
        Stage(m.t("strategy.ends.stage1"), (), (count_q, scores_q)),
        Stage(m.t("strategy.ends.stage2"), (), (double_q,)),
    )
    return _lesson(m, "ends", stages)


# ----- 3. answering a score -----
def answers_score(layout: Layout, tile: Tile, side: Side) -> bool:
    """Whether `tile` on `side` scores."""
    return layout.place(tile, side).points() > 0


def _answers(m: Maker) -> Lesson:
    def after_score(p: Position) -> bool:
        layout = p.layout
        if p.is_over or layout.points() == 0 or len(layout) < 3:
            return False
        return any(_answer_choices(layout, e.side) for e in layout.open_ends())

    first = m.find(TWO, after_score)
    layout = first.layout
    sides = [e.side for e in layout.open_ends() if _answer_choices(layout, e.side)]
    side = m.rng.choice(sides)
    made = _answer_choices(layout, side)
    assert made is not None
    right, wrong = made
    pip = dict((e.side, e.pip) for e in layout.open_ends())[side]
    picked = [right, *m.rng.sample(wrong, min(3, len(wrong)))]
    tile_q = m.question("answers.tile", "answer_tile",
                        m.t("q.answer_tile", count=layout.count(), end=t("side." + side, m.lang), pip=pip),
                        Board(layout, m.t("board.just_scored", points=layout.points()), None, (), first),
                        [(str(tl), str(tl)) for tl in sorted(picked, reverse=True)], str(right),
                        m.t("explain.answer_tile", tile=right,
                            change=change_words(m, layout, Move(right, side))),
                        subject=f"{right}@{side}")
    always = m.rng.choice(ANSWER_TILES)
    not_always = [tl for tl in ALL_TILES if tl not in ANSWER_TILES and not tl.is_double]
    rule_q = m.question("answers.always", "answer_rule", m.t("q.answer_rule"), Board(EMPTY, ""),
                        [(str(tl), str(tl)) for tl in sorted([always, *m.rng.sample(not_always, 3)],
                                                             reverse=True)],
                        str(always), m.t("explain.answer_rule", tile=always))

    def fresh_double(p: Position) -> bool:
        layout = p.layout
        return (not p.is_over and layout.spinner is not None
                and any(arm and arm[-1][0] == arm[-1][1] and _double_choices(layout, s)
                        for s, arm in zip(SIDES, layout.arms)))

    second = m.find(TWO, fresh_double)
    layout2 = second.layout
    side2 = m.rng.choice([s for s, arm in zip(SIDES, layout2.arms)
                          if arm and arm[-1][0] == arm[-1][1] and _double_choices(layout2, s)])
    made2 = _double_choices(layout2, side2)
    assert made2 is not None
    right2, wrong2 = made2
    double = layout2.arms[SIDES.index(side2)][-1][1]
    picked2 = [right2, *m.rng.sample(wrong2, min(3, len(wrong2)))]
    double_q = m.question("answers.double", "answer_tile",
                          m.t("q.answer_double", end=t("side." + side2, m.lang), double=f"{double}-{double}",
                              count=layout2.count()),
                          Board(layout2, m.t("board.table"), None, (), second),
                          [(str(tl), str(tl)) for tl in sorted(picked2, reverse=True)], str(right2),
                          m.t("explain.answer_double", tile=right2, double=f"{double}-{double}",
                              value=2 * double,
                              change=change_words(m, layout2, Move(right2, side2))),
                          subject=f"{right2}@{side2}")
    stages = (
        Stage(m.t("strategy.answers.stage1"), (), (rule_q, tile_q)),
        Stage(m.t("strategy.answers.stage2"), (), (double_q,)),
    )
    return _lesson(m, "answers", stages)


def _candidates(layout: Layout, side: Side) -> list[Tile]:
    pip = dict((e.side, e.pip) for e in layout.open_ends())[side]
    on_table = set(layout.tiles())
    return [tile for tile in ALL_TILES if tile.has(pip) and tile not in on_table]


def _answer_choices(layout: Layout, side: Side) -> Optional[tuple[Tile, list[Tile]]]:
    """On a plain end after a score: one of ANSWER_TILES that scores there, and tiles
    that fit there and do not score (None when there are too few)."""
    if layout.spinner is not None and not layout.arms[SIDES.index(side)]:
        return None
    if layout.spinner is None and len(layout.line) < 2:
        return None
    arm_end = _last(layout, side)
    if arm_end is not None and arm_end[0] == arm_end[1]:
        return None
    fitting = _candidates(layout, side)
    scoring = [tile for tile in fitting if tile in ANSWER_TILES and answers_score(layout, tile, side)]
    quiet = [tile for tile in fitting if not answers_score(layout, tile, side)]
    if not scoring or len(quiet) < 2:
        return None
    return scoring[0], quiet


def _double_choices(layout: Layout, side: Side) -> Optional[tuple[Tile, list[Tile]]]:
    fitting = [tile for tile in _candidates(layout, side) if not tile.is_double]
    scoring = [tile for tile in fitting if answers_score(layout, tile, side)]
    quiet = [tile for tile in fitting if not answers_score(layout, tile, side)]
    if len(scoring) != 1 or len(quiet) < 2:
        return None
    return scoring[0], quiet


def _last(layout: Layout, side: Side) -> Optional[tuple[int, int]]:
    if layout.spinner is None:
        if not layout.line:
            return None
        return layout.line[0][::-1] if side == "W" else layout.line[-1]
    arm = layout.arms[SIDES.index(side)]
    return arm[-1] if arm else None


# ----- 4-6. set-ups, defending the count, counting -----
def _setups(m: Maker) -> Lesson:
    def grab_choice(p: Position) -> bool:
        moves = p.legal_moves()
        points = [p.points(mv) for mv in moves]
        return 3 <= len(moves) <= 4 and max(points) > 0 and points.count(max(points)) == 1
    position = m.find(TWO, grab_choice)
    moves = position.legal_moves()
    grab = max(moves, key=position.points)
    after = position.layout.place(grab.tile, grab.side)
    first = m.question("setups.most", "scoring_move", m.t("q.scores_most"), _hand_board(m, position),
                       [(str(mv), move_label(mv, m.lang)) for mv in moves], str(grab),
                       m.t("explain.scoring_move", move=move_label(grab, m.lang), count=after.count(),
                           points=after.points()), count_breakdown(after, m.lang))
    return _with_best(m, "setups", "setups", first)


def _defence(m: Maker) -> Lesson:
    def known_reply(p: Position) -> bool:
        return not p.is_over and p.boneyard == () and len(p.legal_moves()) >= 2 and p.players == 2
    position = _banked(m, "defence", known_reply)
    move = m.rng.choice(position.legal_moves())
    after = position.play(move)
    reply = 0 if after.is_over else max((after.points(r) for r in after.legal_moves()), default=0)
    replies = [r for r in ([] if after.is_over else after.legal_moves()) if after.points(r) == reply]
    said = (m.t("explain.reply_move", reply=move_label(replies[0], m.lang), points=reply) if reply
            else m.t("explain.reply_none"))
    first = m.question("defence.reply", "reply",
                       m.t("q.reply", move=move_label(move, m.lang)),
                       _known_board(m, position),
                       _numbers(reply, [0, 5, 10], step=5), str(reply),
                       m.t("explain.reply", move=move_label(move, m.lang), said=said), subject=str(move))
    return _with_best(m, "defence", "defence", first)


def _seen_of(position: Position, suit: int) -> set[Tile]:
    return {tile for tile in (*position.layout.tiles(), *position.hand(position.turn)) if tile.has(suit)}


def _counting(m: Maker) -> Lesson:
    position = m.find(TWO, lambda p: not p.is_over and len(p.layout) >= 4 and p.boneyard != ())
    suit = m.rng.choice([end.pip for end in position.layout.open_ends()])
    seen = _seen_of(position, suit)
    unseen = 7 - len(seen)
    board = _hand_board(m, position)
    unseen_q = m.question("counting.unseen", "unseen", m.t("q.unseen", suit=suit), board,
                          _numbers(unseen, [7 - len([t for t in position.layout.tiles() if t.has(suit)])]),
                          str(unseen), m.t("explain.unseen", suit=suit, seen=len(seen), unseen=unseen),
                          subject=str(suit))

    def one_dead_end(p: Position) -> bool:
        if p.is_over or len(p.layout) < 5:
            return False
        ends = p.layout.open_ends()
        dead = {e.pip for e in ends if len(_seen_of(p, e.pip)) == 7}
        return len(dead) == 1 and len({e.pip for e in ends}) >= 3
    second = m.find(TWO, one_dead_end)
    ends = second.layout.open_ends()
    dead_pip = next(e.pip for e in ends if len(_seen_of(second, e.pip)) == 7)
    dead = ",".join(s for s in SIDES if s in {e.side for e in ends if e.pip == dead_pip})
    sides = [",".join(s for s in SIDES if s in {e.side for e in ends if e.pip == pip})
             for pip in sorted({e.pip for e in ends})]
    on_table = len([tl for tl in second.layout.tiles() if tl.has(dead_pip)])
    dead_q = m.question("counting.dead", "dead_end", m.t("q.dead_end"), _hand_board(m, second),
                        [(v, m.t("list.separator").join(t("end." + s, m.lang) for s in v.split(",")))
                         for v in sides], dead,
                        m.t("explain.dead_end", suit=dead_pip, table=on_table, hand=7 - on_table),
                        subject=str(dead_pip))

    def two_players_more_tiles(p: Position) -> bool:
        return not p.is_over and len(p.layout) >= 3 and size(p.boneyard) > 0 and len(p.hand(1 - p.turn)) >= 2
    third = m.find(TWO, two_players_more_tiles)
    suit3 = m.rng.choice(range(7))
    unseen3 = 7 - len(_seen_of(third, suit3))
    held = len(third.hand(1 - third.turn))
    most = min(unseen3, held)
    most_q = m.question("counting.most", "most_suit",
                        m.t("q.most_suit", suit=suit3, held=held, bone=size(third.boneyard)),
                        _hand_board(m, third), _numbers(most, [unseen3, held, 7 - unseen3]), str(most),
                        m.t("explain.most_suit", suit=suit3, unseen=unseen3, held=held, most=most),
                        subject=str(suit3))
    stages = (
        Stage(m.t("strategy.counting.stage1"), (), (unseen_q, dead_q)),
        Stage(m.t("strategy.counting.stage2"), (), (most_q,)),
    )
    return _lesson(m, "counting", stages)


# ----- 7-9. shedding, the spinner, blocking -----
def _shedding(m: Maker) -> Lesson:
    position = m.find(TWO, lambda p: not p.is_over and 2 <= len(p.hand(p.turn)) <= 6 and len(p.layout) >= 4)
    hand = position.hand(position.turn)
    pips = pip_total(hand)
    cost = round_to_five(pips)
    terms = " + ".join(f"{tile} ({tile.pips})" for tile in hand)
    first = m.question("shedding.cost", "cost", m.t("q.cost"), _hand_board(m, position),
                       _numbers(cost, [pips, pips // 5 * 5 + 5], step=5), str(cost),
                       m.t("explain.cost", equation=f"{terms} = {pips}", cost=cost),
                       subject=str(position.turn))
    return _with_best(m, "shedding", "shedding", first)


def _spinner_play(m: Maker) -> Lesson:
    def one_opener(p: Position) -> bool:
        layout = p.layout
        if p.is_over or layout.spinner is None or layout.arms_open or len(p.legal_moves()) < 2:
            return False
        return len({mv for mv in p.legal_moves() if layout.place(mv.tile, mv.side).arms_open}) == 1
    position = m.find(TWO, one_opener)
    moves = position.legal_moves()
    opener = next(mv for mv in moves if position.layout.place(mv.tile, mv.side).arms_open)
    d = position.layout.spinner
    first = m.question("spinner_play.opens", "opens", m.t("q.opens"), _hand_board(m, position),
                       [(str(mv), move_label(mv, m.lang)) for mv in moves], str(opener),
                       m.t("explain.opens", move=move_label(opener, m.lang), tile=f"{d}-{d}"))
    return _with_best(m, "spinner_play", "spinner", first)


def _blocking(m: Maker) -> Lesson:
    def one_blocker(p: Position) -> bool:
        if p.is_over or p.boneyard != () or p.players != 2:
            return False
        moves = p.legal_moves()
        blocking = [mv for mv in moves if (e := p.play(mv).outcome()) is not None and e.kind == "blocked"]
        return len(blocking) == 1 and len(moves) >= 2
    position = _banked(m, "blocking", one_blocker)
    moves = position.legal_moves()
    blocker = next(mv for mv in moves if (e := position.play(mv).outcome()) is not None
                   and e.kind == "blocked")
    after = position.play(blocker)
    lost = m.t("list.separator").join(
        m.t("strategy.loses", who=seat_word(position, p, m.lang), pips=pip_total(after.hand(p)),
            value=round_to_five(pip_total(after.hand(p)))) for p in range(after.players))
    first = m.question("blocking.which", "blocks", m.t("q.blocks"),
                       _known_board(m, position),
                       [(str(mv), move_label(mv, m.lang)) for mv in moves], str(blocker),
                       m.t("explain.blocks", move=move_label(blocker, m.lang), lost=lost))
    return _with_best(m, "blocking", "blocking", first)


# ----- 10. reading draws and passes -----
def _voids(table: Table, seed: int, kind: str) -> list[tuple[Position, int, frozenset[int], Position]]:
    """(position, player, suits, table then) where `player` has just drawn (`kind`
    "draw") or passed ("pass") at the open ends `suits` of the table then, and the
    position is the table right after."""
    steps = played_hand(table, seed)
    found = []
    for before, after in zip(steps, steps[1:]):
        table_then = before.after
        waiting = table_then.turn
        ends = frozenset(end.pip for end in table_then.layout.open_ends())
        if kind == "draw" and after.before.turn == waiting and \
                len(after.before.hand(waiting)) > len(table_then.hand(waiting)):
            found.append((after.after, waiting, ends, table_then))
        if kind == "pass" and after.before.turn != waiting and table_then.boneyard == ():
            found.append((table_then, waiting, ends, table_then))
    return found


def _read(m: Maker, table: Table, kind: str) -> tuple[Position, int, frozenset[int], int, Position]:
    for seed in range(m.start, m.start + 2000):
        for position, player, suits, then in _voids(table, seed, kind):
            viewer = (player + 1) % position.players
            visible = {*position.layout.tiles(), *position.hand(viewer)}
            hidden = [tile for tile in ALL_TILES if tile not in visible]
            lacking = [tile for tile in hidden if any(tile.has(s) for s in suits)]
            maybe = [tile for tile in hidden if not any(tile.has(s) for s in suits)]
            if position.code() in m.used or then.code() in m.used or not lacking or len(maybe) < 3 \
                    or position.is_over:
                continue
            m.used.update((position.code(), then.code()))
            return position, player, suits, viewer, then
    raise RuntimeError("no draw or pass found")  # pragma: no cover


def _lacks_question(m: Maker, qid: str, table: Table, kind: str) -> Question:
    position, player, suits, viewer, _ = _read(m, table, kind)
    visible = {*position.layout.tiles(), *position.hand(viewer)}
    hidden = [tile for tile in ALL_TILES if tile not in visible]
    right = m.rng.choice([tile for tile in hidden if any(tile.has(s) for s in suits)])
    maybe = [tile for tile in hidden if not any(tile.has(s) for s in suits)]
    choices = sorted((right, *m.rng.sample(maybe, 3)), reverse=True)
    ends = ", ".join(map(str, sorted(suits)))
    key = "board.after_draw" if kind == "draw" else "board.after_pass"
    board = Board(position.layout, m.t(key, player=m.seat(player), ends=ends, viewer=m.seat(viewer)), None,
                  position.hand(viewer), position, position.rules)
    return m.question(qid, "lacks", m.t("q.lacks", player=m.seat(player)), board,
                      [(str(tile), str(tile)) for tile in choices], str(right),
                      m.t("explain.lacks_" + kind, player=m.seat(player), ends=ends, tile=right),
                      subject=f"{player} {','.join(map(str, sorted(suits)))}")


def _suit_question(m: Maker) -> Question:
    """The table on which a player drew: which number can he not hold? (one of its
    open ends; the learner reads them off the board)."""
    position, player, suits, viewer, then = _read(m, TWO, "draw")
    right = m.rng.choice(sorted(suits))
    others = m.rng.sample([s for s in range(7) if s not in suits], 3)
    ends = ", ".join(map(str, sorted(suits)))
    board = Board(then.layout, m.t("board.drew_here"), None, then.hand(viewer), then)
    return m.question("reading.suit", "lacks_suit", m.t("q.lacks_suit"), board,
                      [(str(s), str(s)) for s in sorted((right, *others))], str(right),
                      m.t("explain.lacks_suit", ends=ends, suit=right),
                      subject=f"{player} {','.join(map(str, sorted(suits)))}")


def _reading(m: Maker) -> Lesson:
    stages = (
        Stage(m.t("strategy.reading.stage1"), (), (_lacks_question(m, "reading.draw", TWO, "draw"),
                                                    _suit_question(m))),
        Stage(m.t("strategy.reading.stage2"), (), (_lacks_question(m, "reading.pass", FOUR, "pass"),)),
    )
    return _lesson(m, "reading", stages)


# ----- 11-13. going out, partners, cincos -----
def _going_out(m: Maker) -> Lesson:
    position = _banked(m, "going_out",
                       lambda p: not p.is_over and 2 <= len(p.hand(p.turn)) <= 6 and p.boneyard == ())
    hand = position.hand(position.turn)
    pips = pip_total(hand)
    cost = round_to_five(pips)
    terms = " + ".join(f"{tile} ({tile.pips})" for tile in hand)
    first = m.question("going_out.cost", "cost", m.t("q.cost_out"), _hand_board(m, position),
                       _numbers(cost, [pips, pips // 5 * 5 + 5, 0], step=5), str(cost),
                       m.t("explain.cost", equation=f"{terms} = {pips}",
                           cost=cost), subject=str(position.turn))
    return _with_best(m, "going_out", "going_out", first)


def _partners(m: Maker) -> Lesson:
    def grab_choice(p: Position) -> bool:
        moves = p.legal_moves()
        points = [p.points(mv) for mv in moves]
        return 3 <= len(moves) <= 4 and max(points) > 0 and points.count(max(points)) == 1
    position = m.find(PAIRS, grab_choice)
    moves = position.legal_moves()
    grab = max(moves, key=position.points)
    after = position.layout.place(grab.tile, grab.side)
    first = m.question("partners.most", "scoring_move", m.t("q.scores_most"),
                       _hand_board(m, position, "board.you_partners"),
                       [(str(mv), move_label(mv, m.lang)) for mv in moves], str(grab),
                       m.t("explain.scoring_move", move=move_label(grab, m.lang), count=after.count(),
                           points=after.points()), count_breakdown(after, m.lang))
    return _with_best(m, "partners", "partners", first)


def _cincos_play(m: Maker) -> Lesson:
    position = m.find(CINCOS_TWO, lambda p: not p.is_over and 2 <= len(p.hand(1 - p.turn)) <= 6
                      and len(p.layout) >= 3)
    other = position.hand(1 - position.turn)
    pips = pip_total(other)
    gain = round_to_five(pips)
    terms = " + ".join(f"{tile} ({tile.pips})" for tile in other)
    first = m.question("cincos_play.gain", "cincos_gain",
                       m.t("q.cincos_gain", tiles=", ".join(map(str, other))),
                       Board(position.layout, m.t("board.you", player=m.seat(position.turn)), None,
                             position.hand(position.turn), position, position.rules),
                       _numbers(gain, [pips, 0, pips // 5 * 5 + 5], step=5), str(gain),
                       m.t("explain.cincos_gain", equation=f"{terms} = {pips}", gain=gain),
                       subject=str(1 - position.turn))
    return _with_best(m, "cincos_play", "cincos", first)


# ----- 14. Muggins -----
CLAIMS = ("right", "short", "missing", "over")


def claim_for(points: int, case: str, rng: random.Random) -> Optional[int]:
    """A claim of the kind `case` for a play that made `points` (None: no claim)."""
    if case == "right":
        return points
    if case == "short":
        return rng.choice(range(5, points, 5))
    if case == "missing":
        return None
    return points + rng.choice((5, 10))


def _settlement_label(m: Maker, claimer: int, next_side: int) -> str:
    return m.t("strategy.settles", claimer=claimer, next_side=next_side)


def _muggins_question(m: Maker, qid: str, case: str) -> Question:
    """A play and a claim of the kind `case` (an over-claim on a play that scored
    nothing one time in two): what does each side score?"""
    least = {"short": 10, "over": 0 if m.rng.random() < 0.5 else 5}.get(case, 5)
    if least:
        scoring = m.find(TWO, lambda p: not p.is_over and any(p.points(mv) >= least
                                                              for mv in p.legal_moves()))
        move = max(scoring.legal_moves(), key=scoring.points)
    else:
        scoring = m.find(TWO, lambda p: not p.is_over and not p.layout.is_empty and bool(p.legal_moves()))
        move = min(scoring.legal_moves(), key=scoring.points)
    points = scoring.points(move)
    claim = claim_for(points, case, m.rng)
    share = muggins_rule.settle(points, claim)
    after = scoring.layout.place(move.tile, move.side)
    board = Board(after, m.t("board.muggins", player=m.seat(scoring.turn)), move, (), scoring.play(move))
    claimed = m.t("strategy.claims_nothing") if claim is None else m.t("strategy.claims", claim=claim)
    claimed_points = claim or 0
    options = {(share.claimer, share.next_side), (points, 0), (0, points), (0, 0), (claimed_points, 0),
               (0, claimed_points), (0, points + claimed_points), (0, share.next_side + 5)}
    ordered = sorted(options - {(share.claimer, share.next_side)})
    picks = [(share.claimer, share.next_side), *m.rng.sample(ordered, min(3, len(ordered)))]
    return m.question(qid, "muggins", m.t("q.muggins", player=m.seat(scoring.turn), move=move_label(move,
                                                                                                    m.lang),
                                          claimed=claimed),
                      board, [(f"{a} {b}", _settlement_label(m, a, b)) for a, b in sorted(picks)],
                      f"{share.claimer} {share.next_side}",
                      m.t(f"explain.muggins_{case}", points=points, claimed=claimed, count=after.count(),
                          claimer=share.claimer, next_side=share.next_side,
                          over=muggins_rule.penalty(points, claim)),
                      count_breakdown(after, m.lang), subject=f"{points} {'-' if claim is None else claim}")


def _muggins(m: Maker) -> Lesson:
    order = m.rng.sample(CLAIMS, len(CLAIMS))
    questions = [_muggins_question(m, f"muggins.{case}", case) for case in order]
    stages = (
        Stage(m.t("strategy.muggins.stage1"), (), tuple(questions[:2])),
        Stage(m.t("strategy.muggins.stage2"), (), tuple(questions[2:])),
    )
    return _lesson(m, "muggins", stages)


BUILDERS: tuple[tuple[str, Callable[[Maker], Lesson]], ...] = (
    ("leads", _leads),
    ("ends", _ends),
    ("answers", _answers),
    ("setups", _setups),
    ("defence", _defence),
    ("counting", _counting),
    ("shedding", _shedding),
    ("spinner_play", _spinner_play),
    ("blocking", _blocking),
    ("reading", _reading),
    ("going_out", _going_out),
    ("partners", _partners),
    ("cincos_play", _cincos_play),
    ("muggins", _muggins),
)
STRATEGY_IDS: tuple[str, ...] = tuple(lesson_id for lesson_id, _ in BUILDERS)
BANKED: dict[str, str] = {"setups": "setups", "defence": "defence", "shedding": "shedding",
                          "spinner_play": "spinner", "blocking": "blocking", "going_out": "going_out",
                          "partners": "partners", "cincos_play": "cincos"}  # lesson -> its bank topic


def strategy_title(lesson_id: str, lang: str = "en") -> str:
    """A lesson's title, without building it."""
    return t(f"strategy.{lesson_id}.title", lang)


@lru_cache(maxsize=2048)
def strategy_lesson(lesson_id: str, lang: str = "en", seed: int = 0) -> Lesson:
    """One lesson of the course (attempt `seed`); raises TrainerError for an unknown id."""
    if lesson_id not in STRATEGY_IDS:
        raise TrainerError(t("lesson.unknown", lang, id=str(lesson_id)[:40], ids=", ".join(STRATEGY_IDS)))
    index = STRATEGY_IDS.index(lesson_id)
    made = BUILDERS[index][1](Maker(lang, seed, len(LESSON_IDS) + index))
    return Lesson(made.id, made.rule, made.title, made.body, made.stages, seed)


def strategy_lessons(lang: str = "en", seed: int = 0) -> tuple[Lesson, ...]:
    """The strategy course in order."""
    return tuple(strategy_lesson(lesson_id, lang, seed) for lesson_id in STRATEGY_IDS)


def strategy_questions(lang: str = "en", seed: int = 0) -> Sequence[Question]:
    return [q for item in strategy_lessons(lang, seed) for q in item.questions]
