"""The strategy course: nine lessons after the rules, each built from positions the
solver proves (`trainer.teach.proven`) or from facts the engine computes exactly.

A "best move" question is asked only of a fully known endgame (every hand shown, the
boneyard empty) with one best move, and its explanation gives every move's exact
value from the solver: what the mover's side scores from now to the end of the hand,
end-of-hand pips included, minus what the other side scores.

>>> [item.id for item in strategy_lessons()][:3]
['leads', 'setups', 'defence']
>>> q = strategy_lesson("setups").questions[1]
>>> q.kind, q.check(q.right).correct
('best_move', True)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache

from trainer.engine.game import deal
from trainer.engine.layout import EMPTY
from trainer.engine.moves import Move
from trainer.engine.position import Position
from trainer.engine.rules import PARTNERS, STANDARD, round_to_five
from trainer.engine.tiles import ALL_TILES, Tile, pip_total
from trainer.errors import TrainerError
from trainer.i18n import t
from trainer.search.solver import Solution, solve
from trainer.teach.drills import Table, count_breakdown, played_hand
from trainer.teach.lessons import (
    FOUR,
    LESSON_IDS,
    TWO,
    Board,
    Lesson,
    Maker,
    Question,
    Stage,
    _numbers,
    move_label,
)
from trainer.teach.proven import blocks, greedy, opens_spinner, reply_points
from trainer.teach.proven_bank import PROVEN

SCORING_LEADS: tuple[Tile, ...] = tuple(tile for tile in ALL_TILES if tile.pips in (5, 10))


# ----- proven endgames -----
@lru_cache(maxsize=16)
def _usable(topic: str) -> tuple[Position, ...]:
    """The topic's banked positions that offer the usual number of moves (the largest
    group; the more moves on a tie): a question then has as many choices on every
    attempt, and its answer takes each place equally often."""
    positions = [Position.from_code(code) for code in PROVEN[topic]]
    sizes = Counter(len(p.legal_moves()) for p in positions)
    usual = max(sizes, key=lambda n: (sizes[n], n))
    return tuple(p for p in positions if len(p.legal_moves()) == usual)


def _bank(m: Maker, topic: str, count: int) -> list[Position]:
    """`count` different positions of `topic`, picked by the attempt's seed."""
    usable = _usable(topic)
    start = m.rng.randrange(len(usable))
    return [usable[(start + n) % len(usable)] for n in range(count)]


def _hands_text(m: Maker, position: Position) -> str:
    return "; ".join(m.t("hand_of", player=p, tiles=", ".join(map(str, position.hand(p))))
                     for p in range(position.players))


def endgame_board(m: Maker, position: Position) -> Board:
    """A fully known endgame: the board, the mover's hand, every hand in the caption."""
    key = "board.endgame_partners" if position.rules.partners else "board.endgame"
    caption = m.t(key, player=position.turn, hands=_hands_text(m, position),
                  scores=", ".join(map(str, position.scores)))
    return Board(position.layout, caption, None, position.hand(position.turn), position, position.rules)


def signed(value: int) -> str:
    """`+10`, `-5`, `0`."""
    return f"{value:+d}" if value else "0"


def value_lines(m: Maker, solution: Solution) -> tuple[str, ...]:
    """Each move's exact value, best first."""
    return tuple(m.t("strategy.value_line", move=move_label(mv.move, m.lang), points=mv.points,
                     value=signed(mv.value)) for mv in solution.moves)


def best_question(m: Maker, qid: str, position: Position, why_key: str) -> Question:
    """Which move is best? The solver's one best move of a fully known endgame; the
    explanation says why, in the topic's words, with the exact values."""
    solution = solve(position)
    best = solution.moves[0]
    if why_key == "strategy.spinner.why":
        why_key += "_opens" if opens_spinner(position, best.move) else "_keeps"
    grab = greedy(solution)
    reason = m.t(why_key, best=move_label(best.move, m.lang), value=signed(best.value),
                 grab=move_label(grab.move, m.lang), grab_points=grab.points, grab_value=signed(grab.value))
    head = m.t("strategy.solved", best=move_label(best.move, m.lang), value=signed(best.value))
    return m.question(qid, "best_move", m.t("q.best_move", player=position.turn), endgame_board(m, position),
                      [(str(mv), move_label(mv, m.lang)) for mv in position.legal_moves()],
                      str(best.move), f"{head} {reason}", value_lines(m, solution))


def grab_question(m: Maker, qid: str, position: Position) -> Question:
    """How much does a move other than the best score at once (the one that scores most
    of them)? Exact: the count it leaves. Asked before the best move, it names a move
    that is not the answer."""
    solution = solve(position)
    move = max(solution.moves[1:], key=lambda mv: mv.points).move
    after = position.layout.place(move.tile, move.side)
    count, points = after.count(), after.points()
    label = move_label(move, m.lang)
    return m.question(qid, "move_points", m.t("q.move_points", move=label), endgame_board(m, position),
                      _numbers(points, [0, count // 5 * 5, count // 5 * 5 + 5], step=5), str(points),
                      m.t("explain.move_points", move=label, count=count, points=points),
                      count_breakdown(after, m.lang), subject=str(move))


# ----- the lessons -----
def _lesson(m: Maker, lesson_id: str, key: str, stages: tuple[Stage, ...]) -> Lesson:
    return Lesson(lesson_id, "strategy", m.t(f"strategy.{key}.title"), m.t(f"strategy.{key}.body"), stages)


def _leads(m: Maker) -> Lesson:
    def one_scoring_lead(p: Position) -> bool:
        return sum(tile in SCORING_LEADS for tile in p.hand(p.turn)) == 1

    start = next(p for p in (deal(STANDARD, 2, random.Random(m.start + n)) for n in range(2000))
                 if one_scoring_lead(p))
    hand = start.hand(start.turn)
    scoring = next(tile for tile in hand if tile in SCORING_LEADS)
    others = m.rng.sample([tile for tile in hand if tile not in SCORING_LEADS], 3)
    lead_board = Board(EMPTY, m.t("board.your_deal", player=start.turn), None, hand, start)
    asked = m.rng.choice([tile for tile in ALL_TILES if tile.pips >= 4 and tile != scoring])
    asked_layout = EMPTY.place(asked, None)
    asked_board = Board(asked_layout, m.t("board.lead"), Move(asked))
    points = asked_layout.points()
    stages = (
        Stage(m.t("strategy.leads.stage1"), (), (
            m.question("leads.which", "lead_points", m.t("q.lead_points"), lead_board,
                       [(str(tile), str(tile)) for tile in sorted((scoring, *others), reverse=True)],
                       str(scoring), m.t("explain.lead_points", tile=scoring, points=scoring.pips)),
        )),
        Stage(m.t("strategy.leads.stage2"), (), (
            m.question("leads.points", "points", m.t("q.lead_score", tile=asked), asked_board,
                       _numbers(points, [0, 5, 10, asked.pips // 5 * 5], step=5), str(points),
                       m.t("explain.lead_score", tile=asked, pips=asked.pips, points=points),
                       count_breakdown(asked_layout, m.lang)),
        )),
    )
    return _lesson(m, "leads", "leads", stages)


def _setups(m: Maker) -> Lesson:
    first, second = _bank(m, "setup", 2)
    stages = (
        Stage(m.t("strategy.setups.stage1"), (),
              (grab_question(m, "setups.grab", first),
               best_question(m, "setups.first", first, "strategy.setups.why"))),
        Stage(m.t("strategy.setups.stage2"), (),
              (best_question(m, "setups.second", second, "strategy.setups.why"),)),
    )
    return _lesson(m, "setups", "setups", stages)


def _unseen_question(m: Maker) -> Question:
    """How many tiles of a suit the mover cannot see: 7 less those on the table and in his hand."""
    position = m.find(TWO, lambda p: not p.is_over and not p.layout.is_empty and len(p.layout) >= 4
                      and p.boneyard != ())
    suit = m.rng.choice([end.pip for end in position.layout.open_ends()])
    seen = {tile for tile in (*position.layout.tiles(), *position.hand(position.turn)) if tile.has(suit)}
    unseen = 7 - len(seen)
    board = Board(position.layout, m.t("board.hand", player=position.turn), None,
                  position.hand(position.turn), position)
    return m.question("defence.unseen", "unseen", m.t("q.unseen", suit=suit), board,
                      _numbers(unseen, [7 - len([t for t in position.layout.tiles() if t.has(suit)])]),
                      str(unseen),
                      m.t("explain.unseen", suit=suit, seen=len(seen), unseen=unseen), subject=str(suit))


def _defence(m: Maker) -> Lesson:
    (position,) = _bank(m, "defence", 1)
    solution = solve(position)
    grab = greedy(solution)
    reply = reply_points(position, grab.move)
    after = position.play(grab.move)
    board = endgame_board(m, position)
    reply_q = m.question("defence.reply", "reply", m.t("q.reply", move=move_label(grab.move, m.lang),
                                                       player=after.turn),
                         board, _numbers(reply, [0, grab.points], step=5), str(reply),
                         m.t("explain.reply", move=move_label(grab.move, m.lang), player=after.turn,
                             points=reply),
                         subject=str(grab.move))
    stages = (
        Stage(m.t("strategy.defence.stage1"), (), (reply_q,
                                                    best_question(m, "defence.best", position,
                                                                  "strategy.defence.why"))),
        Stage(m.t("strategy.defence.stage2"), (), (_unseen_question(m),)),
    )
    return _lesson(m, "defence", "defence", stages)


def _shedding(m: Maker) -> Lesson:
    first, second = _bank(m, "shedding", 2)
    hand = second.hand(second.turn)
    pips = pip_total(hand)
    cost = round_to_five(pips)
    board = endgame_board(m, second)
    terms = " + ".join(f"{tile} ({tile.pips})" for tile in hand)
    stages = (
        Stage(m.t("strategy.shedding.stage1"), (),
              (best_question(m, "shedding.best", first, "strategy.shedding.why"),)),
        Stage(m.t("strategy.shedding.stage2"), (), (
            m.question("shedding.cost", "cost", m.t("q.cost", player=second.turn), board,
                       _numbers(cost, [pips, pips // 5 * 5 + 5], step=5), str(cost),
                       m.t("explain.cost", equation=f"{terms} = {pips}", cost=cost),
                       subject=str(second.turn)),
            best_question(m, "shedding.second", second, "strategy.shedding.why"),
        )),
    )
    return _lesson(m, "shedding", "shedding", stages)


def _spinner_play(m: Maker) -> Lesson:
    first, second = _bank(m, "spinner", 2)
    stages = (
        Stage(m.t("strategy.spinner.stage1"), (),
              (grab_question(m, "spinner_play.grab", first),
               best_question(m, "spinner_play.first", first, "strategy.spinner.why"))),
        Stage(m.t("strategy.spinner.stage2"), (),
              (best_question(m, "spinner_play.second", second, "strategy.spinner.why"),)),
    )
    return _lesson(m, "spinner_play", "spinner", stages)


def _blocking(m: Maker) -> Lesson:
    first, second = _bank(m, "blocking", 2)
    moves = first.legal_moves()
    blocker = next(mv for mv in moves if blocks(first, mv))
    choices = [blocker, *(mv for mv in moves if not blocks(first, mv))]
    after = first.play(blocker)
    lost = ", ".join(m.t("strategy.loses", player=p, value=round_to_five(pip_total(after.hand(p))))
                     for p in range(after.players))
    stages = (
        Stage(m.t("strategy.blocking.stage1"), (), (
            m.question("blocking.which", "blocks", m.t("q.blocks"), endgame_board(m, first),
                       [(str(mv), move_label(mv, m.lang)) for mv in choices], str(blocker),
                       m.t("explain.blocks", move=move_label(blocker, m.lang), lost=lost)),
        )),
        Stage(m.t("strategy.blocking.stage2"), (),
              (grab_question(m, "blocking.grab", second),
               best_question(m, "blocking.best", second, "strategy.blocking.why"))),
    )
    return _lesson(m, "blocking", "blocking", stages)


def _voids(table: Table, seed: int, kind: str) -> list[tuple[Position, int, frozenset[int]]]:
    """(position, player, suits) where `player` has just drawn (`kind` "draw") or passed
    ("pass") at the open ends `suits` and the position is the table right after."""
    steps = played_hand(table, seed)
    found = []
    for before, after in zip(steps, steps[1:]):
        table_then = before.after
        waiting = table_then.turn
        ends = frozenset(end.pip for end in table_then.layout.open_ends())
        if kind == "draw" and after.before.turn == waiting and \
                len(after.before.hand(waiting)) > len(table_then.hand(waiting)):
            found.append((after.after, waiting, ends))
        if kind == "pass" and after.before.turn != waiting and table_then.boneyard == ():
            found.append((table_then, waiting, ends))
    return found


def _lacks_question(m: Maker, qid: str, table: Table, kind: str) -> Question:
    for seed in range(m.start, m.start + 2000):
        for position, player, suits in _voids(table, seed, kind):
            viewer = (player + 1) % position.players
            visible = {*position.layout.tiles(), *position.hand(viewer)}
            hidden = [tile for tile in ALL_TILES if tile not in visible]
            lacking = [tile for tile in hidden if any(tile.has(s) for s in suits)]
            maybe = [tile for tile in hidden if not any(tile.has(s) for s in suits)]
            if position.code() in m.used or not lacking or len(maybe) < 3 or position.is_over:
                continue
            m.used.add(position.code())
            right = m.rng.choice(lacking)
            choices = sorted((right, *m.rng.sample(maybe, 3)), reverse=True)
            ends = ", ".join(map(str, sorted(suits)))
            key = "board.after_draw" if kind == "draw" else "board.after_pass"
            board = Board(position.layout, m.t(key, player=player, ends=ends, viewer=viewer), None,
                          position.hand(viewer), position, position.rules)
            return m.question(qid, "lacks", m.t("q.lacks", player=player), board,
                              [(str(tile), str(tile)) for tile in choices], str(right),
                              m.t("explain.lacks_" + kind, player=player, ends=ends, tile=right),
                              subject=f"{player} {','.join(map(str, sorted(suits)))}")
    raise RuntimeError("no draw or pass found")  # pragma: no cover


def _reading(m: Maker) -> Lesson:
    stages = (
        Stage(m.t("strategy.reading.stage1"), (), (_lacks_question(m, "reading.draw", TWO, "draw"),)),
        Stage(m.t("strategy.reading.stage2"), (), (_lacks_question(m, "reading.pass", FOUR, "pass"),)),
    )
    return _lesson(m, "reading", "reading", stages)


def _partners(m: Maker) -> Lesson:
    first, second = _bank(m, "partners", 2)
    stages = (
        Stage(m.t("strategy.partners.stage1"), (),
              (grab_question(m, "partners.grab", first),
               best_question(m, "partners.first", first, "strategy.partners.why"))),
        Stage(m.t("strategy.partners.stage2"), (),
              (best_question(m, "partners.second", second, "strategy.partners.why"),)),
    )
    return _lesson(m, "partners", "partners", stages)


def muggins_gain(points: int, claim: int) -> int:
    """What the other side gains from a claim under Muggins (as trainer.play.session settles it):
    a missed or wrong claim gives the move's points to the other side."""
    return points if claim != points else 0


def _muggins_question(m: Maker, qid: str, claim_right: bool) -> Question:
    scoring = m.find(TWO, lambda p: not p.is_over and any(p.points(mv) > 0 for mv in p.legal_moves()))
    move = next(mv for mv in scoring.legal_moves() if scoring.points(mv) > 0)
    points = scoring.points(move)
    claim = points if claim_right else m.rng.choice([0, points + 5, max(0, points - 5)])
    gain = muggins_gain(points, claim)
    after = scoring.layout.place(move.tile, move.side)
    board = Board(after, m.t("board.muggins", player=scoring.turn), move, (), scoring.play(move))
    claimed = m.t("strategy.claims_nothing") if claim == 0 else m.t("strategy.claims", claim=claim)
    return m.question(qid, "muggins", m.t("q.muggins", player=scoring.turn, move=move_label(move, m.lang),
                                          claimed=claimed),
                      board, _numbers(gain, [points, claim, 0], step=5), str(gain),
                      m.t("explain.muggins_gain" if gain else "explain.muggins_none", points=points,
                          claimed=claimed, count=after.count()),
                      count_breakdown(after, m.lang), subject=f"{points} {claim}")


def _muggins(m: Maker) -> Lesson:
    right_first = m.rng.random() < 0.5
    stages = (
        Stage(m.t("strategy.muggins.stage1"), (), (_muggins_question(m, "muggins.first", right_first),)),
        Stage(m.t("strategy.muggins.stage2"), (), (_muggins_question(m, "muggins.second", not right_first),)),
    )
    return _lesson(m, "muggins", "muggins", stages)


BUILDERS: tuple[tuple[str, Callable[[Maker], Lesson]], ...] = (
    ("leads", _leads),
    ("setups", _setups),
    ("defence", _defence),
    ("shedding", _shedding),
    ("spinner_play", _spinner_play),
    ("blocking", _blocking),
    ("reading", _reading),
    ("partners", _partners),
    ("muggins", _muggins),
)
STRATEGY_IDS: tuple[str, ...] = tuple(lesson_id for lesson_id, _ in BUILDERS)


@lru_cache(maxsize=256)
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


PARTNER_RULES = PARTNERS  # the partners lesson's positions are played under these rules
