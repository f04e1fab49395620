"""A newcomer's first hour in Debian's Chromium, at a phone's width and a desktop's:
lesson 1, Start's next step, a drill, today's puzzle, a match to the first hand's end,
with a reload after each, and nothing lost; no page scrolls sideways, no traceback, no
move's code broken at its hyphen. Then what only a browser shows: a second pasted code
on the Analysis board, and a narrow window's menu closing once a page is chosen."""

from __future__ import annotations

import re
import shutil
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from tests.test_e2e_play import CHROMIUM, FLAGS, IDLE, ROOT, served
from trainer.engine.moves import Move
from trainer.i18n import t
from trainer.puzzles.bank import shipped
from trainer.puzzles.daily import daily
from trainer.teach.lessons import lessons

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(not shutil.which(CHROMIUM), reason="Debian's chromium is not installed")

TILES = "[class*=st-key-tiles_] button:not([disabled])"
ENDS = re.compile(r"\([0-6][-\u2011][0-6]@[EWNS]\)$|^\s*Lead ")
# a tile's or a move's code laid out on two lines (its hyphen at a line's end)
BROKEN = """() => {
  const out = [];
  const main = document.querySelector('[data-testid=stMain]');
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  let node;
  while ((node = walker.nextNode())) {
    const re = /[0-6][-\\u2011][0-6](@[NESW])?/g;
    let m;
    while ((m = re.exec(node.nodeValue))) {
      const r = document.createRange();
      r.setStart(node, m.index);
      r.setEnd(node, m.index + m[0].length);
      const boxes = [...r.getClientRects()].filter(b => b.width > 0);
      if (boxes.length > 1 && Math.abs(boxes[0].top - boxes[boxes.length - 1].top) > 2) out.push(m[0]);
    }
  }
  return out;
}"""


@pytest.fixture(scope="module")
def app_url(tmp_path_factory: pytest.TempPathFactory) -> Any:
    import os
    database = tmp_path_factory.mktemp("first-hour") / "progress.db"
    before = os.environ.get("ALLFIVES_DB")
    os.environ["ALLFIVES_DB"] = str(database)
    try:
        with served(ROOT / "app.py") as url:
            yield url
    finally:
        if before is None:
            os.environ.pop("ALLFIVES_DB", None)
        else:
            os.environ["ALLFIVES_DB"] = before


def settled(page: Any) -> None:
    """The page drawn and its script run over (a reload waits for the tab's kept work)."""
    page.wait_for_selector("[data-testid=stMain] h1", timeout=90_000)  # a page's title: it is drawn
    page.wait_for_selector(".af-opening", state="detached", timeout=90_000)
    page.wait_for_selector(IDLE, timeout=90_000)
    page.wait_for_timeout(400)
    page.wait_for_selector(IDLE, timeout=90_000)


def healthy(page: Any, width: int) -> None:
    body = page.inner_text("body")
    assert "Traceback" not in body and "Error:" not in body, body[:500]
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width + 1
    assert page.evaluate("document.querySelector('[data-testid=stMain]').scrollWidth") <= width + 1
    assert page.evaluate(BROKEN) == []


def reload(page: Any, width: int) -> None:
    page.reload()
    settled(page)
    healthy(page, width)


def key_button(page: Any, key: str) -> Any:
    return page.locator(f".st-key-{key.replace('.', '-')} button")


def nav(page: Any, url: str, path: str) -> None:
    """A page of the app chosen as a learner would: its link in the menu (the top bar on a
    desktop, the sidebar's menu in a narrow window)."""
    link = page.locator(f"[data-testid=stTopNavLink][href$='/{path}']")
    if not link.count() or not link.first.is_visible():
        page.locator("[data-testid=stExpandSidebarButton]").click()
        link = page.locator(f"[data-testid=stSidebarNavLink][href$='/{path}']")
    link.first.click()
    settled(page)


@pytest.mark.parametrize("width", [390, 1280])
def test_the_first_hour_loses_nothing_to_a_reload(app_url: str, width: int) -> None:
    first = lessons()[0]
    today = daily(shipped(), date.today())
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={"width": width, "height": 1600})
        page.goto(app_url)
        settled(page)
        healthy(page, width)
        start = key_button(page, "home_next")
        assert first.title in start.inner_text()

        # lesson 1, answered right, then a reload: the answers and the stars stay
        start.click()
        settled(page)
        for question in first.questions:
            index = [c.value for c in question.choices].index(question.right)
            key_button(page, f"learn_{question.id}_{index}").click()
            settled(page)
        assert t("learn.complete") in page.inner_text("body")
        reload(page, width)
        assert t("learn.complete") in page.inner_text("body"), "lesson 1 lost by the reload"
        assert key_button(page, "learn_next").count()

        # Start's next step is the next lesson, not today's puzzle
        nav(page, app_url, "")
        assert lessons()[1].title in key_button(page, "home_next").inner_text()
        reload(page, width)
        assert lessons()[1].title in key_button(page, "home_next").inner_text()

        # a drill: another kind and level, answered; a reload keeps the kind, level and verdict
        nav(page, app_url, "drills")
        page.get_by_text(t("drill.score.title"), exact=True).click()
        settled(page)
        page.get_by_text(t("drills.level_short.2"), exact=True).click()
        settled(page)
        question = page.locator("[data-testid=stMain] strong").first.inner_text()
        page.locator("[class*=st-key-drill_choice_] button").first.click()
        settled(page)
        verdict = page.locator("[data-testid=stAlertContentSuccess], [data-testid=stAlertContentError]")
        said = verdict.first.inner_text()
        reload(page, width)
        assert page.locator("[data-testid=stMain] strong").first.inner_text() == question
        assert verdict.first.inner_text() == said, "the drill's answer lost by the reload"
        assert all(b.is_disabled() for b in page.locator("[class*=st-key-drill_choice_] button").all())

        # today's puzzle, answered; a reload keeps the answer and its explanation
        page.goto(f"{app_url}/puzzles?puzzle={today.id}")
        settled(page)
        if today.kind == "count":
            page.get_by_label(t("puzzles.count_label")).fill(today.accepted[0])
            page.get_by_role("button", name=t("puzzles.check")).click()
        else:
            move = Move.parse(today.accepted[0])
            key_button(page, f"ptile_{move.tile}").click()
            settled(page)
            key_button(page, f"pend_{move.side}").click()
        settled(page)
        assert page.locator("[data-testid=stAlertContentSuccess]").count()
        reload(page, width)
        assert page.locator("[data-testid=stAlertContentSuccess]").count(), "the puzzle's answer lost"
        assert today.id in page.url

        # a match: two moves, a reload (the same match), then to the first hand's end, a reload
        nav(page, app_url, "play")
        page.get_by_label(re.compile("Deal number")).fill("42")
        page.get_by_text(t("play.start")).click()
        settled(page)
        for _ in range(2):
            play_a_move(page)
        captions = page.locator("[data-testid=stMain] [data-testid=stCaptionContainer]")
        story = captions.all_inner_texts()
        hand = [b.inner_text() for b in page.locator("[class*=st-key-tiles_mytile] button").all()]
        reload(page, width)
        assert [b.inner_text() for b in page.locator("[class*=st-key-tiles_mytile] button").all()] == hand
        assert captions.all_inner_texts() == story
        review = page.get_by_role("button", name=t("play.review"))
        for _ in range(40):
            if review.count():
                break
            play_a_move(page)
        assert review.count(), "the hand did not end"
        over = page.locator("h3").filter(has_text="Hand 1 is over").inner_text()
        reload(page, width)
        assert page.locator("h3").filter(has_text="Hand 1 is over").inner_text() == over
        assert review.count()
        page.screenshot(path=str(Path(f"/tmp/first-hour-{width}.png")))
        browser.close()


def play_a_move(page: Any) -> None:
    tiles = page.locator(TILES)
    if not tiles.count():  # the computer is thinking: its move comes in this run
        settled(page)
        return
    tiles.first.click()
    settled(page)
    page.locator("button").filter(has_text=ENDS).first.click()
    settled(page)


def test_every_code_pasted_on_the_analysis_board_is_analysed(app_url: str) -> None:
    codes = ("5-5:5-2:5-3:: 6-4,3-1/?2 ?21 0 0,0", "6-4 3-3,2-1/?7 ?18 1 0,10",
             "5-5:5-2:5-3:: 6-4,3-1/?2 ?21 0 0,0")
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={"width": 1280, "height": 1400})
        page.goto(f"{app_url}/analysis")
        settled(page)
        page.get_by_text(t("analysis.tab_paste"), exact=True).click()
        settled(page)
        box = page.get_by_role("textbox", name=t("analysis.code_label"))
        for n, code in enumerate(codes):
            box.fill(code)
            if n == 1:
                box.press("Enter")  # Enter submits the form as the button does
            else:
                page.get_by_role("button", name=t("analysis.analyse")).click()
            settled(page)
            assert box.input_value() == code
            assert page.locator("[data-testid=stCode]").first.inner_text().strip() == code
        browser.close()


def test_a_page_chosen_in_a_narrow_windows_menu_closes_the_menu(app_url: str) -> None:
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={"width": 700, "height": 900})
        page.goto(app_url)
        settled(page)
        page.locator("[data-testid=stExpandSidebarButton]").click()
        sidebar = page.locator("[data-testid=stSidebar]")
        page.wait_for_timeout(600)
        assert sidebar.bounding_box()["x"] >= 0  # type: ignore[index]
        page.locator("[data-testid=stSidebarNavLink][href$='/drills']").click()
        settled(page)
        page.wait_for_timeout(800)
        box = sidebar.bounding_box()
        assert box is None or box["x"] + box["width"] <= 1, box  # folded away, off the page
        assert page.locator("[data-testid=stExpandSidebarButton]").is_visible()
        browser.close()
