"""A learner's lesson stars and language travel in his history file: exported, checked
field by field and imported back; a file written before they were kept still imports.
Runs on SQLite and, with ALLFIVES_TEST_PG_URL set, on PostgreSQL (tests/conftest.py)."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import sqlalchemy as sa

from trainer.store import HistoryFileError, Store
from trainer.store.schema import TABLES

T0 = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)


def row_counts(store_: Store) -> dict[str, int]:
    with store_._engine.connect() as conn:
        return {name: int(conn.execute(sa.select(sa.func.count()).select_from(table)).scalar_one())
                for name, table in TABLES.tables.items()}


def _ann(store: Store) -> int:
    ann = store.create_learner("Ann").id
    store.record_attempt(ann, "lesson", "count.q1", True, when=T0)
    store.record_lesson(ann, "count", 1, when=T0)
    store.record_lesson(ann, "count", 3, when=T0 + timedelta(days=1))
    store.record_lesson(ann, "leads_2", 0, when=T0 + timedelta(days=2))
    store.set_language(ann, "mk")
    return ann


def test_stars_and_language_go_out_and_come_back(store: Store) -> None:
    ann = _ann(store)
    text = store.export_learner(ann, when=T0)
    data = json.loads(text)
    assert data["learner"]["language"] == "mk"
    assert data["lessons"] == [
        {"lesson": "count", "stars": 3, "finished": 2, "updated_at": (T0 + timedelta(days=1)).isoformat()},
        {"lesson": "leads_2", "stars": 0, "finished": 1, "updated_at": (T0 + timedelta(days=2)).isoformat()}]
    copy = store.import_learner(text, name="Ann's copy")
    assert store.lesson_stars(copy) == {"count": 3, "leads_2": 0} == store.lesson_stars(ann)
    assert store.language(copy) == "mk"
    assert json.loads(store.export_learner(copy, when=T0)) == {
        **data, "learner": {**data["learner"], "name": "Ann's copy"}}
    # replacing Ann with her backup keeps her stars; the next lesson counts on from them
    restored = store.import_learner(text, replace=True)
    assert store.export_learner(restored, when=T0) == text
    assert store.record_lesson(restored, "count", 2) == 3
    assert store.record_lesson(restored, "leads_2", 1) == 1


def test_a_file_from_before_stars_and_language_still_imports(store: Store) -> None:
    ann = _ann(store)
    data = json.loads(store.export_learner(ann, when=T0))
    del data["learner"]["language"], data["lessons"]
    old = store.import_learner(json.dumps(data), name="Old Ann")
    assert store.lesson_stars(old) == {} and store.language(old) == ""
    assert len(json.loads(store.export_learner(old))["attempts"]) == 1
    assert store.lesson_stars(ann) == {"count": 3, "leads_2": 0}  # the original is untouched


def _lesson(field: str, value: object) -> Callable[[dict[str, Any]], object]:
    return lambda d: d["lessons"][1].update({field: value})


HOSTILE: list[tuple[str, Callable[[dict[str, Any]], object], str]] = [
    ("stars 7", _lesson("stars", 7), r"lessons\[1\]\.stars: expected at most 3, got the number 7"),
    ("stars -1", _lesson("stars", -1), r"lessons\[1\]\.stars: expected at least 0, got the number -1"),
    ("stars 1e308", _lesson("stars", 1e308), r"lessons\[1\]\.stars: expected a whole number"),
    ("stars list", _lesson("stars", [3]), r"lessons\[1\]\.stars: expected a whole number, got a list"),
    ("stars text", _lesson("stars", "3"), r"lessons\[1\]\.stars: expected a whole number"),
    ("stars true", _lesson("stars", True), r"lessons\[1\]\.stars: expected a whole number"),
    ("huge id", _lesson("lesson", "x" * 10**6), r"lessons\[1\]\.lesson: a lesson id is a name of at most 40"),
    ("markup id", _lesson("lesson", "<b>hi</b>"), r"lessons\[1\]\.lesson: a lesson id"),
    ("empty id", _lesson("lesson", ""), r"lessons\[1\]\.lesson: a lesson id"),
    ("id list", _lesson("lesson", ["count"]), r"lessons\[1\]\.lesson: expected text, got a list"),
    ("finished", _lesson("finished", 1e308), r"lessons\[1\]\.finished: expected a whole number"),
    ("when", _lesson("updated_at", "soon"), r"lessons\[1\]\.updated_at"),
    ("no stars", lambda d: d["lessons"][0].pop("stars"), r"lessons\[0\]: the field 'stars' is missing"),
    ("twice", lambda d: d["lessons"].append(dict(d["lessons"][0])),
     r"lessons\[2\]\.lesson: a second record for the lesson 'count'"),
    ("lessons object", lambda d: d.update(lessons={"count": 3}), r"lessons: expected a list, got an object"),
    ("language", lambda d: d["learner"].update(language="english"),
     r"learner\.language: a language is a code of two or three small letters"),
    ("language huge", lambda d: d["learner"].update(language="e" * 10**6), r"learner\.language: a language"),
    ("language list", lambda d: d["learner"].update(language=["en"]),
     r"learner\.language: expected text, got a list"),
    ("language number", lambda d: d["learner"].update(language=1e308), r"learner\.language: expected text"),
]


@pytest.mark.parametrize("name, spoil, message", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_hostile_stars_lessons_and_languages_are_refused_and_nothing_is_written(
        store: Store, name: str, spoil: Callable[[dict[str, Any]], object], message: str) -> None:
    ann = _ann(store)
    data = json.loads(store.export_learner(ann))
    spoil(data)
    before = row_counts(store)
    with pytest.raises(HistoryFileError, match=message):
        store.import_learner(json.dumps(data), replace=True)
    assert row_counts(store) == before
    assert store.learner(ann).name == "Ann" and store.lesson_stars(ann) == {"count": 3, "leads_2": 0}
    assert store.language(ann) == "mk"
