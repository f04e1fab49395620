"""Learn: the rules lessons, then the strategy course. A lesson is a few short stages,
each one idea with its questions, answered by clicking; the next stage opens once the
questions before it are answered. Up to three stars, one lost per mistake; the best
stars of each lesson are the learner's mastery, kept in the store when a learner is
chosen. "Try again" deals new boards and a new order of the choices.

A question's board is drawn without its end markers and count until every question
on that board is answered, so the drawing never gives the answer away; then the full
board (what each end adds, the count) explains the answer."""

from __future__ import annotations

from typing import Any, Optional

import streamlit as st

from trainer.engine.movenames import move_words
from trainer.engine.moves import Move
from trainer.engine.seats import seat
from trainer.engine.tiles import Tile
from trainer.engine.twins import only_twins, twin_key
from trainer.errors import TrainerError
from trainer.i18n import t, tn
from trainer.teach.course import COURSE_IDS, course_lesson, course_title
from trainer.teach.guided import GUIDED_AFTER
from trainer.teach.lessons import STARS, Board, Lesson, Question, Stage, stars
from trainer.teach.strategy import STRATEGY_IDS
from trainer.teach.worked import (
    WORKED_SEEDS,
    Step,
    basis_words,
    judge_move,
    narrate,
    turn_words,
    worked_hand,
)
from ui.state import init_state, learner_id, open_store, record_result, start_timer
from ui.widgets import board as full_board
from ui.widgets import end_buttons, guard, hand, quiz_board, tile_buttons

init_state()
LANG: str = st.session_state["lang"]
WORKED = "worked"  # the worked hands, after the strategy course
PICK_IDS: tuple[str, ...] = (*COURSE_IDS, WORKED)
for name in ("learn_seeds", "learn_stars", "learn_anonymous"):  # lesson id -> attempt, best, unkept
    if name not in st.session_state:
        st.session_state[name] = {}
if "learn_loaded" not in st.session_state:
    st.session_state["learn_loaded"] = None  # the learner whose stars were read


# ----- the attempt of each lesson, and mastery -----
def seed_of(lesson_id: str) -> int:
    seeds: dict[str, int] = st.session_state["learn_seeds"]
    return seeds.get(lesson_id, 0)


def current(lesson_id: str) -> Lesson:
    return course_lesson(lesson_id, LANG, seed_of(lesson_id))


def best_stars() -> dict[str, int]:
    """The best stars of each lesson: the chosen learner's kept ones (read from the store
    once per learner), or this session's while no learner is chosen. Stars earned
    before a learner was chosen are kept for him when he is."""
    kept: dict[str, int] = st.session_state["learn_stars"]
    learner = learner_id()
    if learner is not None and st.session_state["learn_loaded"] != learner:
        store = open_store()
        if store is not None:
            try:
                for lesson_id, earned in st.session_state["learn_anonymous"].items():
                    store.record_lesson(learner, lesson_id, earned)
                st.session_state["learn_anonymous"] = {}
                kept = dict(store.lesson_stars(learner))
            except TrainerError as error:
                guard(error)
        st.session_state["learn_stars"] = kept
        st.session_state["learn_loaded"] = learner
    return kept


def keep_stars(lesson: Lesson, earned: int) -> None:
    """A lesson finished: its stars kept in the session and for the chosen learner."""
    kept = best_stars()
    kept[lesson.id] = max(kept.get(lesson.id, -1), earned)
    learner = learner_id()
    store = open_store() if learner is not None else None
    if learner is None or store is None:
        anonymous: dict[str, int] = st.session_state["learn_anonymous"]
        anonymous[lesson.id] = max(anonymous.get(lesson.id, -1), earned)
        return
    try:
        store.record_lesson(learner, lesson.id, earned)
    except TrainerError as error:
        guard(error)


# ----- answers -----
def answers() -> dict[str, str]:
    result: dict[str, str] = st.session_state["learn_answers"]
    return result


def is_right(question: Question) -> bool:
    given = answers().get(question.id)
    return given is not None and question.check(given).correct


def mistakes(lesson: Lesson) -> int:
    return sum(q.id in answers() and not is_right(q) for q in lesson.questions)


def choose(lesson: Lesson, question: Question, value: str) -> None:
    """Callback: keep the clicked choice and record the result; at the lesson's last
    answer, keep its stars."""
    try:
        correct = question.check(value).correct
    except TrainerError:
        return
    if question.id in answers():
        return
    answers()[question.id] = value
    layout = question.board.layout
    record_result("lesson", question.id, correct, detail=value, kind=question.kind,
                  position="" if layout.is_empty else str(layout), answer=value,
                  timer=f"lesson:{question.id}")
    if all(q.id in answers() for q in lesson.questions):
        keep_stars(lesson, stars(mistakes(lesson)))


def restart(lesson: Lesson) -> None:
    """Callback: a new attempt, with new boards and a new order of the choices."""
    for question in lesson.questions:
        answers().pop(question.id, None)
    seeds: dict[str, int] = st.session_state["learn_seeds"]
    seeds[lesson.id] = seed_of(lesson.id) + 1


def go_to(lesson_id: str) -> None:
    st.session_state["learn_lesson"] = lesson_id


# ----- the page parts -----
def star_text(count: int) -> str:
    return "★" * count + "☆" * (STARS - count)


def lesson_label(lesson_id: str) -> str:
    if lesson_id == WORKED:
        return t("worked.title", LANG)
    number = COURSE_IDS.index(lesson_id) + 1
    title = course_title(lesson_id, LANG)
    if lesson_id in STRATEGY_IDS:
        title = t("learn.strategy_title", LANG, title=title)
    best = best_stars().get(lesson_id)
    if best is None:
        return t("learn.option", LANG, number=number, title=title)
    return t("learn.option_stars", LANG, number=number, title=title, stars=star_text(best))


NAMED_ENDS = ("part", "fits", "scoring_end")  # questions naming an end: the quiz board marks each end


def names_end(question: Question) -> bool:
    """Whether the question's choices name an end (its kind, or a move such as 3-2@W),
    so that the board before the answer marks each end with its letter."""
    return question.kind in NAMED_ENDS or any("@" in choice.value for choice in question.choices)


def show_board(item: Board, reveal: bool, named_ends: bool = False) -> None:
    """A lesson board: its caption, the layout (full once answered, unless the board has
    no marks yet: then its tiles alone; a quiz for a question that names an end marks
    each end with its letter) and the hand it has."""
    if not item.caption and item.layout.is_empty:
        return  # a question about the rules themselves: nothing to draw
    if item.caption:
        st.caption(item.caption)
    last = item.last.tile if item.last is not None else None
    if not item.layout.is_empty:
        if reveal and item.marks:
            full_board(item.layout, last=last)
        else:
            quiz_board(item.layout, last=last, named_ends=named_ends)
    if item.hand:
        hand(item.hand)


def mark(value: str, right: str, given: Optional[str]) -> Optional[str]:
    """Once answered: a tick on the right choice, a cross on a wrong one picked."""
    if given is None:
        return None
    if value == right:
        return ":material/check:"
    return ":material/close:" if value == given else None


def show_choices(lesson: Lesson, question: Question) -> None:
    given = answers().get(question.id)
    with st.container(horizontal=True):
        for index, choice in enumerate(question.choices):
            st.button(choice.label, key=f"learn_{question.id}_{index}", on_click=choose,
                      args=(lesson, question, choice.value), disabled=given is not None,
                      icon=mark(choice.value, question.right, given))


def show_feedback(question: Question) -> None:
    given = answers().get(question.id)
    if given is None:
        return
    feedback = question.check(given)
    (st.success if feedback.correct else st.error)(feedback.message)
    lines = [line for line in feedback.details if line not in feedback.message]
    if not lines:
        return
    if question.figures:  # the reason is said above; what it rests on and the lines are folded
        with st.expander(t("learn.figures", LANG)):
            for line in lines:
                st.caption(line)
    elif not feedback.correct:
        st.markdown("\n".join(f"- {line}" for line in lines))


def show_question(lesson: Lesson, question: Question, number: int, previous: Optional[Board]) -> None:
    if question.board != previous:  # a board shared with the question above is not drawn again
        sharing = [q for q in lesson.questions if q.board == question.board]
        show_board(question.board, reveal=all(q.id in answers() for q in sharing),
                   named_ends=any(names_end(q) for q in sharing))
    total = len(lesson.questions)
    if question.id not in answers():
        start_timer(f"lesson:{question.id}", question.id)
    st.markdown(f"**{t('learn.question', LANG, number=number, total=total)}** · {question.prompt}")
    show_choices(lesson, question)
    show_feedback(question)


def show_stages(lesson: Lesson) -> None:
    """Each stage in turn: the next one opens once every question before it is answered."""
    number = 0
    shown: Optional[Board] = None
    for index, stage in enumerate(lesson.stages, start=1):
        show_stage(lesson, stage, index, number, shown)
        number += len(stage.questions)
        shown = stage.questions[-1].board if stage.questions else shown
        if not all(q.id in answers() for q in stage.questions):
            break


def show_stage(lesson: Lesson, stage: Stage, index: int, before: int, shown: Optional[Board]) -> None:
    st.markdown(f"**{t('learn.stage', LANG, number=index, total=len(lesson.stages))}** · {stage.text}")
    for example in stage.boards:
        show_board(example, reveal=True)
    for offset, question in enumerate(stage.questions, start=1):
        show_question(lesson, question, before + offset, shown)
        shown = question.board


def show_progress(lesson: Lesson) -> None:
    right = sum(is_right(q) for q in lesson.questions)
    total = len(lesson.questions)
    st.progress(right / total, text=t("learn.progress", LANG, right=right, total=total))
    if not all(q.id in answers() for q in lesson.questions):
        return
    earned = stars(mistakes(lesson))
    if right == total:
        st.success(t("learn.complete", LANG))
    message = t("learn.stars", LANG, stars=star_text(earned), earned=earned, most=STARS)
    (st.success if earned else st.warning)(message)
    st.button(t("learn.again", LANG), key="learn_again", on_click=restart, args=(lesson,))


def show_next(lesson_id: str) -> None:
    """Once a lesson is finished: the next one (and after the lesson on drawing and
    passing, the guided first hand)."""
    if lesson_id == GUIDED_AFTER:
        st.page_link("ui/guided.py", label=t("learn.to_guided", LANG), icon=":material/sports_esports:")
    index = PICK_IDS.index(lesson_id)
    if index + 1 < len(PICK_IDS):
        following = PICK_IDS[index + 1]
        title = t("worked.title", LANG) if following == WORKED else course_title(following, LANG)
        st.button(t("learn.next", LANG, title=title), key="learn_next", type="primary",
                  on_click=go_to, args=(following,))
    else:
        st.info(t("learn.last", LANG))
        st.page_link("ui/drills.py", label=t("learn.to_drills", LANG), icon=":material/timer:")


def worked_state(number: int) -> dict[str, Any]:
    """The learner's place in worked hand `number`: the turn shown, the tile picked and
    his answers (turn -> move), kept for the visit."""
    key = f"learn_worked_{number}"
    if key not in st.session_state:
        st.session_state[key] = {"at": 0, "tile": None, "answers": {}}
    state: dict[str, Any] = st.session_state[key]
    return state


def worked_answer(state: dict[str, Any], at: int, move: Move) -> None:
    state["answers"][at] = str(move)
    state["tile"] = None


def worked_pick(state: dict[str, Any], at: int, step: Step, tile: Tile) -> None:
    """A tile of the hand clicked: the answer at once when it can go only one way."""
    options = [m for m in step.before.legal_moves() if m.tile == tile]
    if len(options) == 1 or only_twins(step.before, options):
        worked_answer(state, at, options[0])
    else:
        state["tile"] = str(tile)


def worked_next(state: dict[str, Any], steps: int) -> None:
    state["at"] = min(state["at"] + 1, steps)
    state["tile"] = None


def worked_again(state: dict[str, Any]) -> None:
    state.update(at=0, tile=None, answers={})


VERDICT_LOOK = {"best": st.success, "close": st.success, "worse": st.warning, "unclear": st.info}


def show_verdict(step: Step, move: Move, lead: str) -> None:
    judgement = judge_move(step, move, LANG)
    VERDICT_LOOK[judgement.kind](f"{lead} {judgement.words}")


def show_worked() -> None:
    """A worked hand from the seat of the player who leads: at each of his turns with a
    choice the learner says what he would play, then sees the verdict on his choice and
    on the move played in the hand, weighed on what that player could know, with what
    it rests on; the other turns are told one by one."""
    st.header(t("worked.title", LANG))
    st.caption(t("worked.intro", LANG))
    numbers = list(range(1, len(WORKED_SEEDS) + 1))
    number = st.segmented_control(t("worked.pick", LANG), numbers, key="learn_worked", required=True,
                                  default=1, format_func=lambda n: t("worked.hand", LANG, number=n)) or 1
    played = worked_hand(WORKED_SEEDS[number - 1])
    state = worked_state(number)
    lines = narrate(played, LANG)
    st.write(lines[0])
    steps, at, you = played.steps, state["at"], played.learner
    if at < len(steps):
        step = steps[at]
        st.caption(t("worked.step", LANG, n=at + 1, total=len(steps)))
        if not step.before.layout.is_empty:
            full_board(step.before.layout)
        other = 1 - you
        st.caption(t("worked.table", LANG, player=seat(other),
                     tiles=tn("plural.tiles", len(step.before.hand(other)), LANG),
                     bone=tn("plural.tiles", len(step.before.known_boneyard()), LANG)))
        mine = step.before.hand(you)
        answer = state["answers"].get(at)
        if step.before.turn == you and step.choice:
            st.write(t("worked.your_turn", LANG, player=seat(you)))
            if answer is None:
                moves = step.before.legal_moves()
                playable = tuple(x for x in mine if any(m.tile == x for m in moves))
                picked = Tile.parse(state["tile"]) if state["tile"] else None
                tile_buttons(mine, key=f"worked{number}_{at}", selected=picked, playable=playable,
                             on_pick=lambda x: worked_pick(state, at, step, x))
                if picked is not None:
                    pips = {e.side: e.pip for e in step.before.layout.open_ends()}
                    options = [m for m in moves if m.tile == picked and m.side]
                    end_buttons([(m.side, pips[m.side]) for m in options if m.side],
                                key=f"worked{number}_{at}_end", tile=picked,
                                on_pick=lambda side: worked_answer(state, at, Move(picked, side)))
            else:
                hand(mine)
                chosen = Move.parse(answer)
                assert step.move is not None
                if twin_key(step.before, chosen) == twin_key(step.before, step.move):  # one verdict
                    show_verdict(step, chosen, t("worked.you_chose_too", LANG))
                else:
                    show_verdict(step, chosen, t("worked.you_chose", LANG))
                    show_verdict(step, step.move, t("worked.in_hand", LANG, player=seat(you),
                                                     move=move_words(step.move, LANG)))
                st.caption(basis_words(step, LANG))
        else:
            if step.before.turn == you:
                hand(mine)
            else:
                st.write(t("worked.their_turn", LANG, player=seat(step.before.turn)))
            st.info(turn_words(step, LANG))
            if step.choice:
                st.caption(basis_words(step, LANG))
        if not (step.before.turn == you and step.choice and answer is None):  # answered, or nothing to ask
            label = t("worked.next" if at + 1 < len(steps) else "worked.see_end", LANG)
            st.button(label, key=f"worked{number}_next_{at}", type="primary",
                      on_click=worked_next, args=(state, len(steps)))
    else:
        last = steps[-1]
        full_board(played.end.layout, last=last.move.tile if last.move is not None else None)
        st.success(" ".join(lines[len(steps) + 1:]))
        st.button(t("worked.again", LANG), key=f"worked{number}_again", on_click=worked_again, args=(state,))
    if at:
        with st.expander(t("worked.story", LANG)):
            st.markdown("\n".join(f"{n}. {line}" for n, line in enumerate(lines[1:at + 1], start=1)))


if st.session_state["learn_lesson"] not in PICK_IDS:
    st.session_state["learn_lesson"] = COURSE_IDS[0]

st.title(t("learn.title", LANG))
st.caption(t("learn.intro", LANG))
labels = {lesson_id: lesson_label(lesson_id) for lesson_id in PICK_IDS}
# set again before the picker is drawn: a lesson's stars change its label, Streamlit then
# builds the picker anew, and without a value set by the page it would go back to lesson 1
st.session_state["learn_lesson"] = st.session_state["learn_lesson"]
st.selectbox(t("learn.pick", LANG), PICK_IDS, key="learn_lesson", format_func=labels.__getitem__,
             persist_state="session")
if st.session_state["learn_lesson"] == WORKED:
    show_worked()
else:
    shown_lesson = current(st.session_state["learn_lesson"])
    st.header(shown_lesson.title)
    st.markdown(shown_lesson.body)
    show_stages(shown_lesson)
    st.divider()
    show_progress(shown_lesson)
if st.session_state["learn_lesson"] == WORKED or all(q.id in answers() for q in shown_lesson.questions):
    show_next(st.session_state["learn_lesson"])  # not before the lesson is done
