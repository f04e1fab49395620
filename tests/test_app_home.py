"""The start page's one next step, and the boards and hands every page draws: a board
drawn for a desktop's width and for a phone's, hands as dominoes to click, moves named
in words and in code."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from base64 import b64decode
from datetime import date
from pathlib import Path
from typing import Any

from streamlit.testing.v1 import AppTest

from trainer.engine.layout import Layout
from trainer.engine.movenames import move_words
from trainer.engine.moves import Move
from trainer.engine.tiles import Tile
from trainer.puzzles.bank import shipped
from trainer.puzzles.daily import daily
from trainer.svg import DESK_WIDTH, PHONE_WIDTH, board_geometry
from trainer.teach.lessons import lessons

APP = str(Path(__file__).resolve().parent.parent / "app.py")
EXAMPLE = ("0-0:0-3,3-4,4-6,6-5,5-5,5-1,1-0:0-4,4-2,2-1,1-3,3-2,2-0,0-5,5-4::"
           "0-6,6-3,3-3,3-5,5-2,2-2,2-6,6-1 6-6,4-4/4-1,1-1 - 1 15,15")
LONG = Layout.parse(EXAMPLE.split()[0])


def run(**state: Any) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    for key, value in state.items():
        at.session_state[key] = value
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_a_newcomer_is_sent_to_the_first_lesson() -> None:
    at = run()
    first = lessons()[0]
    button = at.button(key="home_next")
    assert first.title in button.label
    button.click().run()
    assert not at.exception
    assert at.session_state["learn_lesson"] == first.id
    assert any(first.title in title.value for title in [*at.title, *at.header, *at.subheader])


def test_one_path_until_the_rules_lessons_are_done_then_what_is_due() -> None:
    """A guest who drilled but took no lesson is still sent to the first lesson; after
    lesson 1 the next step is the next lesson (not today's puzzle, whose kind needs
    later lessons); with the rules done, today's puzzle, then the lesson half done."""
    today = daily(shipped(), date.today())
    answered = [{"part": "drill", "item": "total", "correct": True, "detail": ""}]
    rules = lessons()
    at = run(results=answered)
    assert at.button(key="home_next").label == f"Start the first lesson: {rules[0].title}"
    at = run(results=answered, learn_stars={rules[0].id: 3})
    assert at.button(key="home_next").label == f"The next lesson: {rules[1].title}"
    half = rules[3]
    at = run(learn_stars={r.id: 3 for r in rules[:3]}, learn_answers={half.questions[0].id: "x"})
    assert at.button(key="home_next").label == f"Go on with the lesson: {half.title}"
    all_rules = {r.id: 2 for r in rules}
    at = run(results=answered, learn_stars=all_rules)
    assert at.button(key="home_next").label == "Solve today's puzzle"
    at.button(key="home_next").click().run()
    assert not at.exception and at.query_params.get("puzzle") in (today.id, [today.id])
    # with today's puzzle done and a lesson half answered: the lesson comes next
    from trainer.teach.course import COURSE_IDS, course_lesson
    strategy = course_lesson(COURSE_IDS[len(rules)])
    done = answered + [{"part": "puzzle", "item": today.id, "correct": True, "detail": ""}]
    at = run(results=done, learn_stars=all_rules, learn_answers={strategy.questions[0].id: "x"})
    assert strategy.title in at.button(key="home_next").label


def board_svgs(html: str) -> list[ET.Element]:
    found = re.findall(r'src="data:image/svg\+xml;base64,([^"]+)"', html)
    return [ET.fromstring(b64decode(data)) for data in found]


def test_a_long_board_is_drawn_wide_for_a_desktop_and_narrow_for_a_phone() -> None:
    wide, narrow = (board_geometry(LONG, width)[0] for width in (DESK_WIDTH, PHONE_WIDTH))
    span = [max(d.x + d.w for d in ts) - min(d.x for d in ts) for ts in (wide, narrow)]
    assert span[0] > span[1] and span[0] <= DESK_WIDTH + 2 and span[1] <= PHONE_WIDTH + 2
    at = run(analysis_code=EXAMPLE)
    at.switch_page("ui/analysis.py").run()
    pictures = [h.proto.body for h in at.get("html") if "class=\"af-board-wide\"" in h.proto.body]
    assert pictures, "no board drawn in two widths"
    drawn = board_svgs(pictures[0])
    assert len(drawn) == 2
    widths = [float(svg.attrib["width"]) for svg in drawn]
    assert widths[0] > widths[1]
    # a phone's column (about 358 px) shrinks the narrow drawing, but a half-tile stays >= 20 px
    assert 358 / widths[1] * 28 >= 20


def test_the_hand_is_dominoes_to_click_and_moves_are_named_in_words_and_code() -> None:
    assert move_words(Move.parse("0-3@W")) == "3-0 on the west end (3-0@W)"
    at = AppTest.from_file(APP, default_timeout=60).run()
    at.session_state["play_pace"] = 0
    at.session_state["play_budget"] = 0.05
    at.switch_page("ui/play.py").run()
    from trainer.play.session import PlaySession, PlaySettings
    at.session_state["play"] = session = PlaySession(PlaySettings(seed=42, opponent="greedy"))
    at.run()
    mine = session.match.position.hand(0)
    on = [b for b in at.button if b.key and b.key.startswith("mytile_")]
    off = [b for b in at.button if b.key and b.key.startswith("mytile-off_")]
    assert len(on) + len(off) == len(mine) and on
    assert all(b.label == b.key.split("_", 1)[1] for b in on + off)  # the tile's name; the style draws it
    assert all(b.disabled for b in off)
    legal = session.match.position.legal_moves()
    tile = Tile.parse(on[0].key.split("_", 1)[1])
    on[0].click().run()
    labels = [b.label for b in at.button if b.key and b.key.startswith("myend_")]
    assert labels == [move_words(m) for m in legal if m.tile == tile and m.side]


def test_the_learner_picker_placeholder_fits_a_phone_and_boards_carry_a_legend() -> None:
    at = run()
    picker = at.sidebar.selectbox(key="learner")
    # the sidebar's select box shows about 26 characters at 390 px before cutting text off
    assert len(picker.placeholder) <= 24, picker.placeholder
    at.switch_page("ui/analysis.py").run()
    assert any(e.label == "Marks on the board" for e in at.expander)


def test_every_tile_button_is_drawn_by_one_rule_of_the_style() -> None:
    """The page's style draws a tile button from its key's tail "_6-4": each tile's rule
    matches its own buttons (playable or not) and no other tile's."""
    import re

    from trainer.engine.tiles import ALL_TILES
    from ui.widgets import STYLE
    rule = r'\[class\*="(_[0-6]-[0-6])"\] button \{background-image: url\("([^"]+)"\)'
    rules = dict(re.findall(rule, STYLE))
    assert len(rules) == 28 and all(picture.startswith("data:image/svg+xml,") for picture in rules.values())
    for tile in ALL_TILES:
        for key in (f"st-key-mytile_{tile}", f"st-key-ptile-off_{tile}"):
            assert [tail for tail in rules if tail in key] == [f"_{tile}"]
