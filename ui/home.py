"""The start page: today's puzzle board at once, how the count works, where to go next."""

from __future__ import annotations

from datetime import date

import streamlit as st

from trainer.bank import shipped
from trainer.daily import daily
from trainer.i18n import join, t
from trainer.layout import Layout
from ui.state import init_state
from ui.widgets import board, quiz_board

init_state()
LANG: str = st.session_state["lang"]

st.title(t("home.title", LANG))

# today's puzzle: the tiles alone (no end markers, no count), so the answer stays hidden
today = daily(shipped(), date.today())
st.subheader(t("home.daily", LANG, kind=t(f"puzzles.kind.{today.kind}", LANG)))
quiz_board(today.parsed().layout)
st.page_link("ui/puzzles.py", label=t("home.daily_solve", LANG), icon=":material/extension:",
             query_params={"puzzle": today.id})

# how the count works, on a board from a real game
st.subheader(t("home.count_title", LANG))
st.write(t("home.intro", LANG))
sample = Layout.parse("5-5:5-2:5-3:5-0:")
board(sample)
st.write(t("home.count", LANG, ends=join([str(value) for _, value in sample.count_parts()], LANG),
           count=sample.count(), points=sample.points()))

st.subheader(t("home.next", LANG))
left, middle, right = st.columns(3)
left.page_link("ui/learn.py", label=t("home.to_learn", LANG), icon=":material/school:")
middle.page_link("ui/drills.py", label=t("home.to_drills", LANG), icon=":material/timer:")
right.page_link("ui/analysis.py", label=t("home.to_analysis", LANG), icon=":material/search:")
left.page_link("ui/play.py", label=t("home.to_play", LANG), icon=":material/sports_esports:")
middle.page_link("ui/puzzles.py", label=t("home.to_puzzles", LANG), icon=":material/extension:")
right.page_link("ui/progress.py", label=t("home.to_progress", LANG), icon=":material/insights:")
