"""Streak and Storm on the Puzzles page: puzzles one after another
(`trainer.puzzles.runs`), with the run's list at the end, "replay my misses", and the
learner's personal best, kept in the store (or for the visit, for a guest).

The page calls `section` before it shows the puzzle (it serves the run's next puzzle,
or shows the run's start and its last result), `storm_answer` when a storm's puzzle is
answered (the next one comes at once), and `streak_after` under a streak's answer.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Optional, Union

import streamlit as st

from trainer.errors import TrainerError
from trainer.i18n import t, tn
from trainer.puzzles.record import Puzzle
from trainer.puzzles.runs import (
    COMBO_BONUS,
    STORM_PENALTY,
    STORM_SECONDS,
    Entry,
    Storm,
    Streak,
    bonus,
    misses,
    next_puzzle,
)
from trainer.puzzles.text import move_label
from trainer.store import GuestRun, Store
from ui.state import learner_id, open_store, store_failed
from ui.widgets import guard

RUN_MODES = ("streak", "storm")
Run = Union[Streak, Storm]
GUEST_RATING = 1200  # where a guest's streak starts

def now() -> float:
    clock: Optional[Callable[[], float]] = st.session_state["puzzle_clock"]
    return (clock or time.monotonic)()


def current() -> Optional[Run]:
    run: Optional[Run] = st.session_state["puzzle_run"]
    return run


def finished(run: Run) -> bool:
    return run.over if isinstance(run, Streak) else run.over(now())


def personal_best(mode: str) -> Optional[int]:
    """The learner's best score in `mode` (kept in the store), or the visit's for a guest."""
    learner = learner_id()
    if learner is None:
        runs: list[GuestRun] = st.session_state["guest_runs"]
        scores = [r.score for r in runs if r.mode == mode]
        return max(scores) if scores else None
    store = open_store()
    if store is None:
        return None
    try:
        best = store.best_runs(learner, mode=mode, limit=1)
    except TrainerError as error:
        guard(error)
        return None
    return best[0].score if best else None


def _learner_rating(store: Optional[Store]) -> float:
    learner = learner_id()
    if learner is None or store is None:
        return GUEST_RATING
    try:
        return store.learner(learner).rating.rating
    except TrainerError as error:
        guard(error)
        return GUEST_RATING


def start(mode: str) -> None:
    """Begin a new run of `mode` (a button's callback)."""
    learner = learner_id()
    store = open_store() if learner is not None else None
    run: Run = Streak.for_rating(_learner_rating(store)) if mode == "streak" else Storm(now())
    st.session_state.update(puzzle_run=run, puzzle_run_mode=mode, puzzle_run_saved=False,
                            puzzle_run_flash=None, puzzle_run_best=personal_best(mode),
                            puzzle_source="")


def _tried(store: Optional[Store]) -> frozenset[str]:
    learner = learner_id()
    if learner is None or store is None:
        return frozenset()
    try:
        return store.puzzles_attempted(learner)
    except TrainerError:
        return frozenset()


def serve(run: Run, bank: Sequence[Puzzle], choose: Callable[[Puzzle, str], None], mode: str) -> None:
    """The run's next puzzle: near its level, not yet in it, untried if any is; in a
    streak, none easier than the one before."""
    learner = learner_id()
    store = open_store() if learner is not None else None
    rng = random.Random(f"{mode}:{len(run.entries)}:{time.time_ns()}")
    try:
        puzzle = next_puzzle(run, bank, _tried(store), rng)
    except ValueError:  # the bank has no move puzzle left for this run (harder): it ends here
        stop(mode)
        st.rerun()
    choose(puzzle, mode)


def keep_run(run: Run, mode: str) -> None:
    """Keep a finished run once: in the store for the learner, else for the visit."""
    if st.session_state["puzzle_run_saved"]:
        return
    st.session_state["puzzle_run_saved"] = True
    answered = len(run.entries)
    right = run.score
    if isinstance(run, Storm):
        duration, best_streak = run.duration(now()), run.best_combo
    else:
        duration, best_streak = 0.0, run.score
    learner = learner_id()
    if learner is None:
        guest: list[GuestRun] = st.session_state["guest_runs"]
        guest.append(GuestRun(level=1, duration=round(duration, 1), answered=answered, right=right,
                              score=run.score, best_streak=best_streak, mode=mode))
        return
    store = open_store()
    if store is None:
        return
    try:
        store.record_run(learner, level=1, duration=round(duration, 1), answered=answered, right=right,
                         score=run.score, best_streak=best_streak, mode=mode)
    except TrainerError as error:
        store_failed(error)


def intro(mode: str, lang: str) -> None:
    """A run's start: what it is, the personal best, the button; the last run's result."""
    run = current()
    last = run if run is not None and st.session_state["puzzle_run_mode"] == mode else None
    if last is not None and finished(last):
        summary(last, mode, lang)
    if mode == "streak":
        st.write(t("puzzles.streak_intro", lang))
    else:
        bonuses = t("list.separator", lang).join(t("puzzles.storm_bonus_at", lang, combo=c, seconds=int(s))
                                                 for c, s in COMBO_BONUS)
        st.write(t("puzzles.storm_intro", lang, minutes=int(STORM_SECONDS // 60), penalty=int(STORM_PENALTY),
                   bonuses=bonuses))
    best = personal_best(mode)
    if best is None:
        st.caption(t("puzzles.run_no_best", lang))
    else:
        st.caption(tn(f"puzzles.{mode}_best", best, lang))
    if learner_id() is None:
        st.caption(t("puzzles.run_guest", lang))
    label = t(f"puzzles.{mode}_start" if last is None else f"puzzles.{mode}_again", lang)
    st.button(label, key=f"run_start_{mode}", type="primary", on_click=start, args=(mode,),
              icon=":material/play_arrow:")


def section(mode: str, bank: Sequence[Puzzle], choose: Callable[[Puzzle, str], None], lang: str) -> None:
    """Before the puzzle: the run's start (and the page stops there), or its state and
    its next puzzle."""
    run = current()
    if run is None or st.session_state["puzzle_run_mode"] != mode or finished(run):
        if run is not None and st.session_state["puzzle_run_mode"] == mode and finished(run):
            keep_run(run, mode)
        intro(mode, lang)
        st.stop()
    assert run is not None
    if isinstance(run, Storm):
        storm_clock()
        flash = st.session_state["puzzle_run_flash"]
        if flash is not None:
            kind, text = flash
            (st.success if kind != "wrong" else st.error)(text)
    else:
        st.markdown(tn("puzzles.streak_now", run.score, lang))
    st.button(t("puzzles.run_stop", lang), key="run_stop", on_click=stop, args=(mode,))
    if st.session_state["puzzle_source"] != mode:
        serve(run, bank, choose, mode)


def stop(mode: str) -> None:
    """End the run now (a button's callback); its result is kept as it stands."""
    run = current()
    if run is None:
        return
    if isinstance(run, Storm):
        st.session_state["puzzle_run"] = run.stopped(now())
    else:  # a streak stopped by the learner ends with its score; no miss is made up
        st.session_state["puzzle_run"] = run.answered(Entry("", 0, "", False))
    st.session_state["puzzle_source"] = ""


@st.fragment(run_every=1)
def storm_clock() -> None:
    """Time left, score and combo, redrawn every second; the whole page when time is up."""
    run = current()
    if not isinstance(run, Storm):
        return
    if run.over(now()):
        st.session_state["puzzle_run"] = run.stopped(now())
        st.rerun()
    lang = str(st.session_state.get("lang", "en"))
    left = run.time_left(now())
    minutes, seconds = divmod(math.ceil(left), 60)
    st.progress(min(1.0, left / STORM_SECONDS),
                text=t("puzzles.storm_clock", lang, time=f"{minutes}:{seconds:02d}", score=run.score,
                       combo=run.combo))


def storm_answer(puzzle: Puzzle, answer: str, lang: str) -> None:
    """A storm's answer: its word flashed above the next puzzle, which comes at once."""
    run = current()
    if not isinstance(run, Storm):
        return
    right = puzzle.is_right(answer)
    after = run.answered(Entry(puzzle.id, puzzle.rating, answer, right), now())
    st.session_state["puzzle_run"] = after
    if right:
        gained = bonus(after.combo) if after.combo else 0.0
        flash = (("bonus", t("puzzles.storm_bonus", lang, combo=after.combo, seconds=int(gained)))
                 if gained else ("right", t("puzzles.storm_right", lang, score=after.score)))
    else:
        accepted = t("list.separator", lang).join(move_label(a, lang) for a in puzzle.accepted)
        flash = ("wrong", t("puzzles.storm_wrong", lang, accepted=accepted, penalty=int(STORM_PENALTY)))
    st.session_state.update(puzzle_run_flash=flash, puzzle_source="")


def streak_answer(puzzle: Puzzle, answer: str) -> None:
    """A streak's answer, added to the streak (once)."""
    run = current()
    if not isinstance(run, Streak) or any(e.puzzle_id == puzzle.id for e in run.entries):
        return
    st.session_state["puzzle_run"] = run.answered(Entry(puzzle.id, puzzle.rating, answer,
                                                        puzzle.is_right(answer)))


def streak_after(puzzle: Puzzle, lang: str) -> None:
    """Under a streak's answer: on to the next puzzle, or the streak's end."""
    run = current()
    if not isinstance(run, Streak):
        return
    if not run.over:
        st.success(tn("puzzles.streak_now", run.score, lang))
        if st.button(t("puzzles.streak_next", lang), key="streak_next", type="primary"):
            st.session_state["puzzle_source"] = ""
            st.rerun()
        return
    keep_run(run, "streak")
    summary(run, "streak", lang)
    st.button(t("puzzles.streak_again", lang), key="run_again_streak", type="primary", on_click=start,
              args=("streak",), icon=":material/play_arrow:")


def summary(run: Run, mode: str, lang: str) -> None:
    """A finished run: its score, a new personal best, its puzzles, replay my misses."""
    entries = [e for e in run.entries if e.puzzle_id]
    if isinstance(run, Storm):
        st.subheader(t("puzzles.storm_stopped" if run.stopped_early else "puzzles.storm_over", lang,
                       score=run.score, answered=len(entries), combo=run.best_combo))
    else:
        st.subheader(tn("puzzles.streak_over", run.score, lang))
    before = st.session_state["puzzle_run_best"]
    if run.score and (before is None or run.score > before):
        st.success(t("puzzles.run_new_best", lang, score=run.score), icon=":material/emoji_events:")
    if not entries:
        return
    st.write(t("puzzles.run_list", lang))
    mark = {True: t("puzzles.run_right", lang), False: t("puzzles.run_missed", lang)}
    st.markdown("\n".join(
        t("puzzles.run_line", lang, number=n, result=mark[e.right],
          link=f"[{e.puzzle_id}](?puzzle={e.puzzle_id})", rating=e.rating,
          answer=move_label(e.answer, lang)) for n, e in enumerate(entries, 1)))
    missed = misses(entries)
    if missed:
        st.button(tn("puzzles.replay_misses", len(missed), lang), key=f"replay_{mode}",
                  on_click=replay, args=(missed,), icon=":material/replay:")


def replay(missed: tuple[str, ...]) -> None:
    """Browse the run's misses one after another, from the first (a button's callback)."""
    st.session_state.update(puzzle_queue=missed, puzzle_mode="browse", puzzle_id=missed[0],
                            puzzle_tile=None, puzzle_answer=None, puzzle_hint=False, puzzle_source="queue",
                            puzzle_recorded=None)
    st.session_state["shown_at"].pop("puzzle", None)
    st.query_params["puzzle"] = missed[0]
