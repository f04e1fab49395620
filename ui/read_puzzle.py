"""A "read the hand" puzzle on the Puzzles page: its question in words, the buttons of
its answers, and the feedback with the exact chances and their reasons, as the reading
drill gives them (`trainer.teach.reading_drill`)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import streamlit as st

from trainer.engine.position import Position
from trainer.i18n import t
from trainer.puzzles.kinds import Puzzle
from trainer.search.tile_questions import Question
from trainer.teach.reading_drill import ReadItem, item_of
from ui.state import lang
from ui.widgets import hand, plain


@lru_cache(maxsize=64)
def read_item_of(puzzle: Puzzle) -> ReadItem:
    """The puzzle's question as a board of the reading drill, its chances worked out
    again exactly from the position and the voids (a few milliseconds)."""
    return item_of(Position.from_code(puzzle.position), puzzle.void_map(), Question.parse(puzzle.question))


def ask(puzzle: Puzzle, answered: bool, on_answer: Callable[[str], None]) -> None:
    """The question, the learner's tiles and, until answered, one button per answer."""
    item = read_item_of(puzzle)
    code = lang()
    st.markdown(f"**{plain(item.question(code))}**")
    st.caption(t("drills.your_hand", code, player=item.mover + 1))
    hand(item.hand)
    if answered:
        return
    with st.container(horizontal=True):
        for choice in item.choices:
            if st.button(item.choice_label(choice, code), key=f"puzzle_read_{choice}"):
                on_answer(choice)


def result(puzzle: Puzzle, answer: str) -> None:
    """Right or wrong, the chances of every place (or of scoring) and why, in words."""
    feedback = read_item_of(puzzle).check(answer, lang())
    (st.success if feedback.correct else st.error)(feedback.message)
    st.markdown("\n".join(f"- {plain(line)}" for line in feedback.details))
