"""A hand's review on one player's information, on a page (`trainer.play.seat_review`):
each of his moves in a box with its grade, the idea, what it rests on and, asked for,
where the tiles he could not see were then. Your hands and Play together show it."""

from __future__ import annotations

from functools import partial
from typing import Optional

import streamlit as st

from trainer.engine.movenames import move_words
from trainer.engine.seattable import Decision
from trainer.engine.seatview import SeatRecord
from trainer.errors import TrainerError
from trainer.i18n import number, t, tn
from trainer.play.coach import MoveReview
from trainer.play.reading import read
from trainer.play.seat_review import review_seat
from ui.state import lang, reason
from ui.where import chances
from ui.widgets import costly

REVIEW_BUDGET = 0.5  # seconds a decision: a review is waited for here, as Play's is not
REVIEW_WAIT = 30.0
GRADE_COLOURS = {"best": "green", "good": "green", "inaccuracy": "orange", "mistake": "red",
                 "blunder": "red", "unclear": "gray", "forced": "gray", "missed_win": "red"}


def judged(record: SeatRecord) -> Optional[tuple[MoveReview, ...]]:
    """The review of the record's player's moves, waited for in turn with the server's
    other searches (None, said on the page, when the server is too busy)."""
    found: Optional[tuple[MoveReview, ...]] = costly(partial(review_seat, record, budget=REVIEW_BUDGET,
                                                             lang=lang()), REVIEW_WAIT, "review")
    return found


def show_review(record: SeatRecord, reviews: tuple[MoveReview, ...], key: str = "hands") -> None:
    """Each of the player's moves, one box each: the grade, the idea, the best move, the
    points lost and what it rests on; and, asked for, where the tiles he could not see
    were then, on what he had seen (`where`)."""
    code = lang()
    if not reviews:
        st.info(t("hands.no_moves", code))
    seen = {d.turn: d for d in record.follow().decisions}
    for count, r in enumerate(reviews, start=1):
        with st.container(border=True):
            st.markdown(t("play.review_head", code, n=count, move=move_words(r.played, code),
                          grade=t(f"play.grade.{r.grade}", code), colour=GRADE_COLOURS.get(r.grade, "gray")))
            if r.headline:
                st.write(r.headline)
            if r.reason and r.reason != r.headline:
                with st.expander(t("play.figures", lang())):
                    st.caption(r.reason)
            decision = seen.get(r.number)
            if decision is not None and st.toggle(t("hands.where", lang()), key=f"{key}_where_{r.number}"):
                where(decision)


def where(decision: Decision) -> None:
    """Where the tiles the player could not see were before his move: every deal that
    fits what he had seen (the counts, the suits a player showed he lacks) counted
    alike, exactly."""
    try:
        found = read(decision.position, decision.voids)
    except TrainerError as error:
        st.warning(t("hands.where_unread", lang(), error=reason(error)))
        return
    if not found.chances:
        st.caption(t("hands.where_none", lang()))
        return
    st.caption(tn("play.where_uniform", found.deals, lang(), n=number(found.deals, lang())))
    chances(found, decision.position.turn)
