"""Lesson mastery in the progress store: the best stars per lesson and learner, kept
across openings, upgraded into from a version-4 database, gone with the learner."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
import sqlalchemy as sa

from trainer.errors import TrainerError
from trainer.store import LearnerError, Store
from trainer.store.schema import LATEST, migrate

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def test_best_stars_are_kept_per_learner_and_lesson(store: Store) -> None:
    ann, bob = store.create_learner("Ann").id, store.create_learner("Bob").id
    assert store.lesson_stars(ann) == {}
    assert store.record_lesson(ann, "count", 1) == 1
    assert store.record_lesson(ann, "count", 3) == 3
    assert store.record_lesson(ann, "count", 0) == 3  # a worse attempt keeps the best
    assert store.record_lesson(ann, "leads", 2) == 2
    assert store.record_lesson(bob, "count", 2) == 2
    assert store.lesson_stars(ann) == {"count": 3, "leads": 2}
    assert store.lesson_stars(bob) == {"count": 2}
    store.delete_learner(ann)
    assert store.lesson_stars(ann) == {} and store.lesson_stars(bob) == {"count": 2}


@pytest.mark.parametrize("lesson_id, stars", [("", 1), ("x" * 41, 1), ("a b", 1), ("<b>", 2), ("count", 4),
                                              ("count", -1), ("count", True), ("count", 1.5)])
def test_bad_lessons_and_stars_are_refused(store: Store, lesson_id: str, stars: int) -> None:
    ann = store.create_learner("Ann").id
    with pytest.raises(TrainerError):
        store.record_lesson(ann, lesson_id, stars)
    assert store.lesson_stars(ann) == {}


def test_an_unknown_learner_is_refused(store: Store) -> None:
    with pytest.raises(LearnerError):
        store.record_lesson(999, "count", 2)


def test_a_version_4_database_gains_mastery_and_keeps_its_learners(tmp_path: Path) -> None:
    url = str(tmp_path / "old.db")
    engine = sa.create_engine(f"sqlite:///{url}")
    with engine.begin() as conn:
        migrate(conn, target=4)
        conn.execute(sa.text("INSERT INTO learners (name, name_key, created_at) VALUES ('Old', 'old', :t)"),
                     {"t": T0})
    engine.dispose()
    store = Store(url)
    assert store.schema_version == LATEST >= 5
    old = store.find_learner("old")
    assert old is not None
    store.record_lesson(old.id, "spinner", 2)
    store.close()
    again = Store(url)
    assert again.lesson_stars(old.id) == {"spinner": 2}
    again.close()
