"""The Drills page driven with streamlit's AppTest: each drill at each level, right and
wrong answers with their feedback, the number field's bad inputs, the next board, and
the timed run on a fake clock.

The page draws its board from the session's seed counter, `drill_seed`; the tests set
it and read the right answer from trainer.teach.drills with the same seed and level."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("streamlit")
from streamlit.testing.v1 import AppTest  # noqa: E402

from trainer.i18n import t  # noqa: E402
from trainer.svg import describe  # noqa: E402
from trainer.teach import drills as drills_module  # noqa: E402
from trainer.teach.drills import (
    KINDS,
    LEVELS,
    RUN_KINDS,  # noqa: E402
    AnswerError,
    DrillItem,
    NeedItem,
    RoundItem,
    ScoreItem,
    TilesItem,
    TimedRun,
    WhereItem,
    make_item,
    parse_number,
    seeded_item,
)
from trainer.teach.reading_drill import ReadItem
from ui.state import plain  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DRILLS = "ui/drills.py"
SEED = 11
BAD = ["abc", "-5", "", "10,000"]


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


# ----- helpers -----
def ok(target: Any) -> AppTest:
    """Run the app (or the app a clicked widget belongs to) and check nothing raised."""
    at: AppTest = target.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def drills_page(kind: str = "total", level: int = 1, seed: int = SEED, **state: Any) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    for key, value in {"drill_seed": seed, "drill_kind": kind, "drill_level": level, **state}.items():
        at.session_state[key] = value
    ok(at)
    return ok(at.switch_page(DRILLS))


def texts(elements: Any) -> list[str]:
    return [str(e.value) for e in elements]


def shown_item(at: AppTest) -> DrillItem:
    """The item the page shows, made again from its seed, drill and level."""
    state = at.session_state
    return make_item(state["drill_kind"], state["drill_seed"], state["drill_level"])


def answer(at: AppTest, item: DrillItem, value: Any, prefix: str = "drill", field: str = "") -> AppTest:
    """Answer as a user does: type and submit, click a value, or toggle ends and check."""
    if item.kind == "total":
        at.text_input(key=field or "drill_count").input(str(value))
        return ok(at.button(key=f"{prefix}_submit").click())
    if item.kind in ("score", "round"):
        return ok(at.button(key=f"{prefix}_choice_{value}").click())
    if item.kind == "read":
        return ok(at.button(key=f"{prefix}_read_{value}").click())
    toggle = "pick" if item.kind in ("tiles", "need") else "end"
    for side in sorted(str(v) for v in value):
        at = ok(at.button(key=f"{prefix}_{toggle}_{side}").click())
    return ok(at.button(key=f"{prefix}_check").click())


def wrong(item: DrillItem) -> Any:
    if isinstance(item, (ScoreItem, RoundItem, ReadItem)):
        return next(v for v in item.choices if v != item.answer)
    if isinstance(item, WhereItem):
        return set(item.choices) - set(item.answer) or set()
    if isinstance(item, (TilesItem, NeedItem)):
        return set(item.answer) ^ {item.choices[0]}
    return item.answer + 1


def right(item: DrillItem) -> Any:
    return set(item.answer) if isinstance(item, (WhereItem, TilesItem, NeedItem)) else item.answer


# ----- the four drills -----
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("level", LEVELS)
def test_right_and_wrong_answers_at_every_level(kind: str, level: int) -> None:
    at = drills_page(kind, level)
    item = shown_item(at)
    assert item.question() in " ".join(texts(at.markdown))
    answer(at, item, right(item))
    expected = item.check(right(item))
    assert expected.correct and texts(at.success) == [expected.message]
    assert at.session_state["results"][-1]["correct"] is True
    assert at.session_state["results"][-1]["item"] == f"{kind}:{level}"
    ok(at.button(key="drill_next").click())
    assert at.session_state["drill_seed"] == SEED + 1 and not at.success and not at.error
    item = shown_item(at)
    answer(at, item, wrong(item))
    expected = item.check(wrong(item))
    assert not expected.correct and texts(at.error) == [expected.message]
    shown = " ".join(texts(at.markdown))
    assert all(line in shown or line in expected.message for line in expected.details)
    assert [r["correct"] for r in at.session_state["results"]] == [True, False]


def test_total_feedback_breaks_the_count_down_end_by_end_and_shows_the_full_board() -> None:
    at = drills_page("total", 3)
    item = shown_item(at)
    assert describe(item.layout) not in texts(at.caption)  # no count on the board before
    answer(at, item, item.answer + 2)
    breakdown = next(m for m in texts(at.markdown) if m.startswith(t("drills.breakdown")))
    assert all(line in breakdown for line in item.check(item.answer + 2).details[:-1])
    assert describe(item.layout) in texts(at.caption)
    assert not [b for b in at.button if b.key == "drill_submit"]  # one answer per board


@pytest.mark.parametrize("text", BAD)
def test_bad_numbers_get_the_catalogue_message(text: str) -> None:
    with pytest.raises(AnswerError) as raised:
        parse_number(text)
    at = drills_page("total", 2)
    item = shown_item(at)
    answer(at, item, text)
    assert texts(at.warning) == [plain(raised.value)]
    assert not at.success and not at.error and not at.session_state["results"]
    answer(at, item, item.answer)  # the board is still there to answer
    assert not at.warning and texts(at.success) == [item.check(item.answer).message]


def test_where_toggles_ends_on_and_off_and_names_missed_and_wrong_ends() -> None:
    seed = next(s for s in range(100) if len(make_item("where", s, 2).answer) == 1)
    at = drills_page("where", 2, seed=seed)
    item = shown_item(at)
    assert isinstance(item, WhereItem)
    fits = next(iter(item.answer))
    other = next(s for s in item.choices if s != fits and s not in item.answer)
    for side in (fits, other, fits):
        at = ok(at.button(key=f"drill_end_{side}").click())
    assert at.session_state["drill_where"] == [other]
    ok(at.button(key="drill_check").click())
    message = texts(at.error)[0]
    assert message == item.check({other}).message
    assert t("where.missed", ends=t("side." + fits)) in message
    assert t("where.extra", tile=item.tile, ends=t("side." + other)) in message
    assert all(at.button(key=f"drill_end_{s}").disabled for s in item.choices)


def test_switching_drills_and_levels_shows_a_new_board_and_clears_the_answer() -> None:
    at = drills_page("score", 1)
    item = shown_item(at)
    answer(at, item, item.answer)
    assert at.success
    for kind in KINDS:
        for level in LEVELS:
            ok(at.pills(key="drill_kind").set_value(kind))
            ok(at.segmented_control(key="drill_level").set_value(level))
            assert not at.success and not at.error
            assert shown_item(at).question() in " ".join(texts(at.markdown))
            name = f"level.{kind}.{level}" if kind in ("round", "read") else f"level.{level}"
            assert t(name) in " ".join(texts(at.caption))
            # the level's name fits the drill: the round drill's levels are hand sizes,
            # the reading drill's the number of players
            labels = at.segmented_control(key="drill_level").options
            assert all(("tiles" in label) == (kind == "round") for label in labels), (kind, labels)
            assert all(("player" in label or "partners" in label) == (kind == "read") for label in labels)


def test_the_next_board_is_made_ahead_while_the_learner_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    """Once a board is shown, the next one is made in the background; "Next board" then
    finds it made. A review board's next is the seed counter's own board."""
    made: list[tuple[str, int, int, bool]] = []
    real = drills_module.make_item

    def spy(kind: str, seed: Any, level: int = 1) -> DrillItem:
        made.append((kind, seed, level, threading.current_thread() is threading.main_thread()))
        return real(kind, seed, level)

    monkeypatch.setattr(drills_module, "make_item", spy)
    seeded_item.cache_clear()
    seed = 90_210
    at = drills_page("score", 2, seed)
    deadline = time.monotonic() + 20
    while ("score", seed + 1, 2) not in [m[:3] for m in made] and time.monotonic() < deadline:
        time.sleep(0.05)
    ahead = [m for m in made if m[:3] == ("score", seed + 1, 2)]
    assert ahead and ahead[0][3] is False, made  # made, and not in the page's own run
    before = len(made)
    ok(at.button(key="drill_next").click())
    assert at.session_state["drill_seed"] == seed + 1
    assert ("score", seed + 1, 2) not in [m[:3] for m in made[before:]]  # found made
    shown = make_item("score", seed + 1, 2)
    assert f"**{shown.question()}**" in texts(at.markdown)


def test_each_session_draws_its_own_seed() -> None:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    ok(at)
    ok(at.switch_page(DRILLS))
    assert isinstance(at.session_state["drill_seed"], int)


def test_page_switches_keep_the_drill_and_level() -> None:
    at = drills_page("round", 3)
    for page in ("ui/learn.py", "ui/analysis.py", "ui/home.py", DRILLS):
        ok(at.switch_page(page))
    assert (at.session_state["drill_kind"], at.session_state["drill_level"]) == ("round", 3)
    assert shown_item(at).question() in " ".join(texts(at.markdown))


# ----- the timed run -----
def run_answer(at: AppTest, value: Any) -> AppTest:
    run: TimedRun = at.session_state["run"]
    item = run.current
    assert item is not None
    field = "run_count"
    return answer(at, item, value, prefix="run", field=field)


def current(at: AppTest) -> DrillItem:
    item = at.session_state["run"].current
    assert item is not None
    return item


def test_timed_run_scores_streaks_skips_and_sums_up() -> None:
    clock = Clock()
    at = drills_page("run", 2, run_clock=clock)
    ok(at.button(key="run_start").click())
    run: TimedRun = at.session_state["run"]
    assert run.level == 2 and run.duration == 60
    assert any(t("run.remaining", seconds=60) in str(p.proto.text) for p in at.get("progress"))
    verdicts = []
    for value in (right, right, wrong, right):
        item = current(at)
        clock.now += 3
        run_answer(at, value(item))
        verdicts.append(item.check(value(item)))
        shown = texts(at.success) + texts(at.error)
        assert shown == [verdicts[-1].message]
    assert (run.score, run.streak, run.best_streak) == (3, 1, 2)
    assert t("run.status", score=3, streak=1, answered=4) in texts(at.markdown)
    assert any(t("run.remaining", seconds=48) in str(p.proto.text) for p in at.get("progress"))
    ok(at.button(key="run_skip").click())
    assert run.skipped == 1 and not at.success and not at.error
    results = [r for r in at.session_state["results"] if r["item"].startswith("run:")]
    assert [r["correct"] for r in results] == [v.correct for v in verdicts]
    clock.now += 60
    ok(at)
    assert t("run.finished") in texts(at.subheader)
    summary = " ".join(texts(at.markdown))
    assert all(line in summary for line in run.summary().text())
    assert texts(at.success) == [t("run.new_best", best=3)]
    assert at.session_state["run_scores"] == [3]
    ok(at)  # a rerun does not count the run twice
    assert at.session_state["run_scores"] == [3]


def test_the_count_field_is_empty_for_each_new_board_and_keeps_a_bad_number() -> None:
    at = drills_page("total", 2)
    item = shown_item(at)
    answer(at, item, "abc")
    assert at.text_input(key="drill_count").value == "abc"  # to be corrected, not typed again
    at.text_input(key="drill_count").input("12")
    ok(at.button(key="drill_next").click())  # skipped with a number typed
    assert at.session_state["drill_seed"] == SEED + 1
    assert at.text_input(key="drill_count").value == ""
    item = shown_item(at)
    answer(at, item, item.answer)
    assert "drill_count" not in [w.key for w in at.text_input]  # answered: gone until the next board
    ok(at.button(key="drill_next").click())
    assert at.text_input(key="drill_count").value == ""


def test_timed_run_bad_number_late_answer_and_best_of_the_session() -> None:
    clock = Clock()
    def first_kind(seed: int) -> str:
        return TimedRun(seed, 1, clock=clock).next_item().kind

    # the first run opens on a count to type; the second (seed + 1) not on ends to toggle
    seed = next(s for s in range(200) if first_kind(s) == "total"
                and first_kind(s + 1) not in ("where", "tiles", "need"))
    at = drills_page("run", 1, seed=seed, run_clock=clock)
    ok(at.button(key="run_start").click())
    assert current(at).kind == "total"
    for text in BAD:
        run_answer(at, text)
        with pytest.raises(AnswerError) as raised:
            parse_number(text)
        assert texts(at.warning) == [plain(raised.value)]
    assert at.session_state["run"].answered == 0
    run_answer(at, right(current(at)))
    clock.now += 61
    ok(at)
    assert texts(at.success) == [t("run.new_best", best=1)]
    ok(at.button(key="run_again").click())  # a second run, no right answers
    late = current(at)
    clock.now += 61
    run_answer(at, right(late))  # clicked after the time was up
    assert plain(t("run.over")) in texts(at.warning)
    assert at.session_state["run"].answered == 0
    assert texts(at.info) == [t("run.best", best=1)]
    assert at.session_state["run_scores"] == [1, 0]


def test_leaving_the_timed_run_drops_it() -> None:
    at = drills_page("run", 1, run_clock=Clock())
    ok(at.button(key="run_start").click())
    ok(at.pills(key="drill_kind").set_value("total"))
    assert at.session_state["run"] is None


def test_the_timed_run_says_how_many_drills_it_mixes() -> None:
    at = drills_page("run", 2)
    words = f"Boards of level 2, all {len(RUN_KINDS)} drills mixed."
    assert words in texts(at.caption), texts(at.caption)
    ok(at.button(key="run_start").click())
    run: TimedRun = at.session_state["run"]
    assert len(run.kinds) == len(RUN_KINDS)  # the words count what the run mixes


def test_a_drill_link_says_review_queue_only_for_a_board_in_it(db: Path) -> None:
    from datetime import UTC, datetime, timedelta

    from trainer.puzzles.bank import catalogue
    from trainer.store import Store

    with Store(str(db), catalogue=catalogue()) as store:
        learner = store.create_learner("Rui").id
        store.record_attempt(learner, "drill", "total:1:5", False, kind="total",
                             when=datetime.now(UTC) - timedelta(days=2))
        assert [card.item for card in store.review_queue(learner)] == ["total:1:5"]
    said = t("drills.review_item")
    for link, due, guest in (("total:2:12345", False, True), ("total:2:12345", False, False),
                             ("total:1:5", True, False)):
        at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
        if not guest:
            at.query_params["learner"] = "Rui"
        ok(at)
        at.query_params["drill"] = link
        ok(at.switch_page(DRILLS))
        kind, level, seed = link.split(":")
        assert at.session_state["drill_review"] == link  # the board linked is shown, all the same
        assert seeded_item(kind, int(seed), int(level)).question() in " ".join(texts(at.markdown))
        assert (said in " ".join(texts(at.info))) == due, (link, guest, texts(at.info))
