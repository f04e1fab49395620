"""Where the tiles are: the uniform reading equals brute-force enumeration of the deals
(one void player, two, a void on a partner, cincos), its sampled twin agrees within its
stated margin, the models move the reading where the plays say they should, the
effective number of deals is said and a collapse falls back to uniform, and the `read`
command keeps the contract of notation.md."""

from __future__ import annotations

import itertools
import json
import random
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from tests.test_dealing import CASES
from trainer.cli import main
from trainer.engine.game import Match
from trainer.engine.moves import Move
from trainer.engine.position import Hidden, Position
from trainer.engine.record import Turn
from trainer.engine.tiles import ALL_TILES, Tile
from trainer.engine.voids import Voids
from trainer.play.hand_history import HandSoFar, history_from_turns
from trainer.play.models import EPSILON, MODELS, model
from trainer.play.players import GreedyPlayer
from trainer.play.reading import FLOOR_DEALS, decisions, read

# the dealer's cases (each from real play, each void one the true deal respects)
T = Tile.parse


def brute_force(position: Position, voids: Voids) -> tuple[int, dict[tuple[Tile, object], Fraction]]:
    """Every assignment of the unseen tiles to the hidden hands that keeps the voids (the
    boneyard the rest), and each tile's share of them in each place."""
    seen = set(position.layout.tiles())
    for hand in position.hands:
        if not isinstance(hand, Hidden):
            seen.update(hand)
    unseen = [t for t in ALL_TILES if t not in seen]
    players = [p for p, h in enumerate(position.hands) if isinstance(h, Hidden)]
    counts: dict[tuple[Tile, object], int] = {}
    total = 0

    def assign(index: int, left: list[Tile], taken: list[tuple[int, tuple[Tile, ...]]]) -> None:
        nonlocal total
        if index == len(players):
            total += 1
            for p, chosen in taken:
                for t in chosen:
                    counts[(t, p)] = counts.get((t, p), 0) + 1
            for t in left:
                counts[(t, None)] = counts.get((t, None), 0) + 1
            return
        p = players[index]
        lacks = voids.get(p, frozenset())
        hand = position.hands[p]
        assert isinstance(hand, Hidden)
        for chosen in itertools.combinations(left, hand.count):
            if not any(t.high in lacks or t.low in lacks for t in chosen):
                assign(index + 1, [t for t in left if t not in chosen], [*taken, (p, chosen)])

    assign(0, unseen, [])
    return total, {key: Fraction(n, total) for key, n in counts.items()}


@pytest.mark.parametrize("name,code,voids", CASES, ids=[c[0] for c in CASES])
def test_the_uniform_reading_is_the_enumeration_exactly(name: str, code: str, voids: Voids) -> None:
    position = Position.from_code(code)
    total, shares = brute_force(position, voids)
    reading = read(position, voids)
    assert reading.exact and reading.deals == total and reading.model == "uniform"
    for tile, row in reading.chances.items():
        assert abs(sum(row) - 1) < 1e-12
        for place, chance in zip(reading.places, row):
            assert chance == float(shares.get((tile, place), Fraction(0))), (name, tile, place)


@pytest.mark.parametrize("name,code,voids", CASES, ids=[c[0] for c in CASES])
def test_the_sampled_uniform_reading_agrees_within_its_margin(name: str, code: str, voids: Voids) -> None:
    position = Position.from_code(code)
    exact = read(position, voids)
    sampled = read(position, voids, deals=3000, seed=7, counted=False)
    assert not sampled.exact and sampled.deals == 3000 and sampled.effective == pytest.approx(3000)
    assert sampled.margin is not None and 0 < sampled.margin < 0.1
    worst = max(abs(a - b) for tile in exact.chances
                for a, b in zip(exact.chances[tile], sampled.chances[tile]))
    assert worst <= sampled.margin, (name, worst, sampled.margin)


def start(hands: list[str], turn: int = 0) -> Position:
    """A deal with every tile known: the hands given, the rest the boneyard."""
    held = [[T(t) for t in h.split()] for h in hands]
    bone = [t for t in ALL_TILES if not any(t in h for h in held)]
    code = ("- " + "/".join(",".join(str(t) for t in sorted(h, reverse=True)) for h in held) + " "
            + ",".join(map(str, bone)) + f" {turn} " + ",".join("0" for _ in held))
    return Position.from_code(code)


def played(deal: Position, moves: list[tuple[int, str]]) -> tuple[Position, HandSoFar]:
    """The mover's view after `moves` (none of them drawn) and the hand so far."""
    turns = tuple(Turn(p, (), Move.parse(m)) for p, m in moves)
    end = deal
    for turn in turns:
        assert turn.move is not None
        end = end.play(turn.move)
    hands = tuple(h if p == end.turn else Hidden(len(h)) for p, h in enumerate(end.hands))  # type: ignore[arg-type]
    return replace(end, hands=hands, boneyard=Hidden(len(end.boneyard))), history_from_turns(deal, turns)  # type: ignore[arg-type]


# player 1 lays 5-0 for 5 where 5-5 on the west end would have made 15 (10 + 5)
PASSED_UP = played(start(["5-2 4-5 6-6 6-1 3-3 1-1 3-1 6-3 0-0", "4-2 5-0 6-4 3-2 1-0 2-2 6-0 4-4 3-0"]),
                   [(0, "5-2"), (1, "2-4@E"), (0, "4-5@E"), (1, "5-0@E")])
# player 1 leads 3-3, with three more 3s
LED_DOUBLE = played(start(["6-6 5-5 4-4 2-2 6-5 6-4 5-4 5-2 4-2", "3-3 3-1 3-0 5-3 6-2 4-1 2-1 5-0 6-1"],
                          turn=1), [(1, "3-3")])


def test_a_greedy_player_who_passed_up_15_with_5_5_rarely_holds_it() -> None:
    view, so_far = PASSED_UP
    assert str(view.layout) == "5-2,2-4,4-5,5-0"
    assert so_far.turns[-1].table.layout.place(T("5-5"), "W").points() == 15
    uniform = read(view, so_far=so_far)
    greedy = read(view, so_far=so_far, model_name="greedy", deals=2000, seed=1)
    assert uniform.chances[T("5-5")][0] == pytest.approx(7 / 17)
    assert greedy.model == "greedy" and not greedy.exact and greedy.note == ""
    assert greedy.chances[T("5-5")][0] < 0.05
    assert FLOOR_DEALS < greedy.effective < greedy.deals
    assert greedy.margin is not None and greedy.margin < 0.1
    for row in greedy.chances.values():
        assert sum(row) == pytest.approx(1)


def test_a_player_who_led_a_double_holds_more_of_its_suit_under_club() -> None:
    view, so_far = LED_DOUBLE
    threes = [t for t in ALL_TILES if t.has(3) and t != T("3-3")]
    uniform = read(view, so_far=so_far)
    club = read(view, so_far=so_far, model_name="club", deals=2000, seed=2)
    expected_uniform = sum(uniform.chances[t][0] for t in threes)
    expected_club = sum(club.chances[t][0] for t in threes)
    assert expected_uniform == pytest.approx(6 * 8 / 18)
    assert expected_club > expected_uniform + 0.25, (expected_club, expected_uniform)


def test_weights_that_collapse_fall_back_to_uniform_and_say_so() -> None:
    """A greedy player would not lead 3-3 for nothing from most hands: of 100 deals drawn,
    the few where he would carry the weight, too few to read from; of 2,000, enough."""
    view, so_far = LED_DOUBLE
    few = read(view, so_far=so_far, model_name="greedy", deals=100, seed=1)
    assert few.model == "uniform" and few.asked == "greedy" and few.exact
    assert "collapsed" in few.note and "of 100 deals" in few.note
    assert few.chances == read(view).chances and few.deals == read(view).deals
    more = read(view, so_far=so_far, model_name="greedy", deals=2000, seed=1)
    assert more.model == "greedy" and more.note == "" and FLOOR_DEALS < more.effective < 0.2 * more.deals


def test_few_deals_are_all_weighed_exactly_under_a_model() -> None:
    """Player 1 lacks 6s: 1,716 deals, each weighed, equal to weighing the enumeration by
    hand (his hand then: his tiles in the deal and those he played since)."""
    view, so_far = PASSED_UP
    voids = {1: frozenset({6})}
    reading = read(view, voids, so_far, "greedy", deals=2000)
    total, _ = brute_force(view, voids)
    assert reading.exact and reading.deals == total == 1716 and reading.model == "greedy"
    deal = start(["5-2 4-5 6-6 6-1 3-3 1-1 3-1 6-3 0-0", "4-2 5-0 6-4 3-2 1-0 2-2 6-0 4-4 3-0"])
    first = deal.play(Move.parse("5-2"))
    second = first.play(Move.parse("2-4@E")).play(Move.parse("4-5@E"))
    unseen = [t for t in ALL_TILES if t not in set(view.layout.tiles()) | set(view.hand(0))]
    allowed = [t for t in unseen if not t.has(6)]
    greedy = model("greedy")
    sums = {t: 0.0 for t in unseen}
    weights = 0.0
    for held in itertools.combinations(allowed, 7):
        weight = 1.0
        for table, later in ((first, ("2-4", "5-0")), (second, ("5-0",))):
            hand = tuple(sorted(set(held) | {T(t) for t in later}, reverse=True))
            mine = replace(table, hands=(table.hands[0], hand))
            weight *= greedy.chances(mine)[Move.parse(f"{later[0]}@E")]
        weights += weight
        for t in held:
            sums[t] += weight
    for t in unseen:
        assert reading.chances[t][0] == pytest.approx(sums[t] / weights, abs=1e-9), t


def test_a_move_before_a_later_draw_is_not_weighed() -> None:
    view, so_far = PASSED_UP
    assert [(d.player, str(d.move)) for d in decisions(view, so_far)] == [(1, "4-2@E"), (1, "5-0@E")]
    last = so_far.turns[-1]
    drew = so_far._replace(turns=(*so_far.turns, last._replace(draws=2, move=Move.parse("6-6@W"))))
    assert [(d.player, str(d.move)) for d in decisions(view, drew)] == [(1, "6-6@W")]
    assert decisions(view, None) == []


def test_the_greedy_model_favours_the_greedy_players_move() -> None:
    rng = random.Random(4)
    checked = 0
    for seed in range(6):
        match = Match(players=2 + seed % 3, seed=seed)
        for _ in range(12):
            if match.over:
                break
            position = match.position
            chances = model("greedy").chances(position)
            assert sum(chances.values()) == pytest.approx(1)
            assert min(chances.values()) >= EPSILON / len(chances) - 1e-12
            choice = GreedyPlayer(rng.randrange(100)).choose(position)
            assert chances[choice] == max(chances.values())
            for name in MODELS:
                assert sum(model(name).chances(position).values()) == pytest.approx(1)
            checked += 1
            match.play(choice)
    assert checked > 40


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["read", *args])
    out, err = capsys.readouterr()
    return status, out, err


def check_contract(result: dict[str, Any], view: Position) -> None:
    assert list(result)[:6] == ["model", "exact", "deals", "effective", "seats", "boneyard"]
    seen = set(view.layout.tiles()) | set(view.hand(view.turn))
    unseen = {str(t) for t in ALL_TILES if t not in seen}
    hidden = [p for p, h in enumerate(view.hands) if p != view.turn and isinstance(h, Hidden)]
    assert [s["seat"] for s in result["seats"]] == hidden
    assert set(result["boneyard"]) == unseen
    for seat in result["seats"]:
        assert set(seat["tiles"]) == unseen
    for tile in unseen:
        total = result["boneyard"][tile] + sum(s["tiles"][tile] for s in result["seats"])
        assert abs(total - 1) < 1e-3, tile


@pytest.mark.parametrize("name,code,voids", CASES, ids=[c[0] for c in CASES])
def test_read_json_keeps_the_contract(capsys: pytest.CaptureFixture[str], name: str, code: str,
                                      voids: Voids) -> None:
    text = ";".join(f"{p}:{','.join(map(str, sorted(s)))}" for p, s in voids.items())
    status, out, err = run(capsys, code, "--voids", text, "--json")
    assert status == 0 and err == "" and out.count("\n") == 1
    result = json.loads(out)
    assert result["model"] == "uniform" and result["exact"] is True
    check_contract(result, Position.from_code(code))


def test_read_with_a_record_under_a_model(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    match = Match(seed=11)
    bots = [GreedyPlayer(1), GreedyPlayer(2)]
    for _ in range(7):
        match.play(bots[match.position.turn].choose(match.position))
    record = tmp_path / "hand.txt"
    record.write_text(match.record().text())
    position = match.position
    view = replace(position, hands=tuple(h if p == position.turn else Hidden(len(h))  # type: ignore[arg-type]
                                          for p, h in enumerate(position.hands)),
                   boneyard=Hidden(len(position.boneyard)))  # type: ignore[arg-type]
    status, out, err = run(capsys, view.code(), "--record", str(record), "--model", "greedy",
                           "--deals", "500", "--seed", "3", "--json")
    assert status == 0 and err == "", err
    result = json.loads(out)
    assert result["asked"] == "greedy" and result["deals"] in (500, result["deals"])
    check_contract(result, view)
    held = set(position.hands[1 - position.turn])  # type: ignore[arg-type]
    truth = sum(result["seats"][0]["tiles"][str(t)] for t in held)
    assert truth > len(held) * 0.3  # the real tiles are not read away
    status, out, err = run(capsys, view.code(), "--record", str(record))
    assert status == 0 and "seat" in out and "boneyard" in out and "exact over" in out


@pytest.mark.parametrize("args,says", [
    (["4-5,5-1 6-4,1-1/?7 ?17 0 0,0", "--voids", "1:1,9"], "--voids"),
    (["4-5,5-1 6-4,1-1/?7 ?17 0 0,0", "--voids", "3:1"], "no player 3"),
    (["4-5,5-1 6-4,1-1/?7 ?17 0 0,0", "--voids", "1:1;1:2"], "named twice"),
    (["4-5,5-1 6-4,1-1/?7 ?17 0 0,0", "--voids", "1:" + "1," * 150 + "1"], "longer than"),
    (["4-5,5-1 6-4,1-1/?7 ?17 0 0,0", "--voids", "1:0,1,2,3,4,5,6"], "no deal"),
    (["4-5,5-1 6-4,1-1/?7 ?17 0 0,0", "--model", "wizard"], "invalid choice"),
    (["4-5,5-1 6-4,1-1/?7 ?17 0 0,0", "--deals", "0"], "--deals"),
    (["4-5,5-1 6-4,1-1/?7 ?17 0 0,0", "--deals", "20001"], "--deals"),
    (["4-5,5-1 ?2/?7 ?17 0 0,0"], "mover's hand"),
    (["4-5,5-1 6-4,1-1/?7 ?16 0 0,0"], "28"),
    (["4-5,5-1 6-4,1-1/?7 ?17 0 0,0", "--record", "/nonexistent/hand.txt"], "--record"),
])
def test_bad_input_exits_2_with_one_line(capsys: pytest.CaptureFixture[str], args: list[str],
                                         says: str) -> None:
    status, out, err = run(capsys, *args)
    assert status == 2 and out == "" and err.count("\n") == 1 and says in err, err


def test_a_record_that_does_not_end_at_the_position_is_refused(capsys: pytest.CaptureFixture[str],
                                                               tmp_path: Path) -> None:
    match = Match(seed=5)
    match.play(match.legal_moves()[0])
    record = tmp_path / "hand.txt"
    record.write_text(match.record().text())
    status, out, err = run(capsys, "4-5,5-1 6-4,1-1/?7 ?17 0 0,0", "--record", str(record), "--json")
    assert status == 2 and out == "" and "hand so far ends" in err
