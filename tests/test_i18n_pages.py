"""The pages' text comes from the catalogue: every key a page asks for exists in English,
every page renders without a missing-key fallback (`[key]`), a language choice reaches
the pages, and the pages keep their session keys in ui/state.py."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from google.protobuf.message import Message
from streamlit.testing.v1 import AppTest

import trainer.i18n
from tests.support import literal_keys, t_calls, tree_strings
from trainer.engine.moves import Move
from trainer.i18n import en
from trainer.play.session import PlaySession, PlaySettings
from trainer.puzzles.kinds import Puzzle
from ui.state import DEFAULTS

ROOT = Path(__file__).resolve().parent.parent
APP = str(ROOT / "app.py")
PAGES = ("home", "learn", "practice", "drills", "puzzles", "play", "analysis", "progress", "guided")
UI_SOURCES = sorted((ROOT / "ui").glob("*.py"))
# a missing key comes out as "[key]": a bracketed dotted name such as [play.no_such]
FALLBACK = re.compile(r"\[[a-z][a-z0-9_]*(?:\.[a-z0-9_-]+)+\]")
EXAMPLE = ("0-0:0-3,3-4,4-6,6-5,5-5,5-1,1-0:0-4,4-2,2-1,1-3,3-2,2-0,0-5,5-4::"
           "0-6,6-3,3-3,3-5,5-2,2-2,2-6,6-1 6-6,4-4/4-1,1-1 - 1 15,15")


# ----- the sources -----
def built_key_prefixes(path: Path) -> set[str]:
    """The fixed start of every key built at run time: t(f"puzzles.kind.{kind}", ...)."""
    found = set()
    for call in t_calls(path):
        if call.args and isinstance(call.args[0], ast.JoinedStr):
            head = call.args[0].values[0]
            if isinstance(head, ast.Constant):
                found.add(str(head.value))
    return found


def test_the_scan_finds_every_page() -> None:
    names = {path.stem for path in UI_SOURCES}
    assert set(PAGES) | {"widgets"} <= names


@pytest.mark.parametrize("path", UI_SOURCES, ids=lambda p: p.name)
def test_every_key_a_page_asks_for_is_in_the_english_catalogue(path: Path) -> None:
    missing = sorted(literal_keys(path) - set(en.MESSAGES))
    assert not missing, f"{path.name}: {missing}"
    for prefix in built_key_prefixes(path):
        assert any(key.startswith(prefix) for key in en.MESSAGES), f"{path.name}: {prefix}..."


def test_each_page_takes_its_text_from_its_own_part_of_the_catalogue() -> None:
    for name in ("home", "analysis", "puzzles", "play", "widgets", "progress"):
        keys = literal_keys(ROOT / "ui" / f"{name}.py") | built_key_prefixes(ROOT / "ui" / f"{name}.py")
        assert any(key.startswith(f"{name}.") for key in keys), name


def test_pages_write_no_english_of_their_own() -> None:
    """No string literal that reads as a sentence or a label is passed to a Streamlit call:
    the text is t(...)'s. (Keys, widget keys, icons and formats are not sentences.)"""
    prose = re.compile(r"^[A-Z][a-z]+(?: [a-z']+)+")
    for path in UI_SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            for arg in [*node.args, *(k.value for k in node.keywords)]:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    assert not prose.match(arg.value), f"{path.name}:{arg.lineno}: {arg.value!r}"
                if isinstance(arg, ast.JoinedStr):
                    parts = [v.value for v in arg.values if isinstance(v, ast.Constant)]
                    assert not any(prose.match(str(p)) for p in parts), f"{path.name}:{arg.lineno}"


# ----- the rendered pages -----
def strings(message: Message) -> Iterator[str]:
    """Every string field of an element's protobuf message, nested ones too."""
    for _, value in message.ListFields():
        repeated = not isinstance(value, (str, bytes, Message)) and hasattr(value, "__iter__")
        for item in value if repeated else [value]:
            if isinstance(item, str):
                yield item
            elif isinstance(item, Message):
                yield from strings(item)


def rendered_text(at: AppTest) -> list[str]:
    """All text of the page as last run: bodies, labels, help, options, table headers."""
    return tree_strings(at, strings)


def assert_no_fallback(at: AppTest, page: str) -> None:
    assert not at.exception, (page, [e.value for e in at.exception])
    text = rendered_text(at)
    assert text, page
    shown = "\n".join(text)
    for key in en.MESSAGES:  # a catalogue key printed instead of its text
        assert f"[{key}]" not in shown, (page, key)
    assert not FALLBACK.findall(shown), (page, FALLBACK.findall(shown))


def open_page(page: str, **state: object) -> AppTest:
    """The page with the panels drawn only while open (help, puzzle chooser) opened."""
    at = AppTest.from_file(APP, default_timeout=120).run()
    assert not at.exception
    for key, value in {"help_open": True, "puzzle_chooser": True, **state}.items():
        at.session_state[key] = value
    return at.switch_page(f"ui/{page}.py").run()


@pytest.mark.parametrize("page", PAGES)
def test_each_page_renders_its_text_from_the_catalogue(page: str) -> None:
    at = open_page(page, play_pace=0, play_budget=0.05)
    assert_no_fallback(at, page)


def test_the_start_page_shows_todays_puzzle_board_and_links_to_it() -> None:
    from datetime import date

    from trainer.puzzles.bank import shipped
    from trainer.puzzles.daily import daily
    from trainer.svg import describe
    today = daily(shipped(), date.today())
    at = open_page("home")
    shown = "\n".join(rendered_text(at))
    assert describe(today.parsed().layout, with_count=False) in shown  # the quiz board's alt text
    assert f"puzzle={today.id}" in shown  # the link opens it on the Puzzles page
    assert en.MESSAGES["home.daily_solve"] in shown


def test_pages_in_their_later_states_have_no_missing_text() -> None:
    """The analysis table and exact value, a game under way and its hand result, and an
    answered puzzle with its table, reply and line."""
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params["position"] = EXAMPLE
    at.run()
    at.switch_page("ui/analysis.py").run()
    assert at.table
    assert_no_fallback(at, "analysis with a position")

    at = open_page("play", play_pace=0, play_budget=0.05,
                   play=PlaySession(PlaySettings(seed=12, opponent="greedy")))
    assert_no_fallback(at, "play under way")
    at.button(key="play_hint_button").click().run()
    assert_no_fallback(at, "play with a hint")
    for _ in range(40):
        if at.session_state["play"].match.results:
            break
        at.button(key=next(b.key for b in at.button if b.key and b.key.startswith("mytile_"))).click().run()
        ends = [b.key for b in at.button if b.key and b.key.startswith("myend_")]
        at.button(key=ends[0] if ends else "mylead").click().run()
    assert at.session_state["play"].match.results
    assert_no_fallback(at, "play, a hand over")

    from trainer.puzzles.bank import shipped
    puzzle: Puzzle = next(p for p in shipped() if p.kind == "endgame")
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params["puzzle"] = puzzle.id
    at.run()
    at.switch_page("ui/puzzles.py").run()
    wrong = Move.parse(next(m.move for m in puzzle.moves if m.move not in puzzle.accepted))
    at.button(key=f"ptile_{wrong.tile}").click().run()
    at.button(key=f"pend_{wrong.side}").click().run()
    assert at.table
    assert_no_fallback(at, "puzzles, answered")


# ----- choosing a language -----
@pytest.fixture
def second_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A made-up catalogue `zz` beside English, with two messages of its own."""
    (tmp_path / "zz.py").write_text(
        'NAME = "Zedish"\nMESSAGES = {"home.title": "Zz trainer", "widgets.language": "Zz language"}\n',
        encoding="utf-8")
    monkeypatch.setattr(trainer.i18n, "__path__", [*trainer.i18n.__path__, str(tmp_path)])
    trainer.i18n._module.cache_clear()
    yield "zz"
    trainer.i18n._module.cache_clear()


def test_the_language_picker_switches_the_pages_and_the_choice_stays(second_language: str) -> None:
    at = open_page("home")
    picker = at.sidebar.selectbox(key="lang_picker")
    assert picker.label == "Language"
    assert list(picker.options)[0] == "English" and "Zedish" in list(picker.options)
    picker.set_value(second_language).run()
    assert at.session_state["lang"] == second_language
    assert at.query_params["lang"] == second_language
    assert at.title[0].value == "Zz trainer"
    assert at.sidebar.selectbox(key="lang_picker").label == "Zz language"
    for page in ("learn", "puzzles", "analysis"):  # keys zz lacks fall back to English
        at.switch_page(f"ui/{page}.py").run()
        assert_no_fallback(at, page)
        assert at.session_state["lang"] == second_language
        assert at.sidebar.selectbox(key="lang_picker").value == second_language
    at.switch_page("ui/home.py").run()
    assert at.title[0].value == "Zz trainer"
    assert at.sidebar.selectbox(key="lang_picker").value == second_language


# ----- session state in one place -----
def test_no_page_sets_up_session_keys_of_its_own() -> None:
    for path in UI_SOURCES:
        assert "setdefault(" not in path.read_text(encoding="utf-8"), path.name


def test_every_page_state_key_has_its_default_and_sessions_share_no_list() -> None:
    for key in ("build_layout", "build_hand", "build_selected", "build_history", "puzzle_id",
                "puzzle_tile", "puzzle_answer", "puzzle_hint", "play", "play_pace", "play_tile",
                "play_seen", "play_hint", "play_review", "play_coach", "play_budget", "play_pending",
                "play_note"):
        assert key in DEFAULTS, key
    at = open_page("analysis")
    at.button(key="free_6-6").click().run()  # the lead: placed at the first click
    assert at.session_state["build_history"] == [("layout", "-")]
    assert DEFAULTS["build_history"] == [] and DEFAULTS["results"] == []
    assert open_page("analysis").session_state["build_history"] == []
