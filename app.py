"""All Fives trainer: the Streamlit entry point. It declares the pages and runs one.

In club mode (ALLFIVES_MODE=club) the only page before signing in is the sign-in page;
a teacher has the Classes page too, an operator the Accounts page."""

from typing import Optional

import streamlit as st

from trainer.i18n import t
from ui.browser import browser_helpers
from ui.club import GATED_PATHS, account_panel, keep_cookie, sign_in_page, signed_in
from ui.glossary import help_panel
from ui.keep import claim_work, keep_work
from ui.language import follow_learner, language_picker
from ui.state import club_mode, init_state
from ui.widgets import APP_ICON, learner_picker, opening, page_style, store_warnings, warm_searches


def pages(lang: str, role: Optional[str] = None) -> list[st.Page]:
    """The pages of the app, and a teacher's Classes or an operator's Accounts: the page
    he lands on (a learner lands on Start)."""
    own_page = role in ("teacher", "operator")
    found = [
        st.Page("ui/home.py", title=t("nav.home", lang), icon=":material/home:", default=not own_page,
                url_path="home"),
        st.Page("ui/learn.py", title=t("nav.learn", lang), icon=":material/school:"),
        st.Page("ui/practice.py", title=t("nav.practice", lang), icon=":material/flag:"),
        st.Page("ui/drills.py", title=t("nav.drills", lang), icon=":material/timer:"),
        st.Page("ui/puzzles.py", title=t("nav.puzzles", lang), icon=":material/extension:"),
        st.Page("ui/play.py", title=t("nav.play", lang), icon=":material/sports_esports:"),
        st.Page("ui/analysis.py", title=t("nav.analysis", lang), icon=":material/search:"),
        st.Page("ui/hands.py", title=t("nav.hands", lang), icon=":material/history_edu:", url_path="hands"),
        st.Page("ui/progress.py", title=t("nav.progress", lang), icon=":material/monitoring:"),
        *([st.Page("ui/together.py", title=t("nav.together", lang), icon=":material/groups_3:",
                   url_path="together")] if role in (None, "any") else []),  # home mode: one device
        *([st.Page("ui/tables.py", title=t("nav.tables", lang), icon=":material/table_restaurant:",
                   url_path="tables")] if role in ("learner", "teacher", "any") else []),  # club mode
        *([st.Page("ui/events.py", title=t("nav.events", lang), icon=":material/emoji_events:",
                   url_path="events")] if role in ("learner", "teacher", "any") else []),  # club mode
        # reached from Start, Learn and Play, not from the menu
        st.Page("ui/guided.py", title=t("guided.title", lang), icon=":material/school:",
                url_path="first-hand", visibility="hidden"),
    ]
    if role in ("teacher", "any"):
        found.append(st.Page("ui/classes.py", title=t("nav.classes", lang), icon=":material/groups:",
                             default=role == "teacher", url_path="classes"))
        found.append(st.Page("ui/class_learner.py", title=t("learner_page.heading", lang),
                             icon=":material/person:", url_path="class-learner", visibility="hidden"))
    if role in ("operator", "any"):
        found.append(st.Page("ui/accounts.py", title=t("nav.accounts", lang),
                             icon=":material/manage_accounts:", default=role == "operator",
                             url_path="accounts"))
    return found


def main() -> None:
    """The app's run: the page the address names, behind the sign-in in club mode."""
    init_state()
    warm_searches()  # once a process: the searches' workers start with the app, warm
    page_style()  # first: its rules are in place before any board is drawn
    if not keep_work():  # a new tab's first run: the work the browser kept for it is on its way
        # every page an address may name, so that the address's page is known to the next run
        st.navigation(pages(st.session_state["lang"], "any"), position="hidden")
        opening()
        st.stop()
    LANG = language_picker()  # first: an address's ?lang= is the learner's language from here on
    browser_helpers(t("widgets.upload", LANG))
    st.set_page_config(page_title=t("home.title", LANG), page_icon=APP_ICON, layout="centered")
    account = signed_in() if club_mode() else None
    claim_work(account.name if account is not None else None)  # club mode: one account's work only
    keep_cookie()
    if club_mode() and account is None:  # every address shows the sign-in form, and only it
        gate = [st.Page("ui/signin.py", title=t("nav.sign_in", LANG), icon=":material/login:", default=True)]
        gate += [st.Page(sign_in_page, title=t("nav.sign_in", LANG), url_path=path) for path in GATED_PATHS]
        st.navigation(gate, position="hidden").run()
        st.stop()
    if account is not None:
        st.query_params.pop("learner", None)  # club mode: the account says who, never the address
        account_panel(account)
        store_warnings()  # the database away, answers waiting, saved or lost: said in club mode too
    else:
        learner_picker()
    help_panel()
    LANG = follow_learner(LANG)
    # at the top: on a phone the menu closes by itself once a page is chosen
    st.navigation(pages(LANG, account.role if account is not None else None), position="top").run()


# Streamlit runs this file as __main__. A search's worker process, started by spawning,
# imports the main module again as __mp_main__: it must not run the app (each worker
# would draw pages in bare mode, and start workers of its own).
if __name__ == "__main__":
    main()
