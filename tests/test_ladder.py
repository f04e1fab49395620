"""The strength ladder's arithmetic (benchmarks/ladder.py): the Bradley-Terry fit finds
the strengths that made the results, its intervals cover them, and every kind of game
seats both players in every seat of a board."""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from ladder import GAMES, Board, bradley_terry, intervals, play_board, seatings  # noqa: E402


def test_the_fit_recovers_the_strengths_that_made_the_results() -> None:
    truth = {"random": 0.0, "greedy": 300.0, "expert": 500.0}
    rng = random.Random(4)
    boards = []
    names = list(truth)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            p = 1 / (1 + 10 ** ((truth[b] - truth[a]) / 400))
            for seed in range(400):
                wins = sum(rng.random() < p for _ in range(2))
                boards.append(Board("standard", a, b, seed, wins / 2, 0.0, 2))
    ratings = bradley_terry(boards, names)
    spans = intervals(boards, names)
    assert ratings["random"] == 0.0
    for name, rating in truth.items():
        assert abs(ratings[name] - rating) < 60, (name, ratings[name])
        low, high = spans[name]
        assert low - 1e-9 <= ratings[name] <= high + 1e-9
    assert spans["expert"][0] > spans["greedy"][1] - 60


def test_even_results_give_even_ratings() -> None:
    boards = [Board("standard", "a", "b", s, 0.5, 0.0, 2) for s in range(10)]
    assert math.isclose(bradley_terry(boards, ["a", "b"])["b"], 0.0, abs_tol=1e-6)


def test_every_game_seats_each_player_in_every_seat() -> None:
    for game, (_, players) in GAMES.items():
        rows = list(seatings(game))
        for seat in range(players):
            assert any(r[seat] for r in rows) and any(not r[seat] for r in rows), game
        a_seats = sum(sum(r) for r in rows)
        assert a_seats * 2 == len(rows) * players, game  # A and B hold as many seats in all


def test_a_board_between_cheap_players_is_played_and_scored() -> None:
    board = play_board("three", "random", "greedy", 5, 0.1)
    assert board.matches == 6 and 0 <= board.share <= 0.5 and board.margin < 0
    flipped = board.flipped()
    assert flipped.a == "greedy" and flipped.share == 1 - board.share
