"""The C core cannot crash: raw arguments, good and bad, to every function of
`trainer.search._fast`, and the public calls that once reached it with impossible positions.

Each check runs in a child process, so a crash (SIGSEGV, abort) fails the test
instead of ending the test run. Inside the child, any Python exception is fine:
bad input must be refused with one, never crash the interpreter.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.support import as_in_a_terminal

pytest.importorskip("trainer.search._fast", reason="the C extension is not built here (pure Python)")

ROOT = Path(__file__).resolve().parent.parent


def run_child(source: str, timeout: float = 120) -> str:
    """Run `source` in a fresh interpreter; fail unless it exits normally."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(source)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, (
        f"the child ended with {done.returncode} (negative: killed by that signal)\n"
        f"{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    return done.stdout


FUZZ = """
from hypothesis import HealthCheck, given, settings, strategies as st
from trainer.search import _fast
junk = st.one_of(st.none(), st.text(max_size=3), st.floats(), st.lists(st.integers(), max_size=3),
                 st.integers(min_value=-2**70, max_value=2**70))
pip = st.one_of(st.integers(-3, 8), junk)
tile_bits = st.one_of(st.integers(-5, 2**29), st.sampled_from([2**28 - 1, 2**28, 2**32, 2**64, -1]), junk)
hands = st.one_of(st.lists(tile_bits, min_size=0, max_size=6).map(tuple), junk)
bone = st.one_of(st.lists(st.one_of(st.integers(-3, 31), junk), max_size=60).map(tuple), junk)
quad = st.tuples(pip, pip, pip, pip)
layout = st.one_of(st.tuples(pip, pip, pip, quad, quad), st.tuples(pip, pip), junk)
turn = st.one_of(st.integers(-3, 6), st.integers(-2**40, 2**40))
scores = st.one_of(st.lists(st.one_of(st.integers(-2**40, 2**40), junk), max_size=6).map(tuple), junk)
rules = st.sampled_from(["standard", "partners", "cincos", "", "x" * 100, "standard\\x00"])
pairs = st.one_of(st.lists(st.one_of(st.tuples(st.integers(-2, 30), st.integers(-2, 6)), junk), max_size=40),
                  junk)
counts = {"ok": 0, "refused": 0}

def call(f, *args, **kwargs):
    try:
        f(*args, **kwargs)
        counts["ok"] += 1
    except (ValueError, TypeError, OverflowError, MemoryError) as error:
        assert str(error), repr(error)
        counts["refused"] += 1

fast = settings(max_examples=250, deadline=None, database=None, derandomize=True,
                suppress_health_check=list(HealthCheck))

@fast
@given(hands, bone, layout, turn, scores, rules)
def moves(h, b, lay, t, s, r):
    call(_fast.moves, h, b, lay, t, s, r)

@fast
@given(hands, bone, layout, turn, scores, rules, st.integers(0, 2**64 - 1))
def playout(h, b, lay, t, s, r, seed):
    call(_fast.playout, h, b, lay, t, s, r, seed)

@fast
@given(hands, bone, layout, turn, rules, st.one_of(st.integers(8, 13), st.integers(-2**40, 2**40)),
       st.one_of(st.integers(1, 20000), st.integers(-2**40, -1)),
       st.one_of(st.just(0.05), st.floats(allow_nan=True)), st.integers(-1, 2),
       st.sampled_from([None, bytearray(1), bytearray(b"\x01"), bytearray(0), b"x", "x", 3]),
       st.integers(-1, 3), st.one_of(st.sampled_from([0, 5, 10, 7, -5]), junk), pairs, pairs,
       st.one_of(st.integers(-2**70, 2**70), junk))
def solve(h, b, lay, t, r, bits, limit, seconds, mode, cancel, threads, near, exact, capped, cap):
    call(_fast.solve, h, b, lay, t, r, bits, limit, seconds, mode, cancel, threads, near, exact, capped, cap)

@fast
@given(st.integers(-2**40, 300), st.integers(0, 2**64 - 1), st.integers(-3, 8),
       st.one_of(st.integers(-30, 30), st.integers(-2**31, 2**31 - 1)), rules)
def simulate(n, seed, players, size, r):
    call(_fast.simulate, n, seed, players, size, r)

for test in (moves, playout, solve, simulate):
    test()
assert counts["ok"] > 0 and counts["refused"] > 0, counts
print("fuzzed", counts)
"""


def test_raw_arguments_never_crash_the_extension() -> None:
    out = run_child(FUZZ)
    assert "fuzzed" in out


def test_boneyard_of_56_tiles_is_refused_not_a_crash() -> None:
    """Once `read_state` wrote the boneyard before checking its size."""
    out = run_child("""
        from trainer.errors import InvalidPositionError
        from trainer.engine.layout import Layout
        from trainer.engine.position import Position
        from trainer.search.solver import solve
        from trainer.engine.tiles import ALL_TILES, Tile
        p = Position(Layout.parse('6-5'), ((Tile(6, 6),), (Tile(0, 0),)), tuple(ALL_TILES) * 2, 0, (0, 0))
        try:
            solve(p)
        except InvalidPositionError as error:
            print("refused:", error)
    """)
    assert "refused: tile(s) in two places" in out


def test_every_tile_in_every_hand_is_refused_not_a_crash() -> None:
    """Once four hands of all 28 tiles overran the play-out's log."""
    out = run_child("""
        from trainer.search import fastplay
        from trainer.errors import InvalidPositionError
        from trainer.engine.layout import EMPTY
        from trainer.engine.position import Position
        from trainer.engine.tiles import ALL_TILES
        p = Position(EMPTY, (tuple(ALL_TILES),) * 4, (), 0, (0, 0, 0, 0))
        try:
            fastplay.play_random_hand(p, 3)
        except InvalidPositionError as error:
            print("refused:", error)
        from trainer.search import _fast
        try:
            _fast.playout((2**28 - 1,) * 4, (), (-1, -1, -1, (-1,) * 4, (0,) * 4), 0, (0,) * 4, "standard", 3)
        except ValueError as error:
            print("raw refused:", error)
    """)
    assert "refused: tile(s) in two places" in out
    assert "raw refused: a tile in two places" in out


PUBLIC = """
from hypothesis import HealthCheck, given, settings, strategies as st
from trainer.search import fastplay
from trainer.errors import TrainerError
from trainer.engine.layout import EMPTY, Layout
from trainer.engine.position import Hidden, Position
from trainer.engine.rules import CINCOS, PARTNERS, STANDARD
from trainer.search.solver import solve
from trainer.engine.tiles import Tile

pip = st.integers(-2, 8)
tile = st.builds(Tile, pip, pip)
placed = st.tuples(pip, pip)
arm = st.lists(placed, max_size=3).map(tuple)
layout = st.one_of(st.just(EMPTY), st.builds(Layout, st.lists(placed, max_size=4).map(tuple)),
                   st.builds(Layout, st.just(()), pip, st.tuples(arm, arm, arm, arm)))
hand = st.one_of(st.lists(tile, max_size=9).map(tuple), st.builds(Hidden, st.integers(0, 3)))
position = st.builds(Position, layout, st.lists(hand, min_size=1, max_size=5).map(tuple),
                     st.lists(tile, max_size=30).map(tuple), st.integers(-1, 5),
                     st.lists(st.integers(-2**40, 2**40), max_size=5).map(tuple),
                     st.sampled_from([STANDARD, PARTNERS, CINCOS]))
counts = {"ok": 0, "refused": 0}

@settings(max_examples=400, deadline=None, database=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
@given(position, st.integers(0, 2**64))
def public(p, seed):
    for call in (lambda: solve(p, table_bits=12, node_limit=20000),
                 lambda: fastplay.legal_moves(p), lambda: fastplay.play_random_hand(p, seed)):
        try:
            call()
            counts["ok"] += 1
        except TrainerError as error:
            assert str(error)
            counts["refused"] += 1

public()
assert counts["refused"] > 0, counts
print("public", counts)
"""


def test_public_calls_with_impossible_positions_raise_trainer_errors() -> None:
    """Positions built directly (not parsed) with pips out of range, tiles twice, wrong
    turns or scores reach C only through one checked path: a TrainerError, no crash."""
    assert "public" in run_child(PUBLIC)


CTRL_C = [
    # a four-hand cincos deal: minutes for one exact solve
    ["- 6-5,6-2,6-1,4-1,4-0,2-2,1-0/6-6,5-4,5-2,5-1,4-3,3-3,0-0/6-0,5-5,5-0,4-4,4-2,3-1,"
     "3-0/6-4,6-3,5-3,3-2,2-1,2-0,1-1 - 1 0,0,0,0 cincos"],
    # sampled deals from the first lead, solved by threads: each one's search is cancelled
    ["- 6-5,6-2,6-1,4-1,4-0,2-2,1-0,5-5,3-3/?9 ?10 0 0,0", "--samples", "5000"],
]


@pytest.mark.parametrize("args", CTRL_C, ids=["exact", "sampled"])
def test_ctrl_c_stops_a_command_line_solve_within_a_second(args: list[str]) -> None:
    """SIGINT ends a long command-line solve at once, threads and all."""
    import signal
    import time

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen([sys.executable, "-m", "trainer", "solve", *args], cwd=ROOT, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=as_in_a_terminal)
    time.sleep(3.0)  # well inside the search
    assert child.poll() is None, "the solve should still be running"
    sent = time.perf_counter()
    child.send_signal(signal.SIGINT)
    try:
        child.communicate(timeout=10)
    finally:
        child.kill()
    assert time.perf_counter() - sent < 1.5
    assert child.returncode != 0
