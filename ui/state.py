"""Every session-state key of the app, set up in one place."""

from __future__ import annotations

from copy import deepcopy
from typing import Any

import streamlit as st

DEFAULTS: dict[str, Any] = {
    "lang": "en",
    # analysis board: the position analysed (also in the URL) and the builder's work
    "analysis_code": "",
    "build_layout": "-",  # the layout built so far, as a layout code
    "build_hand": [],  # tile texts put in "my hand"
    "build_selected": None,  # the tile text clicked, waiting for its end
    "build_history": [],  # ("layout", previous code) or ("hand", tile) per step, for Undo
    # learn: the lesson shown (the picker's key), each question's clicked choice
    "learn_lesson": "deal",
    "learn_answers": {},  # question id -> the choice value clicked
    # drills: the drill and level (the pickers' keys); boards come from a seed counter,
    # drawn at random once per session (tests set it) and moved on by "next board"
    "drill_kind": "total",
    "drill_level": 1,
    "drill_seed": None,
    "drill_answer": None,  # (item key, Feedback, the answer given) for the board shown
    "drill_warning": None,  # the message for an answer that could not be read
    "drill_where": [],  # open ends toggled on in "where can this tile go"
    # the timed run
    "run": None,  # the TimedRun under way or just over
    "run_feedback": None,  # the verdict on the run's last answer
    "run_warning": None,
    "run_where": [],
    "run_counted": False,  # whether the finished run's score is in run_scores
    "run_scores": [],  # scores of the session's finished runs
    "run_clock": None,  # a clock to inject (tests); None is time.monotonic
    # puzzles: the puzzle shown (its permalink is ?puzzle=), the attempt at it
    "puzzle_id": None,
    "puzzle_tile": None,  # the tile clicked, waiting for its end
    "puzzle_answer": None,  # the move (or count) answered
    "puzzle_hint": False,  # whether the hint was shown for this attempt
    # play: the session against the computer and the page's own state
    "play": None,  # the PlaySession under way
    "play_pace": 0.8,  # seconds the computer "thinks" (tests set 0)
    "play_budget": 1.0,  # the coach's thinking time in seconds (tests set less)
    "play_coach": True,  # whether hints are allowed in this game
    "play_tile": None,  # the tile clicked, waiting for its end
    "play_pending": None,  # the move chosen, waiting for its Muggins claim
    "play_seen": 0,  # hand results already shown
    "play_hint": None,  # the coach's Hint for the position shown
    "play_review": None,  # (hand number, reviews) after "Review my moves"
    "play_note": None,  # a message for the next run (a wrong Muggins claim)
    # results kept in the session until the progress store exists
    "results": [],
}


def init_state() -> None:
    """Give every key its default once per session; lists and dicts are copied, so that
    no two sessions (nor a session and DEFAULTS) share one."""
    for key, value in DEFAULTS.items():
        if key not in st.session_state:
            st.session_state[key] = deepcopy(value) if isinstance(value, (list, dict)) else value


def record_result(part: str, item: str, correct: bool, detail: str = "") -> None:
    """Keep one answer in the session (a drill, a lesson check, a puzzle)."""
    st.session_state["results"].append(
        {"part": part, "item": item, "correct": correct, "detail": detail})
