"""An assigned set of puzzles on the Puzzles page (club mode): opened from the Start
page's assignments box, the page says where the learner is in the set ("Puzzle 2 of
5 — its title"), its next button goes to the set's next puzzle not yet tried, and at
the end it says the set is done and offers the way back to Start.

The set is the session's "puzzle_set" (an assignment id, kept in the tab across a
reload by `ui.keep`); it is read through the store as the signed-in account sees it,
so that an id of another class's assignment is dropped and nothing of it is shown."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Optional

import streamlit as st

from trainer.errors import TrainerError
from trainer.i18n import t
from trainer.store import Assignment, ScopedStore
from ui.state import open_store, plain

SET = "puzzle_set"


@dataclass(frozen=True)
class Working:
    """The set being worked through, its puzzles tried since it was set, and the place
    of the puzzle shown in it (from 1)."""

    assignment: Assignment
    tried: frozenset[str]
    number: int

    @property
    def total(self) -> int:
        return len(self.assignment.task.puzzles)

    def next_puzzle(self) -> Optional[str]:
        """The set's next puzzle not tried yet after the one shown (then from its start)."""
        puzzles = self.assignment.task.puzzles
        after = puzzles[self.number:] + puzzles[:self.number - 1]
        return next((p for p in after if p not in self.tried), None)


def drop() -> None:
    st.session_state[SET] = None


def working(puzzle_id: str, mode: str) -> Optional[Working]:
    """The assigned set the puzzle shown belongs to, or None (and the set let go) when
    there is none, it is not his, or the learner went on to other puzzles."""
    set_id = st.session_state.get(SET)
    if set_id is None:
        return None
    store = open_store()
    if not isinstance(store, ScopedStore) or mode != "browse" or not isinstance(set_id, int):
        drop()
        return None
    try:
        assignment, tried = store.my_puzzles_tried(set_id)
    except TrainerError:
        drop()
        return None
    puzzles = assignment.task.puzzles
    if assignment.task.kind != "puzzles" or puzzle_id not in puzzles:
        drop()
        return None
    return Working(assignment, tried, puzzles.index(puzzle_id) + 1)


def banner(w: Working, lang: str) -> None:
    """Where the learner is in the set, in place of the puzzle chooser."""
    st.info(t("puzzles.set_place", lang, number=w.number, total=w.total, title=plain(w.assignment.title)),
            icon=":material/assignment:")


def after_answer(w: Working, open_puzzle: Callable[[str], None], lang: str) -> None:
    """After an answer: on to the set's next puzzle not tried, or, every one tried, the
    set is done and the way back to Start."""
    upcoming = w.next_puzzle()
    if upcoming is not None:
        if st.button(t("puzzles.set_next", lang), key="puzzle_set_next", type="primary",
                     icon=":material/arrow_forward:"):
            open_puzzle(upcoming)
            st.rerun()
        return
    st.success(t("puzzles.set_done", lang, title=plain(w.assignment.title)))
    if st.button(t("puzzles.set_home", lang), key="puzzle_set_home", type="primary", icon=":material/home:"):
        drop()
        st.switch_page("ui/home.py")
