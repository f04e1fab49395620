"""Analysis: paste a position code or build one by clicking; see the count, the
description and every legal move ranked. The position lives in the URL.

One board at a time: building shows the board being built, with its moves below once
analysed; pasting shows the pasted position's board."""

from __future__ import annotations

import math
from functools import partial
from typing import Optional

import streamlit as st

from trainer.engine.layout import EMPTY, Layout
from trainer.engine.movenames import move_words
from trainer.engine.moves import Move
from trainer.engine.position import MAX_CODE, Hidden, Position
from trainer.engine.seats import seat
from trainer.engine.tiles import ALL_TILES, Tile, sort_tiles
from trainer.errors import TrainerError
from trainer.i18n import number, t, tn
from trainer.play.players import mover_view
from trainer.play.reading import read
from trainer.search.playouts import sampled_or_rough, solved_or_rough
from trainer.search.sampling import Estimate
from trainer.search.solver import Solution
from ui.state import init_state, reason
from ui.where import chances
from ui.widgets import board, board_legend, costly, end_buttons, hand, tile_buttons

SAMPLES = 100
# every search the page starts is bounded: past these, the position is valued by play-outs
SOLVE_SECONDS = 5.0  # an exact search
SAMPLE_SECONDS = 10.0  # all the deals of an estimate
PLAYOUTS, PLAYOUT_SECONDS = 2000, 1.5  # random play-outs of each move, and at most this long
# the longest a search waits for a free place on the server (trainer.search.admission);
# past it the page says the server is busy and offers to try again
WAIT_BOUND = 20.0
EXAMPLE = ("0-0:0-3,3-4,4-6,6-5,5-5,5-1,1-0:0-4,4-2,2-1,1-3,3-2,2-0,0-5,5-4::"
           "0-6,6-3,3-3,3-5,5-2,2-2,2-6,6-1 6-6,4-4/4-1,1-1 - 1 15,15")

RULES = ("standard", "cincos")
MODES = ("table", "hand")  # what clicking a tile does: put it on the table, or in my hand
VIEWS = ("build", "paste")  # the page's two ways in
PASTE = "analysis_paste"  # the code box's key: its text is the learner's until the position changes

init_state()
LANG: str = st.session_state["lang"]


def set_position(code: str) -> None:
    """Analyse `code`, kept in the page's address (not one too long to be a code)."""
    st.session_state["analysis_code"] = code
    st.session_state[PASTE] = code
    if len(code) <= MAX_CODE:
        st.query_params["position"] = code
    elif "position" in st.query_params:
        del st.query_params["position"]


def built_code(layout: Layout, my_hand: tuple[Tile, ...], opponent: int, rules_name: str) -> str:
    """The position code of what the builder holds: my hand to move, the opponent's
    tiles hidden, the rest of the set in the boneyard (hidden too)."""
    unseen = 28 - len(layout) - len(my_hand)
    hands = f"{','.join(str(tile) for tile in my_hand) or '-'}/?{opponent}"
    return f"{layout} {hands} ?{unseen - opponent} 0 0,0 {rules_name}"


url_code = st.query_params.get("position")
if url_code is not None and url_code != st.session_state["analysis_code"]:
    st.session_state["analysis_code"] = url_code
    st.session_state["analysis_view"] = "paste"
    st.session_state[PASTE] = url_code
if PASTE not in st.session_state:
    st.session_state[PASTE] = st.session_state["analysis_code"]
if st.session_state.get("analysis_view") not in VIEWS:
    st.session_state["analysis_view"] = "paste" if st.session_state["analysis_code"] else "build"

st.title(t("analysis.title", LANG))
view = st.segmented_control(t("analysis.view", LANG), VIEWS, key="analysis_view",
                            format_func=lambda v: t(f"analysis.tab_{v}", LANG), label_visibility="collapsed")


def put_down(layout: Layout, tile: Tile, side: Optional[str]) -> None:
    """Place `tile` on the built table (at `side`, or as the lead), undoably, and show it."""
    st.session_state["build_history"].append(("layout", st.session_state["build_layout"]))
    st.session_state["build_layout"] = str(layout.place(tile, side))  # type: ignore[arg-type]
    st.session_state["build_selected"] = None
    st.rerun()


def builder() -> Optional[str]:
    """The click builder; returns the code of what it holds once analysed (else None)."""
    layout = Layout.parse(st.session_state["build_layout"])
    my_hand = sort_tiles(Tile.parse(text) for text in st.session_state["build_hand"])
    used = set(layout.tiles()) | set(my_hand)
    free = tuple(tile for tile in reversed(ALL_TILES) if tile not in used)
    mode = st.radio(t("analysis.mode", LANG), MODES, horizontal=True, key="build_mode",
                    format_func=lambda m: t(f"analysis.mode.{m}", LANG))
    st.write(t("analysis.table_label", LANG))
    board(layout)
    board_legend()
    selected: Optional[Tile] = (Tile.parse(st.session_state["build_selected"])
                                if st.session_state["build_selected"] else None)
    if selected is not None and mode == "table":
        if layout.is_empty:
            if st.button(t("analysis.lead", LANG, tile=selected), key="lead", type="primary"):
                put_down(layout, selected, None)
        else:
            fitting = [(e.side, e.pip) for e in layout.open_ends() if selected.has(e.pip)]
            if not fitting:
                st.warning(t("analysis.fits_nowhere", LANG, tile=selected))
            else:
                st.write(t("analysis.where", LANG, tile=selected))
                side = end_buttons(fitting, key="place", tile=selected)
                if side is not None:
                    put_down(layout, selected, side)
    st.write(t(f"analysis.pick_{mode}", LANG))
    clicked = tile_buttons(free, key="free", selected=selected)
    if clicked is not None:
        if mode == "hand":
            st.session_state["build_hand"] = [*st.session_state["build_hand"], str(clicked)]
            st.session_state["build_history"].append(("hand", str(clicked)))
        else:
            ends = [e.side for e in layout.open_ends() if clicked.has(e.pip)]
            if layout.is_empty or len(ends) == 1:  # one place it can go: it goes there
                put_down(layout, clicked, ends[0] if ends else None)
            else:  # several ends (chosen above the tiles) or none (said there)
                st.session_state["build_selected"] = str(clicked)
        st.rerun()
    st.write(tn("analysis.my_hand_count", len(my_hand), LANG) if my_hand
             else t("analysis.my_hand_empty", LANG))
    if my_hand:
        hand(my_hand)
    unseen = 28 - len(layout) - len(my_hand)
    left, right = st.columns(2)
    rules_name = left.selectbox(t("analysis.rules", LANG), RULES, key="build_rules",
                                format_func=lambda r: t(f"rules.{r}", LANG),
                                help=t("analysis.rules_help", LANG))
    # no key: its default follows my hand (the same size) until the learner changes it
    least = min(1, unseen)  # an opponent with no tiles would have ended the hand
    opponent = int(right.number_input(t("analysis.opponent_tiles", LANG), min_value=least,
                                      max_value=max(unseen, 0), value=max(min(unseen, len(my_hand)), least),
                                      step=1, help=t("analysis.opponent_help", LANG)))
    st.caption(tn("analysis.boneyard_left", unseen - opponent, LANG))
    row = st.container(horizontal=True)  # the buttons side by side, at any width
    if row.button(t("analysis.undo", LANG), key="build_undo",
                   disabled=not st.session_state["build_history"]):
        kind, value = st.session_state["build_history"].pop()
        if kind == "layout":
            st.session_state["build_layout"] = value
        else:
            st.session_state["build_hand"].remove(value)
        st.rerun()
    if row.button(t("analysis.clear", LANG), key="build_clear"):
        st.session_state.update(build_layout="-", build_hand=[], build_selected=None, build_history=[])
        st.rerun()
    code = built_code(layout, my_hand, opponent, rules_name)
    if row.button(t("analysis.go", LANG), key="build_go", type="primary", disabled=not my_hand):
        set_position(code)
        st.rerun()
    if not my_hand:
        st.caption(t("analysis.need_hand", LANG))
    return code if code == st.session_state["analysis_code"] else None


def analyse_pasted() -> None:
    """Callback of Analyse (and of Enter in the box): the code typed, whatever it was
    before. The box has a key of its own, so that a new code is never a new box that
    would forget what was typed into the old one."""
    typed = str(st.session_state.get(PASTE) or "")
    # a code copied from the page's text has non-breaking hyphens (they keep a move's code on one line)
    set_position(typed.replace("\u2011", "-").replace("\u2060", "").strip())


def show_example() -> None:
    st.session_state[PASTE] = EXAMPLE
    set_position(EXAMPLE)


def paste() -> None:
    with st.form("paste_form", border=False):
        st.text_input(t("analysis.code_label", LANG), key=PASTE,
                      placeholder=t("analysis.code_placeholder", LANG), help=t("analysis.code_help", LANG))
        st.form_submit_button(t("analysis.analyse", LANG), type="primary", on_click=analyse_pasted)
    st.button(t("analysis.example", LANG), key="example", on_click=show_example)


def too_big(seconds: float) -> None:
    """Say the position is too big to solve here (its moves were valued by play-outs)."""
    st.warning(t("analysis.too_big", LANG, seconds=f"{seconds:g}"))


def moves_table(position: Position) -> None:
    """Every legal move of the player to move, best first, with what its value means."""
    try:
        moves = position.legal_moves()
    except TrainerError:
        st.info(t("analysis.hidden", LANG, player=seat(position.turn)))
        return
    mover = position.turn
    st.write(t("analysis.hand_label", LANG, player=seat(mover), code=mover))
    hand(position.hand(mover))
    if position.is_over:
        st.info(t("analysis.over_why", LANG) if not moves else t("analysis.over", LANG))
        return
    if not moves:
        st.info(t("analysis.must_pass" if position.must_pass else "analysis.must_draw", LANG,
                  player=seat(mover)))
        return
    points = {m: position.layout.place(m.tile, m.side).points() for m in moves}
    order = sorted(moves, key=lambda m: (-points[m], str(m)))
    values: dict[Move, str] = {}
    exact = position.is_fully_known
    rough: Optional[Estimate] = None
    limit = min(SOLVE_SECONDS, float(st.session_state.get("analysis_budget", SOLVE_SECONDS)))
    sample_limit = min(SAMPLE_SECONDS, 2 * limit)
    if exact:
        with st.spinner(t("analysis.solving", LANG)):
            found = costly(partial(solved_or_rough, position, limit, PLAYOUTS, PLAYOUT_SECONDS), WAIT_BOUND)
        if isinstance(found, Solution):
            solution = found
            values = {m.move: str(m.value) for m in solution.moves}
            st.success(t("analysis.exact", LANG, player=seat(mover), value=solution.value,
                         best=t("list.separator", LANG).join(move_words(m, LANG) for m in solution.best)))
            order.sort(key=lambda m: (-int(values[m]), str(m)))
        elif found is not None:
            too_big(limit)
            rough = found
    elif st.button(t("analysis.estimate", LANG, samples=SAMPLES), key="estimate"):
        with st.spinner(t("analysis.sampling", LANG)):
            sampled = costly(partial(sampled_or_rough, position, SAMPLES, sample_limit, PLAYOUTS,
                                     PLAYOUT_SECONDS), WAIT_BOUND)
        if sampled is not None and sampled[1]:
            too_big(sample_limit)
            rough = sampled[0]
        elif sampled is not None:
            values = {m.move: f"{m.value:.1f} ± {m.spread:.1f}" for m in sampled[0].moves}
            by_value = {m.move: m.value for m in sampled[0].moves}
            order.sort(key=lambda m: (-by_value.get(m, -math.inf), -points[m], str(m)))  # best value first
    if rough is not None:
        exact = False
        values = {m.move: f"{m.value:.1f} ± {m.spread:.1f}" for m in rough.moves}
        ranks = {m.move: i for i, m in enumerate(rough.moves)}
        order.sort(key=lambda m: ranks.get(m, len(ranks)))
    columns = {"move": t("analysis.col.move", LANG), "points": t("analysis.col.points", LANG),
               "value": t("analysis.col.value", LANG)}
    table: list[dict[str, object]] = []
    for move in order:
        line: dict[str, object] = {columns["move"]: move_words(move, LANG), columns["points"]: points[move]}
        if values:
            line[columns["value"]] = values.get(move, "")
        table.append(line)
    st.subheader(t("analysis.moves", LANG))
    st.table(table, hide_index=True)  # static: it wraps on a phone, and no toolbar floats over the heading
    if rough is not None:
        st.caption(t("analysis.value_playout", LANG, player=seat(mover),
                     playouts=tn("plural.playouts", rough.samples, LANG)))
    elif values:
        st.caption(t("analysis.value_exact" if exact else "analysis.value_estimate", LANG, player=seat(mover),
                     samples=SAMPLES))


def analysed(with_board: bool) -> None:
    """The position analysed: its code, board (unless the builder shows it), moves."""
    code = st.session_state["analysis_code"]
    if not code:
        st.info(t("analysis.empty", LANG))
        board(EMPTY)
        return
    try:
        position = Position.from_code(code)
    except TrainerError as error:
        st.error(t("analysis.bad_code", LANG, error=reason(error)))
        st.caption(t("analysis.bad_code_empty", LANG))  # nothing was read: the empty board is not the code's
        board(EMPTY)
        return
    st.subheader(t("analysis.position", LANG))
    st.code(position.code(), language=None, wrap_lines=True)
    if with_board:
        board(position.layout)
        board_legend()
    st.metric(t("analysis.count", LANG), position.layout.count())
    moves_table(position)
    where_the_tiles_are(position)


def where_the_tiles_are(position: Position) -> None:
    """Each tile the mover cannot see, its chance to lie in each other hand or in the
    boneyard, from his view: every deal that fits what he knows counted alike, exactly
    (a position has no history of plays here to weigh under a play model). Folded."""
    mover = position.hands[position.turn]
    if isinstance(mover, Hidden) and mover.count:
        return  # a reading is from the mover's view: his tiles must be shown
    try:
        found = read(mover_view(position))
    except TrainerError:
        return
    if not found.chances:
        return  # every tile is seen: nothing to read
    with st.expander(t("analysis.where_title", LANG, player=seat(position.turn)), icon=":material/grid_on:"):
        st.caption(tn("analysis.where_basis", found.deals, LANG, player=seat(position.turn),
                      n=number(found.deals, LANG)))
        chances(found, position.turn)


if view == "build":
    shown = builder()
    if shown is not None:
        st.divider()
        analysed(with_board=False)
else:
    paste()
    st.divider()
    analysed(with_board=True)
