"""The sign-in page of club mode: the only page anyone sees before signing in."""

from __future__ import annotations

import streamlit as st

from trainer.i18n import t
from ui.club import sign_in_form
from ui.state import init_state

init_state()
LANG: str = st.session_state["lang"]

st.title(t("home.title", LANG))
st.write(t("club.sign_in_intro", LANG))
sign_in_form()
