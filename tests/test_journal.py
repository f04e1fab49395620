"""Answers that wait for the database outlive their process (trainer/store/journal.py):
a process killed during an outage leaves them in its file, and the next process to
open the store writes them, each once."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from trainer.store import Store
from trainer.store.journal import Journal, encode, mark, replay, waiting_in
from trainer.store.pending import Outbox, Pending

ROOT = Path(__file__).resolve().parent.parent
DB = "the test's database"
KILLED = """
import os, signal, sys
from pathlib import Path
from trainer.store.journal import Journal
from trainer.store.pending import Outbox, Pending
box = Outbox(journal=Journal(Path(sys.argv[1]) / sys.argv[4]))
for n in range(int(sys.argv[3])):  # the database away: every answer waits
    box.add(Pending.attempt(int(sys.argv[2]), "drill", f"total:1:{n}", n % 2 == 0, kind="total", seconds=2.5))
print("acknowledged", len(box), flush=True)
os.kill(os.getpid(), signal.SIGKILL)  # the process ends before the database comes back
"""


def test_answers_acknowledged_before_a_kill_are_written_by_the_next_process(tmp_path: Path) -> None:
    folder = tmp_path / "waiting"
    with Store(str(tmp_path / "progress.db")) as store:
        ann = store.create_learner("Ann").id
    name = f"{mark(DB)}-1234-abcd.jsonl"
    done = subprocess.run([sys.executable, "-c", KILLED, str(folder), str(ann), "11", name], cwd=ROOT,
                          capture_output=True, text=True,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == -9 and "acknowledged 11" in done.stdout, done.stderr
    assert len(waiting_in(folder / f"{mark(DB)}-1234-abcd.jsonl")) == 11
    with Store(str(tmp_path / "progress.db")) as store:  # the next process: every answer, in order, once
        assert replay(store, folder, keep=(), database=DB) == (11, 0)
        kept = list(reversed(store.recent_attempts(ann, limit=20)))
        assert [a.item for a in kept] == [f"total:1:{n}" for n in range(11)]
        assert [a.correct for a in kept] == [n % 2 == 0 for n in range(11)] and kept[0].seconds == 2.5
        assert replay(store, folder, keep=(), database=DB) == (0, 0) and not list(folder.glob("*.jsonl"))
        assert store.counts(ann)["drill"] == (11, 6)


def test_an_answer_written_before_its_process_ended_is_kept_once(tmp_path: Path) -> None:
    """Written by its own process, its "done" line not yet on the disk: the replay sends
    it again with its key, and the store keeps it once. A line cut short is skipped."""
    folder = tmp_path / "waiting"
    journal = Journal(folder / f"{mark(DB)}-9-x.jsonl")
    with Store(str(tmp_path / "progress.db")) as store:
        ann = store.create_learner("Ann").id
        box = Outbox(journal=journal)
        first, second = (Pending.attempt(ann, "drill", f"total:1:{n}", True, kind="total") for n in range(2))
        box.add(first)
        box.add(second)
        first.write(store)  # then the process ends
        with open(journal.path, "a", encoding="utf-8") as out:
            out.write(json.dumps({"add": encode(first)})[:40])  # a line the end cut short
        assert replay(store, folder, keep=(), database=DB) == (2, 0)
        assert store.counts(ann)["drill"] == (2, 2)


def test_a_live_process_keeps_its_own_file_and_marks_what_it_wrote(tmp_path: Path) -> None:
    folder = tmp_path / "waiting"
    journal = Journal(folder / f"{mark(DB)}-mine.jsonl")
    with Store(str(tmp_path / "progress.db")) as store:
        ann = store.create_learner("Ann").id
        box = Outbox(journal=journal)
        box.add(Pending.attempt(ann, "drill", "total:1:1", True, kind="total"))
        assert replay(store, folder, keep=(journal.path,), database=DB) == (0, 0)  # its own: left to it
        assert box.flush(store) == 1 and waiting_in(journal.path) == []
