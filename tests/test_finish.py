"""Moves that reach the game's target win at once: the expert and the hint take them
before any move of a better value for the rest of the hand, and the review grades them
best and any other move a missed win."""

from __future__ import annotations

import pytest

from trainer.engine.moves import Move
from trainer.engine.position import Position
from trainer.engine.record import Turn
from trainer.i18n import t
from trainer.play import players
from trainer.play.coach import hint, review_hand, review_move, wins_words
from trainer.play.players import ExpertPlayer, make_player
from trainer.search.finish import winning_moves
from trainer.search.sampling import Expectation
from trainer.search.solver import solve

# player 1 to move at 235: 5-0 on the east end scores 15 and reaches 250, but over the
# rest of the hand 0-0 on the east end is worth more
NEAR = ("5-5:5-2,2-0,0-6,6-4,4-0::: 5-4,4-4,4-3,3-3,3-2,2-2/6-5,6-2,5-3,5-1,5-0,0-0 "
        "6-6,6-3,1-1,1-0,6-1,3-0,2-1,4-2,4-1,3-1 1 10,235")
WIN = Move.parse("5-0@E")


def test_winning_moves_are_those_that_reach_the_target() -> None:
    p = Position.from_code(NEAR)
    assert winning_moves(p, 250) == (WIN,)
    assert winning_moves(p, 251) == ()  # 15 points short of it by one
    assert winning_moves(p, None) == ()
    lower = winning_moves(p, 240)  # 5 points needed: every scoring move wins
    assert WIN in lower and len(lower) == sum(p.points(m) >= 5 for m in p.legal_moves())
    assert [p.points(m) for m in lower] == sorted((p.points(m) for m in lower), reverse=True)


def test_the_expert_takes_the_win_over_a_better_value() -> None:
    p = Position.from_code(NEAR)
    assert WIN not in solve(p).best  # by value alone, another move is better
    assert ExpertPlayer(seed=1, budget=0.2, target=250).choose(p) == WIN
    assert make_player("expert", 1, target=250).choose(p) == WIN


def test_without_a_reachable_target_the_expert_plays_by_value(monkeypatch: pytest.MonkeyPatch) -> None:
    p = Position.from_code(NEAR)
    other = Move.parse("0-0@E")
    asked: list[Position] = []

    def values(view: Position, *args: object, **kwargs: object) -> Expectation:
        asked.append(view)
        return Expectation({m: (10.0 if m == other else 0.0) for m in view.legal_moves()}, 30)

    monkeypatch.setattr(players, "expected_values", values)
    assert ExpertPlayer(seed=1, budget=0.2, target=1000).choose(p) == other
    assert ExpertPlayer(seed=1, budget=0.2).choose(p) == other
    assert len(asked) == 2
    assert ExpertPlayer(seed=1, budget=0.2, target=250).choose(p) == WIN and len(asked) == 2


def test_the_hint_plays_the_win_and_says_why() -> None:
    p = Position.from_code(NEAR)
    advice = hint(p, budget=0.2, target=250)
    assert advice.move == WIN and advice.exact
    assert advice.reasons == (wins_words(p, WIN, 250),)
    assert "5-0 on the east end (5-0@E)" in advice.reasons[0] and "250" in advice.reasons[0]
    assert hint(p, budget=0.2, target=1000).reasons != advice.reasons  # out of reach: by value


def test_the_review_grades_the_win_and_the_missed_win_for_certain() -> None:
    p = Position.from_code(NEAR)
    other = Move.parse("0-0@E")
    won = review_move(p, WIN, None, 0.2, 0, target=250)
    assert (won.grade, won.best, won.exact, won.target) == ("best", WIN, True, 250)
    missed = review_move(p, other, None, 0.2, 0, target=250)
    assert (missed.grade, missed.best, missed.target, missed.samples) == ("missed_win", WIN, 250, 0)
    assert missed.reason.startswith(t("coach.missed_win", move="0-0 on the east end (0-0@E)"))
    by_value = review_move(p, other, None, 0.2, 0)
    assert by_value.grade != "missed_win" and by_value.target is None
    hand = review_hand(p, (Turn(1, (), other),), learner=1, budget=0.2, target=250)
    assert [r.grade for r in hand] == ["missed_win"]
    hand = review_hand(p, (Turn(1, (), WIN),), learner=1, budget=0.2, target=250)
    assert [r.grade for r in hand] == ["best"]
