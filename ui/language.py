"""The language picker in the sidebar of every page, and where the choice comes from.

The choice lives in the session ("lang") and in the URL (`?lang=ru`), so a refresh or
a shared link keeps it. A first visit takes the URL's language if it has one, else
the browser's (Streamlit's `st.context.locale`) when a catalogue for it ships, else
English. Called by app.py on every page, before the page runs."""

from __future__ import annotations

from typing import Optional

import streamlit as st

from trainer.i18n import DEFAULT, languages, normalize, t

PICKER = "lang_picker"  # the picker's own widget key; the choice is kept in "lang"
PARAM = "lang"  # the URL's query parameter
STARTED = "lang_started"  # set once the first visit's language is settled


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


def _picked() -> None:
    st.session_state["lang"] = st.session_state[PICKER]


def language_picker() -> str:
    """Settle the language of this run, show the picker, keep the choice in the URL;
    returns the language code."""
    offered = languages()
    if not st.session_state.get(STARTED):
        st.session_state[STARTED] = True
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
