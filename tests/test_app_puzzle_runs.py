"""Streak and Storm on the Puzzles page, driven as a learner would (AppTest): a run's
start, its puzzles rising in difficulty, the end (a miss, the clock), the list of its
puzzles, replay my misses, and the personal best kept for the learner."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("streamlit")
from streamlit.testing.v1 import AppTest  # noqa: E402

from trainer.engine.moves import Move  # noqa: E402
from trainer.puzzles.bank import by_id  # noqa: E402
from trainer.puzzles.kinds import Puzzle  # noqa: E402
from trainer.puzzles.runs import STORM_PENALTY, STORM_SECONDS, STREAK_STEP, Storm, Streak  # noqa: E402
from trainer.store import Store  # noqa: E402

APP = str(Path(__file__).resolve().parent.parent / "app.py")


class Clock:
    def __init__(self) -> None:
        self.now = 5000.0

    def __call__(self) -> float:
        return self.now


def ok(target: Any) -> AppTest:
    at: AppTest = target.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def page(mode: str, learner: str | None = None, **state: Any) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    if learner is not None:
        at.query_params["learner"] = learner
    for key, value in state.items():
        at.session_state[key] = value
    ok(at)
    at.query_params["mode"] = mode
    return ok(at.switch_page("ui/puzzles.py"))


def create(at: AppTest, name: str) -> AppTest:
    at.session_state["learner_new_open"] = True
    ok(at)
    at.sidebar.text_input(key="learner_new_name").input(name)
    return ok(list(at.sidebar.get("form_submit_button"))[0].click())


def shown(at: AppTest) -> Puzzle:
    return by_id(at.session_state["puzzle_id"])


def answer(at: AppTest, right: bool) -> AppTest:
    puzzle = shown(at)
    wrong = [m.move for m in puzzle.moves if m.move not in puzzle.accepted]
    code = puzzle.accepted[0] if right else wrong[0]
    move = Move.parse(code)
    ok(at.button(key=f"ptile_{move.tile}").click())
    return ok(at.button(key=f"pend_{move.side}").click())


def words(at: AppTest) -> str:
    shown = (at.markdown, at.caption, at.success, at.error, at.subheader, at.header, at.info)
    return "\n".join(str(e.value) for elements in shown for e in elements)


def test_a_streak_rises_from_the_learners_level_and_ends_at_the_first_miss(db: Path) -> None:
    at = page("streak")
    assert "The streak ends at the first miss" in words(at) and not at.session_state["puzzle_run"]
    ok(at.button(key="run_start_streak").click())
    run = at.session_state["puzzle_run"]
    assert isinstance(run, Streak) and at.session_state["puzzle_source"] == "streak"
    first = shown(at)
    assert first.moves and not [b for b in at.button if b.key == "puzzle_hint_button"]  # no hint in a run
    answer(at, right=True)
    assert "Streak: 1 puzzle solved" in words(at)
    ok(at.button(key="streak_next").click())
    second = shown(at)
    assert second.id != first.id
    target = run.start + STREAK_STEP
    assert abs(second.rating - target) <= abs(first.rating - target) + 200
    answer(at, right=False)
    text = words(at)
    assert "The streak ends at 1 puzzle solved." in text
    assert f"?puzzle={first.id}" in text and f"?puzzle={second.id}" in text  # the run's list
    assert "A new personal best: 1!" in text
    kept = at.session_state["guest_runs"][-1]
    assert kept.mode == "streak" and kept.score == 1
    ok(at.button(key="replay_streak").click())  # replay my misses: the missed one, again
    assert at.session_state["puzzle_mode"] == "browse" and at.session_state["puzzle_id"] == second.id
    assert "Replaying your misses: 1 of 1." in words(at)
    answer(at, right=True)
    ok(at.button(key="replay_done").click())
    assert at.session_state["puzzle_queue"] == ()


def test_a_storm_runs_on_the_clock_with_penalties_and_combo_bonuses(db: Path) -> None:
    clock = Clock()
    at = page("storm", puzzle_clock=clock)
    assert "3 minutes" in words(at)
    ok(at.button(key="run_start_storm").click())
    assert isinstance(at.session_state["puzzle_run"], Storm)
    seen = []
    for _ in range(5):  # five right in a row: 3 s more
        seen.append(shown(at).id)
        clock.now += 2
        answer(at, right=True)
    run = at.session_state["puzzle_run"]
    assert run.score == 5 and run.combo == 5 and run.gained == 3.0
    assert "5 in a row: 3 more seconds" in words(at)
    assert len(set(seen)) == 5 and shown(at).id not in seen  # a new puzzle at once, never one twice
    seen.append(shown(at).id)
    answer(at, right=False)
    run = at.session_state["puzzle_run"]
    assert run.combo == 0 and run.lost == STORM_PENALTY and "seconds off the clock" in words(at)
    assert run.time_left(clock.now) == pytest.approx(STORM_SECONDS + 3 - STORM_PENALTY - 10)
    clock.now += STORM_SECONDS  # the clock runs out: the page ends the storm
    ok(at)
    text = words(at)
    assert "Time! 5 solved of 6; best run 5 in a row." in text
    assert all(f"?puzzle={pid}" in text for pid in seen)
    kept = at.session_state["guest_runs"][-1]
    assert (kept.mode, kept.score, kept.answered, kept.best_streak) == ("storm", 5, 6, 5)
    keys = {b.key for b in at.button}
    assert {"replay_storm", "run_start_storm"} <= keys


def test_a_storm_stopped_by_the_learner_says_so_not_time(db: Path) -> None:
    clock = Clock()
    at = page("storm", puzzle_clock=clock)
    ok(at.button(key="run_start_storm").click())
    clock.now += 2
    answer(at, right=True)
    clock.now += 5
    ok(at.button(key="run_stop").click())
    run = at.session_state["puzzle_run"]
    assert run.stopped_early and run.duration(clock.now) == pytest.approx(7)
    text = words(at)
    assert "Stopped: 1 solved of 1; best run 1 in a row." in text and "Time!" not in text
    ran_out = Storm(0.0).stopped(STORM_SECONDS + 60)  # ended by the clock: not stopped early
    assert not ran_out.stopped_early and ran_out.ended == STORM_SECONDS

def test_a_learners_best_is_kept_in_the_store_and_shown_next_time(db: Path) -> None:
    at = create(page("streak"), "Runa")
    learner = at.session_state["learner_id"]
    ok(at.button(key="run_start_streak").click())
    answer(at, right=True)
    ok(at.button(key="streak_next").click())
    answer(at, right=True)
    ok(at.button(key="streak_next").click())
    answer(at, right=False)
    with Store(str(db), create=False) as store:
        best = store.best_runs(learner, mode="streak")
        assert [(r.score, r.answered, r.mode) for r in best] == [(2, 3, "streak")]
        assert store.best_runs(learner) == ()  # not a timed drill run
        modes = {a.mode for a in store.recent_attempts(learner, part="puzzle")}
        assert modes == {"streak"}
    again = page("streak", learner="Runa")  # a new visit: the best is shown before starting
    assert "Your best streak: 2 puzzles." in words(again)
