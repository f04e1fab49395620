"""Analysis: paste a position code or build one by clicking; see the count, the
description and every legal move ranked. The position lives in the URL."""

from __future__ import annotations

from typing import Optional

import streamlit as st

from trainer.errors import TrainerError
from trainer.layout import EMPTY, Layout
from trainer.moves import Move
from trainer.position import Position
from trainer.sampling import estimate
from trainer.solver import solve
from trainer.tiles import ALL_TILES, Tile, sort_tiles
from ui.state import init_state
from ui.widgets import board, end_buttons, hand, tile_buttons

SAMPLES = 100
EXAMPLE = ("0-0:0-3,3-4,4-6,6-5,5-5,5-1,1-0:0-4,4-2,2-1,1-3,3-2,2-0,0-5,5-4::"
           "0-6,6-3,3-3,3-5,5-2,2-2,2-6,6-1 6-6,4-4/4-1,1-1 - 1 15,15")

init_state()
for key, value in {"build_layout": "-", "build_hand": [], "build_selected": None,
                   "build_history": []}.items():
    st.session_state.setdefault(key, value)


def set_position(code: str) -> None:
    st.session_state["analysis_code"] = code
    st.query_params["position"] = code


url_code = st.query_params.get("position")
if url_code is not None and url_code != st.session_state["analysis_code"]:
    st.session_state["analysis_code"] = url_code

st.title("Analysis board")
paste, build = st.tabs(["Paste a position code", "Build one by clicking"])

with paste:
    with st.form("paste_form", border=False):
        text = st.text_input("Position code", value=st.session_state["analysis_code"],
                             placeholder=EXAMPLE, help="LAYOUT HANDS BONEYARD TURN SCORES [RULES]")
        if st.form_submit_button("Analyse", type="primary"):
            set_position(text.strip())
    if st.button("Try the worked endgame of the rules", key="example"):
        set_position(EXAMPLE)
        st.rerun()

with build:
    layout = Layout.parse(st.session_state["build_layout"])
    my_hand = sort_tiles(Tile.parse(t) for t in st.session_state["build_hand"])
    used = set(layout.tiles()) | set(my_hand)
    free = tuple(t for t in reversed(ALL_TILES) if t not in used)
    mode = st.radio("Clicking a tile", ["puts it on the table", "adds it to my hand"],
                    horizontal=True, key="build_mode")
    board(layout)
    selected: Optional[Tile] = (Tile.parse(st.session_state["build_selected"])
                                if st.session_state["build_selected"] else None)
    clicked = tile_buttons(free, key="free", selected=selected)
    if clicked is not None:
        if mode == "adds it to my hand":
            st.session_state["build_hand"] = [*st.session_state["build_hand"], str(clicked)]
            st.session_state["build_history"].append(("hand", str(clicked)))
        else:
            st.session_state["build_selected"] = str(clicked)
        st.rerun()
    if selected is not None and mode == "puts it on the table":
        if layout.is_empty:
            if st.button(f"Lead {selected}", key="lead", type="primary"):
                st.session_state["build_history"].append(("layout", st.session_state["build_layout"]))
                st.session_state["build_layout"] = str(layout.place(selected, None))
                st.session_state["build_selected"] = None
                st.rerun()
        else:
            fitting = [(e.side, e.pip) for e in layout.open_ends() if selected.has(e.pip)]
            if not fitting:
                st.warning(f"{selected} fits no open end: choose another tile.")
            else:
                st.write(f"Where does {selected} go?")
                side = end_buttons(fitting, key="place")
                if side is not None:
                    st.session_state["build_history"].append(("layout", st.session_state["build_layout"]))
                    st.session_state["build_layout"] = str(layout.place(selected, side))  # type: ignore[arg-type]
                    st.session_state["build_selected"] = None
                    st.rerun()
    st.write("My hand (the player to move):" if my_hand else "My hand is empty: pick tiles for it.")
    if my_hand:
        hand(my_hand)
    unseen = 28 - len(layout) - len(my_hand)
    left, right = st.columns(2)
    rules_name = left.selectbox("Rules", ["standard", "cincos"], key="build_rules",
                                help="Two players; the opponent's tiles and the boneyard stay hidden.")
    opponent = right.number_input("Tiles in the opponent's hand", min_value=0, max_value=max(unseen, 0),
                                  value=min(unseen, len(my_hand)), step=1, key="build_opponent")
    undo, clear, go = st.columns(3)
    if undo.button("Undo", key="build_undo", disabled=not st.session_state["build_history"]):
        kind, value = st.session_state["build_history"].pop()
        if kind == "layout":
            st.session_state["build_layout"] = value
        else:
            st.session_state["build_hand"].remove(value)
        st.rerun()
    if clear.button("Clear", key="build_clear"):
        st.session_state.update(build_layout="-", build_hand=[], build_selected=None, build_history=[])
        st.rerun()
    if go.button("Analyse this position", key="build_go", type="primary"):
        hands = f"{','.join(str(t) for t in my_hand) or '-'}/?{int(opponent)}"
        code = f"{layout} {hands} ?{unseen - int(opponent)} 0 0,0 {rules_name}"
        set_position(code)
        st.rerun()

st.divider()
code = st.session_state["analysis_code"]
if not code:
    st.info("Paste a position code above, or build one by clicking, to see its moves.")
    board(EMPTY)
    st.stop()
try:
    position = Position.from_code(code)
except TrainerError as error:
    st.error(f"This position code cannot be read: {error}")
    board(EMPTY)
    st.stop()

st.subheader("The position")
st.code(position.code(), language=None)
board(position.layout)
count = position.layout.count()
st.metric("Count", count)
mover = position.hands[position.turn]
try:
    moves = position.legal_moves()
except TrainerError:
    st.info(f"Player {position.turn}'s hand is hidden, so his moves are unknown.")
    st.stop()
hand(position.hand(position.turn))
if position.is_over:
    st.info("The hand is over: nobody has a move.")
    st.stop()
if not moves:
    st.info(f"Player {position.turn} cannot play: he must draw"
            + (" or pass." if position.must_pass else "."))
    st.stop()


def row(move: Move) -> dict[str, object]:
    after = position.layout.place(move.tile, move.side)
    return {"move": str(move), "points now": after.points(), "layout after": str(after)}


rows = sorted((row(m) for m in moves), key=lambda r: (-int(str(r["points now"])), str(r["move"])))
values: dict[str, str] = {}
if position.is_fully_known:
    with st.spinner("Solving to the end of the hand..."):
        solution = solve(position)
    values = {str(m.move): str(m.value) for m in solution.moves}
    st.success(f"Exact value for player {position.turn}: **{solution.value}**; best: "
               + ", ".join(str(m) for m in solution.best))
    rows.sort(key=lambda r: (-int(values[str(r["move"])]), str(r["move"])))
elif st.button(f"Estimate values by sampling ({SAMPLES} deals of the hidden tiles)", key="estimate"):
    with st.spinner("Dealing the hidden tiles and solving each deal..."):
        result = estimate(position, SAMPLES, seed=1)
    values = {str(m.move): f"{m.value:.1f} ± {m.spread:.1f}" for m in result.moves}
for r in rows:
    if values:
        r["value"] = values.get(str(r["move"]), "")
st.subheader("Moves")
st.dataframe(rows, hide_index=True, use_container_width=True)
