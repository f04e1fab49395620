"""The strategy course: every answer proven again here, by the
solver for the best moves and the bank's positions, and worked out again from the
position for the exact questions; over several attempts, answers spread over the
choice slots, never given away by a caption or an earlier explanation, and random
clicking does not pass."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from tests.support import nearest_five, pips
from tests.test_lessons import reveals
from trainer.engine.layout import Layout
from trainer.engine.moves import Move
from trainer.engine.position import Position
from trainer.engine.tiles import ALL_TILES, Tile
from trainer.i18n import catalogue
from trainer.search.solver import solve
from trainer.teach.course import COURSE_IDS, course, course_lesson
from trainer.teach.lessons import LESSON_IDS, Question, passed
from trainer.teach.proven import TOPICS, blocks, proves
from trainer.teach.proven_bank import PROVEN
from trainer.teach.strategy import STRATEGY_IDS, muggins_gain, strategy_lessons

SEEDS = range(8)
QUESTIONS = [q for seed in SEEDS for item in strategy_lessons(seed=seed) for q in item.questions]


def test_the_course_follows_the_rules_with_nine_strategy_lessons() -> None:
    assert COURSE_IDS == (*LESSON_IDS, *STRATEGY_IDS) and len(STRATEGY_IDS) >= 8
    topics = {"leads", "setups", "defence", "shedding", "spinner_play", "blocking", "reading", "partners",
              "muggins"}
    assert set(STRATEGY_IDS) == topics
    for item in strategy_lessons():
        assert item.rule == "strategy" and len(item.stages) >= 2 and len(item.questions) >= 2
        assert course_lesson(item.id) == item


@pytest.mark.parametrize("topic", TOPICS)
def test_every_banked_position_is_proven_again(topic: str) -> None:
    codes = PROVEN[topic]
    assert len(codes) >= 8 and len(set(codes)) == len(codes)
    for code in codes:
        position = Position.from_code(code)
        assert position.is_fully_known and position.boneyard == ()
        assert proves(topic, position), code


def expected(q: Question) -> str:
    """The right answer worked out again from the question's board."""
    position = q.board.position
    assert position is not None or q.kind == "points"
    if q.kind == "best_move":
        assert position is not None
        solution = solve(position)
        (best,) = solution.best  # one best move, or the question would not be asked
        return str(best)
    if q.kind == "points":
        return str(q.board.layout.points())
    assert position is not None
    if q.kind == "lead_points":
        (tile,) = [t for t in (Tile.parse(c.value) for c in q.choices) if (t.high + t.low) % 5 == 0
                   and t.high + t.low in (5, 10)]
        return str(tile)
    if q.kind == "move_points":
        return str(position.points(Move.parse(q.subject)))
    if q.kind == "reply":
        after = position.play(Move.parse(q.subject))
        return str(max((after.points(m) for m in after.legal_moves()), default=0))
    if q.kind == "cost":
        return str(nearest_five(pips(position.hand(int(q.subject)))))
    if q.kind == "blocks":
        (move,) = [c.value for c in q.choices if blocks(position, Move.parse(c.value))]
        return move
    if q.kind == "unseen":
        suit = int(q.subject)
        mine = (*position.layout.tiles(), *position.hand(position.turn))
        seen = {t for t in mine if suit in (t.high, t.low)}
        return str(sum(1 for t in ALL_TILES if suit in (t.high, t.low)) - len(seen))
    if q.kind == "lacks":
        player, suits = q.subject.split()
        lacking = {int(s) for s in suits.split(",")}
        held = position.hand(int(player))
        assert not [t for t in held if {t.high, t.low} & lacking]  # he really lacks them
        (tile,) = [c.value for c in q.choices if set(Tile.parse(c.value)) & lacking]
        return tile
    if q.kind == "muggins":
        points, claim = (int(x) for x in q.subject.split())
        assert points == q.board.layout.points()
        return str(points if claim != points else 0)
    raise AssertionError(f"no check for {q.kind}")


@pytest.mark.parametrize("q", QUESTIONS, ids=lambda q: q.id)
def test_every_answer_is_proven_again(q: Question) -> None:
    assert q.right == expected(q)
    assert len({c.value for c in q.choices}) == len(q.choices) >= 2
    assert q.check(q.right).correct
    assert all(not q.check(c.value).correct for c in q.choices if c.value != q.right)


def test_best_move_explanations_give_the_solver_values() -> None:
    for q in QUESTIONS:
        if q.kind != "best_move":
            continue
        assert q.board.position is not None
        solution = solve(q.board.position)
        assert "Solved exactly" in q.explanation
        for line, move in zip(q.details, solution.moves):
            value = f"{move.value:+d}" if move.value else "0"
            assert line.endswith(f"worth {value} by the end of the hand.")
            assert f"scores {move.points} now" in line


def test_muggins_follows_the_play_rule() -> None:
    assert muggins_gain(10, 0) == 10 and muggins_gain(10, 15) == 10 and muggins_gain(10, 10) == 0


def test_answers_spread_over_the_slots_and_stay_hidden() -> None:
    slots: dict[str, Counter[int]] = {}
    for q in QUESTIONS:
        slots.setdefault(q.id, Counter())[[c.value for c in q.choices].index(q.right)] += 1
    for qid, counter in slots.items():
        assert max(counter.values()) <= len(SEEDS) / 2, (qid, counter)
    for seed in SEEDS:
        for item in strategy_lessons(seed=seed):
            said: dict[Layout, list[str]] = {}
            for q in item.questions:
                assert not reveals(q.board.caption, q), q.id
                assert not [x for x in said.get(q.board.layout, []) if reveals(x, q)], q.id
                said.setdefault(q.board.layout, []).extend([q.explanation, *q.details])


def test_random_clicking_does_not_pass_the_course() -> None:
    rng = random.Random(3)
    tries = wins = 0
    for seed in range(8):
        for item in course(seed=seed):
            wrong = sum(rng.choice(q.choices).value != q.right for q in item.questions)
            tries += 1
            wins += passed(wrong, len(item.questions))
    assert wins / tries < 0.15, wins / tries


def test_no_strategy_text_is_a_missing_key() -> None:
    texts = []
    for item in strategy_lessons():
        texts += [item.title, item.body, *(s.text for s in item.stages)]
        for q in item.questions:
            texts += [q.prompt, q.explanation, q.board.caption, *q.details, *(c.label for c in q.choices)]
    assert not [x for x in texts if re.search(r"\[[a-z_]+\.[a-z_.]+\]|\{[a-z_]+\}", x)]
    assert "strategy.leads.title" in catalogue("en")
