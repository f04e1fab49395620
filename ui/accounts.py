"""The Accounts page of club mode (operators only): every account's name and role, a
new account with a first password to hand out, a new password, an account removed.
An operator manages accounts; he does not see their histories."""

from __future__ import annotations

import streamlit as st

from trainer.errors import TrainerError
from trainer.i18n import t
from trainer.store import ROLES, ScopedStore
from trainer.store.accounts import first_password
from ui.state import init_state, open_store, plain, reason
from ui.widgets import guard

init_state()
LANG: str = st.session_state["lang"]


def say(kind: str, text: str) -> None:
    st.session_state["accounts_note"] = (kind, text)


def create() -> None:
    store = open_store()
    name = str(st.session_state.get("accounts_name") or "")
    role = st.session_state.get("accounts_role") or "teacher"
    if not isinstance(store, ScopedStore):
        return
    word = first_password()
    try:
        made = store.create_account(name, role, word)
    except TrainerError as error:
        say("error", t("classes.refused", LANG, error=reason(error)))
        return
    st.session_state["accounts_name"] = ""
    st.session_state["accounts_password"] = (made.name, word)


def reset() -> None:
    store = open_store()
    account_id = st.session_state.get("accounts_pick")
    if not isinstance(store, ScopedStore) or not isinstance(account_id, int):
        return
    try:
        name = store.account_named(account_id).name
        st.session_state["accounts_password"] = (name, store.reset_any_password(account_id))
    except TrainerError as error:
        say("error", t("classes.refused", LANG, error=reason(error)))


def remove() -> None:
    store = open_store()
    account_id = st.session_state.get("accounts_pick")
    if not isinstance(store, ScopedStore) or not isinstance(account_id, int):
        return
    if not st.session_state.get("accounts_sure"):
        say("error", t("accounts.sure_first", LANG))
        return
    st.session_state["accounts_sure"] = False
    try:
        store.delete_account(account_id)
    except TrainerError as error:
        say("error", t("classes.refused", LANG, error=reason(error)))
        return
    say("success", t("accounts.removed", LANG))


def page() -> None:
    st.title(t("accounts.heading", LANG))
    store = open_store()
    if not isinstance(store, ScopedStore) or store.role != "operator":
        st.info(t("accounts.operators_only", LANG))
        return
    note = st.session_state.pop("accounts_note", None)
    if note:
        (st.success if note[0] == "success" else st.error)(note[1])
    handed = st.session_state.get("accounts_password")
    if handed:
        st.success(t("accounts.password", LANG, name=plain(handed[0]), password=f"`{handed[1]}`"))
        st.session_state["accounts_password"] = None
    try:
        everyone = store.accounts()
    except TrainerError as error:
        guard(error)
        return
    st.dataframe([{t("classes.col.learner", LANG): a.name,
                   t("accounts.role", LANG): t(f"club.role.{a.role}", LANG),
                   t("accounts.identity", LANG): a.identity or ""} for a in everyone], hide_index=True)
    with st.form("accounts_new"):
        st.subheader(t("accounts.new", LANG))
        st.text_input(t("club.name", LANG), key="accounts_name", max_chars=40)
        st.selectbox(t("accounts.role", LANG), list(ROLES), index=1, key="accounts_role",
                     format_func=lambda r: t(f"club.role.{r}", LANG))
        st.form_submit_button(t("accounts.create", LANG), on_click=create, icon=":material/person_add:")
    others = {a.id: f"{a.name} ({t(f'club.role.{a.role}', LANG)})" for a in everyone
              if a.id != store.account.id}
    if not others:
        return
    st.subheader(t("accounts.manage", LANG))
    st.selectbox(t("accounts.pick", LANG), list(others), key="accounts_pick", format_func=others.__getitem__)
    with st.container(horizontal=True, vertical_alignment="center"):
        st.button(t("accounts.reset", LANG), key="accounts_reset", on_click=reset, icon=":material/key:")
        st.checkbox(t("accounts.sure", LANG), key="accounts_sure")
        st.button(t("accounts.remove", LANG), key="accounts_remove", on_click=remove,
                  icon=":material/delete:")


page()
