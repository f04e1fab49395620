"""Analysis: paste a position code or build one by clicking; see the count, the
description and every legal move ranked. The position lives in the URL."""

from __future__ import annotations

from typing import Optional

import streamlit as st

from trainer.errors import TrainerError
from trainer.i18n import t
from trainer.layout import EMPTY, Layout
from trainer.moves import Move
from trainer.position import Position
from trainer.sampling import estimate
from trainer.solver import solve
from trainer.tiles import ALL_TILES, Tile, sort_tiles
from ui.state import init_state, reason
from ui.widgets import board, end_buttons, hand, tile_buttons

SAMPLES = 100
EXAMPLE = ("0-0:0-3,3-4,4-6,6-5,5-5,5-1,1-0:0-4,4-2,2-1,1-3,3-2,2-0,0-5,5-4::"
           "0-6,6-3,3-3,3-5,5-2,2-2,2-6,6-1 6-6,4-4/4-1,1-1 - 1 15,15")

RULES = ("standard", "cincos")
MODES = ("table", "hand")  # what clicking a tile does: put it on the table, or in my hand

init_state()
LANG: str = st.session_state["lang"]


def set_position(code: str) -> None:
    st.session_state["analysis_code"] = code
    st.query_params["position"] = code


url_code = st.query_params.get("position")
if url_code is not None and url_code != st.session_state["analysis_code"]:
    st.session_state["analysis_code"] = url_code

st.title(t("analysis.title", LANG))
paste, build = st.tabs([t("analysis.tab_paste", LANG), t("analysis.tab_build", LANG)])

with paste:
    with st.form("paste_form", border=False):
        text = st.text_input(t("analysis.code_label", LANG), value=st.session_state["analysis_code"],
                             placeholder=EXAMPLE, help=t("analysis.code_help", LANG))
        if st.form_submit_button(t("analysis.analyse", LANG), type="primary"):
            set_position(text.strip())
    if st.button(t("analysis.example", LANG), key="example"):
        set_position(EXAMPLE)
        st.rerun()

with build:
    layout = Layout.parse(st.session_state["build_layout"])
    my_hand = sort_tiles(Tile.parse(text) for text in st.session_state["build_hand"])
    used = set(layout.tiles()) | set(my_hand)
    free = tuple(tile for tile in reversed(ALL_TILES) if tile not in used)
    mode = st.radio(t("analysis.mode", LANG), MODES, horizontal=True, key="build_mode",
                    format_func=lambda m: t(f"analysis.mode.{m}", LANG))
    board(layout)
    selected: Optional[Tile] = (Tile.parse(st.session_state["build_selected"])
                                if st.session_state["build_selected"] else None)
    clicked = tile_buttons(free, key="free", selected=selected)
    if clicked is not None:
        if mode == "hand":
            st.session_state["build_hand"] = [*st.session_state["build_hand"], str(clicked)]
            st.session_state["build_history"].append(("hand", str(clicked)))
        else:
            st.session_state["build_selected"] = str(clicked)
        st.rerun()
    if selected is not None and mode == "table":
        if layout.is_empty:
            if st.button(t("analysis.lead", LANG, tile=selected), key="lead", type="primary"):
                st.session_state["build_history"].append(("layout", st.session_state["build_layout"]))
                st.session_state["build_layout"] = str(layout.place(selected, None))
                st.session_state["build_selected"] = None
                st.rerun()
        else:
            fitting = [(e.side, e.pip) for e in layout.open_ends() if selected.has(e.pip)]
            if not fitting:
                st.warning(t("analysis.fits_nowhere", LANG, tile=selected))
            else:
                st.write(t("analysis.where", LANG, tile=selected))
                side = end_buttons(fitting, key="place")
                if side is not None:
                    st.session_state["build_history"].append(("layout", st.session_state["build_layout"]))
                    st.session_state["build_layout"] = str(layout.place(selected, side))  # type: ignore[arg-type]
                    st.session_state["build_selected"] = None
                    st.rerun()
    st.write(t("analysis.my_hand", LANG) if my_hand else t("analysis.my_hand_empty", LANG))
    if my_hand:
        hand(my_hand)
    unseen = 28 - len(layout) - len(my_hand)
    left, right = st.columns(2)
    rules_name = left.selectbox(t("analysis.rules", LANG), RULES, key="build_rules",
                                format_func=lambda r: t(f"rules.{r}", LANG),
                                help=t("analysis.rules_help", LANG))
    opponent = right.number_input(t("analysis.opponent_tiles", LANG), min_value=0,
                                  max_value=max(unseen, 0), value=min(unseen, len(my_hand)), step=1,
                                  key="build_opponent")
    undo, clear, go = st.columns(3)
    if undo.button(t("analysis.undo", LANG), key="build_undo",
                   disabled=not st.session_state["build_history"]):
        kind, value = st.session_state["build_history"].pop()
        if kind == "layout":
            st.session_state["build_layout"] = value
        else:
            st.session_state["build_hand"].remove(value)
        st.rerun()
    if clear.button(t("analysis.clear", LANG), key="build_clear"):
        st.session_state.update(build_layout="-", build_hand=[], build_selected=None, build_history=[])
        st.rerun()
    if go.button(t("analysis.go", LANG), key="build_go", type="primary"):
        hands = f"{','.join(str(tile) for tile in my_hand) or '-'}/?{int(opponent)}"
        code = f"{layout} {hands} ?{unseen - int(opponent)} 0 0,0 {rules_name}"
        set_position(code)
        st.rerun()

st.divider()
code = st.session_state["analysis_code"]
if not code:
    st.info(t("analysis.empty", LANG))
    board(EMPTY)
    st.stop()
try:
    position = Position.from_code(code)
except TrainerError as error:
    st.error(t("analysis.bad_code", LANG, error=reason(error)))
    board(EMPTY)
    st.stop()

st.subheader(t("analysis.position", LANG))
st.code(position.code(), language=None)
board(position.layout)
count = position.layout.count()
st.metric(t("analysis.count", LANG), count)
try:
    moves = position.legal_moves()
except TrainerError:
    st.info(t("analysis.hidden", LANG, player=position.turn))
    st.stop()
hand(position.hand(position.turn))
if position.is_over:
    st.info(t("analysis.over", LANG))
    st.stop()
if not moves:
    st.info(t("analysis.must_pass" if position.must_pass else "analysis.must_draw", LANG,
              player=position.turn))
    st.stop()


def row(move: Move) -> tuple[str, int, str]:
    """A move, the points it scores now and the layout after it."""
    after = position.layout.place(move.tile, move.side)
    return str(move), after.points(), str(after)


rows = sorted((row(m) for m in moves), key=lambda r: (-r[1], r[0]))
values: dict[str, str] = {}
if position.is_fully_known:
    with st.spinner(t("analysis.solving", LANG)):
        solution = solve(position)
    values = {str(m.move): str(m.value) for m in solution.moves}
    st.success(t("analysis.exact", LANG, player=position.turn, value=solution.value,
                 best=t("list.separator", LANG).join(str(m) for m in solution.best)))
    rows.sort(key=lambda r: (-int(values[r[0]]), r[0]))
elif st.button(t("analysis.estimate", LANG, samples=SAMPLES), key="estimate"):
    with st.spinner(t("analysis.sampling", LANG)):
        result = estimate(position, SAMPLES, seed=1)
    values = {str(m.move): f"{m.value:.1f} ± {m.spread:.1f}" for m in result.moves}
columns = {"move": t("analysis.col.move", LANG), "points": t("analysis.col.points", LANG),
           "after": t("analysis.col.after", LANG), "value": t("analysis.col.value", LANG)}
table: list[dict[str, object]] = []
for move_text, points, after_text in rows:
    line: dict[str, object] = {columns["move"]: move_text, columns["points"]: points,
                               columns["after"]: after_text}
    if values:
        line[columns["value"]] = values.get(move_text, "")
    table.append(line)
st.subheader(t("analysis.moves", LANG))
st.dataframe(table, hide_index=True, use_container_width=True)
