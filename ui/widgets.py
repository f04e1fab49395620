"""Shared widgets: boards, hands, clickable tiles and ends, and the learner picker
(the language picker is ui/language.py)."""

from __future__ import annotations

import base64
from datetime import UTC, datetime
from html import escape
from typing import Optional

import streamlit as st

from trainer.errors import TrainerError
from trainer.i18n import t
from trainer.layout import Layout
from trainer.store import NAME_LIMIT, LearnerError, StoreError
from trainer.svg import describe, render_board, render_hand
from trainer.tiles import Tile
from ui.state import database_location, open_store, plain, reason, store_failed

LEARNER = "learner"  # the learner picker's key: his name, bound to the URL's ?learner=
NEW_NAME = "learner_new_name"


def when_text(when: datetime, lang_code: str) -> str:
    """When a review falls due, from now: "now", "in 10 min", "in 5 h", "in 3 days"."""
    seconds = (when - datetime.now(UTC)).total_seconds()
    if seconds < 60:
        return t("widgets.due_now", lang_code)
    if seconds < 3600:
        return t("widgets.due_minutes", lang_code, minutes=round(seconds / 60))
    if seconds < 36 * 3600:
        return t("widgets.due_hours", lang_code, hours=round(seconds / 3600))
    return t("widgets.due_days", lang_code, days=round(seconds / 86400))


def lang() -> str:
    """The learner's language (read at each call: this module is imported once)."""
    return str(st.session_state.get("lang", "en"))


def svg_image(svg: str, alt: str) -> None:
    """Show an SVG drawing as an image with its text alternative."""
    data = base64.b64encode(svg.encode()).decode()
    st.html(f'<img src="data:image/svg+xml;base64,{data}" alt="{escape(alt, quote=True)}" '
            f'style="display:block;margin:0 auto;max-width:100%;height:auto">')


def board(layout: Layout, last: Optional[Tile] = None, caption: bool = True,
          selected_ends: tuple[str, ...] = ()) -> None:
    """The board as dominoes, with its description beside it for screen readers."""
    description = describe(layout, lang=lang())
    svg_image(render_board(layout, last=last, unit=28, caption=caption, selected_ends=selected_ends),
              description)
    st.caption(description)


def quiz_board(layout: Layout, last: Optional[Tile] = None,
               selected_ends: tuple[str, ...] = ()) -> None:
    """The board with the tiles alone: no end markers and no count, so that it does not
    give the answer away; its text alternative leaves the count out too."""
    svg_image(render_board(layout, last=last, unit=28, markers=False, selected_ends=selected_ends),
              describe(layout, with_count=False, lang=lang()))


def hand(tiles: tuple[Tile, ...], selected: Optional[Tile] = None) -> None:
    shown = ", ".join(str(tile) for tile in tiles) or t("widgets.hand_empty", lang())
    svg_image(render_hand(tiles, selected=selected, unit=26), t("widgets.hand_alt", lang(), tiles=shown))


def tile_buttons(tiles: tuple[Tile, ...], key: str, selected: Optional[Tile] = None,
                 per_row: int = 7) -> Optional[Tile]:
    """A row of buttons, one per tile; returns the tile clicked in this run."""
    clicked: Optional[Tile] = None
    for start in range(0, len(tiles), per_row):
        row = tiles[start:start + per_row]
        columns = st.columns(per_row)
        for column, tile in zip(columns, row):
            kind = "primary" if tile == selected else "secondary"
            if column.button(str(tile), key=f"{key}_{tile}", type=kind, use_container_width=True):
                clicked = tile
    return clicked


def end_buttons(ends: list[tuple[str, int]], key: str) -> Optional[str]:
    """One button per open end ("East (2)"); returns the side clicked in this run."""
    clicked: Optional[str] = None
    if not ends:
        return None
    columns = st.columns(len(ends))
    for column, (side, pip) in zip(columns, ends):
        label = t("widgets.end_button", lang(), side=t(f"widgets.side.{side}", lang()), pip=pip)
        if column.button(label, key=f"{key}_{side}", use_container_width=True):
            clicked = side
    return clicked


# ----- the learner -----
def _create_learner() -> None:
    """Callback of the new learner's form: make him and choose him, or say why not."""
    store = open_store()
    typed = str(st.session_state.get(NEW_NAME) or "")
    st.session_state[NEW_NAME] = ""
    st.session_state["learner_message"] = None
    if store is None:
        return
    name = " ".join(typed.split())
    if not name:
        st.session_state["learner_message"] = t("widgets.learner_empty", lang())
        return
    if len(name) > NAME_LIMIT:
        st.session_state["learner_message"] = t("widgets.learner_too_long", lang(), limit=NAME_LIMIT,
                                                length=len(name))
        return
    try:
        if store.find_learner(name) is not None:
            st.session_state["learner_message"] = t("widgets.learner_taken", lang(), name=plain(name))
            return
        learner = store.create_learner(name)
    except LearnerError as error:
        st.session_state["learner_message"] = t("widgets.learner_bad", lang(), error=reason(error))
        return
    except StoreError as error:
        store_failed(error)
        return
    st.session_state[LEARNER] = learner.name
    st.session_state["learner_id"] = learner.id


def store_warnings() -> None:
    """The one warning of a store that cannot be opened, and a failed recording's."""
    problem = st.session_state.get("store_problem")
    if problem is not None:
        where = database_location(problem[0])
        text = t("widgets.store_problem", lang(), error=reason(problem[1]))
        if where not in problem[1]:
            text += " " + t("widgets.store_where", lang(), where=plain(where))
        st.warning(text, icon=":material/database:")
    note = st.session_state.get("store_note")
    if note:
        st.warning(note, icon=":material/database:")
        st.session_state["store_note"] = None


def learner_picker() -> None:
    """Choose the learner whose answers are kept, or make a new one, in the sidebar.

    His name is the picker's value, bound to the URL (?learner=NAME), so that a browser
    refresh or a shared link keeps him; a name that is no learner is dropped from the
    URL. His id goes to "learner_id". Without a store (or a learner), answers stay in
    the session. Called by app.py on every page, before the page runs."""
    store = open_store()
    learners = ()
    if store is not None:
        try:
            learners = store.learners()
        except StoreError as error:
            store_failed(error)
            store = None
    store_warnings()
    sidebar = st.sidebar
    if store is None:
        st.session_state["learner_id"] = None
        sidebar.caption(t("widgets.learner_offline", lang()))
        return
    ids = {learner.name: learner.id for learner in learners}
    if st.session_state.get(LEARNER) not in ids:
        st.session_state.pop(LEARNER, None)
    sidebar.selectbox(t("widgets.learner", lang()), list(ids), index=None, key=LEARNER,
                      bind="query-params", placeholder=t("widgets.learner_none", lang()),
                      help=t("widgets.learner_help", lang()))
    chosen = st.session_state.get(LEARNER)
    st.session_state["learner_id"] = ids.get(chosen) if isinstance(chosen, str) else None
    message = st.session_state.get("learner_message")
    with sidebar.expander(t("widgets.learner_new", lang()), expanded=not ids or bool(message)):
        with st.form("learner_form", border=False):
            st.text_input(t("widgets.learner_name", lang()), key=NEW_NAME,
                          placeholder=t("widgets.learner_placeholder", lang()))
            st.form_submit_button(t("widgets.learner_create", lang()), on_click=_create_learner)
        if message:
            st.error(message)
            st.session_state["learner_message"] = None  # said once
    if st.session_state["learner_id"] is None:
        sidebar.caption(t("widgets.learner_hint", lang()))


def guard(error: TrainerError) -> None:
    """A store call of a page that failed: the warning, and the page goes on without it."""
    st.warning(t("widgets.store_failed", lang(), error=reason(error)), icon=":material/database:")
