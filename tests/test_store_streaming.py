"""History files read and written a piece at a time: a round trip through a stream is
equal, on both databases; a file malformed at its very end writes nothing; the order of
the file's fields, the size of the pieces it is read in and an old file without the
later fields change nothing; the reader does not hold the rows."""

from __future__ import annotations

import io
import json
import random
import tracemalloc
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from tests.test_seat_record import HAND, HEADER
from trainer.engine.seatview import SeatRecord
from trainer.store import (
    HistoryFileError,
    HistoryNotTextError,
    NameTakenError,
    Store,
    clean_name,
    history_reader,
)
from trainer.store.history_reader import check_history, parse_history
from trainer.store.learners import BATCH
from trainer.store.schema import TABLES

START = datetime(2025, 11, 29, 8, 0, tzinfo=UTC)
CARD = {"card_id": 1, "state": 2, "step": None, "stability": 3.2, "difficulty": 5.1,
        "due": "2025-12-05T08:00:00+00:00", "last_review": "2025-11-30T08:00:00+00:00"}


def history_data(count: int, seed: int = 1, old: bool = False) -> dict[str, Any]:
    """A history of `count` attempts (more than a batch of each list when count is big);
    `old` leaves out the fields that came later (the language, the lessons)."""
    rng = random.Random(seed)
    attempts, ratings, runs, reviews = [], [], [], []
    for n in range(count):
        when = (START + timedelta(minutes=7 * n)).isoformat()
        rated = n % 3 == 0
        attempts.append({"part": rng.choice(["drill", "puzzle", "lesson", "play"]), "item": f"item{n}",
                         "kind": "total", "position": "", "answer": f"{n % 40}",
                         "correct": rng.random() < 0.7, "points_lost": rng.choice([None, 0, 5]),
                         "seconds": round(rng.uniform(1, 30), 2),
                         "helped": False, "rated": rated, "mode": "stream" if rated else "",
                         "tags": ["spinner"] if n % 5 == 0 else [], "created_at": when, "day": when[:10]})
        if rated:
            ratings.append({"attempt": n, "puzzle_id": f"p{n}", "rating": 1500.0 + n % 97, "rd": 80.5,
                            "volatility": 0.06, "created_at": when})
        if n % 2 == 0:
            runs.append({"level": 1 + n % 3, "duration": 60.0, "answered": 20, "right": n % 20,
                         "score": n % 20, "best_streak": 3, "created_at": when, "day": when[:10]})
            reviews.append({"part": "drill", "item": f"item{n}", "kind": "total", "position": "",
                            "card": {**CARD, "card_id": n + 1}, "reviews": 1, "lapses": 0, "created_at": when,
                            "updated_at": when})
    data: dict[str, Any] = {
        "format": "allfives-history", "version": 1, "exported_at": START.isoformat(),
        "learner": {"name": "Ann", "created_at": START.isoformat(), "rating": 1512.5, "rd": 80.1,
                    "volatility": 0.06, "rated_games": len(ratings), "language": "fi"},
        "attempts": attempts, "ratings": [{**r, "attempt": None} for r in ratings[:2]] + ratings[2:],
        "runs": runs, "reviews": reviews,
        "lessons": [{"lesson": f"lesson-{i}", "stars": i % 4, "finished": i, "updated_at": START.isoformat()}
                    for i in range(3)],
        "hands": [{"record": json.loads(SeatRecord.parse(HAND).to_json()), "moves": 2, "mistakes": 1,
                   "points_lost": 6, "created_at": START.isoformat()},
                  {"record": json.loads(SeatRecord.parse(HEADER).to_json()), "moves": None, "mistakes": None,
                   "points_lost": None, "created_at": START.isoformat()}]}
    if old:
        del data["lessons"], data["learner"]["language"], data["hands"]
    return data


def same(exported: bytes | str, data: dict[str, Any]) -> bool:
    got = json.loads(exported)
    expected = json.loads(json.dumps(data))
    for one in (got, expected):
        one.pop("exported_at")
        one["learner"].setdefault("language", "")
        one.setdefault("lessons", [])
        one.setdefault("hands", [])
    return bool(got == expected)


def row_counts(store: Store) -> dict[str, int]:
    with store._engine.connect() as conn:
        return {name: int(conn.execute(sa.select(sa.func.count()).select_from(table)).scalar_one())
                for name, table in TABLES.tables.items()}


def test_a_history_of_many_batches_goes_through_streams_and_comes_back_equal(store_url: str) -> None:
    data = history_data(2 * BATCH + 37)
    assert len(data["attempts"]) > 2 * BATCH and len(data["runs"]) > BATCH
    with Store(store_url) as store:
        learner = store.import_learner(io.BytesIO(json.dumps(data).encode()))
        out = io.BytesIO()
        store.export_to(learner, out)
        assert same(out.getvalue(), data)
        stamp = datetime.fromisoformat(json.loads(out.getvalue())["exported_at"])
        assert out.getvalue().decode() == store.export_learner(learner, when=stamp)  # the same text
        again = store.import_learner(io.BytesIO(out.getvalue()), name="Ann again")  # the new file reads
        renamed = {**data, "learner": {**data["learner"], "name": "Ann again"}}
        assert same(store.export_learner(again), renamed)
        old = history_data(300, seed=2, old=True)  # a file from before the lessons and the language
        first = store.import_learner(json.dumps(old), name="Old")
        assert same(store.export_learner(first), {**old, "learner": {**old["learner"], "name": "Old"}})


def test_a_file_malformed_at_its_very_end_writes_nothing(store_url: str,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    data = history_data(2 * BATCH + 10)
    with Store(store_url) as store:
        store.create_learner("Bea")
        before = row_counts(store)
        written: list[int] = []
        original = Store._insert_attempts

        def watching(self: Store, *args: Any) -> list[int]:
            written.append(1)
            return original(self, *args)

        monkeypatch.setattr(Store, "_insert_attempts", watching)
        last = len(data["lessons"]) - 1
        broken = json.loads(json.dumps(data))
        broken["lessons"][last]["stars"] = 9
        with pytest.raises(HistoryFileError, match=rf"lessons\[{last}\]\.stars: expected at most 3"):
            store.import_learner(io.BytesIO(json.dumps(broken).encode()))
        text = json.dumps(data)
        for bad, words in ((text[:-1], "not JSON"), (text + " {", "not JSON: trailing"),
                           (text[:-1] + ', "attempts": []}', "'attempts' is there twice")):
            with pytest.raises(HistoryFileError, match=words):
                store.import_learner(io.BytesIO(bad.encode()))
        huge = json.loads(text)
        huge["attempts"][-1]["note"] = "x" * history_reader.RECORD_LIMIT  # no record is this long
        with pytest.raises(HistoryFileError, match=rf"attempts\[{len(data['attempts']) - 1}\]: longer than"):
            store.import_learner(io.BytesIO(json.dumps(huge).encode()))
        with pytest.raises(HistoryFileError, match=r"^notes: longer than"):
            store.import_learner(text[:-1] + ', "notes": ["' + "x" * history_reader.RECORD_LIMIT + '"]}')
        dangling = json.loads(text)
        dangling["ratings"][-1]["attempt"] = len(data["attempts"])
        with pytest.raises(HistoryFileError, match=r"ratings\[\d+\]\.attempt: there is no attempt"):
            store.import_learner(json.dumps(dangling))
        with pytest.raises(HistoryNotTextError):
            store.import_learner(io.BytesIO(text[:-3].encode() + b"\xff]}"))
        assert not written and row_counts(store) == before
        monkeypatch.setattr(Store, "_insert_attempts", original)
        store.import_learner(text)
        with pytest.raises(NameTakenError) as taken:
            store.import_learner(text)
        assert taken.value.name == "Ann"


def test_the_order_of_the_fields_and_the_size_of_the_pieces_change_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = history_data(700)
    text = json.dumps(data, indent=1)
    whole = parse_history(text, clean_name)
    backwards = "{" + ", ".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in reversed(data.items())) + "}"
    assert backwards.index('"ratings"') < backwards.index('"attempts"') < backwards.index('"learner"')
    spoiled = json.loads(text)
    spoiled["attempts"][650]["seconds"] = "long"
    message = "attempts[650].seconds: expected a number, got the text 'long'"
    for chunk in (1, 7, 64, 1 << 20):  # records, numbers, words and strings cut anywhere
        monkeypatch.setattr(history_reader, "CHUNK", chunk)
        if chunk < 64:
            small = history_data(40)
            assert parse_history(json.dumps(small, indent=1), clean_name) == parse_history(
                json.dumps(small), clean_name)
        else:
            assert parse_history(text.encode(), clean_name) == whole
            assert parse_history(backwards, clean_name) == whole
            with pytest.raises(HistoryFileError) as raised:
                check_history(json.dumps(spoiled), clean_name)
            assert str(raised.value) == message
    monkeypatch.setattr(history_reader, "CHUNK", 1 << 20)
    with Store(str(tmp_path / "p.db")) as store:  # the ratings written after the attempts they name
        learner = store.import_learner(backwards)
        assert same(store.export_learner(learner), data)


def test_checking_a_file_does_not_hold_its_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    """The most held while a file is checked does not grow with the file (what is kept
    of each row, which card and which lesson were seen, is a small part of it)."""
    monkeypatch.setattr(history_reader, "CHUNK", 1 << 14)
    check_history(json.dumps(history_data(20)), clean_name)  # the models built before measuring
    peaks, sizes = [], []
    for count in (3000, 12000):
        encoded = json.dumps(history_data(count)).encode()
        source = io.BytesIO(encoded)
        tracemalloc.start()
        try:
            head = check_history(source, clean_name)
            peaks.append(tracemalloc.get_traced_memory()[1])
        finally:
            tracemalloc.stop()
        assert head.counts["attempts"] == count and source.tell() == 0  # left where it was given
        sizes.append(len(encoded))
    assert sizes[1] > 6_000_000 and peaks[1] < 1.5 * peaks[0] and peaks[1] < sizes[1] / 3


def test_the_page_hands_the_browser_a_file_written_row_by_row(tmp_path: Path) -> None:
    from ui.progress import export_file

    with Store(str(tmp_path / "p.db")) as store:
        learner = store.import_learner(json.dumps(history_data(BATCH + 3)))
        handle = export_file(store, learner)
        try:
            assert isinstance(handle, io.BufferedReader)  # what the download button reads once
            assert not Path(handle.name).exists()  # the file is gone once the page lets it go
            text = handle.read().decode()
        finally:
            handle.close()
        stamp = datetime.fromisoformat(json.loads(text)["exported_at"])
        assert text == store.export_learner(learner, when=stamp)
