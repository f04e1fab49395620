"""Moves that reach the game's target win at once: the expert takes them before any
move of a better value for the rest of the hand."""

from __future__ import annotations

from trainer.finish import winning_moves
from trainer.moves import Move
from trainer.players import ExpertPlayer, GreedyPlayer, make_player
from trainer.position import Position
from trainer.solver import solve

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


def test_without_a_reachable_target_the_expert_plays_by_value() -> None:
    p = Position.from_code(NEAR)
    far = ExpertPlayer(seed=1, budget=0.2, target=1000)
    assert far.choose(p) in p.legal_moves() and far.last_samples > 0
    assert GreedyPlayer(1).choose(p) in p.legal_moves()
