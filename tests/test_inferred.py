"""The expert that reads the hand: its deals are drawn in proportion to the weights the
reading gives them (the share of deals that give a tile to a player agrees with the
reading's chance within its margin), it falls back to uniform deals when there is
nothing to weigh, and it plays its moves through the same search as the expert. The
guarded player keeps a 15 from the next player unless he showed he cannot take it."""

from __future__ import annotations

import random

import pytest

from tests.test_reading import LED_DOUBLE, PASSED_UP, T
from trainer.engine.game import Match
from trainer.engine.position import Position
from trainer.play.hand_history import hand_so_far
from trainer.play.inferred import InferredDealer
from trainer.play.players import ExpertPlayer, GreedyPlayer, GuardedPlayer, mover_view
from trainer.play.reading import read


def share_holding(dealer: InferredDealer, seat: int, tiles: list, deals: int, seed: int) -> float:
    rng = random.Random(seed)
    held = 0
    for _ in range(deals):
        deal = dealer.deal(rng)
        assert deal.is_fully_known
        held += sum(1 for t in tiles if t in deal.hands[seat])
    return held / deals


@pytest.mark.parametrize("case,name,seat,tiles", [
    (PASSED_UP, "greedy", 1, ["5-5"]),
    (LED_DOUBLE, "club", 1, ["3-1", "3-0", "5-3", "6-3", "4-3", "3-2"]),
], ids=["passed-up-15", "led-a-double"])
def test_the_deals_follow_the_reading(case, name: str, seat: int, tiles: list[str]) -> None:
    view, so_far = case
    wanted = [T(t) for t in tiles]
    dealer = InferredDealer(view, {}, so_far, name, random.Random(5), pool=3000)
    assert not dealer.uniform and 10 < dealer.effective < 3000
    reading = read(view, so_far=so_far, model_name=name, deals=3000, seed=9)
    uniform = read(view, so_far=so_far)
    place = reading.places.index(seat)
    expected = sum(reading.chances[t][place] for t in wanted)
    flat = sum(uniform.chances[t][place] for t in wanted)
    found = share_holding(dealer, seat, wanted, 3000, 11)
    assert abs(found - expected) < 0.08 + 0.05 * len(wanted), (found, expected)
    assert abs(found - flat) > 0.2, (found, flat)  # the reading moved the deals


def test_with_nothing_to_weigh_the_deals_are_uniform() -> None:
    view, so_far = PASSED_UP
    assert InferredDealer(view, {}, so_far, "uniform", random.Random(1)).uniform
    assert InferredDealer(view, {}, None, "club", random.Random(1)).uniform
    found = share_holding(InferredDealer(view, {}, None, "club", random.Random(1)), 1, [T("5-5")], 3000, 3)
    assert found == pytest.approx(7 / 17, abs=0.04)


def test_the_reading_expert_weighs_its_deals_and_plays_legally() -> None:
    match = Match(seed=21)
    greedy = GreedyPlayer(1)
    reader = ExpertPlayer(2, budget=0.3, target=match.target, model="club")
    assert reader.name == "expert reading" and ExpertPlayer().name == "expert"
    weighed = 0
    while len(match.hands) == 1 and not match.over:
        if match.position.turn == 0:
            move = reader.choose(match.position, match.voids(), hand_so_far(match))
            assert move in match.legal_moves()
            weighed += reader.last_effective is not None
        else:
            move = greedy.choose(match.position, match.voids())
        match.play(move)
    assert weighed >= 2


def test_the_guarded_player_keeps_a_reply_from_the_next_player_unless_he_cannot_make_it() -> None:
    # 0-0 on the east scores 5 but 5-5 or 5-0 would score 10 in reply; 5-1 scores nothing
    # and leaves at most 5 (4-0, which the mover holds)
    view = Position.from_code("5-6,6-4,4-1,1-0 ?7/5-1,4-4,4-3,4-0,3-3,3-1,0-0 ?10 1 5,5")
    assert str(GreedyPlayer().choose(view)) == "0-0@E"
    assert str(GuardedPlayer().choose(view)) == "5-1@W"
    assert str(GuardedPlayer().choose(view, {0: frozenset({5})})) == "0-0@E"  # no 5 to reply with
    assert str(GuardedPlayer().choose(view, {0: frozenset({0})})) == "5-1@W"  # 5-5 is still out


def weighted_by_hand(view: Position, so_far, name: str, deals: int, seed: int) -> dict:
    """An estimate written again: uniform deals, each weighed by the model's chance of every
    move the other player made (from the hand he held then: his tiles in the deal and those
    he played since), each solved exactly; the weighted mean of each move's value."""
    from trainer.play.models import model
    from trainer.search.dealing import Dealer
    from trainer.search.solver import solve
    chosen = model(name)
    dealer = Dealer(view, so_far.voids)
    rng = random.Random(seed)
    totals: dict = {}
    weights = []
    rows = []
    for _ in range(deals):
        deal = dealer.deal(rng)
        weight = 1.0
        for index, seen in enumerate(so_far.turns):
            if seen.move is None or seen.player == view.turn:
                continue
            if any(s.player == seen.player and s.draws for s in so_far.turns[index + 1:]):
                continue
            later = {s.move.tile for s in so_far.turns[index:] if s.player == seen.player and s.move}
            hand = tuple(sorted(set(deal.hands[seen.player]) | later, reverse=True))
            hands = list(seen.table.hands)
            hands[seen.player] = hand
            table = Position(seen.table.layout, tuple(hands), seen.table.boneyard, seen.player,
                             seen.table.scores, seen.table.rules)
            weight *= chosen.chances(table, seen.voids).get(seen.move, 0.0)
        if weight == 0:
            continue
        values = {m.move: m.value for m in solve(deal).moves}
        weights.append(weight)
        rows.append(values)
        for move, value in values.items():
            totals[move] = totals.get(move, 0.0) + weight * value
    total = sum(weights)
    return {"means": {m: v / total for m, v in totals.items()}, "weights": weights, "rows": rows}


def test_the_coachs_read_figures_agree_with_an_estimate_written_again() -> None:
    from trainer.play.coach import read_difference, read_evidence
    match = Match(seed=2)
    greedy = [GreedyPlayer(1), GreedyPlayer(2)]
    while not (match.position.turn == 0 and len(match.position.hand(0)) <= 5):
        match.play(greedy[match.position.turn].choose(match.position, match.voids()))
    view, so_far = mover_view(match.position), hand_so_far(match)
    found = read_evidence(view, ("greedy", so_far), budget=30.0, seed=3, voids=match.voids(), max_deals=400)
    assert found is not None
    weighed, effective = found
    assert weighed.deals == 400 and 10 <= effective <= 300
    mine = weighed.best()
    other = max((m for m in weighed.moves if m != mine), key=weighed.mean)
    diff = read_difference(weighed, effective, mine, other)
    again = weighted_by_hand(view, so_far, "greedy", 3000, 17)
    w = again["weights"]
    total = sum(w)
    d = [row[mine] - row[other] for row in again["rows"]]
    mean = sum(wi * di for wi, di in zip(w, d)) / total
    n_eff = total * total / sum(wi * wi for wi in w)
    spread = (sum(wi * (di - mean) ** 2 for wi, di in zip(w, d)) / total) ** 0.5
    assert abs(diff.mean - mean) <= diff.half_width + 2 * spread / n_eff ** 0.5 + 0.5, (diff, mean, n_eff)
    uniform = sum(row[mine] - row[other] for row in again["rows"]) / len(again["rows"])
    assert abs(uniform - mean) > 5, (uniform, mean)  # the plays moved the figure: the case tests the weights


def test_the_hint_says_what_its_reading_rests_on() -> None:
    from trainer.play.coach import hint
    match = Match(seed=2)
    greedy = [GreedyPlayer(1), GreedyPlayer(2)]
    while not (match.position.turn == 0 and len(match.position.hand(0)) <= 5):
        match.play(greedy[match.position.turn].choose(match.position, match.voids()))
    plain = hint(match.position, budget=2.0, seed=1, voids=match.voids())
    read = hint(match.position, budget=2.0, seed=1, voids=match.voids(),
                reader=("greedy", hand_so_far(match)))
    assert not any("others' plays" in line for line in plain.details)
    lines = [line for line in read.details if line.startswith("Read ")]
    assert len(lines) == 2, read.details
    assert "a player who takes the most points now" in lines[0] and "effective" in lines[0]
    assert lines[1].startswith("Read that way, ")
    uniform_only = hint(match.position, budget=2.0, seed=1, voids=match.voids(),
                        reader=("uniform", hand_so_far(match)))
    assert not any(line.startswith("Read ") for line in uniform_only.details)
