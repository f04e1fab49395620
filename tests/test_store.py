"""The progress store: learners, attempts, the Progress page's queries, ratings kept,
isolation between learners, many writers at once, migrations, export and import.

Every test that takes `store` or `store_url` runs on an SQLite file and, with
ALLFIVES_TEST_PG_URL set, on PostgreSQL (tests/conftest.py)."""

from __future__ import annotations

import json
import random
import sys
import threading
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from trainer.errors import TrainerError
from trainer.puzzles.bank import shipped
from trainer.store import (
    ENV,
    GuestAnswer,
    GuestRun,
    HistoryFileError,
    LearnerError,
    Store,
    StoreError,
    clean_name,
    default_path,
    streak_of,
)
from trainer.store.glicko import Rating
from trainer.store.provisional import MAX_STEP, NEW_LEARNER, rate_attempt
from trainer.store.schema import LATEST, MIGRATIONS, TABLES, migrate, schema_version

T0 = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)
DAY0 = date(2026, 11, 2)
BANK = shipped()


def at(days: int, minutes: int = 0) -> dict[str, Any]:
    """`when` and `day` keyword arguments, `days` after the first day."""
    return {"when": T0 + timedelta(days=days, minutes=minutes), "day": DAY0 + timedelta(days=days)}


def row_counts(store_: Store) -> dict[str, int]:
    with store_._engine.connect() as conn:
        return {name: int(conn.execute(sa.select(sa.func.count()).select_from(table)).scalar_one())
                for name, table in TABLES.tables.items()}


# ----- learners -----
def test_names_are_trimmed_checked_and_unique_whatever_the_case(store: Store) -> None:
    assert clean_name("  Ann \t Lee  ") == "Ann Lee"
    ann = store.create_learner("  Ann ")
    assert ann.name == "Ann" and ann.rating == NEW_LEARNER and ann.rated_games == 0
    for taken in ("ann", "ANN", " Ann  "):
        with pytest.raises(LearnerError, match="already a learner named"):
            store.create_learner(taken)
    for bad, message in (("", "empty"), ("   ", "empty"), ("x" * 41, "at most 40"),
                         ("Ann\x00", "control"), ("A\u200bnn", "control")):
        with pytest.raises(LearnerError, match=message):
            store.create_learner(bad)
    assert store.create_learner("é" * 40).name == "é" * 40
    assert store.open_learner("ANN").id == ann.id
    bob = store.open_learner("Bob")
    assert [learner.name for learner in store.learners()] == ["Ann", "Bob", "é" * 40]
    assert store.find_learner(" bob ") == bob and store.find_learner("Carol") is None
    with pytest.raises(LearnerError, match="no learner has the id 999"):
        store.learner(999)
    assert issubclass(LearnerError, TrainerError) and issubclass(LearnerError, ValueError)


# ----- recording and the Progress page's queries -----
def test_attempts_feed_every_progress_query(store: Store) -> None:
    ann = store.create_learner("Ann").id
    store.record_attempt(ann, "lesson", "deal.q1", True, answer="7", **at(0))
    for n, (kind, correct, seconds) in enumerate([("total", True, 2.0), ("total", False, 4.0),
                                                  ("score", True, 3.0), ("total", True, 6.0)]):
        store.record_attempt(ann, "drill", f"{kind}:1:{n}", correct, kind=kind, seconds=seconds, **at(0, n))
    store.record_attempt(ann, "drill", "total:2:9", True, kind="total", seconds=1.0, **at(2))
    trap = next(p for p in BANK if "greedy-trap" in p.tags)
    spin = next(p for p in BANK if len(p.tags) == 1 and p.tags != ("greedy-trap",))
    theme = spin.tags[0]
    store.record_attempt(ann, "puzzle", trap.id, False, answer="x", points_lost=10, seconds=30.0, **at(2))
    store.record_attempt(ann, "puzzle", spin.id, True, points_lost=0, seconds=10.0, mode="daily", **at(2))
    store.record_attempt(ann, "play", "game1.move3", False, points_lost=5, **at(3))
    store.record_run(ann, level=1, duration=60.0, answered=12, right=10, score=10, best_streak=6, **at(2))
    store.record_run(ann, level=1, duration=60.0, answered=20, right=18, score=18, best_streak=9, **at(3))
    store.record_run(ann, level=2, duration=60.0, answered=9, right=9, score=9, best_streak=9, **at(3))

    assert store.counts(ann) == {"lesson": (1, 1), "drill": (5, 4), "puzzle": (2, 1), "play": (1, 0)}
    days = [(c.day - DAY0).days for c in store.attempts_per_day(ann)]
    assert days == [0, 0, 2, 2, 3]
    later = store.attempts_per_day(ann, since=DAY0 + timedelta(days=2))
    assert [(c.part, c.attempts, c.right) for c in later] == [
        ("drill", 1, 1), ("puzzle", 2, 1), ("play", 1, 0)]
    drills = store.drill_stats(ann)
    assert [(d.day, d.kind, d.attempts, d.right) for d in drills] == [
        (DAY0, "score", 1, 1), (DAY0, "total", 3, 2), (DAY0 + timedelta(days=2), "total", 1, 1)]
    assert drills[1].mean_seconds == pytest.approx(4.0) and drills[1].accuracy == pytest.approx(2 / 3)
    tags = {t.tag: t for t in store.tag_stats(ann)}
    assert set(tags) == set(trap.tags) | set(spin.tags)
    assert tags["greedy-trap"].accuracy == 0 and tags["greedy-trap"].mean_points_lost == 10
    assert store.tag_stats(ann)[0].accuracy <= store.tag_stats(ann)[-1].accuracy  # weakest first
    assert tags[theme].attempts == (theme in trap.tags) + 1
    assert store.practice_days(ann) == ((DAY0, 5), (DAY0 + timedelta(days=2), 3),
                                        (DAY0 + timedelta(days=3), 1))
    assert [r.score for r in store.best_runs(ann)] == [18, 10, 9]
    assert [r.score for r in store.best_runs(ann, level=1, limit=1)] == [18]
    recent = store.recent_attempts(ann, limit=3)
    assert [a.part for a in recent] == ["play", "puzzle", "puzzle"]
    assert recent[1].mode == "daily" and recent[1].tags == spin.tags and recent[1].kind == spin.kind
    assert recent[2].answer == "x" and recent[2].created_at == T0 + timedelta(days=2)
    assert store.puzzles_attempted(ann) == {trap.id, spin.id}
    assert store.daily_streak(ann, today=DAY0 + timedelta(days=3)).current == 1


def test_a_guests_answers_runs_and_stars_go_to_the_learner_with_their_times(store: Store) -> None:
    ann = store.create_learner("Ann").id
    answers = [GuestAnswer("drill", f"total:1:{i}", i != 1, kind="total", mode="run",
                           when=T0 + timedelta(seconds=2 * i)) for i in range(3)]
    runs = [GuestRun(level=2, duration=60.0, answered=4, right=4, score=4, best_streak=4,
                     when=T0 + timedelta(hours=1)),
            GuestRun(level=1, duration=60.0, answered=3, right=2, score=2, best_streak=1, when=T0)]
    assert store.adopt(ann, answers, lessons={"doubles": 2}, runs=runs) == 3
    assert store.counts(ann)["drill"] == (3, 2)
    kept = store.best_runs(ann)
    assert [(r.level, r.answered, r.right, r.score, r.best_streak) for r in kept] == [
        (2, 4, 4, 4, 4), (1, 3, 2, 2, 1)]
    assert sorted(r.created_at for r in kept) == [T0, T0 + timedelta(hours=1)]
    assert store.lesson_stars(ann) == {"doubles": 2}
    # a run the store refuses stops there; what came before stays kept
    bo = store.create_learner("Bo").id
    with pytest.raises(TrainerError):
        store.adopt(bo, [], runs=[runs[1], GuestRun(1, 60.0, -1, 0, 0, 0, T0)])
    assert [r.score for r in store.best_runs(bo)] == [2]


def test_streaks_count_days_in_a_row_with_the_daily_puzzle(store: Store) -> None:
    ann = store.create_learner("Ann").id
    for offset in (0, 1, 2, 5, 6, 8, 9):
        store.record_attempt(ann, "puzzle", BANK[offset].id, offset != 5, mode="daily", **at(offset))
    store.record_attempt(ann, "puzzle", BANK[20].id, True, **at(10))  # not the daily puzzle
    assert store.daily_streak(ann, today=DAY0 + timedelta(days=9)) == streak_of(
        [DAY0 + timedelta(days=d) for d in (0, 1, 2, 5, 6, 8, 9)], DAY0 + timedelta(days=9))
    streak = store.daily_streak(ann, today=DAY0 + timedelta(days=10))
    assert (streak.current, streak.best, streak.last_day) == (2, 3, DAY0 + timedelta(days=9))
    assert store.daily_streak(ann, today=DAY0 + timedelta(days=11)).current == 0
    bob = store.create_learner("Bob").id
    assert store.daily_streak(bob).current == store.daily_streak(bob).best == 0


def test_a_daily_answer_given_with_help_does_not_extend_the_daily_streak(store: Store) -> None:
    ann = store.create_learner("Ann").id
    for offset in (0, 1):
        store.record_attempt(ann, "puzzle", BANK[offset].id, offset == 0, mode="daily", **at(offset))
    store.record_attempt(ann, "puzzle", BANK[2].id, True, mode="daily", helped=True, **at(2))
    streak = store.daily_streak(ann, today=DAY0 + timedelta(days=2))
    assert (streak.current, streak.best, streak.last_day) == (2, 2, DAY0 + timedelta(days=1))
    store.record_attempt(ann, "puzzle", BANK[3].id, True, mode="daily", helped=True, **at(3))
    assert store.daily_streak(ann, today=DAY0 + timedelta(days=3)).current == 0  # two days helped: broken
    store.record_attempt(ann, "puzzle", BANK[3].id, False, mode="daily", **at(3, minutes=5))
    streak = store.daily_streak(ann, today=DAY0 + timedelta(days=3))
    assert (streak.current, streak.best) == (1, 2)  # an unhelped answer, even wrong, counts


def test_a_rated_attempt_is_a_game_between_learner_and_puzzle(store: Store) -> None:
    ann = store.create_learner("Ann").id
    bob = store.create_learner("Bob").id
    puzzle = BANK[0]
    first = store.record_attempt(ann, "puzzle", puzzle.id, True, rated=True, **at(0))
    expected = rate_attempt(NEW_LEARNER, Rating(puzzle.rating), True)
    assert first.rated and first.puzzle_before == Rating(puzzle.rating)  # initial rating from the bank
    assert first.learner_before == NEW_LEARNER  # a new learner starts in the easy band
    assert (first.learner_after, first.puzzle_after) == pytest.approx(expected)
    assert first.learner_after.rating - NEW_LEARNER.rating == MAX_STEP  # Glicko-2's step, bounded
    assert store.learner(ann).rating == pytest.approx(expected[0]) and store.learner(ann).rated_games == 1
    assert store.puzzle_ratings()[puzzle.id] == pytest.approx(expected[1])
    second = store.record_attempt(bob, "puzzle", puzzle.id, False, rated=True, **at(1))
    assert second.puzzle_before == pytest.approx(expected[1])  # the puzzle's rating is shared
    helped = store.record_attempt(ann, "puzzle", BANK[1].id, True, rated=True, helped=True, **at(2))
    assert not helped.rated and helped.learner_after is None
    assert store.learner(ann).rating == pytest.approx(expected[0])
    assert BANK[1].id not in store.puzzle_ratings()
    history = store.rating_history(ann)
    assert [(p.puzzle_id, p.created_at) for p in history] == [(puzzle.id, T0)]
    assert history[0].rating == pytest.approx(expected[0].rating)
    assert [p.rating for p in store.rating_history(bob)] == pytest.approx([second.learner_after.rating])
    with pytest.raises(TrainerError, match="only puzzle attempts are rated"):
        store.record_attempt(ann, "drill", "total:1:1", True, rated=True)
    # the rated stream serves puzzles near the learner's rating that he has not tried
    rng = random.Random(1)
    for n in range(20):
        served = store.rated_puzzle(ann, rng, BANK)
        level = store.puzzle_ratings().get(served.id, Rating(served.rating)).rating
        assert abs(level - store.learner(ann).rating.rating) <= 200
        assert served.id not in store.puzzles_attempted(ann)
        store.record_attempt(ann, "puzzle", served.id, n % 2 == 0, rated=True, mode="stream")


def test_bad_attempts_are_refused_and_change_nothing(store: Store) -> None:
    ann = store.create_learner("Ann").id
    before = row_counts(store)
    bad: list[tuple[dict[str, Any], str]] = [
        ({"part": "chess"}, "part is one of"), ({"mode": "blitz"}, "mode is one of"),
        ({"item": ""}, "item is"), ({"seconds": -1.0}, "seconds"), ({"seconds": float("nan")}, "seconds"),
        ({"points_lost": -5}, "points"),
        ({"answer": "x" * 401}, "answer"), ({"tags": ["two words"]}, "tag is one word"),
    ]
    for change, message in bad:
        args: dict[str, Any] = {"learner_id": ann, "part": "drill", "item": "total:1:1", "correct": True}
        args.update(change)
        with pytest.raises(TrainerError, match=message):
            store.record_attempt(**args)
    with pytest.raises(LearnerError, match="no learner has the id 4242"):
        store.record_attempt(4242, "drill", "total:1:1", False)
    with pytest.raises(LearnerError):
        store.record_run(4242, level=1, duration=60, answered=1, right=1, score=1, best_streak=1)
    assert row_counts(store) == before


def test_one_learner_never_sees_or_changes_another(store: Store) -> None:
    ann = store.create_learner("Ann").id
    bob = store.create_learner("Bob").id
    for learner, correct in ((ann, True), (bob, False)):
        store.record_attempt(learner, "drill", "total:1:1", correct, kind="total", seconds=2.0, **at(0))
        store.record_attempt(learner, "puzzle", BANK[0].id, correct, rated=True, mode="daily", **at(0))
        store.record_attempt(learner, "puzzle", BANK[1].id, False, **at(1))
        store.record_run(learner, level=1, duration=60, answered=5, right=5 if correct else 0,
                         score=5 if correct else 0, best_streak=5, **at(0))
    assert store.counts(ann) == {"drill": (1, 1), "puzzle": (2, 1)}
    assert store.counts(bob) == {"drill": (1, 0), "puzzle": (2, 0)}
    assert all(a.learner_id == ann for a in store.recent_attempts(ann))
    assert [d.right for d in store.drill_stats(ann)] == [1]
    assert [d.right for d in store.drill_stats(bob)] == [0]
    assert [r.score for r in store.best_runs(ann)] == [5] and [r.score for r in store.best_runs(bob)] == [0]
    assert len(store.rating_history(ann)) == len(store.rating_history(bob)) == 1
    assert {c.item for c in store.review_queue(ann)} == {BANK[1].id}
    assert {c.item for c in store.review_queue(bob)} == {"total:1:1", BANK[0].id, BANK[1].id}
    assert json.loads(store.export_learner(ann))["learner"]["name"] == "Ann"
    assert len(json.loads(store.export_learner(ann))["attempts"]) == 3
    ann_export = store.export_learner(ann, when=T0)
    store.delete_learner(bob)
    assert store.export_learner(ann, when=T0) == ann_export
    with pytest.raises(LearnerError):
        store.learner(bob)
    assert store.counts(bob) == {} and store.review_queue(bob) == () and store.rating_history(bob) == ()


def test_the_progress_pages_sums_read_indexes_alone_not_the_rows(tmp_path: Path) -> None:
    """A year of answers is summed from the covering indexes (SQLite's query plan for
    each statement the Progress page's sums send): the rows themselves, with their
    positions and answers, are never read."""
    store_ = Store(str(tmp_path / "progress.db"))
    ann = store_.create_learner("Ann").id
    for n in range(30):
        store_.record_attempt(ann, "puzzle" if n % 2 else "drill", BANK[n].id if n % 2 else f"total:1:{n}",
                              n % 3 == 0, kind="" if n % 2 else "total", seconds=1.5, helped=n % 5 == 0,
                              points_lost=5 if n % 2 else None, mode="daily" if n == 1 else "", **at(n % 4))
    sent: list[tuple[str, Any]] = []

    def keep(conn: Any, cursor: Any, statement: str, parameters: Any, context: Any, many: bool) -> None:
        sent.append((statement, parameters))

    sa.event.listen(store_._engine, "before_cursor_execute", keep)
    sums = {"counts": lambda: store_.counts(ann), "drill_stats": lambda: store_.drill_stats(ann),
            "tag_stats": lambda: store_.tag_stats(ann), "practice_days": lambda: store_.practice_days(ann),
            "daily_streak": lambda: store_.daily_streak(ann, DAY0),
            "review_counts": lambda: store_.review_counts(ann)}
    for name, call in sums.items():
        sent.clear()
        assert call() is not None
        sa.event.remove(store_._engine, "before_cursor_execute", keep)
        reads = [(q, p) for q, p in sent if "attempts" in q or "review_cards" in q]
        assert reads, name
        with store_._engine.connect() as conn:
            for statement, parameters in reads:
                plan = conn.exec_driver_sql("EXPLAIN QUERY PLAN " + statement, parameters).all()
                steps = [str(row[-1]) for row in plan
                         if "attempts" in str(row[-1]) or "review_cards" in str(row[-1])]
                assert steps and all("COVERING INDEX" in step for step in steps), (name, steps)
        sa.event.listen(store_._engine, "before_cursor_execute", keep)
    store_.close()


# ----- many writers -----
def test_eight_threads_writing_500_attempts_each_lose_nothing(store_url: str) -> None:
    setup = Store(store_url)
    ids = [setup.create_learner(f"Writer {n}").id for n in range(8)]
    errors: list[BaseException] = []

    def write(learner_id: int, shared: Store | None) -> None:
        mine = shared or Store(store_url)
        try:
            for i in range(500):
                part = ("lesson", "drill", "puzzle", "play")[i % 4]
                item = BANK[i % len(BANK)].id if part == "puzzle" else f"{part}:{i}"
                mine.record_attempt(learner_id, part, item, i % 3 != 0, seconds=1.5, kind="total",
                                    tags=(), rated=part == "puzzle" and i % 8 == 2)
        except BaseException as error:  # reported below
            errors.append(error)
        finally:
            if shared is None:
                mine.close()

    # half the threads share one Store (one engine), half open their own (like separate processes)
    threads = [threading.Thread(target=write, args=(learner_id, setup if n % 2 else None))
               for n, learner_id in enumerate(ids)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert sum(sum(n for n, _ in setup.counts(i).values()) for i in ids) == 4000
    expected = {part: (sum(1 for i in range(500) if i % 4 == n),
                       sum(1 for i in range(500) if i % 4 == n and i % 3 != 0))
                for n, part in enumerate(("lesson", "drill", "puzzle", "play"))}
    rated = sum(1 for i in range(500) if i % 8 == 2)
    for learner_id in ids:
        assert setup.counts(learner_id) == expected
        assert setup.learner(learner_id).rated_games == len(setup.rating_history(learner_id)) == rated
    assert row_counts(setup)["attempts"] == 4000
    setup.close()


# ----- migrations -----
def _engine(url: str) -> sa.Engine:
    if "://" not in url:
        return sa.create_engine(f"sqlite:///{url}")
    parsed = sa.make_url(url)
    return sa.create_engine(parsed.set(drivername="postgresql+psycopg"))


def test_a_version_1_database_is_upgraded_with_its_data(store_url: str) -> None:
    engine = _engine(store_url)
    with engine.begin() as conn:
        assert migrate(conn, target=1) == (0, 1)
        conn.execute(sa.text("INSERT INTO learners (name, name_key, created_at) VALUES ('Old', 'old', :t)"),
                     {"t": T0})
        conn.execute(sa.text("INSERT INTO attempts (learner_id, part, item, kind, correct, seconds, "
                             "created_at, day) VALUES (1, 'drill', 'total:1:1', 'total', :yes, 2.5, :t, :d)"),
                     {"yes": True, "t": T0, "d": DAY0})
    engine.dispose()
    upgraded = Store(store_url)
    assert upgraded.schema_version == LATEST == MIGRATIONS[-1].version
    old = upgraded.find_learner("old")
    assert old is not None and old.rating == NEW_LEARNER and old.created_at == T0  # no rated game yet
    (attempt,) = upgraded.recent_attempts(old.id)
    assert (attempt.kind, attempt.correct, attempt.rated, attempt.mode, attempt.tags) == \
        ("total", True, False, "", ())
    assert upgraded.record_attempt(old.id, "puzzle", BANK[0].id, True, rated=True).rated
    assert upgraded.drill_stats(old.id)[0].mean_seconds == 2.5
    upgraded.close()
    again = Store(store_url)  # opening an up-to-date database changes nothing
    assert again.schema_version == LATEST and again.counts(old.id) == {"drill": (1, 1), "puzzle": (1, 1)}
    again.close()


def test_migrations_build_exactly_the_declared_schema(store: Store) -> None:
    inspector = sa.inspect(store._engine)
    assert set(inspector.get_table_names()) == set(TABLES.tables)
    for name, table in TABLES.tables.items():
        columns = {c["name"]: c["nullable"] for c in inspector.get_columns(name)}
        assert columns == {c.name: c.nullable for c in table.columns}, name
        indexes = {i["name"]: tuple(i["column_names"]) for i in inspector.get_indexes(name)}
        for index in table.indexes:  # each declared index, on the columns declared, in order
            assert indexes.get(index.name) == tuple(c.name for c in index.columns), (name, index.name)
    assert [m.version for m in MIGRATIONS] == list(range(1, LATEST + 1))


def test_a_database_from_a_newer_trainer_is_refused_and_left_alone(store_url: str) -> None:
    Store(store_url).close()
    engine = _engine(store_url)
    with engine.begin() as conn:
        conn.execute(sa.update(schema_version).values(version=LATEST + 1))
    engine.dispose()
    with pytest.raises(StoreError, match=f"newer trainer .schema {LATEST + 1}"):
        Store(store_url)
    engine = _engine(store_url)
    with engine.connect() as conn:
        assert conn.execute(sa.select(schema_version.c.version)).scalar_one() == LATEST + 1
    engine.dispose()



def test_wrong_drill_answers_bring_back_a_dozen_boards_and_every_missed_puzzle(store: Store) -> None:
    from trainer.store.scheduling import DRILL_CAP, DRILL_SOON
    ann, bob = store.create_learner("Ann").id, store.create_learner("Bob").id
    for seed in range(40):  # a timed run of wrong answers
        store.record_attempt(ann, "drill", f"total:1:{seed}", False, kind="total", **at(0, seed))
    for n in range(DRILL_CAP + 3):
        store.record_attempt(ann, "puzzle", BANK[n].id, False, **at(0, 50))
    store.record_attempt(bob, "drill", "total:1:99", False, kind="total", **at(0, 50))  # each learner his own
    cards = store.review_queue(ann)
    drills = [c for c in cards if c.part == "drill"]
    assert [c.item for c in drills] == [f"total:1:{seed}" for seed in range(DRILL_CAP)]  # the first ones
    assert sum(c.part == "puzzle" for c in cards) == DRILL_CAP + 3  # puzzles have no cap
    assert [c.item for c in store.review_queue(bob)] == ["total:1:99"]
    # a board with a card is still reviewed past the cap; one right answer after another
    # sends it further off, and once it is due later than DRILL_SOON there is room again
    def card() -> Any:
        return next(c for c in store.review_queue(ann) if c.item == "total:1:0")

    now = T0 + timedelta(hours=1)
    for _ in range(10):  # answered right each time it is due
        now = max(now, card().due)
        store.record_attempt(ann, "drill", "total:1:0", True, kind="total", when=now, day=now.date())
        if card().due > now + DRILL_SOON:
            break
    assert card().due > now + DRILL_SOON and card().reviews >= 2
    now += timedelta(minutes=1)
    store.record_attempt(ann, "drill", "total:1:500", False, kind="total", when=now, day=now.date())
    assert "total:1:500" in {c.item for c in store.review_queue(ann)}
    store.record_attempt(ann, "drill", "total:1:501", False, kind="total", when=now, day=now.date())
    assert "total:1:501" not in {c.item for c in store.review_queue(ann)}  # full again

# ----- export and import -----
def _history(store_: Store) -> int:
    ann = store_.create_learner("Ann Lee").id
    for n in range(6):
        store_.record_attempt(ann, "puzzle", BANK[n].id, n % 2 == 0, rated=n < 4, helped=n == 5,
                              seconds=n + 0.5, points_lost=None if n % 2 == 0 else 5, mode="stream",
                              answer="6-2@E", position=BANK[n].position, **at(n))
    store_.record_attempt(ann, "drill", "total:1:3", False, kind="total", answer="15", **at(1))
    store_.record_attempt(ann, "lesson", "deal.q1", True, answer="ok ✓", **at(2))
    store_.record_attempt(ann, "play", "g1.m2", False, points_lost=10, **at(3))
    store_.record_run(ann, level=2, duration=60, answered=10, right=7, score=7, best_streak=4, **at(2))
    return ann


def test_export_then_import_gives_back_the_whole_history(store: Store) -> None:
    ann = _history(store)
    text = store.export_learner(ann, when=T0)
    data = json.loads(text)
    assert data["format"] == "allfives-history" and data["version"] == 1
    assert len(data["attempts"]) == 9 and len(data["ratings"]) == 4 and len(data["runs"]) == 1
    assert len(data["reviews"]) == 4  # the missed puzzles and drill item, and the helped puzzle
    with pytest.raises(LearnerError, match="already a learner named 'Ann Lee'"):
        store.import_learner(text)
    copy = store.import_learner(text, name="Ann's copy")
    assert json.loads(store.export_learner(copy, when=T0)) == {
        **data, "learner": {**data["learner"], "name": "Ann's copy"}}
    assert store.learner(copy).rating == store.learner(ann).rating
    month = T0 + timedelta(days=30)
    assert store.due_reviews(copy, now=month) == store.due_reviews(ann, now=month)
    assert store.tag_stats(copy) == store.tag_stats(ann) and store.best_runs(copy)[0].score == 7
    # a backup brought back over the same learner replaces him, and his new id serves from then on
    store.record_attempt(ann, "drill", "total:1:4", True, kind="total")
    restored = store.import_learner(text, replace=True)
    assert store.export_learner(restored, when=T0) == text
    with pytest.raises(LearnerError):
        store.learner(ann)
    # the imported learner goes on as before
    assert store.record_attempt(restored, "puzzle", BANK[7].id, True, rated=True).learner_before == \
        store.learner(copy).rating


MALFORMED: list[tuple[str, Callable[[dict[str, Any]], object], str]] = [
    ("format", lambda d: d.update(format="other"), "not an All Fives trainer history"),
    ("version", lambda d: d.update(version=99), "version is the number 99"),
    ("no attempts", lambda d: d.pop("attempts"), "'attempts' is missing"),
    ("name", lambda d: d["learner"].update(name=""), "cannot be empty"),
    ("long name", lambda d: d["learner"].update(name="x" * 41), "at most 40"),
    ("rating", lambda d: d["learner"].update(rating="high"), r"learner\.rating: expected a number"),
    ("rd", lambda d: d["learner"].update(rd=0), r"learner\.rd: expected at least 1.0, got the number 0"),
    ("part", lambda d: d["attempts"][3].update(part="chess"), r"attempts\[3\]\.part: 'chess' is not one of"),
    ("correct", lambda d: d["attempts"][8].update(correct="yes"),
     r"attempts\[8\]\.correct: expected true or false"),
    ("time", lambda d: d["attempts"][0].update(created_at="yesterday"), r"attempts\[0\]\.created_at"),
    ("naive time", lambda d: d["attempts"][0].update(created_at="2026-11-02T09:00:00"), "no time zone"),
    ("day", lambda d: d["attempts"][1].update(day="2026-13-01"), r"attempts\[1\]\.day"),
    ("seconds", lambda d: d["attempts"][2].update(seconds=-3), r"attempts\[2\]\.seconds: expected at least"),
    ("tags", lambda d: d["attempts"][2].update(tags=["a b"]), r"attempts\[2\]\.tags\[0\]"),
    ("attempt row", lambda d: d["attempts"].append([1, 2]), r"attempts\[9\]: expected a JSON object"),
    ("rating link", lambda d: d["ratings"][0].update(attempt=99),
     r"ratings\[0\]\.attempt: there is no attempt 99"),
    ("run", lambda d: d["runs"][0].update(score=None), r"runs\[0\]\.score: expected a whole number"),
    ("card", lambda d: d["reviews"][0]["card"].update(state=9),
     r"reviews\[0\]\.card\.state: 9 is not one of 1, 2 or 3"),
    ("card keys", lambda d: d["reviews"][0]["card"].pop("due"),
     r"reviews\[0\]\.card: the field 'due' is missing"),
    ("twice", lambda d: d["reviews"].append(dict(d["reviews"][0])), r"reviews\[4\]\.item: a second card"),
]


@pytest.mark.parametrize("name, spoil, message", MALFORMED, ids=[m[0] for m in MALFORMED])
def test_a_malformed_import_says_what_is_wrong_and_changes_nothing(
        store: Store, name: str, spoil: Callable[[dict[str, Any]], object], message: str) -> None:
    ann = _history(store)
    data = json.loads(store.export_learner(ann))
    spoil(data)
    before = row_counts(store)
    with pytest.raises(TrainerError, match=message):
        store.import_learner(json.dumps(data), replace=True)
    assert row_counts(store) == before and store.learner(ann).name == "Ann Lee"


def test_an_import_that_fails_while_writing_changes_nothing(store: Store,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    ann = _history(store)
    text = store.export_learner(ann)
    before = row_counts(store)

    def broken(*_args: object) -> list[int]:
        raise StoreError("the disk is full")

    monkeypatch.setattr(Store, "_insert_attempts", broken)
    with pytest.raises(StoreError, match="disk is full"):
        store.import_learner(text, replace=True)
    assert row_counts(store) == before and store.learner(ann).name == "Ann Lee"


@pytest.mark.parametrize("text, message", [
    ("", "not JSON"), ("{", "not JSON"), ("[]", "expected a JSON object"), ("null", "expected a JSON object"),
    ('{"format": "allfives-history"}', "'version' is missing"),
])
def test_files_that_are_not_histories_are_refused(tmp_path: Path, text: str, message: str) -> None:
    with Store(str(tmp_path / "p.db")) as opened:
        with pytest.raises(HistoryFileError, match=message):
            opened.import_learner(text)
        assert opened.learners() == ()


# ----- where the store is -----
def test_where_the_database_is(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv(ENV, raising=False)
    if sys.platform.startswith("linux"):  # the user's data folder follows XDG there
        assert default_path() == tmp_path / "data" / "allfives" / "progress.db"
    monkeypatch.setattr("trainer.store.place.default_path",
                        lambda: tmp_path / "data" / "allfives" / "progress.db")
    with Store() as fresh:  # the default folder is made when missing
        assert fresh.location == str(tmp_path / "data" / "allfives" / "progress.db") and fresh.created
    with Store() as again:
        assert not again.created
    monkeypatch.setenv(ENV, str(tmp_path / "elsewhere.db"))
    with Store() as chosen:
        assert chosen.location == str(tmp_path / "elsewhere.db") and chosen.path == tmp_path / "elsewhere.db"
    monkeypatch.setenv(ENV, f"sqlite:///{tmp_path}/by-url.db")
    with Store() as by_url:
        assert by_url.location == str(tmp_path / "by-url.db")
    with pytest.raises(StoreError, match="in-memory"):
        Store("sqlite://")
    with pytest.raises(StoreError, match="SQLite or PostgreSQL"):
        Store("mysql://u:p@localhost/db")


def test_a_postgresql_location_hides_the_password() -> None:
    with pytest.raises(StoreError) as caught:
        Store("postgresql://ann:secret@127.0.0.1:1/nowhere", busy_timeout=0.5)
    assert "secret" not in str(caught.value) and "ann:***@127.0.0.1:1/nowhere" in str(caught.value)


def test_puzzle_streaks_and_storms_are_runs_of_their_own_mode(store: Store) -> None:
    ann = store.create_learner("Runa").id

    def run(mode: str, duration: float, answered: int, right: int, best: int) -> None:
        store.record_run(ann, level=1, duration=duration, answered=answered, right=right, score=right,
                         best_streak=best, mode=mode)

    run("", 60.0, 10, 9, 5)  # a timed drill run
    run("streak", 0.0, 7, 6, 6)
    run("storm", 180.0, 21, 17, 9)
    run("storm", 175.5, 12, 11, 11)
    assert [r.score for r in store.best_runs(ann)] == [9]  # the drills' best runs: no puzzle run among them
    assert [(r.score, r.best_streak, r.mode) for r in store.best_runs(ann, mode="storm")] == [
        (17, 9, "storm"), (11, 11, "storm")]
    assert [r.score for r in store.best_runs(ann, mode="streak", limit=1)] == [6]
    with pytest.raises(TrainerError, match="mode"):
        run("blitz", 1.0, 1, 1, 1)
    text = store.export_learner(ann, when=T0)
    assert [r.get("mode", "") for r in json.loads(text)["runs"]] == ["", "streak", "storm", "storm"]
    copy = store.import_learner(text, name="Runa's copy")
    mine, theirs = store.best_runs(ann, mode="storm"), store.best_runs(copy, mode="storm")
    assert theirs == tuple(replace(r, id=c.id) for r, c in zip(mine, theirs))
    guest = GuestRun(level=1, duration=180.0, answered=3, right=2, score=2, best_streak=2, when=T0,
                     mode="storm")
    bo = store.create_learner("Bo").id
    store.adopt(bo, [], runs=[guest])
    assert [(r.mode, r.score) for r in store.best_runs(bo, mode="storm")] == [("storm", 2)]
