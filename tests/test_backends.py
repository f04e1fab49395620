"""The two implementations of the engine's fast path agree: the C extension
`trainer.search._fast` and the pure-Python `trainer.search._pyfast` give the same moves, the same
random hands for a seed, the same solver values, moves and counts, and the same errors.
The backend chooser falls back to pure Python with one warning."""

from __future__ import annotations

import ast
import importlib
import inspect
import random
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from trainer.engine.game import deal
from trainer.engine.position import Position, size
from trainer.engine.rules import CINCOS, PARTNERS, STANDARD, RuleSet
from trainer.search import _backend, _pyfast
from trainer.search.fastplay import compact

STUB = Path(_pyfast.__file__).with_name("_fast.pyi")
SETUPS = [(STANDARD, 2), (STANDARD, 3), (STANDARD, 4), (PARTNERS, 4), (CINCOS, 2), (CINCOS, 3),
          (CINCOS, 4), (STANDARD.with_hand_sizes("5"), 2), (CINCOS.with_hand_sizes("7"), 4)]


def c_module() -> ModuleType:
    """The C extension, or a skip where it is not built (an install without a compiler)."""
    try:
        return importlib.import_module("trainer.search._fast")
    except ImportError:
        pytest.skip("the C extension trainer.search._fast is not built here")


def implementations() -> list[ModuleType]:
    """The pure-Python module, and the C one where it is built."""
    try:
        return [_pyfast, importlib.import_module("trainer.search._fast")]
    except ImportError:
        return [_pyfast]


def stub_signatures() -> dict[str, list[tuple[str, bool]]]:
    """Each function of _fast.pyi: its parameters (name, has a default)."""
    tree = ast.parse(STUB.read_text(encoding="utf-8"))
    out = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            a = node.args
            plain = a.posonlyargs + a.args
            defaults = [False] * (len(plain) - len(a.defaults)) + [True] * len(a.defaults)
            params = [(p.arg, d) for p, d in zip(plain, defaults)]
            params += [(p.arg, d is not None) for p, d in zip(a.kwonlyargs, a.kw_defaults)]
            out[node.name] = params
    return out


def test_the_pure_python_module_has_the_api_of_the_stub() -> None:
    declared = stub_signatures()
    assert {"solve", "moves", "playout", "simulate"} <= set(declared)
    for name, params in declared.items():
        function = getattr(_pyfast, name)
        found = [(p.name, p.default is not inspect.Parameter.empty)
                 for p in inspect.signature(function).parameters.values()]
        assert found == params, name


def test_the_c_module_has_the_functions_of_the_stub() -> None:
    fast = c_module()
    for name in stub_signatures():
        assert callable(getattr(fast, name)), name


def positions(rules: RuleSet, players: int, seed: int, most_tiles: int = 28) -> list[Position]:
    """Positions along one random hand (drawing and passing included) from the deal on,
    once at most `most_tiles` tiles are in hands and boneyard."""
    rng = random.Random(seed)
    position = deal(rules, players, rng)
    found = []
    while not position.is_over:
        if sum(size(h) for h in position.hands) + size(position.boneyard) <= most_tiles:
            found.append(position)
        if position.must_draw:
            position = position.draw()
        elif position.must_pass:
            position = position.pass_turn()
        else:
            position = position.play(rng.choice(position.legal_moves()))
    return found


def small_position(most_tiles: int) -> Position:
    """The first small position of the random 2-player hands, seed by seed."""
    return next(p for seed in range(100) for p in positions(STANDARD, 2, seed, most_tiles))


def both(name: str, *args: Any) -> tuple[Any, Any]:
    """What function `name` returns for `args` in the C module and in the pure-Python one."""
    return getattr(c_module(), name)(*args), getattr(_pyfast, name)(*args)


def outcome(call: Callable[..., Any], *args: Any) -> Any:
    """The result, or the type and message of the error raised."""
    try:
        return call(*args)
    except Exception as error:  # compared between the two implementations
        return type(error), str(error)


@pytest.mark.parametrize(("rules", "players"), SETUPS, ids=lambda v: getattr(v, "name", str(v)))
def test_moves_and_playouts_agree_along_random_hands(rules: RuleSet, players: int) -> None:
    for seed in range(12):
        for position in positions(rules, players, seed):
            hands, bone, layout = compact(position)
            args = (hands, bone, layout, position.turn, position.scores, rules.name)
            c, py = both("moves", *args)
            assert c == py, position.code()
            for play_seed in (seed, 2**64 - 1 - seed, 0x9E3779B97F4A7C15 + seed):
                c, py = both("playout", *args, play_seed)
                assert c == py, (position.code(), play_seed)


@pytest.mark.parametrize(("rules", "players"), SETUPS, ids=lambda v: getattr(v, "name", str(v)))
def test_policy_playouts_agree_along_random_hands(rules: RuleSet, players: int) -> None:
    """Every policy, known voids or none, each root move or none, several deals at once."""
    rng = random.Random(players * 7 + len(rules.name))
    for seed in range(4):
        for position in positions(rules, players, seed)[::3]:
            if position.must_draw or position.must_pass:
                continue
            hands, bone, layout = compact(position)
            moves = [(m.tile.ordinal, "EWNS".index(m.side) if m.side else 4) for m in position.legal_moves()]
            deals = [(hands, bone)] * 3
            policies = tuple(rng.randrange(3) for _ in range(players))
            lacks = tuple(rng.choice((0, rng.randrange(128))) for _ in range(players))
            for root in (moves, None):
                args = (deals, layout, position.turn, position.scores, rules.name, root, policies, lacks,
                        rng.getrandbits(64))
                c, py = both("policy_playouts", *args)
                assert c == py, position.code()


@pytest.mark.parametrize(("rules", "players"), SETUPS, ids=lambda v: getattr(v, "name", str(v)))
def test_solver_values_moves_and_counts_agree(rules: RuleSet, players: int) -> None:
    """Positions late in random hands (the pure-Python search is slow), in both modes:
    the same value, moves, node count, table probes and hits. One thread in C (with two,
    the root moves are shared between threads and the counts vary from run to run)."""
    checked = 0
    for seed in range(40):
        for position in positions(rules, players, seed, most_tiles=10)[:2]:
            hands, bone, layout = compact(position)
            args = (hands, bone, layout, position.turn, rules.name, 12, 0, 0.0)
            for mode in (0, 1):
                c, py = both("solve", *args, mode, None, 1)
                assert c == py, (position.code(), mode)
                assert py == _pyfast.solve(*args, mode), "threads change nothing in pure Python"
            named = [(tile, side) for tile, side, _, _ in py[1][:1]]
            for near, exact in ((5, None), (10, None), (5, named)):
                c, py = both("solve", *args, 0, None, 1, near, exact)
                assert c == py, (position.code(), near, exact)
            checked += 1
        if checked >= 8:
            break
    assert checked >= 4


def test_capped_exact_moves_agree_and_keep_true_upper_bounds() -> None:
    """With a node cap on the moves named `capped`, both searches stop the same moves at
    the same node and keep the same bounds (flagged 2), each at least the move's exact
    value and below the best; the other moves, and those named `exact`, keep their
    exact values."""
    capped = 0
    for position in (p for seed in range(60) for p in positions(STANDARD, 2, seed, 12)[:1]):
        hands, bone, layout = compact(position)
        args = (hands, bone, layout, position.turn, "standard", 12, 0, 0.0, 0, None, 1, 5)
        full = {(t, s): v for t, s, _, v in _pyfast.solve(*args[:-1])[1]}
        if len(full) < 3:
            continue
        named = list(full)
        for cap in (1, 20, 200):
            c, py = both("solve", *args, named[:1], named, cap)  # the first exact whatever it costs
            assert c == py, (position.code(), cap)
            assert all(flag == 0 for tile, side, _, _, flag in py[1] if (tile, side) == named[0])
            for tile, side, _, value, flag in py[1]:
                if flag == 2:
                    assert full[(tile, side)] <= value < py[0], (position.code(), cap)
                    capped += 1
                else:
                    assert flag == 0 and value == full[(tile, side)], (position.code(), cap)
            assert py[0] == max(full.values())
    assert capped >= 5


def test_bigger_positions_agree_with_two_threads_in_c() -> None:
    """With two threads allowed in C (a big solve may share its root moves with a second
    thread), values and moves still agree."""
    found = 0
    for seed in range(60):
        position = next(iter(positions(STANDARD, 2, seed, 16)), None)  # C's second thread from 16
        if position is None or len(position.legal_moves()) < 2:
            continue
        hands, bone, layout = compact(position)
        c, py = both("solve", hands, bone, layout, position.turn, "standard", 16, 0, 0.0, 0, None, 2)
        assert (c[0], c[1], c[5]) == (py[0], py[1], py[5]), position.code()
        found += 1
        if found == 3:
            break
    assert found == 3


def test_node_limits_stop_both_searches_at_the_same_node() -> None:
    for position in (p for seed in range(100) for p in positions(STANDARD, 2, seed, 14)):
        hands, bone, layout = compact(position)
        full = _pyfast.solve(hands, bone, layout, position.turn, "standard", 12, 0)
        if full[2] > 100:
            break
    assert full[5] == 0 and full[2] > 100
    for limit in (1, 5, full[2] // 2, full[2] - 1, full[2], 10 * full[2]):
        c, py = both("solve", hands, bone, layout, position.turn, "standard", 12, limit, 0.0, 0, None, 1)
        assert c == py, limit
        if limit < full[2]:
            assert py[:2] == (0, []) and py[5] == 1
        else:
            assert py == full


def test_a_cancelled_or_timed_out_search_stops() -> None:
    """A whole hand from the deal, far too big to finish: both stop at their next check."""
    position = positions(STANDARD, 2, 0)[0]
    hands, bone, layout = compact(position)
    for kwargs in ({"cancel": bytearray(b"\x01")}, {"time_limit": 1e-9}):
        args: dict[str, Any] = {"table_bits": 12, "node_limit": 0, **kwargs}
        for module in implementations():
            result = module.solve(hands, bone, layout, position.turn, "standard", **args)
            assert result[:2] == (0, []) and result[5] == 1, module


@pytest.mark.parametrize(("rules", "players"), SETUPS, ids=lambda v: getattr(v, "name", str(v)))
def test_simulated_hands_agree(rules: RuleSet, players: int) -> None:
    for seed in (0, 12345, 2**64 - 1):
        c, py = both("simulate", 60, seed, players, rules.hand_size(players), rules.name)
        assert c == py


def test_bad_arguments_raise_the_same_errors() -> None:
    position = small_position(10)
    hands, bone, layout = compact(position)
    calls: list[tuple[Any, ...]] = [
        ("simulate", 10, 1, 5, 5, "standard"),
        ("simulate", 10, 1, 2, 15, "standard"),
        ("simulate", 10, 1, 2, 7, "dominoes"),
        ("moves", hands, bone, layout, 0, (0, 0), "nope"),
        ("moves", hands, bone, layout, 2, (0, 0), "standard"),
        ("moves", hands[:1], bone, layout, 0, (0,), "standard"),
        ("moves", list(hands), bone, layout, 0, (0, 0), "standard"),
        ("playout", hands, bone, layout, -1, (0, 0), "standard", 1),
        ("solve", hands, bone, layout, 0, "standard", 9, 0),
        ("solve", hands, bone, layout, 0, "standard", 26, 0),
        ("solve", hands, bone, layout, 0, "standard", 12, 0, 0.0, 0, None, 1, 5, None, None, -1),
        ("solve", hands, bone, layout, 0, "standard", 12, 0, 0.0, 0, None, 1, 5, [[1, 2]]),
        ("solve", hands, bone, layout, 0, "standard", 12, 0, 0.0, 0, None, 1, 5, None, [(1, 9)]),
        ("solve", hands, bone, layout, 0, "standard", 12, 0, 0.0, 0, None, 1, 5, None, 7),
        ("policy_playouts", [], layout, 0, (0, 0), "standard", None, (1, 1), (0, 0), 1),
        ("policy_playouts", {}, layout, 0, (0, 0), "standard", None, (1, 1), (0, 0), 1),
        ("policy_playouts", [(hands, bone)], layout, 0, (0, 0), "standard", None, (1, 3), (0, 0), 1),
        ("policy_playouts", [(hands, bone)], layout, 0, (0, 0), "standard", None, (1, 1), (0, 128), 1),
        ("policy_playouts", [(hands, bone)], layout, 0, (0, 0), "standard", None, (1,), (0, 0), 1),
        ("policy_playouts", [(hands, bone)], layout, 0, (0, 0), "standard", None, [1, 1], (0, 0), 1),
        ("policy_playouts", [(hands,)], layout, 0, (0, 0), "standard", None, (1, 1), (0, 0), 1),
        ("policy_playouts", [(hands, bone)], layout, 0, (0, 0), "standard", [(27, 4)], (1, 1), (0, 0), 1),
        ("policy_playouts", [(hands, bone), (hands + (0,), bone)], layout, 0, (0, 0), "standard",
         None, (1, 1), (0, 0), 1),
    ]
    for name, *args in calls:
        c = outcome(getattr(c_module(), name), *args)
        py = outcome(getattr(_pyfast, name), *args)
        assert isinstance(py, tuple) and isinstance(py[0], type) and issubclass(py[0], Exception)
        assert c == py, name


def fresh_backend(monkeypatch: pytest.MonkeyPatch, missing: bool) -> tuple[ModuleType, list[Any]]:
    """trainer.search._backend imported again, with the C extension hidden if `missing`."""
    if missing:
        monkeypatch.setitem(sys.modules, "trainer.search._fast", None)  # import raises ImportError
    monkeypatch.delitem(sys.modules, "trainer.search._backend")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        module = importlib.import_module("trainer.search._backend")
    monkeypatch.setitem(sys.modules, "trainer.search._backend", _backend)
    return module, list(caught)


def test_without_the_extension_the_fallback_runs_with_one_warning(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(_backend.ENV, raising=False)
    module, caught = fresh_backend(monkeypatch, missing=True)
    assert module.NAME == "python" and module.fast is _pyfast
    assert len(caught) == 1
    assert issubclass(caught[0].category, module.SlowEngineWarning)
    assert issubclass(caught[0].category, RuntimeWarning)
    text = str(caught[0].message)
    assert "trainer.search._fast" in text and "gcc" in text and "python3-dev" in text
    assert "circular import" not in text


@pytest.mark.parametrize("value", ["1", "yes", "true"])
def test_the_environment_forces_the_fallback_quietly(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv(_backend.ENV, value)
    module, caught = fresh_backend(monkeypatch, missing=False)
    assert (module.NAME, module.fast, caught) == ("python", _pyfast, [])


@pytest.mark.parametrize("value", ["", "0", "no", "false"])
def test_the_extension_is_used_when_built(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    fast = c_module()
    monkeypatch.setenv(_backend.ENV, value)
    module, caught = fresh_backend(monkeypatch, missing=False)
    assert (module.NAME, module.fast, caught) == ("c", fast, [])
