"""The browserless tab of the load benchmarks (benchmarks/stream_visitor.py) against the
running app: it answers drills that are stored once each, and reads what the Analysis
page shows, as a browser's page would."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from urllib.parse import quote

import pytest

from tests.test_e2e_play import served
from trainer.store import Store

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from stream_visitor import StreamSession, stream_url, visit  # noqa: E402

SMALL = ("0-0:0-3,3-4,4-6,6-5,5-5,5-1,1-0:0-4,4-2,2-1,1-3,3-2,2-0,0-5,5-4::"
         "0-6,6-3,3-3,3-5,5-2,2-2,2-6,6-1 6-6,4-4/4-1,1-1 - 1 15,15")


def test_stream_url() -> None:
    assert stream_url("http://127.0.0.1:8501/") == "ws://127.0.0.1:8501/_stcore/stream"
    assert stream_url("https://club.example") == "wss://club.example/_stcore/stream"


def test_a_tab_without_a_browser_answers_drills_and_reads_analysis(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    database = tmp_path / "progress.db"
    with Store(str(database)) as store:
        ann = store.create_learner("Ann").id
    monkeypatch.setenv("ALLFIVES_DB", str(database))

    async def answers(url: str) -> list[str]:
        said = []
        async with StreamSession(url, "drills", "learner=Ann", timeout=60) as tab:
            opened = await tab.open()
            assert not opened.failed, opened.failed
            assert "learner=Ann" in tab.query  # the address the app keeps
            for count in ("15", "abc"):
                checked = await tab.run({tab.widget("text_input", "Count"): count},
                                        click=tab.widget("button", "Check"))
                assert not checked.failed and checked.runs == 1
                said.append(checked.text)
                moved_on = await tab.run(click=tab.widget("button", "Next board"))
                assert not moved_on.failed
        return said

    with served(ROOT / "app.py") as url:
        said = asyncio.run(answers(url))
        exact = asyncio.run(visit(url, "analysis", f"position={quote(SMALL)}", timeout=60))
        wrong = asyncio.run(visit(url, "analysis", "position=" + quote("6-6 nonsense"), timeout=60))
    assert "Right: the count is 15." in said[0] or "you typed 15, the count is" in said[0]
    assert "not a whole number" in said[1]  # a typed answer that is no count: told so, not stored
    assert not exact.failed and "play their best" in exact.text, exact.failed
    assert not wrong.failed and "This position code cannot be read" in wrong.text, wrong.failed
    with Store(str(database)) as store:
        assert sum(n for n, _ in store.counts(ann).values()) == 1  # the count once, the typo not at all


def test_a_hint_after_a_pause_comes_from_a_warm_worker_that_does_not_run_the_app(tmp_path: Path) -> None:
    """The Play page's hint runs in a search worker started with the app: the worker
    imports the app's main module but does not run it (no page drawn in bare mode, no
    workers of its own), and the hint is given, not "stopped on the server"."""
    log = tmp_path / "server.log"

    async def hints(url: str) -> list[str]:
        said = []
        async with StreamSession(url, "play", "", timeout=60) as tab:
            assert not (await tab.open()).failed
            for _ in range(2):
                await tab.run(click=tab.widget("button", "Start the game"))
                while ("button", "Hint") not in tab.widgets:  # the computer leads: another deal
                    await tab.run(click=tab.widget("button", "Quit this game"))
                    await tab.run(click=tab.widget("button", "Yes, quit the match"))
                    await tab.run(click=tab.widget("button", "Start the game"))
                said.append((await tab.run(click=tab.widget("button", "Hint"))).text)
                await tab.run(click=tab.widget("button", "Quit this game"))
                await tab.run(click=tab.widget("button", "Yes, quit the match"))
        return said

    with served(ROOT / "app.py", log) as url:
        said = asyncio.run(hints(url))
    for text in said:  # the coach's words (a choice's basis, or the only move), not a refusal
        assert "Basis:" in text or "your only move" in text or "Only " in text, text[-1500:]
        assert "stopped on the server" not in text and "on the server" not in text
    server = log.read_text(encoding="utf-8", errors="replace")
    assert "missing ScriptRunContext" not in server and "bare mode" not in server, server[-2000:]
