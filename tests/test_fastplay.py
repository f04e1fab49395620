"""The fast internal path (C) agrees with the public engine, move by move."""

from __future__ import annotations

import random

import pytest

from trainer.engine.game import deal
from trainer.engine.position import Position
from trainer.engine.rules import CINCOS, PARTNERS, STANDARD, RuleSet
from trainer.search.fastplay import legal_moves, play_random_hand, simulate

SETUPS = [(STANDARD, 2), (STANDARD, 3), (STANDARD, 4), (PARTNERS, 4),
          (CINCOS, 2), (CINCOS, 3), (CINCOS, 4), (STANDARD.with_hand_sizes("5"), 2)]


def resolve_forced(position: Position) -> Position:
    """Draw or pass until the mover can play or the hand is over."""
    while not position.is_over and not position.legal_moves():
        position = position.draw() if position.must_draw else position.pass_turn()
    return position


@pytest.mark.parametrize(("rules", "players"), SETUPS, ids=lambda v: getattr(v, "name", str(v)))
def test_fast_playouts_replay_through_the_engine(rules: RuleSet, players: int) -> None:
    for seed in range(60):
        position = deal(rules, players, random.Random(seed))
        result = play_random_hand(position, seed)
        for player, move in result.moves:
            position = resolve_forced(position)
            assert position.turn == player
            assert sorted(legal_moves(position)) == sorted(position.legal_moves())
            position = position.play(move)
        position = resolve_forced(position)
        end = position.outcome()
        assert end is not None
        assert (end.kind, end.player) == (result.end, result.player)
        assert position.settled().scores == result.scores


def test_fast_moves_of_the_worked_endgame() -> None:
    code = ("0-0:0-3,3-4,4-6,6-5,5-5,5-1,1-0:0-4,4-2,2-1,1-3,3-2,2-0,0-5,5-4::"
            "0-6,6-3,3-3,3-5,5-2,2-2,2-6,6-1 6-6,4-4/4-1,1-1 - 1 15,15")
    assert sorted(str(m) for m in legal_moves(Position.from_code(code))) == ["1-1@S", "4-1@S", "4-1@W"]


def test_simulate_is_deterministic_and_plays_every_hand() -> None:
    first = simulate(500, 7, 2, STANDARD)
    assert first == simulate(500, 7, 2, STANDARD)
    assert first != simulate(500, 8, 2, STANDARD)
    total, dominoes = first
    assert 0 < dominoes <= 500
    assert total % 5 == 0
