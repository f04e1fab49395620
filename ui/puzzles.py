"""Puzzles: today's puzzle first, then by kind, tag and difficulty, and past days.

The learner answers by clicking a tile and then an end (or one number for a count).
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Optional

import streamlit as st

from trainer.bank import by_id, shipped
from trainer.daily import daily
from trainer.drills import AnswerError, parse_number
from trainer.errors import TrainerError
from trainer.moves import Move
from trainer.puzzles import Puzzle
from trainer.solver import solve
from trainer.tags import TAGS
from trainer.tiles import Tile
from ui.state import init_state, record_result
from ui.widgets import board, end_buttons, hand, tile_buttons

KIND_NAMES = {"best-play": "Best play", "endgame": "Endgame", "count": "Count",
              "deny": "Deny the count"}
QUESTIONS = {
    "best-play": "Play the tile that scores the most points now.",
    "endgame": "Every hand is shown and the boneyard is empty. Find the move with the best "
               "result to the end of the hand (points now, later and the pips left).",
    "count": "What is the count of this board?",
    "deny": "No move scores now. Play the tile that leaves the next player the least: the "
            "fewest points any tile you cannot see could make on the next play.",
}
BANDS = {"easy": (0, 1099), "medium": (1100, 1349), "hard": (1350, 9999)}

init_state()
for key, value in {"puzzle_id": None, "puzzle_tile": None, "puzzle_answer": None,
                   "puzzle_hint": False}.items():
    st.session_state.setdefault(key, value)


def choose(puzzle: Puzzle) -> None:
    """Open a puzzle: a fresh attempt, and its permalink in the URL."""
    st.session_state.update(puzzle_id=puzzle.id, puzzle_tile=None, puzzle_answer=None,
                            puzzle_hint=False)
    st.query_params["puzzle"] = puzzle.id


def figure(puzzle: Puzzle) -> str:
    return "value" if puzzle.kind in ("endgame", "deny") else "points"


st.title("Puzzles")
bank = shipped()
today = daily(bank, date.today())

url_id = st.query_params.get("puzzle")
if url_id is not None and url_id != st.session_state["puzzle_id"]:
    try:
        choose(by_id(url_id))
    except TrainerError as error:
        st.error(f"This puzzle link does not work: {error}. Here is today's puzzle instead.")
        del st.query_params["puzzle"]
        choose(today)
if st.session_state["puzzle_id"] is None:
    choose(today)

with st.expander("Choose a puzzle", expanded=False):
    kind = st.selectbox("Kind", ["any", *KIND_NAMES], key="puzzle_kind",
                        format_func=lambda k: KIND_NAMES.get(k, "Any kind"))
    tag = st.selectbox("Theme", ["any", *TAGS], key="puzzle_tag")
    band = st.selectbox("Difficulty", ["any", *BANDS], key="puzzle_band")
    matching = [p for p in bank if (kind == "any" or p.kind == kind)
                and (tag == "any" or tag in p.tags)
                and (band == "any" or BANDS[band][0] <= p.rating <= BANDS[band][1])]
    st.caption(f"{len(matching)} puzzles match.")
    if st.button("Next puzzle", key="puzzle_next", disabled=not matching, type="primary"):
        index = (len(st.session_state["results"]) * 7919 + len(matching)) % len(matching)
        choose(matching[index])
        st.rerun()
    st.write("Past daily puzzles:")
    for back in range(1, 8):
        day = date.today() - timedelta(days=back)
        if st.button(f"{day:%A %d %B}", key=f"archive_{back}"):
            choose(daily(bank, day))
            st.rerun()

puzzle = by_id(st.session_state["puzzle_id"])
position = puzzle.parsed()
label = "Today's puzzle" if puzzle.id == today.id else f"Puzzle {puzzle.id}"
st.subheader(f"{label}: {KIND_NAMES[puzzle.kind]}")
st.caption(f"Rating {puzzle.rating} · rules {puzzle.rules}"
           + (f" · themes: {', '.join(puzzle.tags)}" if puzzle.tags else ""))
st.write(QUESTIONS[puzzle.kind])
board(position.layout)


def show_result(puzzle: Puzzle, answer: str) -> None:
    right = puzzle.is_right(answer)
    helped = st.session_state["puzzle_hint"]
    if puzzle.kind == "count":
        if right:
            st.success(f"Right: the count is {puzzle.accepted[0]}.")
        else:
            parts = " + ".join(f"{v} ({n})" for n, v in position.layout.count_parts())
            st.error(f"Not quite: you said {answer}; the count is {parts} = {puzzle.accepted[0]}.")
        return
    mine = puzzle.info(answer)
    best = puzzle.info(puzzle.accepted[0])
    assert mine is not None and best is not None
    what = figure(puzzle)
    if right:
        st.success(f"Right{' (with a hint)' if helped else ''}: {answer} — {what} {mine.value}"
                   + (f", {mine.points} points now." if what == "value" else "."))
    else:
        st.error(f"Not the best: {answer} has {what} {mine.value}; "
                 f"{', '.join(puzzle.accepted)} has {best.value}.")
    st.write("Every move:")
    st.dataframe([{"move": m.move, "points now": m.points, what: m.value,
                   "accepted": "yes" if m.move in puzzle.accepted else ""} for m in puzzle.moves],
                 hide_index=True, use_container_width=True)
    if puzzle.kind == "endgame":
        endgame_line(puzzle, answer, right)


def endgame_line(puzzle: Puzzle, answer: str, right: bool) -> None:
    after = position.play(Move.parse(answer))
    if not right and not after.is_over:
        while after.must_draw or after.must_pass:
            after = after.draw() if after.must_draw else after.pass_turn()
        if not after.is_over:
            with st.spinner("Finding the best reply..."):
                reply = solve(after).best[0]
            st.write(f"The opponent's best reply to {answer} is **{reply}**:")
            board(after.play(reply).layout, last=reply.tile)
    if puzzle.line:
        steps = " → ".join(step.replace(":", ": ") for step in puzzle.line)
        st.write(f"The best line after {puzzle.accepted[0]}: {steps}")


answered: Optional[str] = st.session_state["puzzle_answer"]
if puzzle.kind == "count":
    if answered is None:
        with st.form("count_form", border=False):
            typed = st.text_input("The count", key="puzzle_count", max_chars=6)
            if st.form_submit_button("Check", type="primary"):
                try:
                    value = parse_number(typed)
                except AnswerError as error:
                    st.warning(str(error))
                else:
                    st.session_state["puzzle_answer"] = str(value)
                    record_result("puzzle", puzzle.id, puzzle.is_right(str(value)))
                    st.rerun()
else:
    mover = position.hand(position.turn)
    if puzzle.kind == "endgame":
        for other in range(position.players):
            if other != position.turn:
                st.write(f"Opponent's hand (player {other}):")
                hand(position.hand(other))
    st.write(f"Your hand (player {position.turn}):")
    hint_tiles = {Move.parse(a).tile for a in puzzle.accepted}
    hand(mover)
    if answered is None:
        selected = (Tile.parse(st.session_state["puzzle_tile"])
                    if st.session_state["puzzle_tile"] else None)
        if st.session_state["puzzle_hint"]:
            st.info("Hint: play " + " or ".join(sorted(str(t) for t in hint_tiles)) + ".")
        playable = tuple(t for t in mover if any(m.tile == t for m in position.legal_moves()))
        clicked = tile_buttons(playable, key="ptile", selected=selected)
        if clicked is not None:
            st.session_state["puzzle_tile"] = str(clicked)
            st.rerun()
        if selected is not None:
            sides = [(m.side, e.pip) for m in position.legal_moves() if m.tile == selected
                     for e in position.layout.open_ends() if e.side == m.side]
            st.write(f"Where does {selected} go?")
            side = end_buttons(sides, key="pend")  # type: ignore[arg-type]
            if side is not None:
                answer = str(Move(selected, side))  # type: ignore[arg-type]
                st.session_state["puzzle_answer"] = answer
                record_result("puzzle", puzzle.id, puzzle.is_right(answer),
                              "helped" if st.session_state["puzzle_hint"] else "")
                st.rerun()
        if not st.session_state["puzzle_hint"] and st.button("Hint", key="puzzle_hint_button"):
            st.session_state["puzzle_hint"] = True
            st.rerun()

if answered is not None:
    show_result(puzzle, answered)
    left, right = st.columns(2)
    if left.button("Try again", key="puzzle_retry"):
        choose(puzzle)
        st.rerun()
    if right.button("Today's puzzle", key="puzzle_today"):
        choose(today)
        st.rerun()
st.caption(f"Link to this puzzle: ?puzzle={puzzle.id}")
