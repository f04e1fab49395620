"""The learner's own hands on the Progress page: the hands he reviewed on Your hands
(`ui/hands.py`), newest first, with what each review found; one opened again on Your
hands (a link, `?hand=ID`, read there by `opened`), or removed after a second click.
Functions only: the pages call them."""

from __future__ import annotations

from typing import Any, Optional

import streamlit as st

from trainer.errors import TrainerError
from trainer.i18n import t
from trainer.store import KeptHand
from ui.plots import day_words
from ui.state import lang, plain
from ui.widgets import guard

REMOVING = "progress_hand_removing"  # the id of the hand asked to be removed, waiting for "yes"


def _when(hand: KeptHand) -> str:
    local = hand.created_at.astimezone().replace(tzinfo=None)
    return f"{day_words(local.date(), lang())} {local:%H:%M}"


def _rows(hands: list[KeptHand]) -> list[dict[str, Any]]:
    language = lang()
    names = [t(f"progress.hands_col.{c}", language) for c in
             ("when", "rules", "players", "turns", "moves", "mistakes", "lost")]
    rows = []
    for h in hands:
        sums = ("", "", "") if h.sums is None else (h.sums.moves, h.sums.mistakes, h.sums.points_lost)
        rows.append(dict(zip(names, (_when(h), t(f"rules.{h.rules}", language), h.players, h.turns, *sums))))
    return rows


def section(store: Any, learner: int) -> None:
    """The kept hands: a table, then one to open or remove."""
    language = lang()
    st.header(t("progress.hands_title", language))
    try:
        hands = store.hands(learner)
    except TrainerError as error:
        guard(error)
        return
    if not hands:
        st.caption(t("progress.hands_none", language))
        return
    st.dataframe(_rows(hands), hide_index=True)
    labels = {h.id: f"{_when(h)} · {t(f'rules.{h.rules}', language)} · {h.turns}" for h in hands}
    chosen = st.selectbox(t("progress.hands_pick", language), tuple(labels), key="progress_hand",
                          format_func=lambda hand_id: labels.get(hand_id, ""))
    if chosen is None:
        return
    row = st.container(horizontal=True)
    row.page_link("ui/hands.py", label=t("progress.hands_open", language), icon=":material/open_in_new:",
                  query_params={"hand": str(chosen)})
    if row.button(t("progress.hands_remove", language), key="progress_hand_remove", icon=":material/delete:"):
        st.session_state[REMOVING] = chosen
    if st.session_state.get(REMOVING) == chosen:
        if st.button(t("progress.hands_sure", language), key="progress_hand_sure", type="primary"):
            try:
                store.remove_hand(learner, chosen)
            except TrainerError as error:
                guard(error)
                return
            st.session_state[REMOVING] = None
            st.toast(t("progress.hands_removed", language))
            st.rerun()


def opened(store: Any, learner: Optional[int]) -> None:
    """Your hands opened by a link `?hand=ID`: that hand of the learner's goes into the
    page (as text); an id that is not a number or not one of his is said, and the
    page keeps what it had. The parameter is dropped once read."""
    wanted = st.query_params.get("hand")
    if wanted is None:
        return
    del st.query_params["hand"]
    language = lang()
    if store is None or learner is None:
        st.session_state["hands_note"] = t("hands.open_need_learner", language)
        return
    try:
        hand_id = int(wanted) if wanted.isascii() and wanted.isdigit() and len(wanted) <= 12 else -1
        record = store.hand_record(learner, hand_id)
    except TrainerError:
        st.session_state["hands_note"] = t("hands.open_missing", language, hand=plain(wanted[:40]))
        return
    st.session_state.update(hands_record=record.text(), hands_how="text", hands_review=None)
