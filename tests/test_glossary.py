"""The glossary and the board legend: every term the issue names, a board that tells
sides from ends, the markers the board drawing uses, and the panel on every page."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer.i18n import t
from trainer.svg import COLOURS, render_board
from trainer.teach.glossary import SIDES_BOARD, TERMS, glossary, legend

pytest.importorskip("streamlit")
from streamlit.testing.v1 import AppTest  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PAGES = ("ui/home.py", "ui/learn.py", "ui/practice.py", "ui/drills.py", "ui/puzzles.py", "ui/play.py",
         "ui/analysis.py", "ui/progress.py")


def test_every_term_is_explained() -> None:
    assert set(TERMS) >= {"tile", "double", "spinner", "side", "arm", "end", "open_end", "count", "boneyard",
                          "domino", "block", "muggins"}
    entries = glossary()
    assert len(entries) == len(TERMS) and all(name and len(text) > 20 for name, text in entries)
    assert "positive multiple of five" in dict(entries)["Count"]


def test_the_sides_board_has_covered_sides_and_an_empty_end() -> None:
    layout = SIDES_BOARD
    east, west, north, south = layout.arms
    assert layout.spinner == 5 and east and west and north and not south
    caption = t("glossary.board")
    for tile in ("5-2", "5-3", "5-0"):
        assert tile in caption


def test_the_legend_names_what_the_board_draws() -> None:
    svg = render_board(SIDES_BOARD, last=None)
    lines = legend()
    assert 'class="open-end"' in svg and COLOURS["badge"] in svg  # an empty end and what ends add
    assert COLOURS["spinner_badge"] in render_board(SIDES_BOARD.__class__.parse("5-5:5-2:::"))
    assert any("dashed" in line for line in lines) and any("green" in line for line in lines)
    assert any("blue" in line for line in lines) and any("count" in line for line in lines)


def test_the_panel_is_on_every_page() -> None:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.run()
    for page in PAGES:
        at.switch_page(page).run()
        assert not at.exception, page
        labels = [str(e.label) for e in at.sidebar.expander]
        assert t("glossary.title") in labels, page
        # folded, its words are not drawn (a click elsewhere costs nothing for them)
        shown = " ".join(str(m.value) for m in at.sidebar.markdown)
        assert t("glossary.spinner.text") not in shown and not at.sidebar.get("html"), page
        at.session_state["help_open"] = True  # the learner opens it: the page runs again
        at.run()
        shown = " ".join(str(m.value) for m in at.sidebar.markdown)
        assert t("glossary.spinner.text") in shown and t("legend.empty") in shown, page
        assert t("glossary.board") in [str(c.value) for c in at.sidebar.caption], page
        at.session_state["help_open"] = False


def test_the_coachs_words_are_explained_with_its_own_thresholds() -> None:
    from trainer.play.coach import GRADES
    from trainer.search.evidence import Z95
    entries = dict(glossary())
    for name in ("Value", "Deals", "Margin (±)", "Grades"):
        assert name in entries
    grades = entries["Grades"]
    for limit, _ in GRADES:  # the figures the grades are given by
        assert f"{limit:g}" in grades, (limit, grades)
    assert f"{GRADES[-1][0]:g} or more" in grades and Z95 == 1.96 and "95%" in entries["Margin (±)"]


def test_the_players_other_names_follow_each_word_of_the_game() -> None:
    """Each word of the game says what else players call it ("Also called bone, stone or
    piece."), a word with no other name says nothing, and the coach's words have none."""
    from trainer.i18n import languages
    from trainer.teach.glossary import GAME_TERMS, NO_OTHER_NAME, also_called
    assert also_called("tile") == "Also called bone, stone or piece." and also_called("spinner") == ""
    assert also_called("value") == "" and also_called("margin") == ""
    assert "pozo" in also_called("boneyard", "es") and also_called("spinner", "es") == ""
    for lang in languages():
        for term in GAME_TERMS:
            line = also_called(term, lang)
            names = t(f"glossary.{term}.aka", lang)
            assert line == "" if names == NO_OTHER_NAME else (names in line and line != names), (lang, term)


def test_the_panel_shows_the_other_names() -> None:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["lang"] = "es"
    at.run()
    at.session_state["help_open"] = True
    at.run()
    shown = " ".join(str(m.value) for m in at.sidebar.markdown)
    assert t("glossary.boneyard.text", "es") in shown and "*También se llama pozo o montón.*" in shown
