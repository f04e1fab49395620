"""Every session-state key of the app, set up in one place."""

from __future__ import annotations

from typing import Any

import streamlit as st

DEFAULTS: dict[str, Any] = {
    "lang": "en",
    # analysis board
    "analysis_code": "",
    "analysis_selected": None,  # tile text chosen in the builder
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
    # results kept in the session until the progress store exists
    "results": [],
}


def init_state() -> None:
    """Give every key its default once per session."""
    for key, value in DEFAULTS.items():
        if key not in st.session_state:
            st.session_state[key] = value.copy() if isinstance(value, (list, dict)) else value


def record_result(part: str, item: str, correct: bool, detail: str = "") -> None:
    """Keep one answer in the session (a drill, a lesson check, a puzzle)."""
    st.session_state["results"].append(
        {"part": part, "item": item, "correct": correct, "detail": detail})
