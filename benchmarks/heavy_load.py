"""Heavy visitors beside learners, on one app process: do a few visitors' costly
searches slow everyone else's clicks, does the process give back the memory they took,
and is every answer kept?

    python benchmarks/heavy_load.py [--learners 4] [--heavy 4] [--answers 12] [--db URL]
                                    [--clients stream,chromium] [--restart]

One Streamlit process of the app (home mode) over a database of its own (an SQLite
file in a temporary folder; or --db; with --restart a throwaway PostgreSQL server,
started as .ci/run starts one, is restarted in the middle of the first loaded phase).
`--learners` learners (?learner=NAME; a browser context each in Chromium, a websocket
session each without a browser) answer drill boards of "Total the ends" (a count
typed, "Check", "Next board"), in phases, for each kind of client in `--clients`:

1. unloaded: each answers `--answers` boards with nobody else on the server;
2. loaded: each answers as many again while `--heavy` visitors open Analysis links of
   positions too big to solve (four players, seven tiles each, every tile known: the
   exact search stops at its bound and the page values the moves by play-outs),
   each visitor opening his link again as soon as his page has finished;
   the phases alternate `--rounds` times (the machine's other load moves);
3. the heavy visitors leave; the process's memory is read 5 s and `--linger` s later.

The kinds of client:
- `stream`: learners and visitors ask for their pages without a browser, over the
  app's own websocket protocol (stream_visitor.py), a click timed from its message
  until the server says the run has finished: the server does all of its work, and
  nothing is drawn on this machine, as when the browsers are on their own machines.
  The target is judged on these phases;
- `chromium`: every page drawn in Chromium on this machine (the visitors' in a second
  one), a click timed until the page has the end of the script's run: the browsers
  then share the machine's cores with the app.

Before anything is measured, a warm-up visit opens every page once (a drill answered,
Progress, Analysis on a small position, Play), so that "idle" is a process that has
loaded what its pages need. The heavy visitors' Chromium runs in Linux's idle class
(SCHED_IDLE, `chrt --idle`), so that drawing their pages takes as little as it can of
the learners' browser's and the app's share. (Not `nice -n 19`: Chromium run as root
sets its threads' niceness itself, to -8, 0 and 5, so a niced Chromium draws at a
higher priority than the app's own 0. The idle class is kept by every thread and
process it starts.) What the browsers on this machine take even so, the two kinds'
phases side by side show.

Printed: answers clicked against attempts stored; the Check click's p50 and p99 in
each phase (as its kind of client times it) and their ratio; the heavy pages' times
and what they showed (moves valued, or the server busy); the process's resident memory
idle, per learner session, at its peak under the heavy visitors and after they left;
the CPU time the app's process and its search workers took in each phase (how much of
the machine the pages and the searches had). The machine is shared: only figures of
one run compare.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any, Optional
from urllib.parse import quote

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from club_load import (  # noqa: E402
    COUNT_RUNS,
    FLAGS,
    IDLE,
    click_and_wait,
    free_port,
    percentile,
    rss_mb,
    throwaway_postgres,
)
from playwright.async_api import async_playwright  # noqa: E402
from stream_visitor import StreamSession, visit  # noqa: E402

STEP = 120_000  # ms: the longest one wait may take


@contextmanager
def app_server(root: Path, env: dict[str, str]) -> Iterator[tuple[str, int]]:
    """A headless Streamlit server of the app in the checkout `root`: its address and pid."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", str(root / "app.py"), "--server.headless", "true",
         "--server.port", str(port), "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false"],
        cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        env={**os.environ, **env, "PYTHONPATH": str(root)})
    try:
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                time.sleep(0.2)
        yield f"http://127.0.0.1:{port}", process.pid
    finally:
        process.terminate()
        process.wait(timeout=30)
# positions too big to solve within the page's bound: four players, seven tiles each
HEAVY = (
    "- 6-5,6-2,6-1,4-1,4-0,2-2,1-0/6-6,5-4,5-2,5-1,4-3,3-3,0-0/6-0,5-5,5-0,4-4,4-2,3-1,3-0/"
    "6-4,6-3,5-3,3-2,2-1,2-0,1-1 - 0 0,0,0,0",
    "- 6-3,5-5,5-2,5-0,2-1,2-0,0-0/6-2,5-4,5-3,5-1,4-4,4-2,3-1/6-5,6-1,4-3,4-0,3-3,3-2,3-0/"
    "6-6,6-4,6-0,4-1,2-2,1-1,1-0 - 2 0,0,0,0",
)


def cpu_seconds(pid: int) -> float:
    """A process's CPU time so far, user and system, in seconds (Linux /proc); 0 once it has ended."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    """The processes `pid` started that are there now (its search workers)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            found += [int(c) for c in task.read_text(encoding="ascii").split()]
        except OSError:
            pass
    return found


class CpuMeter:
    """The CPU time the app's process and its workers take, added up per phase from
    samples: [seconds of the phase, the app's CPU seconds, its workers' CPU seconds]
    (a worker started since the last sample counts whole)."""

    def __init__(self, pid: int) -> None:
        self.pid, self.app_seen, self.when = pid, cpu_seconds(pid), time.monotonic()
        self.workers_seen = {child: cpu_seconds(child) for child in children(pid)}
        self.totals: dict[str, list[float]] = {}

    def sample(self, phase: str) -> None:
        app, now, totals = cpu_seconds(self.pid), time.monotonic(), self.totals.setdefault(phase, [0.0] * 3)
        totals[0] += now - self.when
        totals[1] += app - self.app_seen
        self.app_seen, self.when = app, now
        for child in children(self.pid):
            used = cpu_seconds(child)
            totals[2] += max(0.0, used - self.workers_seen.get(child, 0.0))
            self.workers_seen[child] = used


CLIENTS = {"stream": "without a browser (the pages over the websocket, nothing drawn)",
           "chromium": "in Chromium on this machine (the visitors' in the idle class)"}
WORKERS_IDLE = 25.0  # s: longer than the searches' workers wait for work before they end


def idle_chromium(chromium: str) -> str:
    """A wrapper that starts Chromium in the idle scheduling class: the heavy visitors'
    browsers stand for browsers on their own machines, so that drawing their pages
    does not take the learners' browser's or the app's share of this machine's cores."""
    wrapper = Path(tempfile.mkdtemp(prefix="allfives-idle.")) / "chromium"
    wrapper.write_text(f'#!/bin/sh\nexec chrt --idle 0 {chromium} "$@"\n', encoding="ascii")
    wrapper.chmod(0o755)
    return str(wrapper)


async def warm_up(browser: Any, url: str) -> None:
    """A visit of every page a learner uses: a drill answered, the Progress page, and the
    Analysis page solving a small position."""
    await learner(browser, url, "Warm up", 1, 0)
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    page = await context.new_page()
    small = ("0-0:0-3,3-4,4-6,6-5,5-5,5-1,1-0:0-4,4-2,2-1,1-3,3-2,2-0,0-5,5-4::"
             "0-6,6-3,3-3,3-5,5-2,2-2,2-6,6-1 6-6,4-4/4-1,1-1 - 1 15,15")
    for path in ("progress?learner=Warm%20up", f"analysis?position={quote(small)}", "play"):
        await page.goto(f"{url}/{path}", timeout=STEP)
        await page.wait_for_selector(IDLE, timeout=STEP)
        await asyncio.sleep(1)
    await context.close()


async def learner(browser: Any, url: str, name: str, answers: int,
                  pause: float) -> tuple[list[float], int, str]:
    """Answer `answers` boards; the Check clicks' times, answers confirmed, any failure.
    In Chromium (`browser`), each click timed until the page has the end of the script's
    run; without a browser (`browser` None), until the server's message that the run
    has finished."""
    if browser is None:
        return await stream_learner(url, name, answers, pause)
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    page = await context.new_page()
    await page.add_init_script(COUNT_RUNS)
    times: list[float] = []
    sent = 0
    try:
        await page.goto(f"{url}/drills?learner={quote(name)}", timeout=STEP)
        await page.get_by_label("Count").first.wait_for(timeout=STEP)
        await page.wait_for_selector(IDLE, timeout=STEP)
        for n in range(answers):
            await page.get_by_label("Count").first.fill(str(5 * (n % 4 + 1)), timeout=STEP)
            times.append(await click_and_wait(page, page.get_by_role("button", name="Check").first))
            sent += 1
            await page.wait_for_selector(IDLE, timeout=STEP)
            await click_and_wait(page, page.get_by_role("button", name="Next board"))
            await page.wait_for_selector(IDLE, timeout=STEP)
            await asyncio.sleep(pause)
    except Exception as error:  # a timeout or a closed page: counted, the others go on
        return times, sent, f"{name}: {type(error).__name__}: {str(error).splitlines()[0][:120]}"
    finally:
        await context.close()
    return times, sent, ""


async def stream_learner(url: str, name: str, answers: int, pause: float) -> tuple[list[float], int, str]:
    """The learner's answers without a browser (stream_visitor), as `learner` gives them."""
    times: list[float] = []
    sent = 0
    try:
        async with StreamSession(url, "drills", f"learner={quote(name)}", STEP / 1000) as tab:
            opened = await tab.open()
            if opened.failed:
                raise RuntimeError(opened.failed)
            for n in range(answers):
                checked = await tab.run({tab.widget("text_input", "Count"): str(5 * (n % 4 + 1))},
                                        click=tab.widget("button", "Check"))
                if checked.failed:
                    raise RuntimeError(checked.failed)
                times.append(checked.seconds)
                sent += 1
                following = await tab.run(click=tab.widget("button", "Next board"))
                if following.failed:
                    raise RuntimeError(following.failed)
                await asyncio.sleep(pause)
    except (RuntimeError, KeyError, OSError) as error:
        return times, sent, f"{name}: {type(error).__name__}: {str(error)[:120]}"
    return times, sent, ""


def shown_as(text: str) -> str:
    """What a heavy visitor's page showed: moves valued, solved, or the server busy."""
    return ("busy" if "server is busy" in text else "valued" if "rough guide" in text
            else "exact" if "play their best" in text else "other")


async def heavy_visitor(browser: Any, url: str, code: str, stop: asyncio.Event,
                        delay: float) -> list[tuple[float, str]]:
    """Open the Analysis link again and again until `stop`; each page's time and what it
    showed. With a browser, the page drawn in Chromium; without one (`browser` None),
    the page read over the websocket (stream_visitor), nothing drawn."""
    await asyncio.sleep(delay)
    shown: list[tuple[float, str]] = []
    if browser is None:
        while not stop.is_set():
            seen = await visit(url, "analysis", f"position={quote(code)}", timeout=STEP / 1000)
            if seen.failed:
                shown.append((float("nan"), f"failed: {seen.failed.split(':')[0]}"))
                break
            shown.append((seen.seconds, shown_as(seen.text)))
            await asyncio.sleep(0.5)
        return shown
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    page = await context.new_page()
    try:
        while not stop.is_set():
            began = time.perf_counter()
            await page.goto(f"{url}/analysis?position={quote(code)}", timeout=STEP)
            await page.get_by_text("Count", exact=True).first.wait_for(timeout=STEP)
            await page.wait_for_selector(IDLE, timeout=STEP)
            shown.append((time.perf_counter() - began, shown_as(await page.inner_text("body"))))
            await asyncio.sleep(0.5)
    except Exception as error:
        shown.append((float("nan"), f"failed: {type(error).__name__}"))
    finally:
        await context.close()
    return shown


async def run(args: argparse.Namespace, db: str, restart: Any) -> dict[str, Any]:
    names = [f"Learner {i:02d}" for i in range(args.learners)]
    ids = in_checkout(args.app, "ids = [store.create_learner(n).id for n in names + ['Warm up']][:-1]\n"
                      "print(json.dumps(ids))", db, names)
    figures: dict[str, Any] = {}
    with app_server(Path(args.app).resolve(), {"ALLFIVES_DB": db}) as (url, pid):
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=args.chromium, args=FLAGS)
            # every page once (modules, the bank, the libraries the pages load), then idle
            await warm_up(browser, url)
            clients = args.clients.split(",")
            heavy_browser = (await p.chromium.launch(executable_path=idle_chromium(args.chromium), args=FLAGS)
                             if "chromium" in clients else None)
            await asyncio.sleep(WORKERS_IDLE)
            figures["idle"] = rss_mb(pid)
            sampling = True
            meter = CpuMeter(pid)
            phases = [(f"{load}, {c}", c) for c in clients for load in ("unloaded", "loaded")]
            peaks: dict[str, float] = dict.fromkeys((name for name, _ in phases), 0.0)
            phase = [phases[0][0]]

            async def sample() -> None:
                while sampling:
                    peaks[phase[0]] = max(peaks[phase[0]], rss_mb(pid))
                    meter.sample(phase[0])
                    await asyncio.sleep(0.5)

            sampler = asyncio.create_task(sample())
            figures.update(clicks={name: [] for name, _ in phases}, heavy={c: [] for c in clients},
                           wall=dict.fromkeys(peaks, 0.0), clients=clients)
            for round_ in range(args.rounds):  # the phases alternate: the machine's other load moves
                for name, client in phases:
                    phase[0] = name
                    stop = asyncio.Event()
                    drawn = heavy_browser if client == "chromium" else None
                    answering_in = browser if client == "chromium" else None
                    heavy = [] if name.startswith("unloaded") else [
                        asyncio.create_task(heavy_visitor(drawn, url, HEAVY[i % len(HEAVY)], stop, 0.3 * i))
                        for i in range(args.heavy)]
                    if heavy:
                        await asyncio.sleep(3)  # the heavy visitors are at it before the learners start again
                    began = time.monotonic()
                    answering = asyncio.gather(*(learner(answering_in, url, n, args.answers, args.pause)
                                                 for n in names))
                    if restart is not None and round_ == 0 and heavy:
                        await asyncio.sleep(args.restart_after)
                        await asyncio.to_thread(restart)
                        restart = None
                    figures["clicks"][name] += await answering
                    figures["wall"][name] += time.monotonic() - began
                    stop.set()
                    if heavy:
                        figures["heavy"][client] += await asyncio.gather(*heavy)
                        if (round_ + 1, name) != (args.rounds, phases[-1][0]):
                            await asyncio.sleep(10)  # the searches under way end before the next phase
            sampling = False
            await sampler
            figures["peaks"] = peaks
            figures["cpu"] = meter.totals
            if heavy_browser is not None:
                await heavy_browser.close()
            await browser.close()
        await asyncio.sleep(5)
        figures["after_5"] = rss_mb(pid)
        await asyncio.sleep(max(0.0, args.linger - 5))
        figures["after"] = rss_mb(pid)
    figures["stored"] = in_checkout(args.app, "print(sum(sum(n for n, _ in store.counts(i).values()) "
                                    "for i in names))", db, ids)
    return figures


def in_checkout(root: str, code: str, db: str, names: Any) -> Any:
    """Run `code` with `store` open on `db` and `names` given, with the store of the
    checkout `root` (whose schema the app there expects); what it prints, as JSON."""
    script = ("import json, sys\nfrom trainer.store import Store\nnames = json.loads(sys.argv[2])\n"
              "with Store(sys.argv[1]) as store:\n" + "".join(f"    {line}\n" for line in code.splitlines()))
    done = subprocess.run([sys.executable, "-c", script, db, json.dumps(names)], capture_output=True,
                          text=True, check=True, env={**os.environ, "PYTHONPATH": root}, cwd=root,
                          timeout=300)
    return json.loads(done.stdout.strip().splitlines()[-1])


def report(args: argparse.Namespace, f: dict[str, Any]) -> None:
    clicks, phases = f["clicks"], list(f["clicks"])
    sent = sum(r[1] for name in phases for r in clicks[name])
    failures = [r[2] for name in phases for r in clicks[name] if r[2]]
    print(f"the app of {args.app}")
    print(f"one app process, {args.learners} learners answering drills, {args.heavy} heavy visitors; "
          f"{os.cpu_count()} cores; load average before the run {f['load_before']}")
    print(f"answers confirmed {sent}, attempts stored {f['stored']}: "
          + ("nothing lost" if f["stored"] >= sent else "MISMATCH"))
    for line in failures[:5]:
        print("  stopped early: " + line)
    for client in f["clients"]:
        print(f"everyone {CLIENTS[client]}:")
        quiet = [x for r in clicks[f"unloaded, {client}"] for x in r[0]]
        loaded = [x for r in clicks[f"loaded, {client}"] for x in r[0]]
        q50, q99 = percentile(quiet, 0.5), percentile(quiet, 0.99)
        l50, l99 = percentile(loaded, 0.5), percentile(loaded, 0.99)
        print(f"  Check click, unloaded: p50 {q50:.3f} s, p99 {q99:.3f} s ({len(quiet)} clicks, "
              f"{f['wall'][f'unloaded, {client}']:.0f} s)")
        print(f"  Check click, with the heavy visitors: p50 {l50:.3f} s ({l50 / q50:.2f}x), p99 {l99:.3f} s "
              f"({l99 / q99:.2f}x unloaded; target 1.5x) ({len(loaded)} clicks, "
              f"{f['wall'][f'loaded, {client}']:.0f} s)")
        pages = [x for visits in f["heavy"][client] for x in visits]
        times = [t for t, _ in pages if t == t]
        kinds = {k: sum(1 for _, w in pages if w == k) for k in sorted({w for _, w in pages})}
        if times:
            print(f"  the heavy visitors' pages: {len(pages)}, median {statistics.median(times):.1f} s, "
                  f"worst {max(times):.1f} s; shown: {kinds}")
        for name in (f"unloaded, {client}", f"loaded, {client}"):
            wall, app, workers = f["cpu"].get(name, [0.0] * 3)
            print(f"  CPU, {name.split(',')[0]} ({wall:.0f} s): the app's process {app:.0f} s "
                  f"({100 * app / max(wall, 1):.0f}% of a core), its search workers {workers:.0f} s "
                  f"({100 * workers / max(wall, 1):.0f}%)")
    idle, peaks = f["idle"], f["peaks"]
    first = f["clients"][0]
    per = (peaks[f"unloaded, {first}"] - idle) / max(1, args.learners)
    print(f"memory: {idle:.0f} MB idle; {peaks[f'unloaded, {first}']:.0f} MB at most with the learners "
          f"({first}; {per:.1f} MB a session); "
          + "; ".join(f"{peaks[f'loaded, {c}']:.0f} MB at most with the heavy visitors ({c})"
                      for c in f["clients"])
          + f"; {f['after_5']:.0f} MB 5 s and {f['after']:.0f} MB {args.linger:.0f} s after they left "
          f"({100 * (f['after'] - idle) / idle:+.0f}% of idle; target within 20%)")
    print(f"load average after the run {f['load_after']}")


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=4)
    parser.add_argument("--heavy", type=int, default=4)
    parser.add_argument("--answers", type=int, default=12, help="boards each learner answers per phase")
    parser.add_argument("--rounds", type=int, default=2, help="unloaded and loaded phases, in turn")
    parser.add_argument("--pause", type=float, default=0.5, help="seconds a learner looks at a board")
    parser.add_argument("--linger", type=float, default=60.0, help="seconds after the heavy visitors left")
    parser.add_argument("--db", default=None, help="a database URL or path (default: an SQLite file)")
    parser.add_argument("--restart", action="store_true",
                        help="a throwaway PostgreSQL, restarted in the middle of the loaded phase")
    parser.add_argument("--restart-after", type=float, default=10.0)
    parser.add_argument("--clients", default="stream,chromium",
                        help="how the learners and the heavy visitors open their pages, an unloaded and "
                             "a loaded phase each: stream (no browser), chromium (browsers on this machine)")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--app", default=str(HERE.parent),
                        help="the checkout whose app.py runs (another one, for a before and after)")
    args = parser.parse_args(argv)
    if not args.clients or any(c not in CLIENTS for c in args.clients.split(",")):
        parser.error(f"--clients: a comma-separated list of {', '.join(CLIENTS)}, not {args.clients!r}")
    load_before = " ".join(open("/proc/loadavg").read().split()[:3])
    with ExitStack() as stack:
        restart = None
        if args.restart:
            import glob

            url = stack.enter_context(throwaway_postgres())
            root = sa_host(url)
            pgbin = sorted(glob.glob("/usr/lib/postgresql/*/bin"))[-1]

            def restart() -> None:
                # the server's log to its file: a server started with this process's pipes would hold them
                subprocess.run(["runuser", "-u", "postgres", "--", f"{pgbin}/pg_ctl", "-D", f"{root}/data",
                                "-l", f"{root}/server.log", "-m", "fast", "-w", "-o",
                                f"-c listen_addresses='' -k {root} -p 5432 -c max_connections=100",
                                "restart"],
                               cwd="/", check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            db = url
        elif args.db:
            db = args.db
        else:
            db = str(Path(stack.enter_context(tempfile.TemporaryDirectory())) / "progress.db")
        figures = asyncio.run(run(args, db, restart))
    figures["load_before"] = load_before
    figures["load_after"] = " ".join(open("/proc/loadavg").read().split()[:3])
    report(args, figures)
    return 0


def sa_host(url: str) -> str:
    """The socket folder of a throwaway server's URL."""
    import sqlalchemy as sa

    return str(sa.make_url(url).query["host"])


if __name__ == "__main__":
    sys.exit(main())
