"""End to end in Debian's Chromium: start the app, play a few moves, save a screenshot."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Optional, Union
from urllib.parse import unquote

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
def app_url() -> Iterator[str]:
    with served(ROOT / "app.py") as url:
        yield url


@contextmanager
def served(script: Path, log: Optional[Path] = None) -> Iterator[str]:
    """A Streamlit server running `script`, with the app's settings; its address. With
    `log`, the server's output goes to that file."""
    port = free_port()
    output: Union[IO[bytes], int] = open(log, "wb") if log is not None else subprocess.DEVNULL  # noqa: SIM115
    server = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", str(script), "--server.headless", "true",
         "--server.port", str(port), "--server.address", "127.0.0.1"],
        cwd=ROOT, stdout=output, stderr=subprocess.STDOUT if log is not None else subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": str(ROOT)})
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
        if not isinstance(output, int):
            output.close()


IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"


@pytest.mark.skipif(not shutil.which(CHROMIUM), reason="Debian's chromium is not installed")
def test_a_whole_hand_on_a_phone_in_chromium(app_url: str, tmp_path: Path) -> None:
    """At 390 px: the hand's tiles several to a row, every move by clicks to the end of
    the hand, its final board, the review of every move; no sideways scrolling."""
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={"width": 390, "height": 1400})
        page.goto(f"{app_url}/play")
        page.get_by_text("Start the game").wait_for(timeout=60_000)
        page.get_by_label("Deal number (empty: a new random deal)").fill("42")
        page.get_by_text("Start the game").click()
        page.get_by_text("Your hand:").wait_for(timeout=60_000)
        page.wait_for_selector(IDLE, timeout=60_000)
        hand = page.locator("[class*='st-key-tiles_mytile'] button")
        tops = {round(box["y"]) for box in (b.bounding_box() for b in hand.all()) if box}
        assert len(tops) <= 2, tops  # 7 to 9 tiles in one or two rows, not one per row
        for button in (b for b in hand.all() if b.is_visible()):  # drawn by the page's style
            name = button.inner_text().strip()
            picture = button.evaluate("b => getComputedStyle(b).backgroundImage")
            label = name.replace("\u2011", "-")  # the page's text keeps a code's hyphen unbroken
            assert "data:image/svg+xml" in picture and f"aria-label='{label}'" in unquote(picture), name
            assert button.bounding_box()["height"] > 50  # type: ignore[index]
        page.emulate_media(forced_colors="active")  # high contrast: the names are shown instead
        for button in (b for b in hand.all() if b.is_visible()):
            assert button.evaluate("b => getComputedStyle(b).backgroundImage") == "none"
            assert button.locator("p").bounding_box()["width"] > 10  # type: ignore[index]
        page.emulate_media(forced_colors="none")
        tile_buttons = page.locator("[class*=st-key-tiles_] button:not([disabled])")
        # a code's hyphen is a non-breaking one in the page (ui/browser.py)
        end_buttons = page.locator("button").filter(
            has_text=re.compile(r"\([0-6][-\u2011][0-6]@[EWNS]\)|^\s*Lead"))
        review = page.get_by_role("button", name="Review my moves")
        played = 0
        for _ in range(40):
            page.wait_for_selector(IDLE, timeout=90_000)
            if review.count():
                break
            if not tile_buttons.count():  # the computer's turn: it answers in this run
                page.wait_for_timeout(300)
                continue
            tile_buttons.first.click()
            end_buttons.first.wait_for(timeout=30_000)
            page.mouse.move(1, 1)  # the chosen tile stays filled without the pointer over it
            chosen = page.locator("[class*=st-key-tiles_] [data-testid=stBaseButton-primary]")
            assert chosen.evaluate("b => getComputedStyle(b).backgroundColor") != "rgba(0, 0, 0, 0)"
            end_buttons.first.click()
            played += 1
            page.wait_for_timeout(300)
        assert review.count(), "the hand did not end"
        body = page.inner_text("body")
        assert "Hand 1 is over" in body and "The board as the hand ended" in body
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
        review.click()
        page.get_by_text("judged on").first.wait_for(timeout=60_000)
        page.wait_for_selector(IDLE, timeout=60_000)
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 390  # the review fits too
        cut = page.evaluate("""() => [...document.querySelectorAll("[data-testid='stPageLink'] a")]
            .filter(a => a.scrollWidth > a.clientWidth + 1 || a.getBoundingClientRect().right > 390)
            .map(a => a.innerText)""")
        assert cut == [], cut  # links wrap their words instead of cutting them
        shot = tmp_path / "play.png"
        page.screenshot(path=str(shot))
        text = page.inner_text("body")
        browser.close()
    assert played >= 3
    assert "You played" in body and "Traceback" not in text
    assert shot.stat().st_size > 10_000


@pytest.mark.skipif(not shutil.which(CHROMIUM), reason="Debian's chromium is not installed")
def test_on_a_phone_the_menu_closes_once_a_page_is_chosen(app_url: str) -> None:
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        context = browser.new_context(**p.devices["Pixel 5"])
        page = context.new_page()
        page.goto(app_url)
        page.get_by_text("All Fives trainer").first.wait_for(timeout=60_000)
        page.locator("[data-testid='stExpandSidebarButton']").click()
        sidebar = page.locator("[data-testid='stSidebar']")
        page.get_by_role("link", name="Drills").first.click()
        page.get_by_role("button", name="Next board").wait_for(timeout=60_000)
        page.wait_for_timeout(800)
        box = sidebar.bounding_box()
        browser.close()
    assert box is None or box["x"] + box["width"] <= 1  # closed: off the screen


# the first choice of a lesson's question still open (its buttons are keyed learn_<question>_<n>)
OPEN_CHOICE = """() => {
  const box = [...document.querySelectorAll("[class*='st-key-learn_']")]
    .find(e => /st-key-learn_\\S+_0\\b/.test(e.className) && e.querySelector("button:not([disabled])"));
  if (!box) return false;
  box.querySelector("button").click();
  return true;
}"""


@pytest.mark.skipif(not shutil.which(CHROMIUM), reason="Debian's chromium is not installed")
def test_trying_a_finished_lesson_again_stays_on_that_lesson(app_url: str) -> None:
    """Finishing a lesson adds its stars to its name in the picker; "Try this lesson
    again" must then deal the same lesson again, not go back to lesson 1."""
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        page.goto(f"{app_url}/learn")
        picker = page.locator("[data-testid='stSelectbox']").filter(has_text="Lesson")
        picker.wait_for(timeout=60_000)
        picker.click()
        page.get_by_role("option", name=re.compile(r"^2\. ")).click()
        page.wait_for_selector(IDLE)
        chosen = picker.locator("input")  # the picker shows its value in its text field
        assert chosen.input_value().startswith("2. ")
        again = page.get_by_role("button", name="Try this lesson again")
        for _ in range(60):
            if again.count():
                break
            assert page.evaluate(OPEN_CHOICE), "no question left to answer"
            page.wait_for_timeout(200)
            page.wait_for_selector(IDLE)
        assert again.count(), "the lesson never ended"
        assert "☆" in chosen.input_value() or "★" in chosen.input_value()  # its stars are in its name
        again.click()
        page.wait_for_timeout(300)
        page.wait_for_selector(IDLE)
        shown = chosen.input_value()
        browser.close()
    assert shown.startswith("2. "), shown


@pytest.mark.skipif(not shutil.which(CHROMIUM), reason="Debian's chromium is not installed")
def test_a_long_link_wraps_its_words_on_a_phone(tmp_path: Path) -> None:
    """A page link as long as the review's (best move, loss, basis) wraps inside 390 px."""
    (tmp_path / "pages").mkdir()
    (tmp_path / "pages" / "other.py").write_text("import streamlit as st\nst.write('other')\n")
    long = ("Mistake: 3-2@N (best 5-1@E, -17.3, judged on 400 deals of the hidden tiles) "
            "- open in Analysis")
    script = tmp_path / "links.py"
    script.write_text("import streamlit as st\nfrom ui.widgets import STYLE\nst.html(STYLE)\n"
                      f"st.page_link('pages/other.py', label={long!r}, icon=':material/search:')\n")
    with served(script) as url, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={"width": 390, "height": 800})
        page.goto(url)
        link = page.locator("[data-testid='stPageLink'] a")
        link.wait_for(timeout=60_000)
        fits = link.evaluate("a => a.scrollWidth <= a.clientWidth + 1 "
                             "&& a.getBoundingClientRect().right <= 390")
        text, height = link.inner_text(), link.bounding_box()["height"]
        browser.close()
    assert fits and text.strip().endswith(long) and height > 40  # all of it, on two lines or more


@pytest.mark.skipif(not shutil.which(CHROMIUM), reason="Debian's chromium is not installed")
def test_the_file_picker_speaks_the_learners_language_and_any_file_gets_a_plain_answer(
        app_url: str, tmp_path: Path) -> None:
    from trainer.i18n import t
    from trainer.play.session import FILE_LIMIT
    notes = tmp_path / "notes.json"
    notes.write_text("just some notes")
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={"width": 390, "height": 1400})
        page.goto(f"{app_url}/play?lang=es")
        picker = page.locator("[data-testid='stFileUploader']")
        picker.wait_for(timeout=60_000)
        button, note = (picker.locator(css).first.evaluate("e => getComputedStyle(e, '::after').content")
                        for css in ("button", "[data-testid='stFileUploaderDropzoneInstructions'] span"))
        # Streamlit's own words are hidden from screen readers too: the button is named in Spanish
        hidden = [picker.locator(css).first.evaluate("e => getComputedStyle(e).visibility")
                  for css in ("button p", "[data-testid='stFileUploaderDropzoneInstructions'] span")]
        named_button = picker.get_by_role("button", name=t("widgets.upload", "es"), exact=True)
        named_button.wait_for(timeout=10_000)  # the page's script names it once the picker is drawn
        named = named_button.count()
        zone = picker.locator("[data-testid='stFileUploaderDropzone']")
        dragged = page.evaluate_handle("() => { const d = new DataTransfer(); "
                                       "d.items.add(new File(['x'], 'a.txt')); return d; }")
        zone.dispatch_event("dragenter", {"dataTransfer": dragged})
        overlay = zone.locator(":scope > input + div:not(:has(button)) > *").first
        overlay.wait_for(state="attached", timeout=10_000)
        drop = overlay.evaluate("e => getComputedStyle(e, '::after').content")
        zone.dispatch_event("dragleave", {"dataTransfer": dragged})
        page.locator("[data-testid='stFileUploaderDropzoneInput']").set_input_files(str(notes))
        page.get_by_text(t("play.file_not_game", "es")).first.wait_for(timeout=60_000)
        text = page.inner_text("body")
        browser.close()
    assert button == f'"{t("widgets.upload", "es")}"' and named == 1 and hidden == ["hidden", "hidden"]
    assert drop == f'"{t("widgets.upload_drop", "es")}"'
    assert note == f'"{t("play.load_note", "es", kb=FILE_LIMIT)}"'
    assert "not allowed" not in text and "Traceback" not in text


@pytest.mark.skipif(not shutil.which(CHROMIUM), reason="Debian's chromium is not installed")
def test_on_a_phone_the_copy_button_leaves_the_position_code_readable(app_url: str) -> None:
    from urllib.parse import quote
    code = ("0-0:0-3,3-4,4-6,6-5,5-5,5-1,1-0:0-4,4-2,2-1,1-3,3-2,2-0,0-5,5-4::"
            "0-6,6-3,3-3,3-5,5-2,2-2,2-6,6-1 6-6,4-4/4-1,1-1 - 1 15,15")  # wraps over several lines
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={"width": 390, "height": 2400})
        page.goto(f"{app_url}/analysis?position={quote(code)}")
        box = page.locator("[data-testid='stCode']").first
        box.wait_for(timeout=60_000)
        box.hover()
        text_right, button_left = box.evaluate("""e => [
            e.querySelector('code').getBoundingClientRect().right,
            e.querySelector('button').getBoundingClientRect().left]""")
        browser.close()
    assert text_right <= button_left, (text_right, button_left)
