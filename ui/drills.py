"""Drills: total the ends, does it score, round the hand, where can this tile go, which
of your tiles scores, what an end needs, who holds a tile (reading the hand), and a
timed run of the six scoring drills. Boards come from
real play; every answer is a click or one number. A board is drawn without its end
markers and count until it is answered."""

from __future__ import annotations

import math
import random
import re
import threading
import time
from collections.abc import Callable
from typing import Optional

import streamlit as st

from trainer.engine.tiles import Tile
from trainer.errors import TrainerError
from trainer.i18n import t, tn
from trainer.svg import render_hand
from trainer.teach.drills import (
    KINDS,
    LEVELS,
    RUN_KINDS,
    Answer,
    DrillItem,
    Feedback,
    NeedItem,
    ReadItem,
    RoundItem,
    ScoreItem,
    TilesItem,
    TimedRun,
    WhereItem,
    run_item,
    seeded_item,
)
from ui.keep import keep_work
from ui.state import init_state, learner_id, open_store, record_result, record_run, start_timer
from ui.widgets import board as full_board
from ui.widgets import guard, plain, quiz_board, svg_image

init_state()
LANG: str = st.session_state["lang"]
RUN = "run"
CHOICES: tuple[str, ...] = (*KINDS, RUN)
RUN_SECONDS = 60

if st.session_state["drill_seed"] is None:
    st.session_state["drill_seed"] = random.randrange(1_000_000)
if st.session_state["drill_kind"] not in CHOICES:
    st.session_state["drill_kind"] = KINDS[0]
if st.session_state["drill_level"] not in LEVELS:
    st.session_state["drill_level"] = LEVELS[0]


# ----- items as the store keeps them: a drill board by its seed, a run's by its place -----
def drill_key(kind: str, level: int, seed: int) -> str:
    return f"{kind}:{level}:{seed}"


def run_key(kind: str, level: int, seed: int, served: int) -> str:
    """The `served`-th board (from 0) of the timed run started with `seed`."""
    return f"{kind}:{level}:run{seed}.{served}"


def item_from_key(key: str) -> Optional[DrillItem]:
    """The board a store key names again (the same seed makes the same board), or None."""
    found = re.fullmatch(r"([a-z]+):([0-9]):(?:([0-9]{1,9})|run([0-9]{1,9})\.([0-9]{1,4}))", key)
    if found is None or found[1] not in KINDS or int(found[2]) not in LEVELS:
        return None
    kind, level = found[1], int(found[2])
    try:
        if found[3] is not None:
            return seeded_item(kind, int(found[3]), level)
        item = run_item(int(found[4]), level, int(found[5]))
    except TrainerError:
        return None
    return item if item.kind == kind else None


def answer_text(value: Answer) -> str:
    """An answer as the store keeps it: the number, or the ends picked (E,W)."""
    if isinstance(value, (str, int)):
        return str(value)
    return ",".join(sorted(str(side) for side in value))


def in_review_queue(key: str) -> bool:
    """Whether the chosen learner's review queue holds the drill board `key` (a link
    may name any board: only one of his own cards is "from your review queue")."""
    learner = learner_id()
    store = open_store() if learner is not None else None
    if learner is None or store is None:
        return False
    try:
        return any(card.part == "drill" and card.item == key for card in store.review_queue(learner))
    except TrainerError:
        return False


link = st.query_params.get("drill")
if link is not None:  # a board reopened by its link: from the review queue, or any other
    del st.query_params["drill"]
    reopened = item_from_key(link)
    if reopened is None:
        st.warning(t("drills.bad_link", LANG, link=plain(link)))
    else:
        queue = [key for key in st.session_state["drill_queue"] if key != link]
        st.session_state.update(drill_kind=reopened.kind, drill_level=reopened.level, drill_review=link,
                                drill_due=in_review_queue(link), drill_queue=queue,
                                drill_answer=None, drill_warning=None, drill_where=[], run=None,
                                run_feedback=None, run_warning=None, run_where=[])


# ----- boards -----


def tiles(shown: tuple[Tile, ...]) -> None:
    """Tiles to answer about, drawn larger than a hand beside a board."""
    svg_image(render_hand(shown, unit=40, lang=LANG),
              t("drills.tiles_alt", LANG, tiles=", ".join(map(str, shown))))


def show_board(item: DrillItem, answered: bool, picks: list[str]) -> None:
    """The item's board (full once answered; the tiles alone before, where the answer is
    the count) and its tile or hand."""
    if isinstance(item, ReadItem):
        full_board(item.layout)
        st.caption(t("drills.your_hand", LANG, player=item.mover + 1))
        tiles(item.hand)
        st.markdown("\n".join(f"- {plain(line)}" for line in item.facts(LANG)))
    elif isinstance(item, WhereItem):
        full_board(item.layout, selected_ends=tuple(picks))
        st.caption(t("drills.tile", LANG))
        tiles((item.tile,))
    elif isinstance(item, NeedItem):
        if answered:
            full_board(item.layout, selected_ends=(item.side,))
        else:
            quiz_board(item.layout, selected_ends=(item.side,))
    elif isinstance(item, TilesItem):
        if answered:
            full_board(item.layout)
        else:
            quiz_board(item.layout)
    elif isinstance(item, RoundItem):
        st.caption(t("drills.hand", LANG))
        tiles(item.hand)
        with st.expander(t("drills.table", LANG)):
            full_board(item.layout)
    else:
        last = item.move.tile if isinstance(item, ScoreItem) else None
        if answered:
            full_board(item.layout, last=last)
        else:
            quiz_board(item.layout, last=last)


# ----- answer widgets, shared by the drills and the timed run -----
def toggle(state_key: str, side: str) -> None:
    picks: list[str] = st.session_state[state_key]
    st.session_state[state_key] = [s for s in picks if s != side] if side in picks else [*picks, side]


def mark(right: bool, picked: bool, done: bool) -> Optional[str]:
    """Once answered: a tick on every right value or end, a cross on a wrong one picked."""
    if not done:
        return None
    if right:
        return ":material/check:"
    return ":material/close:" if picked else None


def number_field(prefix: str, submit: Callable[[Answer], None], field: str) -> None:
    """One text field for the count and its button (Enter submits too)."""
    with st.form(f"{prefix}_form", border=False):
        st.text_input(t("drills.count_label", LANG), key=field, autocomplete="off",
                      placeholder=t("drills.count_placeholder", LANG))
        st.form_submit_button(t("drills.submit", LANG), key=f"{prefix}_submit", type="primary",
                              on_click=lambda: submit(st.session_state.get(field) or ""))


def value_buttons(item: ScoreItem | RoundItem, prefix: str, submit: Callable[[Answer], None],
                  given: Optional[Answer]) -> None:
    """One button per offered value; once answered, a tick and a cross show the verdict."""
    done = given is not None
    with st.container(horizontal=True):
        for value in item.choices:
            st.button(str(value), key=f"{prefix}_choice_{value}", disabled=done,
                      icon=mark(value == item.answer, value == given, done),
                      on_click=submit, args=(value,))


def end_toggles(item: WhereItem, prefix: str, submit: Callable[[Answer], None], done: bool) -> None:
    """One toggle button per open end, then Check."""
    state_key = f"{prefix}_where"
    picks: list[str] = st.session_state[state_key]
    st.caption(t("drills.where_hint", LANG))
    with st.container(horizontal=True):
        for end in item.layout.open_ends():
            st.button(t("drills.end_button", LANG, end=t("end." + end.side, LANG), pip=end.pip),
                      key=f"{prefix}_end_{end.side}", disabled=done,
                      type="primary" if end.side in picks else "secondary",
                      icon=mark(end.side in item.answer, end.side in picks, done),
                      on_click=toggle, args=(state_key, end.side))
    if not done:
        st.button(t("drills.where_check", LANG), key=f"{prefix}_check", type="primary",
                  on_click=lambda: submit(list(st.session_state[state_key])))


def pick_toggles(item: TilesItem | NeedItem, prefix: str, submit: Callable[[Answer], None],
                 done: bool) -> None:
    """One toggle button per tile of the hand (as dominoes) or per number, then Check."""
    state_key = f"{prefix}_where"
    picks: list[str] = st.session_state[state_key]
    st.caption(t("drills.pick_hint", LANG))
    values = [str(value) for value in item.choices]
    right = {str(value) for value in item.answer}
    box = f"tiles_{prefix}_pick" if isinstance(item, TilesItem) else f"{prefix}_numbers"
    with st.container(horizontal=True, gap="small", key=box):
        for value in values:
            st.button(value, key=f"{prefix}_pick_{value}", disabled=done,
                      type="primary" if value in picks else "secondary",
                      icon=mark(value in right, value in picks, done),
                      on_click=toggle, args=(state_key, value))
    if not done:
        st.button(t("drills.where_check", LANG), key=f"{prefix}_check", type="primary",
                  on_click=lambda: submit(list(st.session_state[state_key])))


def read_buttons(item: ReadItem, prefix: str, submit: Callable[[Answer], None],
                 given: Optional[Answer]) -> None:
    """One button per answer of the reading drill (a place, or how likely)."""
    done = given is not None
    with st.container(horizontal=True):
        for choice in item.choices:
            st.button(item.choice_label(choice, LANG), key=f"{prefix}_read_{choice}", disabled=done,
                      icon=mark(choice == item.answer, choice == given, done),
                      on_click=submit, args=(choice,))


def show_answer_widgets(item: DrillItem, prefix: str, submit: Callable[[Answer], None],
                        given: Optional[Answer], field: str) -> None:
    """The number field, the value buttons or the toggles; disabled once answered."""
    if isinstance(item, ReadItem):
        read_buttons(item, prefix, submit, given)
    elif isinstance(item, WhereItem):
        end_toggles(item, prefix, submit, given is not None)
    elif isinstance(item, (TilesItem, NeedItem)):
        pick_toggles(item, prefix, submit, given is not None)
    elif isinstance(item, (ScoreItem, RoundItem)):
        value_buttons(item, prefix, submit, given)
    elif given is None:
        number_field(prefix, submit, field)


def show_feedback(feedback: Feedback, kind: str, details: bool = True) -> None:
    """The verdict, then its details: the count end by end, each tile's pips, each end."""
    (st.success if feedback.correct else st.error)(feedback.message)
    lines = list(feedback.details)
    if lines and feedback.message.endswith(lines[-1]):
        lines.pop()  # the sum closes the message already
    if not details or not lines:
        return
    head = t("drills.breakdown", LANG) + "\n" if kind in ("total", "score") else ""
    st.markdown(head + "\n".join(f"- {line}" for line in lines))


def show_warning(state_key: str) -> None:
    message: Optional[str] = st.session_state[state_key]
    if message:
        st.warning(message)


# ----- the drills -----
def item_key() -> tuple[str, int, int, str]:
    state = st.session_state
    return state["drill_kind"], state["drill_level"], state["drill_seed"], state["drill_review"] or ""


def store_key() -> str:
    """The board shown as the store keeps it: the one reopened for review, or by its seed."""
    kind, level, seed, review = item_key()
    return review or drill_key(kind, level, seed)


def current_item() -> DrillItem:
    kind, level, seed, review = item_key()
    if review:
        item = item_from_key(review)
        if item is not None and (item.kind, item.level) == (kind, level):
            return item
        st.session_state["drill_review"] = None
    return seeded_item(kind, seed, level)


DRILL_FIELD = "drill_count"  # the count's text field: one key, emptied for each board
RUN_FIELD = "run_count"  # (a new key per board would build the field anew at every click)


def reset_board() -> None:
    st.session_state.update(drill_answer=None, drill_warning=None, drill_where=[], **{DRILL_FIELD: ""})


def abandon_run() -> None:
    st.session_state.update(run=None, run_feedback=None, run_warning=None, run_where=[])


def on_pick() -> None:
    """Callback: another drill or level; the board and any run under way are dropped
    (and the boards due for review that were still to come)."""
    st.session_state.update(drill_review=None, drill_due=False, drill_queue=[])
    reset_board()
    abandon_run()


def next_board() -> None:
    """Callback: the next board; in a review, the next board due of the same drill and
    level, then back to the boards the seed counter gives."""
    if st.session_state["drill_review"]:
        queue: list[str] = st.session_state["drill_queue"]
        following = next((key for key in queue if item_from_key(key) is not None), None)
        st.session_state["drill_queue"] = queue[queue.index(following) + 1:] if following else []
        # the boards after it came from the review queue: each is due there
        st.session_state.update(drill_review=following, drill_due=following is not None)
    else:
        st.session_state["drill_seed"] += 1
    reset_board()


def answer_drill(value: Answer) -> None:
    """Callback: check the answer to the board shown and keep the verdict."""
    item = current_item()
    try:
        feedback = item.check(value, LANG)
    except TrainerError as error:
        st.session_state["drill_warning"] = plain(error)
        return
    key = store_key()
    review = bool(st.session_state["drill_review"] and st.session_state["drill_due"])
    st.session_state.update(drill_answer=(item_key(), feedback, value), drill_warning=None)
    record_result("drill", f"{item.kind}:{item.level}", feedback.correct, detail=str(value), key=key,
                  kind=item.kind, position=item.position.code(), answer=answer_text(value), timer="drill",
                  mode="review" if review else "")


def drill_section() -> None:
    item = current_item()
    kept = st.session_state["drill_answer"]
    if kept and kept[0] == item_key() and kept[1] is None:  # the answer brought back after a reload
        try:
            kept = (kept[0], item.check(kept[2], LANG), kept[2])
        except TrainerError:
            kept = None
        st.session_state["drill_answer"] = kept
    feedback: Optional[Feedback] = kept[1] if kept and kept[0] == item_key() else None
    given: Optional[Answer] = kept[2] if feedback is not None else None
    if st.session_state["drill_review"] and st.session_state["drill_due"]:
        still = len(st.session_state["drill_queue"])
        more = " " + tn("drills.review_more", still, LANG) if still else ""
        st.info(t("drills.review_item", LANG) + more, icon=":material/replay:")
    if feedback is None:
        start_timer("drill", store_key())
    st.markdown(f"**{item.question(LANG)}**")
    show_board(item, feedback is not None, st.session_state["drill_where"])
    show_answer_widgets(item, "drill", answer_drill, given, field=DRILL_FIELD)
    show_warning("drill_warning")
    if feedback is not None:
        show_feedback(feedback, item.kind)
    st.button(t("drills.next", LANG), key="drill_next", on_click=next_board,
              type="primary" if feedback is not None else "secondary")
    kind, level, seed, review = item_key()
    make_ahead(kind, seed if review else seed + 1, level)  # as next_board moves on


AHEAD_DELAY = 0.05  # s: the run's last elements go out first


def make_ahead(kind: str, seed: int, level: int) -> None:
    """Make the board "Next board" will show in the background, a moment after this run,
    while the learner reads this one: the click then finds it made (a board takes up to
    tens of ms to find in real play)."""
    timer = threading.Timer(AHEAD_DELAY, _make_quietly, args=(kind, seed, level))
    timer.daemon = True
    timer.start()


def _make_quietly(kind: str, seed: int, level: int) -> None:
    try:
        seeded_item(kind, seed, level)
    except TrainerError:  # the page says so when it shows that board
        pass


# ----- the timed run -----
def start_run() -> None:
    clock = st.session_state["run_clock"] or time.monotonic
    seed = st.session_state["drill_seed"]
    run = TimedRun(seed=seed, level=st.session_state["drill_level"], duration=RUN_SECONDS, clock=clock)
    st.session_state["drill_seed"] += 1
    st.session_state.update(run=run, run_seed=seed, run_feedback=None, run_warning=None, run_where=[],
                            run_counted=False, drill_review=None, **{RUN_FIELD: ""})


def answer_run(value: Answer) -> None:
    """Callback: check the run's board; a bad number or the end of time is a warning."""
    run: Optional[TimedRun] = st.session_state["run"]
    if run is None or run.current is None:
        return
    item = run.current
    served = run.answered + run.skipped
    try:
        feedback = run.answer(value, LANG)
    except TrainerError as error:
        st.session_state["run_warning"] = plain(error)
        return
    st.session_state.update(run_feedback=feedback, run_warning=None, run_where=[], **{RUN_FIELD: ""})
    seed = st.session_state["run_seed"]
    record_result("drill", f"run:{item.kind}:{item.level}", feedback.correct, detail=str(value),
                  key=run_key(item.kind, item.level, seed, served) if isinstance(seed, int) else None,
                  kind=item.kind, position=item.position.code(), answer=answer_text(value),
                  seconds=round(run.results[-1].seconds, 3), mode="run")


def skip_run() -> None:
    run: Optional[TimedRun] = st.session_state["run"]
    if run is not None:
        run.skip()
    st.session_state.update(run_feedback=None, run_warning=None, run_where=[], **{RUN_FIELD: ""})


@st.fragment(run_every=1)
def clock() -> None:
    """Time left, score and streak, redrawn every second; the whole page when time is up."""
    run: Optional[TimedRun] = st.session_state["run"]
    if run is None:
        return
    if run.over:
        st.rerun()
    left = run.remaining()
    st.progress(left / run.duration, text=t("run.remaining", LANG, seconds=math.ceil(left)))
    st.markdown(t("run.status", LANG, score=run.score, streak=run.streak, answered=run.answered))


def show_summary(run: TimedRun) -> None:
    scores: list[int] = st.session_state["run_scores"]
    if not st.session_state["run_counted"]:
        scores.append(run.score)
        st.session_state["run_counted"] = True
        record_run(run.summary())
    st.subheader(t("run.finished", LANG))
    st.markdown("\n".join(f"- {line}" for line in run.summary().text(LANG)))
    best = max(scores)
    if run.score and run.score == best and run.score > max(scores[:-1], default=0):
        st.success(t("run.new_best", LANG, best=best))
    else:
        st.info(t("run.best", LANG, best=best))
    kept_best(run.level)


def kept_best(level: int) -> None:
    """The chosen learner's best kept score at this level."""
    learner = learner_id()
    store = open_store() if learner is not None else None
    if learner is None or store is None:
        return
    try:
        best = store.best_runs(learner, level=level, limit=1)
    except TrainerError as error:
        guard(error)
        return
    if best:
        st.caption(t("run.best_kept", LANG, level=level, best=best[0].score))


def run_section() -> None:
    run: Optional[TimedRun] = st.session_state["run"]
    if run is None:
        # a timed run mixes every kind of drill (TimedRun's kinds): the words count them
        st.caption(tn("run.level", len(RUN_KINDS), LANG, level=st.session_state["drill_level"]))
        st.button(t("run.start", LANG, seconds=RUN_SECONDS), key="run_start", type="primary",
                  on_click=start_run)
        if st.session_state["run_scores"]:
            st.caption(t("run.best", LANG, best=max(st.session_state["run_scores"])))
        kept_best(st.session_state["drill_level"])
        return
    if run.over:
        show_warning("run_warning")  # an answer clicked after the time was up
        show_summary(run)
        st.button(t("run.again", LANG), key="run_again", type="primary", on_click=start_run)
        return
    clock()
    if st.session_state["run_feedback"] is not None:
        show_feedback(st.session_state["run_feedback"], "", details=False)
    try:
        item = run.next_item(LANG)
    except TrainerError:  # the time ran out a moment ago
        st.rerun()
    st.markdown(f"**{item.question(LANG)}**")
    show_board(item, False, st.session_state["run_where"])
    show_answer_widgets(item, "run", answer_run, None, field=RUN_FIELD)
    show_warning("run_warning")
    st.button(t("run.skip", LANG), key="run_skip", on_click=skip_run)


# ----- the page -----
def drill_title(kind: str) -> str:
    return t("drills.run.title" if kind == RUN else f"drill.{kind}.title", LANG)


def level_key(kind: str, level: int, short: bool) -> str:
    """The catalogue key naming a level: the round drill's and the run's levels are
    their own (hand sizes; a mix), the other drills share the board's."""
    head = "drills.level_short" if short else "level"
    return f"{head}.{kind}.{level}" if kind in ("round", "read", RUN) else f"{head}.{level}"


def level_titles(kind: str) -> dict[int, str]:
    return {level: t(level_key(kind, level, short=True), LANG) for level in LEVELS}


def session_tally() -> None:
    done = [r for r in st.session_state["results"] if r["part"] == "drill"]
    if done:
        right = sum(r["correct"] for r in done)
        st.caption(t("drills.session", LANG, right=right, answered=len(done)))


@st.fragment
def drill_area() -> None:
    """The board, its answer and the session's tally: an answer or "Next board" reruns
    only this, not the page and its sidebar. A recording that failed is said at the top
    of the page, so that case reruns the whole page."""
    if st.session_state["store_note"]:
        st.rerun(scope="app")
    keep_work("keep_drills")  # an answer or "Next board" reruns only this: the browser keeps it here
    drill_section()
    session_tally()


st.title(t("drills.title", LANG))
st.pills(t("drills.pick", LANG), CHOICES, key="drill_kind", format_func=drill_title, required=True,
         on_change=on_pick, persist_state="session")
kind = st.session_state["drill_kind"]
st.segmented_control(t("drills.level", LANG), LEVELS, key="drill_level",
                     format_func=level_titles(kind).__getitem__, required=True, on_change=on_pick,
                     persist_state="session")
intro = t("run.intro", LANG, seconds=RUN_SECONDS) if kind == RUN else t(f"drill.{kind}.intro", LANG)
level = st.session_state["drill_level"]
st.caption(t("drills.explain", LANG, drill=intro, level=t(level_key(kind, level, short=False), LANG)))
if kind == RUN:
    run_section()
    session_tally()
else:
    drill_area()
