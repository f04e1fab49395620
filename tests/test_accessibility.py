"""Pages anyone can use (WCAG 2.2 AA), checked in Debian's Chromium: axe-core finds no
critical or serious violation on any page, in home mode and in club mode, at a phone's
width and a desktop's; a whole hand is played with the keyboard alone (Tab and Enter),
and a drill answered so; after each move a screen reader hears the board's words (the
page's live region)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.test_e2e_play import CHROMIUM, FLAGS, free_port
from trainer.puzzles.bank import catalogue, shipped
from trainer.store import Store

ROOT = Path(__file__).resolve().parent.parent
playwright = pytest.importorskip("playwright.sync_api")
axe_module = pytest.importorskip("axe_playwright_python.sync_playwright")
IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"
WIDTHS = (390, 1280)
HOME_PAGES = ("home", "learn", "practice", "drills", "puzzles", "play", "analysis", "hands",
              "progress?learner=Sam", "first-hand", "together")
pytestmark = pytest.mark.skipif(not shutil.which(CHROMIUM), reason="Debian's chromium is not installed")


def history(db: Path) -> None:
    """A learner with a few weeks of answers (every chart and table of Progress drawn),
    and club accounts: a teacher with a class and a learner in it."""
    bank = [p for p in shipped() if p.tags]
    now = datetime.now(UTC)
    with Store(str(db), catalogue=catalogue()) as store:
        sam = store.create_learner("Sam").id
        for i in range(120):
            when = now - timedelta(hours=(120 - i) * 5)
            if i % 3:
                kind = ("total", "score", "round", "where")[i % 4]
                store.record_attempt(sam, "drill", f"{kind}:1:{i}", i % 5 != 1, kind=kind, seconds=3.0,
                                     when=when)
            else:
                store.record_attempt(sam, "puzzle", bank[i % len(bank)].id, i % 4 != 0, rated=i % 2 == 0,
                                     when=when)
        store.record_run(sam, level=1, duration=60, answered=20, right=15, score=14, best_streak=6, when=now)
        lee = store.create_account("Ms Lee", "teacher", password="teacher-pass")
        room = store.create_class(lee.id, "Monday club")
        ((ann, _), (ben, _)) = store.add_learners(room.id, ["Ann", "Ben"], created_by=lee.id)
        store.set_password(ann.id, "ann's own secret")
        played_event(store, lee, room.id, [ann.learner_id, ben.learner_id])


def played_event(store: Store, teacher: Any, class_id: int, learners: list[int]) -> None:
    """An event of two deals at two tables (each learner beside the computer), its first
    deal played at both: the Events page shows standings and both tables' play."""
    from trainer.play.events import EventSettings, plan
    from trainer.play.players import GreedyPlayer
    from trainer.play.table import TableSettings, replay
    from trainer.store import NewBoard

    settings = EventSettings("standard", 2, deals=(31, 32))
    boards = [NewBoard(b.round, b.deal, b.table, settings.board_settings(b.deal).to_json(),
                       tuple((p, None) if p is not None else (None, "greedy") for p in b.seats))
              for b in plan(settings, [[learners[0]], [learners[1]]])]
    event = store.scoped(teacher).create_event(class_id, "Monday cup", settings.to_json(), boards)
    for board in store.event_boards(event.id):
        if board.deal != 1:
            continue
        table = store.play_table(board.table_id)
        bot = GreedyPlayer(board.table_id)
        while True:
            moves = store.table_moves(table.id)
            match = replay(TableSettings.from_json(table.settings), [(m.move, m.claim) for m in moves])
            if match.over:
                break
            move = bot.choose(match.position, match.voids())
            store.add_move(table.id, len(moves), match.position.turn, str(move), None, f"a{len(moves)}")


@contextmanager
def served(db: Path, mode: str = "home") -> Iterator[str]:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "ALLFIVES_DB": str(db)}
    if mode == "club":
        env["ALLFIVES_MODE"] = "club"
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
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(timeout=20)


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("accessible") / "progress.db"
    history(db)
    return db


def settle(page: Any) -> None:
    page.wait_for_timeout(300)
    page.wait_for_selector(IDLE, timeout=60_000)
    page.wait_for_selector(".af-opening", state="detached", timeout=60_000)  # the tab's kept work is back
    page.wait_for_selector(IDLE, timeout=60_000)
    page.wait_for_timeout(500)


def violations(page: Any) -> list[str]:
    """axe-core's critical and serious violations of the page as it is: rule, impact,
    how many elements, the first of them."""
    found = axe_module.Axe().run(page).response["violations"]
    return [f"{v['id']} ({v['impact']}, {len(v['nodes'])}): {v['nodes'][0]['target']} "
            f"{v['nodes'][0].get('failureSummary', '')[:160]}"
            for v in found if v["impact"] in ("critical", "serious")]


def test_no_page_has_a_critical_or_serious_violation_in_home_mode(database: Path) -> None:
    problems: list[str] = []
    with served(database) as url, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        for width in WIDTHS:
            page = browser.new_page(viewport={"width": width, "height": 900})
            for name in HOME_PAGES:
                page.goto(f"{url}/{name}")
                settle(page)
                problems += [f"{width} px {name}: {v}" for v in violations(page)]
            page.goto(f"{url}/play")  # a hand under way: the board, the hand's tiles, the ends
            settle(page)
            page.get_by_role("button", name="Start the game").click()
            page.get_by_text("Your hand:").wait_for(timeout=60_000)
            settle(page)
            problems += [f"{width} px play, a hand: {v}" for v in violations(page)]
            page.goto(f"{url}/progress?learner=Sam")
            settle(page)
            page.get_by_role("tab", name="Drills").click()  # a plotly chart drawn
            page.wait_for_selector(".js-plotly-plot .scatterlayer .trace", timeout=60_000)
            settle(page)
            problems += [f"{width} px progress, drills chart: {v}" for v in violations(page)]
            page.close()
        browser.close()
    assert not problems, "\n".join(problems)


def test_no_page_has_a_critical_or_serious_violation_in_club_mode(database: Path) -> None:
    problems: list[str] = []
    with served(database, "club") as url, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        for width in WIDTHS:
            for name, password, pages in (("Ann", "ann's own secret", ("home", "drills", "progress", "tables",
                                                                        "events")),
                                          ("Ms Lee", "teacher-pass", ("classes", "tables", "events"))):
                page = browser.new_context(viewport={"width": width, "height": 900}).new_page()
                page.goto(url)
                settle(page)
                problems += [f"{width} px sign-in: {v}" for v in violations(page)]
                page.get_by_role("textbox", name="Name").fill(name)
                page.get_by_role("textbox", name="Password").fill(password)
                page.get_by_role("button", name="Sign in", exact=True).click()
                page.get_by_text(f"Signed in as {name}").wait_for(timeout=60_000)
                for address in pages:
                    page.goto(f"{url}/{address}")
                    settle(page)
                    problems += [f"{width} px {name} {address}: {v}" for v in violations(page)]
                page.context.close()
        browser.close()
    assert not problems, "\n".join(problems)


FOCUSED = ("(() => {{ const b = document.activeElement;"
           " return !!(b && b.tagName === 'BUTTON' && !b.disabled && {}); }})()")
FOCUSED_START = FOCUSED.format("b.innerText.includes('Start the game')")
FOCUSED_TILE = FOCUSED.format("b.closest('[class*=st-key-tiles_]')")
FOCUSED_END = FOCUSED.format("/\\([0-6][-\\u2011][0-6]@[EWNS]\\)|^\\s*Lead/.test(b.innerText)")


def tab_to(page: Any, focused: str, limit: int = 200) -> bool:
    """Press Tab until the focused element is what `focused` (a script) says; False if
    it never is."""
    for _ in range(limit):
        if page.evaluate(focused):
            return True
        page.keyboard.press("Tab")
    return bool(page.evaluate(focused))


def test_a_whole_hand_is_played_with_the_keyboard_and_each_move_is_announced(database: Path) -> None:
    """Tab to a tile, Enter; Tab to an end, Enter; until the hand is over. After each of
    the learner's moves, the live region (role=status) holds the words of the board as it
    now is, which a screen reader says."""
    with served(database) as url, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(f"{url}/play")
        settle(page)
        assert tab_to(page, FOCUSED_START)
        page.keyboard.press("Enter")
        page.get_by_text("Your hand:").wait_for(timeout=60_000)
        settle(page)
        review = page.get_by_role("button", name="Review my moves")
        live = page.locator("#af-live[role=status][aria-live=polite]")
        said: list[str] = []
        moves = 0
        for _ in range(60):
            settle(page)
            if review.count():
                break
            if not page.locator("[class*=st-key-tiles_] button:not([disabled])").count():
                page.wait_for_timeout(300)  # the computer's turn
                continue
            assert tab_to(page, FOCUSED_TILE), "no tile of the hand could be reached with Tab"
            page.keyboard.press("Enter")
            settle(page)
            assert tab_to(page, FOCUSED_END), "no end could be reached with Tab"
            page.keyboard.press("Enter")
            settle(page)
            moves += 1
            words = live.inner_text()
            boards = page.evaluate("[...document.querySelectorAll('[data-testid=stMain] .af-announce')]"
                                   ".map(p => p.textContent)")
            assert words and words == boards[-1]  # the board as it now is, in the live region
            said.append(words)
        assert review.count(), "the hand did not end"
        assert moves >= 3 and len(set(said)) >= 3  # each move changed what is said
        assert "Hand 1 is over" in page.inner_text("body")
        browser.close()


def test_a_drill_is_answered_with_the_keyboard(database: Path) -> None:
    with served(database) as url, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={"width": 390, "height": 900})
        page.goto(f"{url}/drills")
        settle(page)
        field = ("(() => { const e = document.activeElement; return !!(e && e.tagName === 'INPUT'"
                 " && e.closest('.st-key-drill_count')); })()")
        assert tab_to(page, field), "the answer's field could not be reached with Tab"
        page.keyboard.type("999")
        page.keyboard.press("Enter")  # the form's submit
        settle(page)
        body = page.inner_text("body")
        assert re.search(r"Not quite|Wrong|not right", body, re.IGNORECASE) or "999" in body, body[:500]
        browser.close()


def test_a_lesson_question_is_answered_with_the_keyboard(database: Path) -> None:
    """Tab to the first question's first choice, Enter: the choices are then marked
    right and wrong (disabled) and the feedback is in the page."""
    with served(database) as url, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={"width": 390, "height": 900})
        page.goto(f"{url}/learn")
        settle(page)
        box = "b.closest('[class*=st-key-learn_]')"
        choice = FOCUSED.format(f"{box} && !/st-key-learn_(again|next|lesson|worked)/.test({box}.className)")
        assert tab_to(page, choice), "no choice of the lesson's first question could be reached with Tab"
        page.keyboard.press("Enter")
        settle(page)
        answered = page.locator("[class*=st-key-learn_] button[disabled]")
        assert answered.count() >= 2  # the question's choices, now closed
        assert page.locator("[data-testid=stAlertContentSuccess], [data-testid=stAlertContentError],"
                            " [data-testid=stAlertContentWarning]").count()
        browser.close()


def test_the_daily_puzzle_is_answered_with_the_keyboard(database: Path) -> None:
    """Today's puzzle, by Tab and Enter only: a count typed and submitted, or a tile and
    its end chosen; the verdict is then on the page."""
    with served(database) as url, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(f"{url}/puzzles")
        settle(page)
        if page.locator(".st-key-puzzle_count input").count():
            field = ("(() => { const e = document.activeElement; return !!(e && e.tagName === 'INPUT'"
                     " && e.closest('.st-key-puzzle_count')); })()")
            assert tab_to(page, field), "the count's field could not be reached with Tab"
            page.keyboard.type("0")
            page.keyboard.press("Enter")
        else:
            assert tab_to(page, FOCUSED_TILE), "no tile of the puzzle's hand could be reached with Tab"
            page.keyboard.press("Enter")
            settle(page)
            if not re.search(r"Right|Not the answer", page.inner_text("body")):
                assert tab_to(page, FOCUSED_END), "no end could be reached with Tab"
                page.keyboard.press("Enter")
        settle(page)
        assert re.search(r"Right|Not the answer", page.inner_text("body")), page.inner_text("body")[:800]
        browser.close()
