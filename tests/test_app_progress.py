"""Progress in the app, driven with AppTest: a learner is made in the sidebar, answers
drills and puzzles, and the Progress page shows them, after a refresh and a restart
too; rated puzzles, the review queue, a theme's practice link; a new learner's empty
page; a learner with thousands of attempts; a locked, missing or damaged database
(the app says so, works on, and leaves the file alone); import and export; names
that look like HTML.

Every test has a database of its own (ALLFIVES_DB in a temporary folder) and starts
with Streamlit's resource cache cleared, as a fresh app process would."""

from __future__ import annotations

import json
import re
import sqlite3
import time
import xml.etree.ElementTree as ET
from base64 import b64decode
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("streamlit")
import streamlit as st  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402

from trainer.engine.moves import Move  # noqa: E402
from trainer.i18n import t, tn  # noqa: E402
from trainer.puzzles.bank import catalogue, shipped  # noqa: E402
from trainer.puzzles.daily import daily  # noqa: E402
from trainer.puzzles.kinds import Puzzle  # noqa: E402
from trainer.store import ENV, Store  # noqa: E402
from trainer.store.scheduling import DRILL_CAP  # noqa: E402
from trainer.teach.drills import TimedRun, make_item  # noqa: E402
from ui.state import OPERATOR_ENV  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
APP = str(ROOT / "app.py")
PAGES = ("home", "learn", "practice", "drills", "puzzles", "play", "analysis", "progress")
def today_puzzle() -> Puzzle:
    """Today's puzzle, read when a test needs it (a run may pass midnight)."""
    return daily(shipped(), date.today())

CHARTS = ("summary", "rating", "drills", "themes", "queue")  # the tabs of ui/progress.py, summary first


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


# ----- helpers -----
def ok(target: Any) -> AppTest:
    at: AppTest = target.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def app(learner: str | None = None, page: str = "home", **state: Any) -> AppTest:
    """The app as a browser opens it (a new session), with ?learner= when given."""
    at = AppTest.from_file(APP, default_timeout=120)
    if learner is not None:
        at.query_params["learner"] = learner
    for key, value in state.items():
        at.session_state[key] = value
    ok(at)
    return ok(at.switch_page(f"ui/{page}.py")) if page != "home" else at


def create(at: AppTest, name: str) -> AppTest:
    """Open the new learner's panel (the page runs again), type the name, create."""
    at.session_state["learner_new_open"] = True
    ok(at)
    at.sidebar.text_input(key="learner_new_name").input(name)
    return ok(list(at.sidebar.get("form_submit_button"))[0].click())


def texts(elements: Any) -> list[str]:
    return [str(e.value) for e in elements]


def unescaped(elements: Any) -> list[str]:
    """Element texts with Markdown's backslash escapes taken out (names, paths)."""
    return [str(e.value).replace("\\", "") for e in elements]


def metric(at: AppTest, label: str) -> str:
    return next(str(m.value) for m in at.metric if m.label == label)


def charts(at: AppTest) -> list[dict[str, Any]]:
    """The plotly figures on the page (ui/plots.py), as plotly's JSON: the open tab's."""
    return [json.loads(chart.proto.spec) for chart in at.main.get("plotly_chart")]


def all_charts(at: AppTest, lang: str = "en") -> dict[str, dict[str, Any]]:
    """Each tab of charts opened in turn (the page runs again each time): its figure by
    the tab's name, the tabs with nothing to draw left out."""
    found = {}
    for name in CHARTS:
        at.session_state["progress_chart"] = t(f"progress.tab.{name}", lang)
        drawn = charts(ok(at))
        assert len(drawn) <= 1, name  # one figure a tab
        if drawn:
            found[name] = drawn[0]
    return found


def calendars(at: AppTest) -> list[ET.Element]:
    """The calendar's drawing for a desktop (ui/charts.py), parsed, if the page has one."""
    found = []
    for html in at.main.get("html"):
        for data in re.findall(r'class="af-board-wide"><img src="data:image/svg\+xml;base64,([^"]+)"',
                               html.proto.body):
            drawing = ET.fromstring(b64decode(data))
            if any(g.get("class") == "day" for g in drawing.iter()):
                found.append(drawing)
    return found


def traces(figure: dict[str, Any]) -> list[dict[str, Any]]:
    """A figure's series that carry points with hover words (not the rating's band)."""
    return [trace for trace in figure["data"] if trace.get("customdata") is not None]


def answer_total(at: AppTest, value: int) -> AppTest:
    at.text_input(key="drill_count").input(str(value))
    return ok(at.button(key="drill_submit").click())


def click_move(at: AppTest, move: Move) -> AppTest:
    ok(at.button(key=f"ptile_{move.tile}").click())
    return ok(at.button(key=f"pend_{move.side}").click())


def a_wrong_move(puzzle: Puzzle) -> Move:
    return Move.parse(next(m.move for m in puzzle.moves if m.move not in puzzle.accepted))


def tagged(kind: str = "best-play") -> Puzzle:
    return next(p for p in shipped() if p.kind == kind and p.tags and p.id != today_puzzle().id)


def open_store(path: Path) -> Store:
    return Store(str(path), create=False)


# ----- a learner's answers, kept and shown -----
def test_a_new_learner_answers_drills_and_puzzles_and_progress_shows_them_after_a_restart(db: Path) -> None:
    at = app(drill_seed=11, drill_kind="total", drill_level=1, run_clock=Clock())
    create(at, "  Ann  ")
    assert at.session_state["learner"] == "Ann" and at.query_params["learner"] == "Ann"
    learner = at.session_state["learner_id"]
    assert isinstance(learner, int)

    ok(at.switch_page("ui/drills.py"))
    item = make_item("total", 11, 1)
    answer_total(at, item.answer)  # right
    ok(at.button(key="drill_next").click())
    wrong_item = make_item("total", 12, 1)
    answer_total(at, wrong_item.answer + 1)  # wrong

    puzzle = tagged()
    at.session_state["puzzle_id"] = puzzle.id
    ok(at.switch_page("ui/puzzles.py"))
    click_move(at, a_wrong_move(puzzle))  # wrong
    assert at.error
    ok(at.button(key="puzzle_retry").click())  # a wrong answer offers another try first
    click_move(at, Move.parse(puzzle.accepted[0]))  # right
    assert at.success

    # the session keeps them as before, and the store has every detail
    assert [(r["part"], r["correct"]) for r in at.session_state["results"]] == [
        ("drill", True), ("drill", False), ("puzzle", False), ("puzzle", True)]
    with open_store(db) as store:
        kept = list(reversed(store.recent_attempts(learner)))
    assert [(a.part, a.item, a.correct) for a in kept] == [
        ("drill", "total:1:11", True), ("drill", "total:1:12", False),
        ("puzzle", puzzle.id, False), ("puzzle", puzzle.id, True)]
    assert kept[0].kind == "total" and kept[0].answer == str(item.answer)
    assert kept[0].position == item.position.code()
    assert kept[3].kind == puzzle.kind and kept[3].tags == puzzle.tags and kept[3].points_lost == 0
    assert kept[2].points_lost is not None and kept[2].points_lost > 0
    assert kept[2].answer == str(a_wrong_move(puzzle)) and kept[2].position == puzzle.position
    assert all(a.seconds is not None and 0 <= a.seconds < 120 for a in kept)
    assert not any(a.rated or a.helped for a in kept[:3])
    assert kept[3].helped and not kept[3].rated and kept[3].mode == ""  # a retry after the answer was shown

    ok(at.switch_page("ui/progress.py"))
    shown = progress_of(at)
    assert shown["answers"] == "4"
    assert shown["tables"][t("progress.part.drill")] == (2, 1)
    assert shown["tables"][t("progress.part.puzzle")] == (2, 0)  # the helped retry is no solve
    assert shown["charts"] == ["drills", "queue", "themes"]  # no rated puzzle yet: no rating chart
    assert len(calendars(at)) == 1
    at.session_state["progress_chart"] = t("progress.tab.themes")
    links = [p for p in ok(at).get("page_link") if "tag=" in str(p.proto.query_string)]
    assert {p.proto.query_string for p in links} == {f"tag={tag}" for tag in puzzle.tags}

    # a browser refresh: a new session, the learner from the URL; and an app restart
    st.cache_resource.clear()
    again = app("Ann", "progress")
    assert again.session_state["learner_id"] == learner
    assert progress_of(again) == shown


def progress_of(at: AppTest) -> dict[str, Any]:
    """What the Progress page says: the answers metric and the table of parts."""
    tables: dict[str, tuple[int, int]] = {}
    part, answers, right = t("progress.col.part"), t("progress.col.answers"), t("progress.col.right")
    for frame in at.table:
        data = frame.value
        if part in data.columns and answers in data.columns:
            for row in data.to_dict("records"):
                tables[row[part]] = (int(row[answers]), int(row[right]))
    return {"answers": metric(at, t("progress.metric_answers")), "tables": tables,
            "charts": sorted(all_charts(at))}


def test_a_brand_new_learner_reads_what_will_appear_and_sees_no_empty_chart(
        db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    at = create(app(), "Bo")
    ok(at.switch_page("ui/progress.py"))
    assert texts(at.info) == [t("progress.empty", name="Bo")]
    assert not charts(at) and not calendars(at) and not at.tabs
    assert metric(at, t("progress.metric_answers")) == "0"
    assert at.get("download_button")  # his (empty) history can be exported already
    # where the database is: for operators (ALLFIVES_ADMIN=1) only, never for learners
    assert not any(db.name in c.value for c in at.code)
    assert not any(ENV in m.value for m in at.markdown)
    monkeypatch.setenv(OPERATOR_ENV, "1")
    ok(at)
    assert any(db.name in c.value for c in at.code)


def test_without_a_learner_answers_stay_in_the_session(db: Path) -> None:
    at = app(drill_seed=5, drill_kind="total", drill_level=2, page="drills")
    answer_total(at, make_item("total", 5, 2).answer)
    assert at.session_state["results"][-1]["correct"] is True
    ok(at.switch_page("ui/progress.py"))
    assert texts(at.info) == [t("progress.no_learner")]
    assert tn("progress.session", 1, right=1) in texts(at.markdown)
    with open_store(db) as store:
        assert store.learners() == ()


def run_three_right(at: AppTest, clock: Clock) -> None:
    """On the Drills page: start a timed run, answer three items right, 2 s each, and let
    the time run out."""
    ok(at.button(key="run_start").click())
    run: TimedRun = at.session_state["run"]
    for _ in range(3):
        item = run.current
        assert item is not None
        clock.now += 2
        if item.kind == "total":
            at.text_input(key="run_count").input(str(item.answer))
            ok(at.button(key="run_submit").click())
        elif item.kind in ("score", "round"):
            ok(at.button(key=f"run_choice_{item.answer}").click())  # type: ignore[union-attr]
        else:  # toggles: the ends a tile fits, the tiles that score, the numbers an end needs
            toggle = "end" if item.kind == "where" else "pick"
            for value in sorted(str(v) for v in item.answer):  # type: ignore[union-attr]
                ok(at.button(key=f"run_{toggle}_{value}").click())
            ok(at.button(key="run_check").click())
    clock.now += 60
    ok(at)


def test_a_timed_run_is_kept_with_its_answers(db: Path) -> None:
    clock = Clock()
    at = create(app(drill_seed=40, drill_kind="run", drill_level=1, run_clock=clock), "Cy")
    ok(at.switch_page("ui/drills.py"))
    run_three_right(at, clock)
    assert t("run.best_kept", level=1, best=3) in texts(at.caption)
    with open_store(db) as store:
        learner = at.session_state["learner_id"]
        runs = store.best_runs(learner)
        kept = store.recent_attempts(learner)
    assert [(r.score, r.answered, r.level) for r in runs] == [(3, 3, 1)]
    assert [a.mode for a in kept] == ["run"] * 3 and all(a.seconds == 2.0 for a in kept)
    assert kept[-1].item.endswith(":run40.0")
    ok(at.switch_page("ui/progress.py"))
    assert any(t("progress.col.score") in f.value.columns for f in at.table)


# ----- rated puzzles, the review queue, practising a theme -----
def test_rated_puzzles_move_the_rating_and_missed_ones_come_back_for_review(db: Path) -> None:
    at = create(app(), "Di")
    learner = at.session_state["learner_id"]
    ok(at.switch_page("ui/puzzles.py"))
    at.session_state["puzzle_mode"] = "rated"
    ok(at)
    assert at.session_state["puzzle_source"] == "stream"
    served = at.session_state["puzzle_id"]
    puzzle = next(p for p in shipped() if p.id == served)
    assert puzzle.id != today_puzzle().id
    if puzzle.kind == "count":
        at.text_input(key="puzzle_count").input(str(int(puzzle.accepted[0]) + 1))
        ok(list(at.get("form_submit_button"))[0].click())
    else:
        click_move(at, a_wrong_move(puzzle))
    change = [m for m in texts(at.info) if m.startswith("Rating 1000 → ")]  # a new learner: the easy band
    assert change and "(-" in change[0]
    ok(at.button(key="puzzle_next_rated").click())
    assert at.session_state["puzzle_id"] != served
    with open_store(db) as store:
        rated = store.recent_attempts(learner)[0]
        assert rated.rated and rated.mode == "stream"
        assert 900 <= store.learner(learner).rating.rating < 1000  # one wrong answer: 100 at most
        # the missed puzzle is due in a minute; a day later it is due: make it so
        store.record_attempt(learner, "puzzle", served, False, when=datetime.now(UTC) - timedelta(days=2))
        store.record_attempt(learner, "drill", "where:2:77", False, kind="where",
                             when=datetime.now(UTC) - timedelta(days=2))
        assert {r.item for r in store.due_reviews(learner)} >= {served}

    at.session_state["puzzle_mode"] = "review"
    ok(at)
    assert at.session_state["puzzle_source"] != "review"
    buttons = [b for b in at.button if b.key and b.key.startswith("review_open_")]
    assert any(served in b.label for b in buttons)
    drill = tn("queue.drill_group", 1, drill=t("drill.where.title"), level=2)
    assert [b.label for b in buttons if b.label.startswith("Drill")] == [drill]
    ok(next(b for b in buttons if served in b.label).click())
    assert at.session_state["puzzle_source"] == "review" and at.session_state["puzzle_id"] == served
    if puzzle.kind == "count":
        at.text_input(key="puzzle_count").input(puzzle.accepted[0])
        ok(list(at.get("form_submit_button"))[0].click())
    else:
        click_move(at, Move.parse(puzzle.accepted[0]))
    comes_back = t("puzzles.review_next", when="@").split("@")[0]
    assert any(c.startswith(comes_back) for c in texts(at.caption))
    with open_store(db) as store:
        latest = store.recent_attempts(learner)[0]
        assert (latest.item, latest.mode, latest.correct, latest.rated) == (served, "review", True, False)
    ok(at.button(key="puzzle_review_back").click())
    assert at.session_state["puzzle_source"] == ""

    # the drill board comes back on the Drills page, the same board
    drills = app("Di", "puzzles", puzzle_mode="review")
    ok(next(b for b in drills.button if b.label == drill).click())  # st.switch_page(...?drill=)
    assert drills.session_state["drill_review"] == "where:2:77"
    ok(drills.switch_page("ui/drills.py"))  # AppTest's next runs stay on the page it switched to
    assert t("drills.review_item") in texts(drills.info)
    item = make_item("where", 77, 2)
    assert item.question() in " ".join(texts(drills.markdown))
    for side in sorted(item.answer):
        ok(drills.button(key=f"drill_end_{side}").click())
    ok(drills.button(key="drill_check").click())
    with open_store(db) as store:
        latest = store.recent_attempts(learner)[0]
        assert (latest.item, latest.mode, latest.correct) == ("where:2:77", "review", True)


def test_a_bad_drill_link_says_so() -> None:
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["drill"] = "total:9:<b>"
    ok(at)
    ok(at.switch_page("ui/drills.py"))
    assert at.warning and "total" in at.warning[0].value


def test_the_progress_pages_theme_link_opens_puzzles_of_that_theme(db: Path) -> None:
    at = create(app(), "Ed")
    tag = "set-up"
    at.query_params["tag"] = tag
    ok(at.switch_page("ui/puzzles.py"))
    opened = next(p for p in shipped() if p.id == at.session_state["puzzle_id"])
    assert tag in opened.tags
    assert texts(at.info) == [tn("puzzles.practising", sum(tag in p.tags for p in shipped()),
                                 theme=t(f"puzzles.tag.{tag}"), definition=t(f"puzzles.tag_def.{tag}"))]
    at.session_state["puzzle_chooser"] = True  # the learner opens the chooser: the theme is chosen
    ok(at)
    assert at.selectbox(key="puzzle_tag").value == tag
    at.query_params["tag"] = "no-such-theme"
    ok(at.switch_page("ui/puzzles.py"))
    assert any("no-such-theme" in w for w in texts(at.warning))


def test_a_mode_link_opens_that_mode_and_a_bad_one_says_so(db: Path) -> None:
    at = create(app(), "Ed")
    at.query_params["mode"] = "review"
    ok(at.switch_page("ui/puzzles.py"))
    assert at.session_state["puzzle_mode"] == "review" and not at.warning
    at.query_params["mode"] = "xyz<b>"
    ok(at.switch_page("ui/puzzles.py"))
    assert at.session_state["puzzle_mode"] == "review"  # the mode in use is kept
    modes = "Browse, Rated, Streak, Storm, Review"
    assert unescaped(at.warning) == [t("puzzles.bad_mode", mode="xyz<b>", modes=modes)]


def test_without_a_learner_the_rated_and_review_modes_ask_for_one(db: Path) -> None:
    at = app(page="puzzles")
    for mode in ("rated", "review"):
        at.session_state["puzzle_mode"] = mode
        ok(at)
        assert texts(at.info) == [t("puzzles.need_learner")]


# ----- thousands of attempts -----
def fill(path: Path, name: str, count: int) -> int:
    bank = [p for p in shipped() if p.tags]
    kinds = ("total", "score", "round", "where")
    now = datetime.now(UTC)
    with Store(str(path), catalogue=catalogue()) as store:
        learner = store.create_learner(name).id
        for i in range(count):
            when = now - timedelta(minutes=(count - i) * 47)
            if i % 3:
                store.record_attempt(learner, "drill", f"{kinds[i % 4]}:{1 + i % 3}:{i}", i % 4 != 1,
                                     kind=kinds[i % 4], seconds=1.5 + (i % 9), when=when)
            else:
                puzzle = bank[(i * 7) % len(bank)]
                store.record_attempt(learner, "puzzle", puzzle.id, i % 5 != 0, rated=i % 2 == 0,
                                     helped=i % 11 == 0, seconds=8.0 + i % 13, when=when,
                                     mode="daily" if i % 6 == 0 else "")
            if i % 200 == 0:
                store.record_run(learner, level=1 + i % 3, duration=60, answered=20, right=10 + i % 10,
                                 score=10 + i % 10, best_streak=5, when=when)
    return learner


def test_thousands_of_attempts_render_every_chart(db: Path) -> None:
    learner = fill(db, "Fay", 3000)
    started = time.perf_counter()
    at = app("Fay", "progress")
    took = time.perf_counter() - started
    assert metric(at, t("progress.metric_answers")) == "3000"
    assert any(t("progress.col.score") in f.value.columns for f in at.table)
    assert took < 30, took
    assert len(calendars(at)) == 1
    assert not charts(at)  # the page opens on the summary: each chart in a sentence
    with Store(str(db), catalogue=catalogue()) as store:
        counts, tags = store.review_counts(learner), store.tag_stats(learner)
        rating = store.learner(learner).rating
    said = " ".join(unescaped(at.markdown))
    assert t("progress.summary.queue", due=counts.due, total=counts.total) in said
    assert t("progress.summary.themes", weakest=t(f"puzzles.tag.{tags[0].tag}"),
             percent=f"{round(100 * tags[0].accuracy)}%") in said
    assert f"Rating: {round(rating.rating)} ± {round(rating.rd)} after " in said
    figures = all_charts(at)
    assert set(figures) == set(CHARTS) - {"summary"}  # the summary is in words: no plotly at the opening
    for name in ("rating", "drills"):
        lines = traces(figures[name])
        assert lines and all(line["x"] and len(line["customdata"]) == len(line["x"]) for line in lines)
    drills = figures["drills"]
    assert {line["legendgroup"] for line in traces(drills)} == {"total", "score", "round", "where"}
    assert [line["yaxis"] for line in traces(drills)].count("y2") == 4  # answer times: the lower panel
    assert figures["rating"]["layout"]["xaxis"]["type"] == "date"  # a year of days: zoomable
    assert figures["rating"]["layout"]["xaxis"]["rangeslider"]["visible"]
    with Store(str(db), catalogue=catalogue()) as store:  # the queue's days: each card on its local day
        cards = store.review_queue(learner)
        due_now = store.review_counts(learner).due
    today = date.today()
    per_day = {(part, n): 0 for part in ("puzzle", "drill") for n in range(14)}
    for card in cards:
        ahead = (card.due.astimezone().date() - today).days
        if ahead < 14:
            per_day[("puzzle" if card.part == "puzzle" else "drill", max(0, ahead))] += 1
    bars = {trace["name"]: trace["y"] for trace in figures["queue"]["data"]}
    assert bars == {t("progress.queue.puzzle"): [per_day[("puzzle", n)] for n in range(14)],
                    t("progress.queue.drill"): [per_day[("drill", n)] for n in range(14)]}
    assert sum(bars[t("progress.queue.puzzle")][:1] + bars[t("progress.queue.drill")][:1]) >= due_now


# ----- a database that cannot be used -----
def every_page_works(at: AppTest) -> None:
    for page in PAGES:
        ok(at.switch_page(f"ui/{page}.py"))
        problem = [w for w in unescaped(at.warning) if "Nothing was overwritten" in w]
        assert len(problem) == 1, (page, texts(at.warning))


def test_a_damaged_database_is_reported_left_alone_and_the_app_works_on(db: Path) -> None:
    garbage = b"this is not an SQLite database\x00\xff" * 100
    db.write_bytes(garbage)
    at = app(drill_seed=3, drill_kind="total", drill_level=1)
    warning = unescaped(at.warning)
    assert len(warning) == 1 and t("store.fault.damaged") in warning[0]
    assert str(db) not in warning[0] and db.name not in warning[0]  # where it is: operators only
    assert "Nothing was overwritten" in warning[0]
    assert t("widgets.learner_offline") in texts(at.sidebar.caption)
    every_page_works(at)
    ok(at.switch_page("ui/drills.py"))
    answer_total(at, make_item("total", 3, 1).answer)
    assert at.session_state["results"][-1]["correct"] is True  # kept in the session
    ok(at.switch_page("ui/progress.py"))
    assert texts(at.info) == [t("progress.no_store")]
    assert db.read_bytes() == garbage
    assert sorted(p.name for p in db.parent.iterdir()) == [db.name]


def test_a_missing_folder_is_reported_and_not_created(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "not-mounted" / "progress.db"
    monkeypatch.setenv(ENV, str(path))
    st.cache_resource.clear()
    at = app()
    warning = unescaped(at.warning)
    assert len(warning) == 1 and t("store.fault.missing") in warning[0] and "not-mounted" not in warning[0]
    monkeypatch.setenv("ALLFIVES_ADMIN", "1")  # an operator sees where and why
    at = app()
    warning = unescaped(at.warning)
    assert str(path.parent) in warning[0] and "does not exist" in warning[0]
    monkeypatch.delenv("ALLFIVES_ADMIN")
    every_page_works(at)
    assert not path.parent.exists()


def test_a_locked_database_is_reported_and_keeps_the_learners_data(db: Path) -> None:
    learner = fill(db, "Gus", 30)
    with open_store(db) as store:
        before = store.export_learner(learner, when=datetime(2026, 1, 1, tzinfo=UTC))
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        st.cache_resource.clear()
        at = app("Gus")
        warning = unescaped(at.warning)
        assert len(warning) == 1 and t("store.fault.locked") in warning[0] and str(db) not in warning[0]
        ok(at.switch_page("ui/progress.py"))
        assert texts(at.info) == [t("progress.no_store")]
    finally:
        if holder.in_transaction:
            holder.rollback()
        holder.close()
    st.cache_resource.clear()
    at = app("Gus", "progress")  # the lock gone, a new session finds everything
    assert not at.warning
    assert metric(at, t("progress.metric_answers")) == "30"
    with open_store(db) as store:
        after = json.loads(store.export_learner(learner, when=datetime(2026, 1, 1, tzinfo=UTC)))
    kept = json.loads(before)
    assert after["learner"].pop("language") == "en"  # the new session keeps the language he opened in
    kept["learner"].pop("language")
    assert after == kept


def test_a_database_that_goes_away_while_the_app_runs_keeps_answers_in_the_session(db: Path) -> None:
    at = create(app(drill_seed=8, drill_kind="total", drill_level=1), "Jo")
    ok(at.switch_page("ui/drills.py"))
    answer_total(at, make_item("total", 8, 1).answer)
    moved = db.with_name("moved.db")
    for suffix in ("", "-wal", "-shm"):  # someone moves the database away while the app runs
        if Path(f"{db}{suffix}").exists():
            Path(f"{db}{suffix}").rename(f"{moved}{suffix}")
    ok(at.button(key="drill_next").click())
    answer_total(at, make_item("total", 9, 1).answer)
    waiting = unescaped(at.info)
    assert waiting == [tn("widgets.answers_waiting", 1, why=t("store.fault.missing"))], waiting
    assert [r["correct"] for r in at.session_state["results"]] == [True, True]
    assert not db.exists()  # nothing was written in its place
    st.cache_resource.clear()
    with open_store(moved) as store:
        assert len(store.recent_attempts(at.session_state["learner_id"])) == 1


# ----- export and import -----
def test_a_malformed_import_changes_nothing_and_a_good_one_brings_a_learner_back(db: Path) -> None:
    learner = fill(db, "Hal", 40)
    at = app("Hal", "progress")
    assert at.get("download_button")
    with open_store(db) as store:
        exported = store.export_learner(learner)
        before = [(x.name, sum(n for n, _ in store.counts(x.id).values())) for x in store.learners()]
    broken = json.loads(exported)
    broken["attempts"][3]["correct"] = "maybe"
    for content in (b"{not json", json.dumps(broken).encode(), b"\xff\xfe\x00", exported.encode()):
        at.file_uploader(key="progress_import_file").set_value(("history.json", content, "application/json"))
        ok(at)
        ok(at.button(key="progress_import_button").click())
        assert at.error and not at.success, texts(at.error)
        if content == exported.encode():  # a name taken: the way out offered is one that exists
            assert unescaped(at.error) == [t("progress.import_taken", name="Hal")]
        with open_store(db) as store:
            now = [(x.name, sum(n for n, _ in store.counts(x.id).values())) for x in store.learners()]
        assert now == before
    at.text_input(key="progress_import_name").input("Hal again")
    at.file_uploader(key="progress_import_file").set_value(
        ("history.json", exported.encode(), "application/json"))
    ok(at)
    ok(at.button(key="progress_import_button").click())
    assert at.success and "40 answers" in at.success[0].value
    assert at.session_state["learner"] == "Hal again"
    assert metric(at, t("progress.metric_answers")) == "40"


def test_a_bad_file_names_its_fault(db: Path) -> None:
    learner = fill(db, "Ida", 5)
    with open_store(db) as store:
        broken = json.loads(store.export_learner(learner))
    broken["attempts"][3]["correct"] = "maybe"
    at = app("Ida", "progress")
    at.file_uploader(key="progress_import_file").set_value(
        ("history.json", json.dumps(broken).encode(), "application/json"))
    ok(at)
    ok(at.button(key="progress_import_button").click())
    assert "attempts[3].correct" in at.error[0].value.replace("\\", "")


# ----- names -----
def test_names_are_checked_and_shown_as_typed_never_as_html(db: Path) -> None:
    at = app()
    for bad, key in (("   ", "widgets.learner_empty"), ("x" * 41, "widgets.learner_too_long")):
        create(at, bad)
        assert [e.value for e in at.sidebar.error] == [t(key, length=41, limit=40)]
    name = "<script>alert('x')</script> **Jo**"
    create(at, name)
    assert not at.sidebar.error and at.session_state["learner"] == name
    assert name in at.sidebar.selectbox(key="learner").options
    create(at, name.upper().replace("SCRIPT", "script"))  # the same name in other case: taken
    assert at.sidebar.error and "already a learner" in at.sidebar.error[0].value
    ok(at.switch_page("ui/progress.py"))
    shown = [m for m in [*at.markdown, *at.caption] if "script" in str(m.value)]
    assert shown
    for element in shown:
        assert "\\<script\\>" in element.value and not element.proto.allow_html, element.value
    assert not [h for h in at.get("html") if "script" in str(h.proto.body)]
    assert "\\*\\*Jo\\*\\*" in " ".join(texts(at.caption))
    with open_store(db) as store:
        assert [x.name for x in store.learners()] == [name]


def test_the_new_learner_form_is_drawn_only_while_its_panel_is_open(db: Path) -> None:
    at = app()  # nobody made yet: the panel is there, folded, without its field
    assert any(e.label == t("widgets.learner_new") for e in at.sidebar.expander)
    assert "learner_new_name" not in [w.key for w in at.sidebar.text_input]
    create(at, "Ann")
    assert at.session_state["learner"] == "Ann" and not at.session_state["learner_new_open"]
    assert "learner_new_name" not in [w.key for w in at.sidebar.text_input]  # folded again


def test_an_unknown_learner_in_the_url_is_dropped(db: Path) -> None:
    at = app("Nobody", "progress")
    assert at.session_state["learner_id"] is None
    assert texts(at.info) == [t("progress.no_learner")]
    assert "learner" not in at.query_params


def test_answers_given_as_a_guest_go_to_the_learner_made_next(db: Path) -> None:
    at = app(drill_seed=5, drill_kind="total", drill_level=2, page="drills")
    item = make_item("total", 5, 2)
    answer_total(at, item.answer + 1)  # wrong: it becomes a review card
    assert len(at.session_state["guest_answers"]) == 1
    create(at, "Guest Ann")
    assert at.session_state["guest_answers"] == []
    assert any("the 1 answer you gave before is kept" in s for s in texts(at.sidebar.success))
    with open_store(db) as store:
        ann = store.find_learner("Guest Ann")
        assert ann is not None
        assert store.counts(ann.id)["drill"] == (1, 0)
        assert len(store.review_queue(ann.id)) == 1
    # a second learner made in the same visit takes over nothing more
    create(at, "Bo")
    with open_store(db) as store:
        bo = store.find_learner("Bo")
        assert bo is not None and store.counts(bo.id) == {}


def test_a_timed_run_finished_as_a_guest_goes_to_the_learner_made_next(db: Path) -> None:
    clock = Clock()
    at = app(drill_seed=40, drill_kind="run", drill_level=1, run_clock=clock, page="drills")
    run_three_right(at, clock)
    assert t("run.finished") in texts(at.subheader)
    create(at, "Ana")
    assert any("the 3 answers you gave before are kept" in s for s in texts(at.sidebar.success))
    with open_store(db) as store:
        ana = store.find_learner("Ana")
        assert ana is not None
        assert [(r.score, r.answered, r.right, r.level) for r in store.best_runs(ana.id)] == [(3, 3, 3, 1)]
        assert [a.mode for a in store.recent_attempts(ana.id)] == ["run"] * 3
    ok(at.switch_page("ui/progress.py"))
    assert t("progress.runs_empty") not in texts(at.markdown)
    table = next(f.value for f in at.table if t("progress.col.score") in f.value.columns)
    assert list(table[t("progress.col.score")]) == [3]
    # a second learner made in the same visit takes over nothing more
    create(at, "Bo")
    with open_store(db) as store:
        bo = store.find_learner("Bo")
        assert bo is not None and store.best_runs(bo.id) == ()


def test_the_review_queue_groups_drill_boards_and_reaches_every_due_puzzle(db: Path) -> None:
    at = create(app(), "Flo")
    learner = at.session_state["learner_id"]
    long_ago = datetime.now(UTC) - timedelta(days=2)
    missed = [p.id for p in shipped()[:25]]
    with open_store(db) as store:
        for seed in range(40):  # a session of wrong drill answers, two drills
            kind = "total" if seed % 2 else "where"
            store.record_attempt(learner, "drill", f"{kind}:1:{seed}", False, kind=kind, when=long_ago)
        for pid in missed:
            store.record_attempt(learner, "puzzle", pid, False, when=long_ago + timedelta(minutes=1))
        assert len(store.due_reviews(learner)) == DRILL_CAP + 25  # drill boards capped, puzzles not
    at = app("Flo", "puzzles", puzzle_mode="review")
    labels = [b.label for b in at.button if b.key and b.key.startswith("review_open_")]
    drills = [label for label in labels if label.startswith("Drill")]
    half = DRILL_CAP // 2
    assert sorted(drills) == sorted([tn("queue.drill_group", half, drill=t("drill.total.title"), level=1),
                                     tn("queue.drill_group", half, drill=t("drill.where.title"), level=1)])
    shown = [pid for pid in missed if any(pid in label for label in labels)]
    assert len(shown) == 20 == len(labels) - len(drills)  # puzzles first, each on its own
    assert tn("queue.more", 5) in texts(at.caption)
    # answering the listed ones brings the rest up: every due puzzle is reachable
    with open_store(db) as store:
        for pid in shown:
            store.record_attempt(learner, "puzzle", pid, True)
    at = app("Flo", "puzzles", puzzle_mode="review")
    labels = [b.label for b in at.button if b.key and b.key.startswith("review_open_")]
    assert all(any(pid in label for label in labels) for pid in missed if pid not in shown)


def test_one_day_of_data_is_drawn_by_attempt_each_drill_in_its_own_row(db: Path) -> None:
    """A first day's answers are not a stack of dots on one date of a week-wide axis:
    the rating goes rated puzzle by rated puzzle, with its ± band; each drill has a row
    of its own (two in one plot hid each other), by answers given."""
    today = daily(shipped(), date.today())
    tagged_wrong = next(p for p in shipped() if p.tags and p.id != today.id and p.kind != "count")
    others = [p for p in shipped() if p.id not in (today.id, tagged_wrong.id)][:2]
    with Store(str(db), catalogue=catalogue()) as store:
        learner = store.create_learner("Gus").id
        store.record_attempt(learner, "drill", "total:1:1", True, kind="total", seconds=3.0)
        store.record_attempt(learner, "drill", "score:1:2", False, kind="score", seconds=4.0)
        store.record_attempt(learner, "puzzle", tagged_wrong.id, False, rated=True)  # its themes at 0%
        for puzzle in others:
            store.record_attempt(learner, "puzzle", puzzle.id, True, rated=True)
        store.record_attempt(learner, "puzzle", today.id, True, mode="daily")
        history = store.rating_history(learner)
    at = app("Gus", "progress")
    figures = all_charts(at)
    rating = figures["rating"]
    band, line = rating["data"]
    assert line["name"] == t("progress.rating") and line["x"] == [1.0, 2.0, 3.0]
    assert line["y"] == [round(p.rating, 1) for p in history]
    assert rating["layout"]["xaxis"]["title"]["text"] == t("progress.rating_axis_attempt")
    assert band["fill"] == "toself" and len(band["y"]) == 6  # the ± band, around the line
    assert all(low <= y <= high for y, high, low in zip(line["y"], band["y"][:3], band["y"][:2:-1]))
    assert others[-1].id in line["customdata"][-1] and str(others[-1].rating) in line["customdata"][-1]
    drills = figures["drills"]
    accuracy = [trace for trace in traces(drills) if trace.get("yaxis", "y") == "y"]
    assert [trace["name"] for trace in accuracy] == [t("drill.total.title"), t("drill.score.title")]
    assert [trace["y"] for trace in accuracy] == [[100.0], [0.0]]  # by answers given
    said = t("progress.hover.drill_block", drill=t("drill.score.title"), first=1, last=1, right=0, n=1,
             percent="0%") + t("progress.hover.mean_time", time="4.0\xa0s")
    assert accuracy[1]["customdata"] == [said]
    bars = figures["themes"]["data"][0]
    assert bars["orientation"] == "h" and all(x > 0 for x in bars["x"])  # a theme at 0% still gets a sliver
    assert any(text.startswith("0% ") for text in bars["text"])
    at.session_state["progress_chart"] = t("progress.tab.rating")
    ok(at)
    assert "Daily streak: 1 day in a row" in " ".join(texts(at.caption))


@pytest.mark.parametrize("hours", [
    (18.5,),  # one rated puzzle, in the evening
    (13.0, 23.0),  # two, the second just before midnight
    tuple(9.0 + i * 1.5 for i in range(10)),  # many, in a day
    tuple(-72.0 + i * 8 for i in range(12)),  # many, over four days up to an evening
    tuple(-24.0 * 20 + i * 36 for i in range(14)),  # many, over three weeks
])
def test_the_rating_chart_draws_every_rated_puzzle_or_every_day(db: Path, hours: tuple[float, ...]) -> None:
    """Rated puzzles answered from yesterday on at the given hours (local time): over
    fewer than seven days each is a point of the rating line, numbered; over more, the
    rating at each day's end is, inside the axis's range."""
    midnight = datetime.combine(date.today() - timedelta(days=1), datetime.min.time()).astimezone()
    puzzles = [p for p in shipped() if p.id != today_puzzle().id][:len(hours)]
    with Store(str(db), catalogue=catalogue()) as store:
        learner = store.create_learner("Rae").id
        for i, (puzzle, hour) in enumerate(zip(puzzles, hours)):
            store.record_attempt(learner, "puzzle", puzzle.id, i % 2 == 0, rated=True,
                                 when=(midnight + timedelta(hours=hour)).astimezone(UTC))
        history = store.rating_history(learner)
    assert len(history) == len(hours)
    at = app("Rae", "progress")
    assert not charts(at)  # the page opens on the summary, in words
    at.session_state["progress_chart"] = t("progress.tab.rating")
    figure = charts(ok(at))[0]
    line = traces(figure)[0]
    assert line["name"] == t("progress.rating")
    assert line["mode"] == "lines+markers"  # a dot each
    days = sorted({(midnight + timedelta(hours=h)).date() for h in hours})
    if len(days) < 7:
        assert line["x"] == list(range(1, len(hours) + 1))
        assert line["y"] == [round(p.rating, 1) for p in history]
        return
    last_of_day = {(midnight + timedelta(hours=h)).date(): round(p.rating, 1) for h, p in zip(hours, history)}
    assert [date.fromisoformat(x) for x in line["x"]] == days
    assert line["y"] == [last_of_day[d] for d in days]
    first = f"{days[0].strftime('%b')} {days[0].day}"
    assert line["customdata"][0].startswith(first + ":")  # the first day, named
    assert figure["layout"]["xaxis"]["type"] == "date"


def test_shares_are_written_as_each_language_writes_percent(db: Path) -> None:
    tagged = next(p for p in shipped() if len(p.tags) == 1)  # one theme: one bar
    with Store(str(db), catalogue=catalogue()) as store:
        learner = store.create_learner("Inés").id
        store.record_attempt(learner, "puzzle", tagged.id, True)
        store.record_attempt(learner, "drill", "total:1:1", True, kind="total", seconds=2.0)
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lang"] = "es"
    at.query_params["learner"] = "Inés"
    ok(at)
    ok(at.switch_page("ui/progress.py"))
    figures = all_charts(at, "es")
    assert figures["themes"]["data"][0]["text"] == ["100\xa0% (1/1)"]
    assert figures["themes"]["layout"]["xaxis"]["ticksuffix"] == "\xa0%"
    assert figures["drills"]["layout"]["yaxis"]["ticksuffix"] == "\xa0%"  # the drill's accuracy ticks
    assert figures["drills"]["layout"]["separators"] == ",."  # 2,5 s; 1.500
    assert figures["drills"]["layout"]["xaxis2"]["title"]["text"] == t("progress.answers_axis", "es")
    assert "1/1" not in str(figures["drills"]["data"][0]["customdata"])
    assert figures["drills"]["data"][0]["customdata"][0].endswith("2,0\xa0s")  # the hover, in Spanish


def test_the_start_page_sends_a_returning_learner_to_what_is_due(db: Path) -> None:
    from trainer.teach.course import COURSE_IDS, course_lesson
    with Store(str(db), catalogue=catalogue()) as store:
        learner = store.create_learner("Hedy").id
        store.record_lesson(learner, COURSE_IDS[0], 3)
        store.record_attempt(learner, "puzzle", today_puzzle().id, False, mode="daily",  # today, on his clock
                             when=datetime.now(UTC) - timedelta(hours=2), day=date.today())
    at = app("Hedy")  # one path: until the rules lessons are done, the next of them, whatever is due
    second = course_lesson(COURSE_IDS[1]).title
    assert at.button(key="home_next").label == t("home.step_next_lesson", title=second)
    from trainer.teach.lessons import LESSON_IDS
    with Store(str(db), catalogue=catalogue()) as store:
        for lesson_id in LESSON_IDS:
            store.record_lesson(learner, lesson_id, 2)
    at = app("Hedy")  # the missed daily puzzle is due again: the review comes first
    assert at.button(key="home_next").label == tn("home.step_review", 1)
    assert "1 puzzle to review now" in " ".join(m.value for m in at.markdown)
    assert t("home.daily_done") in texts(at.caption)  # answered today, if wrongly
    assert any(link.label == t("home.daily_again") for link in at.get("page_link"))
    # two missed drill boards: named as such, not as puzzles
    with Store(str(db), catalogue=catalogue()) as store:
        for seed in (1, 2):
            store.record_attempt(learner, "drill", f"total:1:{seed}", False, kind="total",
                                 when=datetime.now(UTC) - timedelta(hours=2))
    at = app("Hedy")
    assert at.button(key="home_next").label == tn("home.step_review", 3)
    assert "1 puzzle and 2 drill boards to review now" in " ".join(m.value for m in at.markdown)
    with Store(str(db), catalogue=catalogue()) as store:
        for seed in (1, 2):
            store.record_attempt(learner, "drill", f"total:1:{seed}", True, kind="total")
    with Store(str(db), catalogue=catalogue()) as store:
        store.record_attempt(learner, "puzzle", today_puzzle().id, True, mode="review")
    at = app("Hedy")  # nothing due, today's puzzle done: the next lesson of the course
    assert at.button(key="home_next").label == t("home.step_next_lesson",
                                                 title=course_lesson(COURSE_IDS[len(LESSON_IDS)]).title)


def test_a_review_due_within_a_minute_is_not_called_due_now() -> None:
    """A missed puzzle comes back a minute later: the page must not say "now" while the
    review does not hold it yet."""
    from ui.widgets import when_text

    now = datetime.now(UTC)
    assert when_text(now - timedelta(seconds=1), "en") == "now"
    assert when_text(now + timedelta(seconds=30), "en") == "in 1\xa0min"
    assert when_text(now + timedelta(seconds=59), "en") == "in 1\xa0min"
    assert when_text(now + timedelta(minutes=10, seconds=5), "en") == "in 10\xa0min"


@pytest.mark.parametrize("lang", ["es", "ru"])
def test_the_latest_answers_name_what_they_were_to_in_the_learners_words(db: Path, lang: str) -> None:
    """A drill's answer is named by the drill and its level (never its id, total:2:17), a
    lesson's by its lesson; seconds with the language's decimal mark; the day as the
    charts write it."""
    from trainer.teach.course import course_title
    from ui.plots import day_words

    with Store(str(db), catalogue=catalogue()) as store:
        learner = store.create_learner("Inés").id
        store.record_attempt(learner, "drill", "round:2:17", True, kind="round", seconds=12.5)
        store.record_attempt(learner, "lesson", "count.first", False, seconds=3.0)
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lang"] = lang
    at.query_params["learner"] = "Inés"
    ok(at)
    ok(at.switch_page("ui/progress.py"))
    table = at.dataframe[-1].value
    items, seconds, when = list(table.iloc[:, 2]), list(table.iloc[:, 4]), list(table.iloc[:, 0])
    drill = t("puzzles.review_drill", lang, drill=t("drill.round.title", lang), level=2)
    assert items == [course_title("count", lang), drill]
    assert seconds == ["3,0", "12,5"]
    assert all(w.startswith(day_words(date.today(), lang)) for w in when)
    assert "round:2:17" not in str(table)


@pytest.mark.parametrize("lang", ["en", "es", "fi", "ru", "mk"])
def test_a_charts_day_never_uses_a_months_stand_alone_name(lang: str) -> None:
    """A day label is a date: where a language's stand-alone month name differs from the
    one a date takes («май» / «12 мая», «marras» / «12.11.»), the label never holds the
    stand-alone one."""
    from babel.dates import get_month_names

    from ui.plots import day_words

    alone = get_month_names("abbreviated", context="stand-alone", locale=lang)
    in_date = get_month_names("abbreviated", context="format", locale=lang)
    for month in range(1, 13):
        label = day_words(date(2026, month, 12), lang)
        assert "12" in label, label
        if alone[month] != in_date[month]:
            assert not re.search(rf"(?<!\w){re.escape(alone[month])}(?!\w)", label), (lang, month, label)
        if lang == "fi":  # Finnish's short month («marras») is a stand-alone word: a date is written 12.11.
            assert re.fullmatch(r"12\.\d{1,2}\.", label), label
