"""Every session-state key of the app, set up in one place."""

from __future__ import annotations

from typing import Any

import streamlit as st

DEFAULTS: dict[str, Any] = {
    "lang": "en",
    # analysis board
    "analysis_code": "",
    "analysis_selected": None,  # tile text chosen in the builder
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
