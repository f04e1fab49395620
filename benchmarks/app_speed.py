"""How fast the app answers a learner's clicks in Chromium, against a bare Streamlit
page measured in the same run (the same machine, browser and load).

    python benchmarks/app_speed.py [--repeats 30] [--chromium /usr/bin/chromium]

Two servers are started on free ports: the trainer and a bare page (one button and a
counter), each in its own tab. Each figure is the median time from a click until the
page shows its result and the script run has ended (Streamlit's
`data-test-script-state` is `notRunning`). The drill's and the puzzle's clicks alternate
with the bare page's, so that both meet the same machine; their ratio is the median of
each click's time over the bare click just before it:

- bare: the bare page's button;
- drill: "Next board" on the Drills page (target: within 1.5x of bare);
- puzzle: a tile clicked on a puzzle (target: within 1.5x of bare);
- computer move: an end clicked in a game at the default strength, until the
  computer has answered and the learner's tiles are back (target: 1 s);
- review: "Review my moves" at the end of a hand, until its table shows (target 1.5 s);
- link: a puzzle page opened by its link in a new tab, until its board is drawn
  (target: 1.5 s), beside the bare page opened the same way;
- progress: the Progress page of a learner with a year of history (50,000 answers,
  made as benchmarks/store_speed.py makes them) opened in a new tab, until its last
  section is on the page and its first chart drawn (it opens on its summary in words
  and the calendar's drawing; plotly's charts wait for their tab), each time right
  after the bare page opened the same way (targets: within 1.5 s of the bare page for
  a returning learner, 2.5 s on a first visit). Beside it, in the same run, the page
  as it was with every chart an SVG drawing (`--svg-ref`, a commit of this repository,
  served from a copy of its tree). Twice: in new tabs of one browser that has opened
  the pages before (its cache holds the pages' scripts, as a returning learner's
  browser does), and in a browser of its own each time (an empty cache, as on a first
  visit: every script the page needs is fetched);
- chart tab: on that page, a click on the Rating tab until plotly's chart is drawn
  (the first plotly chart of the tab: plotly's script is read then), and then on the
  Drills tab until its chart is drawn, each beside a bare click.

`--only progress` (or `drill`, `puzzle`, `play`, `link`) measures that part alone.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Optional

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"
BARE = '''import streamlit as st
st.session_state.setdefault("n", 0)
if st.button("Click", key="bare"):
    st.session_state["n"] += 1
st.write(f"Clicked {st.session_state['n']} times")
'''
TILE_BUTTONS = "[class*=st-key-tiles_] button:not([disabled])"  # the tiles that can be clicked
PUZZLE = "bp-"  # a best-play puzzle with two tiles to choose from (looked up at start)
TARGETS = {"drill": 1.5, "puzzle": 1.5}  # ratios to bare
LIMITS = {"computer move": 1.0, "review": 1.5, "link": 1.5}  # seconds
PROGRESS_OVER_BARE = {"progress": 1.5, "progress, first visit": 2.5}  # seconds beyond the bare page
SVG_REF = "a35c734"  # the last commit whose Progress page drew its charts as SVG
HISTORY = 50_000  # answers in the Progress page's learner's year
LEARNER = "Yara"
PARTS = ("drill", "puzzle", "play", "link", "progress")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def server(script: Path, root: Path = ROOT) -> Iterator[str]:
    """A headless Streamlit server for `script` of the tree at `root`, stopped on the way out."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", str(script), "--server.headless", "true",
         "--server.port", str(port), "--server.address", "127.0.0.1", "--server.runOnSave", "false",
         "--browser.gatherUsageStats", "false"],
        cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": str(root)})
    try:
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                time.sleep(0.2)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=20)


def timed(page: Page, act: Callable[[], None], done: str, arg: object = None) -> float:
    """Seconds from `act` until the JS condition `done` holds (a function of `arg` when
    given) and the run has ended."""
    start = time.perf_counter()
    act()
    page.wait_for_function(done, arg=arg, timeout=60_000)
    page.wait_for_selector(IDLE, timeout=60_000)
    return time.perf_counter() - start


def settle(page: Page) -> None:
    page.wait_for_selector(IDLE, timeout=60_000)
    page.wait_for_timeout(300)
    # a new tab's first run draws no page while the tab's kept work comes back (ui/keep.py)
    page.wait_for_selector(".af-opening", state="detached", timeout=60_000)
    page.wait_for_selector(IDLE, timeout=60_000)


class Bare:
    """The bare page in its own tab: one click at a time, counted."""

    def __init__(self, page: Page, url: str) -> None:
        self.page, self.clicks, self.times = page, 0, list[float]()
        page.goto(url)
        page.get_by_text("Clicked 0 times").wait_for(timeout=60_000)
        settle(page)

    def click(self) -> float:
        self.page.bring_to_front()
        self.clicks += 1
        seconds = timed(self.page, lambda: self.page.get_by_role("button", name="Click").click(),
                        f"document.body.innerText.includes('Clicked {self.clicks} times')")
        settle(self.page)
        self.times.append(seconds)
        return seconds


BOARD_SRC = ("(() => { const i = [...document.querySelectorAll('[data-testid=stMain] img')]"
             ".filter(x => x.src.startsWith('data:image/svg'));"
             " return i.length ? i[0].src : ''; })()")  # the whole drawing: two boards may end alike


# counts, in window.__afRuns, the messages that end a script run (a ForwardMsg with its
# field 6, script_finished, among its top-level fields) as the page receives them: two
# boards in a row may look alike, so a drill's click is done when its run has ended
COUNT_RUNS = """
(() => {
  const finished = bytes => {
    let i = 0;
    const varint = () => { let v = 0, shift = 0, b;
      do { b = bytes[i++]; v += (b & 127) * 2 ** shift; shift += 7; } while (b & 128 && i < bytes.length);
      return v; };
    while (i < bytes.length) {
      const tag = varint(), field = Math.floor(tag / 8), wire = tag % 8;
      if (field === 6) return true;
      if (wire === 0) varint(); else if (wire === 2) { const n = varint(); i += n; }
      else if (wire === 1) i += 8; else if (wire === 5) i += 4; else return false;
    }
    return false;
  };
  window.__afRuns = 0;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", event => {
        if (event.data instanceof ArrayBuffer && finished(new Uint8Array(event.data))) window.__afRuns++;
      });
    }
  };
})();
"""


def drill_clicks(page: Page, url: str, bare: Bare, repeats: int) -> tuple[list[float], list[float]]:
    """"Next board" on the Drills page, each click right after one on the bare page:
    the times and each click's ratio to the bare click just before it."""
    page.add_init_script(COUNT_RUNS)
    page.goto(f"{url}/drills")
    page.get_by_role("button", name="Next board").wait_for(timeout=60_000)
    settle(page)
    times, ratios = [], []
    for _ in range(repeats):
        base = bare.click()
        page.bring_to_front()
        before = page.evaluate("window.__afRuns")
        times.append(timed(page, lambda: page.get_by_role("button", name="Next board").click(),
                           f"before => window.__afRuns > before && {BOARD_SRC} !== ''", before))
        ratios.append(times[-1] / base)
        settle(page)
    return times, ratios


def puzzle_clicks(page: Page, url: str, puzzle: str, bare: Bare,
                  repeats: int) -> tuple[list[float], list[float]]:
    """A tile clicked on a puzzle (two tiles in turn), each right after a bare click."""
    page.goto(f"{url}/puzzles?puzzle={puzzle}")
    tiles = page.locator(TILE_BUTTONS)
    tiles.first.wait_for(timeout=60_000)
    settle(page)
    times, ratios = [], []
    for n in range(repeats):
        base = bare.click()
        page.bring_to_front()
        tile = tiles.nth(n % 2)
        name = tile.inner_text().strip()  # the tile's name, e.g. "6-4"
        done = (f"[...document.querySelectorAll('button')].some(b => b.innerText.includes('({name}@'))")
        times.append(timed(page, tile.click, done))
        ratios.append(times[-1] / base)
        settle(page)
    return times, ratios


HAND_BACK = (f"document.querySelectorAll('{TILE_BUTTONS}').length > 0 "
             "&& ![...document.querySelectorAll('button')].some(b => /@[EWNS]\\)$/.test(b.innerText.trim()))")


def play_hand(page: Page, url: str) -> tuple[list[float], float]:
    """A whole hand at the default strength: each move's round trip, then the review."""
    page.goto(f"{url}/play")
    page.get_by_text("Start the game").wait_for(timeout=60_000)
    page.get_by_label(re.compile("Deal number")).fill("42")
    page.get_by_text("Start the game").click()
    settle(page)
    moves: list[float] = []
    review_button = page.get_by_role("button", name="Review my moves")
    for _ in range(40):
        if review_button.count():
            break
        tiles = page.locator(TILE_BUTTONS)
        if not tiles.count():
            page.wait_for_timeout(300)
            continue
        tiles.first.click()
        ends = page.locator("button").filter(has_text=re.compile(r"@[EWNS]\)$|^Lead"))
        ends.first.wait_for(timeout=30_000)
        settle(page)
        moves.append(timed(page, ends.first.click,
                           f"({HAND_BACK}) || document.body.innerText.includes('Review my moves')"))
        settle(page)
    page.wait_for_timeout(1500)  # the learner looks at the final board first
    review = timed(page, review_button.click,
                   "document.body.innerText.includes('judged on')")
    return moves, review


# a board's drawing (not a tile's, in a button) laid out on the page and loaded
BOARD_DRAWN = ("[...document.querySelectorAll('[data-testid=stMain] img')].some(x =>"
               " x.src.startsWith('data:image/svg') && !x.closest('button') && x.complete"
               " && x.naturalWidth > 0 && x.getBoundingClientRect().width > 0)")


def link_opens(browser: object, url: str, puzzle: str, repeats: int) -> list[float]:
    times = []
    for _ in range(repeats):
        page = browser.new_page(viewport={"width": 1280, "height": 1000})  # type: ignore[attr-defined]
        start = time.perf_counter()
        page.goto(f"{url}/puzzles?puzzle={puzzle}")
        page.wait_for_function(BOARD_DRAWN, timeout=60_000)
        times.append(time.perf_counter() - start)
        page.close()
    return times


def bare_opens(browser: object, url: str, repeats: int) -> list[float]:
    """The bare page opened in a new tab, until its text shows: the floor for `link`."""
    times = []
    for _ in range(repeats):
        page = browser.new_page(viewport={"width": 1280, "height": 1000})  # type: ignore[attr-defined]
        start = time.perf_counter()
        page.goto(url)
        page.get_by_text("Clicked 0 times").wait_for(timeout=60_000)
        times.append(time.perf_counter() - start)
        page.close()
    return times


# the Progress page's last section on the page and its first chart drawn: a drawing laid
# out and loaded (the calendar; on the SVG page, the rating's); a plotly chart with its lines
PROGRESS_DRAWN = ("document.body.innerText.includes('Best timed runs') && "
                  "[...document.querySelectorAll('[data-testid=stMain] .af-board-wide img, "
                  "[data-testid=stMain] .af-board-narrow img')].some(x => x.complete && x.naturalWidth > 0 "
                  "&& x.getBoundingClientRect().width > 0)")
SVG_DRAWN = PROGRESS_DRAWN
PLOTLY_DRAWN = "!!document.querySelector('[data-testid=stMain] .js-plotly-plot .scatterlayer .trace path')"
DRILLS_DRAWN = ("document.querySelectorAll('[data-testid=stMain] .js-plotly-plot .scatterlayer .trace')"
                ".length >= 8")  # four drills, two panels


def svg_tree(ref: str, folder: Path) -> Path:
    """This repository's tree at `ref` written into `folder`, with the solver's built
    extension copied in: the app as it was, to serve beside today's."""
    tree = folder / "svg-page"
    tree.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    for built in (ROOT / "trainer" / "search").glob("_fast*.so"):
        shutil.copy(built, tree / "trainer" / "search" / built.name)
    return tree


def big_learner(path: Path, answers: int) -> None:
    """A learner with a year of history in the database at `path`, as the store's
    benchmark makes one (drills, puzzles, a third of them rated, lessons, play, review
    cards, timed runs)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from store_speed import history

    from trainer.puzzles.bank import catalogue
    from trainer.store import Store

    with Store(str(path), catalogue=catalogue()) as store:
        store.import_learner(history(LEARNER, answers, 1), name=LEARNER)


def progress_opens(browser: object, pages: dict[str, tuple[str, str]], repeats: int,
                   cached: bool) -> dict[str, list[float]]:
    """Each of `pages` (name: its address and the script that says it is drawn) in a new
    tab, one after the other, `repeats` rounds: the seconds of each. `cached`: the tabs of
    one browser, whose cache is shared; else each tab in a browser of its own, its cache
    empty."""
    shared = browser.new_context(viewport={"width": 1280, "height": 1000}) if cached else None  # type: ignore[attr-defined]

    def opened(url: str, done: str) -> float:
        page = (shared.new_page() if shared is not None
                else browser.new_page(viewport={"width": 1280, "height": 1000}))  # type: ignore[attr-defined]
        start = time.perf_counter()
        page.goto(url)
        page.wait_for_function(done, timeout=120_000)
        page.wait_for_selector(IDLE, timeout=120_000)
        seconds = time.perf_counter() - start
        page.close()
        return seconds

    for url, done in pages.values():  # the first opening reads the database from disk
        opened(url, done)
    times: dict[str, list[float]] = {name: [] for name in pages}
    for _ in range(repeats):
        for name, (url, done) in pages.items():
            times[name].append(opened(url, done))
    if shared is not None:
        shared.close()
    return times


def tab_clicks(browser: object, app_url: str, bare: Bare, repeats: int) -> dict[str, list[float]]:
    """In a new tab of the Progress page each time: a click on the Rating tab until its
    plotly chart is drawn, then on the Drills tab until its chart is; a bare click
    before each."""
    times: dict[str, list[float]] = {"bare": [], "rating": [], "drills": []}
    for _ in range(repeats):
        page = browser.new_page(viewport={"width": 1280, "height": 1000})  # type: ignore[attr-defined]
        page.goto(f"{app_url}/progress?learner={LEARNER}")
        page.wait_for_function(PROGRESS_DRAWN, timeout=120_000)
        settle(page)
        for name, done in (("rating", PLOTLY_DRAWN), ("drills", DRILLS_DRAWN)):
            times["bare"].append(bare.click())
            page.bring_to_front()
            tab = page.get_by_role("tab", name=name.title())
            times[name].append(timed(page, tab.click, done))
            settle(page)
        page.close()
    return times


def best_play_puzzle() -> str:
    from trainer.puzzles.bank import shipped
    return next(p.id for p in shipped() if p.kind == "best-play"
                and len({m.tile for m in p.parsed().legal_moves()}) >= 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=30)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--only", choices=PARTS, help="measure this part alone")
    parser.add_argument("--answers", type=int, default=HISTORY, help="the Progress page's learner's answers")
    parser.add_argument("--svg-ref", default=SVG_REF, help="the commit whose Progress page drew SVG charts")
    args = parser.parse_args()
    parts = (args.only,) if args.only else PARTS
    puzzle = best_play_puzzle()
    with tempfile.TemporaryDirectory() as folder:
        bare_script = Path(folder) / "bare.py"
        bare_script.write_text(BARE)
        os.environ["ALLFIVES_DB"] = str(Path(folder) / "progress.db")
        if "progress" in parts:
            made = time.perf_counter()
            big_learner(Path(folder) / "progress.db", args.answers)
            print(f"(a learner with {args.answers:,} answers made in {time.perf_counter() - made:.0f} s)")
        with ExitStack() as stack:
            bare_url = stack.enter_context(server(bare_script))
            app_url = stack.enter_context(server(ROOT / "app.py"))
            if "progress" in parts:
                svg_root = svg_tree(args.svg_ref, Path(folder))
                svg_url = stack.enter_context(server(svg_root / "app.py", svg_root))
            p = stack.enter_context(sync_playwright())
            browser = p.chromium.launch(executable_path=args.chromium, args=FLAGS)
            page = browser.new_page(viewport={"width": 1280, "height": 1000})
            page.goto(app_url)  # the first run imports the trainer: not a learner's click
            settle(page)
            bare = Bare(browser.new_page(viewport={"width": 1280, "height": 1000}), bare_url)
            measured: dict[str, tuple[list[float], Optional[list[float]]]] = {}
            if "drill" in parts:
                measured["drill"] = drill_clicks(page, app_url, bare, args.repeats)
            if "puzzle" in parts:
                measured["puzzle"] = puzzle_clicks(page, app_url, puzzle, bare, args.repeats)
            bare_times = bare.times
            if "play" in parts:
                moves, review = play_hand(page, app_url)
                measured["computer move"] = (moves, None)
                measured["review"] = ([review], None)
            if "link" in parts:
                measured["link"] = (link_opens(browser, app_url, puzzle, max(3, args.repeats // 2)), None)
                bare_links = bare_opens(browser, bare_url, max(3, args.repeats // 2))
            opens: dict[str, dict[str, list[float]]] = {}
            if "progress" in parts:
                rounds = max(3, args.repeats // 3)
                pages = {"bare": (bare_url, "document.body.innerText.includes('Clicked 0 times')"),
                         "plotly": (f"{app_url}/progress?learner={LEARNER}", PROGRESS_DRAWN),
                         "svg": (f"{svg_url}/progress?learner={LEARNER}", SVG_DRAWN)}
                opens["progress"] = progress_opens(browser, pages, rounds, cached=True)
                opens["progress, first visit"] = progress_opens(browser, pages, rounds, cached=False)
                tabs = tab_clicks(browser, app_url, bare, rounds)
            browser.close()
    print(f"{'click':<15}{'median s':>10}{'x bare':>9}  target")
    base = statistics.median(bare_times) if bare_times else None
    if base is not None:
        print(f"{'bare click':<15}{base:>10.3f}")
    for name in ("drill", "puzzle"):
        if name in measured:
            times, ratios = measured[name]
            ratio = statistics.median(ratios or [])
            ok = "ok" if ratio <= TARGETS[name] else "SLOW"
            print(f"{name:<15}{statistics.median(times):>10.3f}{ratio:>9.2f}  "
                  f"target <= {TARGETS[name]}x bare {ok}")
    for name in ("computer move", "review", "link"):
        if name in measured:
            seconds = statistics.median(measured[name][0])
            shown = f"{seconds / base:>9.2f}" if base else f"{'':>9}"
            ok = "ok" if seconds <= LIMITS[name] else "SLOW"
            print(f"{name:<15}{seconds:>10.3f}{shown}  target <= {LIMITS[name]} s {ok}")
    if "computer move" in measured:
        moves = measured["computer move"][0]
        print(f"(computer moves timed: {len(moves)}, slowest {max(moves):.2f} s)")
    if "link" in measured:
        links = statistics.median(measured["link"][0])
        print(f"(the bare page opened by link: {statistics.median(bare_links):.3f} s, so a link's page is "
              f"{links / statistics.median(bare_links):.2f}x the bare page's)")
    for name, how in (("progress", "a new tab of a browser that has opened the app before"),
                      ("progress, first visit", "a new browser, its cache empty")):
        if name not in opens:
            continue
        times = opens[name]
        bare_opened = statistics.median(times["bare"])
        over = statistics.median(p - b for p, b in zip(times["plotly"], times["bare"]))
        svg_over = statistics.median(p - b for p, b in zip(times["svg"], times["bare"]))
        target = PROGRESS_OVER_BARE[name]
        ok = "ok" if over <= target else "SLOW"
        print(f"({how}, {len(times['bare'])} rounds, {args.answers:,} answers:)")
        print(f"{'  bare page':<15}{bare_opened:>10.3f}")
        print(f"{'  progress':<15}{statistics.median(times['plotly']):>10.3f}"
              f"{statistics.median(times['plotly']) / bare_opened:>9.2f}  "
              f"target <= bare + {target:g} s: {over:+.3f} s over it {ok}")
        print(f"{'  same, SVG':<15}{statistics.median(times['svg']):>10.3f}"
              f"{statistics.median(times['svg']) / bare_opened:>9.2f}  "
              f"(every chart an SVG drawing, as at {args.svg_ref}: {svg_over:+.3f} s over the bare page)")
    if "progress" in parts:
        print(f"(chart tabs, {len(tabs['rating'])} new tabs of the page, each beside a bare click "
              f"of {statistics.median(tabs['bare']):.3f} s:)")
        for name, what in (("rating", "Rating tab: plotly read and drawn"), ("drills", "then Drills")):
            print(f"  {what:<36}{statistics.median(tabs[name]):>8.3f} s")


if __name__ == "__main__":
    main()
