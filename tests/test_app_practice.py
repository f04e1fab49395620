"""The Practice page and a puzzle of the learner's own, driven as a user would (AppTest):
a practice goal played to the end against the perfect player by clicking tiles and ends,
its stars, a losing move caught and the retry; a mistake from Play's review opened from
the review queue and answered."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("streamlit")
from streamlit.testing.v1 import AppTest  # noqa: E402

from tests.test_app_first_hour import stored  # noqa: E402
from tests.test_app_learn import ok, texts  # noqa: E402
from trainer.engine.moves import Move  # noqa: E402
from trainer.i18n import t  # noqa: E402
from trainer.play.coach import MoveReview  # noqa: E402
from trainer.play.mistakes import KIND, own_puzzle  # noqa: E402
from trainer.store import Store  # noqa: E402
from trainer.teach.practice import PracticeGame, move_results, practice_items  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PRACTICE = "ui/practice.py"


def app(page: str, **state: Any) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    for key, value in state.items():
        at.session_state[key] = value
    ok(at)
    return ok(at.switch_page(page))


def play(at: AppTest, move: Move) -> AppTest:
    """Click the tile, then its end."""
    ok(at.button(key=f"practice_{move.tile}").click())
    return ok(at.button(key=f"practice_end_{move.side}").click())


def keeping(game: PracticeGame) -> Move:
    results = move_results(game.position, game.goal.kind, game.learner)
    return next(m for m, r in results.items() if game.goal.met_by(game._so_far() + r))


def test_a_goal_met_against_the_perfect_player_earns_three_stars() -> None:
    item = practice_items()[0]
    at = app(PRACTICE)
    assert at.session_state["practice_id"] == item.id
    assert t("practice.goal", goal=item.goal.text("en", item.position.rules.name)) in texts(at.info)
    for _ in range(20):
        game: PracticeGame = at.session_state["practice_game"]
        if game.over:
            break
        at = play(at, keeping(game))
    game = at.session_state["practice_game"]
    assert game.over and game.status == "met"
    assert t("practice.met", stars="★★★", earned=3, most=3) in texts(at.success)
    tally = game.tally()
    assert tally is not None
    ending = " ".join(texts(at.info))
    assert "How the hand ended" in ending
    mine, theirs = tally.points[game.learner], tally.points[1 - game.learner]
    assert f"you {mine}, the perfect player {theirs}" in ending, ending
    assert at.session_state["practice_stars"][item.id] == 3
    label = at.selectbox(key="practice_id").options[0]
    assert label.endswith("★★★")


def test_a_losing_move_is_named_with_the_moves_that_kept_the_goal_and_retry_starts_again() -> None:
    item = practice_items()[1]
    at = app(PRACTICE, practice_id=item.id)
    game: PracticeGame = at.session_state["practice_game"]
    results = move_results(game.position, game.goal.kind, game.learner)
    bad = next(m for m, r in results.items() if not game.goal.met_by(r))
    at = play(at, bad)
    game = at.session_state["practice_game"]
    assert game.lost_at == 0 and game.status in ("lost", "failed")
    error = " ".join(texts(at.error))
    assert "can no longer be reached" in error
    assert all(str(m) in error for m in game.kept)
    while not game.over:  # played out to the end: told how it ended, no "play on"
        at = play(at, game.learner_moves()[0])
        game = at.session_state["practice_game"]
    error = " ".join(texts(at.error))
    assert "could no longer be reached" in error and "play on" not in error
    assert "How the hand ended" in " ".join(texts(at.info))
    ok(at.button(key="practice_retry").click())
    again: PracticeGame = at.session_state["practice_game"]
    assert again.attempt == 2 and again.position == item.position and again.history == []  # from the start
    assert not at.error


def test_an_own_puzzle_opens_from_the_review_queue_and_is_judged(db: Path) -> None:
    code = ("0-0:0-3,3-4,4-6,6-5,5-5,5-1,1-0:0-4,4-2,2-1,1-3,3-2,2-0,0-5,5-4::"
            "0-6,6-3,3-3,3-5,5-2,2-2,2-6,6-1 6-6,4-4/4-1,1-1 - 1 15,15")
    review = MoveReview(3, code, Move.parse("1-1@S"), Move.parse("4-1@W"), 20.0, "blunder", 0, 0.0, True)
    made = own_puzzle(review)
    assert made is not None
    with Store(str(db)) as store:
        ann = store.create_learner("Ann").id
        store.add_review_card(ann, "puzzle", made.item, KIND, made.position,
                              when=datetime(2026, 1, 1, tzinfo=UTC))
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.session_state["keep"] = {"stored": "{}"}  # the tab has answered: nothing kept yet
    at.query_params["learner"] = "Ann"
    at.query_params["mode"] = "review"
    ok(at)
    at = ok(at.switch_page("ui/puzzles.py"))
    assert t("mine.review_button") in [str(b.label) for b in at.button]
    ok(next(b for b in at.button if str(b.label) == t("mine.review_button")).click())
    assert t("mine.title") in texts(at.subheader)
    ok(at.button(key="own_4-1").click())
    ok(at.button(key="own_end_W").click())
    assert any("coach's move" in s for s in texts(at.success))
    with Store(str(db)) as store:
        (card,) = store.review_queue(ann)
        assert card.item == made.item and card.reviews == 1  # the answer reviewed the card
    # a reload: the same puzzle, its answer judged again from what the tab kept, not stored again
    again = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    again.session_state["keep"] = {"stored": stored(at)}
    again.query_params["learner"] = "Ann"
    ok(again)
    again = ok(again.switch_page("ui/puzzles.py"))
    assert t("mine.title") in texts(again.subheader)
    assert any("coach's move" in s for s in texts(again.success))
    with Store(str(db)) as store:
        (card,) = store.review_queue(ann)
        assert card.reviews == 1
