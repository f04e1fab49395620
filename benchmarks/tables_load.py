"""Tables under load: 32 learners at 8 tables of four (half of them partners) on two
app processes sharing one PostgreSQL database, each learner's page a tab without a
browser (benchmarks/stream_visitor.py: the server does all its work, the client only
reads the messages), and one app process killed with SIGKILL in mid-hand.

    python benchmarks/tables_load.py [--tables 8] [--seconds 150] [--kill-at 60] [--think 2] [--db URL]

Each learner signs in by his session's cookie and opens his table; his page reads the
table again every half second (the fragment's own poll, `ui/tables.py` POLL, sent as
the browser's timer sends it); on his turn he looks for --think seconds (2 by default:
a quick player; 0 plays as fast as the server answers), his page reading on, then clicks
his first playable tile, then its lead or first end, as on the page. Half the learners
talk to one process and half to the other (sticky sessions); at --kill-at seconds one
process is killed with SIGKILL and its learners' tabs reconnect to the other, sign in
again by their cookie and open their table again, as a browser's reconnecting page
would. The figures:

- nothing lost: the moves whose click completed on the page, against the moves the
  database holds (a click cut off by the kill may be stored all the same: confirmed <=
  stored <= clicked), and no table whose moves fail to replay;
- the time from a move (the end of the click's run that stored it) until each of the
  other three players' pages shows it (the first of his page's reads that shows it, or a
  later move), p50 and p99, before and after the kill;
- the app processes' memory: idle, and with the tables playing (per table).

Without --db a throwaway PostgreSQL server is started as .ci/run starts one (root and
Debian's server binaries needed).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import websockets  # noqa: E402
from club_load import percentile, rss_mb, servers, throwaway_postgres  # noqa: E402
from stream_visitor import StreamSession, stream_url  # noqa: E402
from streamlit.proto.BackMsg_pb2 import BackMsg  # noqa: E402
from streamlit.proto.ClientState_pb2 import ClientState  # noqa: E402
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg  # noqa: E402
from streamlit.proto.WidgetStates_pb2 import WidgetState  # noqa: E402

from trainer.engine.movenames import move_words  # noqa: E402
from trainer.engine.moves import Move  # noqa: E402
from trainer.play.table import TableSettings, replay  # noqa: E402
from trainer.store import Store  # noqa: E402

POLL = 0.5  # seconds between a page's reads of its table, as ui/tables.py's fragment
COOKIE = "allfives_session"
YOUR_TURN = "Your turn: click a tile"


@dataclass
class Shared:
    """What the learners' tabs share: each table's moves made (number, words, when the
    click's run ended), each learner's latencies, the counts."""

    made: dict[int, list[tuple[int, str, float]]] = field(default_factory=lambda: defaultdict(list))
    seen: list[tuple[float, float]] = field(default_factory=list)  # (move made at, seconds until shown)
    clicked: int = 0
    confirmed: int = 0
    reconnects: int = 0
    failures: list[str] = field(default_factory=list)
    killed_at: float = 0.0
    back: list[float] = field(default_factory=list)  # seconds from the kill until a moved tab is at its table


class Tab(StreamSession):
    """A learner's page over the websocket with his session's cookie; widgets by key;
    the table's fragment read again as the browser's timer does."""

    def __init__(self, url: str, token: str, timeout: float) -> None:
        super().__init__(url, "tables", "", timeout)
        self.token = token
        self.keys: dict[str, str] = {}
        self.fragment = ""
        self.cache: dict[str, bytes] = {}  # the large messages kept, as a browser keeps them, by hash

    async def __aenter__(self) -> Tab:
        self.socket = await websockets.connect(
            stream_url(self.url), subprotocols=["streamlit"],  # type: ignore[list-item]
            additional_headers={"Cookie": f"{COOKIE}={self.token}"}, max_size=2**27,
            open_timeout=self.timeout)
        return self

    def _saw(self, element: Any) -> None:
        super()._saw(element)
        kind = element.WhichOneof("type")
        body = getattr(element, kind) if kind else None
        ident = getattr(body, "id", "") if body is not None else ""
        if ident.startswith("$$ID-"):
            self.keys[ident.split("-", 2)[-1]] = ident

    async def read(self, click: str = "") -> str:
        """The table's fragment run again (with `click` clicked); the page's text."""
        message = BackMsg(rerun_script=ClientState(query_string=self.query, page_name=self.page,
                                                   fragment_id=self.fragment))
        message.rerun_script.cached_message_hashes.extend(self.cache)  # sent as references, as to a browser
        if self.keep:
            message.rerun_script.widget_states.widgets.append(
                WidgetState(id=self.keep, json_value='{"stored": "{}"}'))
        if click:
            message.rerun_script.widget_states.widgets.append(WidgetState(id=click, trigger_value=True))
        self.keys = {}
        parts: list[str] = []
        async with asyncio.timeout(self.timeout):
            await self.socket.send(bytes(message.SerializeToString()))
            async for raw in self.socket:
                raw = raw if isinstance(raw, bytes) else raw.encode()
                forward = ForwardMsg()
                forward.ParseFromString(raw)
                kind = forward.WhichOneof("type")
                if kind == "ref_hash" and forward.ref_hash in self.cache:  # a message the tab keeps
                    raw = self.cache[forward.ref_hash]
                    forward = ForwardMsg()
                    forward.ParseFromString(raw)
                    kind = forward.WhichOneof("type")
                elif forward.metadata.cacheable and forward.hash:
                    self.cache[forward.hash] = raw
                if kind == "delta":
                    if forward.delta.fragment_id:
                        self.fragment = forward.delta.fragment_id
                    if forward.delta.WhichOneof("type") == "new_element":
                        self._saw(forward.delta.new_element)
                        parts.append(raw.decode("utf-8", "replace"))
                elif kind == "script_finished" and \
                        forward.script_finished != ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                    break
        return "\n".join(parts)


async def sit_down(url: str, token: str, table_id: int, timeout: float) -> Tab:
    """A tab signed in by its cookie, at its table: the lobby's Open clicked."""
    tab = Tab(url, token, timeout)
    await tab.__aenter__()
    opened = await tab.open()
    if opened.failed:
        raise OSError(opened.failed)
    tab.keys = {}
    for ident in tab.widgets.values():
        if ident.endswith(f"table_go_{table_id}"):
            shown = await tab.run(click=ident)
            if shown.failed:
                raise OSError(shown.failed)
            break
    else:
        raise OSError(f"table {table_id} is not in the lobby")
    await tab.read()  # the fragment's id, from its first run
    return tab


async def learner(urls: list[str], token: str, table_id: int, seat: int, shared: Shared, db: Store,
                  deadline: float, timeout: float, start_delay: float, think: float = 0.0) -> None:
    """One learner's page through the run: reads every POLL seconds, plays on his turn
    after `think` seconds, notes when the others' moves appear; after a lost connection,
    the other process."""
    await asyncio.sleep(start_delay)
    targets = list(urls)  # his own process first, then the one a reconnecting page reaches
    shown_up_to = -1
    turn_began = 0.0
    while time.monotonic() < deadline and targets:
        try:
            tab = await sit_down(targets[0], token, table_id, timeout)
            if len(targets) < len(urls) and shared.killed_at:
                shared.back.append(time.monotonic() - shared.killed_at)
        except (OSError, TimeoutError, websockets.WebSocketException) as error:
            targets.pop(0)
            if targets:
                shared.reconnects += 1
            else:
                shared.failures.append(f"table {table_id} seat {seat}: {str(error)[:80]}")
            continue
        try:
            while time.monotonic() < deadline:
                began = time.monotonic()
                text = await tab.read()
                now = time.monotonic()
                made = shared.made[table_id]
                for number, words, _ in made:
                    # the last move shown: and every move before it
                    if number > shown_up_to and f", {words}." in text:
                        for earlier, _, at in made:
                            if shown_up_to < earlier <= number:
                                shared.seen.append((at, now - at))
                        shown_up_to = number
                tiles = [i for k, i in tab.keys.items() if k.startswith("table_tile_")]
                if YOUR_TURN in text and tiles and not turn_began:
                    turn_began = now  # he thinks, his page still reading the table
                if YOUR_TURN in text and tiles and now - turn_began >= think:
                    turn_began = 0.0
                    shared.clicked += 1
                    await tab.read(click=tiles[0])
                    ends = [i for k, i in tab.keys.items() if k == "table_lead" or k.startswith("table_end_")]
                    if ends:
                        await tab.read(click=ends[0])
                        done = time.monotonic()
                        mine = [r for r in db.table_moves(table_id) if r.seat == seat]
                        if mine and all(m[0] != mine[-1].number for m in made):
                            made.append((mine[-1].number, move_words(Move.parse(mine[-1].move), "en"), done))
                            shown_up_to = max(shown_up_to, mine[-1].number)
                            shared.confirmed += 1
                    continue
                await asyncio.sleep(max(0.0, POLL - (time.monotonic() - began)))
        except (OSError, TimeoutError, websockets.WebSocketException) as error:
            targets.pop(0)  # its process is gone: the other one, as a reconnecting page
            if targets:
                shared.reconnects += 1
            else:
                shared.failures.append(f"table {table_id} seat {seat}: {str(error)[:80]}")
        finally:
            try:
                await tab.__aexit__()
            except Exception:  # noqa: BLE001 - a socket already gone
                pass


async def run(args: argparse.Namespace, url: str) -> dict[str, Any]:
    store = Store(url)
    tables: list[tuple[int, list[str]]] = []
    for number in range(args.tables):
        partners = number % 2 == 0
        settings = TableSettings("partners" if partners else "standard", 4, seed=1000 + number)
        accounts = [store.create_account(f"T{number}S{s}", "learner", identity=f"t{number}s{s}@example.org")
                    for s in range(4)]
        table = store.open_table(accounts[0].learner_id, settings.to_json(), 4)
        for account in accounts[1:]:
            store.join_table(table.code, account.learner_id)
        tables.append((table.id, [store.open_session(a.id) for a in accounts]))
    env = {"ALLFIVES_DB": url, "ALLFIVES_MODE": "club"}
    shared = Shared()
    with servers([ROOT / "app.py", ROOT / "app.py"], env) as started:
        urls = [u for u, _ in started]
        pids = [p for _, p in started]
        warm = [await sit_down(u, tables[0][1][0], tables[0][0], args.step) for u in urls]
        for tab in warm:
            await tab.__aexit__()
        idle = sum(rss_mb(p) for p in pids)
        began = time.monotonic()
        deadline = began + args.seconds
        jobs = []
        for index, (table_id, tokens) in enumerate(tables):
            for seat, token in enumerate(tokens):
                order = [urls[(index + seat) % 2], urls[(index + seat + 1) % 2]]
                jobs.append(asyncio.create_task(learner(order, token, table_id, seat, shared, store, deadline,
                                                        args.step, 0.2 * len(jobs), args.think)))

        async def memory_then_kill() -> tuple[float, float]:
            await asyncio.sleep(min(args.kill_at, args.seconds) * 0.8)
            loaded = sum(rss_mb(p) for p in pids)
            await asyncio.sleep(min(args.kill_at, args.seconds) * 0.2)
            if args.kill_at < args.seconds:
                os.kill(pids[1], signal.SIGKILL)
                shared.killed_at = time.monotonic()
            return loaded, rss_mb(pids[0])

        client = time.process_time()
        loaded, survivor = await memory_then_kill()
        await asyncio.gather(*jobs)
        client = (time.process_time() - client) / (time.monotonic() - began)
    stored = sum(len(store.table_moves(t)) for t, _ in tables)
    broken = 0
    for table_id, _ in tables:
        table = store.play_table(table_id)
        try:
            moves = [(m.move, m.claim) for m in store.table_moves(table_id)]
            replay(TableSettings.from_json(table.settings), moves)
        except Exception:  # noqa: BLE001 - counted, not raised
            broken += 1
    store.close()
    return {"idle": idle, "loaded": loaded, "survivor": survivor, "stored": stored, "broken": broken,
            "shared": shared, "wall": args.seconds, "client": client}


def report(args: argparse.Namespace, figures: dict[str, Any]) -> None:
    shared: Shared = figures["shared"]
    print(f"tables: {args.tables} of four ({(args.tables + 1) // 2} partners), {4 * args.tables} learners, "
          f"two app processes on PostgreSQL, {os.cpu_count()} cores, {args.seconds:.0f} s; pages read every "
          f"{POLL:.1f} s; {args.think:.1f} s thought a move; one process killed (SIGKILL) at "
          f"{args.kill_at:.0f} s")
    whole = shared.confirmed <= figures["stored"] <= shared.clicked and not figures["broken"]
    print(f"moves clicked {shared.clicked}, confirmed on the page {shared.confirmed}, stored "
          f"{figures['stored']}, tables that fail to replay {figures['broken']}: "
          + ("nothing lost" if whole else "MISMATCH"))
    print(f"tabs reconnected to the other process: {shared.reconnects}; tabs that gave up: "
          f"{len(shared.failures)}")
    for line in shared.failures[:5]:
        print("  " + line)
    cut = shared.killed_at or float("inf")
    settled = cut + max(shared.back, default=0.0)
    if shared.back:
        print(f"the killed process's tabs back at their tables after p50 "
              f"{percentile(shared.back, 0.5):.1f} s, at most {max(shared.back):.1f} s "
              f"({len(shared.back)} tabs); moves made meanwhile are seen when they are back")
    for name, values in (("before the kill", [s for at, s in shared.seen if at < cut]),
                         ("while the tabs move over", [s for at, s in shared.seen if cut <= at < settled]),
                         ("once they are back", [s for at, s in shared.seen if at >= settled])):
        if values:
            print(f"a move until another player's page shows it, {name}: p50 "
                  f"{percentile(values, 0.5):.2f} s, p99 {percentile(values, 0.99):.2f} s "
                  f"({len(values)} moves seen)")
    print(f"the {4 * args.tables} tabs' own client (this process, on the same machine) used "
          f"{figures['client']:.0%} of a core")
    per = (figures["loaded"] - figures["idle"]) / args.tables
    print(f"app processes' memory: {figures['idle']:.0f} MB idle, {figures['loaded']:.0f} MB with the tables "
          f"playing ({per:.1f} MB a table); the process left: {figures['survivor']:.0f} MB")


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=150.0)
    parser.add_argument("--kill-at", type=float, default=60.0, help="seconds in; past --seconds: no kill")
    parser.add_argument("--step", type=float, default=30.0, help="seconds any one read may take")
    parser.add_argument("--think", type=float, default=2.0,
                        help="seconds a learner looks at his turn before he clicks (his page reading on)")
    parser.add_argument("--db", default=None, help="a PostgreSQL URL (default: a throwaway server)")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    if not 1 <= args.tables <= 12 or not 10 <= args.seconds <= 1800:
        parser.error("--tables 1 to 12, --seconds 10 to 1,800")
    if args.db:
        report(args, asyncio.run(run(args, args.db)))
    else:
        with throwaway_postgres() as url:
            report(args, asyncio.run(run(args, url)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
