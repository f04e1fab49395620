"""Estimates by sampling: reproducible, every sampled deal consistent with what the mover
knows, exact when nothing is hidden; voids read from a hand's turns."""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Optional

import pytest

from trainer.engine.game import Match, deal
from trainer.engine.moves import Move
from trainer.engine.position import Hidden, Position, size
from trainer.engine.record import Turn
from trainer.engine.rules import CINCOS, PARTNERS, STANDARD, RuleSet
from trainer.engine.tiles import ALL_TILES, Tile
from trainer.engine.voids import Voids, voids_from_turns
from trainer.errors import HiddenInformationError, TrainerError
from trainer.search import _backend
from trainer.search.sampling import (
    WORKERS,
    estimate,
    expected_values,
    sample_deal,
    solve_deals,
)
from trainer.search.solver import SearchLimitError, solve

ENDGAME = ("0-0:0-3,3-4,4-6,6-5,5-5,5-1,1-0:0-4,4-2,2-1,1-3,3-2,2-0,0-5,5-4::"
           "0-6,6-3,3-3,3-5,5-2,2-2,2-6,6-1 6-6,4-4/4-1,1-1 - 1 15,15")


def late_position(rules: RuleSet, players: int, seed: int, max_total: int,
                  max_bone: int = 4) -> Position:
    """A fully known position late in a random hand: every hand 2 to 4 tiles,
    `max_total` in all, the mover with a move."""
    for s in range(seed, seed + 500):
        rng = random.Random(s)
        position = deal(rules, players, rng)
        while not position.is_over:
            hands = [size(h) for h in position.hands]
            if (min(hands) >= 2 and max(hands) <= 4 and sum(hands) <= max_total
                    and size(position.boneyard) <= max_bone and position.legal_moves()):
                return Position.from_code(position.code())
            if position.must_draw:
                position = position.draw()
            elif position.must_pass:
                position = position.pass_turn()
            else:
                position = position.play(rng.choice(position.legal_moves()))
    raise AssertionError("no late position")


def hide(position: Position, players: Sequence[int], boneyard: bool) -> Position:
    """The same position with the hands of `players` (and the boneyard) shown as ?N."""
    fields = position.code().split(" ")
    hands = fields[1].split("/")
    for p in players:
        hands[p] = f"?{size(position.hands[p])}"
    fields[1] = "/".join(hands)
    if boneyard:
        fields[2] = f"?{size(position.boneyard)}"
    return Position.from_code(" ".join(fields))


def true_voids(position: Position, players: Sequence[int], seed: int, most: int = 2) -> Voids:
    """Up to `most` suits each of `players` really lacks: voids the true deal respects."""
    rng = random.Random(seed)
    voids = {}
    for p in players:
        held = {pip for t in position.hand(p) for pip in (t.high, t.low)}
        lacking = sorted(set(range(7)) - held)
        rng.shuffle(lacking)
        voids[p] = frozenset(lacking[:most])
    return voids


# (known position, hidden players, boneyard hidden)
SETUPS: list[tuple[Position, tuple[int, ...], bool]] = []


def setups() -> list[tuple[Position, tuple[int, ...], bool]]:
    if not SETUPS:
        two = late_position(STANDARD, 2, 1, 7)
        partners = late_position(PARTNERS, 4, 2, 11)
        three = late_position(STANDARD, 3, 3, 9)
        cincos4 = late_position(CINCOS, 4, 4, 11)
        SETUPS.extend([
            (two, tuple(p for p in range(2) if p != two.turn), True),
            (partners, tuple(p for p in range(4) if p != partners.turn), True),
            (three, tuple(p for p in range(3) if p != three.turn), False),
            (cincos4, tuple(p for p in range(4) if p != cincos4.turn), True),
            (Position.from_code(ENDGAME), (0,), False),
        ])
    return SETUPS


def check_deal(hidden: Position, dealt: Position, voids: Optional[Voids]) -> None:
    """Everything the mover knows is kept; every tile is somewhere, exactly once."""
    assert dealt.is_fully_known
    assert (dealt.layout, dealt.turn, dealt.scores, dealt.rules) == (
        hidden.layout, hidden.turn, hidden.scores, hidden.rules)
    everywhere = list(dealt.layout.tiles()) + list(dealt.boneyard)
    for p in range(dealt.players):
        everywhere += list(dealt.hand(p))
    assert Counter(everywhere) == Counter(ALL_TILES)
    assert len(dealt.hands) == len(hidden.hands)
    for p, (before, after) in enumerate(zip(hidden.hands, dealt.hands)):
        assert size(after) == size(before)
        if not isinstance(before, Hidden):
            assert after == before
            continue
        for tile in dealt.hand(p):
            assert not ({tile.high, tile.low} & (voids or {}).get(p, frozenset())), (p, tile)
    assert size(dealt.boneyard) == size(hidden.boneyard)
    if not isinstance(hidden.boneyard, Hidden):
        assert dealt.boneyard == hidden.boneyard  # the order too
    assert Position.from_code(dealt.code()) == dealt


@pytest.mark.parametrize("index", range(5))
@pytest.mark.parametrize("with_voids", [False, True], ids=["no-voids", "voids"])
def test_every_sampled_deal_is_consistent(index: int, with_voids: bool) -> None:
    known, players, boneyard = setups()[index]
    hidden = hide(known, players, boneyard)
    voids = true_voids(known, players, index) if with_voids else None
    deals = set()
    for seed in range(40):
        dealt = sample_deal(hidden, random.Random(seed), voids)
        check_deal(hidden, dealt, voids)
        deals.add(dealt.code())
    if index < 4 and not with_voids:
        assert len(deals) > 1, "forty seeds, one deal"


def test_voids_of_every_suit_but_one_are_kept() -> None:
    """A hidden hand known to lack six suits holds only the double of the seventh."""
    known = Position.from_code(ENDGAME)
    hidden = hide(known, (0,), False)
    voids = {0: frozenset({0, 1, 2, 3, 5, 6})}
    with pytest.raises(TrainerError):
        sample_deal(hidden, random.Random(0), voids)  # only 4-4 has no other suit: 2 needed
    voids = {0: frozenset({0, 1, 2, 3, 5})}
    for seed in range(10):
        dealt = sample_deal(hidden, random.Random(seed), voids)
        assert set(dealt.hand(0)) == {Tile(6, 6), Tile(4, 4)}


def test_same_seed_same_estimate() -> None:
    for known, players, boneyard in setups()[:4]:
        hidden = hide(known, players, boneyard)
        first = estimate(hidden, samples=6, seed=11)
        again = estimate(hidden, samples=6, seed=11)
        assert first == again
        assert not first.exact and first.samples == 6 and first.seed == 11
        assert sorted(str(m.move) for m in first.moves) == sorted(str(m) for m in known.legal_moves())
        assert first.value == max(m.value for m in first.moves)
        assert set(first.best) == {m.move for m in first.moves if m.value == first.value}


def test_different_seeds_may_differ() -> None:
    known, players, boneyard = setups()[1]
    hidden = hide(known, players, boneyard)
    answers = {tuple((str(m.move), m.value) for m in estimate(hidden, 3, seed).moves)
               for seed in range(8)}
    assert len(answers) > 1


def test_estimate_is_a_mean_of_exact_values() -> None:
    """Each move's estimate is the mean, and its spread the deviation, of its exact values
    over the deals sample_deal gives for the seed."""
    known, players, boneyard = setups()[0]
    hidden = hide(known, players, boneyard)
    result = estimate(hidden, samples=5, seed=4)
    rng = random.Random(4)
    per_move: dict[Move, list[int]] = {}
    for _ in range(5):
        for m in solve(sample_deal(hidden, rng)).moves:
            per_move.setdefault(m.move, []).append(m.value)
    for m in result.moves:
        values = per_move[m.move]
        mean = sum(values) / len(values)
        assert m.value == pytest.approx(mean)
        assert m.spread == pytest.approx((sum((v - mean) ** 2 for v in values) / len(values)) ** 0.5)
    values = [m.value for m in result.moves]
    assert values == sorted(values, reverse=True)


@pytest.mark.parametrize("index", range(5))
def test_fully_known_estimate_is_exact(index: int) -> None:
    known = setups()[index][0]
    exact = solve(known)
    result = estimate(known, samples=3, seed=index)
    assert result.value == exact.value
    assert [(m.move, m.points, m.value, m.spread) for m in result.moves] == [
        (m.move, m.points, float(m.value), 0.0) for m in exact.moves]
    assert result.best == exact.best


def test_fully_known_forced_draw_estimate_is_exact() -> None:
    position = Position.from_code(
        "0-0:0-3,3-4,4-6,6-5,5-5,5-1,1-0:0-4,4-2,2-1,1-3,3-2,2-0::"
        "0-6,6-3,3-3,3-5,5-2,2-2,2-6,6-1 6-6,5-4/4-1,1-1 0-5,4-4 0 15,15")
    assert position.must_draw
    result = estimate(position, samples=2, seed=0)
    assert result.moves == () and result.value == solve(position).value


def test_estimate_refuses_bad_requests() -> None:
    known = Position.from_code(ENDGAME)
    with pytest.raises(TrainerError):
        estimate(known, samples=0, seed=1)
    with pytest.raises(HiddenInformationError):
        estimate(hide(known, (1,), False), samples=2, seed=1)  # the mover's own hand
    over = known.play(Move.parse("4-1@S")).play(Move.parse("4-4@W"))
    assert over.is_over
    with pytest.raises(TrainerError):
        estimate(over, samples=2, seed=1)


# ----- voids from the turns of a hand -----
def expected_voids(start: Position, turns: Sequence[Turn]) -> dict[int, set[int]]:
    """The open ends a player faced when he drew or passed, since his last draw."""
    voids: dict[int, set[int]] = {}
    position = start
    for turn in turns:
        assert position.turn == turn.player
        faced = {end.pip for end in position.layout.open_ends()}
        if turn.draws:
            voids[turn.player] = set(faced)
        elif turn.move is None:
            voids.setdefault(turn.player, set()).update(faced)
        for tile in turn.draws:
            assert position.boneyard[0] == tile  # type: ignore[index]
            position = position.draw()
        if turn.move is not None:
            position = position.play(turn.move)
        elif not position.is_over:
            position = position.pass_turn()
    return voids


def walk_matches(rules: RuleSet, players: int, seeds: range,
                 plays: int = 100) -> Iterator[tuple[Match, Voids]]:
    """Every moment of the first `plays` plays of random matches, each time with the
    voids of the current hand so far: (match, voids)."""
    for seed in seeds:
        match = Match(rules, players, seed)
        rng = random.Random(seed)
        for _ in range(plays):
            if match.over:
                break
            turns = tuple(match.hands[-1])
            yield match, voids_from_turns(match.starts[-1], turns)
            match.play(rng.choice(match.legal_moves()))


@pytest.mark.parametrize(("rules", "players"), [(STANDARD, 2), (STANDARD, 3), (PARTNERS, 4), (CINCOS, 4)],
                         ids=["standard-2", "standard-3", "partners-4", "cincos-4"])
def test_voids_from_turns(rules: RuleSet, players: int) -> None:
    draws = passes = 0
    for match, voids in walk_matches(rules, players, range(2)):
        start, turns = match.starts[-1], match.hands[-1]
        assert start.layout.is_empty and len(start.hands) == players
        want = expected_voids(start, turns)
        assert {p: set(s) for p, s in voids.items()} == want
        # what the turns show is true of the hands now (but for what the mover is
        # drawing this turn: his draws go on record when he plays)
        for p, suits in voids.items():
            pending = match.pending_draws if p == match.position.turn else ()
            for tile in set(match.position.hand(p)) - set(pending):
                assert not ({tile.high, tile.low} & suits), (p, tile, suits)
        draws += sum(bool(t.draws) for t in turns)
        passes += sum(t.move is None for t in turns)
    assert draws + passes > 0
    if rules is CINCOS:
        assert passes > 0  # four players, seven each: no boneyard, so passes


def test_voids_after_a_draw_and_a_later_draw() -> None:
    """A draw records the open ends faced; a later draw replaces them (the tiles drawn
    may hold the old suits), and sample_deal respects what is recorded."""
    lifted = 0
    for match, voids in walk_matches(STANDARD, 2, range(3)):
        turns = match.hands[-1]
        start = match.starts[-1]
        position, faced = start, []
        for turn in turns:
            faced.append({end.pip for end in position.layout.open_ends()})
            for _ in turn.draws:
                position = position.draw()
            position = position.play(turn.move) if turn.move else position.pass_turn()
        for p in voids:
            drawn = [i for i, t in enumerate(turns) if t.player == p and t.draws]
            if drawn and all(turns[j].move is not None for j in range(drawn[-1] + 1, len(turns))
                             if turns[j].player == p):
                assert voids[p] == frozenset(faced[drawn[-1]])
                if len(drawn) > 1 and faced[drawn[0]] - faced[drawn[-1]]:
                    lifted += 1
        mover = match.position.turn
        others = [p for p in range(2) if p != mover]
        hidden = hide(match.position, others, True)
        if any(voids.get(p) for p in others) and hidden.legal_moves():
            dealt = sample_deal(hidden, random.Random(len(turns)), voids)
            check_deal(hidden, dealt, voids)
    assert lifted > 0


# A whole hand whose 6-6 lead leaves the opponent drawing eight tiles: minutes to solve.
SLOW_DEAL = ("- 5-4,5-2,5-0,4-0,3-0,2-2,2-1,2-0,0-0/6-6,6-5,6-4,6-2,6-1,6-0,5-1,4-4,3-1 "
             "4-3,5-3,1-0,3-3,4-1,3-2,1-1,6-3,5-5,4-2 1 0,0")


def quick_deals(count: int) -> list[Position]:
    return [late_position(STANDARD, 2, seed, 8) for seed in range(count)]


@pytest.mark.skipif(WORKERS < 2, reason="one core: nothing runs beside a slow deal")
def test_a_slow_deal_holds_up_no_other_core() -> None:
    """With a budget, the other core goes on solving while one is on a slow deal; the
    slow deal is dropped at the deadline, and nothing runs on past it."""
    quick = quick_deals(12)
    deals = [Position.from_code(SLOW_DEAL), *quick]
    start = time.perf_counter()
    found = list(solve_deals(iter(deals), start + 1.0, ordered=False))
    elapsed = time.perf_counter() - start
    assert sorted(s.position.code() for s in found) == sorted(p.code() for p in quick)
    assert elapsed < 5.0  # the slow deal alone takes minutes
    with pytest.raises(SearchLimitError):  # in order, the slow deal's turn comes first
        list(solve_deals(iter(deals), time.perf_counter() + 0.3))


def test_ordered_solutions_come_in_the_deals_order() -> None:
    deals = [late_position(STANDARD, 2, 40, 12, 8), *quick_deals(6)]  # the first is the biggest
    found = list(solve_deals(iter(deals)))
    assert [s.position for s in found] == deals
    assert [s.value for s in found] == [solve(p).value for p in deals]
    assert len(list(solve_deals(iter(deals), limit=3))) == 3


def test_expected_values_keeps_its_budget_on_a_hand_of_slow_deals() -> None:
    """Many deals of this view take seconds to minutes: those are dropped at the
    deadline, the quick ones kept (the first deal of this seed takes 0.1 s)."""
    view = Position.from_code(SLOW_DEAL)
    hidden = replace(view, hands=(Hidden(9), view.hands[1]), boneyard=Hidden(10))
    start = time.perf_counter()
    found = expected_values(hidden, 1.0, random.Random(1))
    assert time.perf_counter() - start < 5.0
    if _backend.NAME == "c":  # the pure-Python path solves no whole hand within a second
        assert found.samples >= 1 and set(found.values) == set(hidden.legal_moves())
