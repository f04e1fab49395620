"""Learn: one lesson per rule, its boards, and check questions answered by clicking.

A question's board is drawn without its end markers and count until every question
on that board is answered, so the drawing never gives the answer away; then the full
board (what each end adds, the count) explains the answer."""

from __future__ import annotations

from typing import Optional

import streamlit as st

from trainer.errors import TrainerError
from trainer.i18n import t
from trainer.lessons import Board, Lesson, Question, lessons
from ui.state import init_state, record_result, start_timer
from ui.widgets import board as full_board
from ui.widgets import hand, quiz_board

init_state()
LANG: str = st.session_state["lang"]
LESSONS: tuple[Lesson, ...] = lessons(LANG)
BY_ID: dict[str, Lesson] = {lesson.id: lesson for lesson in LESSONS}
LESSON_IDS: tuple[str, ...] = tuple(BY_ID)


# ----- boards -----


def show_board(item: Board, reveal: bool) -> None:
    """A lesson board: its caption, the layout (full or quiz) and the hand it has."""
    if not item.caption and item.layout.is_empty:
        return  # a question about the rules themselves: nothing to draw
    if item.caption:
        st.caption(item.caption)
    last = item.last.tile if item.last is not None else None
    if not item.layout.is_empty:
        if reveal:
            full_board(item.layout, last=last)
        else:
            quiz_board(item.layout, last=last)
    if item.hand:
        hand(item.hand)


# ----- answers -----
def answers() -> dict[str, str]:
    result: dict[str, str] = st.session_state["learn_answers"]
    return result


def is_right(question: Question) -> bool:
    given = answers().get(question.id)
    return given is not None and question.check(given).correct


def choose(question: Question, value: str) -> None:
    """Callback: keep the clicked choice and record the result."""
    try:
        correct = question.check(value).correct
    except TrainerError:
        return
    answers()[question.id] = value
    layout = question.board.layout
    record_result("lesson", question.id, correct, detail=value, kind=question.kind,
                  position="" if layout.is_empty else str(layout), answer=value,
                  timer=f"lesson:{question.id}")


def restart(lesson: Lesson) -> None:
    for question in lesson.questions:
        answers().pop(question.id, None)


def go_to(lesson_id: str) -> None:
    st.session_state["learn_lesson"] = lesson_id


# ----- the page parts -----
def lesson_label(lesson_id: str) -> str:
    lesson = BY_ID[lesson_id]
    number = LESSON_IDS.index(lesson_id) + 1
    done = all(is_right(q) for q in lesson.questions)
    return t("learn.option_done" if done else "learn.option", LANG, number=number, title=lesson.title)


def question_boards(lesson: Lesson) -> list[Board]:
    return [q.board for q in lesson.questions]


def mark(value: str, right: str, given: Optional[str]) -> Optional[str]:
    """Once answered: a tick on the right choice, a cross on a wrong one picked."""
    if given is None:
        return None
    if value == right:
        return ":material/check:"
    return ":material/close:" if value == given else None


def show_choices(question: Question) -> None:
    given = answers().get(question.id)
    with st.container(horizontal=True):
        for index, choice in enumerate(question.choices):
            st.button(choice.label, key=f"learn_{question.id}_{index}", on_click=choose,
                      args=(question, choice.value), disabled=given is not None,
                      icon=mark(choice.value, question.right, given))


def show_feedback(question: Question) -> None:
    given = answers().get(question.id)
    if given is None:
        return
    feedback = question.check(given)
    if feedback.correct:
        st.success(feedback.message)
        return
    st.error(feedback.message)
    lines = list(feedback.details)
    if lines and feedback.message.endswith(lines[-1]):
        lines.pop()  # the sum closes the message already
    if lines:
        st.markdown("\n".join(f"- {line}" for line in lines))


def show_question(lesson: Lesson, number: int, previous: Optional[Board]) -> None:
    question = lesson.questions[number - 1]
    if question.board != previous:  # a board shared with the question above is not drawn again
        sharing = [q for q in lesson.questions if q.board == question.board]
        show_board(question.board, reveal=all(q.id in answers() for q in sharing))
    total = len(lesson.questions)
    if question.id not in answers():
        start_timer(f"lesson:{question.id}", question.id)
    st.markdown(f"**{t('learn.question', LANG, number=number, total=total)}** · {question.prompt}")
    show_choices(question)
    show_feedback(question)


def show_progress(lesson: Lesson) -> None:
    right = sum(is_right(q) for q in lesson.questions)
    total = len(lesson.questions)
    st.progress(right / total, text=t("learn.progress", LANG, right=right, total=total))
    if right == total:
        st.success(t("learn.complete", LANG))
    elif all(q.id in answers() for q in lesson.questions):
        st.button(t("learn.again", LANG), key="learn_again", on_click=restart, args=(lesson,))


def show_next(lesson: Lesson) -> None:
    index = LESSON_IDS.index(lesson.id)
    if index + 1 < len(LESSONS):
        following = LESSONS[index + 1]
        st.button(t("learn.next", LANG, title=following.title), key="learn_next", type="primary",
                  on_click=go_to, args=(following.id,))
    else:
        st.info(t("learn.last", LANG))
        st.page_link("ui/drills.py", label=t("learn.to_drills", LANG), icon=":material/timer:")


if st.session_state["learn_lesson"] not in BY_ID:
    st.session_state["learn_lesson"] = LESSON_IDS[0]

st.title(t("learn.title", LANG))
st.caption(t("learn.intro", LANG))
labels = {lesson_id: lesson_label(lesson_id) for lesson_id in LESSON_IDS}
st.selectbox(t("learn.pick", LANG), LESSON_IDS, key="learn_lesson", format_func=labels.__getitem__,
             persist_state="session")
current = BY_ID[st.session_state["learn_lesson"]]
st.subheader(current.title)
st.markdown(current.body)
asked = question_boards(current)
for example in (b for b in current.boards if b not in asked):
    show_board(example, reveal=True)
st.subheader(t("learn.check", LANG))
shown: Optional[Board] = None
for n, q in enumerate(current.questions, start=1):
    show_question(current, n, shown)
    shown = q.board
st.divider()
show_progress(current)
show_next(current)
