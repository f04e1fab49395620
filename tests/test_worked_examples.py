"""Every worked example of rules.md, with the values rules.md gives."""

from __future__ import annotations

import pytest

from trainer.engine.layout import Layout
from trainer.engine.moves import Move
from trainer.engine.position import Position
from trainer.engine.rules import round_to_five
from trainer.engine.tiles import Tile

# The count/score table of rules.md: layout, count, points.
COUNT_TABLE: list[tuple[str, int, int]] = [
    ("5-0", 5, 5),
    ("6-4", 10, 10),
    ("5-5::::", 10, 10),
    ("6-6::::", 12, 0),
    ("4-5,5-1", 5, 5),
    ("5-5:5-2:::", 12, 0),
    ("5-5:5-2:5-3::", 5, 5),
    ("5-5:5-2:5-3:5-0:", 5, 5),
    ("6-6:6-4,4-4:::", 20, 20),
    ("6-6:6-3,3-3:::", 18, 0),
    ("0-0:0-6,6-6:0-5,5-5:0-4,4-4:0-1,1-5", 35, 35),
]


@pytest.mark.parametrize(("code", "count", "points"), COUNT_TABLE)
def test_count_table(code: str, count: int, points: int) -> None:
    """The table of layouts: count and what the last tile scores."""
    layout = Layout.parse(code)
    assert layout.count() == count
    assert layout.points() == points
    assert str(layout) == code


def test_first_double_not_lead_becomes_spinner_on_east_end() -> None:
    """`4-5,5-1` + `1-1` east: the spinner, the line its west arm, count 4 + 2 = 6."""
    line = Layout.parse("4-5,5-1")
    assert line.count() == 5
    spun = line.place(Tile(1, 1), "E")
    assert str(spun) == "1-1::1-5,5-4::"
    assert spun.count() == 6
    assert spun.points() == 0
    assert {(e.side, e.pip) for e in spun.open_ends()} == {("E", 1), ("W", 4)}


def test_spinner_side_covered_opens_north_and_south() -> None:
    """Then `3-1` on its east side: count 3 + 4 = 7, and N and S open with pip 1."""
    spun = Layout.parse("4-5,5-1").place(Tile(1, 1), "E")
    both = spun.place(Tile(3, 1), "E")
    assert str(both) == "1-1:1-3:1-5,5-4::"
    assert both.count() == 7
    assert both.points() == 0
    assert {(e.side, e.pip) for e in both.open_ends()} == {("E", 3), ("W", 4), ("N", 1), ("S", 1)}


def test_first_double_on_west_end() -> None:
    """Had `4-4` gone on the west end: `4-4:4-5,5-1:::`, count 1 + 8 = 9."""
    spun = Layout.parse("4-5,5-1").place(Tile(4, 4), "W")
    assert str(spun) == "4-4:4-5,5-1:::"
    assert spun.count() == 9
    assert spun.points() == 0


def test_first_double_sequence_through_positions() -> None:
    """The same sequence played as moves by two players: no score at any step."""
    p = Position.from_code("4-5,5-1 6-6,1-1/6-2,3-1 ?22 0 0,0")
    q = p.play(Move.parse("1-1@E"))
    assert str(q.layout) == "1-1::1-5,5-4::" and q.scores == (0, 0)
    assert {str(m) for m in q.legal_moves()} == {"3-1@E"}
    r = q.play(Move.parse("3-1@E"))
    assert str(r.layout) == "1-1:1-3:1-5,5-4::" and r.scores == (0, 0)
    assert {str(m) for m in r.legal_moves()} == set(), "6-6 fits none of E3, W4, N1, S1"


@pytest.mark.parametrize(
    ("pips", "rounded"),
    [(2, 0), (3, 5), (7, 5), (8, 10), (12, 10), (13, 15), (27, 25), (28, 30)],
)
def test_rounding_examples(pips: int, rounded: int) -> None:
    """Rounding at the end of a hand: 2 -> 0, 3 -> 5, 7 -> 5, 8 -> 10, ..."""
    assert round_to_five(pips) == rounded


ENDGAME = (
    "0-0:0-3,3-4,4-6,6-5,5-5,5-1,1-0:0-4,4-2,2-1,1-3,3-2,2-0,0-5,5-4::"
    "0-6,6-3,3-3,3-5,5-2,2-2,2-6,6-1 6-6,4-4/4-1,1-1 - 1 15,15"
)


def test_endgame_position() -> None:
    """The endgame: ends E0, W4, N0, S1, count 5, and player 1's three moves."""
    p = Position.from_code(ENDGAME)
    assert p.code() == ENDGAME
    assert {(e.side, e.pip) for e in p.layout.open_ends()} == {("E", 0), ("W", 4), ("N", 0), ("S", 1)}
    assert p.layout.count() == 5
    assert p.turn == 1
    assert set(p.hand(1)) == {Tile(4, 1), Tile(1, 1)}
    assert set(p.hand(0)) == {Tile(6, 6), Tile(4, 4)}
    assert sorted(str(m) for m in p.legal_moves()) == ["1-1@S", "4-1@S", "4-1@W"]
    assert all(p.points(m) == 0 for m in p.legal_moves())
    hidden = Position.from_code(ENDGAME.replace("6-6,4-4/", "?2/"))
    assert sorted(str(m) for m in hidden.legal_moves()) == ["1-1@S", "4-1@S", "4-1@W"]


def play_line(p: Position, moves: list[str]) -> Position:
    """Play the given moves; passes are taken whenever the mover must pass."""
    for text in moves:
        while p.must_pass:
            p = p.pass_turn()
        p = p.play(Move.parse(text))
    while not p.is_over:
        assert p.must_pass, "the line ends with forced passes only"
        p = p.pass_turn()
    return p


def value_for_player_1(start: Position, end: Position) -> int:
    """(player 1's gain) - (player 0's gain), play points and end-of-hand scoring."""
    final = end.settled()
    gain = [final.scores[i] - start.scores[i] for i in (0, 1)]
    return gain[1] - gain[0]


def test_endgame_4_1_west_goes_out() -> None:
    """`4-1@W`: player 0 passes, `1-1` goes out, player 0 loses 20: +20."""
    p = Position.from_code(ENDGAME)
    q = p.play(Move.parse("4-1@W"))
    assert q.scores == (15, 15)
    assert q.turn == 0 and q.must_pass and not q.legal_moves()
    q = q.pass_turn()
    assert q.turn == 1
    assert {str(m) for m in q.legal_moves()} == {"1-1@W", "1-1@S"}
    for last in ("1-1@W", "1-1@S"):
        end = q.play(Move.parse(last))
        assert end.scores == (15, 15)
        outcome = end.outcome()
        assert outcome is not None and outcome.kind == "domino" and outcome.player == 1
        assert end.hand_end_scores() == (-20, 0)
        assert value_for_player_1(p, end) == 20


def test_endgame_4_1_south_blocks() -> None:
    """`4-1@S`: player 0 plays `4-4`, nobody can play; 1 loses 0, 0 loses 10: +10."""
    p = Position.from_code(ENDGAME)
    q = p.play(Move.parse("4-1@S"))
    assert q.scores == (15, 15)
    assert {str(m) for m in q.legal_moves()} == {"4-4@W", "4-4@S"}
    for reply in ("4-4@W", "4-4@S"):
        end = q.play(Move.parse(reply))
        assert end.layout.count() == 12 and end.scores == (15, 15)
        outcome = end.outcome()
        assert outcome is not None and outcome.kind == "blocked"
        assert end.hand_end_scores() == (-10, 0)
        assert value_for_player_1(p, end) == 10


def test_endgame_1_1_south_lets_player_0_score() -> None:
    """`1-1@S`: player 0 plays `4-4@W` scoring 10 (8 + 0 + 2); `4-1` goes out; value 0."""
    p = Position.from_code(ENDGAME)
    q = p.play(Move.parse("1-1@S"))
    assert q.scores == (15, 15)
    assert [str(m) for m in q.legal_moves()] == ["4-4@W"]
    r = q.play(Move.parse("4-4@W"))
    assert r.layout.count() == 10
    assert r.scores == (25, 15)
    assert {str(m) for m in r.legal_moves()} == {"4-1@W", "4-1@S"}
    for last in ("4-1@W", "4-1@S"):
        end = r.play(Move.parse(last))
        outcome = end.outcome()
        assert outcome is not None and outcome.kind == "domino" and outcome.player == 1
        assert end.hand_end_scores() == (-10, 0)
        assert end.settled().scores == (15, 15)
        assert value_for_player_1(p, end) == 0


@pytest.mark.parametrize(
    ("line", "value"), [(["4-1@W", "1-1@W"], 20), (["4-1@S", "4-4@W"], 10), (["1-1@S", "4-4@W", "4-1@W"], 0)]
)
def test_endgame_values_table(line: list[str], value: int) -> None:
    """The table's last column, each line played out with forced passes."""
    p = Position.from_code(ENDGAME)
    assert value_for_player_1(p, play_line(p, line)) == value
