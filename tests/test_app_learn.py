"""The app driven as a user would, with streamlit's AppTest: the Learn page (every
lesson, right and wrong answers, progress, the next lesson), the start page, the
analysis board (permalinks good and malformed, the click builder) and page switches.

Right answers are read from trainer.teach.lessons, the module the page draws from."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("streamlit")
from streamlit.testing.v1 import AppTest  # noqa: E402

from tests.support import literal_keys
from trainer.engine.layout import Layout  # noqa: E402
from trainer.engine.position import Position  # noqa: E402
from trainer.errors import TrainerError  # noqa: E402
from trainer.i18n import catalogue, t  # noqa: E402
from trainer.svg import describe  # noqa: E402
from trainer.teach.lessons import LESSON_IDS, Lesson, Question, lesson, lessons  # noqa: E402
from ui.state import reason  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LEARN = "ui/learn.py"
EXAMPLE = ("0-0:0-3,3-4,4-6,6-5,5-5,5-1,1-0:0-4,4-2,2-1,1-3,3-2,2-0,0-5,5-4::"
           "0-6,6-3,3-3,3-5,5-2,2-2,2-6,6-1 6-6,4-4/4-1,1-1 - 1 15,15")


# ----- helpers -----
def ok(target: Any) -> AppTest:
    """Run the app (or the app a clicked widget belongs to) and check nothing raised."""
    at: AppTest = target.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def app(page: str | None = None, **state: Any) -> AppTest:
    """The app with `state` set before its first run, switched to `page`."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    for key, value in state.items():
        at.session_state[key] = value
    ok(at)
    if page is not None:
        ok(at.switch_page(page))
    return at


def texts(elements: Any) -> list[str]:
    return [str(e.value) for e in elements]


def progress(at: AppTest) -> str:
    """The text of the page's progress bar."""
    return str(at.get("progress")[0].proto.text)


def index_of(question: Question, value: str) -> int:
    return [c.value for c in question.choices].index(value)


def click(at: AppTest, question: Question, value: str) -> AppTest:
    return ok(at.button(key=f"learn_{question.id}_{index_of(question, value)}").click())


def wrong_value(question: Question) -> str:
    return next(c.value for c in question.choices if c.value != question.right)


# ----- the Learn page -----
def test_every_lesson_is_offered_in_order_and_shows() -> None:
    at = app(LEARN)
    picker = at.selectbox(key="learn_lesson")
    titles = [f"{n}. {item.title}" for n, item in enumerate(lessons(), start=1)]
    assert picker.options[:len(titles)] == titles
    for n, item in enumerate(lessons()):
        ok(at.selectbox(key="learn_lesson").select_index(n))
        assert at.session_state["learn_lesson"] == item.id
        assert item.title in texts(at.header)
        first = item.stages[0]  # one stage at a time: the next opens once these are answered
        choice_keys = {b.key for b in at.button if b.key and b.key.startswith("learn_") and "." in b.key}
        assert len(choice_keys) == sum(len(q.choices) for q in first.questions)
        prompts = " ".join(texts(at.markdown))
        assert first.text in prompts
        assert all(q.prompt in prompts for q in first.questions)
        later = [q.id for q in item.stages[1].questions]
        assert not [k for k in choice_keys if any(k.startswith(f"learn_{qid}_") for qid in later)]


def test_a_right_answer_says_so_and_is_recorded() -> None:
    item = lesson("count")
    at = app(LEARN, learn_lesson="count")
    for question in item.questions:
        click(at, question, question.right)
        assert question.check(question.right).message in texts(at.success)
    assert not at.error
    results = [r for r in at.session_state["results"] if r["part"] == "lesson"]
    assert [(r["item"], r["correct"]) for r in results] == [(q.id, True) for q in item.questions]
    total = len(item.questions)
    assert progress(at) == t("learn.progress", right=total, total=total)
    assert t("learn.complete") in texts(at.success)
    number = LESSON_IDS.index("count") + 1
    assert at.selectbox(key="learn_lesson").options[number - 1] == f"{number}. {item.title} ★★★"


def test_a_wrong_answer_is_explained_with_the_board() -> None:
    item = lesson("count")
    question = item.questions[-1]  # four arms
    layout = question.board.layout
    at = app(LEARN, learn_lesson="count")
    for earlier in item.questions[:-1]:
        click(at, earlier, earlier.right)
    assert describe(layout) not in texts(at.caption)  # the count is not given away
    wrong = wrong_value(question)
    click(at, question, wrong)
    feedback = question.check(wrong)
    assert feedback.message in texts(at.error)
    assert question.explanation in feedback.message
    shown = " ".join(texts(at.markdown))
    assert all(line in shown or feedback.message.endswith(line) for line in feedback.details)
    assert describe(layout) in texts(at.caption)  # the full board, with what each end adds
    assert at.session_state["results"][-1] == {"part": "lesson", "item": question.id, "correct": False,
                                               "detail": wrong}
    buttons = [at.button(key=f"learn_{question.id}_{i}") for i in range(len(question.choices))]
    assert all(b.disabled for b in buttons)


def test_a_board_shared_by_questions_stays_hidden_until_all_are_answered() -> None:
    """Before the count lesson, a board keeps its tiles alone even once answered: its
    marks and count are taught later."""
    item = lesson("spinner")
    first, second = (q for q in item.questions if q.id in ("spinner.ends", "spinner.second"))
    assert first.board == second.board and not first.board.marks
    at = app(LEARN, learn_lesson="spinner")
    for earlier in item.questions[:item.questions.index(first)]:
        click(at, earlier, earlier.right)
    click(at, first, first.right)
    for between in item.questions[item.questions.index(first) + 1:item.questions.index(second)]:
        click(at, between, between.right)
    assert describe(first.board.layout) not in texts(at.caption)
    click(at, second, second.right)
    assert describe(first.board.layout) not in texts(at.caption)  # still the tiles alone
    assert not [c for c in texts(at.caption) if "count" in c]


def test_progress_retry_and_next_lesson() -> None:
    item: Lesson = lesson("deal")
    at = app(LEARN)
    click(at, item.questions[0], wrong_value(item.questions[0]))
    for question in item.questions[1:]:
        click(at, question, question.right)
    total = len(item.questions)
    assert progress(at) == t("learn.progress", right=total - 1, total=total)
    assert t("learn.stars", stars="★★☆", earned=2, most=3) in texts(at.success)
    ok(at.button(key="learn_again").click())
    assert not at.error and not at.success
    again = lesson("deal", seed=1)  # another attempt: new boards, another order
    assert at.session_state["learn_seeds"]["deal"] == 1
    for question in again.questions:
        click(at, question, question.right)
    assert t("learn.complete") in texts(at.success)
    ok(at.button(key="learn_next").click())
    assert at.session_state["learn_lesson"] == lessons()[1].id
    assert lessons()[1].title in texts(at.header)


def test_the_last_lesson_points_to_the_strategy_course_then_the_worked_hands() -> None:
    from trainer.teach.course import course_lesson
    at = app(LEARN, learn_lesson=lessons()[-1].id)
    assert not [b for b in at.button if b.key == "learn_next"]  # not before the lesson is done
    for question in lessons()[-1].questions:
        click(at, question, question.right)
    ok(at.button(key="learn_next").click())
    assert at.session_state["learn_lesson"] == "leads"
    at = app(LEARN, learn_lesson="muggins")
    for question in course_lesson("muggins").questions:
        click(at, question, question.right)
    ok(at.button(key="learn_next").click())
    assert at.session_state["learn_lesson"] == "worked"
    assert t("learn.last") in texts(at.info)
    assert not [b for b in at.button if b.key == "learn_next"]


def test_a_bad_lesson_id_in_the_session_falls_back_to_the_first() -> None:
    at = app(LEARN, learn_lesson="no-such-lesson")
    assert at.session_state["learn_lesson"] == lessons()[0].id


def test_page_switches_keep_the_lesson_and_the_answers() -> None:
    item = lesson("doubles")
    at = app(LEARN, learn_lesson="doubles")
    click(at, item.questions[0], item.questions[0].right)
    for page in ("ui/drills.py", "ui/analysis.py", "ui/home.py", LEARN):
        ok(at.switch_page(page))
    assert at.session_state["learn_lesson"] == "doubles"
    assert item.questions[0].check(item.questions[0].right).message in texts(at.success)


# ----- the start page -----
def test_home_shows_a_board_and_where_to_go() -> None:
    at = app()
    assert "All Fives trainer" in texts(at.title)
    assert describe(Layout.parse("5-5:5-2:5-3:5-0:")) in texts(at.caption)
    assert [b.key for b in at.main.button] == ["home_next"]  # one next step; the rest are links


# ----- the analysis board -----
def test_analysis_permalink_shows_the_moves_and_the_exact_value() -> None:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    ok(at)
    at.query_params["position"] = EXAMPLE
    ok(at.switch_page("ui/analysis.py"))
    assert any("Exact value for player 2: **20**" in s for s in texts(at.success))  # 1 in the code
    table = at.table[0].value
    codes = [name.rsplit("(", 1)[1].rstrip(")") for name in table["move"]]  # "4-1 on the ... (4-1@W)"
    assert sorted(codes) == ["1-1@S", "4-1@S", "4-1@W"]
    assert dict(zip(codes, table["value"])) == {"4-1@W": "20", "4-1@S": "10", "1-1@S": "0"}
    assert not at.error


def test_a_malformed_permalink_shows_the_parse_error_and_an_empty_board() -> None:
    bad = "5-5:5-2:5-9:: -/- - 0 0,0"
    with pytest.raises(TrainerError) as raised:
        Position.from_code(bad)
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    ok(at)
    at.query_params["position"] = bad
    ok(at.switch_page("ui/analysis.py"))
    assert texts(at.error) == [f"This position code cannot be read: {reason(raised.value)}"]
    # the empty board of docs/learners/analysis.md, said to be empty (not the code's), and no moves
    captions = texts(at.caption)
    assert t("analysis.bad_code_empty") in captions and describe(Layout.parse("-")) in captions
    assert captions.index(t("analysis.bad_code_empty")) < captions.index(describe(Layout.parse("-")))
    assert not at.table


def test_the_builder_puts_clicked_tiles_on_clicked_ends() -> None:
    at = app("ui/analysis.py")
    ok(at.button(key="free_6-6").click())  # the lead: one place, so the click puts it there
    assert at.session_state["build_layout"] == "6-6::::"
    ok(at.button(key="free_6-4").click())  # east or west: chosen by a second click
    assert at.session_state["build_layout"] == "6-6::::"
    ok(at.button(key="place_E").click())
    assert at.session_state["build_layout"] == "6-6:6-4:::"
    assert describe(Layout.parse("6-6:6-4:::")) in texts(at.caption)


# ----- the text -----
def test_every_key_the_pages_use_is_in_the_english_catalogue() -> None:
    used = literal_keys(ROOT / "ui" / "learn.py") | literal_keys(ROOT / "ui" / "drills.py")
    assert len(used) > 25
    assert not sorted(used - set(catalogue("en")))


# ----- the strategy course and the worked hands -----
def test_a_strategy_lesson_is_answered_and_explained_with_the_solver() -> None:
    """A wrong answer: the right move and the idea in the box; what it rests on (solved
    exactly) and the lines, the wrong choice's own first, folded below it."""
    from trainer.teach.strategy import strategy_lesson

    item = strategy_lesson("blocking")  # every tile known: solved exactly, explained by its lines
    at = app(LEARN, learn_lesson="blocking")
    assert any(f"Strategy: {item.title}" in option for option in at.selectbox(key="learn_lesson").options)
    first, best = item.questions[0], item.questions[1]
    click(at, first, first.right)
    click(at, best, wrong_value(best))
    feedback = best.check(wrong_value(best))
    assert feedback.message in texts(at.error) and best.explanation in feedback.message
    assert "Solved exactly" not in feedback.message and "best play:" not in feedback.message
    folded = [str(c.value) for c in at.expander[0].caption]
    assert at.expander[0].label == t("learn.figures") and folded == list(feedback.details)
    chosen = next(c.label for c in best.choices if c.value == wrong_value(best))
    assert folded[0].startswith(f"After {chosen}, best play:")  # the wrong choice's own line
    assert folded[1].startswith("Solved exactly")


@pytest.mark.parametrize("lesson_id", ["blocking", "defence"])
def test_a_right_strategy_answer_is_given_its_reason(lesson_id: str) -> None:
    """A right answer says why in plain words; on deals the figures and their 95% margins
    are folded, never in the box."""
    from trainer.teach.strategy import strategy_lesson

    item = strategy_lesson(lesson_id)
    best = next(q for q in item.questions if q.kind == "best_move")
    at = app(LEARN, learn_lesson=lesson_id)
    for question in item.questions[:item.questions.index(best) + 1]:
        click(at, question, question.right)
    said = next(text for text in texts(at.success) if text.startswith(f"Right: {best.right_choice.label}."))
    assert best.explanation and said.endswith(best.explanation)
    assert "95%" not in said and "deals of the" not in said
    folded = [str(c.value) for e in at.expander if e.label == t("learn.figures") for c in e.caption]
    assert best.figures in folded


def test_worked_hands_ask_what_you_would_play_then_give_the_verdict() -> None:
    from trainer.engine.movenames import move_words
    from trainer.engine.moves import Move
    from trainer.teach.worked import WORKED_SEEDS, judge_move, narrate, worked_hand

    hand = worked_hand(WORKED_SEEDS[0])
    lines = narrate(hand)
    at = app(LEARN, learn_lesson="worked")
    assert t("worked.title") in texts(at.header)
    assert t("worked.your_turn", player=hand.learner + 1) in texts(at.markdown)
    assert not [b for b in at.button if b.key and b.key.startswith("worked1_next")]  # an answer first
    ok(at.button(key="worked1_0_2-2").click())  # a lead goes one way: the answer at once
    first = hand.steps[0]
    verdict = judge_move(first, Move.parse("2-2")).words
    boxes = texts(at.success) + texts(at.warning) + texts(at.info)
    shown = " ".join(boxes)
    assert verdict in shown and judge_move(first, first.move).words in shown
    assert first.move != Move.parse("2-2")  # another move than the hand's: a verdict on each
    assert f'{t("worked.you_chose")} {verdict}' in boxes
    in_hand = t("worked.in_hand", player=hand.learner + 1, move=move_words(first.move))
    assert sum(in_hand in b for b in boxes) == 1
    basis = t("worked.basis", player=hand.learner + 1, deals="200", playouts="4,000")
    assert any(basis in c for c in texts(at.caption))
    for n in range(len(hand.steps)):
        step = hand.steps[n]
        if step.before.turn == hand.learner and step.choice and n:
            assert t("worked.your_turn", player=hand.learner + 1) in texts(at.markdown)
            ok(at.button(key=f"worked1_{n}_{step.move.tile}").click())  # as played in the hand
            ends = [b for b in at.button if b.key and b.key.startswith(f"worked1_{n}_end_")]
            if ends:
                ok(at.button(key=f"worked1_{n}_end_{step.move.side}").click())
            boxes = texts(at.success) + texts(at.warning) + texts(at.info)  # one verdict, said once
            assert [b for b in boxes if b.startswith(t("worked.you_chose_too"))] == \
                [f'{t("worked.you_chose_too")} {judge_move(step, step.move).words}']
            assert not [b for b in boxes if b.startswith(t("worked.you_chose") + " ")]
        elif step.before.turn != hand.learner:
            assert lines[n + 1] in texts(at.info)
        ok(at.button(key=f"worked1_next_{n}").click())
    assert lines[-1] in " ".join(texts(at.success))
    assert t("learn.last") in texts(at.info)


def test_a_board_whose_choices_name_ends_marks_each_end_with_its_letter() -> None:
    """A best-move question's choices say 3-2@W: before the answer its board marks each
    end with its letter alone (no count given away); once answered, beside what it adds."""
    import base64
    import re

    from trainer.teach.strategy import strategy_lesson

    def drawings(at: AppTest) -> list[str]:
        return [base64.b64decode(found).decode() for element in at.get("html")
                for found in re.findall(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)", element.value)]

    item = strategy_lesson("setups")
    best = next(q for q in item.questions if q.kind == "best_move")
    sides = {value.split("@")[1] for value in (c.value for c in best.choices)}
    at = app(LEARN, learn_lesson="setups")
    for question in item.questions[:item.questions.index(best)]:
        click(at, question, question.right)
    board = [svg for svg in drawings(at) if 'class="open-end named"' in svg]
    assert board, "the question's board names no end"
    named = set(re.findall(r'class="open-end named" data-side="([EWNS])"', board[-1]))
    assert sides <= named
    click(at, best, best.right)
    shown = [svg for svg in drawings(at) if 'class="side"' in svg]
    assert shown and sides <= set(re.findall(r'class="side" data-side="([EWNS])"', shown[-1]))
