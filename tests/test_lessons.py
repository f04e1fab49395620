"""Lessons: a lesson for every rule, boards built by the engine, and every check
question's right answer among its choices and equal to what the engine computes here,
question by question, from the board the question shows; over several attempts
(seeds): the order of teaching, answers that cannot be guessed from the slot or read
in a caption, and random clicking that does not pass."""

from __future__ import annotations

import ast
import random
import re
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from tests.support import nearest_five, pips
from trainer.engine.layout import Layout
from trainer.engine.moves import Move
from trainer.engine.position import Position, size
from trainer.engine.rules import round_to_five
from trainer.engine.tiles import Tile
from trainer.errors import TrainerError
from trainer.i18n import catalogue
from trainer.teach import drills as drills_module
from trainer.teach import lessons as lessons_module
from trainer.teach.lessons import (
    LESSON_IDS,
    Board,
    Question,
    build,
    largest_caption,
    lesson,
    lessons,
    passed,
    questions,
    stars,
)

SEEDS = range(6)

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
        assert item.title and item.body and len(item.stages) >= 2
        assert all(len(stage.text) > 30 for stage in item.stages)
        assert len(item.questions) >= 2
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
                # the table drawn, or told in the caption (an empty layout: nothing drawn)
                assert board.position.layout == board.layout or (board.layout.is_empty and board.caption)


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
    if q.kind == "scoring_end":
        tile = Tile.parse(q.subject)
        (end,) = [m.side for m in position.legal_moves() if m.tile == tile and position.points(m) > 0]
        return str(end)
    if q.kind == "opens":
        (move,) = [m for m in position.legal_moves() if layout.place(m.tile, m.side).arms_open]
        return str(move)
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
    if q.kind == "cincos_cost":  # under cincos nobody loses his own pips
        assert position.rules.hand_end == "winner-takes" and position.is_over
        return "0"
    raise AssertionError(f"no check for question kind {q.kind}")


RULE_FACTS = {  # rules.md's answers to the questions about the rules themselves
    "lead_rule": "any",  # rule 3: the start player leads any tile
    "blocked_rule": "blocked",  # rule 6
    "is_double": None, "lies": "across",  # rule 7: a double shows one number twice, placed crosswise
    "cincos_blocked": "lowest",  # cincos: the lowest pip total scores the others' pips
}


def rule_fact(q: Question) -> str:
    if q.kind == "next_lead":  # rule 3: the player who went out; after a block, at random
        return "out" if q.subject == "out" else "random"
    if q.kind == "is_double":
        (double,) = [c.value for c in q.choices if Tile.parse(c.value).is_double]
        return double
    if q.kind == "double_counts":
        return str(2 * Tile.parse(q.subject).high)
    if q.kind == "which_spinner":
        spinner = q.board.layout.spinner
        assert spinner is not None and q.board.position is not None
        return f"{spinner}-{spinner}"
    fact = RULE_FACTS[q.kind]
    assert fact is not None
    return fact


ALL = [q for seed in SEEDS for q in questions(seed=seed)]


@pytest.mark.parametrize("q", ALL, ids=lambda q: q.id)
def test_right_answer_is_a_choice_and_is_what_the_engine_says(q: Question) -> None:
    values = [c.value for c in q.choices]
    assert len(values) == len(set(values)) >= 2
    assert len({c.label for c in q.choices}) == len(values)
    assert q.right in values
    assert q.right == (rule_fact(q) if q.kind in (*RULE_FACTS, "next_lead", "double_counts", "which_spinner")
                       else expected(q))


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
    counts = {str(q.board.layout): int(q.right) for q in ALL if q.kind == "count"}
    assert counts["6-4"] == 10
    assert counts["5-5:5-2:::"] == 12
    assert counts["5-5:5-2:5-3::"] == 5
    assert counts["0-0:0-6,6-6:0-5,5-5:0-4,4-4:0-1,1-5"] == 35
    assert counts["1-1::1-5,5-4::"] == 6


def test_lessons_are_deterministic_values() -> None:
    first = lessons(seed=3)
    lessons_module._built.cache_clear()
    drills_module.played_hand.cache_clear()
    assert lessons(seed=3) == first
    q = first[0].questions[0]
    with pytest.raises(AttributeError):
        q.right = "x"  # type: ignore[misc]
    assert replace(q, right=q.right) == q


def test_lookup_and_languages() -> None:
    assert lesson("spinner").id == "spinner"
    with pytest.raises(TrainerError, match="no lesson"):
        lesson("juggling")
    assert [q.prompt for q in questions("xx")] == [q.prompt for q in questions("en")]  # English


def test_no_lesson_text_is_a_missing_key() -> None:
    texts = []
    for item in lessons():
        texts += [item.title, item.body, *(b.caption for b in item.boards), *(s.text for s in item.stages)]
        for q in item.questions:
            texts += [q.prompt, q.explanation, *q.details, *(c.label for c in q.choices)]
            texts += [q.check(c.value).message for c in q.choices]
    assert not [text for text in texts if re.search(r"\[[a-z_]+\.[a-z_.]+\]|\{[a-z_]+\}", text)]


# ----- the errors fixed, each by name -----
def test_largest_board_caption_names_the_doubles_it_shows() -> None:
    (q,) = [q for q in lesson("count").questions if q.id == "count.four_arms"]
    layout = q.board.layout
    assert str(layout) == "0-0:0-6,6-6:0-5,5-5:0-4,4-4:0-1,1-5"
    doubles = sum(1 for arm in layout.arms if arm and arm[-1][0] == arm[-1][1])  # the south arm ends in 1-5
    assert doubles == 3 and f"{doubles} of them" in q.board.caption
    assert "every" not in q.board.caption
    assert "4 of them" in largest_caption(Layout.parse("0-0:0-6,6-6:0-5,5-5:0-4,4-4:0-1,1-1"), "en")


def test_a_spinner_that_still_counts_is_never_said_to_count_nothing() -> None:
    for seed in SEEDS:
        for item in lessons(seed=seed):
            for stage in item.stages:
                boards = [*stage.boards, *(q.board for q in stage.questions)]
                counting = [b for b in boards if b.layout.spinner is not None and not b.layout.arms_open
                            and not b.layout.is_empty]
                texts = [stage.text, *(q.explanation for q in stage.questions)]
                if counting:
                    assert not [x for x in texts if "counts nothing" in x and "both sides" not in x], item.id


def test_a_count_of_zero_is_a_multiple_of_five_that_does_not_score() -> None:
    text = lessons_module.points_reason(0, 0, "en")
    assert "not a multiple" not in text and "positive multiple" in text
    assert "not a multiple" in lessons_module.points_reason(12, 0, "en")
    assert "positive multiple" in catalogue("en")["lesson.scoring.stage1"]


def test_fits_feedback_does_not_repeat_its_explanation_as_a_detail() -> None:
    for q in ALL:
        for choice in q.choices:
            feedback = q.check(choice.value)
            repeated = [line for line in feedback.details[:-1] if line in feedback.message]
            assert not repeated, (q.id, repeated)


RULES_ORDER = list(LESSON_IDS)


def test_nothing_is_asked_before_it_is_taught() -> None:
    count_lesson = RULES_ORDER.index("count")
    spinner_lesson = RULES_ORDER.index("spinner")
    for seed in SEEDS:
        for index, item in enumerate(lessons(seed=seed)):
            for q in item.questions:
                if index < count_lesson:  # the count (and the spinner's part in it) comes later
                    assert q.kind not in ("count", "points"), q.id
                if index < spinner_lesson:  # no tile across the spinner before its lesson
                    assert not (q.board.layout.arms[2] or q.board.layout.arms[3]), q.id
            if item.id == "count":  # the spinner's own count is taught before it is asked
                kinds = [("spinner" in dict(q.board.layout.count_parts()), n)
                         for n, q in enumerate(item.questions)]
                first_stage = len(item.stages[0].questions)
                assert all(n >= first_stage for counts, n in kinds if counts)


def test_the_right_answer_is_in_no_slot_more_than_half_the_time() -> None:
    slots: dict[str, Counter[int]] = {}
    for q in ALL:
        slots.setdefault(q.id, Counter())[[c.value for c in q.choices].index(q.right)] += 1
    for qid, counter in slots.items():
        assert max(counter.values()) <= len(SEEDS) / 2, (qid, counter)


def reveals(text: str, q: Question) -> bool:
    """Whether `text` states the answer of `q`."""
    label = re.escape(q.right_choice.label)
    if q.kind in ("count", "points", "part", "draws", "round", "settle", "boneyard", "hand_size", "target",
                  "reply", "cost", "move_points", "muggins", "unseen", "count_after", "lead_reply",
                  "most_suit", "cincos_gain", "cincos_cost", "double_counts", "lacks_suit"):
        return bool(re.search(rf"(= |count is |scores |adds |counts |draws ){label}\b", text))
    if q.kind == "hand_end":
        return {"blocked": "blocked", "domino": "dominoed"}[q.right] in text
    if q.kind in ("fits", "open_ends", "action", "wins", "spinner", "dead_end", "next_lead", "lead_rule",
                  "blocked_rule", "lies", "cincos_blocked"):
        return False  # the labels are plain words ("east", "Yes"): checked by the wording above
    return bool(re.search(rf"(?<![0-9-]){label}(?![0-9-])", text))


def test_no_caption_or_earlier_explanation_gives_a_later_answer() -> None:
    for seed in SEEDS:
        for item in lessons(seed=seed):
            said: dict[Board, list[str]] = {}  # what was explained about each board so far
            for q in item.questions:
                own = [q.board.caption, *(b.caption for b in item.boards)]
                assert not [x for x in own if reveals(x, q)], (q.id, own)
                earlier = said.get(q.board, [])
                assert not [x for x in earlier if reveals(x, q)], (q.id, earlier)
                said.setdefault(q.board, []).extend([q.explanation, *q.details])


def test_no_position_is_shown_twice() -> None:
    for seed in SEEDS:
        seen: dict[str, Board] = {}  # a position, and the one board that shows it
        for q in questions(seed=seed):
            if q.board.position is not None:
                assert seen.setdefault(q.board.position.code(), q.board) == q.board, q.id


def test_matching_legal_and_drawing_play_use_different_positions() -> None:
    for seed in SEEDS:
        legal = next(q for q in lesson("matching", seed=seed).questions if q.id == "matching.legal")
        play = next(q for q in lesson("drawing", seed=seed).questions if q.id == "drawing.play")
        assert legal.board.position != play.board.position


def test_every_attempt_deals_new_boards_and_a_new_order() -> None:
    for lesson_id in ("matching", "drawing", "doubles", "scoring", "rounding", "cincos"):
        boards = {tuple((str(q.board.layout), q.board.hand) for q in lesson(lesson_id, seed=s).questions)
                  for s in SEEDS}
        assert len(boards) >= len(SEEDS) - 1, lesson_id
    for lesson_id in LESSON_IDS:
        orders = {tuple(c.label for q in lesson(lesson_id, seed=s).questions for c in q.choices)
                  for s in SEEDS}
        assert len(orders) >= 3, lesson_id


def test_stars_are_lost_by_mistakes() -> None:
    assert [stars(n) for n in range(5)] == [3, 2, 1, 0, 0]
    assert passed(0, 2) and not passed(1, 2) and not passed(1, 3) and passed(1, 4) and not passed(2, 12)


def test_random_clicking_does_not_pass() -> None:
    rng = random.Random(7)
    tries = passes = 0
    for seed in range(10):
        for item in lessons(seed=seed):
            wrong = sum(rng.choice(q.choices).value != q.right for q in item.questions)
            tries += 1
            passes += passed(wrong, len(item.questions))
    assert passes / tries < 0.15, passes / tries


def test_every_key_the_lessons_use_exists_in_english() -> None:
    root = Path(lessons_module.__file__).parent
    used: set[str] = set()
    for name in ("lessons.py",):
        for node in ast.walk(ast.parse((root / name).read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
                func = node.func
                called = getattr(func, "id", getattr(func, "attr", ""))
                if called in ("t", "tn"):
                    used.add(str(node.args[0].value))
    assert len(used) > 60
    assert not sorted(used - set(catalogue("en")))


# ----- teaching order (issue: asked before taught) -----
ORDER_SEEDS = range(64)


def test_lessons_one_to_four_show_lines_and_no_count() -> None:
    """No spinner board (no double on the table) and no count, in a caption or a drawing,
    before the doubles and the count are taught; every board before the count lesson is
    drawn without its marks."""
    count_at = LESSON_IDS.index("count")
    assert LESSON_IDS[:4] == ("deal", "matching", "drawing",
                              "rounding") and LESSON_IDS[4:6] == ("doubles", "spinner")
    for seed in ORDER_SEEDS:
        for index, item in enumerate(lessons(seed=seed)[:count_at]):
            for board in (*item.boards, *(q.board for q in item.questions)):
                assert board.layout.is_empty or not board.marks, (item.id, board.caption)
                if index < 4:
                    assert board.layout.spinner is None, (item.id, seed, str(board.layout))
                    assert not any(tile.is_double for tile in board.layout.tiles()), item.id
                    assert not re.search(r"count|= [0-9]", board.caption, re.IGNORECASE), board.caption


def test_no_spinner_before_lesson_five() -> None:
    for seed in ORDER_SEEDS:
        for item in lessons(seed=seed)[:4]:
            for q in item.questions:
                assert "spinner" not in q.prompt.lower() and "spinner" not in q.board.caption.lower(), q.id


def test_each_board_mark_is_explained_where_it_first_appears() -> None:
    """The last tile's orange edge is explained in lesson 1, which draws it first; the
    other marks (count, green and blue discs, dashed rings) in the count lesson's first
    step, the first boards drawn with them."""
    first = next(item for item in lessons() if any(b.marks for b in (*item.boards, *(q.board
                                                                                     for q in item.questions))
                                                   if not b.layout.is_empty))
    assert first.id == "count"
    text = first.stages[0].text.lower()
    for mark in ("count at the top", "green disc", "blue disc", "dashed ring"):
        assert mark in text, mark
    deal = lessons()[0]
    first_last = next(stage for stage in deal.stages
                      if any(q.board.last is not None for q in stage.questions))
    assert first_last is deal.stages[0] and "orange edge" in first_last.text.lower()


def test_seats_are_shown_from_one() -> None:
    for seed in range(16):
        for q in questions(seed=seed):
            texts = [q.prompt, q.board.caption, q.explanation, *(c.label for c in q.choices)]
            assert not [x for x in texts if re.search(r"\b[Pp]layers? 0\b|\b[Pp]layer [5-9]\b", x)], q.id
        partner = next(q for q in questions(seed=seed) if q.kind == "partner")
        assert {c.label for c in partner.choices} | {f"Player {int(partner.subject) + 1}"} == {
            "Player 1", "Player 2", "Player 3", "Player 4"}
    assert "players 1 and 3 against 2 and 4" in catalogue("en")["lesson.deal.stage3"]


def test_lesson_one_says_who_leads_after_a_blocked_hand() -> None:
    deal = lesson("deal")
    assert "after a blocked hand" in deal.stages[1].text and "random" in deal.stages[1].text
    blocked = next(q for q in deal.questions if q.id == "deal.next_blocked")
    assert blocked.right_choice.label == "A player chosen at random"
    went_out = next(q for q in deal.questions if q.id == "deal.next_out")
    assert "who went out" in went_out.right_choice.label


def test_every_rules_lesson_drills_its_idea_over_five_tasks() -> None:
    for seed in range(8):
        for item in lessons(seed=seed):
            assert len(item.questions) >= 5, (item.id, len(item.questions))


def test_no_words_of_a_later_lesson_in_200_attempts() -> None:
    """Over 200 attempts of every lesson before it: no question, caption or choice speaks
    of the count (what an end adds) before the count lesson, nor says that a player has
    shown he lacks a suit before the lesson on reading draws and passes."""
    import re

    from trainer.teach.course import COURSE_IDS, course_lesson

    concepts = {"count": re.compile(r"\bcount\b|\badds?\b", re.IGNORECASE),
                "reading": re.compile(r"has shown he has no", re.IGNORECASE)}
    found = []
    for lesson_id in COURSE_IDS[:COURSE_IDS.index("reading")]:
        for attempt in range(200):
            for question in course_lesson(lesson_id, "en", attempt).questions:
                texts = [question.prompt, question.board.caption, *(c.label for c in question.choices)]
                for concept, words in concepts.items():
                    if COURSE_IDS.index(lesson_id) < COURSE_IDS.index(concept) and any(
                            words.search(text) for text in texts):
                        found.append((lesson_id, attempt, question.id, concept))
    assert not found, found[:5]
