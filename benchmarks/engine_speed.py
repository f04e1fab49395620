"""How many random 2-player standard hands the engine plays per second on one core.

    python benchmarks/engine_speed.py [--hands N]

Prints: the fast path (9 tiles each, drawing, spinner, scoring); the public API
(Match with random players) for comparison; and OpenSpiel's `python_block_dominoes`
(2 players, no drawing, no spinner, no scoring) if `open-spiel` is installed
(`pip install -e ".[bench]"`), with the ratio.
"""

from __future__ import annotations

import argparse
import random
import time

from trainer.engine.game import Match
from trainer.engine.rules import STANDARD
from trainer.search.fastplay import simulate


def fast_rate(hands: int) -> float:
    start = time.perf_counter()
    simulate(hands, 12345, 2, STANDARD)
    return hands / (time.perf_counter() - start)


def api_rate(seconds: float) -> float:
    """Whole hands through Position/Match with random moves."""
    rng = random.Random(1)
    hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        match = Match(STANDARD, 2, seed=hands, target=10_000)
        while len(match.hands) == 1:
            match.play(rng.choice(match.legal_moves()))
        hands += 1
    return hands / (time.perf_counter() - start)


def openspiel_rate(seconds: float) -> float | None:
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.games import block_dominoes  # noqa: F401  (registers the game)
    except ImportError:
        return None
    game = pyspiel.load_game("python_block_dominoes")
    rng = np.random.default_rng(1)
    hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(actions[rng.choice(len(actions), p=probs)])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.integers(len(actions))])
        hands += 1
    return hands / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000, help="hands for the fast path")
    parser.add_argument("--seconds", type=float, default=5.0, help="time for each slower engine")
    args = parser.parse_args()
    fast = fast_rate(args.hands)
    print(f"fast path (C):          {fast:12,.0f} hands/s  (2 players, 9 tiles each, standard)")
    api = api_rate(args.seconds)
    print(f"public API (Position):  {api:12,.0f} hands/s")
    peer = openspiel_rate(args.seconds)
    if peer is None:
        print("OpenSpiel: not installed (pip install -e '.[bench]')")
    else:
        print(f"OpenSpiel block dominoes:{peer:11,.0f} hands/s")
        print(f"ratio fast path / OpenSpiel: {fast / peer:,.0f}x")


if __name__ == "__main__":
    main()
