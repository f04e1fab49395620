"""Shared widgets: boards, hands, clickable tiles and ends, and the language picker."""

from __future__ import annotations

import base64
from html import escape
from typing import Optional

import streamlit as st

from trainer.i18n import languages, t
from trainer.layout import Layout
from trainer.svg import describe, render_board, render_hand
from trainer.tiles import Tile

PICKER = "lang_picker"  # the picker's own widget key; the choice is kept in "lang"


def lang() -> str:
    """The learner's language (read at each call: this module is imported once)."""
    return str(st.session_state.get("lang", "en"))


def svg_image(svg: str, alt: str) -> None:
    """Show an SVG drawing as an image with its text alternative."""
    data = base64.b64encode(svg.encode()).decode()
    st.html(f'<img src="data:image/svg+xml;base64,{data}" alt="{escape(alt, quote=True)}" '
            f'style="display:block;margin:0 auto;max-width:100%;height:auto">')


def board(layout: Layout, last: Optional[Tile] = None, caption: bool = True,
          selected_ends: tuple[str, ...] = ()) -> None:
    """The board as dominoes, with its description beside it for screen readers."""
    description = describe(layout, lang=lang())
    svg_image(render_board(layout, last=last, unit=28, caption=caption, selected_ends=selected_ends),
              description)
    st.caption(description)


def quiz_board(layout: Layout, last: Optional[Tile] = None,
               selected_ends: tuple[str, ...] = ()) -> None:
    """The board with the tiles alone: no end markers and no count, so that it does not
    give the answer away; its text alternative leaves the count out too."""
    svg_image(render_board(layout, last=last, unit=28, markers=False, selected_ends=selected_ends),
              describe(layout, with_count=False, lang=lang()))


def hand(tiles: tuple[Tile, ...], selected: Optional[Tile] = None) -> None:
    shown = ", ".join(str(tile) for tile in tiles) or t("widgets.hand_empty", lang())
    svg_image(render_hand(tiles, selected=selected, unit=26), t("widgets.hand_alt", lang(), tiles=shown))


def tile_buttons(tiles: tuple[Tile, ...], key: str, selected: Optional[Tile] = None,
                 per_row: int = 7) -> Optional[Tile]:
    """A row of buttons, one per tile; returns the tile clicked in this run."""
    clicked: Optional[Tile] = None
    for start in range(0, len(tiles), per_row):
        row = tiles[start:start + per_row]
        columns = st.columns(per_row)
        for column, tile in zip(columns, row):
            kind = "primary" if tile == selected else "secondary"
            if column.button(str(tile), key=f"{key}_{tile}", type=kind, use_container_width=True):
                clicked = tile
    return clicked


def end_buttons(ends: list[tuple[str, int]], key: str) -> Optional[str]:
    """One button per open end ("East (2)"); returns the side clicked in this run."""
    clicked: Optional[str] = None
    if not ends:
        return None
    columns = st.columns(len(ends))
    for column, (side, pip) in zip(columns, ends):
        label = t("widgets.end_button", lang(), side=t(f"widgets.side.{side}", lang()), pip=pip)
        if column.button(label, key=f"{key}_{side}", use_container_width=True):
            clicked = side
    return clicked


def _keep_language() -> None:
    st.session_state["lang"] = st.session_state[PICKER]


def language_picker() -> None:
    """A language choice in the sidebar, shown only when more than English is shipped.

    The widget has its own key, copied into "lang" when changed, so the choice stays
    when a page without the picker runs (Streamlit forgets an unrendered widget's key)."""
    offered = languages()
    if len(offered) < 2:
        return
    current = lang() if lang() in offered else next(iter(offered))
    st.session_state[PICKER] = current
    st.sidebar.selectbox(t("widgets.language", current), list(offered), key=PICKER,
                         format_func=offered.__getitem__, on_change=_keep_language)
