"""A puzzle of the learner's own, opened from the review queue on the Puzzles page: the
position of a move he got wrong in a game (a mistake or a blunder in its review), to
find the better move (`trainer.play.mistakes`); and how such puzzles are filed from a
review (Play's, and Your hands'). Functions only: the pages call them."""

from __future__ import annotations

from typing import Optional

import streamlit as st

from trainer.engine.moves import Move
from trainer.engine.position import Position
from trainer.engine.tiles import Tile
from trainer.errors import TrainerError
from trainer.i18n import t, tn
from trainer.play.coach import MoveReview
from trainer.play.mistakes import KIND, OwnPuzzle, Verdict, from_card, judge_answer, own_puzzle
from ui.state import lang, learner_id, open_store, plain, record_result
from ui.widgets import board, end_buttons, guard, tile_buttons

# (item, position) opened; tile clicked; (move, Verdict); an answer kept in the tab, to judge again
STATE = ("own_card", "own_tile", "own_verdict", "own_rejudge")


def _state() -> None:
    for name in STATE:
        if name not in st.session_state:
            st.session_state[name] = None


def file_own_puzzles(reviews: tuple[MoveReview, ...]) -> None:
    """Each move graded a mistake or a blunder becomes a puzzle of the learner's own in
    his review queue (trainer.play.mistakes); without a learner, a word on how."""
    own = [puzzle for puzzle in map(own_puzzle, reviews) if puzzle is not None]
    if not own:
        return
    learner = learner_id()
    store = open_store() if learner is not None else None
    if learner is None or store is None:
        st.caption(t("mine.need_learner", lang()))
        return
    made = 0
    try:
        for puzzle in own:
            made += store.add_review_card(learner, "puzzle", puzzle.item, KIND, puzzle.position)
    except TrainerError as error:
        guard(error)
    if made:
        st.info(tn("mine.filed", made, lang()), icon=":material/replay:")


def open_card(item: str, position: str) -> None:
    """Callback: open a review card's own puzzle."""
    _state()
    st.session_state.update(own_card=(item, position), own_tile=None, own_verdict=None, own_rejudge=None)


def close() -> None:
    _state()
    st.session_state.update(own_card=None, own_tile=None, own_verdict=None, own_rejudge=None)


def opened() -> Optional[tuple[str, str]]:
    _state()
    card: Optional[tuple[str, str]] = st.session_state["own_card"]
    return card


def _pick(tile: Tile) -> None:
    st.session_state["own_tile"] = str(tile)


def _judge(puzzle: OwnPuzzle, item: str, move: Move) -> Optional[Verdict]:
    with st.spinner(t("mine.judging", lang())):
        try:
            return judge_answer(puzzle, move, budget=1.0, seed=len(item), lang=lang())
        except TrainerError as error:
            st.warning(plain(error))
            return None


def _rejudge(puzzle: OwnPuzzle, item: str) -> None:
    """An answer given before a reload, kept in the tab: judged again (not recorded
    again); one that is not a move of the puzzle is dropped."""
    text, st.session_state["own_rejudge"] = st.session_state["own_rejudge"], None
    try:
        move = Move.parse(text)
    except TrainerError:
        return
    verdict = _judge(puzzle, item, move)
    if verdict is not None:
        st.session_state["own_verdict"] = (str(move), verdict)


def _answer(puzzle: OwnPuzzle, item: str, move: Move) -> None:
    verdict = _judge(puzzle, item, move)
    if verdict is None:
        return
    st.session_state.update(own_verdict=(str(move), verdict), own_tile=None)
    record_result("puzzle", item, verdict.correct, detail=str(move), kind=KIND, position=puzzle.position,
                  answer=str(move), mode="review", timer="puzzle")


def show() -> None:
    """The opened own puzzle: the board as the learner saw it, his hand to click, the
    verdict once answered, and the way back to the queue."""
    card = opened()
    if card is None:
        return
    item, code = card
    try:
        puzzle = from_card(item, code)
    except TrainerError as error:
        st.warning(t("mine.bad_card", lang(), error=plain(error)))
        st.button(t("puzzles.review_back", lang()), key="own_back", on_click=close)
        return
    position = Position.from_code(code)
    if st.session_state["own_rejudge"]:
        _rejudge(puzzle, item)
    st.subheader(t("mine.title", lang()))
    st.write(t("mine.intro", lang(), played=plain(str(puzzle.played))))
    if not position.layout.is_empty:
        board(position.layout)
    kept = st.session_state["own_verdict"]
    mover = position.hand(position.turn)
    moves = position.legal_moves()
    if kept is None:
        selected = Tile.parse(st.session_state["own_tile"]) if st.session_state["own_tile"] else None
        playable = tuple(tile for tile in mover if any(m.tile == tile for m in moves))
        st.write(t("puzzles.your_hand", lang()))
        tile_buttons(mover, key="own", selected=selected, playable=playable, on_pick=_pick)
        if selected is not None and selected in playable:
            options = [m for m in moves if m.tile == selected]
            if options[0].side is None:
                if st.button(t("play.lead", lang(), tile=selected), key="own_lead", type="primary"):
                    _answer(puzzle, item, options[0])
                    st.rerun()
            else:
                pips = {e.side: e.pip for e in position.layout.open_ends()}
                side = end_buttons([(m.side, pips[m.side]) for m in options if m.side], key="own_end",
                                   tile=selected)
                if side is not None:
                    _answer(puzzle, item, Move(selected, side))  # type: ignore[arg-type]
                    st.rerun()
    else:
        verdict: Verdict = kept[1]
        (st.success if verdict.correct else st.error)(verdict.message)
    st.button(t("puzzles.review_back", lang()), key="own_back", on_click=close,
              type="primary" if kept is not None else "secondary")
