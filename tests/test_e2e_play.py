"""End to end in Debian's Chromium: start the app, play a few moves, save a screenshot."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ROOT = Path(__file__).resolve().parent.parent
playwright = pytest.importorskip("playwright.sync_api")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture()
def app_url() -> object:
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", str(ROOT / "app.py"), "--server.headless", "true",
         "--server.port", str(port), "--server.address", "127.0.0.1"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ})
    try:
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                time.sleep(0.3)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(timeout=20)


@pytest.mark.skipif(not shutil.which(CHROMIUM), reason="Debian's chromium is not installed")
def test_play_a_few_moves_in_chromium(app_url: str, tmp_path: Path) -> None:
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={"width": 390, "height": 1400})
        page.goto(f"{app_url}/play")
        page.get_by_text("Start the game").wait_for(timeout=60_000)
        page.get_by_label("Deal number (empty: a new random deal)").fill("42")
        page.get_by_text("Start the game").click()
        page.get_by_text("Your hand:").wait_for(timeout=60_000)
        tile_buttons = page.locator("button:not([disabled]):has(img[alt])")
        end_buttons = page.locator("button").filter(has_text=re.compile(r"\([0-6]-[0-6]@[EWNS]\)|^\s*Lead"))
        played = 0
        for _ in range(3):
            tile_buttons.first.wait_for(timeout=90_000)
            tile_buttons.first.click()
            end_buttons.first.wait_for(timeout=30_000)
            end_buttons.first.click()
            played += 1
            page.get_by_text("You played").first.wait_for(timeout=30_000)
            page.wait_for_timeout(1500)
        shot = tmp_path / "play.png"
        page.screenshot(path=str(shot), full_page=True)
        text = page.inner_text("body")
        browser.close()
    assert played >= 2
    assert "You played" in text and "Traceback" not in text
    assert shot.stat().st_size > 10_000
