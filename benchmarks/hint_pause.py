"""A hint after a pause, on the app as a learner meets it: the Play page's Hint button
clicked over Streamlit's own websocket (stream_visitor.py, no browser), once after the
learner has thought for a while with nothing else running, and once straight after
another search (its worker busy a second before), the peer in the same run.

    python benchmarks/hint_pause.py [--hints 8] [--pause 60]

Each round starts a new game (expert opponent, coach on), waits `--pause` seconds and
clicks Hint (timed until the page's run has finished: the search in its worker
process and the page drawn), then starts another game and clicks Hint at once. Prints
each click and, for both kinds, the median, the 95th percentile (nearest rank) and the
slowest, and their ratio. The target: p95 after a pause of 60 s at most 2 s.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from heavy_load import app_server  # noqa: E402
from stream_visitor import StreamSession  # noqa: E402

# the English labels (trainer/i18n/en.py)
START, HINT, QUIT, SURE = "Start the game", "Hint", "Quit this game", "Yes, quit the match"


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


async def new_game(tab: StreamSession) -> bool:
    """A new game from the Play page; whether the Hint button is there (the learner to move)."""
    if ("button", QUIT) in tab.widgets:
        await tab.run(click=tab.widget("button", QUIT))
        await tab.run(click=tab.widget("button", SURE))
    await tab.run(click=tab.widget("button", START))
    return ("button", HINT) in tab.widgets


async def hint(tab: StreamSession) -> float:
    shown = await tab.run(click=tab.widget("button", HINT))
    if shown.failed:
        raise RuntimeError(f"the hint's run failed: {shown.failed}")
    return shown.seconds


async def rounds(url: str, count: int, pause: float) -> dict[str, list[float]]:
    took: dict[str, list[float]] = {"after a pause": [], "straight after": []}
    async with StreamSession(url, "play", "", timeout=120) as tab:
        await tab.open()
        while len(took["after a pause"]) < count:
            if not await new_game(tab):
                continue
            await asyncio.sleep(pause)
            took["after a pause"].append(await hint(tab))
            while not await new_game(tab):
                pass
            took["straight after"].append(await hint(tab))
            print(f"round {len(took['after a pause'])}: after a pause {took['after a pause'][-1]:.2f} s, "
                  f"straight after {took['straight after'][-1]:.2f} s", flush=True)
    return took


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hints", type=int, default=8, help="rounds: one hint of each kind a round")
    parser.add_argument("--pause", type=float, default=60.0, help="seconds of thought before a hint")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        env = {"ALLFIVES_DB": str(Path(folder) / "progress.db")}
        with app_server(HERE.parent, env) as (url, _pid):
            time.sleep(2.0)  # the server's start, and its workers'
            took = asyncio.run(rounds(url, args.hints, args.pause))
    for kind, values in took.items():
        print(f"{kind}: median {statistics.median(values):.2f} s, p95 {p95(values):.2f} s, "
              f"slowest {max(values):.2f} s over {len(values)} hints")
    after, straight = p95(took["after a pause"]), p95(took["straight after"])
    print(f"p95 after a {args.pause:g} s pause / straight after: {after / straight:.2f}x; "
          f"target p95 <= 2 s after the pause: {'met' if after <= 2.0 else 'not met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
