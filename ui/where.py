"""Where the tiles are, on a page: a reading (`trainer.play.reading`) drawn as a shaded
grid (`ui.charts.chances_grid`), a row a tile the player cannot see and a column a
place it may lie in, with a table of the same figures beneath for a screen reader."""

from __future__ import annotations

from base64 import b64encode
from html import escape

import streamlit as st

from trainer.engine.seats import seat
from trainer.engine.tiles import sort_tiles
from trainer.i18n import percent, t
from trainer.play.reading import Reading
from ui.charts import chances_grid
from ui.state import lang


def chances(found: Reading, mover: int) -> None:
    """The reading's chances for the tiles `mover` cannot see, drawn and tabled."""
    code = lang()
    places = [t("choice.player", code, player=seat(p)) if p is not None else t("glossary.boneyard.name", code)
              for p in found.places]
    rows = [(str(tile), found.chances[tile]) for tile in sort_tiles(tuple(found.chances))]
    label = t("analysis.where_alt", code, player=seat(mover), n=len(rows))
    drawn = chances_grid(rows, places, label, lambda n: str(percent(n, code)))
    st.html(f'<img src="data:image/svg+xml;base64,{b64encode(drawn.encode()).decode()}" '
            f'alt="{escape(label, quote=True)}" style="max-width:100%;height:auto">')
    st.dataframe([{t("analysis.where_tile", code): name,
                   **{place: str(percent(round(100 * p), code)) for place, p in zip(places, row)}}
                  for name, row in rows], hide_index=True)
