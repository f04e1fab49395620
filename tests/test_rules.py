"""One test per rule of rules.md (standard 1-12, then each cincos difference).

The positions here are this file's own, not the worked examples; every expected value
is worked out by hand from the rule it tests (or by the oracles of tests/support.py).
"""

from __future__ import annotations

import random
from typing import Optional

import pytest

from tests.support import complete_code, layout_text_tiles, nearest_five, side_of, tiles
from trainer.engine.game import Match, deal
from trainer.engine.layout import Layout
from trainer.engine.moves import Move
from trainer.engine.position import HandEnd, Position
from trainer.engine.rules import CINCOS, PARTNERS, STANDARD, RuleSet
from trainer.engine.tiles import ALL_TILES, Tile
from trainer.errors import IllegalMoveError, InvalidPositionError, TrainerError


def ends(layout: Layout) -> dict[str, int]:
    """The open ends as side -> pip."""
    return {e.side: e.pip for e in layout.open_ends()}


def moves(position: Position) -> set[str]:
    return {str(m) for m in position.legal_moves()}


def play(position: Position, *texts: str) -> Position:
    for text in texts:
        position = position.play(Move.parse(text))
    return position


def random_match(rules: RuleSet, players: int, seed: int, target: Optional[int] = None) -> Match:
    """A whole match played with uniformly random legal moves."""
    match = Match(rules, players, seed, target)
    rng = random.Random(seed)
    for _ in range(20_000):
        if match.over:
            break
        match.play(rng.choice(match.legal_moves()))
    assert match.over
    return match


# A layout that blocks every tile not on it: all seven 5s are down and every open end
# (E, W, N and the empty S arm, which offers the spinner's pip) shows a 5.
BLOCKING = "5-5:5-1,1-2,2-5:5-3,3-4,4-5:5-6,6-0,0-5:"
OFF_BLOCKING = [t for t in ALL_TILES if t not in layout_text_tiles(BLOCKING)]


def hand_text(hand: list[Tile]) -> str:
    return ",".join(str(t) for t in sorted(hand, reverse=True)) or "-"


def blocked_code(hands: list[str], rules: str = "standard", scores: tuple[int, ...] = (0, 0),
                 turn: int = 0) -> str:
    """A blocked position: BLOCKING, the last hand holding whatever the others do not."""
    given = [t for h in hands for t in tiles(h)]
    rest = [t for t in OFF_BLOCKING if t not in given]
    all_hands = hands + [hand_text(rest)]
    return " ".join([BLOCKING, "/".join(all_hands), "-", str(turn), ",".join(map(str, scores)), rules])


def test_blocking_layout_is_what_the_tests_think() -> None:
    """The helper layout: all 5s down, every end a 5, 18 tiles off it, 96 pips."""
    layout = Layout.parse(BLOCKING)
    assert ends(layout) == {"E": 5, "W": 5, "N": 5, "S": 5}
    assert len(OFF_BLOCKING) == 18 and not any(t.has(5) for t in OFF_BLOCKING)
    assert sum(t.pips for t in OFF_BLOCKING) == 96


# ----- standard rules -----
def test_rule_01_players_and_partnerships() -> None:
    """2 to 4 players; with partners, 4 players, 0 and 2 against 1 and 3, one score per side."""
    for players in (2, 3, 4):
        STANDARD.check_players(players)
        assert len(Match(STANDARD, players, seed=1).scores) == players
    for players in (0, 1, 5):
        with pytest.raises(TrainerError):
            STANDARD.check_players(players)
        with pytest.raises(TrainerError):
            Match(STANDARD, players, seed=1)
    for players in (2, 3):
        with pytest.raises(TrainerError):
            Match(PARTNERS, players, seed=1)
    match = Match(PARTNERS, 4, seed=1)
    assert len(match.scores) == 2
    assert [PARTNERS.side_of(p) for p in range(4)] == [0, 1, 0, 1]
    with pytest.raises(InvalidPositionError):
        Position.from_code("- ?7/?7/?7 ?7 0 0,0 partners")


HAND_SIZES = {  # (option, players) -> tiles each, from rule 2 and the cincos section
    ("9-7-5", 2): 9, ("9-7-5", 3): 7, ("9-7-5", 4): 5,
    ("5", 2): 5, ("5", 3): 5, ("5", 4): 5,
    ("7-5", 2): 7, ("7-5", 3): 5, ("7-5", 4): 5,
}


@pytest.mark.parametrize(("option", "players"), sorted(HAND_SIZES))
def test_rule_02_deal_hand_sizes(option: str, players: int) -> None:
    """Deal 9/7/5 (or the named options) each; the rest, 28 - dealt, is the boneyard."""
    rules = STANDARD.with_hand_sizes(option)
    each = HAND_SIZES[(option, players)]
    for seed in range(10):
        p = deal(rules, players, random.Random(seed))
        assert [len(p.hand(i)) for i in range(players)] == [each] * players
        boneyard = p.boneyard
        assert isinstance(boneyard, tuple) and len(boneyard) == 28 - players * each
        every = [t for i in range(players) for t in p.hand(i)] + list(boneyard)
        assert sorted(every) == sorted(ALL_TILES)
        assert p.layout.is_empty and p.scores == (0,) * players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rule_02_cincos_deals_seven_each(players: int) -> None:
    """Cincos: 7 each whatever the number of players; 4 players leave no boneyard."""
    for seed in range(10):
        p = deal(CINCOS, players, random.Random(seed))
        assert [len(p.hand(i)) for i in range(players)] == [7] * players
        assert isinstance(p.boneyard, tuple) and len(p.boneyard) == 28 - 7 * players


def test_rule_02_partners_deal_five_each() -> None:
    p = deal(PARTNERS, 4, random.Random(3))
    assert [len(p.hand(i)) for i in range(4)] == [5] * 4
    assert isinstance(p.boneyard, tuple) and len(p.boneyard) == 8


def test_rule_02_unknown_hand_size_option() -> None:
    with pytest.raises(TrainerError, match="9-7-5"):
        STANDARD.with_hand_sizes("6")


def test_rule_03_first_hand_start_is_random_but_seeded() -> None:
    """The first start player is drawn at random (every player starts some seed), the same
    seed always draws the same one, and the start player may lead any tile."""
    starts = set()
    for seed in range(40):
        first = Match(STANDARD, 3, seed)
        again = Match(STANDARD, 3, seed)
        assert first.position == again.position
        p = first.position
        starts.add(p.turn)
        assert moves(p) == {str(t) for t in p.hand(p.turn)}
    assert starts == {0, 1, 2}


def test_rule_03_later_hands_start_with_who_went_out() -> None:
    """After a domino the player who went out leads the next hand."""
    checked = 0
    for seed in range(6):
        match = random_match(STANDARD, 3, seed)
        for number, result in enumerate(match.results):
            if result.end.kind == "domino" and number + 1 < len(match.hands):
                lead = match.hands[number + 1][0]
                assert lead.player == result.end.player
                assert lead.move is not None and lead.move.side is None  # a lead
                checked += 1
    assert checked > 20


def test_rule_03_after_a_blocked_hand_start_is_random() -> None:
    """After a blocked hand no fixed player starts: not the last start, not the last mover
    or the one after him, not the lowest hand; several players do start."""
    seen: list[tuple[int, int, int, int]] = []
    for seed in range(25):
        match = random_match(STANDARD, 3, seed)
        for number, result in enumerate(match.results):
            if result.end.kind == "blocked" and number + 1 < len(match.hands):
                turns = match.hands[number]
                last_mover = [t.player for t in turns if t.move is not None][-1]
                lowest = result.pips.index(min(result.pips))
                seen.append((match.hands[number + 1][0].player, turns[0].player, last_mover, lowest))
    assert len(seen) >= 8
    assert len({nxt for nxt, *_ in seen}) >= 2
    assert any(nxt != start for nxt, start, _, _ in seen)
    assert any(nxt != last for nxt, _, last, _ in seen)
    assert any(nxt != (last + 1) % 3 for nxt, _, last, _ in seen)
    assert any(nxt != low for nxt, _, _, low in seen)


MATCHING = "3-5,5-2 6-4,3-2,3-1,2-2/?7 ?15 0 0,0"


def test_rule_04_a_tile_must_match_an_open_end() -> None:
    """Only tiles showing an end's pip go there, and the touching halves are equal."""
    p = Position.from_code(MATCHING)
    assert ends(p.layout) == {"W": 3, "E": 2}
    assert moves(p) == {"3-2@W", "3-2@E", "3-1@W", "2-2@E"}
    for bad in ("6-4@W", "6-4@E", "3-1@E", "2-2@W", "3-2@N", "3-2", "5-0@E"):
        with pytest.raises(IllegalMoveError):
            p.play(Move.parse(bad))
    assert str(play(p, "3-2@W").layout) == "2-3,3-5,5-2"
    assert str(play(p, "3-2@E").layout) == "3-5,5-2,2-3"
    assert str(play(p, "3-1@W").layout) == "1-3,3-5,5-2"


def test_rule_04_turns_go_round() -> None:
    """Player 0, 1, 2, ... and round again."""
    p = Position.from_code("4-5,5-1 4-0,6-6/1-2,6-5/4-3,6-4 ?20 1 0,0,0")
    assert play(p, "2-1@E").turn == 2
    assert play(p, "2-1@E", "4-3@W").turn == 0


DRAWING = "4-5,5-1 6-6,3-2/?20 5-5,3-0,4-1,2-1 0 0,0"


def test_rule_05_draw_until_playable_then_only_that_tile() -> None:
    """No move: draw until a tile fits; then only that tile may go (either matching end)."""
    p = Position.from_code(DRAWING)
    assert moves(p) == set() and p.must_draw and not p.must_pass
    with pytest.raises(IllegalMoveError):
        p.pass_turn()
    with pytest.raises(IllegalMoveError):
        p.play(Move.parse("3-2@W"))
    p = p.draw()
    assert Tile(5, 5) in p.hand(0) and p.must_draw and moves(p) == set()
    p = p.draw()
    assert Tile(3, 0) in p.hand(0) and p.must_draw and moves(p) == set()
    p = p.draw()
    assert moves(p) == {"4-1@W", "4-1@E"}
    assert sorted(p.hand(0)) == sorted(tiles("6-6,5-5,4-1,3-2,3-0"))
    assert p.boneyard == (Tile(2, 1),)
    assert p.turn == 0 and not p.must_draw
    with pytest.raises(IllegalMoveError):
        p.draw()
    assert str(play(p, "4-1@W").layout) == "1-4,4-5,5-1"


def test_rule_05_a_player_who_can_play_may_not_draw() -> None:
    p = Position.from_code("4-5,5-1 6-6,3-1/?20 5-5,3-0,4-1,2-1 0 0,0")
    assert moves(p) == {"3-1@E"}
    assert not p.must_draw
    with pytest.raises(IllegalMoveError):
        p.draw()


def test_rule_05_empty_boneyard_means_pass() -> None:
    p = Position.from_code("4-5,5-1 6-6,3-2/?24 - 0 7,3")
    assert moves(p) == set() and p.must_pass and not p.must_draw
    with pytest.raises(IllegalMoveError):
        p.draw()
    q = p.pass_turn()
    assert q.turn == 1 and q.layout == p.layout and q.hands == p.hands and q.scores == (7, 3)


def test_rule_05_match_draws_for_the_player() -> None:
    """In a match the forced draws happen by themselves: every recorded draw sequence
    ends with the tile that is then played, or the boneyard is exhausted."""
    seen_draws = 0
    for seed in range(4):
        match = random_match(STANDARD, 2, seed)
        for turns in match.hands:
            for turn in turns:
                if turn.draws:
                    seen_draws += 1
                    if turn.move is not None:
                        assert turn.move.tile == turn.draws[-1]
    assert seen_draws > 5


def test_rule_06_domino_ends_the_hand() -> None:
    """Playing the last tile ends the hand: the player has dominoed."""
    p = Position.from_code("4-5,5-1 3-1/?14 ?11 0 0,0")
    assert p.outcome() is None
    q = play(p, "3-1@E")
    assert q.outcome() == HandEnd("domino", 0) and q.is_over
    with pytest.raises(IllegalMoveError):
        q.play(Move.parse("6-6@E"))


def test_rule_06_no_legal_moves_once_a_player_has_dominoed() -> None:
    """After the last tile the hand is over: nobody has a legal move (play refuses them)."""
    p = Position.from_code("4-5,5-1 3-1/6-4,1-0 ?23 0 0,0")
    q = play(p, "3-1@E")
    assert q.outcome() == HandEnd("domino", 0)
    assert not q.must_draw and not q.must_pass
    with pytest.raises(IllegalMoveError):
        q.play(Move.parse("6-4@W"))
    assert q.legal_moves() == ()


def test_rule_06_blocked_when_nobody_can_play_and_boneyard_empty() -> None:
    p = Position.from_code(blocked_code(["6-6,6-4,6-3"]))
    assert p.outcome() == HandEnd("blocked") and p.is_over
    # 0-5 is off the table (N ends in 0): player 1 can play, player 0 passes; not blocked
    open_n = "5-5:5-1,1-2,2-5:5-3,3-4,4-5:5-6,6-0:"
    others = [t for t in OFF_BLOCKING + [Tile(5, 0)] if t != Tile(6, 6)]
    q = Position.from_code(f"{open_n} 6-6/{hand_text(others)} - 0 0,0")
    assert q.outcome() is None and q.must_pass
    assert q.pass_turn().legal_moves()
    # nobody can play but tiles remain to draw: not blocked either
    hand0, hand1, rest = OFF_BLOCKING[:5], OFF_BLOCKING[5:10], OFF_BLOCKING[10:]
    boneyard = ",".join(map(str, rest))
    r = Position.from_code(f"{BLOCKING} {hand_text(hand0)}/{hand_text(hand1)} {boneyard} 0 0,0")
    assert r.outcome() is None and r.must_draw


@pytest.mark.parametrize(
    ("code", "count"),
    [
        ("1-1:1-3,3-3:1-6::", 6 + 6),  # sides covered; E ends in 3-3: both halves
        ("1-1:1-3:1-6:1-5,5-5:", 3 + 6 + 10),  # N ends in 5-5
        ("2-2:2-0,0-0:::", 4 + 0),  # 0-0 at an end counts 0 + 0
        ("1-1:1-4,4-4:1-6,6-6:1-2:1-3,3-3", 8 + 12 + 2 + 6),
    ],
)
def test_rule_07_double_at_an_arm_end_counts_both_halves(code: str, count: int) -> None:
    assert Layout.parse(code).count() == count


def test_rule_07_playing_a_double_adds_both_halves() -> None:
    """`3-3` on an arm ending in 3 turns that end's 3 into 6."""
    p = Position.from_code("1-1:1-3:1-6:: 3-3/?19 ?5 0 0,0")
    assert p.layout.count() == 9
    q = play(p, "3-3@E")
    assert q.layout.count() == 12 and q.scores == (0, 0)
    p = Position.from_code("1-1:1-2:1-6:: 3-3,2-2/?19 ?4 0 0,0")
    q = play(p, "2-2@E")
    assert q.layout.count() == 10 and q.scores == (10, 0)


def test_rule_08_lead_double_is_the_spinner_sides_before_ends() -> None:
    """A lead double is the spinner; N and S open only once E and W both hold a tile."""
    lay = Layout().place(Tile(3, 3), None)
    assert lay.spinner == 3 and ends(lay) == {"E": 3, "W": 3}
    lay = lay.place(Tile(3, 1), "E")
    assert ends(lay) == {"E": 1, "W": 3}
    assert not lay.fits(Tile(6, 3), "N") and not lay.fits(Tile(6, 3), "S")
    lay = lay.place(Tile(6, 3), "W")
    assert ends(lay) == {"E": 1, "W": 6, "N": 3, "S": 3}
    lay = lay.place(Tile(3, 2), "N")
    assert ends(lay) == {"E": 1, "W": 6, "N": 2, "S": 3}
    lay = lay.place(Tile(4, 3), "S")
    assert ends(lay) == {"E": 1, "W": 6, "N": 2, "S": 4}
    assert lay.count() == 1 + 6 + 2 + 4


def test_rule_08_first_double_later_is_spinner_and_later_doubles_ordinary() -> None:
    """A first double at a line's end is the spinner; a second double is ordinary."""
    p = Position.from_code("2-6,6-3 3-3,3-1,4-4/2-2,4-3,0-0 ?20 0 0,0")
    q = play(p, "3-3@E")
    assert q.layout.spinner == 3
    assert ends(q.layout) == {"E": 3, "W": 2}
    assert q.layout.count() == 6 + 2
    r = play(q, "2-2@W")  # the second double: an ordinary tile at the end of the W arm
    assert r.layout.spinner == 3
    assert ends(r.layout) == {"E": 3, "W": 2}
    assert r.layout.count() == 6 + 4
    assert r.scores == (0, 10)
    assert moves(r) == {"3-1@E"}, "no N or S while the E side is empty"
    s = play(r, "3-1@E")
    assert ends(s.layout) == {"E": 1, "W": 2, "N": 3, "S": 3}
    assert s.layout.count() == 1 + 4
    assert s.scores == (5, 10)
    assert moves(s) == {"4-3@N", "4-3@S"}
    t = play(s, "4-3@N", "4-4@N")  # 4-4 crosswise at the N end: still four arms
    assert t.layout.spinner == 3
    assert ends(t.layout) == {"E": 1, "W": 2, "N": 4, "S": 3}
    assert t.layout.count() == 1 + 4 + 8
    assert len(t.layout.open_ends()) == 4


def test_rule_08_lone_spinner_offers_both_sides() -> None:
    p = Position.from_code("4-4:::: 4-2,1-0/?20 ?5 0 0,0")
    assert moves(p) == {"4-2@E", "4-2@W"}


def test_rule_09_multiples_of_five_score_for_the_mover() -> None:
    """After a tile, a positive multiple of five goes to the mover; anything else scores 0."""
    p = Position.from_code("4-5,5-1 ?7/?7/6-1,4-0 ?10 2 0,5,10")
    assert play(p, "6-1@E").scores == (0, 5, 20)  # 4 + 6 = 10
    assert play(p, "4-0@W").scores == (0, 5, 10)  # 0 + 1 = 1
    lead = Position.from_code("- 5-0,0-0,6-5/?7 ?18 0 0,0")
    assert play(lead, "5-0").scores == (5, 0)
    assert play(lead, "0-0").scores == (0, 0)  # count 0 is not a positive multiple
    assert play(lead, "6-5").scores == (0, 0)


def test_rule_09_partners_score_for_the_side() -> None:
    """Players 0 and 2 score for side 0, players 1 and 3 for side 1."""
    p2 = Position.from_code("4-5,5-1 ?5/?5/6-1,4-0/?5 ?9 2 10,20 partners")
    assert play(p2, "6-1@E").scores == (20, 20)
    p3 = Position.from_code("4-5,5-1 ?5/?5/?5/6-1,4-0 ?9 3 10,20 partners")
    assert play(p3, "6-1@E").scores == (10, 30)
    p1 = Position.from_code("4-5,5-1 ?5/6-1,4-0/?5/?5 ?9 1 10,20 partners")
    assert play(p1, "6-1@E").scores == (10, 30)


@pytest.mark.parametrize(
    ("bullet", "code", "count"),
    [
        ("lone lead: both halves", "3-2", 5),
        ("lone lead: both halves", "6-1", 7),
        ("lone lead: both halves", "0-1", 1),
        ("line: its two end pips", "2-4,4-6,6-1", 2 + 1),
        ("line: its two end pips", "0-3,3-5", 0 + 5),
        ("spinner alone: full pips", "2-2::::", 4),
        ("spinner, one side open: full pips", "6-6:6-2:::", 12 + 2),
        ("spinner, other side open: full pips", "6-6::6-3::", 12 + 3),
        ("spinner, both sides covered: nothing", "6-6:6-2:6-3::", 2 + 3),
        ("arm: outer pip of its last tile", "6-6:6-2,2-4:6-3,3-1::", 4 + 1),
        ("arm: both halves if a double", "6-6:6-2,2-2:6-3::", 4 + 3),
        ("spinner's ends count once a tile is on them", "6-6:6-2:6-3:6-1:", 2 + 3 + 1),
        ("spinner's ends count once a tile is on them", "6-6:6-2:6-3:6-1:6-0", 2 + 3 + 1 + 0),
        ("spinner's ends count once a tile is on them", "6-6:6-2:6-3::6-4,4-4", 2 + 3 + 8),
    ],
)
def test_rule_10_how_the_count_is_taken(bullet: str, code: str, count: int) -> None:
    assert Layout.parse(code).count() == count, bullet


def test_rule_10_spinner_stops_counting_when_second_side_is_covered() -> None:
    """The same spinner counts 12 with one side open and 0 once both hold a tile."""
    one = Layout.parse("6-6:6-1:::")
    assert one.count() == 12 + 1
    both = one.place(Tile(6, 3), "W")
    assert both.count() == 1 + 3


def test_rule_11_domino_others_subtract_rounded_remainder() -> None:
    """Each player's pips are rounded (0-2 down, 3-4 up) and subtracted from his score."""
    layout = "4-5,5-1"
    code = complete_code(layout, ["3-1", "6-6,6-1", "2-0,1-0"], None, 0, (30, 20, 10))
    end = play(Position.from_code(code), "3-1@E")
    assert end.outcome() == HandEnd("domino", 0)
    assert end.hand_end_scores() == (0, -20, -5)  # 19 -> 20, 3 -> 5
    assert end.settled().scores == (30, 0, 5)
    with pytest.raises(IllegalMoveError):
        Position.from_code(code).hand_end_scores()  # the hand is not over yet


def test_rule_11_blocked_everyone_subtracts() -> None:
    p = Position.from_code(blocked_code(["6-6,1-1,1-0", "2-2,2-0"], scores=(40, 40, 40)))
    rest = 96 - 15 - 6
    assert p.hand_end_scores() == (-15, -5, -nearest_five(rest))
    assert rest == 75


def test_rule_11_partners_round_each_partner_then_subtract_both() -> None:
    """Side 0: 1-1 (2 -> 0) and 2-0 (2 -> 0) lose 0, not round(4) = 5; side 1: 0 + 10."""
    layout = "4-5,5-1"
    code = complete_code(layout, ["1-1", "3-1", "2-0", "6-6"], None, 1, (50, 60), "partners")
    end = play(Position.from_code(code), "3-1@E")
    assert end.outcome() == HandEnd("domino", 1)
    assert end.hand_end_scores() == (0, -10)
    assert end.settled().scores == (50, 50)


def test_rule_11_scores_may_go_below_zero() -> None:
    layout = "4-5,5-1"
    code = complete_code(layout, ["3-1", "6-6,6-5"], None, 0, (0, 5))
    end = play(Position.from_code(code), "3-1@E").settled()
    assert end.scores == (0, 5 - 25)
    again = Position.from_code(end.code())
    assert again.scores == (0, -20) and again.code() == end.code()


@pytest.mark.parametrize(
    ("rules", "players", "target"),
    [(STANDARD, 2, 250), (STANDARD, 3, 200), (STANDARD, 4, 200), (PARTNERS, 4, 200),
     (CINCOS, 2, 150), (CINCOS, 3, 150), (CINCOS, 4, 150)],
)
def test_rule_12_default_targets(rules: RuleSet, players: int, target: int) -> None:
    assert Match(rules, players, seed=0).target == target
    assert Match(rules, players, seed=0, target=35).target == 35


@pytest.mark.parametrize(("rules", "players"), [(STANDARD, 2), (STANDARD, 3), (PARTNERS, 4)])
def test_rule_12_match_ends_the_moment_a_side_reaches_the_target(rules: RuleSet, players: int) -> None:
    """Target 10: the first play that brings a side to 10 ends the match mid-hand."""
    for seed in range(30):
        match = Match(rules, players, seed, target=10)
        hands_before = 0
        while not match.over:
            assert all(s < 10 for s in match.scores)
            p = match.position
            hands_before = len(match.results)
            scoring = [m for m in match.legal_moves() if p.layout.place(m.tile, m.side).count() >= 10
                       and p.layout.place(m.tile, m.side).count() % 5 == 0]
            move = scoring[0] if scoring else match.legal_moves()[-1]
            side = side_of(rules.name, p.turn)
            match.play(move)
            if scoring:
                break
        assert match.over and match.winner == side
        assert match.scores[side] >= 10
        assert len(match.results) == hands_before, "the hand was not settled"
        assert match.position.outcome() is None or match.position.hands[p.turn] == ()
        assert match.legal_moves() == ()
        with pytest.raises(IllegalMoveError):
            match.play(move)


def test_rule_12_not_over_below_target() -> None:
    match = Match(STANDARD, 2, seed=5, target=1000)
    assert not match.over and match.winner is None


# ----- cincos rules -----
def test_cincos_lead_is_the_highest_double() -> None:
    """On the empty table the only move is the highest double the mover holds."""
    p = Position.from_code("- 6-6,5-5,3-2/?7 ?18 0 0,0 cincos")
    assert moves(p) == {"6-6"}
    for bad in ("5-5", "3-2"):
        with pytest.raises(IllegalMoveError):
            p.play(Move.parse(bad))
    q = play(p, "6-6")
    assert q.layout.spinner == 6 and str(q.layout) == "6-6::::"
    assert q.scores == (0, 0)  # 12 does not score
    low = Position.from_code("- 4-4,1-1,6-5/?7 ?18 0 0,0 cincos")
    assert moves(low) == {"4-4"}


def test_cincos_lead_must_be_held_by_the_mover() -> None:
    """A code whose mover holds no double, or a lower double than a shown hand, is refused."""
    with pytest.raises(InvalidPositionError, match="TURN"):
        Position.from_code("- 6-5,3-2/?7 ?19 0 0,0 cincos")
    with pytest.raises(InvalidPositionError, match="TURN"):
        Position.from_code("- 4-4/6-6 ?26 0 0,0 cincos")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_cincos_deal_start_holds_highest_double_and_leads_it(players: int) -> None:
    for seed in range(60):
        p = deal(CINCOS, players, random.Random(seed), start=0)
        dealt = [t for i in range(players) for t in p.hand(i)]
        highest = max(t for t in dealt if t.is_double)
        assert highest in p.hand(p.turn)
        assert moves(p) == {str(highest)}


def test_cincos_redeal_when_no_double_is_dealt() -> None:
    """A shuffle that deals no double to anybody is not played: the tiles are dealt again."""
    found = []
    for seed in range(5000):
        shuffled = list(ALL_TILES)
        random.Random(seed).shuffle(shuffled)
        if not any(t.is_double for t in shuffled[:14]):
            found.append(seed)
        if len(found) == 3:
            break
    assert found, "no seed deals two hands of seven without a double"
    for seed in found:
        p = deal(CINCOS, 2, random.Random(seed))
        assert any(t.is_double for t in p.hand(0) + p.hand(1))
        first = list(ALL_TILES)
        random.Random(seed).shuffle(first)
        assert set(p.hand(0)) | set(p.hand(1)) != set(first[:14])
        assert moves(p) == {str(max(t for t in p.hand(p.turn) if t.is_double))}


def test_cincos_domino_scores_opponents_pips_and_nobody_subtracts() -> None:
    layout = "5-5:5-1:::"
    code = complete_code(layout, ["3-1", "6-6,4-3"], None, 0, (30, 40), "cincos")
    end = play(Position.from_code(code), "3-1@E")
    assert end.scores == (30, 40)  # 10 + 3 = 13: no score for the play
    assert end.outcome() == HandEnd("domino", 0)
    assert end.hand_end_scores() == (20, 0)  # 19 -> 20; player 1 loses nothing
    assert end.settled().scores == (50, 40)


def test_cincos_domino_three_players_scores_both_opponents() -> None:
    """The opponents' pips together, 12 + 7 = 19, rounded: 20."""
    layout = "5-5:5-1:::"
    code = complete_code(layout, ["6-6", "3-1", "4-3"], None, 1, (0, 0, 0), "cincos")
    end = play(Position.from_code(code), "3-1@E")
    assert end.outcome() == HandEnd("domino", 1)
    assert end.hand_end_scores() == (0, 20, 0)


def test_cincos_blocked_lowest_total_scores_the_others() -> None:
    """Blocked: the lowest pip total (47) scores the other's 49, rounded: 50."""
    p = Position.from_code(blocked_code(["6-6,6-4,6-3,6-2,6-1,1-1,1-0"], "cincos", (10, 10)))
    assert p.outcome() == HandEnd("blocked")
    assert p.hand_end_scores() == (0, 50)
    p3 = Position.from_code(blocked_code(["6-6,6-4,6-3,6-2", "1-1,1-0"], "cincos", (0, 0, 0)))
    assert p3.hand_end_scores() == (0, nearest_five(39 + (96 - 39 - 3)), 0)


def test_cincos_blocked_shared_lowest_scores_nobody() -> None:
    tie = Position.from_code(blocked_code(["6-6,6-4,6-3,6-2,6-1,1-1"], "cincos", (10, 10)))
    assert tie.outcome() == HandEnd("blocked")
    assert tie.hand_end_scores() == (0, 0)
    three = Position.from_code(blocked_code(["6-4", "6-2,1-1"], "cincos", (0, 0, 0)))
    assert three.hand_end_scores() == (0, 0, 0)


def test_cincos_target_150_and_any_target() -> None:
    assert CINCOS.default_target(2) == 150
    assert Match(CINCOS, 2, seed=1, target=60).target == 60
