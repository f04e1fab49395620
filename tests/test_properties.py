"""Property tests: many seeded matches played with random legal moves, every step checked
against the independent oracles of tests/support.py."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Optional

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support import (
    LayoutModel,
    brute_force_moves,
    hand_end_deltas,
    is_scoring,
    pips,
    side_of,
)
from trainer.engine.game import Match
from trainer.engine.layout import Layout
from trainer.engine.moves import Move
from trainer.engine.position import HandEnd, Hidden, Position
from trainer.engine.record import Record
from trainer.engine.rules import CINCOS, PARTNERS, STANDARD, RuleSet, preset, round_to_five
from trainer.engine.tiles import ALL_TILES, Tile

CONFIGS: list[tuple[RuleSet, int]] = [
    (STANDARD, 2), (STANDARD, 3), (STANDARD, 4), (PARTNERS, 4),
    (CINCOS, 2), (CINCOS, 3), (CINCOS, 4),
    (STANDARD.with_hand_sizes("5"), 2), (STANDARD.with_hand_sizes("7-5"), 3),
]
IDS = [f"{r.name}-{r.hand_sizes}-{n}p" for r, n in CONFIGS]
MAX_PLAYS = 300  # per match: enough for several hands; an unfinished match still replays

MATCH_SETTINGS = settings(
    max_examples=20, deadline=None, derandomize=True, database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def ends_of(layout: Layout) -> dict[str, int]:
    return {e.side: e.pip for e in layout.open_ends()}


def check_tiles_accounted(p: Position) -> None:
    """Layout + hands + boneyard hold each of the 28 tiles exactly once."""
    on_table = list(p.layout.tiles())
    assert len(on_table) == len(p.layout)
    boneyard = p.boneyard
    assert not isinstance(boneyard, Hidden)
    held = [t for player in range(p.players) for t in p.hand(player)]
    assert sorted(on_table + held + list(boneyard)) == sorted(ALL_TILES)


def check_code_round_trip(p: Position) -> None:
    code = p.code()
    parsed = Position.from_code(code)
    assert parsed.code() == code
    assert parsed.rules == preset(p.rules.name)
    # the code does not carry the dealing option (hand sizes), which a position never uses
    assert parsed == replace(p, rules=parsed.rules)


def check_layout(p: Position, model: LayoutModel) -> None:
    """Open ends and count agree with the model kept move by move, and with count_parts."""
    layout = p.layout
    assert ends_of(layout) == model.open_ends()
    assert len(layout.open_ends()) == len(model.open_ends())
    assert layout.count() == model.count() == sum(v for _, v in layout.count_parts())
    assert layout.points() == (model.count() if is_scoring(model.count()) else 0)
    assert Layout.parse(str(layout)) == layout


def check_legal_moves(p: Position, model: LayoutModel) -> tuple[Move, ...]:
    legal = p.legal_moves()
    assert len(set(legal)) == len(legal), "no move listed twice"
    expected = brute_force_moves(p.hand(p.turn), model.open_ends(), model.empty,
                                 p.rules.name == "cincos")
    assert {str(m) for m in legal} == expected
    return legal


def forced_actions(q: Position) -> Position:
    """Draws and passes until somebody can play or the hand is over."""
    for _ in range(100):
        if q.is_over or q.legal_moves():
            return q
        q = q.draw() if q.must_draw else q.pass_turn()
    raise AssertionError("forced draws and passes never end")


def check_hand_end(end: Position, rules: RuleSet, model: LayoutModel, mover: int,
                   result_end: HandEnd, result_pips: tuple[int, ...],
                   result_deltas: tuple[int, ...]) -> None:
    """The hand ended as the rules say, with the end-of-hand scoring of the rules."""
    hands = [end.hand(player) for player in range(end.players)]
    hand_pips = tuple(pips(h) for h in hands)
    assert result_pips == hand_pips
    open_ends = model.open_ends()
    if not hands[mover]:
        went_out: Optional[int] = mover
        assert result_end == HandEnd("domino", mover)
    else:
        went_out = None
        assert result_end == HandEnd("blocked")
        assert end.boneyard == ()
        assert not any(t.has(pip) for h in hands for t in h for pip in open_ends.values())
    assert list(result_deltas) == hand_end_deltas(rules.name, hand_pips, went_out)
    assert all(d % 5 == 0 for d in result_deltas)


def play_checked_match(rules: RuleSet, players: int, seed: int, target: Optional[int],
                       rng: random.Random) -> Match:
    """Play random legal moves, checking every step; returns the match."""
    match = Match(rules, players, seed, target)
    model = LayoutModel()
    plays_this_hand = 0
    for _ in range(MAX_PLAYS):
        if match.over:
            break
        p = match.position
        if p.layout.is_empty:
            assert plays_this_hand == 0
            model = LayoutModel()
            if rules.lead == "highest-double":
                dealt = [t for player in range(players) for t in p.hand(player) if t.is_double]
                assert max(dealt) in p.hand(p.turn)
        check_tiles_accounted(p)
        check_code_round_trip(p)
        check_layout(p, model)
        legal = check_legal_moves(p, model)
        assert match.legal_moves() == legal and legal

        move = rng.choice(legal)
        mover, side = p.turn, side_of(rules.name, p.turn)
        results_before = len(match.results)
        model.place(move.tile, move.side)
        points = model.count() if is_scoring(model.count()) else 0
        q = p.play(move)
        match.play(move)
        plays_this_hand += 1
        assert plays_this_hand <= 28

        if len(match.results) > results_before:
            assert len(match.results) == results_before + 1
            result = match.results[-1]
            before_end = tuple(s - d for s, d in zip(result.scores, result.deltas))
        else:
            result = None
            before_end = match.scores
        gained = [after - before for after, before in zip(before_end, p.scores)]
        assert gained == [points if s == side else 0 for s in range(len(gained))]
        assert points == 0 or (points > 0 and points % 5 == 0)

        if before_end[side] >= match.target:  # reached mid-hand: over at once, unsettled
            assert match.over and match.winner == side and result is None
            assert match.position == q
            break
        end = forced_actions(q)
        if result is None:
            assert not end.is_over
            assert not match.over and match.position == end
            continue
        check_hand_end(end, rules, model, mover, result.end, result.pips, result.deltas)
        plays_this_hand = 0
        reached = [s for s, score in enumerate(result.scores) if score >= match.target]
        assert match.over == bool(reached)
        if reached:
            assert match.winner == reached[0] and len(reached) == 1
            continue
        fresh = match.position
        assert fresh.layout.is_empty and fresh.scores == result.scores
        if rules.lead == "any" and result.end.kind == "domino":
            assert fresh.turn == result.end.player
    return match


def check_replay(match: Match) -> None:
    """The record's text, parsed and replayed, gives the same match."""
    record = match.record()
    text = record.text()
    parsed = Record.parse(text)
    assert parsed == record
    assert parsed.text() == text
    again = Match.replay(parsed)
    assert again.scores == match.scores
    assert again.winner == match.winner and again.over == match.over
    assert again.position.code() == match.position.code()
    assert [r.deltas for r in again.results] == [r.deltas for r in match.results]
    for turns in record.hands:  # rule 5: a draw sequence ends with the tile then played
        for turn in turns:
            if turn.draws and turn.move is not None:
                assert turn.move.tile == turn.draws[-1]


@pytest.mark.parametrize(("rules", "players"), CONFIGS, ids=IDS)
@MATCH_SETTINGS
@given(seed=st.integers(0, 2**32 - 1), target=st.sampled_from([None, 40, 100]),
       rng=st.randoms(use_true_random=False))
def test_random_matches_keep_every_invariant(rules: RuleSet, players: int, seed: int,
                                             target: Optional[int], rng: random.Random) -> None:
    """Tiles accounted for, legal moves = brute force, scores as the rules say, codes and
    records round-trip, every hand ends."""
    match = play_checked_match(rules, players, seed, target, rng)
    check_replay(match)


@pytest.mark.parametrize(("rules", "players"), CONFIGS[:7], ids=IDS[:7])
@settings(max_examples=4, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_whole_matches_end_with_a_winner(rules: RuleSet, players: int, seed: int) -> None:
    """With the default target every match ends, the winner at or above the target and
    every end-of-hand change a multiple of five."""
    match = Match(rules, players, seed)
    rng = random.Random(seed)
    for _ in range(50_000):
        if match.over:
            break
        match.play(rng.choice(match.legal_moves()))
    assert match.over and match.winner is not None
    assert match.scores[match.winner] >= match.target
    assert all(score < match.target for s, score in enumerate(match.scores) if s != match.winner)
    for result in match.results:
        assert all(d % 5 == 0 for d in result.deltas)
        if rules.hand_end == "subtract":
            assert all(d <= 0 for d in result.deltas)
        else:
            assert all(d >= 0 for d in result.deltas) and sum(1 for d in result.deltas if d) <= 1


@pytest.mark.parametrize(("rules", "players"), CONFIGS[:7], ids=IDS[:7])
@settings(max_examples=5, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_every_listed_move_can_be_played(rules: RuleSet, players: int, seed: int) -> None:
    """Position.legal_moves() and Position.play agree at every step of a hand, including
    the position right after its last tile: a finished hand lists no move."""
    match = Match(rules, players, seed)
    rng = random.Random(seed)
    p = match.position
    for _ in range(200):
        for move in p.legal_moves():
            p.play(move)  # must not raise
        if p.is_over:
            assert p.legal_moves() == ()
            break
        if p.must_draw:
            p = p.draw()
        elif p.must_pass:
            p = p.pass_turn()
        else:
            p = p.play(rng.choice(p.legal_moves()))
    assert p.is_over


def random_layout(rng: random.Random) -> tuple[Layout, LayoutModel]:
    """Tiles placed at random open ends until none fits or the tiles run out."""
    layout, model = Layout(), LayoutModel()
    pool = list(ALL_TILES)
    rng.shuffle(pool)
    lead = pool.pop()
    layout = layout.place(lead, None)
    model.place(lead, None)
    for _ in range(rng.randrange(0, 27)):
        options = [(t, side) for t in pool for side, pip in model.open_ends().items() if t.has(pip)]
        if not options:
            break
        tile, side = rng.choice(options)
        pool.remove(tile)
        layout = layout.place(tile, side)  # type: ignore[arg-type]
        model.place(tile, side)
    return layout, model


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(rng=st.randoms(use_true_random=False))
def test_layout_place_and_open_ends_invariants(rng: random.Random) -> None:
    """Any layout built by legal placements: ends and count as the model says, count is
    the sum of count_parts, text round-trips, N/S only once E and W hold a tile."""
    layout, model = random_layout(rng)
    assert ends_of(layout) == model.open_ends()
    assert layout.count() == model.count() == sum(v for _, v in layout.count_parts())
    assert len(layout.count_parts()) in (1, 2, 3, 4)
    assert len(list(layout.tiles())) == len(set(layout.tiles())) == model.placed == len(layout)
    assert Layout.parse(str(layout)) == layout
    sides = {e.side for e in layout.open_ends()}
    if layout.spinner is None:
        assert sides == {"W", "E"}
    elif layout.arms_open:
        assert sides == {"E", "W", "N", "S"}
    else:
        assert sides == {"E", "W"}
    for tile in ALL_TILES:
        if tile in set(layout.tiles()):
            continue
        for side in ("E", "W", "N", "S"):
            fits = side in model.open_ends() and tile.has(model.open_ends()[side])
            assert layout.fits(tile, side) == fits


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(total=st.integers(0, 200))
def test_round_to_five_is_nearest_multiple(total: int) -> None:
    assert round_to_five(total) % 5 == 0
    assert abs(round_to_five(total) - total) <= 2


def test_tile_set_is_the_double_six_set() -> None:
    assert len(ALL_TILES) == len(set(ALL_TILES)) == 28
    assert {(t.high, t.low) for t in ALL_TILES} == {(a, b) for a in range(7) for b in range(a + 1)}
    assert sum(t.is_double for t in ALL_TILES) == 7
    assert all(Tile.parse(f"{t.low}-{t.high}") == t for t in ALL_TILES)
