"""Screenshots of a strategy lesson (a best-move question answered wrong, its explanation
from the solved lines), of the spinner lesson's question from the middle of a hand (the
hidden tiles judged over sampled deals and play-outs) and of a practice position (a move
played against the perfect player), at a phone's width (390 px) and a desktop's
(1280 px): `python docs/course_screenshots.py` (Debian's Chromium). PNGs go to
docs/course-lesson-phone.png, -desktop.png, docs/course-spinner-phone.png, -desktop.png
and docs/course-practice-phone.png, -desktop.png, reduced to 64 colours."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from PIL import Image
from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from app_speed import FLAGS, IDLE, TILE_BUTTONS, server  # noqa: E402

OUT = ROOT / "docs"
WIDTHS = {"phone": (390, 2400), "desktop": (1280, 1700)}
LESSON = "19. Strategy: Blocking when it pays"
SPINNER = "18. Strategy: Opening or closing the spinner"


def settle(page: Page) -> None:
    page.wait_for_selector(IDLE, timeout=120_000)
    page.wait_for_timeout(1200)


def save(page: Page, name: str, kind: str) -> None:
    path = OUT / f"course-{name}-{kind}.png"
    page.screenshot(path=str(path), full_page=False)
    Image.open(path).convert("RGB").quantize(colors=64).save(path, optimize=True)


def menu(page: Page, width: int, label: str) -> None:
    """Open a page from the top bar, or from the menu on a phone."""
    if width < 700:
        opener = "[data-testid='stExpandSidebarButton'], [data-testid='stHeaderMenu'] button"
        page.locator(opener).first.click()
    page.get_by_role("link", name=label).first.click()
    settle(page)


def wrong_label(lesson_id: str, question_id: str) -> str:
    """The label of a wrong choice of a question, in a learner's first attempt (seed 0)."""
    from trainer.teach.course import course_lesson
    question = next(q for q in course_lesson(lesson_id).questions if q.id == question_id)
    return next(c.label for c in question.choices if c.value != question.right)


def lesson(page: Page, url: str, title: str = LESSON, first_key: str = "blocking-which",
           best_key: str = "blocking-best1") -> None:
    """A strategy lesson (the blocking lesson unless told): its first step answered,
    then a best-move question answered wrong, so that its explanation shows."""
    page.goto(f"{url}/learn")
    settle(page)
    page.locator("[data-testid='stMain'] [data-testid='stSelectbox']").first.click()
    page.get_by_role("option", name=title).click()
    settle(page)
    first = page.locator(f"[class*='st-key-learn_{first_key}_']").first
    first.locator("button").first.click()
    settle(page)
    label = wrong_label(best_key.split("-")[0], best_key.replace("-", "."))
    buttons = page.locator(f"[class*='st-key-learn_{best_key}_'] button:not([disabled])").all()
    plain = {button: " ".join(button.inner_text().replace("\u2011", "-").split()) for button in buttons}
    next(button for button, text in plain.items() if text == label).click()
    settle(page)
    page.get_by_text("Question 2 of").first.scroll_into_view_if_needed()
    page.wait_for_timeout(500)


def practice(page: Page, url: str) -> None:
    """The first practice position, after the learner's first move."""
    page.goto(f"{url}/practice")
    settle(page)
    page.locator(TILE_BUTTONS).first.click()
    settle(page)
    page.locator("[class*='st-key-practice_end_'] button").first.click()
    settle(page)


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        os.environ["ALLFIVES_DB"] = str(Path(folder) / "progress.db")
        with server(ROOT / "app.py") as url, sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
            for kind, (width, height) in WIDTHS.items():
                page = browser.new_page(viewport={"width": width, "height": height})
                lesson(page, url)
                save(page, "lesson", kind)
                lesson(page, url, SPINNER, "spinner_play-opens", "spinner_play-best1")
                save(page, "spinner", kind)
                practice(page, url)
                save(page, "practice", kind)
                page.close()
            browser.close()


if __name__ == "__main__":
    main()
