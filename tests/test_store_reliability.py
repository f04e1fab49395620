"""A locked, missing or corrupt database: the store says so clearly, names the file,
and never overwrites, moves or deletes it; the learner's earlier data survives."""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from trainer.errors import TrainerError
from trainer.store import Store, StoreCorruptError, StoreError, StoreLockedError, StoreMissingError


def fingerprint(folder: Path) -> dict[str, str]:
    """Every file in the folder with a hash of its bytes."""
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.iterdir()) if p.is_file()}


@pytest.fixture
def saved(tmp_path: Path) -> Iterator[Path]:
    """A closed progress database holding one learner's 300 attempts."""
    path = tmp_path / "progress.db"
    with Store(str(path)) as opened:
        ann = opened.create_learner("Ann").id
        for n in range(300):
            opened.record_attempt(ann, "drill", f"total:1:{n}", n % 4 != 0, kind="total", seconds=2.0,
                                  position="6-6:6-4:::" * 20)
    assert not (tmp_path / "progress.db-wal").exists()  # closing checkpointed everything
    yield path


def ann_counts(path: Path) -> dict[str, tuple[int, int]]:
    with Store(str(path)) as opened:
        ann = opened.find_learner("Ann")
        assert ann is not None
        return opened.counts(ann.id)


def test_store_errors_are_trainer_errors() -> None:
    for error in (StoreError, StoreLockedError, StoreMissingError, StoreCorruptError):
        assert issubclass(error, TrainerError) and issubclass(error, ValueError)
    assert all(issubclass(e, StoreError) for e in (StoreLockedError, StoreMissingError, StoreCorruptError))


# ----- locked -----
def test_a_database_locked_by_another_program_is_reported_and_kept(saved: Path) -> None:
    other = sqlite3.connect(saved, isolation_level=None)
    other.execute("PRAGMA locking_mode = EXCLUSIVE")
    other.execute("BEGIN EXCLUSIVE")
    other.execute("UPDATE learners SET name = name")
    try:
        started = time.monotonic()
        with pytest.raises(StoreLockedError, match=f"{saved} is locked by another program"):
            Store(str(saved), busy_timeout=0.3)
        assert time.monotonic() - started < 5
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert ann_counts(saved) == {"drill": (300, 225)}


def test_a_writer_kept_waiting_too_long_is_told_the_store_is_locked(store_url: str) -> None:
    with Store(store_url, busy_timeout=0.3) as opened:
        ann = opened.create_learner("Ann").id
        opened.record_attempt(ann, "puzzle", "b023946297", True, rated=True)
        engine = sa.create_engine(opened._engine.url)
        with engine.connect() as other:
            if opened.dialect == "sqlite":
                other.exec_driver_sql("BEGIN IMMEDIATE")  # holds the write lock
            else:
                other.execute(sa.text("SELECT id FROM learners WHERE id = :id FOR UPDATE"), {"id": ann})
            with pytest.raises(StoreLockedError, match="is locked by another program"):
                opened.record_attempt(ann, "puzzle", "b023946297", False, rated=True)
            assert opened.counts(ann) == {"puzzle": (1, 1)}  # reading goes on meanwhile
            other.rollback()
        engine.dispose()
        assert opened.record_attempt(ann, "puzzle", "b023946297", False, rated=True).rated
        assert opened.counts(ann) == {"puzzle": (2, 1)} and opened.learner(ann).rated_games == 2


# ----- missing -----
def test_a_missing_file_or_folder_is_reported_and_nothing_is_made(tmp_path: Path) -> None:
    path = tmp_path / "progress.db"
    with pytest.raises(StoreMissingError, match=f"no progress database at {path}"):
        Store(str(path), create=False)
    nowhere = tmp_path / "unplugged-drive" / "progress.db"
    with pytest.raises(StoreMissingError, match=f"the folder {nowhere.parent} .* does not exist"):
        Store(str(nowhere))
    assert list(tmp_path.iterdir()) == []
    (tmp_path / "a-folder.db").mkdir()
    with pytest.raises(StoreMissingError, match="is not a file"):
        Store(str(tmp_path / "a-folder.db"))
    with Store(str(path)) as fresh:  # a new database where none was, and the store says it is new
        assert fresh.created and fresh.learners() == ()


def test_a_file_deleted_or_replaced_while_in_use_is_reported(saved: Path, tmp_path: Path) -> None:
    opened = Store(str(saved))
    ann = opened.learners()[0].id
    moved = tmp_path / "moved-away.db"
    shutil.copy(saved, moved)
    saved.unlink()
    with pytest.raises(StoreMissingError, match=f"{saved} was moved, deleted or replaced"):
        opened.record_attempt(ann, "drill", "total:1:1", True)
    shutil.copy(moved, saved)  # another file put in its place
    with pytest.raises(StoreMissingError, match="restart the app"):
        opened.create_learner("Bob")
    opened.close()
    assert ann_counts(saved) == {"drill": (300, 225)}


# ----- corrupt -----
def _spoil_pages(path: Path) -> None:
    data = bytearray(path.read_bytes())
    for offset in range(4096 * 2, len(data) - 4096, 4096 * 3):  # every third page past the first two
        data[offset:offset + 4096] = bytes(range(256)) * 16
    path.write_bytes(bytes(data))


def _truncate(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[:len(data) // 3])


def _bad_header(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[:16] = b"not SQLite here\x00"
    path.write_bytes(bytes(data))


def _garbage(path: Path) -> None:
    path.write_bytes(b"my shopping list: eggs, milk, dominoes\n" * 300)


@pytest.mark.parametrize("spoil", [_spoil_pages, _truncate, _bad_header, _garbage],
                         ids=["damaged pages", "truncated", "bad header", "not a database"])
def test_a_corrupt_file_is_reported_and_left_exactly_as_it_was(saved: Path, spoil: object) -> None:
    assert callable(spoil)
    spoil(saved)
    before = fingerprint(saved.parent)
    for _ in range(2):  # and again: the first try changed nothing
        with pytest.raises(StoreCorruptError) as caught:
            Store(str(saved))
        message = str(caught.value)
        assert str(saved) in message and "left as it is" in message and "backup" in message
    assert fingerprint(saved.parent) == before


def test_another_programs_database_is_refused_and_untouched(tmp_path: Path) -> None:
    path = tmp_path / "photos.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)")
    conn.execute("INSERT INTO photos (name) VALUES ('beach')")
    conn.commit()
    conn.close()
    before = fingerprint(tmp_path)
    with pytest.raises(StoreError, match="database of another program .tables: photos"):
        Store(str(path))
    assert fingerprint(tmp_path) == before


def test_an_empty_file_becomes_a_new_database(tmp_path: Path) -> None:
    path = tmp_path / "progress.db"
    path.touch()
    with Store(str(path)) as opened:
        assert opened.created and opened.create_learner("Ann").id == 1
    assert os.path.getsize(path) > 0
