"""Lesson mastery on the Learn page: stars shown in the lesson list, kept for the chosen
learner and there again after a reload (a new session, the learner from the URL); stars
earned before a learner is created are kept for him."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("streamlit")
import streamlit as st  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402

from trainer.store import Store  # noqa: E402
from trainer.teach.lessons import LESSON_IDS, Question, lesson  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
APP = str(ROOT / "app.py")
LEARN = "ui/learn.py"


def ok(target: Any) -> AppTest:
    at: AppTest = target.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def app(learner: str | None = None, **state: Any) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    if learner is not None:
        at.query_params["learner"] = learner
    for key, value in state.items():
        at.session_state[key] = value
    ok(at)
    return ok(at.switch_page(LEARN))


def click(at: AppTest, question: Question, value: str) -> AppTest:
    index = [c.value for c in question.choices].index(value)
    return ok(at.button(key=f"learn_{question.id}_{index}").click())


def finish(at: AppTest, lesson_id: str, wrong: int = 0) -> None:
    for n, question in enumerate(lesson(lesson_id).questions):
        mistake = next(c.value for c in question.choices if c.value != question.right)
        click(at, question, question.right if n >= wrong else mistake)


def create(at: AppTest, name: str) -> None:
    """Open the new learner's panel in the sidebar, type the name and create him."""
    at.session_state["learner_new_open"] = True
    ok(at)
    at.sidebar.text_input(key="learner_new_name").input(name)
    ok(list(at.sidebar.get("form_submit_button"))[0].click())


def test_stars_are_kept_for_the_learner_and_survive_a_reload(db: Path) -> None:
    at = app(learn_lesson="doubles")
    create(at, "Ann")
    finish(at, "doubles", wrong=1)
    with Store(str(db), create=False) as store:
        ann = store.find_learner("Ann")
        assert ann is not None and store.lesson_stars(ann.id) == {"doubles": 2}
    at_doubles = LESSON_IDS.index("doubles")
    assert at.selectbox(key="learn_lesson").options[at_doubles].endswith("★★☆")

    st.cache_resource.clear()
    again = app("Ann")  # a browser reload: a new session, the learner from the URL
    options = again.selectbox(key="learn_lesson").options
    assert options[at_doubles].endswith("★★☆")
    assert "★" not in options[at_doubles - 1] + options[at_doubles + 1]


def test_stars_earned_before_the_learner_exists_are_kept_for_him(db: Path) -> None:
    at = app(learn_lesson="doubles")
    finish(at, "doubles")
    assert at.selectbox(key="learn_lesson").options[LESSON_IDS.index("doubles")].endswith("★★★")
    create(at, "Bea")
    ok(at.switch_page(LEARN))
    with Store(str(db), create=False) as store:
        bea = store.find_learner("Bea")
        assert bea is not None and store.lesson_stars(bea.id) == {"doubles": 3}


def test_stars_earned_as_a_guest_are_kept_when_the_learner_is_made_on_another_page(db: Path) -> None:
    at = app(learn_lesson="doubles")
    finish(at, "doubles", wrong=1)
    ok(at.switch_page("ui/progress.py"))
    create(at, "Cal")
    with Store(str(db), create=False) as store:
        cal = store.find_learner("Cal")
        assert cal is not None and store.lesson_stars(cal.id) == {"doubles": 2}
    # a learner chosen next takes over nothing more, even on the Learn page
    create(at, "Dot")
    ok(at.switch_page(LEARN))
    with Store(str(db), create=False) as store:
        dot = store.find_learner("Dot")
        assert dot is not None and store.lesson_stars(dot.id) == {}
