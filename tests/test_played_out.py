"""The play-out yardstick: every player chooses on what he can see (greedy or guarded,
held against a reference written on the public Position API), the moves share their
deals and their luck, and the guarded policy is at least as strong as greedy."""

from __future__ import annotations

import math
import random
import statistics

import pytest

from trainer.engine.game import deal
from trainer.engine.moves import Move
from trainer.engine.position import Hidden, Position
from trainer.engine.rules import CINCOS, PARTNERS, STANDARD, RuleSet
from trainer.engine.tiles import ALL_TILES
from trainer.engine.voids import Voids
from trainer.errors import InvalidPositionError
from trainer.play.players import mover_view
from trainer.search._pyfast import rng_next
from trainer.search.dealing import Dealer
from trainer.search.fastplay import policy_playouts
from trainer.search.played_out import played_out
from trainer.search.solver import solve


def fast_order(position: Position, move: Move) -> tuple[int, int]:
    """Where the fast path lists a move: by open end (a line's west end first, a
    spinner's E, W, N, S), then by tile number."""
    order = "WE" if position.layout.spinner is None else "EWNS"
    return (order.index(move.side) if move.side else 0, move.tile.ordinal)


def reference_choice(position: Position, policy: str, voids: dict[int, set[int]],
                     rng: list[int]) -> Move:
    """The move `policy` makes for the mover of a fully known position, by the Position
    API; a tie is broken as the fast path breaks it (the same random stream, `rng`)."""
    moves = sorted(position.legal_moves(), key=lambda m: fast_order(position, m))
    if len(moves) == 1:
        return moves[0]
    mine = set(position.hand(position.turn))
    unseen = [t for t in ALL_TILES if t not in mine and t not in set(position.layout.tiles())]
    nxt = (position.turn + 1) % position.players
    if policy == "guarded":
        unseen = [t for t in unseen if not (voids.get(nxt, set()) & {t.high, t.low})]
    keys = {}
    for move in moves:
        points = position.points(move)
        after = position.layout.place(move.tile, move.side)
        reply = max((after.place(t, end.side).points() for t in unseen for end in after.open_ends()
                     if t.has(end.pip)), default=0)
        keys[move] = ((points - reply, points, move.tile.pips) if policy == "guarded"
                      else (points, -reply, move.tile.pips))
    best = max(keys.values())
    chosen = [m for m in moves if keys[m] == best]
    return chosen[0] if len(chosen) == 1 else chosen[rng_next(rng) % len(chosen)]


def reference_margin(position: Position, move: Move, policy: str, voids: Voids, seed: int) -> int:
    """The play-out after `move` by the reference, from the fast path's random stream
    for the first deal of `seed`."""
    rng = [seed & (2**64 - 1)]
    start = position
    known = {p: set(v) for p, v in voids.items()}
    position = position.play(move)
    while not position.is_over:
        pips = {end.pip for end in position.layout.open_ends()}
        if position.must_draw:
            known[position.turn] = set(pips)
            while position.must_draw:
                position = position.draw()
            continue
        if position.must_pass:
            known.setdefault(position.turn, set()).update(pips)
            position = position.pass_turn()
            continue
        position = position.play(reference_choice(position, policy, known, rng))
    final = position.settled().scores
    deltas = [after - before for after, before in zip(final, start.scores)]
    mine = deltas[start.mover_side]
    return mine - (sum(deltas) - mine)


def random_position(rules: RuleSet, players: int, rng: random.Random) -> Position:
    while True:
        position = deal(rules, players, rng)
        for _ in range(rng.randrange(12)):
            if position.is_over:
                break
            if position.must_draw:
                position = position.draw()
            elif position.must_pass:
                position = position.pass_turn()
            else:
                position = position.play(rng.choice(position.legal_moves()))
        if not position.is_over and not position.must_draw and not position.must_pass:
            return Position.from_code(position.code())


@pytest.mark.parametrize("policy", ["greedy", "guarded"])
@pytest.mark.parametrize(("rules", "players"), [(STANDARD, 2), (PARTNERS, 4), (CINCOS, 2), (STANDARD, 3)],
                         ids=lambda v: getattr(v, "name", str(v)))
def test_each_player_chooses_as_the_reference_does(policy: str, rules: RuleSet, players: int) -> None:
    rng = random.Random(len(policy) * 100 + len(rules.name) * 10 + players)
    for _ in range(25):
        position = random_position(rules, players, rng)
        voids: Voids = {p: frozenset(rng.sample(range(7), rng.randrange(3))) for p in range(players)}
        hands = tuple(sum(1 << t.ordinal for t in position.hand(p)) for p in range(players))
        bone = tuple(t.ordinal for t in position.known_boneyard())
        moves = tuple(position.legal_moves())
        seed = rng.getrandbits(64)
        found = policy_playouts(position, [(hands, bone)], moves, (policy,) * players, voids, seed)
        for move, (margin,) in zip(moves, found):
            expected = reference_margin(position, move, policy, voids, seed)
            assert margin == expected, (position.code(), str(move), policy, voids)


def test_every_move_is_played_out_on_the_same_deals_and_a_seed_repeats() -> None:
    view = Position.from_code("4-5,5-1 6-4,1-1,5-0/?6 ?17 0 0,0")
    a = played_out(view, deals=300, seed=4, voids={1: frozenset({5})})
    assert a == played_out(view, deals=300, seed=4, voids={1: frozenset({5})})
    assert a != played_out(view, deals=300, seed=5, voids={1: frozenset({5})})
    assert a.deals == 300 and set(map(str, a.moves)) == {str(m) for m in view.legal_moves()}
    # a move that ends the hand at once is worth the same on every deal as it is known
    known = Position.from_code("0-0:0-3,3-4,4-6,6-5,5-5,5-1,1-0:0-4,4-2,2-1,1-3,3-2,2-0,0-5,5-4::"
                               "0-6,6-3,3-3,3-5,5-2,2-2,2-6,6-1 6-6,4-4/4-1,1-1 - 1 15,15")
    e = played_out(mover_view(known), deals=50, seed=1)
    exact = {m.move: m.value for m in solve(known).moves}
    assert set(e.values[e.index(Move.parse("4-1@W"))]) == {exact[Move.parse("4-1@W")]}


def test_the_deals_respect_the_voids() -> None:
    view = Position.from_code("5-5:5-3,3-6,6-0,0-4,4-5:5-0,0-0,0-1:5-1,1-3,3-2,2-2,2-4,4-1:5-2,2-1 "
                              "4-3,1-1/?3 ?6 0 15,35")
    dealer = Dealer(view, {1: frozenset({1, 4})})
    rng = random.Random(2)
    for _ in range(200):
        hands, _ = dealer.masks(rng)
        assert not any(hands[1] >> t.ordinal & 1 for t in ALL_TILES if t.has(1) or t.has(4))
    assert isinstance(view.hands[1], Hidden)


def test_no_choice_or_too_many_deals_is_refused() -> None:
    view = Position.from_code("4-5,5-1 6-4,1-1/?7 ?17 0 0,0")
    with pytest.raises(InvalidPositionError, match="play-outs are 1 to"):
        played_out(view, deals=0)
    with pytest.raises(InvalidPositionError, match="no tile to play"):
        played_out(Position.from_code("4-5,5-1 6-6,2-2/?7 ?17 0 0,0"))


@pytest.mark.c_speed
@pytest.mark.parametrize(("rules", "players"), [(STANDARD, 2), (PARTNERS, 4), (CINCOS, 2)],
                         ids=lambda v: getattr(v, "name", str(v)))
def test_the_guarded_policy_is_at_least_as_strong_as_greedy(rules: RuleSet, players: int) -> None:
    """Mirrored hands from the deal: guarded players against greedy ones, then seats
    swapped; the mean margin a hand is not below greedy's (95%), and greedy is far above
    random (a check that the comparison sees strength at all)."""
    rng = random.Random(11)
    against: dict[str, list[float]] = {"greedy": [], "random": []}
    for _ in range(6000):
        position = deal(rules, players, rng)
        hands = tuple(sum(1 << t.ordinal for t in position.hand(p)) for p in range(players))
        bone = tuple(t.ordinal for t in position.known_boneyard())
        seed = rng.getrandbits(64)
        for other, strong in (("greedy", "guarded"), ("random", "greedy")):
            total = 0
            for even in (strong, other):
                odd = other if even == strong else strong
                seats = tuple(even if p % 2 == 0 else odd for p in range(players))
                ((margin,),) = policy_playouts(position, [(hands, bone)], (), seats, {}, seed)
                strong_moves = (position.turn % 2 == 0) == (even == strong)
                total += margin if strong_moves else -margin
            against[other].append(total / 2)
    for other, low in (("greedy", 0.0), ("random", 10.0)):
        xs = against[other]
        mean, half = statistics.fmean(xs), 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
        assert mean + half > low, (other, mean, half)
