"""Lessons: a lesson for every rule, boards built by the engine, and every check
question's right answer among its choices and equal to what the engine computes here,
question by question, from the board the question shows."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from tests.support import nearest_five, pips
from trainer import lessons as lessons_module
from trainer.errors import TrainerError
from trainer.layout import Layout
from trainer.lessons import LESSON_IDS, Board, Question, build, lesson, lessons, questions
from trainer.moves import Move
from trainer.position import Position, size
from trainer.rules import round_to_five
from trainer.tiles import Tile

RULE_AREAS = {  # the rules of rules.md, each taught by one lesson
    "deal": {"1", "2", "3"}, "matching": {"4"}, "drawing": {"5", "6"}, "doubles": {"7"},
    "spinner": {"8"}, "scoring": {"9"}, "count": {"10"}, "rounding": {"11"}, "winning": {"12"},
    "cincos": {"cincos"},
}


def rule_numbers(rule: str) -> set[str]:
    if re.fullmatch(r"\d+-\d+", rule):
        low, high = (int(x) for x in rule.split("-"))
        return {str(n) for n in range(low, high + 1)}
    return {rule}


def test_a_lesson_for_every_rule() -> None:
    assert [item.id for item in lessons()] == list(LESSON_IDS)
    assert set(LESSON_IDS) == set(RULE_AREAS)
    for item in lessons():
        assert rule_numbers(item.rule) == RULE_AREAS[item.id]
        assert item.title and len(item.body) > 80
        assert item.boards and len(item.questions) >= 2
    taught = set().union(*(rule_numbers(item.rule) for item in lessons()))
    assert taught == {str(n) for n in range(1, 13)} | {"cincos"}


def test_boards_are_engine_values() -> None:
    for item in lessons():
        for board in (*item.boards, *(q.board for q in item.questions)):
            assert Layout.parse(str(board.layout)) == board.layout
            if board.last is not None:
                assert board.last.tile in set(board.layout.tiles())
            if board.position is not None:
                assert Position.from_code(board.position.code()) == board.position
                assert board.position.layout == board.layout


def test_build_places_tiles_with_the_engine() -> None:
    layout = build("5-1", "5-4@W", "1-1@E", "3-1@E")
    assert str(layout) == "1-1:1-3:1-5,5-4::"
    with pytest.raises(TrainerError):
        build("5-1", "6-6@E")


def expected(q: Question) -> str:
    """The right answer worked out from the question's board with the engine."""
    board: Board = q.board
    layout, position = board.layout, board.position
    if q.kind == "count":
        return str(layout.count())
    if q.kind == "points":
        return str(layout.points())
    if q.kind == "part":
        return str(dict(layout.count_parts())[q.subject])
    if q.kind == "fits":
        tile = Tile.parse(q.subject)
        return ",".join(e.side for e in sorted(layout.open_ends(), key=lambda e: "EWNS".index(e.side))
                        if tile.has(e.pip))
    if q.kind == "open_ends":
        return ",".join(e.side for e in layout.open_ends())
    if q.kind == "spinner":
        move = Move.parse(q.subject)
        after = layout.place(move.tile, move.side)
        return "yes" if layout.spinner is None and after.spinner == move.tile.high else "no"
    if q.kind == "round":
        return str(round_to_five(sum(tile.pips for tile in board.hand)))
    if q.kind == "hand_size":
        return str(board.rules.hand_size(int(q.subject)))
    if q.kind == "partner":
        me = int(q.subject)
        (partner,) = [p for p in range(4) if p != me and board.rules.side_of(p) == board.rules.side_of(me)]
        return str(partner)
    if q.kind == "target":
        return str(board.rules.default_target(int(q.subject)))
    assert position is not None, q.id
    if q.kind == "legal_tile":
        (tile,) = {m.tile for m in position.legal_moves()}
        return str(tile)
    if q.kind == "scoring_move":
        (move,) = [m for m in position.legal_moves() if position.points(m) > 0]
        return str(move)
    if q.kind == "draws":
        count = 0
        while position.must_draw:
            position = position.draw()
            count += 1
        assert position.legal_moves()
        return str(count)
    if q.kind == "action":
        return "play" if position.legal_moves() else "draw" if position.must_draw else "pass"
    if q.kind == "hand_end":
        end = position.outcome()
        return end.kind if end else "on"
    if q.kind == "boneyard":
        return str(size(position.boneyard))
    if q.kind == "settle":
        return str(position.hand_end_scores()[int(q.subject)])
    if q.kind == "wins":
        move_text, target = q.subject.split()
        after = position.play(Move.parse(move_text))
        reached = after.scores[position.rules.side_of(position.turn)] >= int(target)
        return "now" if reached and after.outcome() is None else "end" if reached else "none"
    if q.kind == "lead":
        doubles = [t for p in range(position.players) for t in position.hand(p) if t.is_double]
        assert [m.tile for m in position.legal_moves()] == [max(doubles)]
        return str(max(doubles))
    raise AssertionError(f"no check for question kind {q.kind}")


@pytest.mark.parametrize("q", questions(), ids=lambda q: q.id)
def test_right_answer_is_a_choice_and_is_what_the_engine_says(q: Question) -> None:
    values = [c.value for c in q.choices]
    assert len(values) == len(set(values)) >= 2
    assert len({c.label for c in q.choices}) == len(values)
    assert q.right in values
    assert q.right == expected(q)


@pytest.mark.parametrize("q", questions(), ids=lambda q: q.id)
def test_clicking_a_choice(q: Question) -> None:
    right = q.check(q.right)
    assert right.correct and q.right_choice.label in right.message
    for choice in q.choices:
        if choice.value != q.right:
            wrong = q.check(choice.value)
            assert not wrong.correct
            assert q.right_choice.label in wrong.message and q.explanation in wrong.message
    with pytest.raises(TrainerError, match="not one of the choices"):
        q.check("no such choice")


def test_wrong_count_answers_are_explained_end_by_end() -> None:
    for q in questions():
        if q.kind in ("count", "points"):
            for name, value in q.board.layout.count_parts():
                label = {"lead": "lead", "spinner": "spinner"}.get(name, name)
                assert f"{label} {value}" in q.explanation, q.id
            assert f"= {q.board.layout.count()}" in q.explanation


def test_rounding_questions_agree_with_the_oracle() -> None:
    for q in questions():
        if q.kind == "round":
            assert q.right == str(nearest_five(pips(q.board.hand)))


def test_questions_cover_the_worked_examples() -> None:
    counts = {str(q.board.layout): int(q.right) for q in questions() if q.kind == "count"}
    assert counts["6-4"] == 10
    assert counts["5-5:5-2:::"] == 12
    assert counts["5-5:5-2:5-3::"] == 5
    assert counts["0-0:0-6,6-6:0-5,5-5:0-4,4-4:0-1,1-5"] == 35
    assert counts["1-1::1-5,5-4::"] == 6


def test_lessons_are_deterministic_values() -> None:
    first = lessons()
    lessons_module.lessons.cache_clear()
    lessons_module.played_hand.cache_clear()
    assert lessons() == first
    q = first[0].questions[0]
    with pytest.raises(AttributeError):
        q.right = "x"  # type: ignore[misc]
    assert replace(q, right=q.right) == q


def test_lookup_and_languages() -> None:
    assert lesson("spinner").id == "spinner"
    with pytest.raises(TrainerError, match="no lesson"):
        lesson("juggling")
    finnish, english = lessons("fi"), lessons("en")
    assert [item.id for item in finnish] == [item.id for item in english]  # the same lessons
    assert finnish[0].title == "Pelaajat, jako ja avaus" != english[0].title  # in Finnish


def test_no_lesson_text_is_a_missing_key() -> None:
    texts = []
    for item in lessons():
        texts += [item.title, item.body, *(b.caption for b in item.boards)]
        for q in item.questions:
            texts += [q.prompt, q.explanation, *q.details, *(c.label for c in q.choices)]
            texts += [q.check(c.value).message for c in q.choices]
    assert not [text for text in texts if re.search(r"\[[a-z_]+\.[a-z_.]+\]|\{[a-z_]+\}", text)]
