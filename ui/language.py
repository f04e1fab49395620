"""The language picker in the sidebar of every page, and where the choice comes from.

The choice lives in the session ("lang"), in the URL (`?lang=ru`), so a refresh or a
shared link keeps it, and with the learner chosen in the sidebar, so that choosing him
brings his language back. A first visit takes the URL's language if it has one, else
the browser's (Streamlit's `st.context.locale`) when a catalogue for it ships, else
English. app.py calls `language_picker` on every page before the learner picker, and
`follow_learner` after it."""

from __future__ import annotations

from typing import Optional

import streamlit as st

from trainer.errors import TrainerError
from trainer.i18n import DEFAULT, languages, normalize, t
from ui.state import learner_id, open_store, store_failed

PICKER = "lang_picker"  # the picker's own widget key; the choice is kept in "lang"
PARAM = "lang"  # the URL's query parameter
STARTED = "lang_started"  # set once the first visit's language is settled
FROM_URL = "lang_from_url"  # the first visit's language came from the URL
SEEN = "lang_learner"  # the learner whose language was last brought in ("" before any)


def browser_locale() -> Optional[str]:
    """The browser's locale as Streamlit reports it (`ru-RU`), None when unknown."""
    try:
        locale = st.context.locale
    except (AttributeError, RuntimeError, KeyError):
        return None
    return locale if isinstance(locale, str) and locale else None


def browser_language(offered: dict[str, str]) -> Optional[str]:
    """The browser's language when a catalogue for it ships, else None."""
    locale = browser_locale()
    code = normalize(locale) if locale else None
    return code if code in offered else None


def url_language(offered: dict[str, str]) -> Optional[str]:
    """The URL's `?lang=` when it names a language that ships, else None."""
    value = st.query_params.get(PARAM)
    code = normalize(value) if isinstance(value, str) else None
    return code if code in offered else None


def _keep_for_learner(code: str) -> None:
    learner = learner_id()
    store = open_store() if learner is not None else None
    if learner is None or store is None:
        return
    try:
        store.set_language(learner, code)
    except TrainerError as error:
        store_failed(error)


def _picked() -> None:
    st.session_state["lang"] = st.session_state[PICKER]
    _keep_for_learner(st.session_state["lang"])


def language_picker() -> str:
    """Settle the language of this run, show the picker, keep the choice in the URL;
    returns the language code."""
    offered = languages()
    if not st.session_state.get(STARTED):
        st.session_state[STARTED] = True
        st.session_state[FROM_URL] = url_language(offered) is not None
        st.session_state["lang"] = url_language(offered) or browser_language(offered) or DEFAULT
    current = str(st.session_state.get("lang") or DEFAULT)
    if current not in offered:
        current = DEFAULT
    st.session_state["lang"] = current
    if len(offered) < 2:
        return current
    st.session_state[PICKER] = current
    st.sidebar.selectbox(t("widgets.language", current), list(offered), key=PICKER,
                         format_func=offered.__getitem__, on_change=_picked)
    if st.query_params.get(PARAM) != current:
        st.query_params[PARAM] = current
    return current


def follow_learner(current: str) -> str:
    """When the learner chosen changes, bring in his kept language (the page runs again
    in it), or keep the current one for him if he has none yet. A language given in
    the URL of a first visit wins over the learner's. Returns the language code."""
    learner = learner_id()
    seen = st.session_state.get(SEEN, "")
    if learner == seen:
        return current
    st.session_state[SEEN] = learner
    store = open_store() if learner is not None else None
    if learner is None or store is None or (seen == "" and st.session_state.get(FROM_URL)):
        return current
    try:
        kept = store.language(learner)
        if not kept:
            store.set_language(learner, current)
    except TrainerError as error:
        store_failed(error)
        return current
    if kept in languages() and kept != current:
        st.session_state["lang"] = kept
        st.rerun()
    return current
