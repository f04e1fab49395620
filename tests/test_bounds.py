"""Bounded work and bounded numbers: every request costs bounded time, every number
read from outside text is checked before `int()` sees it, and every bad input is the
documented error (TrainerError; on the command line one line on stderr, status 2)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import streamlit as st
from hypothesis import given, settings
from hypothesis import strategies as hs
from streamlit.testing.v1 import AppTest

from tests.support import as_in_a_terminal
from trainer.cli import main
from trainer.engine.numbers import SCORE_LIMIT, SEED_LIMIT, whole
from trainer.engine.position import Position
from trainer.engine.record import Record
from trainer.errors import TrainerError
from trainer.play.session import PlaySession, PlaySettings
from trainer.search.playouts import playout_estimate
from trainer.store import ENV

ROOT = Path(__file__).resolve().parent.parent
APP = str(ROOT / "app.py")
DIGITS = "9" * 5000  # past Python's 4,300-digit limit of int()
LONG = "9" * 300  # a number far too big for any field, in a code of the longest allowed
# four hands of seven under cincos: the exact search takes minutes
BIG = ("- 6-5,6-2,6-1,4-1,4-0,2-2,1-0/6-6,5-4,5-2,5-1,4-3,3-3,0-0/6-0,5-5,5-0,4-4,4-2,3-1,3-0/"
       "6-4,6-3,5-3,3-2,2-1,2-0,1-1 - 1 0,0,0,0 cincos")
HIDDEN = "4-5,5-1 6-4,1-1/?7 ?17 0 0,0"


# ----- the app's work -----
def test_the_analysis_page_never_solves_without_a_limit(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV, str(tmp_path / "progress.db"))
    st.cache_resource.clear()
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["analysis_budget"] = 0.3
    at.query_params["position"] = BIG
    at.run()
    started = time.monotonic()
    at.switch_page("ui/analysis.py").run()
    assert time.monotonic() - started < 30
    assert not at.exception and not at.error
    assert any("too big to solve exactly here" in w.value for w in at.warning)
    assert not at.success  # no exact value is claimed
    table = at.table[0].value
    assert len(table) == len(Position.from_code(BIG).legal_moves()) and all("±" in v for v in table["value"])
    assert any("rough guide, not best play" in c.value for c in at.caption)



def test_a_huge_pasted_code_gets_a_short_error_and_stays_out_of_the_address(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV, str(tmp_path / "progress.db"))
    st.cache_resource.clear()
    huge = HIDDEN + " " + "1-2," * 30_000
    with pytest.raises(TrainerError, match=r"at most 400 characters long; this one has 120\d+"):
        Position.from_code(huge)
    with pytest.raises(TrainerError) as caught:  # a field's text is echoed cut short
        Position.from_code(HIDDEN + " " + "1-2," * 50)
    assert len(str(caught.value)) < 150 and "…" in str(caught.value)
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.switch_page("ui/analysis.py").run()
    at.session_state["analysis_view"] = "paste"
    at.run()
    at.text_input[0].input(huge)
    at.button[0].click().run()  # the form's "Analyse"
    assert not at.exception
    assert [len(e.value) < 200 and "400" in e.value for e in at.error] == [True]
    assert "position" not in at.query_params

def test_the_analysis_pages_estimate_is_bounded_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV, str(tmp_path / "progress.db"))
    hidden = BIG.replace("6-5,6-2,6-1,4-1,4-0,2-2,1-0", "?7").replace("6-0,5-5,5-0,4-4,4-2,3-1,3-0", "?7")
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["analysis_budget"] = 0.3
    at.query_params["position"] = hidden
    at.run()
    at.switch_page("ui/analysis.py").run()
    assert not at.warning and not at.exception
    at.button(key="estimate").click().run()
    assert not at.exception and any("too big to solve exactly here" in w.value for w in at.warning)
    assert all("±" in v for v in at.table[0].value["value"])


def test_playout_estimates_are_bounded_and_seeded() -> None:
    big = Position.from_code(BIG)
    started = time.monotonic()
    rough = playout_estimate(big, 10**4, seed=5, time_limit=0.2)
    assert time.monotonic() - started < 5 and 1 <= rough.samples < 10**4
    again = playout_estimate(Position.from_code(HIDDEN), 30, seed=5)
    assert again == playout_estimate(Position.from_code(HIDDEN), 30, seed=5) and again.samples == 30
    with pytest.raises(TrainerError):
        playout_estimate(big, 10**9, seed=1)


def test_a_drill_link_far_into_a_run_costs_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV, str(tmp_path / "progress.db"))
    at = AppTest.from_file(APP, default_timeout=30)
    at.query_params["drill"] = "total:1:run1.9999"
    at.run()
    started = time.monotonic()
    at.switch_page("ui/drills.py").run()
    assert time.monotonic() - started < 15 and not at.exception
    assert at.warning  # a link past the run's last board is refused, not replayed


# ----- numbers on the command line -----
CLI_BAD = [
    (["moves", f"4-5,5-1 6-4,1-1/?7 ?17 0 {LONG},0"], "field SCORES"),
    (["moves", f"4-5,5-1 6-4,1-1/?{LONG} ?17 0 0,0"], "hidden count"),
    (["moves", f"4-5,5-1 6-4,1-1/?7 ?17 {LONG} 0,0"], "field TURN"),
    (["moves", f"4-5,5-1 6-4,1-1/?7 ?{LONG} 0 0,0"], "hidden count"),
    (["moves", f"4-5,5-1 6-4,1-1/?7 ?17 0 {DIGITS},0"], "at most 400 characters"),
    (["moves", f"4-5,5-1 6-4,1-1/?7 ?17 0 {SCORE_LIMIT + 1},0"], "field SCORES"),
    (["moves", "4-5,5-1 6-4,1-1/?7 ?17 0 ²,0"], "field SCORES"),
    (["solve", HIDDEN, "--samples", "1000000000"], "--samples"),
    (["solve", HIDDEN, "--samples", "²"], "--samples"),
    (["solve", HIDDEN, "--samples", "1", "--seed", "²"], "--seed"),
    (["solve", HIDDEN, "--samples", "1", "--seed", str(SEED_LIMIT)], "--seed"),
    (["solve", HIDDEN, "--samples", "1", "--seed", DIGITS], "--seed"),
    (["solve", HIDDEN, "--samples", "1", "--record", sys.executable], "not a text file"),
    (["simulate", "--target", DIGITS], "--target"),
    (["simulate", "--seed", "-" + DIGITS], "--seed"),
    (["puzzles", "generate", "--count", DIGITS, "--seed", "1", "--out", os.devnull], "--count"),
    (["puzzles", "verify", sys.executable], "not a text file"),
    (["puzzles", "generate", "--count", "2", "--seed", "1", "--out", os.devnull, "--quotas",
      "best-play=1,endgame=1", "--answers", "1000-1199:greedy=2"], "--answers '1000-1199:greedy=2'"),
    (["puzzles", "generate", "--count", "2", "--seed", "1", "--out", os.devnull, "--quotas",
      "best-play=1,endgame=1", "--answers", "2000+:trap=" + DIGITS], "--answers"),
]


@pytest.mark.parametrize("args, message", CLI_BAD, ids=[f"{a[0]}-{i}" for i, (a, _) in enumerate(CLI_BAD)])
def test_bad_numbers_and_files_on_the_command_line_are_one_line_errors(
        capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and message in err, err[:300]
    assert len(err) < 400  # the text of thousands of digits is not echoed


def test_records_and_bank_files_with_huge_or_hostile_numbers(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    good = Record.parse(PlaySession(PlaySettings(seed=3)).save()).text()
    for key in ("target", "seed", "players"):
        spoiled = "\n".join(f"{key}: {DIGITS}" if line.startswith(f"{key}:") else line
                            for line in good.splitlines())
        record = tmp_path / f"{key}.txt"
        record.write_text(spoiled)
        assert main(["solve", HIDDEN, "--samples", "1", "--record", str(record)]) == 2
        err = capsys.readouterr().err
        assert f"record: {'the ' if key != 'players' else ''}{key}" in err and len(err) < 400, err[:300]
    bank = tmp_path / "bank.jsonl"
    hostile = ('{"rating": ' + DIGITS + "}", "[" * 100_000, '{"kind": "count", "moves": [], "rating": 1e400}')
    for line in hostile:
        bank.write_text(line + "\n")
        assert main(["puzzles", "verify", str(bank)]) == 2
        assert capsys.readouterr().err.startswith("error: line 1")


def test_ctrl_c_stops_a_command_line_solve_at_once() -> None:
    # The command's own main, started once the package is imported (a loaded machine may
    # take over a second to import it), so the signal lands in the search.
    script = ("import sys, trainer.cli; print('ready', flush=True); "
              f"sys.exit(trainer.cli.main(['solve', {BIG!r}]))")
    process = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT,
                               env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, preexec_fn=as_in_a_terminal)
    assert process.stdout is not None and process.stdout.readline().strip() == "ready"
    time.sleep(0.5)  # the search is under way
    process.send_signal(signal.SIGINT)
    started = time.monotonic()
    try:
        _, err = process.communicate(timeout=20)
    finally:
        process.kill()
    assert time.monotonic() - started < 5
    assert process.returncode == 130 and err.strip() == "error: interrupted", err[-500:]


# ----- numbers in codes, records and saved games -----
def test_whole_numbers_are_bounded_before_int_sees_them() -> None:
    assert whole(str(SEED_LIMIT - 1), "seed", 0, SEED_LIMIT - 1) == SEED_LIMIT - 1
    for text in (str(SEED_LIMIT), "²", "١٢", "+5", "1_0", " 5", "", "-0" + DIGITS, DIGITS):
        with pytest.raises(TrainerError):
            whole(text, "seed", 0, SEED_LIMIT - 1)
    edge = Position.from_code(f"6-6:::: 5-5/?6 ?20 1 {SCORE_LIMIT},-{SCORE_LIMIT}")
    assert edge.scores == (SCORE_LIMIT, -SCORE_LIMIT)


def test_saved_games_with_hostile_numbers_are_refused() -> None:
    good = PlaySession(PlaySettings(seed=3)).save()
    for spoil in (("budget=1.0", "budget=inf"), ("budget=1.0", "budget=nan"), ("budget=1.0", "budget=1e9"),
                  ("learner=0", f"learner={DIGITS}"), ("learner=0", "learner=²"), ("learner=0", "learner=7")):
        with pytest.raises(TrainerError):
            PlaySession.load(good.replace(*spoil))
    for claim in (f"# claim: 1 0 {DIGITS} 5", "# claim: ² 0 5 5", "# claim: 1 0 -5 5"):
        with pytest.raises(TrainerError):
            PlaySession.load(good.replace("# play:", claim + "\n# play:"))


def test_the_play_pages_deal_number_takes_only_digits_below_2_63(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV, str(tmp_path / "progress.db"))
    at = AppTest.from_file(APP, default_timeout=60).run()
    at.switch_page("ui/play.py").run()
    for bad in ("²", str(SEED_LIMIT), DIGITS[:200], "12a"):
        at.text_input[0].input(bad)
        list(at.get("form_submit_button"))[0].click().run()
        assert not at.exception and at.warning, bad
        assert at.session_state["play"] is None


ALPHABET = "0123456789-,:/?² abcdefgpinostar"


@settings(max_examples=300, deadline=None)
@given(hs.text(ALPHABET, max_size=60), hs.integers(0, 4))
def test_every_parser_failure_is_a_trainer_error(text: str, where: int) -> None:
    fields = ["6-6:6-4:::", "5-5/?7", "?14", "1", "0,0"]
    fields[where] = text
    try:
        Position.from_code(" ".join(fields))
    except TrainerError:
        pass
    try:
        Record.parse(f"rules: standard\nplayers: 2\ntarget: {text}\nhand-sizes: 7\nseed: 1\n")
    except TrainerError:
        pass
