"""Your own hands: a hand played anywhere (at a club's table, online), written down as
one player saw it (notation.md, "A hand as one player saw it"; `trainer.engine.seatview`),
pasted or opened from a file, checked turn by turn, and reviewed by the coach on what
that player could see, as Play reviews a hand (`trainer.play.seat_review`).

A record is read as text or JSON, at most `MAX_TEXT` characters; what is wrong is said
with its line, as text; nothing is kept but the tab's text."""

from __future__ import annotations

from typing import Optional

import streamlit as st

from trainer.engine.seats import seat
from trainer.engine.seatview import MAX_TEXT, SeatRecord
from trainer.errors import TrainerError
from trainer.i18n import t, tn
from trainer.play.coach import MoveReview
from trainer.play.seat_review import review_sums
from trainer.store import HandSums
from ui import hand_entry, kept_hands
from ui.hand_record import EXAMPLE, file_text, read_record
from ui.own import file_own_puzzles
from ui.seat_review_view import judged, show_review
from ui.state import init_state, learner_id, open_store, reason
from ui.widgets import board, guard, hand, uploader_style

init_state()
LANG: str = st.session_state["lang"]
RECORD = hand_entry.TEXT  # the record's text, whichever way it was written down
BOX = "hands_text"  # the paste box


def example() -> None:
    st.session_state[RECORD] = EXAMPLE
    st.session_state["hands_review"] = None


def typed() -> None:
    st.session_state[RECORD] = st.session_state.get(BOX) or ""
    st.session_state["hands_review"] = None


def uploaded() -> None:
    """A file chosen: its text goes into the box (bounded), to be read and reviewed."""
    chosen = st.session_state.get("hands_file")
    if chosen is None:
        return
    text, note = file_text(chosen.getvalue(), LANG)
    if text is None:
        st.session_state["hands_note"] = note
        return
    st.session_state[RECORD] = text
    st.session_state["hands_review"] = None


def review(record: SeatRecord, text: str) -> Optional[tuple[MoveReview, ...]]:
    found = judged(record)
    if found is not None:
        st.session_state["hands_review"] = (text, found)
    return found


def keep(record: SeatRecord, reviews: tuple[MoveReview, ...]) -> None:
    """A reviewed hand kept in the learner's Progress with its review's sums, and its
    mistakes filed as puzzles of his own; without a learner, a word on how."""
    learner = learner_id()
    store = open_store() if learner is not None else None
    if learner is None or store is None:
        st.caption(t("hands.keep_need_learner", LANG))
        return
    try:
        store.keep_hand(learner, record, HandSums(*review_sums(reviews)))
    except TrainerError as error:
        guard(error)
        return
    st.success(t("hands.kept", LANG), icon=":material/inventory_2:")
    file_own_puzzles(reviews)


def by_text() -> Optional[SeatRecord]:
    """The paste box and the file: the record read, or None (said why)."""
    st.button(t("hands.example", LANG), key="hands_example", on_click=example)
    st.file_uploader(t("hands.file", LANG), key="hands_file", on_change=uploaded)  # any file: our words
    uploader_style(LANG, {"hands_file": t("hands.file_note", LANG, kb=MAX_TEXT // 1000)})
    st.session_state[BOX] = st.session_state.get(RECORD) or ""
    text = st.text_area(t("hands.paste", LANG), key=BOX, height=220, max_chars=MAX_TEXT,
                        placeholder=EXAMPLE, on_change=typed)
    if not text.strip():
        return None
    try:
        record = read_record(text)
        table = record.follow()
    except TrainerError as error:
        st.error(t("hands.bad", LANG, error=reason(error)), icon=":material/error:")
        return None
    st.subheader(t("hands.record", LANG))
    st.write(tn("hands.summary", record.players, LANG, rules=t(f"rules.{record.rules}", LANG),
                player=seat(record.seat), turns=len(record.turns)))
    st.write(t("hands.dealt", LANG, player=seat(record.seat)))
    hand(record.hand)
    board(table.layout)
    return record


def page() -> None:
    st.title(t("hands.title", LANG))
    st.caption(t("hands.intro", LANG))
    kept_hands.opened(open_store(), learner_id())
    note: Optional[str] = st.session_state.pop("hands_note", None)
    if note:
        st.warning(note)
    how = st.radio(t("hands.how", LANG), ("click", "text"), key="hands_how", horizontal=True,
                   format_func=lambda k: t(f"hands.how.{k}", LANG))
    record = hand_entry.section() if how == "click" else by_text()
    if record is None:
        return
    text = record.text()
    kept = st.session_state.get("hands_review")
    if kept is None or kept[0] != text:
        if not st.button(t("hands.review", LANG), key="hands_review_button", type="primary",
                         icon=":material/rate_review:"):
            return
        with st.spinner(t("hands.reviewing", LANG)):
            found = review(record, text)
        if found is None:
            return
        kept = (text, found)
        keep(record, found)
    st.subheader(t("hands.review_title", LANG, player=seat(record.seat)))
    show_review(record, kept[1])

page()
