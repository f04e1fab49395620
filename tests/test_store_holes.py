"""The smaller holes a shared server showed, closed: a saved game does not set the
server's thinking time, names that look alike are refused and new learners are
limited, a NUL is refused alike on both databases, an interrupted import is swept as
the app starts, and the command line never writes a control character back."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa

from trainer.play.session import PlaySession, PlaySettings, load_file
from trainer.store import HistoryFileError, LearnerError, LearnerLimitError, LookalikeError, Store, clean_name
from trainer.store import learners as learner_part
from trainer.store.learners import _hidden_key
from trainer.store.schema import attempts, learners

ROOT = Path(__file__).resolve().parent.parent


# ----- a saved game -----
def test_a_saved_games_thinking_time_is_the_pages_not_the_files() -> None:
    session = PlaySession(PlaySettings("standard", 2, None, 5, "expert", budget=1.0))
    text = session.save().replace("budget=1.0", "budget=10")
    assert PlaySession.load(text).settings.budget == 10  # the file's own, read as written
    loaded = load_file(text.encode(), budget=0.25)  # as the page loads it: its own time
    assert loaded.settings.budget == 0.25
    assert all(getattr(bot, "budget", 0.25) == 0.25 for bot in loaded.bots.values())


# ----- names -----
def test_names_are_kept_in_nfkc_and_look_alikes_are_refused(store_url: str) -> None:
    assert clean_name("\uff21nn") == "Ann"  # a full-width letter is the letter
    with Store(store_url) as store:
        store.create_learner("Alice")
        # a Cyrillic А, 1 for l, a space, a Greek Α
        for lookalike in ("\u0410lice", "A1ice", "A lice", "\u0391lice"):
            with pytest.raises(LookalikeError) as raised:
                store.create_learner(lookalike)
            assert raised.value.other == "Alice"
        for same in ("ALICE", "A\u217cice"):  # case, and a Roman numeral ⅼ that NFKC makes an l
            with pytest.raises(LearnerError, match="already a learner"):
                store.create_learner(same)
        for different in ("Alicia", "Иван", "Ann"):
            store.create_learner(different)
        assert [x.name for x in store.learners()] == ["Alice", "Alicia", "Ann", "Иван"]
        text = store.export_learner(store.learners()[0].id)
        with pytest.raises(LookalikeError):
            store.import_learner(text, name="\u0410lice")


def test_new_learners_are_limited_per_visitor_and_per_server(store_url: str,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(learner_part, "VISITORS", learner_part._Visitors())
    monkeypatch.setattr(learner_part, "VISITOR_LIMIT", (3, timedelta(hours=1)))
    monkeypatch.setattr(learner_part, "SERVER_LIMITS", ((5, timedelta(minutes=10)),))
    now = datetime(2026, 12, 1, 12, tzinfo=UTC)
    with Store(store_url) as store:
        for n in range(3):
            store.create_learner(f"Kid {n}", when=now, visitor="10.0.0.1")
        with pytest.raises(LearnerLimitError) as raised:
            store.create_learner("Kid 3", when=now, visitor="10.0.0.1")
        assert raised.value.scope == "visitor" and raised.value.wait == timedelta(hours=1)
        store.create_learner("Kid 3", when=now + timedelta(hours=1, seconds=1), visitor="10.0.0.1")
        later = now + timedelta(hours=1, seconds=2)
        for n in range(1, 5):  # with Kid 3, five made within ten minutes
            store.create_learner(f"Other {n}", when=later, visitor=f"10.0.1.{n}")
        with pytest.raises(LearnerLimitError) as server:  # by anyone: the server's limit
            store.create_learner("Other 5", when=later, visitor="10.0.1.5")
        assert server.value.scope == "server" and server.value.wait == timedelta(minutes=10, seconds=-1)
        store.create_learner("By hand", when=later)  # not the app's visitor: not limited
        assert len(store.learners()) == 9


# ----- a NUL -----
def test_a_nul_is_refused_alike_on_both_databases_with_a_plain_message(store_url: str) -> None:
    with Store(store_url) as store:
        ann = store.create_learner("Ann")
        text = json.loads(store.export_learner(ann.id))
        text["attempts"] = [{"part": "drill", "item": "total:1:1", "kind": "total", "position": "",
                             "answer": "5\u0000", "correct": True, "points_lost": None, "seconds": 1.0,
                             "helped": False, "rated": False, "mode": "", "tags": [],
                             "created_at": "2026-11-29T10:00:00+00:00", "day": "2026-11-29"}]
        with pytest.raises(HistoryFileError, match=r"attempts\[0\]\.answer: holds a NUL character") as raised:
            store.import_learner(json.dumps(text), name="Ann again")
        assert store.location not in str(raised.value)
        with pytest.raises(LearnerError, match="control or invisible"):
            store.create_learner("Bad\u0000name")
        with pytest.raises(Exception, match="cannot hold a NUL character"):
            store.record_attempt(ann.id, "drill", "total:1:1", True, answer="5\u0000")
        assert [x.name for x in store.learners()] == ["Ann"] and store.counts(ann.id) == {}


# ----- an interrupted import -----
def test_an_import_killed_on_the_way_is_swept_at_the_next_start_but_a_live_one_is_not(store_url: str) -> None:
    with Store(store_url) as store:
        ann = store.create_learner("Ann")
        stale_key = _hidden_key("importing").split()
        stale_key[1] = str(int((datetime.now(UTC) - timedelta(minutes=5)).timestamp()))
        with store._write() as conn:
            stale = conn.execute(sa.insert(learners).returning(learners.c.id).values(
                name=" " + " ".join(stale_key), name_key=" " + " ".join(stale_key),
                created_at=datetime.now(UTC))).scalar_one()
            live = conn.execute(sa.insert(learners).returning(learners.c.id).values(
                name=_hidden_key("importing"), name_key=_hidden_key("importing"),
                created_at=datetime.now(UTC))).scalar_one()
            conn.execute(sa.insert(attempts), [
                {"learner_id": stale, "part": "drill", "item": f"total:1:{n}", "correct": True,
                 "created_at": datetime.now(UTC), "day": datetime.now(UTC).date()} for n in range(1200)])
    with Store(store_url) as store:  # the next start
        store.sweep_interrupted()
        with store._read() as conn:
            left = set(conn.execute(sa.select(learners.c.id)).scalars())
            orphans = conn.execute(sa.select(sa.func.count()).select_from(attempts)
                                   .where(attempts.c.learner_id == stale)).scalar()
        assert left == {ann.id, live} and orphans == 0


# ----- the command line -----
def test_the_command_line_never_echoes_control_characters() -> None:
    done = subprocess.run([sys.executable, "-m", "trainer", "count", "5-5", "x\ry\x1b[31mz"],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 2
    assert "\r" not in done.stderr and "\x1b" not in done.stderr
    assert "x\\ry\\x1b[31mz" in done.stderr
    bad = subprocess.run([sys.executable, "-m", "trainer", "count", "5-5:\x1b[2J\u202e::"],
                         capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert bad.returncode == 2 and "\x1b" not in bad.stderr and "\u202e" not in bad.stderr
