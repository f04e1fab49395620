"""The glossary and the board legend: a help panel in the sidebar of every page."""

from __future__ import annotations

import streamlit as st

from trainer.i18n import t
from trainer.teach.glossary import SIDES_BOARD, TERMS, also_called, glossary, legend
from ui.state import lang
from ui.widgets import board

HELP = "help_open"  # the panel's state: its words are drawn only while it is open


def help_panel() -> None:
    """Words of the game, a board that shows sides against ends, and the board's marks.
    Drawn only while the panel is open (opening it reruns the page): folded away, it
    costs no click anything."""
    language = lang()
    with st.sidebar.expander(t("glossary.title", language), icon=":material/menu_book:", key=HELP,
                             on_change="rerun") as panel:
        if not panel.open:
            return
        lines = []
        for term, (name, text) in zip(TERMS, glossary(language)):
            other = also_called(term, language)
            lines.append(f"- **{name}**: {text}" + (f" *{other}*" if other else ""))
        st.markdown("\n".join(lines))
        st.caption(t("glossary.board", language))
        board(SIDES_BOARD)
        st.markdown(f"**{t('legend.title', language)}**")
        st.markdown("\n".join(f"- {line}" for line in legend(language)))
