"""The store against careless operators and hostile files: each fault gets its own
accurate message, and no imported file can break a learner afterwards."""

from __future__ import annotations

import copy
import json
import os
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from trainer.puzzles.bank import shipped
from trainer.store import (
    HistoryFileError,
    Store,
    StoreCorruptError,
    StoreDriverError,
    StoreError,
)
from trainer.store.learners import _hidden_key
from trainer.store.schema import learners

ROOT = Path(__file__).resolve().parent.parent
PUZZLE = shipped()[3].id


# ----- faults when opening -----
def _as_unprivileged(script: str) -> subprocess.CompletedProcess[str]:
    """Run Python without the power to write what the file modes forbid (root drops it)."""
    command = [sys.executable, "-c", textwrap.dedent(script)]
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root without setpriv: file modes cannot be tested")
        command = [setpriv, "--bounding-set=-dac_override,-dac_read_search,-fowner", *command]
    return subprocess.run(command, capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_a_read_only_folder_is_reported_as_read_only_not_damaged(tmp_path: Path) -> None:
    folder = tmp_path / "shelf"
    folder.mkdir()
    path = folder / "progress.db"
    with Store(str(path)) as opened:
        opened.create_learner("Ann")
    before = path.read_bytes()
    folder.chmod(0o555)
    try:
        done = _as_unprivileged(f"""
            from trainer.store import Store, StoreError
            try:
                with Store({str(path)!r}) as opened:
                    opened.create_learner("Bob")
            except StoreError as error:
                print(type(error).__name__, error)
            """)
    finally:
        folder.chmod(0o755)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("StoreReadOnlyError"), done.stdout
    assert f"the folder {folder} is read-only" in done.stdout and "damaged" not in done.stdout
    assert path.read_bytes() == before


def test_a_read_only_file_is_reported_as_read_only(tmp_path: Path) -> None:
    path = tmp_path / "progress.db"
    with Store(str(path)) as opened:
        opened.create_learner("Ann")
    path.chmod(0o444)
    done = _as_unprivileged(f"""
        from trainer.store import Store, StoreError
        try:
            with Store({str(path)!r}) as opened:
                print([l.name for l in opened.learners()])
                opened.create_learner("Bob")
        except StoreError as error:
            print(type(error).__name__, error)
        """)
    assert done.returncode == 0, done.stderr
    assert "['Ann']" in done.stdout  # reading still works
    assert "StoreReadOnlyError" in done.stdout and f"the file {path} is read-only" in done.stdout


def test_a_damaged_file_is_reported_as_damaged(tmp_path: Path) -> None:
    path = tmp_path / "progress.db"
    path.write_bytes(b"this is no database at all" * 100)
    with pytest.raises(StoreCorruptError, match="damaged or is not a database"):
        Store(str(path))


def test_postgres_urls_are_accepted_and_a_missing_driver_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.store.place import _target

    for given in ("postgres://u:p@localhost/db", "postgres+psycopg2://u:p@localhost/db",
                  "postgresql://u:p@localhost/db"):
        assert _target(given).url.drivername == "postgresql+psycopg"
    monkeypatch.setitem(sys.modules, "psycopg", None)  # the driver is not installed
    with pytest.raises(StoreDriverError, match=r"postgresql driver 'psycopg' is not installed.*pip install"):
        Store("postgres://u:secret@localhost/db")
    with pytest.raises(StoreDriverError, match="'nosuchdriver' is not installed") as raised:
        Store("postgresql+nosuchdriver://u:secret@localhost/db")
    assert "secret" not in str(raised.value)


@pytest.mark.parametrize("make", [
    lambda tmp: tmp / ("x" * 300 + ".db"),  # one name longer than a file system allows
    lambda tmp: tmp.joinpath(*["folder"] * 40, "progress.db"),  # a whole path too long
], ids=["name", "path"])
def test_too_long_paths_are_refused_with_a_message(tmp_path: Path, make: Callable[[Path], Path],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    path = make(tmp_path)
    with pytest.raises(StoreError, match="choose a shorter"):
        Store(str(path))
    monkeypatch.setenv("ALLFIVES_DB", str(path))
    with pytest.raises(StoreError, match="choose a shorter"):
        Store()
    with pytest.raises(StoreError, match="choose a shorter"):
        Store(f"sqlite:///{path}")


# ----- imports -----
@pytest.fixture
def exported(tmp_path: Path) -> tuple[Store, dict[str, Any]]:
    store = Store(str(tmp_path / "progress.db"))
    ann = store.create_learner("Ann").id
    store.record_attempt(ann, "puzzle", PUZZLE, False, rated=True, seconds=4.0)
    store.record_attempt(ann, "drill", "total:1:3", False, kind="total", seconds=2.0)
    store.record_run(ann, level=1, duration=60, answered=3, right=2, score=2, best_streak=2)
    return store, json.loads(store.export_learner(ann))


HOSTILE: list[tuple[str, Callable[[dict[str, Any]], object], str]] = [
    ("huge integer", lambda d: d["attempts"][0].update(points_lost=10**30), r"attempts\[0\]\.points_lost"),
    ("infinite rating", lambda d: d["learner"].update(rating=float("inf")), r"learner\.rating"),
    ("rating 1e308", lambda d: d["learner"].update(rating=1e308), r"learner\.rating: expected at most"),
    ("tiny deviation", lambda d: d["learner"].update(rd=1e-300), r"learner\.rd"),
    ("volatility", lambda d: d["learner"].update(volatility=50.0), r"learner\.volatility"),
    ("year 1", lambda d: d["attempts"][0].update(created_at="0001-01-01T00:00:00+05:00"),
     r"attempts\[0\]\.created_at: a time between the years"),
    ("year 9999", lambda d: d["runs"][0].update(created_at="9999-12-31T23:00:00-05:00"),
     r"runs\[0\]\.created_at"),
    ("day 1", lambda d: d["attempts"][1].update(day="0001-01-01"), r"attempts\[1\]\.day"),
    ("card step list", lambda d: d["reviews"][0]["card"].update(step=[1]), r"reviews\[0\]\.card\.step"),
    ("card step text", lambda d: d["reviews"][0]["card"].update(step="1"), r"reviews\[0\]\.card\.step"),
    ("card stability", lambda d: d["reviews"][0]["card"].update(stability=1e300),
     r"reviews\[0\]\.card\.stability"),
    ("card due", lambda d: d["reviews"][0]["card"].update(due="0001-01-01T00:00:00+00:00"),
     r"reviews\[0\]\.card\.due"),
    ("run score", lambda d: d["runs"][0].update(score=10**7), r"runs\[0\]\.score: expected at most"),
    ("seconds", lambda d: d["attempts"][0].update(seconds=1e200), r"attempts\[0\]\.seconds"),
    ("reviews count", lambda d: d["reviews"][0].update(reviews=2**70), r"reviews\[0\]\.reviews"),
]


@pytest.mark.parametrize("name, spoil, message", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_out_of_range_fields_are_refused_before_anything_is_written(
        exported: tuple[Store, dict[str, Any]], name: str, spoil: Callable[[dict[str, Any]], object],
        message: str) -> None:
    store, data = exported
    spoiled = copy.deepcopy(data)
    spoil(spoiled)
    with pytest.raises(HistoryFileError, match=message):
        store.import_learner(json.dumps(spoiled), name="Copy")
    assert [learner.name for learner in store.learners()] == ["Ann"]
    store.close()


@pytest.mark.parametrize("text, message", [
    ('{"format": "allfives-history", "learner": ' + "[" * 100_000 + "]" * 100_000 + "}", "nests deeper"),
    ('{"format": "allfives-history", "version": ' + "9" * 5000 + "}", "not JSON"),
    ('{"format": "allfives-history", "version": 1e400}', "version"),
], ids=["deep", "digits", "1e400"])
def test_hostile_json_is_a_history_file_error(exported: tuple[Store, dict[str, Any]], text: str,
                                             message: str) -> None:
    store, _ = exported
    with pytest.raises(HistoryFileError, match=message):
        store.import_learner(text)
    store.close()


def test_an_imported_learner_at_the_limits_goes_on_answering(exported: tuple[Store, dict[str, Any]]) -> None:
    store, data = exported
    for rating, rd, volatility in ((5000.0, 1.0, 1.0), (0.0, 350.0, 1e-9)):
        edge = copy.deepcopy(data)
        edge["learner"].update(rating=rating, rd=rd, volatility=volatility)
        edge["reviews"][0]["card"].update(step=100, stability=10**6, difficulty=10.0)
        learner = store.import_learner(json.dumps(edge), name="Edge", replace=True)
        after = store.record_attempt(learner, "puzzle", PUZZLE, True, rated=True, seconds=3.0)
        assert after.learner_after is not None and 0 < after.learner_after.rd <= 350
        store.record_attempt(learner, "drill", "total:1:3", True, kind="total", seconds=1.0)
    store.close()


def test_a_replaced_learner_is_gone_and_a_half_import_never_shows(exported: tuple[Store, dict[str, Any]],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    store, data = exported
    text = json.dumps(data)
    old = store.find_learner("Ann")
    assert old is not None
    seen: list[list[str]] = []
    original = Store._insert_rows

    def watching(self: Store, *args: Any) -> None:
        seen.append([learner.name for learner in self.learners()])
        original(self, *args)

    monkeypatch.setattr(Store, "_insert_rows", watching)
    new = store.import_learner(text, replace=True)
    assert seen and all(names == ["Ann"] for names in seen)  # the new one hidden until complete
    assert [learner.id for learner in store.learners()] == [new] and new != old.id
    assert store.counts(new) == {"puzzle": (1, 0), "drill": (1, 0)}
    store.close()


def test_a_hidden_learners_name_fits_the_name_column() -> None:
    """PostgreSQL enforces the column's length: an import or a removal whose hidden
    name did not fit failed there alone."""
    limit = learners.c.name.type.length
    assert limit is not None
    for why in ("importing", "removing"):
        key = _hidden_key(why)
        assert len(key) <= limit and len(key) <= learners.c.name_key.type.length
