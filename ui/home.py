"""The start page: a board at once, and where to go next."""

from __future__ import annotations

import streamlit as st

from trainer.layout import Layout
from ui.widgets import board

st.title("All Fives trainer")
st.write(
    "All Fives is played with a double-six set: match the open ends, and whenever the "
    "ends add up to a multiple of five, you score that many points. Here is a board "
    "from a real game:")
sample = Layout.parse("5-5:5-2:5-3:5-0:")
board(sample)
st.write(f"The ends show 2, 3 and 0: the count is **{sample.count()}**, so the last tile scored "
         f"**{sample.points()}**.")
st.subheader("Where to go next")
left, middle, right = st.columns(3)
left.page_link("ui/learn.py", label="Learn the rules", icon=":material/school:")
middle.page_link("ui/drills.py", label="Drill the count", icon=":material/timer:")
right.page_link("ui/analysis.py", label="Analyse a position", icon=":material/search:")
