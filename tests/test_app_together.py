"""Play together (home mode): two people at one device play a hand to its end, the tiles
covered between turns, the match kept across a reload; and the game's own checks."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.test_app_first_hour import ok, opened, stored
from trainer.errors import NotationError
from trainer.i18n import t
from trainer.play.seat_review import review_seat
from trainer.play.together import Together
from ui.state import plain


def keys(at: AppTest, prefix: str) -> list[str]:
    return [b.key for b in at.button if b.key and b.key.startswith(prefix)]


def one_turn(at: AppTest) -> AppTest:
    """The player to move shows his tiles and plays his first legal move."""
    game: Together = at.session_state["together"]
    name = game.names[game.to_move]
    assert [i.value for i in at.info] == [t("together.pass_to", name=plain(name), player=game.to_move + 1)]
    assert not keys(at, "together_tile")  # covered: no tile of his on the page
    at = ok(at.button(key="together_show").click())
    move = game.match.legal_moves()[0]
    at = ok(at.button(key=f"together_tile_{move.tile}").click())
    at = ok(at.button(key="together_lead" if move.side is None else f"together_end_{move.side}").click())
    return at


def test_two_people_play_a_hand_covered_between_turns_and_a_reload_loses_nothing(db: Path) -> None:
    at = opened("together")
    at.text_input(key="together_name_0").input("Ann")
    at.text_input(key="together_name_1").input("<b>Ben</b>")
    at = ok(at.button(key="together_start").click())
    game: Together = at.session_state["together"]
    assert game.names == ("Ann", "<b>Ben</b>")
    at = one_turn(at)
    at = one_turn(at)
    turns = len(at.session_state["together"].match.hands[-1])
    at = opened("together", stored(at))  # the tab reloaded: the match is back, covered
    game = at.session_state["together"]
    assert len(game.match.hands[-1]) == turns and not at.session_state["together_shown"]
    while not game.unseen_result:
        at = one_turn(at)
        game = at.session_state["together"]
    result = game.match.results[0]
    assert at.subheader[-1].value.startswith(t("together.hand_over", number=1, how="")[:10])
    rows = at.table[0].value.to_dict("records")
    assert rows[0][t("together.col.hand")] == result.deltas[0]
    codes = [c.value.strip() for c in at.code]
    assert codes == [game.match.seat_record(1, seat).text().strip() for seat in (0, 1)]
    at = ok(at.button(key="together_review_1").click())  # Ben asks for his review
    found = at.session_state["together_reviews"][(1, 1)]
    assert [r.played for r in found] == [r.played for r in review_seat(game.match.seat_record(1, 1))]
    assert (1, 0) not in at.session_state["together_reviews"]  # Ann did not ask
    if not game.match.over:
        at = ok(at.button(key="together_next").click())
        assert at.session_state["together"].seen == 1 and at.info  # the next hand starts covered


def test_a_game_is_refused_in_words_when_its_names_or_text_are_wrong() -> None:
    with pytest.raises(NotationError, match="same name"):
        Together.new("standard", ("Ann", "ann"), 1)
    with pytest.raises(NotationError, match="at most 24"):
        Together.new("standard", ("Ann", "B" * 25), 1)
    with pytest.raises(NotationError, match="starts with"):
        Together.load("rules: standard\n")
    game = Together.new("partners", ("Ann", "Ben", "Cat", "Dan"), 5)
    text = game.save()
    with pytest.raises(NotationError, match="3 names for 4 players"):
        Together.load(text.replace('"Dan", ', "").replace(', "Dan"', ""))
    with pytest.raises(NotationError, match="at most"):
        Together.load(text + "x" * 400_001)
