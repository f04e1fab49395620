"""Answers waiting for the database, written to a file as well (JSON Lines, one file a
process), so that a process that ends during an outage (a crash, `kill -9`, a restart)
loses none of them: the next process to open the store writes what its files still
hold. Each answer carries its own key, so an answer written twice (by its process just
before it ended, then from its file) is kept once.

A line is `{"add": ANSWER}` when an answer starts to wait and `{"done": KEY}` once it is
written (or refused for good); a file whose answers are all done is removed. A file's
name starts with its database's mark (`mark`), so that answers go back only to the
database they were given for.

>>> import tempfile, os
>>> from pathlib import Path
>>> from trainer.store import Store
>>> from trainer.store.pending import Pending
>>> folder = tempfile.TemporaryDirectory()
>>> store = Store(os.path.join(folder.name, "progress.db"))
>>> ann = store.create_learner("Ann").id
>>> journal = Journal(Path(folder.name) / "waiting" / f"{mark('progress.db')}-1.jsonl")
>>> first, second = (Pending.attempt(ann, "drill", f"total:1:{n}", True, kind="total") for n in range(2))
>>> journal.added(first); journal.added(second); journal.done(first.key)
>>> [p.item for p in waiting_in(journal.path)]
['total:1:1']
>>> replay(store, Path(folder.name) / "waiting", keep=(), database="other.db")  # not that database's
(0, 0)
>>> replay(store, Path(folder.name) / "waiting", keep=(), database="progress.db"), store.counts(ann)["drill"]
((1, 0), (1, 1))
>>> journal.path.exists()
False
>>> store.close(); folder.cleanup()
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import threading
from collections.abc import Iterable
from datetime import date, datetime
from pathlib import Path
from typing import Any

from trainer.errors import TrainerError
from trainer.store.errors import StoreError
from trainer.store.pending import Pending, Writer

FOLDER_ENV = "ALLFIVES_WAITING_DIR"  # where the files go (default: the app's data folder, "waiting")
LINE_LIMIT = 100_000  # characters a line may have: anything longer is not an answer of ours
LOG = logging.getLogger("allfives.store")


def folder() -> Path:
    """Where the waiting answers' files are kept."""
    chosen = os.environ.get(FOLDER_ENV, "").strip()
    if chosen:
        return Path(chosen)
    import platformdirs

    return Path(platformdirs.user_data_path("allfives", appauthor=False)) / "waiting"


def mark(database: str) -> str:
    """The start of the names of a database's files: 12 hex digits of its setting.

    >>> mark("postgresql://club@db/allfives") == mark("postgresql://club@db/allfives") != mark("")
    True
    """
    return hashlib.sha256(database.encode("utf-8", "replace")).hexdigest()[:12]


def _plain(value: Any) -> Any:
    if isinstance(value, datetime):
        return {"datetime": value.isoformat()}
    if isinstance(value, date):
        return {"date": value.isoformat()}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


def _typed(value: Any) -> Any:
    if isinstance(value, dict) and len(value) == 1:
        (tag, text), = value.items()
        if tag == "datetime":
            return datetime.fromisoformat(text)
        if tag == "date":
            return date.fromisoformat(text)
    if isinstance(value, list):
        return tuple(_typed(v) for v in value)
    return value


def encode(item: Pending) -> dict[str, Any]:
    return {"what": item.what, "learner": item.learner_id, "part": item.part, "item": item.item,
            "fields": {k: _plain(v) for k, v in item.fields.items()}, "key": item.key,
            "when": item.when.isoformat()}


def decode(data: dict[str, Any]) -> Pending:
    """An answer as its line keeps it; ValueError, KeyError or TypeError for a line that is not one."""
    what = data["what"]
    if what not in ("attempt", "run") or not isinstance(data["learner"], int):
        raise ValueError("not an answer")
    fields = {str(k): _typed(v) for k, v in dict(data["fields"]).items()}
    return Pending(what, data["learner"], str(data["part"]), str(data["item"]), fields, str(data["key"]),
                   datetime.fromisoformat(data["when"]))


class Journal:
    """One process's file of waiting answers: each line written and synced to the disk
    before the learner is told his answer waits."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()

    def _append(self, line: dict[str, Any]) -> None:
        with self._lock:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with open(self.path, "a", encoding="utf-8") as out:
                out.write(json.dumps(line, ensure_ascii=False) + "\n")
                out.flush()
                os.fsync(out.fileno())

    def added(self, item: Pending) -> None:
        try:
            self._append({"add": encode(item)})
        except OSError as error:  # the answer still waits in memory, as before
            LOG.error("a waiting answer could not be written to %s: %s", self.path, error)

    def done(self, key: str) -> None:
        try:
            self._append({"done": key})
        except OSError as error:
            LOG.error("a written answer could not be marked in %s: %s", self.path, error)


def waiting_in(path: Path) -> list[Pending]:
    """The answers a file still holds, in the order they were given; a damaged line
    (a process ended half-way through writing it) is skipped."""
    added: dict[str, Pending] = {}
    try:
        with open(path, encoding="utf-8", errors="replace") as lines:
            for line in lines:
                if len(line) > LINE_LIMIT:
                    continue
                try:
                    data = json.loads(line)
                    if "done" in data:
                        added.pop(str(data["done"]), None)
                    else:
                        item = decode(data["add"])
                        added[item.key] = item
                except (ValueError, KeyError, TypeError, AttributeError):
                    continue
    except OSError:
        return []
    return list(added.values())


def replay(store: Writer, where: Path, keep: Iterable[Path], database: str) -> tuple[int, int]:
    """Write the answers that the files of `database` in `where` still hold (but those
    in `keep`: this process's own); a file whose answers are all written or refused is removed. Returns
    (written, still waiting). Stops at the first fault of the database: the rest wait
    for the next try."""
    own = {Path(p).resolve() for p in keep}
    written = left = 0
    for path in sorted(where.glob(f"{mark(database)}-*.jsonl")) if where.is_dir() else []:
        if path.resolve() in own:
            continue
        items = waiting_in(path)
        for n, item in enumerate(items):
            try:
                item.write(store)
                written += 1
            except StoreError as error:
                LOG.warning("answers of an earlier process wait for the database: %s", error)
                return written, left + len(items) - n
            except TrainerError as error:  # refused for good: said in the log, as a live refusal is
                LOG.error("an answer of an earlier process was refused: learner %s, %s %s: %s",
                          item.learner_id, item.part, item.item, error)
        try:
            path.unlink()
        except OSError:
            pass
    return written, left
