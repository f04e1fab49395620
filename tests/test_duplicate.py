"""Duplicate scoring (`trainer.play.duplicate`): a small event worked out by hand, the
rules matchpoints keep whatever the results, and boards that cannot be compared."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.errors import TrainerError
from trainer.play.duplicate import COMPUTER, Board, class_standings, matchpoints, standings


def event() -> list[Board]:
    """Four deals on two tables of two; the seats move between the rounds (deals 1-2,
    then 3-4), so that each learner meets the other table's deals from the other seat."""
    return [
        Board(1, "A", ("Ann", "Ben"), (45, 20), round=1), Board(1, "B", ("Cat", "Dan"), (30, 30), round=1),
        Board(2, "A", ("Ann", "Ben"), (10, 60), round=1), Board(2, "B", ("Cat", "Dan"), (10, 40), round=1),
        Board(3, "A", ("Ben", "Ann"), (25, 25), round=2), Board(3, "B", ("Dan", "Cat"), (25, 25), round=2),
        Board(4, "A", ("Ben", "Ann"), (0, 35), round=2), Board(4, "B", ("Dan", "Cat"), (15, 20), round=2),
    ]


def test_a_small_event_gives_the_standings_worked_out_by_hand() -> None:
    # deal 1: seat 0 margins Ann +25, Cat 0 -> Ann 2, Cat 0; seat 1: Ben -25, Dan 0 -> Dan 2, Ben 0
    # deal 2: seat 0 Ann -50, Cat -30 -> Cat 2; seat 1 Ben +50, Dan +30 -> Ben 2
    # deal 3: every margin 0 -> 1 each
    # deal 4: seat 0 Ben -35, Dan -5 -> Dan 2; seat 1 Ann +35, Cat +5 -> Ann 2
    rows = {s.player: (s.matchpoints, s.most, s.boards) for s in standings(event())}
    assert rows == {"Ann": (5, 8, 4), "Ben": (3, 8, 4), "Cat": (3, 8, 4), "Dan": (5, 8, 4)}
    assert [s.player for s in standings(event())] == ["Ann", "Dan", "Ben", "Cat"]
    first = {s.player: s.matchpoints for s in standings(event(), round=1)}
    assert first == {"Ann": 2, "Ben": 2, "Cat": 2, "Dan": 2}
    assert {s.player: s.percent for s in standings(event(), round=2)} == {"Ann": 75.0, "Dan": 75.0,
                                                                         "Ben": 25.0, "Cat": 25.0}
    assert class_standings(event(), {"Ann": "5A", "Ben": "5A", "Cat": "5B", "Dan": "5B"}) == [
        ("5A", 50.0, 2), ("5B", 50.0, 2)]


def test_partners_score_by_side_and_the_computer_is_scored_but_not_ranked() -> None:
    boards = [Board(1, "A", ("Ann", COMPUTER, "Ben", COMPUTER), (60, 40)),
              Board(1, "B", ("Cat", COMPUTER, "Dan", COMPUTER), (50, 50)),
              Board(1, "C", (COMPUTER, "Eve", COMPUTER, "Fay"), (70, 20))]
    rows = {s.player: s.matchpoints for s in standings(boards)}
    # side 0 (seats 0, 2): A +20, B 0, C +50 -> C 4, A 2, B 0; side 1: A -20, B 0, C -50 -> B 4, A 2, C 0
    assert rows == {"Ann": 2, "Ben": 2, "Cat": 0, "Dan": 0, "Eve": 0, "Fay": 0}
    assert COMPUTER not in rows
    three = Board(1, "A", ("Ann", "Ben", "Cat"), (30, 0, 15))
    assert [three.result(s) for s in range(3)] == [Fraction(45, 2), -Fraction(45, 2), 0]


results = st.lists(st.tuples(st.integers(0, 300), st.integers(0, 300)), min_size=2, max_size=7)


@given(results)
def test_matchpoints_of_a_seat_share_out_what_the_tables_can_earn(scores: list[tuple[int, int]]) -> None:
    boards = [Board(1, f"T{n}", (f"a{n}", f"b{n}"), pair) for n, pair in enumerate(scores)]
    tables = len(boards)
    for seat in (0, 1):
        earned = [s.matchpoints for s in matchpoints(boards) if s.seat == seat]
        assert sum(earned) == tables * (tables - 1) and all(0 <= e <= 2 * (tables - 1) for e in earned)
    best = max(range(tables), key=lambda n: scores[n][0] - scores[n][1])
    if sum(1 for a, b in scores if a - b == scores[best][0] - scores[best][1]) == 1:
        top = standings([boards[best], *[b for n, b in enumerate(boards) if n != best]])
        assert any(s.player == f"a{best}" and s.percent == 100.0 for s in top)


@pytest.mark.parametrize(("boards", "message"), [
    ([Board(1, "A", ("Ann", "Ben"), (1, 2)), Board(1, "A", ("Cat", "Dan"), (1, 2))], "played twice"),
    ([Board(1, "A", ("Ann", "Ben"), (1, 2)), Board(1, "B", ("Cat", "Dan", "Eve"), (1, 2, 3))],
     "other seats or sides"),
    ([Board(1, "A", ("Ann", "Ann"), (1, 2))], "a player sits in two seats"),
    ([Board(1, "A", ("Ann",), (1,))], "do not make a game"),
    ([Board(1, "A", ("Ann", "Ben"), (1.5, 2))], "whole points"),  # type: ignore[arg-type]
])
def test_boards_that_cannot_be_compared_are_refused(boards: list[Board], message: str) -> None:
    with pytest.raises(TrainerError, match=message):
        matchpoints(boards)
