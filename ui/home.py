"""The start page: one obvious next step (for a newcomer, until the rules lessons are
done, the next of them, and the guided first hand once it is open; then what is due:
today's puzzle, the review, the lesson half done), then today's puzzle, how the count
works, and the other pages."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any, Optional

import streamlit as st

from trainer.engine.layout import Layout
from trainer.errors import TrainerError
from trainer.i18n import join, t, tn
from trainer.puzzles.bank import shipped
from trainer.puzzles.daily import daily
from trainer.store import Store
from trainer.teach.course import COURSE_IDS, course_lesson
from trainer.teach.guided import GUIDED_AFTER
from trainer.teach.lessons import LESSON_IDS, Lesson
from ui.club import assignments_box
from ui.state import club_mode, init_state, learner_id, open_store
from ui.widgets import board, quiz_board

init_state()
LANG: str = st.session_state["lang"]


@dataclass(frozen=True)
class Step:
    """Where to go: the page, its address's parameters, what the button says, why."""

    page: str
    label: str
    why: str
    query: Optional[dict[str, str]] = None
    lesson: Optional[str] = None  # the lesson to open on the Learn page


def lesson_in_progress(all_lessons: tuple[Lesson, ...], answers: dict[str, Any]) -> Optional[Lesson]:
    """The first lesson with some of its questions answered in this visit but not all."""
    for lesson in all_lessons:
        done = sum(q.id in answers for q in lesson.questions)
        if 0 < done < len(lesson.questions):
            return lesson
    return None


def answered_today(today_id: str) -> bool:
    """Whether today's puzzle was answered today: in this visit, or by the chosen learner
    (as the daily puzzle, today; an answer to the same puzzle on another day is not one)."""
    if any(r["part"] == "puzzle" and r["item"] == today_id for r in st.session_state["results"]):
        return True
    learner = learner_id()
    store = open_store() if learner is not None else None
    if store is None or learner is None:
        return False
    try:
        return store.daily_streak(learner).last_day == date.today()
    except TrainerError:
        return False


def review_step(puzzles: int, boards: int) -> Step:
    """The review queue's step, naming what is due: puzzles, drill boards or both."""
    what = [tn("home.due_puzzles", puzzles, LANG)] if puzzles else []
    what += [tn("home.due_boards", boards, LANG)] if boards else []
    return Step("ui/puzzles.py", tn("home.step_review", puzzles + boards, LANG),
                t("home.why_review", LANG, what=join(what, LANG)), {"mode": "review"})


def lessons_done(learner: Optional[int], store: Optional[Store]) -> set[str]:
    """The lessons finished (every question answered, whatever the stars): the chosen
    learner's kept ones and this tab's, which the browser keeps for a guest."""
    done = set(st.session_state.get("learn_stars") or {}) | set(st.session_state.get("learn_anonymous") or {})
    if store is not None and learner is not None:
        try:
            done |= set(store.lesson_stars(learner))
        except TrainerError:
            pass
    return done


def lesson_step(lesson: Lesson, started: bool, first: bool) -> Step:
    """The step to a lesson: the first one, one half done, or the next one."""
    if started:
        return Step("ui/learn.py", t("home.step_lesson", LANG, title=lesson.title),
                    t("home.why_lesson", LANG), lesson=lesson.id)
    if first:
        return Step("ui/learn.py", t("home.step_first", LANG, title=lesson.title), t("home.why_first", LANG),
                    lesson=lesson.id)
    return Step("ui/learn.py", t("home.step_next_lesson", LANG, title=lesson.title),
                t("home.why_next_lesson", LANG), lesson=lesson.id)


def next_steps(today_id: str) -> list[Step]:
    """What to do next, first step first. One path for a newcomer: until the rules
    lessons are done, the first step is the next of them (the one half done, else the
    first not done), with the guided first hand beside it once the lesson on drawing
    and passing is done; then today's puzzle, the review, the lesson half done, the
    next lesson of the strategy course; a game when nothing is due."""
    learner = learner_id()
    store = open_store() if learner is not None else None
    seeds: dict[str, int] = st.session_state.get("learn_seeds", {})
    all_lessons = tuple(course_lesson(lesson_id, LANG, seeds.get(lesson_id, 0)) for lesson_id in COURSE_IDS)
    started = lesson_in_progress(all_lessons, st.session_state["learn_answers"])
    done = lessons_done(learner, store)
    guided = ([Step("ui/guided.py", t("home.step_guided", LANG), t("home.why_guided", LANG))]
              if GUIDED_AFTER in done and not st.session_state.get("guided_done") else [])
    rules = [lesson for lesson in all_lessons if lesson.id in LESSON_IDS]
    if not all(lesson.id in done for lesson in rules):
        if started is not None and started.id in LESSON_IDS:
            return [lesson_step(started, True, False), *guided]
        fresh = next(lesson for lesson in rules if lesson.id not in done)
        return [lesson_step(fresh, False, not done), *guided]
    steps: list[Step] = []
    if not answered_today(today_id):
        steps.append(Step("ui/puzzles.py", t("home.step_daily", LANG), t("home.why_daily", LANG),
                          {"puzzle": today_id}))
    if store is not None and learner is not None:
        try:
            due = store.review_counts(learner)  # counted by the database: a year's queue is thousands
        except TrainerError:
            due = None
        if due is not None and due.due:
            steps.append(review_step(due.due_puzzles, due.due_boards))
    if started is not None:
        steps.append(lesson_step(started, True, False))
    else:
        fresh_lesson = next((lesson for lesson in all_lessons if lesson.id not in done), None)
        if fresh_lesson is not None:
            steps.append(lesson_step(fresh_lesson, False, False))
    steps += guided
    if not steps:
        steps.append(Step("ui/play.py", t("home.step_play", LANG), t("home.why_play", LANG)))
    return steps


def go(step: Step) -> None:
    if step.lesson is not None:
        st.session_state["learn_lesson"] = step.lesson
    st.switch_page(step.page, query_params=step.query)


st.title(t("home.title", LANG))
if club_mode():  # what his classes set him, the first due first
    assignments_box()
today = daily(shipped(), date.today())
steps = next_steps(today.id)
with st.container(border=True):
    first, *more = steps
    st.write(first.why)
    if st.button(first.label, key="home_next", type="primary", icon=":material/arrow_forward:"):
        go(first)
    for number, step in enumerate(more):
        if st.button(step.label, key=f"home_also_{number}"):
            go(step)

# today's puzzle: the question and the tiles alone (no end markers, no count)
st.subheader(t("home.daily", LANG, kind=t(f"puzzles.kind.{today.kind}", LANG)))
st.write(t(f"puzzles.question.{today.kind}", LANG))
quiz_board(today.parsed().layout)
done_today = answered_today(today.id)
if done_today:
    st.caption(t("home.daily_done", LANG))
st.page_link("ui/puzzles.py", label=t("home.daily_again" if done_today else "home.daily_solve", LANG),
             icon=":material/extension:", query_params={"puzzle": today.id})

# how the count works, on a board from a real game
st.subheader(t("home.count_title", LANG))
st.write(t("home.intro", LANG))
sample = Layout.parse("5-5:5-2:5-3:5-0:")
board(sample)
st.write(t("home.count", LANG, ends=join([str(value) for _, value in sample.count_parts()], LANG),
           count=sample.count(), points=sample.points()))

st.subheader(t("home.next", LANG))
with st.container(horizontal=True, gap="small"):
    st.page_link("ui/learn.py", label=t("home.to_learn", LANG), icon=":material/school:")
    st.page_link("ui/drills.py", label=t("home.to_drills", LANG), icon=":material/timer:")
    st.page_link("ui/puzzles.py", label=t("home.to_puzzles", LANG), icon=":material/extension:")
    st.page_link("ui/play.py", label=t("home.to_play", LANG), icon=":material/sports_esports:")
    st.page_link("ui/analysis.py", label=t("home.to_analysis", LANG), icon=":material/search:")
    st.page_link("ui/progress.py", label=t("home.to_progress", LANG), icon=":material/insights:")
