"""All Fives trainer: the Streamlit entry point. It declares the pages and runs one."""

import streamlit as st

from ui.state import init_state
from ui.widgets import learner_picker, page_style

st.set_page_config(page_title="All Fives trainer", page_icon="🁫", layout="centered")
init_state()
page_style()
learner_picker()
pages = [
    st.Page("ui/home.py", title="Start", icon=":material/home:", default=True),
    st.Page("ui/learn.py", title="Learn", icon=":material/school:"),
    st.Page("ui/drills.py", title="Drills", icon=":material/timer:"),
    st.Page("ui/puzzles.py", title="Puzzles", icon=":material/extension:"),
    st.Page("ui/play.py", title="Play", icon=":material/sports_esports:"),
    st.Page("ui/analysis.py", title="Analysis", icon=":material/search:"),
    st.Page("ui/progress.py", title="Progress", icon=":material/monitoring:"),
]
# at the top: on a phone the menu closes by itself once a page is chosen
st.navigation(pages, position="top").run()
