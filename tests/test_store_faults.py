"""Faults of the database while learners answer: every answer acknowledged is kept,
written once, after the fault if need be, and nothing a learner reads holds the
database's address.

- PostgreSQL stopped and started again during a session (the app, driven with
  AppTest): the answers given meanwhile wait, the learner stays chosen, and all are
  written once the server is back, by the next answer or by the background retry;
- a PostgreSQL restart in the middle of 180 answers;
- an answer sent twice with its key (a retry after a lost acknowledgement) kept once;
- on SQLite: a read-only folder, a full disk (a small tmpfs) and a file locked by
  another program.

The PostgreSQL tests start a server of their own (tests/pgserver.py, as .ci/run does),
skipped with the reason where that cannot be done."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from tests.pgserver import Server, why_not
from trainer.store import (
    Outbox,
    Pending,
    Store,
    StoreError,
    StoreFullError,
    StoreLockedError,
    StoreUnreachableError,
    new_key,
)
from trainer.store import pending as waiting
from trainer.store.schema import attempts

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    reason = why_not()
    if reason is not None:
        pytest.skip(reason)
    running = Server()
    try:
        yield running
    finally:
        running.remove()


def stored(store: Store, learner: int) -> list[str]:
    """The items of the learner's attempts, in the order they were given."""
    with store._engine.connect() as conn:
        return list(conn.execute(sa.select(attempts.c.item).where(attempts.c.learner_id == learner)
                                 .order_by(attempts.c.created_at, attempts.c.id)).scalars())


def url_parts(url: str) -> list[str]:
    """What of a database URL a learner must never read: user, database, host or
    socket folder, driver."""
    parsed = sa.make_url(url)
    parts = [parsed.username or "", parsed.database or "", str(parsed.query.get("host") or ""),
             parsed.host or "", "psycopg", "postgresql+", "socket"]
    return [p for p in parts if p]


def answer(box: Outbox, store: Store, learner: int, n: int) -> None:
    """What the app does with one answer: written through, else kept to wait."""
    item = Pending.attempt(learner, "drill", f"total:1:{n}", n % 3 > 0, kind="total", seconds=1.0)
    box.flush(store)
    if len(box):
        box.add(item)
        return
    try:
        item.write(store)
    except StoreError as error:
        box.add(item, error)


# ----- PostgreSQL -----
def test_an_answer_sent_again_with_its_key_is_kept_once(server: Server) -> None:
    with Store(server.url) as store:
        ann = store.create_learner(f"Ann {new_key()[:6]}").id
        key = new_key()
        first = store.record_attempt(ann, "puzzle", "b023946297", True, rated=True, key=key)
        again = store.record_attempt(ann, "puzzle", "b023946297", True, rated=True, key=key)
        assert (again.attempt_id, again.rated) == (first.attempt_id, True) and len(stored(store, ann)) == 1
        assert store.learner(ann).rated_games == 1  # the rating moved once
        run = store.record_run(ann, level=1, duration=60.0, answered=3, right=2, score=2, best_streak=2,
                               key=key)
        assert store.record_run(ann, level=1, duration=60.0, answered=3, right=2, score=2, best_streak=2,
                                key=key) == run
        assert len(store.best_runs(ann)) == 1


def test_answers_given_while_postgresql_is_stopped_wait_and_are_written_once(server: Server) -> None:
    with Store(server.url) as store:
        ann = store.create_learner(f"Bea {new_key()[:6]}").id
        box = Outbox()
        for n in range(5):
            answer(box, store, ann, n)
        server.stop()
        try:
            for n in range(5, 12):
                answer(box, store, ann, n)
            assert len(box) == 7 and isinstance(box.fault, StoreUnreachableError)
            assert box.fault.fault == "unreachable"
        finally:
            server.start()
        for n in range(12, 15):  # the next answer writes through what waited, in order
            answer(box, store, ann, n)
        assert len(box) == 0
        assert stored(store, ann) == [f"total:1:{n}" for n in range(15)]


def test_the_background_retry_writes_what_waits_once_the_server_is_back(server: Server) -> None:
    with Store(server.url) as store:
        ann = store.create_learner(f"Cy {new_key()[:6]}").id
        box = Outbox()
        box.store = store
        server.stop()
        try:
            for n in range(4):
                answer(box, store, ann, n)
            assert len(box) == 4
        finally:
            server.start()
        deadline = time.monotonic() + 120  # the retry's wait is at most 30 s
        while len(box) and time.monotonic() < deadline:
            waiting.RETRIER.wake(box)
            time.sleep(0.2)
        assert len(box) == 0 and box.take_written() == 4
        assert stored(store, ann) == [f"total:1:{n}" for n in range(4)]


def test_a_restart_of_postgresql_in_the_middle_of_180_answers_loses_none(server: Server) -> None:
    with Store(server.url) as store:
        ann = store.create_learner(f"Dee {new_key()[:6]}").id
        box = Outbox()
        for n in range(180):
            if n == 90:
                server.restart()
            answer(box, store, ann, n)
        box.flush(store)
        assert len(box) == 0
        assert stored(store, ann) == [f"total:1:{n}" for n in range(180)]


def test_the_store_names_a_server_away_without_its_address_for_learners(server: Server) -> None:
    with Store(server.url) as store:
        server.stop()
        try:
            with pytest.raises(StoreUnreachableError) as raised:
                store.learners()
        finally:
            server.start()
    assert raised.value.fault == "unreachable"
    from trainer.i18n import t
    words = t(f"store.fault.{raised.value.fault}", "en")
    assert not [p for p in url_parts(server.url) if p in words]


# ----- the app through an outage -----
def _app(url: str, monkeypatch: pytest.MonkeyPatch) -> Any:
    pytest.importorskip("streamlit")
    import streamlit as st
    from streamlit.testing.v1 import AppTest

    monkeypatch.setenv("ALLFIVES_DB", url)
    st.cache_resource.clear()
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.session_state["drill_seed"] = 1
    at.session_state["drill_kind"] = "total"
    at.session_state["drill_level"] = 1
    return at


def _ok(at: Any) -> Any:
    at = at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _page_text(at: Any) -> str:
    """Everything the page shows as text (every element's value, label, help)."""
    shown = []
    for node in at._tree.children.values():
        stack = [node]
        while stack:
            element = stack.pop()
            stack.extend(getattr(element, "children", {}).values())
            for name in ("value", "label", "body", "help", "placeholder", "options"):
                try:
                    shown.append(str(getattr(element, name)))
                except Exception:
                    pass
    return "\n".join(shown).replace("\\", "").replace("\u2060", "")


def test_the_app_keeps_the_learner_and_every_answer_through_an_outage(
        server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.i18n import t, tn
    from trainer.teach.drills import make_item

    name = f"Eve {new_key()[:6]}"
    at = _app(server.url, monkeypatch)
    at.query_params["learner"] = name
    with Store(server.url) as store:
        eve = store.create_learner(name).id
    at = _ok(at)
    at = _ok(at.switch_page("ui/drills.py"))
    assert at.session_state["learner_id"] == eve

    def answer_board(n: int) -> None:
        nonlocal at
        at.text_input(key="drill_count").input(str(make_item("total", n, 1).answer))
        at = _ok(at.button(key="drill_submit").click())
        at = _ok(at.button(key="drill_next").click())

    answer_board(1)
    server.stop()
    try:
        for n in (2, 3, 4):
            answer_board(n)
        assert at.session_state["learner_id"] == eve  # kept through the outage
        assert at.query_params["learner"] in (name, [name])
        assert at.sidebar.selectbox(key="learner").value == name
        shown = [str(e.value) for e in at.info]
        assert tn("widgets.answers_waiting", 3, why=t("store.fault.unreachable")) in shown, shown
        text = _page_text(at)
        leaked = [p for p in url_parts(server.url) if p in text]
        assert not leaked, leaked
        at = _ok(at.switch_page("ui/progress.py"))  # every read fails: said in plain words
        leaked = [p for p in url_parts(server.url) if p in _page_text(at)]
        assert not leaked, leaked
        at = _ok(at.switch_page("ui/drills.py"))
    finally:
        server.start()
    answer_board(5)  # back to normal by itself: this answer writes the three before it
    assert at.session_state["learner_id"] == eve
    with Store(server.url) as store:
        assert stored(store, eve) == [f"total:1:{n}" for n in (1, 2, 3, 4, 5)]
    assert not [str(e.value) for e in at.info if "wait" in str(e.value)]


# ----- SQLite -----
def _as_unprivileged(script: str, path: Path) -> subprocess.Popen[str]:
    """Python without the power to write what the file modes forbid (root drops it)."""
    command = [sys.executable, "-c", textwrap.dedent(script), str(path)]
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root without setpriv: file modes cannot be tested")
        command = [setpriv, "--bounding-set=-dac_override,-dac_read_search,-fowner", *command]
    return subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})


# The child answers 3, says "ready" and waits; answers 3 more (which must wait) after a
# line on its standard input, prints what it met, waits again, then writes what waits.
CHILD = """
    import sys
    from trainer.store import Outbox, Pending, Store, StoreError
    store = Store(sys.argv[1])
    ann = store.create_learner("Ann").id
    box = Outbox()
    def answer(n):
        item = Pending.attempt(ann, "drill", f"total:1:{n}", True, kind="total")
        box.flush(store)
        if len(box):
            box.add(item); return
        try:
            item.write(store)
        except StoreError as error:
            box.add(item, error)
    for n in range(3):
        answer(n)
    print("ready", flush=True); sys.stdin.readline()
    store._engine.dispose()  # new connections from here, as after any fault
    for n in range(3, 6):
        answer(n)
    print(len(box), type(box.fault).__name__, flush=True); sys.stdin.readline()
    box.flush(store)
    print(len(box), store.counts(ann)["drill"][0], flush=True)
    store.close()
"""


def _through_child(path: Path, fault: Any, undo: Any) -> list[str]:
    child = _as_unprivileged(CHILD, path)
    assert child.stdout is not None and child.stdin is not None
    try:
        assert child.stdout.readline().strip() == "ready", child.stderr.read() if child.stderr else ""
        fault()
        child.stdin.write("go\n")
        child.stdin.flush()
        met = child.stdout.readline().split()
        undo()
        child.stdin.write("go\n")
        child.stdin.flush()
        after = child.stdout.readline().split()
        child.wait(60)
    finally:
        undo()
        if child.poll() is None:
            child.kill()
    assert child.returncode == 0, child.stderr.read() if child.stderr else ""
    return [*met, *after]


def test_a_read_only_sqlite_folder_keeps_the_answers_waiting_until_it_can_be_written(tmp_path: Path) -> None:
    folder = tmp_path / "shelf"
    folder.mkdir()
    path = folder / "progress.db"
    files = lambda: [p for p in folder.iterdir()]  # noqa: E731

    def fault() -> None:
        for p in files():
            p.chmod(0o444)
        folder.chmod(0o555)

    def undo() -> None:
        folder.chmod(0o755)
        for p in files():
            p.chmod(0o644)

    met = _through_child(path, fault, undo)
    assert met[:2] == ["3", "StoreReadOnlyError"], met
    assert met[2:] == ["0", "6"], met  # all six kept once the folder is writable again


def test_a_locked_sqlite_file_keeps_the_answers_waiting_until_the_lock_goes(tmp_path: Path) -> None:
    path = tmp_path / "progress.db"
    with Store(str(path), busy_timeout=0.2) as store:
        ann = store.create_learner("Ann").id
        box = Outbox()
        answer(box, store, ann, 0)
        other = sqlite3.connect(path, isolation_level=None, timeout=0)
        other.execute("BEGIN EXCLUSIVE")
        try:
            for n in (1, 2):
                answer(box, store, ann, n)
            assert len(box) == 2 and isinstance(box.fault, StoreLockedError)
        finally:
            other.execute("ROLLBACK")
            other.close()
        answer(box, store, ann, 3)
        assert len(box) == 0 and stored(store, ann) == [f"total:1:{n}" for n in range(4)]


@pytest.fixture
def small_disk() -> Iterator[Path]:
    """A 2 MB tmpfs, where the machine allows mounting one."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("a full disk needs root to mount a small tmpfs")
    folder = Path(tempfile.mkdtemp(prefix="allfives-full."))
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(folder)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        folder.rmdir()
        pytest.skip(f"a small tmpfs cannot be mounted here: {done.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


def test_a_full_disk_keeps_the_answers_waiting_until_there_is_room(small_disk: Path) -> None:
    path = small_disk / "progress.db"
    with Store(str(path)) as store:
        ann = store.create_learner("Ann").id
        box = Outbox()
        answer(box, store, ann, 0)
        filler = small_disk / "filler"
        handle = os.open(filler, os.O_WRONLY | os.O_CREAT)
        try:  # every byte left taken
            for size in (65536, 4096, 512, 1):
                while True:
                    try:
                        os.write(handle, b"\0" * size)
                    except OSError:
                        break
        finally:
            os.close(handle)
        big = "6-6:6-4:::" * 390
        n = 1
        while not len(box) and n < 400:  # answers until one no longer fits
            item = Pending.attempt(ann, "drill", f"total:1:{n}", True, kind="total", position=big)
            try:
                item.write(store)
            except StoreError as error:
                box.add(item, error)
            n += 1
        assert len(box) == 1 and isinstance(box.fault, StoreFullError), box.fault
        assert box.fault.fault == "full"
        filler.unlink()
        box.flush(store)
        assert len(box) == 0 and len(stored(store, ann)) == n
