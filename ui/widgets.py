"""Shared widgets: boards, hands and clickable tiles and ends."""

from __future__ import annotations

import base64
from html import escape
from typing import Optional

import streamlit as st

from trainer.layout import Layout
from trainer.svg import SIDE_NAMES, describe, render_board, render_hand
from trainer.tiles import Tile


def svg_image(svg: str, alt: str) -> None:
    """Show an SVG drawing as an image with its text alternative."""
    data = base64.b64encode(svg.encode()).decode()
    st.html(f'<img src="data:image/svg+xml;base64,{data}" alt="{escape(alt, quote=True)}" '
            f'style="display:block;margin:0 auto;max-width:100%;height:auto">')


def board(layout: Layout, last: Optional[Tile] = None, caption: bool = True,
          selected_ends: tuple[str, ...] = ()) -> None:
    """The board as dominoes, with its description beside it for screen readers."""
    description = describe(layout)
    svg_image(render_board(layout, last=last, unit=28, caption=caption, selected_ends=selected_ends),
              description)
    st.caption(description)


def quiz_board(layout: Layout, last: Optional[Tile] = None,
               selected_ends: tuple[str, ...] = ()) -> None:
    """The board with the tiles alone: no end markers and no count, so that it does not
    give the answer away; its text alternative leaves the count out too."""
    svg_image(render_board(layout, last=last, unit=28, markers=False, selected_ends=selected_ends),
              describe(layout, with_count=False))


def hand(tiles: tuple[Tile, ...], selected: Optional[Tile] = None) -> None:
    svg_image(render_hand(tiles, selected=selected, unit=26),
              "Hand: " + (", ".join(str(t) for t in tiles) or "empty"))


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
    """One button per open end ("East, 2"); returns the side clicked in this run."""
    clicked: Optional[str] = None
    if not ends:
        return None
    columns = st.columns(len(ends))
    for column, (side, pip) in zip(columns, ends):
        if column.button(f"{SIDE_NAMES[side].capitalize()} ({pip})", key=f"{key}_{side}",
                         use_container_width=True):
            clicked = side
    return clicked
