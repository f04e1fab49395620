"""The command line of notation.md, run in-process (trainer.cli.main) and as `python -m trainer`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from trainer.cli import main
from trainer.engine.game import Match
from trainer.engine.record import Record


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    """Run a command with --json; it must succeed and print one JSON object, nothing else."""
    status = main([*args, "--json"])
    out, err = capsys.readouterr()
    assert status == 0 and err == ""
    assert out.endswith("\n") and out.count("\n") == 1
    result = json.loads(out)
    assert isinstance(result, dict)
    return result


@pytest.mark.parametrize(
    ("layout", "count", "points"),
    [("5-5:5-2:::", 12, 0), ("3-3:3-6:3-4::", 6 + 4, 10), ("6-4", 10, 10), ("-", 0, 0),
     ("2-3,3-1", 3, 0), ("1-1:1-4,4-4:1-6,6-6:1-2:1-3,3-3", 8 + 12 + 2 + 6, 0)],
)
def test_count_json(capsys: pytest.CaptureFixture[str], layout: str, count: int, points: int) -> None:
    result = run_json(capsys, "count", layout)
    assert result == {"layout": layout, "count": count, "points": points}


def test_count_text_mentions_the_total(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["count", "3-3:3-6:3-4::"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and "10" in out and "3-3:3-6:3-4::" in out


MOVES_POSITION = "4-5,5-1 6-1,4-3,4-0,1-1/?7 ?15 0 0,0"


def test_moves_json_lists_every_move_sorted(capsys: pytest.CaptureFixture[str]) -> None:
    """Ends W4, E1. Worked by hand: 6-1@E makes 4 + 6 = 10; the others score nothing."""
    result = run_json(capsys, "moves", MOVES_POSITION)
    assert set(result) == {"position", "count", "moves"}
    assert result["position"] == MOVES_POSITION
    assert result["count"] == 5
    assert result["moves"] == [
        {"move": "6-1@E", "points": 10, "layout": "4-5,5-1,1-6"},
        {"move": "1-1@E", "points": 0, "layout": "1-1::1-5,5-4::"},
        {"move": "4-0@W", "points": 0, "layout": "0-4,4-5,5-1"},
        {"move": "4-3@W", "points": 0, "layout": "3-4,4-5,5-1"},
    ]


def test_moves_json_ties_sorted_by_move_text(capsys: pytest.CaptureFixture[str]) -> None:
    """Lone spinner 5-5 (W and E both 5): 5-0 scores 10 + 0 = 10 either side, 5-2 scores
    nothing (12); each tile gives both sides, ordered by text within equal points."""
    result = run_json(capsys, "moves", "5-5:::: 5-2,5-0/?7 ?18 0 0,0")
    assert [(m["move"], m["points"]) for m in result["moves"]] == [
        ("5-0@E", 10), ("5-0@W", 10), ("5-2@E", 0), ("5-2@W", 0)]
    assert all(set(m) == {"move", "points", "layout"} for m in result["moves"])
    assert result["count"] == 10


def test_moves_json_no_move(capsys: pytest.CaptureFixture[str]) -> None:
    result = run_json(capsys, "moves", "4-5,5-1 6-6,3-2/?24 - 0 7,3")
    assert result["moves"] == [] and result["count"] == 5


def test_moves_json_finished_hand_lists_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    """Player 0 has gone out (hand `-`): the hand is over, player 1 has no legal move."""
    result = run_json(capsys, "moves", "4-5,5-1,1-3 -/6-4,1-0 ?23 1 0,0")
    assert result["moves"] == []


def test_moves_json_empty_table(capsys: pytest.CaptureFixture[str]) -> None:
    """A lead: every tile of the hand, a bare tile each; 5-0 and 6-4 score."""
    result = run_json(capsys, "moves", "- 6-4,5-0,2-1/?7 ?18 0 0,0")
    assert [(m["move"], m["points"], m["layout"]) for m in result["moves"]] == [
        ("6-4", 10, "6-4"), ("5-0", 5, "5-0"), ("2-1", 0, "2-1")]


BAD_ARGUMENTS = [
    [],
    ["count"],
    ["frobnicate"],
    ["count", "5-5:5-2:::", "--bogus"],
    ["count", "4-5,1-3"],
    ["count", "5-5:5-2::5-1:"],
    ["count", "7-1"],
    ["count", "²-1"],
    ["moves", "4-5,5-1 ?7/?7 ?12 0"],
    ["moves", "5-5:::: 5-5,6-6/?6 ?20 0 0,0"],
    ["moves", "4-5,5-1 ?7/?7 ?12 0 0,0"],  # the mover's hand is hidden
    ["moves", "4-5,5-1 ?7/?7 ?12 ² 0,0"],
    ["simulate", "--players", "5"],
    ["simulate", "--seed", "x"],
    ["simulate", "--rules", "blitz"],
    ["simulate", "--target", "0"],
    ["simulate", "--hand-sizes", "6"],
    ["simulate", "--bots", "foo"],
    ["simulate", "--players", "3", "--rules", "partners"],
    ["simulate", "--players", "3", "--bots", "random,greedy"],
]


@pytest.mark.parametrize("args", BAD_ARGUMENTS, ids=lambda a: " ".join(a).encode("unicode_escape").decode())
@pytest.mark.parametrize("as_json", [False, True])
def test_bad_arguments_exit_2_with_one_line(capsys: pytest.CaptureFixture[str], args: list[str],
                                            as_json: bool) -> None:
    """Status 2, exactly one non-empty line on stderr, nothing on stdout, no traceback."""
    try:
        status = main(args + (["--json"] if as_json and args else []))
    except SystemExit as stop:  # argparse must not exit on its own
        status = stop.code  # type: ignore[assignment]
    out, err = capsys.readouterr()
    assert status == 2
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1 and err.strip()
    assert "Traceback" not in err


def simulate(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[str, dict[str, Any]]:
    status = main(["simulate", *args, "--json"])
    out, err = capsys.readouterr()
    assert status == 0 and err == ""
    return out, json.loads(out)


@pytest.mark.parametrize(
    ("seed", "players", "rules"),
    [(1, 2, "standard"), (2, 3, "standard"), (3, 4, "standard"), (4, 4, "partners"),
     (5, 2, "cincos"), (6, 3, "cincos")],
)
def test_simulate_record_replays_to_the_printed_scores(capsys: pytest.CaptureFixture[str], seed: int,
                                                       players: int, rules: str) -> None:
    out, result = simulate(capsys, "--seed", str(seed), "--players", str(players), "--rules", rules)
    assert result["rules"] == rules and result["players"] == players and result["seed"] == seed
    record = Record.parse(result["record"])
    assert (record.rules.name, record.players, record.seed, record.target) == (
        rules, players, seed, result["target"])
    replayed = Match.replay(record)
    assert list(replayed.scores) == result["scores"]
    assert replayed.winner == result["winner"]
    assert len(replayed.hands) == result["hands"]
    assert replayed.record().text() == result["record"]
    # independent of the engine: the winner reached the target and nobody else did
    assert result["target"] == {"standard": 250 if players == 2 else 200, "partners": 200,
                                "cincos": 150}[rules]
    scores = result["scores"]
    assert scores[result["winner"]] >= result["target"]
    assert sum(score >= result["target"] for score in scores) == 1
    assert len(scores) == (2 if rules == "partners" else players)
    again, _ = simulate(capsys, "--seed", str(seed), "--players", str(players), "--rules", rules)
    assert again == out


def test_simulate_options_are_kept_in_the_record(capsys: pytest.CaptureFixture[str]) -> None:
    _, result = simulate(capsys, "--seed", "9", "--players", "3", "--target", "60",
                         "--hand-sizes", "5", "--bots", "random,greedy,random")
    record = Record.parse(result["record"])
    assert record.target == 60 and record.rules.hand_sizes == "5"
    assert Match.replay(record).scores == tuple(result["scores"])
    first_hand = record.hands[0]
    assert first_hand[0].move is not None and first_hand[0].move.side is None


def test_simulate_text_output_ends_with_the_scores(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--seed", "4", "--target", "50"]) == 0
    text, _ = capsys.readouterr()
    _, result = simulate(capsys, "--seed", "4", "--target", "50")
    assert text.startswith(result["record"])
    assert f"# final scores {','.join(map(str, result['scores']))}" in text
    assert Record.parse(text) == Record.parse(result["record"])  # the comment line is ignored


def test_simulate_different_seeds_differ(capsys: pytest.CaptureFixture[str]) -> None:
    a, _ = simulate(capsys, "--seed", "1", "--target", "30")
    b, _ = simulate(capsys, "--seed", "2", "--target", "30")
    assert a != b


def run_module(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "trainer", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=120)


def test_python_m_trainer_count(tmp_path: Path) -> None:
    """Run from anywhere: one JSON object on stdout."""
    done = run_module("count", "5-5:5-2:5-3::", "--json", cwd=tmp_path)
    assert done.returncode == 0 and done.stderr == ""
    assert json.loads(done.stdout) == {"layout": "5-5:5-2:5-3::", "count": 5, "points": 5}


def test_python_m_trainer_bad_code(tmp_path: Path) -> None:
    done = run_module("moves", "5-5:::: 5-5,6-6/?6 ?20 0 0,0", "--json", cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "5-5" in done.stderr


def test_python_m_trainer_simulate_same_seed_same_output(tmp_path: Path) -> None:
    first = run_module("simulate", "--seed", "12", "--players", "3", "--json", cwd=tmp_path)
    second = run_module("simulate", "--seed", "12", "--players", "3", "--json", cwd=tmp_path)
    assert first.returncode == 0 and first.stderr == ""
    assert first.stdout == second.stdout
    result = json.loads(first.stdout)
    assert list(Match.replay(Record.parse(result["record"])).scores) == result["scores"]
