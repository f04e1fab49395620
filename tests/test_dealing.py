"""The dealer is uniform over every deal consistent with what the mover knows: held
against exact enumeration on small positions (one void player, two, a void on a
partner, cincos) by chi-square tests over the deals and over the boneyard's places,
seeded, with bounds that the greedy fill the trainer used before fails."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable
from typing import Optional

import pytest
from scipy.stats import chi2

from tests.support import greedy_fill
from trainer.engine.position import Hidden, Position
from trainer.engine.tiles import ALL_TILES, Tile
from trainer.engine.voids import Voids
from trainer.errors import InvalidPositionError
from trainer.search.dealing import Dealer, sample_deal

Sampler = Callable[[Position, Voids, random.Random], Position]

ISSUE = "5-5:5-3,3-6,6-0,0-4,4-5:5-0,0-0,0-1:5-1,1-3,3-2,2-2,2-4,4-1:5-2,2-1 4-3,1-1/?3 ?6 0 15,35"
# (name, position as the mover sees it, the voids): each from real play, each void one
# the true deal respects
CASES: list[tuple[str, str, Voids]] = [
    ("one void player", ISSUE, {1: frozenset({1, 4})}),
    ("two void players",
     "1-1:1-5,5-6,6-0,0-1:1-3,3-0,0-4,4-3,3-6::1-2,2-2,2-5,5-3 ?2/?3/6-1,5-5,4-4,2-0,0-0 ?4 2 10,10,0",
     {0: frozenset({1, 2}), 1: frozenset({1, 3})}),
    ("a void on a partner",
     "6-6:6-0,0-5,5-3,3-2:6-2,2-2,2-4,4-6:6-3,3-3,3-4,4-1: ?2/?2/5-5,5-1,4-0,3-1,3-0,1-0/?2 ?3 2 0,0 "
     "partners",
     {0: frozenset({1, 2}), 3: frozenset({5, 6})}),
    ("cincos",
     "5-5:5-0,0-6,6-5,5-1,1-1:5-4,4-4,4-3,3-6,6-4,4-0:5-2,2-3:5-3,3-3 6-6,2-2,1-0/?3 ?6 0 25,10 cincos",
     {1: frozenset({4, 5})}),
]
DEALS = 20_000  # sampled per case
PASS = 1e-3  # a uniform dealer's p-value falls below this one time in a thousand
FAIL = 1e-6  # the greedy fill's p-values lie far below this


def uniform(position: Position, voids: Voids, rng: random.Random) -> Position:
    key = (position, tuple(sorted(voids.items())))
    if key not in DEALERS:
        DEALERS[key] = Dealer(position, voids)
    return DEALERS[key].deal(rng)


DEALERS: dict[tuple[Position, tuple[tuple[int, frozenset[int]], ...]], Dealer] = {}


def hidden_players(position: Position) -> list[int]:
    return [p for p, h in enumerate(position.hands) if isinstance(h, Hidden)]


def enumerate_deals(position: Position, voids: Voids) -> list[tuple[frozenset[Tile], ...]]:
    """Every assignment of the unseen tiles to the hidden hands that respects the voids
    (the rest is the boneyard), by brute force."""
    seen = set(position.layout.tiles())
    for hand in position.hands:
        if not isinstance(hand, Hidden):
            seen.update(hand)
    unseen = [t for t in ALL_TILES if t not in seen]
    players = hidden_players(position)
    found: list[tuple[frozenset[Tile], ...]] = []

    def assign(index: int, left: list[Tile], taken: tuple[frozenset[Tile], ...]) -> None:
        if index == len(players):
            found.append(taken)
            return
        p = players[index]
        lacks = voids.get(p, frozenset())
        for chosen in itertools.combinations(left, position.hands[p].count):  # type: ignore[union-attr]
            if any(t.high in lacks or t.low in lacks for t in chosen):
                continue
            assign(index + 1, [t for t in left if t not in chosen], (*taken, frozenset(chosen)))

    assign(0, unseen, ())
    return found


def deal_key(position: Position, dealt: Position) -> tuple[frozenset[Tile], ...]:
    return tuple(frozenset(dealt.hand(p)) for p in hidden_players(position))


def p_values(code: str, voids: Voids, sampler: Sampler, deals: int = DEALS,
             seed: int = 1) -> tuple[float, list[float]]:
    """The chi-square p-value of the deals' frequencies against uniform over every
    consistent assignment, and one per boneyard place of its tiles' frequencies there
    against the exact chances (a tile lies at each place of the boneyard alike)."""
    position = Position.from_code(code)
    every = enumerate_deals(position, voids)
    rng = random.Random(seed)
    by_deal: Counter[tuple[frozenset[Tile], ...]] = Counter()
    bone_size = position.boneyard.count  # type: ignore[union-attr]
    by_place: list[Counter[Tile]] = [Counter() for _ in range(bone_size)]
    for _ in range(deals):
        dealt = sampler(position, voids, rng)
        by_deal[deal_key(position, dealt)] += 1
        for place, tile in enumerate(dealt.boneyard):
            by_place[place][tile] += 1
    assert set(by_deal) <= set(every), "a deal that breaks what is known"
    expected = deals / len(every)
    stat = sum((by_deal[d] - expected) ** 2 / expected for d in every)
    deal_p = float(chi2.sf(stat, len(every) - 1))
    in_bone: Counter[Tile] = Counter()
    for assignment in every:
        held = set().union(*assignment)
        for tile in enumerate_unseen(position):
            if tile not in held:
                in_bone[tile] += 1
    place_ps = []
    for counts in by_place:
        cells = [(counts[t], deals * n / len(every) / bone_size) for t, n in in_bone.items()]
        stat = sum((seen - e) ** 2 / e for seen, e in cells)
        place_ps.append(float(chi2.sf(stat, len(cells) - 1)))
    return deal_p, place_ps


def enumerate_unseen(position: Position) -> list[Tile]:
    seen = set(position.layout.tiles())
    for hand in position.hands:
        if not isinstance(hand, Hidden):
            seen.update(hand)
    return [t for t in ALL_TILES if t not in seen]


@pytest.mark.parametrize("name,code,voids", CASES, ids=[c[0] for c in CASES])
def test_the_dealer_is_uniform_over_deals_and_boneyard_places(name: str, code: str, voids: Voids) -> None:
    deal_p, place_ps = p_values(code, voids, uniform)
    assert deal_p > PASS, (name, deal_p)
    assert min(place_ps) > PASS / len(place_ps), (name, place_ps)  # Bonferroni over the places


@pytest.mark.parametrize("name,code,voids", CASES, ids=[c[0] for c in CASES])
def test_the_same_bounds_catch_the_greedy_fill(name: str, code: str, voids: Voids) -> None:
    """The tests above can fail: the old dealer fails them on every case."""
    deal_p, place_ps = p_values(code, voids, greedy_fill)
    assert deal_p < FAIL or min(place_ps) < FAIL, (name, deal_p, place_ps)


def test_the_void_suits_lie_at_every_place_of_the_boneyard_alike() -> None:
    """The issue's position: player 1 lacks 1s and 4s, so of the 9 unseen tiles the three
    with a 1 or a 4 lie in the boneyard of 6; each place holds one half the time (the
    greedy fill put one at the top 88% of the time)."""
    position = Position.from_code(ISSUE)
    voids = {1: frozenset({1, 4})}
    dealer = Dealer(position, voids)
    rng = random.Random(5)
    deals = 20_000
    share = [0] * 6
    old = [0] * 6
    for _ in range(deals):
        for place, tile in enumerate(dealer.deal(rng).boneyard):
            share[place] += tile.has(1) or tile.has(4)
        for place, tile in enumerate(greedy_fill(position, voids, rng).boneyard):
            old[place] += tile.has(1) or tile.has(4)
    error = 4 * (0.25 / deals) ** 0.5  # four standard errors of a share of 50%
    assert all(abs(s / deals - 0.5) < error for s in share), share
    assert old[0] / deals > 0.8  # the bias the issue found


def test_a_fully_known_position_deals_itself_and_sizes_are_kept() -> None:
    code = CASES[1][1]
    position = Position.from_code(code)
    dealt = Dealer(position, CASES[1][2]).deal(random.Random(3))
    assert Dealer(dealt).deal(random.Random(4)) == dealt
    assert [len(dealt.hand(p)) for p in range(3)] == [2, 3, 5] and len(dealt.boneyard) == 4


def test_no_deal_fits_is_said_at_once_naming_the_hand() -> None:
    position = Position.from_code(ISSUE)
    with pytest.raises(InvalidPositionError, match="player 1 holds 3 tiles"):
        Dealer(position, {1: frozenset({0, 1, 2, 3, 4, 5, 6})})
    three = Position.from_code(CASES[1][1])
    # each hand alone could be filled (2 and 3 tiles), both together cannot (5): only 4
    # unseen tiles have neither a 6 nor a 3
    assert sum(1 for t in enumerate_unseen(three) if not (t.has(6) or t.has(3))) == 4
    with pytest.raises(InvalidPositionError, match="too few tiles for them together"):
        Dealer(three, {0: frozenset({6, 3}), 1: frozenset({6, 3})})
    assert Dealer(three, {0: frozenset({6, 3}), 1: frozenset({6})}).ways > 0


def test_the_counting_is_bounded_by_the_groups_and_the_hand_sizes() -> None:
    """Four players each alone under cincos (no boneyard), three hidden hands of 7, each
    with voids: the count visits at most groups x (room of each place) states."""
    code = "6-6:::: ?7/?7/6-5,5-5,4-4,3-3,2-2,1-1,0-0/?6 - 0 0,0,0,0 cincos"
    position = Position.from_code(code)
    voids: Voids = {0: frozenset({1}), 1: frozenset({2, 3}), 3: frozenset({4})}
    dealer = Dealer(position, voids)
    states = dealer._count.cache_info().currsize  # type: ignore[attr-defined]
    room = 1
    for size in dealer.sizes:
        room *= size + 1
    assert len(dealer.groups) <= 8 and states <= (len(dealer.groups) + 1) * room
    dealt = dealer.deal(random.Random(1))
    for p, lacks in voids.items():
        assert not any(t.high in lacks or t.low in lacks for t in dealt.hand(p))


def test_sample_deal_is_the_dealer() -> None:
    position = Position.from_code(ISSUE)
    voids: Optional[Voids] = {1: frozenset({1, 4})}
    assert sample_deal(position, random.Random(9), voids) == Dealer(position, voids).deal(random.Random(9))
