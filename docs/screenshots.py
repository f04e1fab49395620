"""Screenshots of every page at a phone's width (390 px) and a desktop's (1280 px), for
the documentation: `python docs/screenshots.py` (Debian's Chromium, a fresh database with one
learner's sample history). PNGs go to docs/page-NAME-phone.png and -desktop.png, reduced to 64 colours.

`python docs/screenshots.py languages`: the Progress page at 390 px in every language, its
figures and its latest answers open (docs/progress-LANG-phone.png).

`python docs/screenshots.py hands`: Your hands, a hand entered by clicking up to the
seat's second move (docs/page-hands-entry-phone.png and -desktop.png).

`python docs/screenshots.py together`: Play together, the cover between turns
(docs/page-together-cover-desktop.png, -phone.png) and a player's turn
(docs/page-together-desktop.png, -phone.png).

`python docs/screenshots.py where`: where the tiles are, in Play during a hand and in the
review of a hand of your own (docs/play-where-*.png, hands-where-*.png); and the drill
"Read the hand" and a read-the-hand puzzle answered (docs/drills-read-*.png, puzzles-read-*.png).

`python docs/screenshots.py tables`: club mode, Ann's table against the computer (Greedy)
after her first move (docs/page-tables-desktop.png, -phone.png).

`python docs/screenshots.py events`: club mode, a teacher's duplicate event of four deals
at four tables of two, every deal played, its standings (docs/page-events-*.png)."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

from PIL import Image
from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from app_speed import FLAGS, IDLE, server  # noqa: E402

from trainer.puzzles.bank import catalogue, shipped  # noqa: E402
from trainer.store import Store  # noqa: E402

OUT = ROOT / "docs"
WIDTHS = {"phone": (390, 1700), "desktop": (1280, 1000)}
EXAMPLE = ("0-0:0-3,3-4,4-6,6-5,5-5,5-1,1-0:0-4,4-2,2-1,1-3,3-2,2-0,0-5,5-4::"
           "0-6,6-3,3-3,3-5,5-2,2-2,2-6,6-1 6-6,4-4/4-1,1-1 - 1 15,15")


def sample_history(path: Path) -> None:
    """Three weeks of a learner's answers: drills, puzzles (some rated), a timed run."""
    bank = [p for p in shipped() if p.tags]
    kinds = ("total", "score", "round", "where")
    now = datetime.now(UTC)
    with Store(str(path), catalogue=catalogue()) as store:
        learner = store.create_learner("Sam").id
        for i in range(400):
            when = now - timedelta(minutes=(400 - i) * 75)
            if i % 3:
                store.record_attempt(learner, "drill", f"{kinds[i % 4]}:{1 + i % 3}:{i}", i % 5 != 1,
                                     kind=kinds[i % 4], seconds=2.0 + (i % 7), when=when)
            else:
                puzzle = bank[(i * 7) % len(bank)]
                store.record_attempt(learner, "puzzle", puzzle.id, i % 4 != 0, rated=i % 2 == 0,
                                     seconds=9.0 + i % 11, when=when)
        store.record_run(learner, level=1, duration=60, answered=22, right=19, score=17, best_streak=9,
                         when=now - timedelta(days=2))


def shoot(page: Page, name: str, kind: str, prefix: str = "page", full: bool = False) -> None:
    page.wait_for_selector(IDLE, timeout=60_000)
    page.wait_for_selector(".af-opening", state="detached", timeout=60_000)  # the tab's kept work is back
    page.wait_for_timeout(1500)
    path = OUT / f"{prefix}-{name}-{kind}.png"
    page.screenshot(path=str(path), full_page=full)
    image = Image.open(path).convert("RGB").quantize(colors=64)
    image.save(path, optimize=True)


def first_move(page: Page, keys: tuple[str, str, str]) -> None:
    """Click the first lit tile of a move picker, then its lead or first end (`keys`: the
    picker's tile, lead and end keys, as `ui.widgets.move_picker` takes them)."""
    tile, lead, end = keys
    page.wait_for_selector(f"[class*=st-key-{tile}_] button:not([disabled])", timeout=60_000)
    page.locator(f"[class*=st-key-{tile}_] button:not([disabled])").first.click()
    page.wait_for_selector(IDLE, timeout=60_000)
    page.wait_for_timeout(300)
    page.locator(f".st-key-{lead} button, [class*=st-key-{end}_] button").first.click()
    page.wait_for_selector(IDLE, timeout=60_000)


def main() -> None:
    OUT.mkdir(exist_ok=True)
    puzzle = next(p.id for p in shipped() if p.kind == "best-play")
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "progress.db"
        sample_history(db)
        os.environ["ALLFIVES_DB"] = str(db)
        with server(ROOT / "app.py") as url, sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
            for kind, (width, height) in WIDTHS.items():
                page = browser.new_page(viewport={"width": width, "height": height})
                for name, address in (("start", ""), ("learn", "learn"), ("drills", "drills"),
                                      ("puzzles", f"puzzles?puzzle={puzzle}"),
                                      ("analysis", f"analysis?position={EXAMPLE}"),
                                      ("progress", "progress?learner=Sam"), ("guided", "first-hand")):
                    page.goto(f"{url}/{address}")
                    shoot(page, name, kind)
                page.goto(f"{url}/progress?learner=Sam")  # the Drills tab's chart, scrolled to
                page.wait_for_selector(IDLE, timeout=60_000)
                page.get_by_role("tab", name="Drills").click()
                page.wait_for_selector(".js-plotly-plot .scatterlayer .trace", timeout=60_000)
                page.locator(".js-plotly-plot").first.evaluate("e => e.scrollIntoView({block: 'end'})")
                shoot(page, "drills", kind, prefix="progress")
                page.goto(f"{url}/play")
                page.get_by_text("Start the game").wait_for(timeout=60_000)
                page.get_by_label("Deal number (empty: a new random deal)").fill("42")
                page.get_by_text("Start the game").click()
                page.wait_for_selector(IDLE, timeout=60_000)
                page.locator("[class*=st-key-tiles_] button:not([disabled])").first.click()
                shoot(page, "play", kind)
                page.close()
            browser.close()


def languages() -> None:
    """Progress on a phone in each language: the figures at the top, then the latest
    answers' table opened."""
    from trainer.i18n import languages as offered
    from trainer.i18n import tn

    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "progress.db"
        sample_history(db)
        os.environ["ALLFIVES_DB"] = str(db)
        with server(ROOT / "app.py") as url, sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
            for code in offered():
                page = browser.new_page(viewport={"width": 390, "height": 4200})
                page.goto(f"{url}/progress?learner=Sam&lang={code}")
                page.wait_for_selector(IDLE, timeout=60_000)
                title = tn("progress.recent_title", 10, code)
                page.locator("[data-testid=stExpander] summary", has_text=title).first.click()
                page.wait_for_selector(IDLE, timeout=60_000)
                page.wait_for_selector("[data-testid=stExpander] [data-testid=stDataFrame]", timeout=60_000)
                shoot(page, code, "phone", prefix="progress", full=True)
                page.close()
            browser.close()


def each_width() -> Iterator[tuple[str, str, Page]]:
    """A fresh database and the app served, then a new page at each width:
    (the app's address, "phone" or "desktop", the page), the page closed after."""
    with tempfile.TemporaryDirectory() as folder:
        os.environ["ALLFIVES_DB"] = str(Path(folder) / "progress.db")
        with server(ROOT / "app.py") as url, sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
            for kind, (width, height) in WIDTHS.items():
                page = browser.new_page(viewport={"width": width, "height": height})
                yield url, kind, page
                page.close()
            browser.close()


def hands() -> None:
    """Your hands: the example hand entered by clicking, up to the seat's choice of an
    end for his second move."""
    dealt = "5-2,5-1,4-2,4-0,3-3,3-0,2-1,2-0,0-0".split(",")
    for url, kind, page in each_width():
        page.goto(f"{url}/hands")
        page.wait_for_selector(IDLE, timeout=60_000)

        def click(key: str, page: Page = page) -> None:
            page.locator(f".st-key-{key} button").first.click()
            page.wait_for_timeout(300)
            page.wait_for_selector(IDLE, timeout=60_000)

        for tile in dealt:
            click(f"hands_deal_{tile}")
        click("hands_start")
        page.get_by_role("radiogroup", name="Who led?").get_by_text("Player 2").click()
        page.wait_for_selector(IDLE, timeout=60_000)
        click("hands_theirs_6-6")
        page.get_by_role("button", name="I drew a tile").click()
        click("hands_drew_3-2")
        page.get_by_role("button", name="I drew a tile").click()
        click("hands_drew_6-2")
        click("hands_mine_6-2")
        click("hands_mine_end_E")
        page.get_by_label("Tiles player 2 drew this turn").fill("2")
        page.keyboard.press("Enter")
        page.wait_for_selector(IDLE, timeout=60_000)
        click("hands_theirs_6-1")
        click("hands_mine_2-1")
        page.locator(".st-key-hands_mine_end_E").scroll_into_view_if_needed()
        shoot(page, "hands-entry", kind)


def together() -> None:
    """Play together: Ann and Ben; Ann plays her first move; the cover for Ben
    (docs/page-together-cover-*.png), then Ben's tiles shown on his turn
    (docs/page-together-*.png)."""
    for url, kind, page in each_width():
        page.goto(f"{url}/together")
        page.wait_for_selector(IDLE, timeout=60_000)
        page.get_by_label("Player 1's name").fill("Ann")
        page.get_by_label("Player 2's name").fill("Ben")
        page.keyboard.press("Tab")
        page.get_by_role("button", name="Start the match").click()
        page.wait_for_selector(IDLE, timeout=60_000)
        page.locator(".st-key-together_show button").click()
        page.wait_for_selector(IDLE, timeout=60_000)
        first_move(page, ("together_tile", "together_lead", "together_end"))
        shoot(page, "together-cover", kind)
        page.locator(".st-key-together_show button").click()
        page.wait_for_selector(IDLE, timeout=60_000)
        shoot(page, "together", kind)


def where() -> None:
    """The grid of where the tiles are: in Play after two moves of deal 42 (the coach
    allowed), and in the review of the example hand on Your hands, before its first move."""
    for url, kind, page in each_width():
        page.goto(f"{url}/play")
        page.get_by_text("Start the game").wait_for(timeout=60_000)
        page.get_by_label("Deal number (empty: a new random deal)").fill("42")
        page.get_by_text("Start the game").click()
        page.wait_for_selector(IDLE, timeout=60_000)
        for _ in range(2):
            first_move(page, ("mytile", "mylead", "myend"))
            page.wait_for_timeout(1500)  # the computer's move
        page.locator(".st-key-play_where_button button").click()
        page.wait_for_selector("[data-testid=stExpander] img", timeout=60_000)
        page.locator("[data-testid=stExpander]").last.scroll_into_view_if_needed()
        shoot(page, "where", kind, prefix="play")
        page.goto(f"{url}/hands")
        page.wait_for_selector(IDLE, timeout=60_000)
        page.get_by_text("As text or a file").click()
        page.wait_for_selector(IDLE, timeout=60_000)
        page.locator(".st-key-hands_example button").click()
        page.wait_for_selector(IDLE, timeout=60_000)
        page.locator(".st-key-hands_review_button button").click()
        toggle = page.get_by_text("Where were the tiles you could not see?").nth(1)  # the second move
        toggle.wait_for(timeout=120_000)
        toggle.click()
        page.wait_for_selector(IDLE, timeout=60_000)
        page.wait_for_selector("[data-testid=stVerticalBlock] img[alt]", timeout=60_000)
        toggle.scroll_into_view_if_needed()
        shoot(page, "where", kind, prefix="hands")
        page.goto(f"{url}/drills?drill=read:2:10")
        page.wait_for_selector(IDLE, timeout=60_000)
        page.locator("[class*=st-key-drill_read_] button").first.scroll_into_view_if_needed()
        shoot(page, "read", kind, prefix="drills")
        page.goto(f"{url}/puzzles?puzzle=r0e8386680")
        page.wait_for_selector(IDLE, timeout=60_000)
        page.locator(".st-key-puzzle_read_boneyard button").click()
        page.wait_for_selector(IDLE, timeout=60_000)
        page.locator("[data-testid=stAlert]").first.scroll_into_view_if_needed()
        shoot(page, "read", kind, prefix="puzzles")


def tables() -> None:
    """A table in club mode: Ann signs in, opens a 2-player table with the computer in
    seat 2 and plays her first move."""
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "club.db"
        os.environ.update(ALLFIVES_DB=str(db), ALLFIVES_MODE="club")
        with Store(str(db), catalogue=catalogue()) as store:
            store.create_account("Ann", "learner", password="ann-password-1")
        with server(ROOT / "app.py") as url, sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
            for kind, (width, height) in WIDTHS.items():
                page = browser.new_page(viewport={"width": width, "height": height})
                page.goto(f"{url}/tables")
                page.wait_for_selector(IDLE, timeout=60_000)
                page.locator(".st-key-club_name input").fill("Ann")
                page.locator(".st-key-club_password input").fill("ann-password-1")
                page.keyboard.press("Enter")
                page.wait_for_timeout(2000)
                page.wait_for_selector(IDLE, timeout=60_000)
                page.goto(f"{url}/tables")  # signed in: the session's cookie
                page.wait_for_selector(".st-key-table_open", timeout=60_000)
                page.wait_for_selector(IDLE, timeout=60_000)
                page.get_by_label("Player 2").click()
                page.get_by_role("option", name="Computer: Greedy").click()
                page.wait_for_selector(IDLE, timeout=60_000)
                page.locator(".st-key-table_open button").click()
                first_move(page, ("table_tile", "table_lead", "table_end"))
                page.wait_for_timeout(3000)  # the computer's move, read by the table's next poll
                shoot(page, "tables", kind)
                page.close()
            browser.close()
        os.environ.pop("ALLFIVES_MODE")


def played_event(store: Store) -> None:
    """Tess's class of eight and an event of four deals at four tables of two, each deal
    played out (Ann and Cat greedily, the others at random)."""
    from trainer.play.events import EventSettings, plan
    from trainer.play.players import GreedyPlayer, RandomPlayer
    from trainer.play.table import TableSettings, replay
    from trainer.store import NewBoard

    tess = store.create_account("Tess", "teacher", password="tess-password-1")
    klass = store.create_class(tess.id, "Monday")
    names = ("Ann", "Ben", "Cat", "Dan", "Eva", "Finn", "Gus", "Hana")
    learners = [store.create_account(n, "learner", password=f"{n.lower()}-password-1") for n in names]
    for account in learners:
        store.join(klass.id, account.id)
    ids = [a.learner_id for a in learners]
    settings = EventSettings("standard", 2, deals=(11, 12, 13, 14), per_round=2)
    tables = [ids[i:i + 2] for i in range(0, 8, 2)]
    boards = [NewBoard(b.round, b.deal, b.table, settings.board_settings(b.deal).to_json(),
                       tuple((p, None) for p in b.seats)) for b in plan(settings, tables)]
    event = store.scoped(tess).create_event(klass.id, "Monday cup", settings.to_json(), boards)
    for number, board in enumerate(store.event_boards(event.id)):
        table = store.play_table(board.table_id)
        bots = {s.seat: GreedyPlayer(number) if s.learner_id in (ids[0], ids[2])
                else RandomPlayer(number * 5 + s.seat) for s in table.seats}
        match = replay(TableSettings.from_json(table.settings), [])
        while not match.over:
            move = bots[match.position.turn].choose(match.position, match.voids())
            store.add_move(table.id, sum(len(h) for h in match.hands), match.position.turn, str(move), None,
                           f"shot-{table.id}-{len(store.table_moves(table.id))}")
            match = replay(TableSettings.from_json(table.settings),
                           [(m.move, m.claim) for m in store.table_moves(table.id)])


def events() -> None:
    """The teacher's Events page: the standings of a finished event of four deals."""
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "club.db"
        os.environ.update(ALLFIVES_DB=str(db), ALLFIVES_MODE="club")
        with Store(str(db), catalogue=catalogue()) as store:
            played_event(store)
        with server(ROOT / "app.py") as url, sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
            for kind, (width, height) in WIDTHS.items():
                page = browser.new_page(viewport={"width": width, "height": height})
                page.goto(f"{url}/events")
                page.wait_for_selector(IDLE, timeout=60_000)
                page.locator(".st-key-club_name input").fill("Tess")
                page.locator(".st-key-club_password input").fill("tess-password-1")
                page.keyboard.press("Enter")
                page.wait_for_timeout(2000)
                page.wait_for_selector(IDLE, timeout=60_000)
                page.goto(f"{url}/events")
                page.wait_for_selector("[data-testid=stDataFrame]", timeout=60_000)
                page.wait_for_selector(IDLE, timeout=60_000)
                page.get_by_text("Standings", exact=True).first.scroll_into_view_if_needed()
                shoot(page, "events", kind)
                page.close()
            browser.close()
        os.environ.pop("ALLFIVES_MODE")


if __name__ == "__main__":
    modes = {"languages": languages, "hands": hands, "together": together, "where": where, "tables": tables,
             "events": events}
    modes.get(" ".join(sys.argv[1:]), main)()
