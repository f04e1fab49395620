"""The Play page, driven by clicks: whole hands with and without Muggins, the coach,
undo, the review, saving and a bad saved file."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from trainer.game import Match
from trainer.moves import Move
from trainer.play import PlaySession, PlaySettings

APP = str(Path(__file__).resolve().parent.parent / "app.py")


def open_game(settings: PlaySettings | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120).run()
    at.session_state["play_pace"] = 0
    at.session_state["play_budget"] = 0.05
    at.switch_page("ui/play.py").run()
    if settings is not None:
        at.session_state["play"] = PlaySession(settings)
        at.run()
    assert not at.exception
    return at


def keys(at: AppTest, prefix: str) -> list[str]:
    return [b.key for b in at.button if b.key and b.key.startswith(prefix)]


def play_one_move(at: AppTest, muggins: bool) -> None:
    tile = keys(at, "mytile_")[0]
    at.button(key=tile).click().run()
    ends = keys(at, "myend_")
    if ends:
        at.button(key=ends[0]).click().run()
    else:
        at.button(key="mylead").click().run()
    if muggins:  # claim exactly what the engine says the move scores
        session: PlaySession = at.session_state["play"]
        points = session.match.position.points(Move.parse(at.session_state["play_pending"]))
        at.text_input(key="play_claim").input(str(points))
        list(at.get("form_submit_button"))[0].click().run()
    assert not at.exception


def play_hand(at: AppTest, muggins: bool) -> None:
    for _ in range(40):
        if at.session_state["play"].match.results:
            return
        play_one_move(at, muggins)
    raise AssertionError("the hand did not end")


def test_a_whole_hand_by_clicks_matches_the_engine() -> None:
    for muggins in (False, True):
        at = open_game(PlaySettings(seed=12, opponent="greedy", muggins=muggins))
        play_hand(at, muggins)
        session: PlaySession = at.session_state["play"]
        assert any("is over" in h.value for h in at.subheader)
        shown = [int(m.value) for m in at.metric]
        replayed = Match.replay(session.match.record())
        assert shown == list(replayed.scores) == list(session.match.results[0].scores)
        if muggins:
            assert session.claims and all(c.right for c in session.claims)


def test_hint_undo_and_review() -> None:
    at = open_game(PlaySettings(seed=5, opponent="random"))
    at.button(key="play_hint_button").click().run()
    assert not at.exception and at.info and at.info[-1].value.startswith("Coach: play")
    session: PlaySession = at.session_state["play"]
    before = session.match.position.code()
    play_one_move(at, muggins=False)
    at.button(key="play_undo").click().run()
    assert at.session_state["play"].match.position.code() == before
    play_hand(at, muggins=False)
    at.button(key="play_review_button").click().run()
    assert not at.exception
    assert at.dataframe  # the pips table and the graded moves
    at.button(key="play_continue").click().run()
    assert not at.exception


def test_new_game_form_and_bad_deal_number() -> None:
    at = open_game()
    at.text_input[0].input("abc")
    list(at.get("form_submit_button"))[0].click().run()
    assert at.warning and "whole number" in at.warning[0].value
    at.text_input[0].input("77")
    list(at.get("form_submit_button"))[0].click().run()
    assert not at.exception
    session: PlaySession = at.session_state["play"]
    assert session.settings.seed == 77
    assert session.match.starts[0] == PlaySession(PlaySettings(seed=77)).match.starts[0]


def test_saved_games_load_and_bad_files_do_not() -> None:
    session = PlaySession(PlaySettings(seed=3))
    text = session.save()
    assert PlaySession.load(text).match.position == session.match.position
    at = open_game()
    assert not at.exception
