"""The puzzle bank: its size and spread (bands, kinds, games), every kind's criterion,
the choice filter, the re-check on fresh deals, the screens, the voids, the rating
model, re-proof of a sample, puzzles rebuilt byte for byte, and the daily schedule."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace
from datetime import date, timedelta
from pathlib import Path

import pytest

from trainer.cli import main
from trainer.engine.layout import Layout
from trainer.engine.moves import Move
from trainer.engine.position import Position
from trainer.engine.tiles import ALL_TILES
from trainer.engine.twins import table_shape, twin_key
from trainer.puzzles import recheck as recheck_module
from trainer.puzzles.bank import by_id, shipped
from trainer.puzzles.choices import choices, real_choices
from trainer.puzzles.daily import EPOCH, MIN_BAND, PLAN, bands, daily, parse_date
from trainer.puzzles.farm import keep_task
from trainer.puzzles.generator import DEALT, found_in_hand, game_of, positions
from trainer.puzzles.kinds import (
    GENERATOR_VERSION,
    HIDDEN_KINDS,
    KINDS,
    MARGIN,
    MIN_SHIP_DEALS,
    MoveInfo,
    Puzzle,
    PuzzleError,
    interesting,
    load_bank,
    make_puzzle,
    reply_points,
    verify,
)
from trainer.puzzles.legacy import found_again
from trainer.puzzles.rating import BANDS as RATING_BANDS
from trainer.puzzles.rating import band, features, rating
from trainer.puzzles.recheck import (
    CHECK_FACTOR,
    PLAYOUTS,
    best_play_playouts,
    best_play_recheck,
    check_deals,
    check_seed,
)
from trainer.puzzles.record import GAMES, MOVE_KINDS
from trainer.puzzles.runs import STREAK_STEP, Entry, Streak, next_puzzle
from trainer.puzzles.screen import Sampled, futile
from trainer.puzzles.themes import RETIRED, TAGS, tags_of
from trainer.search.evidence import Evidence, paired

ENDGAME = ("0-0:0-3,3-4,4-6,6-5,5-5,5-1,1-0:0-4,4-2,2-1,1-3,3-2,2-0,0-5,5-4::"
           "0-6,6-3,3-3,3-5,5-2,2-2,2-6,6-1 6-6,4-4/4-1,1-1 - 1 15,15")
SPINNER = "6-6:6-4:6-1:: 4-1,5-5,6-5,3-0/?5 ?16 0 0,0"  # 6-5@N/S score 10, 4-1 nothing
BANK = shipped()
MOVES = [p for p in BANK if p.kind in MOVE_KINDS]
BANK_FILE = Path(__file__).resolve().parent.parent / "puzzles" / "bank.jsonl"


def puzzle_at(code: str, accepted: tuple[str, ...], kind: str = "best-play") -> Puzzle:
    """A puzzle on a real position with its moves' points, `accepted` as given."""
    position = Position.from_code(code)
    infos = tuple(MoveInfo(str(m), position.points(m), position.points(m)) for m in position.legal_moves())
    return Puzzle("x", kind, code, position.rules.name, accepted, infos)  # type: ignore[arg-type]


def count_puzzle(code: str) -> Puzzle:
    on_table = len(Layout.parse(code))
    return make_puzzle("count", Position.from_code(f"{code} ?1/?1 ?{28 - 2 - on_table} 0 0,0"), seed=0)


# ----- the bank as shipped: size and spread -----

def test_the_bank_is_big_varied_and_unique() -> None:
    assert len(MOVES) >= 5500
    assert {p.kind for p in BANK} == set(KINDS)
    assert len({p.id for p in BANK}) == len(BANK)
    assert len({p.position for p in BANK}) == len(BANK)
    assert all(p.generator == GENERATOR_VERSION for p in BANK)
    assert all(set(p.tags) <= set(TAGS) for p in BANK)


def test_the_band_counts_500_in_every_band_from_1000_to_2000_and_150_above() -> None:
    counts = Counter(band(p.rating) for p in MOVES)
    for low in RATING_BANDS[:-1]:
        assert counts[f"{low}-{low + 199}"] >= 500, (low, counts)
    assert counts[f"{RATING_BANDS[-1]}+"] >= 150, counts
    assert sum(p.rating >= 2000 for p in MOVES) == counts["2000+"]


def test_the_kinds_shares_counts_a_fifth_at_most_and_every_game_a_tenth() -> None:
    kinds = Counter(p.kind for p in BANK)
    assert kinds["count"] <= len(BANK) / 5
    assert all(kinds[k] >= 0.1 * len(MOVES) for k in MOVE_KINDS), kinds
    games = Counter(p.game for p in MOVES)
    assert set(games) == set(GAMES)
    for game in GAMES:
        assert games[game] >= 0.1 * len(MOVES), games
    assert Counter(p.players for p in MOVES).keys() == {2, 3, 4}


def test_ids_of_the_earlier_bank_are_kept_where_its_puzzles_pass() -> None:
    from trainer.puzzles.bank import _merged

    kept = [p for p in BANK if p.origin == "2"]
    merged = _merged(BANK_FILE.with_name("merged.jsonl"))
    counts = [p for p in kept if p.kind == "count"]
    merged_counts = [old for old in merged if by_id(old).kind == "count"]
    assert len(counts) + len(merged_counts) == 900  # every earlier count, or the one it is merged into
    assert sum(p.kind != "count" for p in kept) >= 390  # less those merged into a near-duplicate


def test_no_two_puzzles_show_the_same_table_and_hand_and_a_merged_id_opens_the_one_kept() -> None:
    """Near-duplicates (the same table and mover's hand, one with the other hands hidden
    and one with them shown; or two counts of one table) are merged: one is kept, and
    the other's id opens it (an old link, a review card, an assignment)."""
    from trainer.puzzles.bank import _merged
    from trainer.puzzles.duplicates import groups, sameness

    assert groups(BANK) == []
    merged = _merged(BANK_FILE.with_name("merged.jsonl"))
    assert len(merged) >= 400
    ids = {p.id for p in BANK}
    for old, kept in merged.items():
        assert old not in ids and by_id(old).id == kept and kept in ids
    pair = by_id("e60f393b5c")  # an endgame merged into the same table's best-play puzzle
    assert (pair.id, pair.kind) == ("b55998f01f", "best-play")
    assert sameness(pair) == sameness(by_id("b55998f01f"))


def assert_read_criterion(p: Puzzle) -> None:
    """A read puzzle: the learner sees only his hand; its figures (exact chances, to two
    places) make its answer clear: who, the likeliest place ahead of the next by 15
    points, the chances summing to one; can, the chance's band, not within 10 points of
    one half unless certain."""
    position = p.parsed()
    assert not position.is_fully_known and p.deals == 0 and not p.tags and p.question, p.id
    values = [m.value for m in p.moves]
    if p.question.startswith("who "):
        assert abs(sum(values) - 1) <= 0.011 and len(values) >= 2, p.id
        ranked = sorted(values, reverse=True)
        assert ranked[0] - ranked[1] >= 0.15 - 0.005, p.id
        assert p.accepted == tuple(m.move for m in p.moves if m.value == ranked[0]), p.id
        hidden = {str(q + 1) for q in range(position.players) if q != position.turn}
        assert {m.move for m in p.moves} <= hidden | {"boneyard"}, p.id
    else:
        (chance,) = values
        expected = ("no" if chance == 0 else "sure" if chance == 1
                    else "unlikely" if chance < 0.5 else "likely")
        assert p.accepted == (expected,), p.id
        assert chance in (0, 1) or abs(chance - 0.5) >= 0.1 - 0.005, p.id


def test_every_puzzle_meets_its_kind_criterion_on_its_figures() -> None:
    for p in BANK:
        position = p.parsed()
        if p.kind == "count":
            assert p.accepted == (str(position.layout.count()),) and not p.moves and not p.tags
            continue
        if p.kind == "read":
            assert_read_criterion(p)
            continue
        legal = {str(m) for m in position.legal_moves()}
        assert {m.move for m in p.moves} == legal, p.id
        for m in p.moves:  # points now, recomputed from the layout
            move = Move.parse(m.move)
            assert m.points == position.layout.place(move.tile, move.side).points()
        assert interesting(position, p.moves, p.accepted) is None, p.id
        assert real_choices(position) >= 3, p.id
        rejected = [m for m in p.moves if m.move not in p.accepted]
        accepted = [m for m in p.moves if m.move in p.accepted]
        if p.kind == "endgame":
            assert position.is_fully_known and position.boneyard == () and p.deals == 0
            assert min(m.value for m in accepted) - max(m.value for m in rejected) >= MARGIN
        else:
            assert not position.is_fully_known  # the learner sees only his own hand
            assert p.deals >= MIN_SHIP_DEALS and all(m.ev is not None for m in p.moves)
        if p.kind == "score-most":
            top = max(m.points for m in p.moves)
            assert {m.move for m in accepted} == {m.move for m in p.moves if m.points == top}
            assert any(m.points > 0 for m in rejected)  # a tempting lesser score
        if p.kind == "best-play":
            assert p.margin >= MARGIN  # the lowest 95% bound of best minus every rejected
            assert p.check_deals >= CHECK_FACTOR * p.deals and p.check_margin >= MARGIN  # and again
            assert max(m.value for m in accepted) == max(m.value for m in p.moves)
            # the second yardstick agrees: played out on each player's own information
            assert p.playouts >= PLAYOUTS and p.playout_margin >= MARGIN, p.id
            assert all(m.played is not None for m in p.moves), p.id
            assert max(m.played or 0.0 for m in accepted) > max(m.played or 0.0 for m in rejected), p.id
        if p.kind == "deny":
            assert all(m.points == 0 for m in p.moves)
            assert min(m.value for m in accepted) - max(m.value for m in rejected) >= MARGIN
            assert p.check_deals >= CHECK_FACTOR * p.deals and p.check_margin < MARGIN


def test_a_seeded_sample_is_proven_again_at_its_fixed_deals() -> None:
    """The suite re-proves a sample; benchmarks/puzzle_verify.py re-proves them all."""
    rng = random.Random(2026)
    for kind in KINDS:
        of_kind = [p for p in BANK if p.kind == kind]
        for puzzle in rng.sample(of_kind, 3 if kind in HIDDEN_KINDS else 8):
            assert verify(puzzle) == puzzle, puzzle.id


def test_verify_on_the_command_line_names_a_puzzle_whose_answer_was_changed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = next(p for p in BANK if p.kind == "endgame")
    wrong = next(m.move for m in good.moves if m.move not in good.accepted)
    bad = replace(good, id="e000000000", accepted=(wrong,))
    path = tmp_path / "bank.jsonl"
    path.write_text(good.to_json() + "\n" + bad.to_json() + "\n", encoding="utf-8")
    assert main(["puzzles", "verify", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["count"] == 2 and out["wrong"] == [bad.id]
    assert main(["puzzles", "verify", "--sample", "4", "--seed", "3", "--json"]) == 0  # the shipped bank
    out = json.loads(capsys.readouterr().out)
    assert out["count"] == 4 and out["wrong"] == []


def test_a_seeded_slice_of_the_bank_is_rebuilt_byte_for_byte() -> None:
    """Each hand's puzzles depend on its seed alone: rebuild the puzzles of a few hands
    (of this generator's, and of the earlier bank's, kept) and find the shipped lines."""
    lines = dict(zip((p.id for p in BANK), BANK_FILE.read_text(encoding="utf-8").splitlines()))
    rng = random.Random(7)
    new = [p for p in MOVES if not p.origin]
    for p in rng.sample(new, 4):
        rebuilt = [q.to_json() for _, q in found_in_hand(p.seed, (p.kind,))]
        assert rebuilt == [lines[p.id]], p.id
    from trainer.puzzles.generator import finish
    for p in rng.sample([p for p in MOVES if p.origin == "2"], 2):
        position, voids = found_again(p)
        again = finish(make_puzzle(p.kind, position, seed=p.seed, voids=voids, origin="2"))
        assert again.to_json() == lines[p.id]
    for p in rng.sample([p for p in MOVES if p.origin == "3"], 4):  # generator 3's, proven again
        record = replace(p, generator="3", origin="", tags=(), rating=1500, margin=0.0, moves=())
        assert keep_task(record.to_json()) == lines[p.id], p.id


def test_best_play_ships_only_where_the_play_outs_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    p = next(p for p in BANK if p.kind == "best-play")
    asked: list[tuple[int, int]] = []
    real = recheck_module.played_out

    def spy(view: Position, deals: int, seed: int, voids: object = None) -> Evidence:
        asked.append((deals, seed))
        return real(view, deals, seed, voids)  # type: ignore[arg-type]

    monkeypatch.setattr(recheck_module, "played_out", spy)
    assert verify(p) == p
    assert asked == [(p.playouts, p.seed)]  # the same play-outs again
    best = p.accepted[0]
    moves = tuple(sorted(p.parsed().legal_moves(), key=str))

    def hindsight(view: Position, deals: int, seed: int, voids: object = None) -> Evidence:
        rows = tuple(tuple(i % 3 for i in range(deals)) if str(m) == best else
                     tuple(4 + i % 3 for i in range(deals)) for m in moves)  # the answer behind
        return Evidence(moves, tuple(view.points(m) for m in moves), rows)

    monkeypatch.setattr(recheck_module, "played_out", hindsight)
    with pytest.raises(PuzzleError, match="played out"):
        best_play_playouts(p.parsed(), p.seed, p.accepted)
    with pytest.raises(PuzzleError, match="played out"):
        verify(p)


def test_bad_bank_lines_are_named() -> None:
    good = BANK[0].to_json()
    for bad, words in [("{", "not JSON"), ("[]", "not a JSON object"),
                       (good.replace('"kind":"', '"kind":"x'), "unknown kind"),
                       (good.replace('"rating"', '"ratin"'), "missing or bad field"),
                       (good.replace('"voids":{}', '"voids":{"9":[1]}'), "voids name a player")]:
        with pytest.raises(PuzzleError, match=words):
            load_bank(good + "\n" + bad)
    with pytest.raises(PuzzleError, match="line 2"):
        load_bank(good + "\n{")


# ----- the choice filter: moves that leave the same table are one choice -----

def test_choice_filter_merges_moves_that_leave_the_same_table() -> None:
    fresh = Position.from_code("6-6:::: 6-4,6-2,3-1/?6 ?18 0 0,0")
    assert twin_key(fresh, Move.parse("6-4@E")) == twin_key(fresh, Move.parse("6-4@W"))
    assert len(choices(fresh, [str(m) for m in fresh.legal_moves()])) == 2  # 6-4 and 6-2
    # arms N and S end in a 5 with other tiles inside: 5-1 on either leaves the same ends
    arms = Position.from_code("6-6:6-5,5-4,4-0,0-0,0-3,3-4,4-4,4-2:6-4,4-1,1-2,2-5,5-5:6-3,3-5:6-0,0-5 "
                              "?3/5-1,3-1,1-1 ?4 1 15,30")
    assert twin_key(arms, Move.parse("5-1@N")) == twin_key(arms, Move.parse("5-1@S"))
    assert real_choices(arms) == 2  # the puzzle d6b4e6558e of the earlier bank offered no real choice
    # the same end pip, but a double at one of them: not the same table
    doubled = Position.from_code("6-6:6-3,3-3:6-2,2-3:: 3-1,5-0/?7 ?14 0 0,0")
    assert twin_key(doubled, Move.parse("3-1@E")) != twin_key(doubled, Move.parse("3-1@W"))
    # a line's two ends alike; the spinner's sides before and after both hold a tile
    assert table_shape(Layout.parse("4-5,5-1")) == table_shape(Layout.parse("1-5,5-4"))
    assert table_shape(Layout.parse("5-5:5-3:5-2::")) == table_shape(Layout.parse("5-5:5-2:5-3::"))
    assert table_shape(Layout.parse("5-5:5-2:5-3::")) != table_shape(Layout.parse("5-5:5-2,2-3:::"))


def test_choice_filter_needs_three_real_choices_fewer_than_half_accepted() -> None:
    fresh = Position.from_code("6-6:::: 6-4,6-2,3-1/?6 ?18 0 0,0")
    infos = tuple(MoveInfo(str(m), 0, v) for m, v in zip(fresh.legal_moves(), (5, 5, 0, 0)))
    assert "real choices" in (interesting(fresh, infos, ("6-4@E", "6-4@W")) or "")
    p = puzzle_at(SPINNER, ("4-1@E", "4-1@W"))
    assert "accepted" in (interesting(p.parsed(), p.moves, p.accepted) or "")
    p = puzzle_at(SPINNER, ("4-1@W",))
    assert interesting(p.parsed(), p.moves, p.accepted) is None
    p = puzzle_at(SPINNER, ("6-5@N", "6-5@S"))  # 6-5 (N or S) is the only scoring choice
    assert "only scoring" in (interesting(p.parsed(), p.moves, p.accepted) or "")


def test_the_earlier_banks_puzzles_without_three_real_choices_are_refused() -> None:
    for code in ("4-4:4-6,6-2:4-2:4-0,0-1,1-6:4-1,1-5,5-5,5-6,6-3 6-0,2-1,1-1/?4 ?9 0 25,0",
                 "5-5:5-4,4-1,1-3,3-5:5-0,0-6,6-1,1-5::5-6,6-2,2-0,0-3 ?3/6-4,5-2,4-2,4-0,2-1 ?7 1 25,30 "
                 "cincos"):
        position = Position.from_code(code)
        with pytest.raises(PuzzleError, match="real choices"):
            make_puzzle("best-play", position, seed=1)


# ----- the re-check on fresh deals -----

def test_recheck_draws_twice_the_deals_from_a_different_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[int, int]] = []
    real = recheck_module.sampled

    def spy(view: Position, deals: int, seed: int, voids: object = None) -> Evidence:
        asked.append((deals, seed))
        return real(view, deals, seed, voids)  # type: ignore[arg-type]

    monkeypatch.setattr(recheck_module, "sampled", spy)
    p = next(p for p in BANK if p.kind == "best-play")
    assert verify(p) == p
    assert asked == [(p.check_deals, check_seed(p.seed))]
    assert check_deals(p.deals) == 2 * p.deals and check_seed(p.seed) != p.seed
    fresh = Sampled(p.parsed(), check_seed(p.seed), p.void_map()).upto(20)
    first = Sampled(p.parsed(), p.seed, p.void_map()).upto(20)
    assert fresh.values != first.values  # other deals, not the same ones again


def test_recheck_refuses_a_margin_that_held_only_on_the_first_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    p = next(p for p in BANK if p.kind == "best-play")
    best = p.accepted[0]
    position = p.parsed()
    moves = tuple(sorted(position.legal_moves(), key=str))

    def unlucky(view: Position, deals: int, seed: int, voids: object = None) -> Evidence:
        rows = tuple(tuple(10 + (i % 3) for i in range(deals)) if str(m) == best else
                     tuple(9 + (i % 3) for i in range(deals)) for m in moves)  # ahead by 1: not by 5
        return Evidence(moves, tuple(view.points(m) for m in moves), rows)

    monkeypatch.setattr(recheck_module, "sampled", unlucky)
    with pytest.raises(PuzzleError, match="fresh deals"):
        best_play_recheck(position, p.seed, p.check_deals, p.accepted)
    with pytest.raises(PuzzleError, match="fresh deals"):
        verify(p)


# ----- the screens -----

def test_deals_are_solved_once_and_are_those_paired_draws() -> None:
    view = Position.from_code(SPINNER)
    sampled = Sampled(view, seed=11)
    ten = sampled.upto(10)
    thirty = sampled.upto(30)
    assert sampled.solved_deals == 30 and thirty == paired(view, 30, 11)
    assert all(row[:10] == short for row, short in zip(thirty.values, ten.values))


def test_futile_drops_a_position_whose_best_is_the_only_scoring_choice_or_barely_ahead() -> None:
    view = Position.from_code(SPINNER)
    moves = tuple(sorted(view.legal_moves(), key=str))
    points = tuple(view.points(m) for m in moves)

    def ev(values: dict[str, int]) -> Evidence:
        rows = tuple(tuple(values[str(m)] + (i % 2) for i in range(20)) for m in moves)
        return Evidence(moves, points, rows)

    scoring = {str(m): (20 if view.points(m) else 0) for m in moves}
    assert "only scoring" in (futile(view, ev(scoring)) or "")
    close = {str(m): 0 for m in moves} | {"4-1@W": 24, "4-1@E": 20}  # 4 ahead of the next
    assert "less than" in (futile(view, ev(close)) or "")
    clear = {str(m): 0 for m in moves} | {"4-1@W": 30}
    assert futile(view, ev(clear)) is None


# ----- voids: what the other players showed they lack -----

def test_voids_in_the_hands_are_true_of_the_hidden_hands() -> None:
    checked = 0
    for seed in range(60):
        for position, voids in positions(seed):
            for player, pips in voids.items():
                assert player != position.turn
                assert not any(t.high in pips or t.low in pips for t in position.hand(player)), (seed, player)
                checked += 1
    assert checked > 100


def test_deny_counts_only_the_tiles_the_next_player_may_hold() -> None:
    view = Position.from_code("5-5:5-4:5-1:: 6-6,4-2,1-0/?6 ?16 0 0,0")
    move = Move.parse("4-2@E")
    every = reply_points(view, move)
    blind = reply_points(view, move, {1: frozenset(range(7))})
    assert every > 0 and blind == 0  # a player who lacks every suit scores nothing


def test_the_games_are_dealt_in_their_shares() -> None:
    dealt = Counter(game_of(s) for s in range(20_000))
    for game, share in DEALT:
        assert abs(dealt[game] / 20_000 - share) < 0.015, game


# ----- themes and rating -----

def test_no_theme_on_more_than_a_quarter_of_the_bank_and_each_is_used() -> None:
    counts = Counter(tag for p in BANK for tag in p.tags)
    for tag in TAGS:
        assert 0 < counts[tag] <= len(BANK) / 4, (tag, counts[tag])
    assert not set(counts) & set(RETIRED)
    for p in random.Random(5).sample(MOVES, 40):
        assert tags_of(p) == p.tags, p.id


def test_greedy_traps_are_shipped_on_purpose() -> None:
    traps = [p for p in BANK if "greedy-trap" in p.tags]
    assert len(traps) >= 300
    for p in traps:  # score-most and best play disagree, both figures kept
        assert not set(p.most_points()) & set(p.accepted)


def test_rating_rises_with_choices_and_count_and_falls_with_margin() -> None:
    base = next(p for p in BANK if p.kind == "best-play" and "greedy-trap" not in p.tags and p.margin < 15)
    wide = replace(base, margin=base.margin + 10)
    assert rating(wide) < rating(base)
    small = count_puzzle("5-5:5-2:::")
    large = count_puzzle("6-6:6-5,5-5:6-4:6-3:6-2,2-2")
    assert rating(small) < rating(large)
    assert all(p.rating == rating(p) for p in BANK if p.kind in MOVE_KINDS)
    from trainer.puzzles.reading import JITTER, RATINGS  # read puzzles: by players and question
    assert all(abs(p.rating - RATINGS[(p.question.split()[0], p.players)]) <= JITTER
               for p in BANK if p.kind == "read")


def test_what_the_answer_does_about_points_now_is_no_feature_of_the_rating() -> None:
    """A greedy trap is rated as the same puzzle would be with the points-taking move as
    its answer: only the position and the figures count."""
    traps = [p for p in MOVES if p.answer_kind() == "trap" and features(p)["accepted"] == 1][:50]
    assert len(traps) == 50
    for p in traps:
        taking = replace(p, accepted=p.most_points()[:1])
        assert taking.answer_kind() == "points" and rating(taking) == rating(p), p.id


def test_no_rating_band_is_more_than_seventy_percent_one_answer_kind() -> None:
    """Among move puzzles whose choices differ in points now, every band holds greedy
    traps and answers that take the most points alike."""
    counts: dict[str, Counter[str]] = {}
    for p in MOVES:
        kind = p.answer_kind()
        if kind is not None:
            counts.setdefault(band(p.rating), Counter())[kind] += 1
    assert set(counts) == {band(low) for low in (900, *RATING_BANDS)}
    for name, by in counts.items():
        assert max(by.values()) <= 0.7 * sum(by.values()), (name, by)


def test_rate_on_the_command_line_writes_todays_ratings(tmp_path: Path) -> None:
    stale = [replace(p, rating=1500) if p.kind in MOVE_KINDS else p for p in BANK[:300]]
    old = tmp_path / "old.jsonl"
    old.write_text("".join(p.to_json() + "\n" for p in stale), encoding="utf-8")
    out = tmp_path / "new.jsonl"
    assert main(["puzzles", "rate", str(old), "--out", str(out)]) == 0
    shipped_lines = BANK_FILE.read_text(encoding="utf-8").splitlines()
    assert out.read_text(encoding="utf-8").splitlines() == shipped_lines[:300]


# ----- the daily puzzle -----

def test_daily_is_the_same_for_a_date_and_never_repeats_within_a_year() -> None:
    pools = bands(BANK)
    start = date(2026, 1, 1)
    last_seen: dict[str, date] = {}
    for offset in range(2 * 366):
        day = start + timedelta(days=offset)
        week = (day - EPOCH).days // 7
        pool = pools[day.weekday()]
        puzzle = pool[week % len(pool)]
        assert puzzle == daily(BANK, day) or offset % 50  # the function agrees (checked on a sample)
        if puzzle.id in last_seen:
            assert (day - last_seen[puzzle.id]).days >= 365, (puzzle.id, day)
        last_seen[puzzle.id] = day


def test_daily_varies_the_kind_and_gets_harder_through_the_week() -> None:
    pools = bands(BANK)
    assert all(len(pool) >= MIN_BAND for pool in pools)
    assert [pool[0].kind for pool in pools] == [kind for kind, _, _ in PLAN]
    assert {kind for kind, _, _ in PLAN} == set(KINDS) - {"read"}  # a daily puzzle: a count or a move
    means = [sum(p.rating for p in pool) / len(pool) for pool in pools]
    assert means == sorted(means) and len(set(means)) == 7, means


def test_daily_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["daily", "--date", "2026-11-30", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["date"] == "2026-11-30" and out["id"] == daily(BANK, date(2026, 11, 30)).id
    assert {"id", "kind", "position", "rules", "accepted", "moves", "tags", "rating",
            "generator", "seed", "deals", "margin", "voids", "check_deals"} <= set(out)
    for bad in ("2026-13-01", "tomorrow", "20261130", ""):
        assert main(["daily", "--date", bad, "--json"]) == 2
        captured = capsys.readouterr()
        assert captured.out == "" and len(captured.err.strip().splitlines()) == 1
    with pytest.raises(PuzzleError):
        parse_date("2026-02-30")


def test_count_tiles_are_all_seen() -> None:
    """A count puzzle's accepted number is its board's count (and every tile is real)."""
    for p in [p for p in BANK if p.kind == "count"][:200]:
        layout = p.parsed().layout
        assert set(layout.tiles()) <= set(ALL_TILES) and p.accepted == (str(layout.count()),)


def test_each_puzzle_of_a_streak_is_rated_above_the_one_before() -> None:
    bank = shipped()
    for seed in range(20):
        rng = random.Random(seed)
        streak = Streak.for_rating(1200)
        ratings = []
        for _ in range(15):
            puzzle = next_puzzle(streak, bank, (), rng)
            ratings.append(puzzle.rating)
            streak = streak.answered(Entry(puzzle.id, puzzle.rating, puzzle.accepted[0], True))
        assert all(a < b for a, b in zip(ratings, ratings[1:])), (seed, ratings)  # each one harder
        assert ratings[-1] - ratings[0] >= 10 * STREAK_STEP // 2  # and they climb
