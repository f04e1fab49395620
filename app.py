"""All Fives trainer: the Streamlit entry point. It declares the pages and runs one.

In club mode (ALLFIVES_MODE=club) the only page before signing in is the sign-in page;
a teacher has the Classes page too, an operator the Accounts page."""

import streamlit as st

from trainer.i18n import t
from ui.club import GATED_PATHS, account_panel, keep_cookie, sign_in_page, signed_in
from ui.glossary import help_panel
from ui.language import follow_learner, language_picker
from ui.state import club_mode, init_state
from ui.widgets import APP_ICON, learner_picker, page_style

init_state()
page_style()  # first: its rules are in place before any board is drawn
LANG = language_picker()
st.set_page_config(page_title=t("home.title", LANG), page_icon=APP_ICON, layout="centered")
account = signed_in() if club_mode() else None
keep_cookie()
if club_mode() and account is None:  # every address shows the sign-in form, and only it
    gate = [st.Page("ui/signin.py", title=t("nav.sign_in", LANG), icon=":material/login:", default=True)]
    gate += [st.Page(sign_in_page, title=t("nav.sign_in", LANG), url_path=path) for path in GATED_PATHS]
    st.navigation(gate, position="hidden").run()
    st.stop()
if account is not None:
    st.query_params.pop("learner", None)  # club mode: the account says who, never the address
    account_panel(account)
else:
    learner_picker()
help_panel()
LANG = follow_learner(LANG)
pages = [
    st.Page("ui/home.py", title=t("nav.home", LANG), icon=":material/home:", default=True),
    st.Page("ui/learn.py", title=t("nav.learn", LANG), icon=":material/school:"),
    st.Page("ui/practice.py", title=t("nav.practice", LANG), icon=":material/flag:"),
    st.Page("ui/drills.py", title=t("nav.drills", LANG), icon=":material/timer:"),
    st.Page("ui/puzzles.py", title=t("nav.puzzles", LANG), icon=":material/extension:"),
    st.Page("ui/play.py", title=t("nav.play", LANG), icon=":material/sports_esports:"),
    st.Page("ui/analysis.py", title=t("nav.analysis", LANG), icon=":material/search:"),
    st.Page("ui/progress.py", title=t("nav.progress", LANG), icon=":material/monitoring:"),
]
if account is not None and account.role == "teacher":
    pages.append(st.Page("ui/classes.py", title=t("nav.classes", LANG), icon=":material/groups:"))
if account is not None and account.role == "operator":
    pages.append(st.Page("ui/accounts.py", title=t("nav.accounts", LANG), icon=":material/manage_accounts:"))
# at the top: on a phone the menu closes by itself once a page is chosen
st.navigation(pages, position="top").run()
