"""The Analysis page as a learner meets it: a position built by clicking is playable
(the opponent's tiles and the boneyard follow from the hand), one board at a time,
labels and what "value" means."""

from __future__ import annotations

from html import escape
from pathlib import Path

from streamlit.testing.v1 import AppTest

from trainer.engine.layout import Layout
from trainer.engine.position import Hidden, Position
from trainer.svg import describe

APP = str(Path(__file__).resolve().parent.parent / "app.py")


def analysis() -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60).run()
    at.switch_page("ui/analysis.py").run()
    assert not at.exception
    return at


def click(at: AppTest, key: str) -> None:
    at.button(key=key).click().run()
    assert not at.exception, [e.value for e in at.exception]


def test_the_reported_build_gives_a_playable_position() -> None:
    at = analysis()
    click(at, "free_5-5")  # the lead: one place it can go, so one click puts it there
    assert at.session_state["build_layout"] == "5-5::::"
    click(at, "free_5-2")  # east or west: the ends to choose from
    assert at.session_state["build_layout"] == "5-5::::"
    click(at, "place_E")
    click(at, "free_5-3")  # only the west end is open to it
    assert at.session_state["build_layout"] == "5-5:5-2:5-3::"
    at.radio(key="build_mode").set_value("hand").run()
    for tile in ("6-6", "2-0"):
        click(at, f"free_{tile}")
    click(at, "build_go")
    code = at.session_state["analysis_code"]
    position = Position.from_code(code)
    opponent, boneyard = position.hands[1], position.boneyard
    assert isinstance(opponent, Hidden) and isinstance(boneyard, Hidden), code
    assert opponent.count >= 1, code  # the opponent holds tiles: the hand is not over
    assert opponent.count + boneyard.count == 28 - 3 - 2
    assert not position.is_over
    assert not [i.value for i in at.info if "is over" in i.value]
    table = at.table[-1].value
    assert any("(2-0@E)" in name for name in table["move"])
    assert not at.error


def test_one_board_at_a_time_with_labels_and_value_explained() -> None:
    at = analysis()
    click(at, "free_6-6")
    at.radio(key="build_mode").set_value("hand").run()
    click(at, "free_6-4")
    alt = 'alt="' + escape(describe(Layout.parse("6-6::::")), quote=True) + '"'
    click(at, "build_go")
    assert at.session_state["analysis_code"].startswith("6-6:::: 6-4/?1 ")
    drawn = [h.proto.body for h in at.main.get("html") if alt in h.proto.body]
    assert len(drawn) == 1, len(drawn)  # the builder's board; no second one of the same position
    texts = [m.value for m in at.markdown]
    assert any("you are to move" in text for text in texts)
    said = "Hand of the player to move, player 1 (number 0 in the position code, which counts from 0)"
    assert any(said in text for text in texts)  # seats counted from 1, the code's own number beside it
    captions = [c.value for c in at.caption]
    assert any(c.startswith("Value: how many points player 1 ends the hand ahead") for c in captions) or \
        at.button(key="estimate")  # hidden tiles: the values come on request, explained then
    at.button(key="estimate").click().run()
    captions = [c.value for c in at.caption]
    assert any("averaged over 100 deals" in c for c in captions)


def test_a_bad_code_gets_its_error_and_an_empty_board() -> None:
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["position"] = "5-5:5-0::: 6-4,5-1,5-1/?4 ?18 0 0,0"  # as a link brings it
    at.run()
    at.switch_page("ui/analysis.py").run()
    assert not at.exception
    assert any("tile 5-1 appears twice" in e.value for e in at.error)
    # nothing was read: the board is the empty table (docs/learners/analysis.md), none of the code's tiles
    boards = [h.proto.body for h in at.main.get("html") if "<img" in h.proto.body]
    from trainer.engine.layout import EMPTY
    from trainer.svg import describe
    assert boards and all(f'alt="{describe(EMPTY)}"' in body for body in boards)


def test_a_search_whose_worker_ended_is_said_in_plain_words() -> None:
    """The search's worker process ends under it (out of memory, a signal): the page says
    so, with no traceback, and shows the moves without values."""
    import pytest

    from trainer.i18n import t
    from trainer.search import admission

    class Lost(admission.Admission):
        def run(self, *args: object, **kwargs: object) -> object:  # type: ignore[override]
            raise admission.WorkerLost("the search's worker process ended before the search did")

    patch = pytest.MonkeyPatch()
    patch.setattr(admission, "_GATE", Lost(processes=False))
    try:
        at = AppTest.from_file(APP, default_timeout=60)
        at.query_params["position"] = ("0-0:0-3,3-4,4-6,6-5,5-5,5-1,1-0:0-4,4-2,2-1,1-3,3-2,2-0,0-5,5-4::"
                                       "0-6,6-3,3-3,3-5,5-2,2-2,2-6,6-1 6-6,4-4/4-1,1-1 - 1 15,15")
        at.run()
        at.switch_page("ui/analysis.py").run()
    finally:
        patch.undo()
    assert not at.exception, [e.value for e in at.exception]
    assert t("search.failed", "en") in [w.value for w in at.warning]
    assert at.table and not at.error


def test_where_the_unseen_tiles_are_is_drawn_with_exact_chances() -> None:
    """A pasted position with player 2's seven tiles and the boneyard hidden: each of the
    19 tiles player 1 cannot see is in player 2's hand with chance 7/19 and in the
    boneyard 12/19, exactly (every deal counted alike), in the drawing and in its table."""
    import base64
    import re

    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["position"] = "6-6:6-4::: 6-1,5-5,5-2,4-3,3-0,2-2,1-0/?7 ?12 0 0,10"
    at.run()
    at.switch_page("ui/analysis.py").run()
    assert not at.exception
    expander = next(e for e in at.expander if e.label == "Where are the tiles player 1 cannot see?")
    assert "50,388 deals, so the figures are exact" in expander.caption[0].value  # 19 choose 7
    table = expander.dataframe[0].value
    assert len(table) == 19 and list(table.columns) == ["Tile", "Player 2", "Boneyard"]
    assert set(table["Player 2"]) == {"37%"} and set(table["Boneyard"]) == {"63%"}
    drawn = next(h.proto.body for h in expander.get("html") if "svg+xml" in h.proto.body)
    svg = base64.b64decode(re.search(r"base64,([A-Za-z0-9+/=]+)", drawn).group(1)).decode()
    chances = [float(c) for c in re.findall(r'data-place="1" data-chance="([0-9.]+)"', svg)]
    assert len(chances) == 19 and all(abs(c - 12 / 19) < 1e-3 for c in chances)
