"""Every page in every language: opened with `?lang=`, it runs, asks for no key its
language lacks, shows no `[key]` and no English words (tile codes, names and words
the translation itself keeps, such as Muggins, are not English left over); the
choice stays in the URL, and a first visit follows the browser's language."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import streamlit as st
from google.protobuf.message import Message
from streamlit.testing.v1 import AppTest

import trainer.i18n
from tests.support import tree_strings
from trainer.i18n import catalogue, languages
from trainer.play.session import PlaySession, PlaySettings
from trainer.store import ENV, LearnerError, Store

ROOT = Path(__file__).resolve().parent.parent
APP = str(ROOT / "app.py")
PAGES = ("home", "learn", "practice", "drills", "puzzles", "play", "analysis", "progress", "guided")
LANGS = tuple(code for code in languages() if code != "en")  # every language shipped
EXAMPLE = ("0-0:0-3,3-4,4-6,6-5,5-5,5-1,1-0:0-4,4-2,2-1,1-3,3-2,2-0,0-5,5-4::"
           "0-6,6-3,3-3,3-5,5-2,2-2,2-6,6-1 6-6,4-4/4-1,1-1 - 1 15,15")
FALLBACK = re.compile(r"\[[a-z][a-z0-9_]*(?:\.[a-z0-9_-]+)+\]")
WORD = re.compile(r"[A-Za-z][a-z]{3,}")
FIELD = re.compile(r"\{[^{}]*\}")
VISIBLE = {"body", "label", "options", "placeholder", "help", "delta", "caption", "text", "title"}
ALT = re.compile(r'\balt="([^"]*)"')
TAG = re.compile(r"<[^>]*>")


def _words(texts: Iterator[str]) -> set[str]:
    return {word.lower() for text in texts for word in WORD.findall(FIELD.sub(" ", text))}


def _texts(lang: str) -> Iterator[str]:
    for template in catalogue(lang).values():
        yield from [template] if isinstance(template, str) else template.values()


ENGLISH = _words(_texts("en"))


def visible(message: Message) -> Iterator[str]:
    """The text a learner reads in an element: its body, label, options, help, the alt
    text of an image; not its ids, keys, styles or icons."""
    for field, value in message.ListFields():
        items = value if not isinstance(value, (str, bytes, Message)) and hasattr(value, "__iter__") \
            else [value]
        for item in items:
            if isinstance(item, Message):
                yield from visible(item)
            elif isinstance(item, str) and field.name in VISIBLE:
                if "<" in item:  # HTML: the alt texts and the text between tags
                    yield from (html.unescape(alt) for alt in ALT.findall(item))
                    item = html.unescape(TAG.sub(" ", re.sub(r"<style.*?</style>", " ", item, flags=re.S)))
                item = re.sub(r"data:[^\s\"')]+", " ", item)  # drawings inlined as data
                item = re.sub(r"https?://\S+|\?\w+=\S+", " ", item)  # addresses: not words to translate
                item = re.sub(r":[a-z]+\[", " ", item)  # Markdown colours: ":red[mistake]"
                yield re.sub(r":material/[a-z_]+:", " ", item)


def page_text(at: AppTest) -> str:
    return "\n".join(tree_strings(at, visible))


class Lookups:
    """Every key a run asked for in a language whose catalogue lacks it."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.missing: set[tuple[str, str]] = set()
        real = trainer.i18n._lookup

        def spy(key: str, lang: str, count: object, values: dict[str, object]) -> str:
            code = trainer.i18n.normalize(lang)
            if code != "en" and key not in catalogue(code):
                self.missing.add((code, key))
            return real(key, lang, count, values)  # type: ignore[arg-type]

        monkeypatch.setattr(trainer.i18n, "_lookup", spy)


@pytest.fixture
def lookups(monkeypatch: pytest.MonkeyPatch) -> Lookups:
    return Lookups(monkeypatch)


def english_left(text: str, lang: str) -> list[str]:
    """Words of the English catalogue in `text` that `lang`'s own catalogue never uses."""
    kept = _words(_texts(lang))
    return sorted(_words(iter([text])) & ENGLISH - kept)


def drawn_text(at: AppTest) -> list[str]:
    """The words drawn inside the page's board pictures (SVG inlined as base64)."""
    import base64

    found: list[str] = []

    def walk(node: object) -> None:
        proto = getattr(node, "proto", None)
        if isinstance(proto, Message):
            for _, value in proto.ListFields():
                if isinstance(value, str):
                    for data in re.findall(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)", value):
                        svg = base64.b64decode(data).decode()
                        found.extend(re.findall(r"<text[^>]*>([^<]*)</text>", svg))
        children = getattr(node, "children", None)
        if isinstance(children, dict):
            for child in children.values():
                walk(child)

    walk(at._tree)
    return found


def check(at: AppTest, lang: str, where: str, lookups: Lookups) -> None:
    assert not at.exception, (where, [e.value for e in at.exception])
    drawn = " ".join(drawn_text(at))
    assert not english_left(drawn, lang), (where, drawn)
    text = page_text(at)
    assert text.strip(), where
    assert not FALLBACK.findall(text), (where, FALLBACK.findall(text))
    assert not {key for code, key in lookups.missing if code == lang}, (where, lookups.missing)
    assert not english_left(text, lang), (where, english_left(text, lang))


def open_page(page: str, lang: str, **state: object) -> AppTest:
    """The page in `lang`, with the panels drawn only while open (the sidebar's help, the
    puzzle chooser) opened, so that their words are read too."""
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params["lang"] = lang
    at.run()
    for key, value in {"help_open": True, "puzzle_chooser": True, **state}.items():
        at.session_state[key] = value
    return at.switch_page(f"ui/{page}.py").run()


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_in_every_language(lang: str, lookups: Lookups) -> None:
    for page in PAGES:
        at = open_page(page, lang, play_pace=0, play_budget=0.05)
        assert at.session_state["lang"] == lang
        assert at.query_params["lang"] == lang
        check(at, lang, page, lookups)


@pytest.mark.parametrize("lang", ("ru", "mk"))
def test_a_game_under_way_and_the_analysis_of_a_position(lang: str, lookups: Lookups) -> None:
    at = open_page("play", lang, play_pace=0, play_budget=0.05,
                   play=PlaySession(PlaySettings(seed=12, opponent="greedy")))
    check(at, lang, "play under way", lookups)
    at.button(key="play_hint_button").click().run()  # the coach's move and reasons
    assert catalogue(lang)["play.coach_says"].split("**")[0].strip() in page_text(at)
    check(at, lang, "play with the coach's hint", lookups)
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params["lang"] = lang
    at.query_params["position"] = EXAMPLE
    at.run()
    at.switch_page("ui/analysis.py").run()
    check(at, lang, "analysis with a position", lookups)


@pytest.mark.parametrize("lang", ("ru", "es"))
def test_the_guided_hand_to_its_end(lang: str, lookups: Lookups) -> None:
    """Every step of the guided first hand, and its end's pips and rounding, in the language."""
    at = open_page("guided", lang)
    for _ in range(40):
        if at.session_state["guided"].over:
            break
        tile = next(b.key for b in at.button if b.key and b.key.startswith("gtile_"))
        at.button(key=tile).click().run()
        end = next(b.key for b in at.button if b.key and (b.key.startswith("gend_") or b.key == "glead"))
        at.button(key=end).click().run()
        check(at, lang, "guided hand under way", lookups)
    assert at.session_state["guided"].over
    check(at, lang, "guided hand over", lookups)


def test_the_start_page_board_is_drawn_in_the_language(lookups: Lookups) -> None:
    at = open_page("home", "ru")
    assert any(text.startswith("сумма ") for text in drawn_text(at))
    check(at, "ru", "home", lookups)


def test_the_english_check_sees_english() -> None:
    """The detector itself: an English sentence in a Russian page is caught, a tile
    code, a number and a name the translation keeps are not."""
    assert english_left("Сумма 15 · 6-4 · Muggins", "ru") == []
    assert english_left("Сумма 15 · boneyard", "ru") == ["boneyard"]  # the players say «базар»
    assert english_left("Right: the count is 15.", "ru") == ["count", "right"]


def test_an_unknown_or_missing_lang_in_the_url_falls_back() -> None:
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params["lang"] = "xx"
    at.run()
    assert at.session_state["lang"] == "en" and at.query_params["lang"] == "en"


def test_the_picker_changes_the_language_and_the_url() -> None:
    at = AppTest.from_file(APP, default_timeout=120).run()
    assert at.session_state["lang"] == "en"
    at.sidebar.selectbox(key="lang_picker").set_value("fi").run()
    assert at.session_state["lang"] == "fi" and at.query_params["lang"] == "fi"
    assert at.title[0].value == "All Fives\xa0-valmentaja"  # the hyphen stays with its word
    at.switch_page("ui/drills.py").run()
    assert at.sidebar.selectbox(key="lang_picker").value == "fi"
    assert at.title[0].value == catalogue("fi")["drills.title"]


def test_a_first_visit_follows_the_browsers_language(monkeypatch: pytest.MonkeyPatch) -> None:
    import ui.language

    monkeypatch.setattr(ui.language, "browser_locale", lambda: "mk-MK")
    at = AppTest.from_file(APP, default_timeout=120).run()
    assert at.session_state["lang"] == "mk"
    assert at.title[0].value == catalogue("mk")["home.title"]
    monkeypatch.setattr(ui.language, "browser_locale", lambda: "de-DE")  # no German: English
    assert AppTest.from_file(APP, default_timeout=120).run().session_state["lang"] == "en"
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params["lang"] = "es"  # the URL wins over the browser
    assert at.run().session_state["lang"] == "es"


# ----- the language kept per learner -----
def test_the_store_keeps_each_learners_language(store: Store) -> None:
    ann, bob = store.create_learner("Ann"), store.create_learner("Bob")
    assert store.language(ann.id) == "" == store.language(bob.id)
    store.set_language(ann.id, "ru")
    assert (store.language(ann.id), store.language(bob.id)) == ("ru", "")
    for bad in ("RU", "russian", "", "../x", 7):
        with pytest.raises(LearnerError):
            store.set_language(ann.id, bad)  # type: ignore[arg-type]
    with pytest.raises(LearnerError):
        store.language(ann.id + bob.id + 1)
    assert store.language(ann.id) == "ru"


@pytest.fixture
def app_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    path = tmp_path / "progress.db"
    monkeypatch.setenv(ENV, str(path))
    st.cache_resource.clear()
    yield path
    st.cache_resource.clear()


def test_choosing_a_learner_brings_back_his_language(app_db: Path) -> None:
    with Store(str(app_db)) as store:
        ann = store.create_learner("Ann")
        store.create_learner("Bob")
    at = AppTest.from_file(APP, default_timeout=120).run()
    at.sidebar.selectbox(key="learner").set_value("Ann").run()
    assert at.session_state["lang"] == "en"
    at.sidebar.selectbox(key="lang_picker").set_value("mk").run()  # Ann picks Macedonian
    assert at.title[0].value == catalogue("mk")["home.title"]
    with Store(str(app_db)) as store:
        assert store.language(ann.id) == "mk"
    at.sidebar.selectbox(key="learner").set_value("Bob").run()  # Bob had none: he keeps mk
    assert at.session_state["lang"] == "mk"
    at.sidebar.selectbox(key="lang_picker").set_value("es").run()
    at.sidebar.selectbox(key="learner").set_value("Ann").run()  # back to Ann: Macedonian
    assert not at.exception and at.session_state["lang"] == "mk"
    assert at.query_params["lang"] == "mk" and at.title[0].value == catalogue("mk")["home.title"]

    fresh = AppTest.from_file(APP, default_timeout=120)  # a new visit, Ann in the URL
    fresh.query_params["learner"] = "Ann"
    assert fresh.run().session_state["lang"] == "mk"
    linked = AppTest.from_file(APP, default_timeout=120)  # a link that names a language wins
    linked.query_params["learner"] = "Ann"
    linked.query_params["lang"] = "fi"
    assert linked.run().session_state["lang"] == "fi"


def test_the_board_drawing_speaks_the_language() -> None:
    """The count drawn above a board and the description inside the SVG are translated."""
    from trainer.engine.layout import Layout
    from trainer.engine.tiles import Tile
    from trainer.svg import render_board, render_hand

    layout = Layout.parse("5-5:5-2:5-3::")
    russian = render_board(layout, lang="ru")
    assert ">сумма 5</text>" in russian and "Спиннер 5-5" in russian and ">count" not in russian
    assert ">count 5</text>" in render_board(layout)
    assert "<title>Рака: 6-4</title>" in render_hand((Tile(6, 4),), lang="mk")


# ----- the engine's error messages -----
BAD_CODES = (
    "5-5:9 - - 0 0,0",  # a spinner layout with two parts
    "6-4 9-9/- - 0 0,0",  # pips beyond 6
    "x",  # one field
    "6-6 - - 0 0,0 foo",  # no such rules
    "5-5:5-2:2-3:: - - 0 0,0",  # an arm that does not touch the spinner
    "4-4,4-2 - - 0 0,0",  # a double inside a line
    "4-4,x - - 0 0,0",  # not a tile
    "6-6 6-5/5-5 - 0 0,0 cincos",  # a lone double written as a line
    "6-4 6-6/?x - 0 0,0",  # not a hidden count
    "6-4 6-6/5-5 - 7 0,0",  # no such player to move
    "6-4 6-6/5-5 - 0 a,b",  # scores that are not numbers
)


@pytest.mark.parametrize("lang", LANGS)
def test_position_code_errors_are_said_in_the_language(lang: str) -> None:
    """Each way a position code can be wrong reads, whole, in the learner's language:
    every message the engine raises for these codes fits the catalogue's patterns."""
    from trainer.engine.position import parse_position
    from trainer.errors import TrainerError
    from trainer.i18n.errortext import say_error

    for code in BAD_CODES:
        with pytest.raises(TrainerError) as caught:
            parse_position(code)
        english = str(caught.value)
        said = say_error(english, lang)
        codes = re.sub(r"\b(standard|partners|cincos)\b", "", said)  # preset names are notation
        assert said != english and not english_left(codes, lang), (code, english, said)
        assert say_error(english, "en") == english
    assert say_error("something no pattern knows", lang) == "something no pattern knows"


def test_a_bad_position_link_shows_its_error_in_russian(lookups: Lookups) -> None:
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params["lang"] = "ru"
    at.query_params["position"] = "5-5:5-2:2-3:: - - 0 0,0"
    at.run()
    at.switch_page("ui/analysis.py").run()
    assert "не касается спиннера" in at.error[0].value
    check(at, "ru", "analysis, a bad link", lookups)


@pytest.mark.parametrize("lang", LANGS)
def test_answered_pages_in_every_language(lang: str, lookups: Lookups) -> None:
    """The text that comes after an answer: a lesson's explanations, a drill's verdict
    and breakdown, a puzzle's table, reply and line, a hand's narration and review."""
    from trainer.engine.moves import Move
    from trainer.puzzles.bank import shipped

    at = open_page("learn", lang)
    firsts = [b.key for b in at.button if b.key and b.key.startswith("learn_") and b.key.endswith("_0")]
    for key in firsts[:6]:
        at.button(key=key).click().run()
    check(at, lang, "learn, answered", lookups)

    at = open_page("drills", lang)
    at.text_input(key="drill_count").input("99")
    at.button(key="drill_submit").click().run()
    shown = page_text(at)
    assert catalogue(lang)["total.wrong"].split(":")[0] in shown
    check(at, lang, "drills, answered", lookups)

    puzzle = next(p for p in shipped() if p.kind == "endgame")
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params["lang"] = lang
    at.query_params["puzzle"] = puzzle.id
    at.run()
    at.switch_page("ui/puzzles.py").run()
    wrong = Move.parse(next(m.move for m in puzzle.moves if m.move not in puzzle.accepted))
    at.button(key=f"ptile_{wrong.tile}").click().run()
    at.button(key=f"pend_{wrong.side}").click().run()
    assert at.table
    check(at, lang, "puzzles, answered", lookups)
    if lang not in ("ru", "mk"):  # a whole hand and its review take long: two languages suffice
        return

    at = open_page("play", lang, play_pace=0, play_budget=0.05,
                   play=PlaySession(PlaySettings(seed=12, opponent="greedy")))
    for _ in range(40):
        if at.session_state["play"].match.results:
            break
        at.button(key=next(b.key for b in at.button if b.key and b.key.startswith("mytile_"))).click().run()
        ends = [b.key for b in at.button if b.key and b.key.startswith("myend_")]
        at.button(key=ends[0] if ends else "mylead").click().run()
    assert at.session_state["play"].match.results
    check(at, lang, "play, a hand over", lookups)
    at.button(key="play_review_button").click().run()
    check(at, lang, "play, the review", lookups)
