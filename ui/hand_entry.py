"""Entering a hand by clicking, on the Your hands page (`ui/hands.py`): the rules, the
players and the seat, the seat's tiles as dealt, then each turn at the table as it
came: the tile laid and its end, "drew N" or the tiles the seat drew, a pass.

The record's text (`hands_record`, the same the paste box shows) is the only state of
the hand, so that clicking can go on from a pasted record and the paste box shows
what was clicked; it is kept in the tab (`ui/keep.py`) and survives a reload. Each
entry is checked by the engine (`SeatRecord.follow`) before it is kept; what cannot be
is said in the learner's words and nothing changes. Undo takes back one entry."""

from __future__ import annotations

from dataclasses import replace
from typing import Optional

import streamlit as st

from trainer.engine.moves import Move
from trainer.engine.rules import PRESETS, preset
from trainer.engine.seats import seat
from trainer.engine.seattable import SeatTable
from trainer.engine.seatview import SeatRecord, SeatTurn
from trainer.engine.tiles import ALL_TILES, Tile, sort_tiles
from trainer.errors import TrainerError
from trainer.i18n import t, tn
from ui.hand_record import ended, fitting_sides, read_record, refusal
from ui.state import reason
from ui.widgets import board, end_buttons, hand, lang, rules_and_players, tile_buttons

TEXT = "hands_record"  # the record's text, as the paste box shows it
PICKED = "hands_picked"  # the seat's tiles picked before the hand starts
DRAWN = "hands_drawn"  # the seat's draws this turn, before his move
CHOSEN = "hands_tile"  # the tile clicked, waiting for its end
LEADER = "hands_leader"  # who leads (before the first turn)
OTHER_DREW = "hands_other_drew"  # another player's draws this turn (a number)
NOTE = "hands_entry_note"  # what the last entry could not do, in words


# ----- what a click does (callbacks: they run before the page is drawn again) -----
def _keep(record: SeatRecord) -> bool:
    """Keep `record` as the hand if every turn stands; else say why and keep the old."""
    try:
        table = record.follow()
    except TrainerError as error:
        st.session_state[NOTE] = t("hands.enter.refused", lang(), why=reason(error))
        return False
    st.session_state[TEXT] = ended(record, table).text()
    st.session_state.update({DRAWN: [], CHOSEN: None, OTHER_DREW: 0, NOTE: None, "hands_review": None})
    return True


def _pick(tile: Tile) -> None:
    st.session_state[PICKED] = [*st.session_state[PICKED], str(tile)]


def _unpick() -> None:
    st.session_state[PICKED] = st.session_state[PICKED][:-1]


def _start() -> None:
    rules, players, who = (st.session_state["hands_rules"], st.session_state["hands_players"],
                           st.session_state["hands_seat"])
    tiles = sort_tiles(Tile.parse(text) for text in st.session_state[PICKED])
    sides = preset(rules).sides(players)
    scores = tuple(int(st.session_state.get(f"hands_score_{s}") or 0) for s in range(sides))
    record = SeatRecord(rules, players, who, tiles, scores=scores)
    if _keep(record):
        st.session_state[PICKED] = []


def _turn(record: SeatRecord, table: SeatTable, move: Optional[Move]) -> None:
    """The player to move's turn, with his draws so far, ended by `move` (None: a pass)."""
    player = _to_move(table)
    draws: int | tuple[Tile, ...]
    if player == record.seat:
        draws = tuple(Tile.parse(text) for text in st.session_state[DRAWN])
    else:
        draws = int(st.session_state.get(OTHER_DREW) or 0)
    why = refusal(table, player, draws, move, lang())
    if why is not None:
        st.session_state[NOTE] = why
        return
    _keep(replace(record, turns=(*record.turns, SeatTurn(player, draws, move))))


def _choose(record: SeatRecord, table: SeatTable, tile: Tile) -> None:
    """A tile clicked: laid at once where it can go one way only, else its ends asked."""
    sides = fitting_sides(table.layout, tile)
    if table.layout.is_empty:
        _turn(record, table, Move(tile, None))
    elif len(sides) == 1:
        _turn(record, table, Move(tile, sides[0]))
    elif not sides:
        st.session_state[NOTE] = t("hands.enter.fits_nowhere", lang(), tile=tile)
    else:
        st.session_state.update({CHOSEN: str(tile), NOTE: None})


def _draw(table: SeatTable, tile: Tile) -> None:
    drawn = [Tile.parse(text) for text in st.session_state[DRAWN]]
    why = refusal(table, table.seat, (*drawn, tile), "draw", lang())
    if why is not None:
        st.session_state[NOTE] = why
        return
    st.session_state.update({DRAWN: [*st.session_state[DRAWN], str(tile)], NOTE: None})


def _undo(record: SeatRecord) -> None:
    state = st.session_state
    state.update({CHOSEN: None, NOTE: None, "hands_review": None})
    if state[DRAWN]:
        state[DRAWN] = state[DRAWN][:-1]
    elif record.turns:
        state[TEXT] = replace(record, turns=record.turns[:-1], end=None, shown=()).text()
    else:  # back to picking the tiles
        state.update({TEXT: "", PICKED: [str(tile) for tile in record.hand]})


def _again() -> None:
    st.session_state.update({TEXT: "", PICKED: [], DRAWN: [], CHOSEN: None, NOTE: None, "hands_review": None})


def _to_move(table: SeatTable) -> int:
    return table.turn if table.turn is not None else int(st.session_state.get(LEADER) or 0)


# ----- the section -----
def setup() -> None:
    """Before the first turn: the rules, the players, the seat and his tiles."""
    language = lang()
    left, middle, right = st.columns(3)
    rules, players = rules_and_players(left, middle, "hands")
    if st.session_state.get("hands_seat") not in range(players):
        st.session_state["hands_seat"] = 0
    right.selectbox(t("hands.enter.seat", language), tuple(range(players)), key="hands_seat",
                    format_func=lambda p: t("hands.enter.player", language, player=seat(p)))
    sides = PRESETS[rules].sides(players)
    with st.expander(t("hands.enter.scores", language)):
        columns = st.columns(sides)
        for side, column in enumerate(columns):
            label = (t("hands.enter.side_score", language, side=side + 1) if PRESETS[rules].partners
                     else t("hands.enter.player_score", language, player=seat(side)))
            column.number_input(label, min_value=0, max_value=999, step=5, key=f"hands_score_{side}")
    size = PRESETS[rules].hand_size(players)
    picked = [Tile.parse(text) for text in st.session_state[PICKED]][:size]
    st.write(t("hands.enter.pick", language, size=size, player=seat(st.session_state["hands_seat"])))
    free = tuple(tile for tile in reversed(ALL_TILES) if tile not in picked)
    if len(picked) < size:
        tile_buttons(free, key="hands_deal", on_pick=_pick)
    st.write(tn("hands.enter.picked", len(picked), language, size=size))
    if picked:
        hand(sort_tiles(picked))
    row = st.container(horizontal=True)
    row.button(t("hands.enter.unpick", language), key="hands_unpick", on_click=_unpick, disabled=not picked)
    row.button(t("hands.enter.start", language), key="hands_start", type="primary", on_click=_start,
               disabled=len(picked) != size)


def turns(record: SeatRecord, table: SeatTable) -> None:
    """The hand so far and the next turn to enter."""
    language = lang()
    note: Optional[str] = st.session_state.get(NOTE)
    if note:
        st.error(note, icon=":material/block:")
    board(table.layout)
    over = table.over()
    if record.end is not None or over is not None:
        st.success(t("hands.enter.over", language), icon=":material/flag:")
        _controls(record)
        return
    if table.turn is None:
        st.radio(t("hands.enter.leader", language), tuple(range(record.players)), key=LEADER, horizontal=True,
                 format_func=lambda p: t("hands.enter.player", language, player=seat(p)))
    player = _to_move(table)
    drawn = tuple(Tile.parse(text) for text in st.session_state[DRAWN])
    if player == record.seat:
        _my_turn(record, table, drawn)
    else:
        _their_turn(record, table, player)
    _controls(record)


def _my_turn(record: SeatRecord, table: SeatTable, drawn: tuple[Tile, ...]) -> None:
    language = lang()
    mine = sort_tiles((*table.mine, *drawn))
    st.markdown(t("hands.enter.your_turn", language, player=seat(record.seat), turn=table.turns + 1))
    if drawn:
        st.caption(t("hands.enter.you_drew", language, tiles=", ".join(map(str, drawn))))
    playable = tuple(tile for tile in mine if table.layout.is_empty or fitting_sides(table.layout, tile))
    _tiles_and_ends(record, table, mine, playable, "hands_mine")
    if table.layout.is_empty:
        return
    row = st.container(horizontal=True)
    with row.popover(t("hands.enter.draw", language), icon=":material/add:"):
        unseen = tuple(tile for tile in reversed(table.unseen()) if tile not in drawn)
        st.caption(t("hands.enter.draw_which", language))
        tile_buttons(unseen, key="hands_drew", on_pick=lambda tile: _draw(table, tile))
    row.button(t("hands.enter.pass", language), key="hands_pass", on_click=_turn, args=(record, table, None))


def _their_turn(record: SeatRecord, table: SeatTable, player: int) -> None:
    language = lang()
    st.markdown(t("hands.enter.their_turn", language, player=seat(player), turn=table.turns + 1))
    if not table.layout.is_empty and table.boneyard:
        st.number_input(t("hands.enter.they_drew", language, player=seat(player)), min_value=0,
                        max_value=table.boneyard, step=1, key=OTHER_DREW)
    unseen = tuple(reversed(table.unseen()))
    playable = tuple(tile for tile in unseen if table.layout.is_empty or fitting_sides(table.layout, tile))
    st.caption(t("hands.enter.their_tile", language, player=seat(player)))
    _tiles_and_ends(record, table, unseen, playable, "hands_theirs")
    if table.layout.is_empty:
        return
    st.button(t("hands.enter.they_passed", language, player=seat(player)), key="hands_they_pass",
              on_click=_turn, args=(record, table, None))


def _tiles_and_ends(record: SeatRecord, table: SeatTable, tiles: tuple[Tile, ...],
                    playable: tuple[Tile, ...], key: str) -> None:
    chosen = Tile.parse(st.session_state[CHOSEN]) if st.session_state.get(CHOSEN) else None
    tile_buttons(tiles, key=key, selected=chosen, playable=playable,
                 on_pick=lambda tile: _choose(record, table, tile))
    if chosen is not None and chosen in tiles:
        pips = {end.side: end.pip for end in table.layout.open_ends()}
        st.write(t("hands.enter.which_end", lang(), tile=chosen))
        end_buttons([(side, pips[side]) for side in fitting_sides(table.layout, chosen)], key=f"{key}_end",
                    tile=chosen, on_pick=lambda side: _turn(record, table, Move(chosen, side)))  # type: ignore[arg-type]


def _controls(record: SeatRecord) -> None:
    language = lang()
    row = st.container(horizontal=True)
    row.button(t("hands.enter.undo", language), key="hands_undo", icon=":material/undo:",
               on_click=_undo, args=(record,))
    row.button(t("hands.enter.again", language), key="hands_again", on_click=_again)
    st.caption(t("hands.enter.as_text", language))
    st.code(plain_record(record), language=None)


def plain_record(record: SeatRecord) -> str:
    """The record's text as it is kept (st.code shows it as text, never Markdown)."""
    return record.text()


def section() -> Optional[SeatRecord]:
    """The clicking section; returns the record entered so far (None before its start
    or when the text in the box cannot be read, said there)."""
    text = st.session_state.get(TEXT) or ""
    if not text.strip():
        setup()
        return None
    try:
        record = read_record(text)
        table = record.follow()
    except TrainerError as error:
        st.warning(t("hands.enter.fix_text", lang(), error=reason(error)))
        st.button(t("hands.enter.again", lang()), key="hands_again", on_click=_again)
        return None
    turns(record, table)
    return record

