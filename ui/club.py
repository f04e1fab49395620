"""Club mode in the app: who is signed in (his session checked against the store on
every run, kept across a reload by a cookie), the sign-in form, the account's panel
in the sidebar (sign out, join a class, change the password) and the assignments that
the Start page shows first.

Nothing of a learner is shown before signing in: app.py offers only the sign-in page
until `signed_in()` names an account, and `ui.state.open_store` gives the pages only
the store as that account sees it."""

from __future__ import annotations

import math
import os
from datetime import date
from typing import Optional

import streamlit as st

from trainer.errors import TrainerError
from trainer.i18n import t, tn
from trainer.store import Account, Assignment, JoinWaitError, Klass, Result, ScopedStore, StoreError
from trainer.store.accounts import PASSWORD_MAX, AccountError
from trainer.teach.course import COURSE_IDS, course_lesson
from trainer.teach.practice import STARS, practice_items
from ui.state import lang, open_store, plain, reason, shared_store

COOKIE = "allfives_session"
PROXY_ENV = "ALLFIVES_TRUSTED_PROXY"  # 1: the app is behind a proxy that sets X-Forwarded-For
NAME_KEY = "club_name"
PASSWORD_KEY = "club_password"
KEEP_KEY = "club_keep"  # "keep me signed in on this computer": off by default (a shared computer)


def client_address() -> str:
    """Where the browser connects from, for the sign-in limits: the proxy's
    X-Forwarded-For (its last entry, the one the proxy wrote) when ALLFIVES_TRUSTED_PROXY
    is 1, else the connection's address ("local" on this machine)."""
    if os.environ.get(PROXY_ENV, "").strip() == "1":
        forwarded = str(st.context.headers.get("X-Forwarded-For") or "")
        last = forwarded.split(",")[-1].strip()
        if last:
            return last[:200]
    return str(st.context.ip_address or "local")


def _forget() -> None:
    for key in ("club_account", "club_token"):
        st.session_state[key] = None
    st.session_state["learner_id"] = None


def signed_in() -> Optional[Account]:
    """The account of this browser's live session, or None. Checked against the store
    on every run, so that signing out elsewhere, a new password or the end of the
    session's time take effect at once; a new visit picks the session up from its
    cookie. Sets "learner_id" to the account's learner."""
    store = shared_store()
    kept = st.session_state.get("club_account")
    if store is None:  # the database away: a signed-in tab stays signed in (its answers wait)
        if kept is not None and st.session_state.get("club_token"):
            return kept  # type: ignore[no-any-return]
        _forget()
        return None
    token = st.session_state.get("club_token")
    from_cookie = False
    if not token:
        cookie = st.context.cookies.get(COOKIE)
        from_cookie = isinstance(cookie, str) and bool(cookie)
        token = cookie if from_cookie else None
    account = None
    unchecked = False  # the database cannot say now whether the session lives
    if token:
        try:
            account = store.session_account(token)
        except StoreError as error:  # cannot be checked now: the tab's own sign-in holds
            reason(error)
            if kept is not None and token == st.session_state.get("club_token"):
                return kept  # type: ignore[no-any-return]
            account, unchecked = None, True
        except TrainerError:
            account = None
    if account is None:
        _forget()
        if unchecked:  # a reload during an outage: the cookie stays, for the database's return
            st.session_state["club_message"] = t("club.session_unchecked", lang())
        elif from_cookie:
            st.session_state["club_cookie"] = ""  # a stale cookie: cleared
        return None
    st.session_state["club_account"] = account
    st.session_state["club_token"] = token
    st.session_state["learner_id"] = account.learner_id
    return account


def keep_cookie() -> None:
    """Write (or clear) the session's cookie in the browser, once, after a sign-in or
    sign-out. The token is letters, digits, - and _ only (`secrets.token_urlsafe`)."""
    value = st.session_state.get("club_cookie")
    if value is None:
        return
    st.session_state["club_cookie"] = None
    token = "".join(c for c in str(value) if c.isalnum() or c in "-_")
    # a shared computer's default: the cookie ends with the browser; kept 12 hours only when asked
    kept = bool(st.session_state.get(KEEP_KEY)) and bool(token)
    age = "; max-age=43200" if kept else ("" if token else "; max-age=0")
    st.html(f"<script>document.cookie = '{COOKIE}={token}; path=/{age}; samesite=strict'"
            f" + (location.protocol === 'https:' ? '; secure' : '');</script>", unsafe_allow_javascript=True)


# ----- signing in and out -----
def _sign_in() -> None:
    """Callback of the sign-in form."""
    name = str(st.session_state.get(NAME_KEY) or "")
    password = str(st.session_state.get(PASSWORD_KEY) or "")[:PASSWORD_MAX + 1]
    st.session_state[PASSWORD_KEY] = ""
    store = shared_store()
    if store is None:  # said, not a silent nothing: the right password cannot be checked now
        problem = st.session_state.get("store_problem")
        error = reason(problem[1]) if problem else t("store.fault.failed", lang())
        st.session_state["club_message"] = t("club.store_away", lang(), error=error)
        return
    if not name.strip() or not password:
        st.session_state["club_message"] = t("club.sign_in_empty", lang())
        return
    try:
        result = store.sign_in(name, password, address=client_address())
    except TrainerError as error:
        st.session_state["club_message"] = t("club.sign_in_failed", lang(), error=reason(error))
        return
    if result.outcome == "locked":
        seconds = max(1, math.ceil(result.wait.total_seconds()))
        st.session_state["club_message"] = tn("club.sign_in_wait", seconds, lang())
        return
    if result.outcome != "ok" or result.account is None:
        st.session_state["club_message"] = t("club.sign_in_wrong", lang())
        return
    st.session_state[NAME_KEY] = ""
    st.session_state["club_message"] = None
    st.session_state["club_token"] = result.token
    st.session_state["club_cookie"] = result.token
    st.session_state["club_account"] = result.account


def sign_out() -> None:
    """Callback of the sidebar's Sign out: the session ends in the store, the cookie goes."""
    store = shared_store()
    token = st.session_state.get("club_token")
    if store is not None and token:
        try:
            store.sign_out(token)
        except TrainerError:
            pass
    _forget()
    st.session_state["club_cookie"] = ""
    for key in list(st.session_state):  # nothing of the account stays in the page
        if key.startswith(("classes_", "accounts_")):
            del st.session_state[key]
    if _identity_configured() and bool(getattr(st.user, "is_logged_in", False)):
        st.logout()


def _identity_configured() -> bool:
    """Whether an organisation's identity provider is set up (Streamlit's [auth] secrets)."""
    try:
        return "auth" in st.secrets
    except (FileNotFoundError, KeyError, TypeError, ValueError, RuntimeError):
        return False
    except Exception:  # a secrets file that cannot be read: no provider
        return False


def verified_email(user: object) -> Optional[str]:
    """The e-mail address the organisation's provider vouches for (its `email_verified`
    claim true), else None: an address anyone could have typed links to no account.

    >>> from types import SimpleNamespace as User
    >>> verified_email(User(email="ann@school.example", email_verified=True))
    'ann@school.example'
    >>> verified_email(User(email="ann@school.example")), verified_email(User(email="a", email_verified="1"))
    (None, None)
    """
    email = str(getattr(user, "email", "") or "")
    return email if email and getattr(user, "email_verified", None) is True else None


def identity_sign_in() -> None:
    """The organisation's sign-in (OpenID Connect through `st.login`): once Streamlit
    has the identity, the account linked to its e-mail address gets a session."""
    if not _identity_configured():
        return
    if not bool(getattr(st.user, "is_logged_in", False)):
        st.button(t("club.sign_in_identity", lang()), key="club_identity", on_click=st.login,
                  icon=":material/badge:")
        return
    store = shared_store()
    email = verified_email(st.user)
    if email is None:  # an address the provider has not checked names nobody
        st.warning(t("club.identity_unverified", lang()))
        st.button(t("club.sign_out", lang()), key="club_identity_out", on_click=st.logout)
        return
    account = store.account_by_identity(email) if store is not None and email else None
    if account is None or store is None:
        st.warning(t("club.identity_unknown", lang(), email=plain(email)))
        st.button(t("club.sign_out", lang()), key="club_identity_out", on_click=st.logout)
        return
    token = store.open_session(account.id)
    st.session_state.update(club_token=token, club_cookie=token, club_account=account)
    st.rerun()


# the addresses of the pages behind the sign-in: signed out, each of them shows the
# sign-in form (no "page not found"), and once signed in the page asked for opens
GATED_PATHS = ("home", "learn", "practice", "drills", "puzzles", "play", "analysis", "progress", "classes",
               "class-learner", "accounts", "first-hand")


def sign_in_page() -> None:
    """The whole sign-in page: the trainer's name, what to type, the form."""
    st.title(t("home.title", lang()))
    st.write(t("club.sign_in_intro", lang()))
    sign_in_form()


def sign_in_form() -> None:
    """The sign-in page's form: name and password, and why a sign-in was refused (the
    database away included, said before anyone types)."""
    if shared_store() is None and not st.session_state.get("club_message"):
        problem = st.session_state.get("store_problem")
        error = reason(problem[1]) if problem else t("store.fault.failed", lang())
        st.warning(t("club.store_away", lang(), error=error), icon=":material/database:")
    with st.form("club_sign_in"):
        st.text_input(t("club.name", lang()), key=NAME_KEY, autocomplete="username", max_chars=40)
        st.text_input(t("club.password", lang()), key=PASSWORD_KEY, type="password",
                      autocomplete="current-password", max_chars=PASSWORD_MAX)
        st.checkbox(t("club.keep_signed_in", lang()), key=KEEP_KEY,
                    help=t("club.keep_signed_in_help", lang()))
        st.form_submit_button(t("club.sign_in", lang()), type="primary", on_click=_sign_in,
                              icon=":material/login:")
    message = st.session_state.get("club_message")
    if message:
        st.error(message)
        st.session_state["club_message"] = None
    identity_sign_in()


# ----- the account's panel -----
def _join() -> None:
    store = open_store()
    code = str(st.session_state.get("club_code") or "")
    st.session_state["club_code"] = ""
    if not isinstance(store, ScopedStore):
        return
    try:
        klass = store.join_by_code(code, address=client_address())
    except JoinWaitError as error:
        seconds = max(1, math.ceil(error.wait.total_seconds()))
        st.session_state["club_panel_note"] = ("error", tn("club.join_wait", seconds, lang()))
        return
    except AccountError:
        st.session_state["club_panel_note"] = ("error", t("club.join_unknown", lang()))
        return
    except TrainerError as error:
        st.session_state["club_panel_note"] = ("error", t("club.join_failed", lang(), error=reason(error)))
        return
    st.session_state["club_panel_note"] = ("success", t("club.joined", lang(), name=plain(klass.name)))


def _leave() -> None:
    store = open_store()
    class_id = st.session_state.get("club_leave_pick")
    if not isinstance(store, ScopedStore) or not isinstance(class_id, int):
        return
    if not st.session_state.get("club_leave_sure"):
        st.session_state["club_panel_note"] = ("error", t("club.leave_confirm_first", lang()))
        return
    st.session_state["club_leave_sure"] = False
    try:
        klass = store.leave_class(class_id)
    except TrainerError as error:
        st.session_state["club_panel_note"] = ("error", t("club.join_failed", lang(), error=reason(error)))
        return
    st.session_state["club_panel_note"] = ("success", t("club.left", lang(), name=plain(klass.name)))


def _change_password() -> None:
    store = open_store()
    current = str(st.session_state.get("club_current") or "")
    new = str(st.session_state.get("club_new") or "")
    again = str(st.session_state.get("club_again") or "")
    for key in ("club_current", "club_new", "club_again"):
        st.session_state[key] = ""
    if not isinstance(store, ScopedStore):
        return
    if new != again:
        st.session_state["club_panel_note"] = ("error", t("club.password_differ", lang()))
        return
    try:
        changed = store.change_password(current, new, address=client_address())
    except AccountError:
        st.session_state["club_panel_note"] = ("error", t("club.password_short", lang(), n=8))
        return
    except TrainerError as error:
        st.session_state["club_panel_note"] = ("error", t("club.join_failed", lang(), error=reason(error)))
        return
    if not changed:
        st.session_state["club_panel_note"] = ("error", t("club.password_wrong", lang()))
        return
    # every session of the account ended: this one starts again
    shared = shared_store()
    if shared is not None:
        token = shared.open_session(store.account.id)
        st.session_state.update(club_token=token, club_cookie=token)
    st.session_state["club_panel_note"] = ("success", t("club.password_changed", lang()))


def _my_classes() -> tuple[Klass, ...]:
    """The classes the signed-in learner is in; none when the store cannot say."""
    store = open_store()
    if not isinstance(store, ScopedStore):
        return ()
    try:
        return store.my_classes()
    except TrainerError:
        return ()


def account_panel(account: Account) -> None:
    """The sidebar in club mode: who is signed in, sign out, join a class (learners),
    change the password."""
    sidebar = st.sidebar
    sidebar.markdown(t("club.signed_in_as", lang(), name=plain(account.name),
                       role=t(f"club.role.{account.role}", lang())))
    sidebar.button(t("club.sign_out", lang()), key="club_sign_out", on_click=sign_out,
                   icon=":material/logout:")
    if account.role == "learner":
        with sidebar.expander(t("club.join", lang())):
            with st.form("club_join_form", border=False):
                st.text_input(t("club.code", lang()), key="club_code", max_chars=20,
                              placeholder=t("club.code_placeholder", lang()))
                st.form_submit_button(t("club.join_button", lang()), on_click=_join)
        joined = {k.id: k.name for k in _my_classes()}
        if joined:
            with sidebar.expander(t("club.leave", lang())):
                with st.form("club_leave_form", border=False):
                    st.selectbox(t("club.leave_pick", lang()), list(joined), key="club_leave_pick",
                                 format_func=joined.__getitem__)
                    st.checkbox(t("club.leave_sure", lang()), key="club_leave_sure")
                    st.caption(t("club.leave_note", lang()))
                    st.form_submit_button(t("club.leave_button", lang()), on_click=_leave)
    if account.has_password:
        with sidebar.expander(t("club.change_password", lang())):
            with st.form("club_password_form", border=False):
                st.text_input(t("club.password_current", lang()), key="club_current", type="password",
                              autocomplete="current-password", max_chars=PASSWORD_MAX)
                st.text_input(t("club.password_new", lang()), key="club_new", type="password",
                              autocomplete="new-password", max_chars=PASSWORD_MAX)
                st.text_input(t("club.password_again", lang()), key="club_again", type="password",
                              autocomplete="new-password", max_chars=PASSWORD_MAX)
                st.form_submit_button(t("club.password_button", lang()), on_click=_change_password)
    note = st.session_state.get("club_panel_note")
    if note:
        (sidebar.success if note[0] == "success" else sidebar.error)(note[1])
        st.session_state["club_panel_note"] = None


# ----- assignments on the Start page -----
def practice_goals(a: Assignment, r: Result) -> None:
    """A practice assignment's goals, one button each that opens it on the Practice
    page, with the stars reached since it was set (☆☆☆ and a flag: not yet; a tick:
    reached)."""
    best = dict(r.stars)
    for goal in a.task.goals:
        earned = best.get(goal, 0)
        if st.button(plain(f"{practice_name(goal)} {star_text(earned)}"), key=f"club_goal_{a.id}_{goal}",
                     icon=":material/flag:" if not earned else ":material/check:", width="stretch"):
            open_goal(goal)


def assignment_goal(a: Assignment, r: Result) -> str:
    """What the assignment asks and how far the learner is, in words."""
    task = a.task
    if task.kind == "drill":
        return tn("club.goal_drill", task.target, lang(), kind=t(f"drill.{task.drill}.title", lang()),
                  level=task.level, right=r.progress)
    if task.kind == "lessons":
        return tn("club.goal_lessons", r.total, lang(), done=r.progress)
    if task.kind == "practice":
        return tn("club.goal_practice", r.total, lang(), done=r.progress)
    return tn("club.goal_puzzles", r.total, lang(), done=r.progress)


def practice_name(goal_id: str, lang_code: Optional[str] = None) -> str:
    """A practice goal as the Practice page's picker names it: its number, the goal in
    short and its game ("3. Go out first (standard)"); an id no longer in the bank as
    it is."""
    code = lang_code or lang()
    items = practice_items()
    for number, item in enumerate(items, start=1):
        if item.id == goal_id:
            return t("practice.option", code, number=number, goal=item.goal.text(code, short=True),
                     rules=t(f"rules.{item.position.rules.name}", code))
    return goal_id


def star_text(count: int) -> str:
    """Stars earned of three, drawn: ★★☆."""
    return "★" * count + "☆" * (STARS - count)


def open_goal(goal_id: str) -> None:
    """Open the Practice page on this goal."""
    st.switch_page("ui/practice.py", query_params={"goal": goal_id})


def go_to(a: Assignment, r: Result) -> None:
    """Open the assignment's next step: its first lesson not finished, its drill, its
    first puzzle not tried, or its first practice goal not reached."""
    store = open_store()
    learner = st.session_state.get("learner_id")
    task = a.task
    if task.kind == "drill":
        st.session_state["drill_kind"] = task.drill
        st.session_state["drill_level"] = task.level
        st.switch_page("ui/drills.py")
    if task.kind == "lessons":
        stars = store.lesson_stars(learner) if store is not None and learner is not None else {}
        lesson = next((x for x in task.lessons if x not in stars and x in COURSE_IDS), task.lessons[0])
        st.session_state["learn_lesson"] = lesson
        st.switch_page("ui/learn.py")
    if task.kind == "practice":
        best = dict(r.stars)
        open_goal(next((g for g in task.goals if not best.get(g)), task.goals[0]))
    tried = store.my_puzzles_tried(a.id)[1] if isinstance(store, ScopedStore) else frozenset()
    puzzle = next((x for x in task.puzzles if x not in tried), task.puzzles[0])
    st.session_state.update(puzzle_set=a.id, puzzle_mode="browse")  # the Puzzles page works through it
    st.switch_page("ui/puzzles.py", query_params={"puzzle": puzzle})


def lesson_title(lesson_id: str) -> str:
    try:
        return course_lesson(lesson_id, lang()).title
    except TrainerError:
        return lesson_id


def assignments_box() -> None:
    """The Start page's first box in club mode: what the learner's classes set him and
    he has not done yet, the first due first, each with a button to its next step."""
    store = open_store()
    if not isinstance(store, ScopedStore):
        return
    try:
        mine = store.my_assignments()
    except TrainerError as error:
        st.warning(t("widgets.store_failed", lang(), error=reason(error)), icon=":material/database:")
        return
    open_ones = [(a, r) for a, r in mine if not r.done]
    done = len(mine) - len(open_ones)
    if not mine:
        return
    today = date.today()
    with st.container(border=True):
        st.subheader(t("club.assigned", lang()))
        for number, (a, r) in enumerate(open_ones):
            late = a.due < today
            due = t("club.due_late" if late else "club.due", lang(), day=a.due.isoformat())
            st.markdown(f"**{plain(a.title)}**  \n{plain(assignment_goal(a, r))} · {due}")
            if st.button(t("club.assigned_go", lang()), key=f"club_go_{number}",
                         type="primary" if number == 0 else "secondary", icon=":material/arrow_forward:"):
                go_to(a, r)
            if a.task.kind == "practice":
                practice_goals(a, r)
        if done:
            st.caption(tn("club.assigned_done", done, lang()))
