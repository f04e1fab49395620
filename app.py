"""All Fives trainer: the Streamlit entry point. It declares the pages and runs one."""

import streamlit as st

from trainer.i18n import t
from ui.browser import browser_helpers
from ui.glossary import help_panel
from ui.keep import keep_work
from ui.language import follow_learner, language_picker
from ui.state import init_state
from ui.widgets import APP_ICON, learner_picker, opening, page_style


def pages(lang: str) -> list[st.Page]:
    return [
        st.Page("ui/home.py", title=t("nav.home", lang), icon=":material/home:", default=True),
        st.Page("ui/learn.py", title=t("nav.learn", lang), icon=":material/school:"),
        st.Page("ui/drills.py", title=t("nav.drills", lang), icon=":material/timer:"),
        st.Page("ui/puzzles.py", title=t("nav.puzzles", lang), icon=":material/extension:"),
        st.Page("ui/play.py", title=t("nav.play", lang), icon=":material/sports_esports:"),
        st.Page("ui/analysis.py", title=t("nav.analysis", lang), icon=":material/search:"),
        st.Page("ui/progress.py", title=t("nav.progress", lang), icon=":material/monitoring:"),
        # reached from Start, Learn and Play, not from the menu
        st.Page("ui/guided.py", title=t("guided.title", lang), icon=":material/school:",
                url_path="first-hand", visibility="hidden"),
    ]


init_state()
page_style()  # first: its rules are in place before any board is drawn
if not keep_work():  # a new tab's first run: the work the browser kept for it is on its way
    st.navigation(pages(st.session_state["lang"]), position="hidden")  # the address's page, known
    opening()
    st.stop()
browser_helpers()
LANG = language_picker()
st.set_page_config(page_title=t("home.title", LANG), page_icon=APP_ICON, layout="centered")
learner_picker()
help_panel()
LANG = follow_learner(LANG)
# at the top: on a phone the menu closes by itself once a page is chosen
st.navigation(pages(LANG), position="top").run()
