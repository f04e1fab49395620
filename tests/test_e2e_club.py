"""Club mode end to end in Debian's Chromium, with two browser contexts at once: a
teacher signs in, makes a class and its learner (his first password downloaded as the
teacher would print it) and a drill assignment; the learner signs in, finds it first on
Start, does it; the teacher's results show it done. Neither reaches the other's data by
address, and a visitor who is not signed in sees only the sign-in form."""

from __future__ import annotations

import csv
import io
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.test_e2e_play import CHROMIUM, FLAGS, free_port
from trainer.store import Store
from trainer.teach.drills import seeded_item

ROOT = Path(__file__).resolve().parent.parent
playwright = pytest.importorskip("playwright.sync_api")
IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"


@pytest.fixture()
def club_url(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """The app in club mode on a database of its own, with one teacher."""
    db = tmp_path / "club.db"
    with Store(str(db)) as store:
        store.create_account("Ms Lee", "teacher", password="teacher-pass")
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "ALLFIVES_DB": str(db), "ALLFIVES_MODE": "club"}
    server = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", str(ROOT / "app.py"), "--server.headless", "true",
         "--server.port", str(port), "--server.address", "127.0.0.1"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    try:
        import socket

        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                time.sleep(0.3)
        yield f"http://127.0.0.1:{port}", db
    finally:
        server.terminate()
        server.wait(timeout=20)


def settle(page: object) -> None:
    page.wait_for_timeout(300)  # type: ignore[attr-defined]
    page.wait_for_selector(IDLE, timeout=60_000)  # type: ignore[attr-defined]
    # a new tab's first run draws no page while the tab's kept work comes back (ui/keep.py)
    page.wait_for_selector(".af-opening", state="detached", timeout=60_000)  # type: ignore[attr-defined]
    page.wait_for_selector(IDLE, timeout=60_000)  # type: ignore[attr-defined]


def sign_in(page: object, url: str, name: str, password: str) -> None:
    page.goto(url)  # type: ignore[attr-defined]
    page.get_by_role("textbox", name="Name").fill(name)  # type: ignore[attr-defined]
    page.get_by_role("textbox", name="Password").fill(password)  # type: ignore[attr-defined]
    page.get_by_role("button", name="Sign in").click()  # type: ignore[attr-defined]
    page.get_by_text(f"Signed in as {name}").wait_for(timeout=60_000)  # type: ignore[attr-defined]
    settle(page)


def body(page: object) -> str:
    return str(page.inner_text("body"))  # type: ignore[attr-defined]


@pytest.mark.skipif(not shutil.which(CHROMIUM), reason="Debian's chromium is not installed")
def test_a_teacher_and_a_learner_at_once(club_url: tuple[str, Path], tmp_path: Path) -> None:
    url, db = club_url
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        wide = {"width": 1280, "height": 900}
        teacher = browser.new_context(viewport=wide, accept_downloads=True).new_page()
        asked: list[str] = []
        teacher.on("request", lambda request: asked.append(request.url))
        learner = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        stranger = browser.new_context(viewport={"width": 390, "height": 844}).new_page()

        # the teacher: a class, its learner, a drill with a target
        sign_in(teacher, url, "Ms Lee", "teacher-pass")
        teacher.goto(f"{url}/classes")
        settle(teacher)
        teacher.get_by_label("The class's name").fill("Tuesday club")
        teacher.get_by_role("button", name="Make the class").click()
        teacher.get_by_text("The class Tuesday club is made").wait_for(timeout=60_000)
        settle(teacher)
        teacher.get_by_role("tab", name="Learners").click()
        settle(teacher)
        teacher.get_by_label("New learners, one name a line").fill("Dora")
        teacher.get_by_role("button", name="Make their accounts").click()
        teacher.get_by_text("Hand each learner his name and first password").wait_for(timeout=60_000)
        settle(teacher)
        with teacher.expect_download() as download:
            teacher.get_by_role("button", name="Download names and passwords (CSV)").click()
        rows = list(csv.DictReader(io.StringIO(Path(download.value.path()).read_text(encoding="utf-8"))))
        assert [r["name"] for r in rows] == ["Dora"]
        password = rows[0]["first password"]
        # saved from the page's memory: no address on the server holds the file
        assert download.value.url.startswith("blob:"), download.value.url
        assert not [u for u in asked if "/media/" in u and "/static/" not in u], asked
        teacher.screenshot(path=str(tmp_path / "teacher-learners.png"))
        teacher.get_by_role("tab", name="Assign").click()
        settle(teacher)
        teacher.screenshot(path=str(tmp_path / "teacher-assign.png"))
        teacher.get_by_text("A drill", exact=True).click()
        settle(teacher)
        target = teacher.get_by_label("Right answers to reach")
        target.fill("1")
        target.press("Enter")
        settle(teacher)
        teacher.get_by_role("button", name="Assign it").click()
        teacher.get_by_text("Assigned: Total the ends, level 1: 1 right").wait_for(timeout=60_000)
        settle(teacher)

        # the learner: Start shows it first; a board of that drill, answered right
        sign_in(learner, url, "Dora", password)
        learner.reload()  # a reload keeps her signed in (the session's cookie)
        settle(learner)
        learner.get_by_text("Assigned to you").wait_for(timeout=60_000)
        assert "Total the ends, level 1: 1 right" in body(learner)
        learner.screenshot(path=str(tmp_path / "learner-start.png"))
        learner.get_by_role("button", name="Go").click()
        learner.wait_for_url("**/drills**", timeout=60_000)
        settle(learner)
        board = seeded_item("total", 7, 1)
        learner.goto(f"{url}/drills?drill=total:1:7")
        settle(learner)
        learner.get_by_label("Count").first.fill(str(board.answer))
        learner.get_by_role("button", name="Check").first.click()
        settle(learner)
        learner.goto(url)
        settle(learner)
        assert "Assigned to you" in body(learner) and "1 assignment done" in body(learner)

        # the teacher's results show it done
        teacher.goto(f"{url}/classes")
        settle(teacher)
        teacher.get_by_role("tab", name="Results").click()
        settle(teacher)
        teacher.get_by_text("done by 1 of 1").wait_for(timeout=60_000)
        teacher.screenshot(path=str(tmp_path / "teacher-results.png"), full_page=True)

        # neither reaches the other's data by address
        learner.goto(f"{url}/progress?learner=Ms%20Lee")
        settle(learner)
        text = body(learner)
        assert "Everything kept for Dora" in text and "Ms Lee" not in text
        learner.goto(f"{url}/classes?class=1")
        settle(learner)
        assert "Tuesday club" not in body(learner) and "Dora" in body(learner)
        teacher.goto(f"{url}/progress?learner=Dora")
        settle(teacher)
        text = body(teacher)
        assert "Everything kept for Ms Lee" in text and "Everything kept for Dora" not in text

        # a visitor who is not signed in: the sign-in form only, whatever the address
        for address in ("/", "/progress?learner=Dora", "/classes?class=1", "/puzzles?learner=1"):
            stranger.goto(url + address)
            settle(stranger)
            text = body(stranger)
            assert "Sign in with the name and password" in text
            for secret in ("Dora", "Ms Lee", "Tuesday club"):
                assert secret not in text, (address, secret)
        stranger.screenshot(path=str(tmp_path / "signed-out.png"))
        # signing in there opens the page the address named
        stranger.goto(f"{url}/progress")
        settle(stranger)
        stranger.get_by_role("textbox", name="Name").fill("Dora")
        stranger.get_by_role("textbox", name="Password").fill(password)
        stranger.get_by_role("button", name="Sign in").click()
        stranger.get_by_text("Everything kept for Dora").wait_for(timeout=60_000)
        browser.close()
    with Store(str(db)) as store:
        (room,) = store.classes_of(store.find_account("Ms Lee").id)
        (result,) = store.results(store.assignments_of(room.id)[0].id)
        assert result.done and result.right == 1
