"""The `solve` command of notation.md: JSON on stdout, one-line errors and status 2."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from trainer.cli import main
from trainer.engine.game import Match
from trainer.engine.moves import Move
from trainer.engine.position import Position
from trainer.engine.rules import STANDARD
from trainer.engine.voids import voids_from_turns
from trainer.search.sampling import estimate

ENDGAME = ("0-0:0-3,3-4,4-6,6-5,5-5,5-1,1-0:0-4,4-2,2-1,1-3,3-2,2-0,0-5,5-4::"
           "0-6,6-3,3-3,3-5,5-2,2-2,2-6,6-1 6-6,4-4/4-1,1-1 - 1 15,15")
HIDDEN = ENDGAME.replace("6-6,4-4/4-1,1-1", "?2/4-1,1-1")
# player 0 holds nothing that fits and draws 0-5
DRAW = ("0-0:0-3,3-4,4-6,6-5,5-5,5-1,1-0:0-4,4-2,2-1,1-3,3-2,2-0::"
        "0-6,6-3,3-3,3-5,5-2,2-2,2-6,6-1 6-6,5-4/4-1,1-1 0-5,4-4 0 15,15")
# a hidden hand of three and a hidden boneyard of four, two players
LATE_HIDDEN = ("5-5:5-4,4-3,3-2,2-1:5-1,1-6,6-4,4-4,4-0,0-0,0-5:5-3,3-0,0-1,1-4:5-6,6-0 "
               "5-2,4-2,1-1/?3 ?4 0 15,10")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["solve", *args])
    out, err = capsys.readouterr()
    return status, out, err


def one_line_error(status: int, out: str, err: str) -> str:
    assert status == 2
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert err.strip()
    return err.strip()


def test_solve_json_of_the_worked_endgame(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, ENDGAME, "--json")
    assert status == 0 and err == ""
    assert out.count("\n") == 1
    result = json.loads(out)
    assert result == {
        "position": ENDGAME, "exact": True, "value": 20, "best": ["4-1@W"],
        "moves": [{"move": "4-1@W", "points": 0, "value": 20},
                  {"move": "4-1@S", "points": 0, "value": 10},
                  {"move": "1-1@S", "points": 0, "value": 0}]}
    assert list(result) == ["position", "exact", "value", "best", "moves"]
    assert all(list(m) == ["move", "points", "value"] for m in result["moves"])


def test_solve_json_best_holds_every_best_move(capsys: pytest.CaptureFixture[str]) -> None:
    """After 4-1@S player 0 may put 4-4 on W or S: both best, both -10."""
    code = Position.from_code(ENDGAME).play(Move.parse("4-1@S")).code()
    status, out, _ = run(capsys, code, "--json")
    assert status == 0
    result = json.loads(out)
    assert set(result) == {"position", "exact", "value", "best", "moves"}
    assert result["position"] == code and result["exact"] is True and result["value"] == -10
    assert sorted(result["best"]) == ["4-4@S", "4-4@W"]
    assert sorted(m["move"] for m in result["moves"]) == ["4-4@S", "4-4@W"]


@pytest.mark.parametrize("code", [
    ENDGAME,
    Position.from_code(ENDGAME).play(Move.parse("1-1@S")).code(),
    "5-5:::: 5-2,3-1/6-6,4-0 6-5,6-4,6-3,6-2,6-1,6-0,5-4,5-3,5-1,5-0,4-4,4-3,4-2,4-1,3-3,3-2,"
    "3-0,2-2,2-1,2-0,1-1,1-0,0-0 0 0,0",
])
def test_solve_json_moves_are_best_first(capsys: pytest.CaptureFixture[str], code: str) -> None:
    status, out, _ = run(capsys, code, "--json")
    assert status == 0
    result = json.loads(out)
    values = [m["value"] for m in result["moves"]]
    assert values == sorted(values, reverse=True)
    assert result["value"] == values[0]
    assert result["best"] == [m["move"] for m in result["moves"] if m["value"] == result["value"]]
    legal = sorted(str(m) for m in Position.from_code(code).legal_moves())
    assert sorted(m["move"] for m in result["moves"]) == legal


def test_solve_json_when_the_mover_must_draw(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, DRAW, "--json")
    assert status == 0
    result = json.loads(out)
    assert result["moves"] == [] and result["best"] == [] and result["exact"] is True
    assert isinstance(result["value"], int)


def test_solve_without_json_prints_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, ENDGAME)
    assert status == 0 and err == ""
    assert "4-1@W" in out and "20" in out


def test_hidden_position_without_samples(capsys: pytest.CaptureFixture[str]) -> None:
    for code in (HIDDEN, LATE_HIDDEN, "4-5,5-1 6-4,1-1/?7 ?17 0 0,0"):
        message = one_line_error(*run(capsys, code, "--json"))
        assert "?" in message or "hid" in message.lower(), message


def test_samples_estimate_is_stable(capsys: pytest.CaptureFixture[str]) -> None:
    status, first, err = run(capsys, LATE_HIDDEN, "--samples", "5", "--seed", "1", "--json")
    assert status == 0 and err == ""
    status, again, _ = run(capsys, LATE_HIDDEN, "--samples", "5", "--seed", "1", "--json")
    assert status == 0 and again == first
    result = json.loads(first)
    assert result["exact"] is False
    assert result["position"] == LATE_HIDDEN
    assert {"position", "exact", "value", "best", "moves"} <= set(result)
    legal = sorted(str(m) for m in Position.from_code(LATE_HIDDEN).legal_moves())
    assert sorted(m["move"] for m in result["moves"]) == legal
    values = [m["value"] for m in result["moves"]]
    assert values == sorted(values, reverse=True) and result["value"] == values[0]
    assert result["best"] and all(
        m["value"] == result["value"] for m in result["moves"] if m["move"] in result["best"])


def test_samples_on_the_hidden_endgame(capsys: pytest.CaptureFixture[str]) -> None:
    """Only 6-6 and 4-4 are unseen: every deal is the true one, so the estimate is exact."""
    status, out, _ = run(capsys, HIDDEN, "--samples", "3", "--seed", "2", "--json")
    assert status == 0
    result = json.loads(out)
    assert result["exact"] is False
    assert result["value"] == 20
    assert [(m["move"], m["value"]) for m in result["moves"]] == [
        ("4-1@W", 20), ("4-1@S", 10), ("1-1@S", 0)]
    assert result["best"] == ["4-1@W"]


@pytest.mark.parametrize("code", [
    "",
    "nonsense",
    "5-5:::: 6-6/4-4 - 0",
    "5-5:5-2:::: 6-6/4-4 - 0 0,0",
    ENDGAME.replace("6-6,4-4", "6-6,4-4,4-4"),
    ENDGAME.replace("6-6,4-4", "6-6,4-7"),
    ENDGAME.replace(" 1 15,15", " 2 15,15"),
    ENDGAME.replace(" 1 15,15", " 1 15"),
    ENDGAME + " bogus",
    ENDGAME.replace("6-6,4-4", "6-6"),
], ids=["empty", "nonsense", "four-fields", "bad-layout", "tile-twice", "bad-pip", "bad-turn",
        "bad-scores", "bad-rules", "27-tiles"])
def test_malformed_codes(capsys: pytest.CaptureFixture[str], code: str) -> None:
    one_line_error(*run(capsys, code, "--json"))


@pytest.mark.parametrize("line", [("4-1@W", "pass", "1-1@W"), ("4-1@S", "4-4@W")],
                         ids=["domino", "blocked"])
def test_finished_hand(capsys: pytest.CaptureFixture[str], line: tuple[str, ...]) -> None:
    position = Position.from_code(ENDGAME)
    for step in line:
        position = position.pass_turn() if step == "pass" else position.play(Move.parse(step))
    assert position.is_over
    one_line_error(*run(capsys, position.code(), "--json"))


@pytest.mark.parametrize("samples", ["0", "-1", "x", "2.5"])
def test_bad_samples(capsys: pytest.CaptureFixture[str], samples: str) -> None:
    one_line_error(*run(capsys, HIDDEN, "--samples", samples, "--seed", "1", "--json"))


def test_seed_without_samples(capsys: pytest.CaptureFixture[str]) -> None:
    one_line_error(*run(capsys, ENDGAME, "--seed", "1", "--json"))


def test_missing_position(capsys: pytest.CaptureFixture[str]) -> None:
    one_line_error(*run(capsys, "--json"))


def test_python_dash_m_trainer_solve(tmp_path: Path) -> None:
    """Run from another directory, as an installed command."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([sys.executable, "-m", "trainer", "solve", ENDGAME, "--json"],
                          capture_output=True, text=True, cwd=tmp_path, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    result = json.loads(done.stdout)
    assert result["value"] == 20 and result["best"] == ["4-1@W"] and result["exact"] is True
    assert [m["move"] for m in result["moves"]] == ["4-1@W", "4-1@S", "1-1@S"]


def test_samples_with_the_hands_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """--record: the estimate uses the suits the record shows the opponent lacks."""
    match = Match(STANDARD, 2, 0)
    rng = random.Random(0)
    for _ in range(14):
        match.play(rng.choice(match.legal_moves()))
    record = tmp_path / "hand.txt"
    record.write_text(match.record().text(), encoding="utf-8")
    position = match.position
    other = 1 - position.turn
    fields = position.code().split(" ")
    hands = fields[1].split("/")
    hands[other] = f"?{len(position.hand(other))}"
    fields[1], fields[2] = "/".join(hands), f"?{len(position.boneyard)}"
    code = " ".join(fields)
    voids = voids_from_turns(match.starts[-1], tuple(match.hands[-1]))
    assert voids.get(other), "the opponent drew in this hand"
    status, out, err = run(capsys, code, "--samples", "4", "--seed", "3", "--record", str(record), "--json")
    assert status == 0, err
    result = json.loads(out)
    assert result["exact"] is False
    expected = estimate(Position.from_code(code), 4, 3, voids)
    assert [(m["move"], m["value"]) for m in result["moves"]] == [
        (str(m.move), round(m.value, 3)) for m in expected.moves]
    one_line_error(*run(capsys, code, "--samples", "4", "--record", str(tmp_path / "none.txt")))
