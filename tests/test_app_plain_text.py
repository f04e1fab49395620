"""Text that a user, a link or a file controls is shown as text on every page: Markdown
and HTML fed through every query parameter, text field and uploaded file never become
a link, an image or markup in what the page renders.

Every rendered string that Streamlit reads as Markdown (bodies, captions, alerts,
labels, help) is parsed with a GitHub-flavoured Markdown parser (markdown-it with
linkify, as the browser's renderer links bare addresses too); no link, image or HTML
may come out of it. Elements that allow HTML (the drawn boards) must not contain the
payload at all."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import streamlit as st
from google.protobuf.message import Message
from markdown_it import MarkdownIt
from streamlit.testing.v1 import AppTest

from trainer.i18n import t
from trainer.play.session import PlaySession, PlaySettings
from trainer.store import ENV, Store

ROOT = Path(__file__).resolve().parent.parent
APP = str(ROOT / "app.py")
PAYLOADS = (
    "![x](http://127.0.0.1:9/p.png) [Log in](http://x.example/login) a b c d",
    "<script>alert(1)</script><img src=x onerror=alert(1)>",
    "1-1 see www.example.com mail@example.com :red[**big**]\n# heading\n[x]: http://ref.example",
)
MARKERS = ("127.0.0.1", "x.example", "<script", "onerror", "www.example", "ref.example")
MARKDOWN = MarkdownIt("commonmark").enable("table").enable("strikethrough")
UNSAFE = {"link_open", "image", "html_inline", "html_block"}
# GFM's autolinks (what the browser's remark-gfm links in plain text): www., http(s)://
# after a space or *_~( or at the start, and e-mail addresses
AUTOLINK = re.compile(r"(?:^|[\s*_~(])(?:https?://|www\.)\w|[\w.+-]+@[\w-]+\.\w", re.IGNORECASE)
TEXT_FIELDS = {"body", "label", "help", "caption", "placeholder_text"}


@pytest.fixture(autouse=True)
def _fresh_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    path = tmp_path / "progress.db"
    monkeypatch.setenv(ENV, str(path))
    st.cache_resource.clear()
    yield path
    st.cache_resource.clear()


def _unsafe(source: str) -> list[str]:
    found: list[str] = []

    def walk(tokens: Any) -> None:
        for token in tokens:
            if token.type in UNSAFE:
                found.append(f"{token.type}: {token.content or token.attrs}")
            if token.type == "text" and AUTOLINK.search(token.content):
                found.append(f"autolink: {token.content}")
            if token.children:
                walk(token.children)

    walk(MARKDOWN.parse(source))
    return found


def _strings(message: Any, html: bool) -> Iterator[tuple[str, bool]]:
    """(text, allows HTML) for every Markdown-read string field of a proto message."""
    allows = html or message.DESCRIPTOR.name == "Html" or bool(getattr(message, "allow_html", False))
    for field, value in message.ListFields():
        if field.message_type is not None:
            values = [value] if isinstance(value, Message) else list(value)
            for inner in values:
                yield from _strings(inner, allows)
        elif field.name in TEXT_FIELDS and isinstance(value, str):
            yield value, allows


def _nodes(node: Any) -> Iterator[Any]:
    yield node
    children = getattr(node, "children", None)
    if isinstance(children, dict):
        for child in children.values():
            yield from _nodes(child)


def check(at: AppTest, where: str) -> None:
    """The page ran without an exception and renders every payload as text."""
    assert not at.exception, (where, [e.value for e in at.exception])
    for node in _nodes(at._tree):
        proto = getattr(node, "proto", None)
        if proto is None:
            continue
        for text, html in _strings(proto, False):
            if html:
                assert not any(marker in text for marker in MARKERS), (where, text[:200])
            else:
                assert not _unsafe(text), (where, text[:300], _unsafe(text))


def page(name: str, **params: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    check(at, f"home {params}")
    if name != "home":
        at.switch_page(f"ui/{name}.py").run()
    check(at, f"{name} {params}")
    return at


QUERIES = [("analysis", "position"), ("drills", "drill"), ("puzzles", "puzzle"), ("puzzles", "mode"),
           ("puzzles", "tag"), ("progress", "learner"), ("home", "lang"), ("learn", "lesson")]


@pytest.mark.parametrize("payload", PAYLOADS)
def test_query_parameters_are_shown_as_text(payload: str) -> None:
    for name, key in QUERIES:
        page(name, **{key: payload})
    page("drills", drill=f"total:1:{payload}")
    page("analysis", position=f"6-6 {payload} - 0 0,0")


@pytest.mark.parametrize("payload", PAYLOADS)
def test_text_fields_are_shown_as_text(payload: str) -> None:
    at = page("analysis")
    at.session_state["analysis_view"] = "paste"  # the code box, beside the click builder
    at.run()
    (code,) = [w for w in at.text_input if w.label == t("analysis.code_label")]
    code.input(payload)
    list(at.get("form_submit_button"))[0].click().run()
    check(at, "analysis code")

    at = page("play")
    (seed,) = [w for w in at.text_input if w.label == t("play.seed")]
    seed.input(payload)
    list(at.get("form_submit_button"))[0].click().run()
    check(at, "play seed")

    at = page("home")
    at.session_state["learner_new_open"] = True  # the new learner's panel opened
    at.run()
    at.sidebar.text_input[0].input(payload[:40])  # a learner named with the payload, on every page
    list(at.get("form_submit_button"))[0].click().run()
    check(at, "learner name")
    assert at.session_state["learner_id"] is not None or at.sidebar.error
    for name in ("progress", "puzzles", "drills", "play", "learn"):
        at.switch_page(f"ui/{name}.py").run()
        check(at, f"{name} with the learner")


@pytest.mark.parametrize("payload", PAYLOADS)
def test_uploaded_files_are_shown_as_text(payload: str, _fresh_db: Path) -> None:
    at = page("play")
    good = PlaySession(PlaySettings(seed=3)).save()
    for content in (payload, good.replace("\n", f" {payload}\n", 1), good + payload, payload + "\n" + good):
        at.file_uploader(key="play_upload").set_value(("game.txt", content.encode(), "text/plain")).run()
        check(at, "play upload")
        at = page("play")

    with Store(str(_fresh_db)) as store:
        ann = store.create_learner("Ann").id
        store.record_attempt(ann, "drill", "total:1:3", False, kind="total")
        data = json.loads(store.export_learner(ann))
    spoiled = [dict(data, format=payload), {**data, "learner": {**data["learner"], "name": payload[:40]}},
               {**data, "attempts": [{**data["attempts"][0], "part": payload}]},
               {**data, "attempts": [{**data["attempts"][0], "answer": payload, "created_at": payload}]}]
    for content in (payload, *map(json.dumps, spoiled)):
        at = page("progress", learner="Ann")
        at.file_uploader(key="progress_import_file").set_value(
            ("h.json", content.encode(), "application/json"))
        at.run()
        at.text_input(key="progress_import_name").input(payload[:40]).run()
        at.button(key="progress_import_button").click().run()
        check(at, "progress import")


def test_outside_text_is_echoed_as_typed_in_every_language() -> None:
    from trainer.i18n import t
    from ui.state import plain
    for lang in ("es", "fi", "ru", "mk"):
        shown = t("puzzles.bad_mode", lang, mode=plain("1.5"), modes="x")
        assert f"({plain('1.5')})" in shown and "1,5" not in shown  # as typed, escaped, never "1,5"
