"""The puzzle bank: every shipped puzzle re-solved, generation deterministic, tags,
and the daily schedule."""

from __future__ import annotations

import json
from collections import defaultdict
from datetime import date, timedelta

import pytest

from trainer.bank import shipped
from trainer.cli import main
from trainer.daily import EPOCH, bands, daily, parse_date
from trainer.layout import Layout
from trainer.moves import Move
from trainer.position import Position
from trainer.puzzlegen import generate, quotas
from trainer.puzzles import KINDS, MARGIN, MoveInfo, Puzzle, PuzzleError, load_bank, make_puzzle, verify
from trainer.tags import TAGS, tags_of

ENDGAME = ("0-0:0-3,3-4,4-6,6-5,5-5,5-1,1-0:0-4,4-2,2-1,1-3,3-2,2-0,0-5,5-4::"
           "0-6,6-3,3-3,3-5,5-2,2-2,2-6,6-1 6-6,4-4/4-1,1-1 - 1 15,15")
BANK = shipped()


def test_the_bank_is_big_varied_and_unique() -> None:
    assert len(BANK) >= 1500
    assert {p.kind for p in BANK} == set(KINDS)
    assert len({p.id for p in BANK}) == len(BANK)
    assert len({p.position for p in BANK}) == len(BANK)
    assert all(p.generator == "1" for p in BANK)
    assert all(set(p.tags) <= set(TAGS) for p in BANK)


def test_every_shipped_puzzle_is_solved_again_to_the_same_answers() -> None:
    """All of them, not a sample: verification takes about two seconds."""
    for puzzle in BANK:
        assert verify(puzzle) == puzzle, puzzle.id


def test_answers_follow_each_kind_rule() -> None:
    for p in BANK:
        position = p.parsed()
        if p.kind == "count":
            assert p.accepted == (str(position.layout.count()),)
            continue
        legal = {str(m) for m in position.legal_moves()}
        assert {m.move for m in p.moves} == legal and len(legal) >= 2
        for m in p.moves:  # points now, recomputed from the layout
            move = Move.parse(m.move)
            assert m.points == position.layout.place(move.tile, move.side).points()
        best = max(m.value for m in p.moves)
        assert set(p.accepted) == {m.move for m in p.moves if m.value == best}
        if p.kind == "best-play":
            assert all(m.value == m.points for m in p.moves) and best > 0
        rest = [m.value for m in p.moves if m.value < best]
        assert rest, "every puzzle has a wrong answer"
        if p.kind in ("endgame", "deny"):
            assert best - max(rest) >= MARGIN
        if p.kind == "endgame":
            assert position.is_fully_known and position.boneyard == ()
        else:
            assert not position.is_fully_known  # the learner sees only his own hand
        if p.kind == "deny":
            assert all(m.points == 0 for m in p.moves)


def test_generation_is_deterministic_and_fills_the_quotas() -> None:
    first = generate(24, 5)
    assert [p.to_json() for p in first] == [p.to_json() for p in generate(24, 5)]
    assert [p.to_json() for p in first] != [p.to_json() for p in generate(24, 6)]
    counts = defaultdict(int)
    for p in first:
        counts[p.kind] += 1
    assert dict(counts) == {k: v for k, v in quotas(24).items() if v}


def test_the_command_rebuilds_the_shipped_bank_byte_for_byte(tmp_path: object) -> None:
    from pathlib import Path
    out = Path(str(tmp_path)) / "bank.jsonl"
    assert main(["puzzles", "generate", "--count", str(len(BANK)), "--seed", "2026",
                 "--out", str(out)]) == 0
    shipped_text = (Path(__file__).resolve().parent.parent / "puzzles" / "bank.jsonl").read_bytes()
    assert out.read_bytes() == shipped_text


def test_bad_bank_lines_are_named() -> None:
    good = BANK[0].to_json()
    for bad, words in [("{", "not JSON"), ("[]", "not a JSON object"),
                       (good.replace('"kind":"', '"kind":"x'), "unknown kind"),
                       (good.replace('"rating"', '"ratin"'), "missing or bad field")]:
        with pytest.raises(PuzzleError, match=words):
            load_bank(good + "\n" + bad)
    with pytest.raises(PuzzleError, match="line 2"):
        load_bank(good + "\n{")


# ----- tags: each function with a positive and a negative example -----

def count_puzzle(code: str) -> Puzzle:
    """A count puzzle of a layout, the other tiles hidden."""
    on_table = len(Layout.parse(code))
    position = Position.from_code(f"{code} ?1/?1 ?{28 - 2 - on_table} 0 0,0")
    return make_puzzle("count", position, seed=0)


def with_moves(moves: list[tuple[str, int, int]], rules: str = "standard") -> Puzzle:
    infos = tuple(MoveInfo(m, p, v) for m, p, v in moves)
    best = max(v for _, _, v in moves)
    code = "5-5:5-2::: 6-6/?8 ?16 0 0,0" + ("" if rules == "standard" else f" {rules}")
    return Puzzle("x", "best-play", code, rules, tuple(m for m, _, v in moves if v == best), infos)


def test_tag_spinner_four_arms_double_at_end() -> None:
    assert TAGS["spinner"](count_puzzle("5-5:5-2:::"))
    assert not TAGS["spinner"](count_puzzle("4-5,5-1"))
    assert TAGS["four-arms"](count_puzzle("0-0:0-6:0-5:0-4:0-1"))
    assert not TAGS["four-arms"](count_puzzle("5-5:5-2:5-3::"))
    assert TAGS["double-at-end"](count_puzzle("6-6:6-4,4-4:::"))
    assert not TAGS["double-at-end"](count_puzzle("5-5:5-2:::"))


def test_tag_big_score_set_up_greedy_trap_deny_count() -> None:
    assert TAGS["big-score"](with_moves([("a", 20, 20), ("b", 5, 5)]))
    assert not TAGS["big-score"](with_moves([("a", 15, 15), ("b", 20, 0)]))
    assert TAGS["set-up"](with_moves([("a", 0, 10), ("b", 5, 0)]))
    assert not TAGS["set-up"](with_moves([("a", 5, 10), ("b", 0, 0)]))
    assert TAGS["greedy-trap"](with_moves([("a", 0, 10), ("b", 10, 0)]))
    assert not TAGS["greedy-trap"](with_moves([("a", 10, 10), ("b", 0, 0)]))
    assert TAGS["deny-count"](with_moves([("a", 0, -5), ("b", 0, -15)]))
    assert not TAGS["deny-count"](with_moves([("a", 5, 5), ("b", 0, 0)]))


def test_tag_cincos() -> None:
    assert TAGS["cincos"](with_moves([("a", 5, 5), ("b", 0, 0)], rules="cincos"))
    assert not TAGS["cincos"](with_moves([("a", 5, 5), ("b", 0, 0)]))


def test_tag_domino_and_block_follow_the_best_line() -> None:
    worked = make_puzzle("endgame", Position.from_code(ENDGAME), seed=0)
    assert worked.accepted == ("4-1@W",)
    assert worked.line == ("0:pass", "1:1-1@S") or worked.line[0] == "0:pass"
    assert TAGS["domino"](worked) and not TAGS["block"](worked)
    blocked = [p for p in BANK if "block" in p.tags]
    assert blocked
    for p in blocked[:20]:  # replay the line independently: nobody can play at its end
        position = p.parsed().play(Move.parse(p.accepted[0]))
        for step in p.line:
            action = step.split(":")[1]
            position = (position.draw() if action == "draw" else position.pass_turn()
                        if action == "pass" else position.play(Move.parse(action)))
        assert position.boneyard == () and all(position.hand(q) for q in range(position.players))
        assert not any(position.moves_for(q) for q in range(position.players))
        assert not TAGS["domino"](p)
    assert not TAGS["domino"](with_moves([("a", 5, 5), ("b", 0, 0)]))
    assert not TAGS["block"](with_moves([("a", 5, 5), ("b", 0, 0)]))


def test_tags_of_lists_in_order() -> None:
    assert tags_of(count_puzzle("6-6:6-4,4-4:::")) == ("spinner", "double-at-end")


# ----- the daily puzzle -----

def test_daily_is_the_same_for_a_date_and_never_repeats_within_a_year() -> None:
    start = date(2026, 1, 1)
    last_seen: dict[str, date] = {}
    for offset in range(3 * 366):
        day = start + timedelta(days=offset)
        puzzle = daily(BANK, day)
        if puzzle.id in last_seen:
            assert (day - last_seen[puzzle.id]).days >= 365, (puzzle.id, day)
        last_seen[puzzle.id] = day
    assert daily(BANK, date(2027, 3, 1)) == daily(BANK, date(2027, 3, 1))


def test_daily_gets_harder_through_the_week() -> None:
    monday = EPOCH
    means = []
    for weekday in range(7):
        ratings = [daily(BANK, monday + timedelta(days=7 * w + weekday)).rating for w in range(52)]
        means.append(sum(ratings) / len(ratings))
    assert means == sorted(means)
    assert all(len(band) >= 53 for band in bands(BANK))


def test_daily_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["daily", "--date", "2026-11-30", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["date"] == "2026-11-30" and out["id"] == daily(BANK, date(2026, 11, 30)).id
    assert {"id", "kind", "position", "rules", "accepted", "moves", "tags", "rating",
            "generator", "seed"} <= set(out)
    for bad in ("2026-13-01", "tomorrow", "20261130", ""):
        assert main(["daily", "--date", bad, "--json"]) == 2
        captured = capsys.readouterr()
        assert captured.out == "" and len(captured.err.strip().splitlines()) == 1
    with pytest.raises(PuzzleError):
        parse_date("2026-02-30")
