"""Club mode under load: N learners signed in at once, in Chromium, against two app
processes sharing one PostgreSQL database, with a bare Streamlit page measured in the
same run as the baseline.

    python benchmarks/club_load.py --sessions 10 [--answers 5] [--budget 300] [--db URL]

Without --db a throwaway PostgreSQL server is started as .ci/run starts one (Debian's
server binaries, as the postgres user, on a Unix socket in a temporary folder; root
needed) and removed afterwards. N learner accounts are made; half the sessions talk to
one app process, half to the other (as Caddy's sticky sessions would share them). Each
session signs in, opens the Drills page from the page menu and answers `--answers`
boards of "Total the ends" (a count typed, "Check", then "Next board"), all in the one
Streamlit session a learner would have. The figures:

- nothing lost: the answers whose click completed, against the attempts the database
  holds for those learners afterwards;
- click latency: each "Check" click until its script run has ended (Streamlit's
  script-finished message counted in the page), p50 and p99, against the bare page's
  button clicked by N sessions at once in the same run;
- server memory: the two app processes' resident memory idle (after one warm-up
  session each, signed in, one board answered), with the N sessions open (per
  session), and after they close.

The sessions arrive half a second apart (a class signs in within seconds, not in one
instant), then all answer at once. Every wait is bounded (60 s a step, --step) and each phase
(the bare page, the learners) stops answering at --budget seconds; a session that
times out counts its answers sent so far.
"""

from __future__ import annotations

import argparse
import asyncio
import glob
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Optional

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.async_api import async_playwright  # noqa: E402

from trainer.store import Store  # noqa: E402

FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"
STEP = 60_000  # ms: the longest any one wait may take
STAGGER = 0.5  # s between two sessions' arrivals: a class signs in within seconds, not in one instant
BARE = '''import streamlit as st
st.session_state.setdefault("n", 0)
if st.button("Click", key="bare"):
    st.session_state["n"] += 1
st.write(f"Clicked {st.session_state['n']} times")
'''
# counts, in window.__afRuns, the messages that end a script run (a ForwardMsg whose
# field 6, script_finished, is among its top-level fields), as benchmarks/app_speed.py does
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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def throwaway_postgres() -> Iterator[str]:
    """A PostgreSQL server of its own, on a Unix socket only, as .ci/run starts one."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin"))
    if not found or os.geteuid() != 0:
        raise SystemExit("no --db given, and no PostgreSQL to start here (Debian's server binaries and root "
                         "are needed): give --db postgresql+psycopg://...")
    pgbin = found[-1]
    root = tempfile.mkdtemp(prefix="allfives-bench-pg.")
    shutil.chown(root, "postgres", "postgres")

    def as_postgres(*command: str) -> None:
        subprocess.run(["runuser", "-u", "postgres", "--", *command], cwd="/", check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    try:
        as_postgres(f"{pgbin}/initdb", "-D", f"{root}/data", "--auth=trust", "-U", "postgres")
        as_postgres(f"{pgbin}/pg_ctl", "-D", f"{root}/data", "-l", f"{root}/server.log", "-w", "-o",
                    f"-c listen_addresses='' -k {root} -p 5432 -c max_connections=100", "start")
        as_postgres(f"{pgbin}/psql", "-h", root, "-U", "postgres", "-qc", "CREATE ROLE allfives LOGIN")
        as_postgres(f"{pgbin}/createdb", "-h", root, "-U", "postgres", "-O", "allfives", "allfives_bench")
        yield f"postgresql+psycopg://allfives@/allfives_bench?host={root}"
    finally:
        subprocess.run(["runuser", "-u", "postgres", "--", f"{pgbin}/pg_ctl", "-D", f"{root}/data", "-m",
                        "fast", "-w", "stop"], cwd="/", stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(root, ignore_errors=True)


@contextmanager
def servers(scripts: list[Path], env: dict[str, str]) -> Iterator[list[tuple[str, int]]]:
    """Headless Streamlit servers, one per script; their addresses and process ids."""
    started = []
    try:
        for script in scripts:
            port = free_port()
            process = subprocess.Popen(
                [sys.executable, "-m", "streamlit", "run", str(script), "--server.headless", "true",
                 "--server.port", str(port), "--server.address", "127.0.0.1", "--browser.gatherUsageStats",
                 "false"], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                env={**os.environ, **env, "PYTHONPATH": str(ROOT)})
            started.append((process, port))
        for _, port in started:
            deadline = time.time() + 60
            while time.time() < deadline:
                try:
                    with socket.create_connection(("127.0.0.1", port), timeout=1):
                        break
                except OSError:
                    time.sleep(0.2)
        yield [(f"http://127.0.0.1:{port}", process.pid) for process, port in started]
    finally:
        for process, _ in started:
            process.terminate()
        for process, _ in started:
            process.wait(timeout=20)


def rss_mb(pid: int) -> float:
    """A process's resident memory in MB (Linux /proc)."""
    with open(f"/proc/{pid}/status", encoding="ascii") as handle:
        for line in handle:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


async def click_and_wait(page: Any, locator: Any) -> float:
    """Seconds from the click until the page has received the end of a new script run."""
    runs = await page.evaluate("window.__afRuns")
    start = time.perf_counter()
    await locator.click(timeout=STEP)
    await page.wait_for_function(f"window.__afRuns > {runs}", timeout=STEP)
    return time.perf_counter() - start


async def learner_session(browser: Any, url: str, name: str, password: str, answers: int, deadline: float,
                          keep: list[Any], clicked: list[str],
                          delay: float = 0.0) -> tuple[list[float], int, str]:
    """Sign in, open the Drills page, answer `answers` boards of "Total the ends" (a count
    typed, right or wrong, then "Next board"); the Check clicks' times, answers sent, any
    failure."""
    await asyncio.sleep(delay)
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    keep.append(context)
    page = await context.new_page()
    await page.add_init_script(COUNT_RUNS)
    times: list[float] = []
    sent = 0
    try:
        await page.goto(url, timeout=STEP)
        await page.get_by_role("textbox", name="Name").fill(name, timeout=STEP)
        await page.get_by_role("textbox", name="Password").fill(password, timeout=STEP)
        await page.get_by_role("button", name="Sign in").click(timeout=STEP)
        await page.get_by_text(f"Signed in as {name}").wait_for(timeout=STEP)
        # the Drills page by the page menu: the same Streamlit session all along, as a learner's
        await page.get_by_role("link", name="Drills").click(timeout=STEP)
        await page.get_by_label("Count").first.wait_for(timeout=STEP)
        await page.wait_for_selector(IDLE, timeout=STEP)
        for n in range(answers):
            if time.monotonic() > deadline:
                break
            await page.get_by_label("Count").first.fill(str(5 * (n % 4 + 1)), timeout=STEP)
            clicked.append(name)
            seconds = await click_and_wait(page, page.get_by_role("button", name="Check").first)
            times.append(seconds)
            sent += 1
            await page.wait_for_selector(IDLE, timeout=STEP)
            await click_and_wait(page, page.get_by_role("button", name="Next board"))
            await page.wait_for_selector(IDLE, timeout=STEP)
    except Exception as error:  # a timeout or a closed page: counted, the others go on
        return times, sent, f"{name}: {type(error).__name__}: {str(error).splitlines()[0][:120]}"
    return times, sent, ""


async def bare_session(browser: Any, url: str, clicks: int, deadline: float, delay: float) -> list[float]:
    await asyncio.sleep(delay)
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    page = await context.new_page()
    await page.add_init_script(COUNT_RUNS)
    times: list[float] = []
    try:
        await page.goto(url, timeout=STEP)
        await page.get_by_text("Clicked 0 times").wait_for(timeout=STEP)
        await page.wait_for_selector(IDLE, timeout=STEP)
        for n in range(clicks):
            if time.monotonic() > deadline:
                break
            times.append(await click_and_wait(page, page.get_by_role("button", name="Click")))
            await page.get_by_text(f"Clicked {n + 1} times").wait_for(timeout=STEP)
    except Exception:
        pass
    finally:
        await context.close()
    return times


async def run(args: argparse.Namespace, db: str) -> dict[str, Any]:
    with Store(db) as store:
        names = [f"Learner {i:02d}" for i in range(args.sessions)]
        accounts = [store.create_account(n, "learner", password=f"pass-{n.split()[1]}-club") for n in names]
        store.create_account("Warm up", "learner", password="warm-up-pass")
    bare_script = Path(tempfile.mkdtemp(prefix="allfives-bare.")) / "bare.py"
    bare_script.write_text(BARE, encoding="utf-8")
    env = {"ALLFIVES_DB": db, "ALLFIVES_MODE": "club"}
    with servers([ROOT / "app.py", ROOT / "app.py", bare_script], env) as running:
        (app1, pid1), (app2, pid2), (bare_url, _) = running
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=args.chromium, args=FLAGS)
            # one warm-up session per process (signed in, a board answered), so that what a
            # process loads once (modules, the puzzle bank, the course) is in before memory is read
            for url in (app1, app2):
                warm: list[Any] = []
                await learner_session(browser, url, "Warm up", "warm-up-pass", 1, time.monotonic() + 120,
                                      warm, [])
                for context in warm:
                    await context.close()
            await asyncio.sleep(3)
            idle = rss_mb(pid1) + rss_mb(pid2)
            deadline = time.monotonic() + args.budget
            bare = await asyncio.gather(*(bare_session(browser, bare_url, args.answers, deadline, STAGGER * i)
                                          for i in range(args.sessions)))
            keep: list[Any] = []
            clicked: list[str] = []
            began = time.monotonic()
            deadline = began + args.budget  # the learners' own budget, after the bare page's
            results = await asyncio.gather(*(
                learner_session(browser, app1 if i % 2 == 0 else app2, name, f"pass-{name.split()[1]}-club",
                                args.answers, deadline, keep, clicked, STAGGER * i)
                for i, name in enumerate(names)))
            wall = time.monotonic() - began
            loaded = rss_mb(pid1) + rss_mb(pid2)
            for context in keep:
                await context.close()
            await browser.close()
        await asyncio.sleep(args.linger)
        after = rss_mb(pid1) + rss_mb(pid2)
    with Store(db) as store:
        stored = sum(sum(n for n, _ in store.counts(a.learner_id).values()) for a in accounts)
    return {"bare": [x for times in bare for x in times], "club": [x for r in results for x in r[0]],
            "sent": sum(r[1] for r in results), "clicked": len(clicked),
            "failures": [r[2] for r in results if r[2]],
            "stored": stored, "idle": idle, "loaded": loaded, "after": after, "wall": wall}


def report(args: argparse.Namespace, figures: dict[str, Any]) -> None:
    bare, club = figures["bare"], figures["club"]
    n = args.sessions
    print(f"club mode, {n} sessions at once against two app processes on PostgreSQL; "
          f"{args.answers} answers each; {os.cpu_count()} cores")
    # an answer is lost when fewer rows are stored than answers confirmed on the page; a
    # click whose page timed out may be stored all the same (stored up to clicked)
    whole = figures["sent"] <= figures["stored"] <= figures["clicked"]
    print(f"answers clicked {figures['clicked']}, confirmed on the page {figures['sent']}, attempts stored "
          f"{figures['stored']}: " + ("nothing lost" if whole else "MISMATCH"))
    if figures["failures"]:
        print(f"sessions that stopped early: {len(figures['failures'])}")
        for line in figures["failures"][:5]:
            print("  " + line)
    b50, b99 = percentile(bare, 0.5), percentile(bare, 0.99)
    c50, c99 = percentile(club, 0.5), percentile(club, 0.99)
    print(f"bare page, {n} sessions clicking at once: p50 {b50:.3f} s, p99 {b99:.3f} s ({len(bare)} clicks)")
    print(f"a drill answer's Check:            p50 {c50:.3f} s ({c50 / b50:.2f}x bare), "
          f"p99 {c99:.3f} s ({c99 / b99:.2f}x bare) ({len(club)} clicks, {figures['wall']:.0f} s in all)")
    if club:
        print(f"  mean {statistics.mean(club):.3f} s")
    per = (figures["loaded"] - figures["idle"]) / n
    print(f"app processes' memory: {figures['idle']:.0f} MB idle, {figures['loaded']:.0f} MB with {n} "
          f"sessions ({per:.1f} MB a session), {figures['after']:.0f} MB {args.linger:.0f} s after they "
          f"closed")


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=10)
    parser.add_argument("--answers", type=int, default=5)
    parser.add_argument("--budget", type=float, default=300.0,
                        help="seconds of answering at most, for the bare page and for the learners each")
    parser.add_argument("--linger", type=float, default=10.0, help="seconds to wait after closing")
    parser.add_argument("--step", type=float, default=60.0, help="seconds any one wait may take")
    parser.add_argument("--db", default=None, help="a PostgreSQL URL (default: a throwaway server)")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args(argv)
    global STEP
    STEP = int(1000 * max(5.0, min(args.step, 300.0)))
    # stopped from outside: the servers, the browser and the database are still cleaned up
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    if not 1 <= args.sessions <= 60 or not 1 <= args.answers <= 50:
        parser.error("--sessions 1 to 60, --answers 1 to 50")
    if args.db:
        report(args, asyncio.run(run(args, args.db)))
    else:
        with throwaway_postgres() as url:
            report(args, asyncio.run(run(args, url)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
