"""Answers that wait out a fault of the database: a bounded queue per session (an
`Outbox`), written through on the session's next write or by a background retry with
backoff (`Retrier`), each answer exactly once (it carries its own key, see
`RecordingStore.record_attempt`).

An answer that cannot be written (the server away or restarting, the file locked,
read-only or its disk full) is kept here in order and written when the database takes
writes again, before any newer answer, so that ratings and review cards follow the
order the answers were given in. Nothing of Streamlit here: the app keeps one Outbox a
session and the process one Retrier.

>>> import tempfile, os
>>> from trainer.store import Store
>>> folder = tempfile.TemporaryDirectory()
>>> store = Store(os.path.join(folder.name, "progress.db"))
>>> ann = store.create_learner("Ann").id
>>> box = Outbox(limit=2)
>>> for n in range(3):
...     _ = box.add(Pending.attempt(ann, "drill", f"total:1:{n}", True, kind="total"))
>>> len(box), [p.item for p in box.dropped]  # the oldest made room
(2, ['total:1:0'])
>>> box.flush(store), len(box), store.counts(ann)["drill"]
(2, 0, (2, 2))
>>> box.flush(store)  # nothing left to write
0
>>> store.close(); folder.cleanup()
"""

from __future__ import annotations

import atexit
import logging
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal, Optional, Protocol

from trainer.errors import TrainerError
from trainer.store.errors import StoreError
from trainer.store.recording import new_key

LIMIT = 500  # answers one session may have waiting; past it the oldest is dropped (and the learner told)
FIRST_WAIT, LONGEST_WAIT = 0.5, 30.0  # seconds between the background retries: doubled after each failure
LOG = logging.getLogger("allfives.store")


class Writer(Protocol):
    """What an Outbox writes through: the store, or the store as an account sees it."""

    def record_attempt(self, learner_id: int, part: str, item: str, correct: bool,
                       **fields: Any) -> Any: ...

    def record_run(self, learner_id: int, **fields: Any) -> int: ...


class Kept(Protocol):
    """Where waiting answers are also written, to outlive the process (`journal.Journal`)."""

    def added(self, item: Pending) -> None: ...

    def done(self, key: str) -> None: ...


@dataclass(frozen=True)
class Pending:
    """One answer (or finished timed run) waiting to be written, with its own key and
    the moment it was given (kept as given, whenever it is written)."""

    what: Literal["attempt", "run"]
    learner_id: int
    part: str
    item: str
    fields: dict[str, Any]
    key: str = field(default_factory=new_key)
    when: datetime = field(default_factory=lambda: datetime.now(UTC))

    @classmethod
    def attempt(cls, learner_id: int, part: str, item: str, correct: bool, **fields: Any) -> Pending:
        """An answer as `record_attempt` takes it."""
        return cls("attempt", learner_id, part, item, {"correct": correct, **fields})

    @classmethod
    def run(cls, learner_id: int, **fields: Any) -> Pending:
        """A finished timed run as `record_run` takes it."""
        return cls("run", learner_id, "run", f"level {fields.get('level', '?')}", fields)

    def write(self, store: Writer) -> object:
        if self.what == "run":
            return store.record_run(self.learner_id, **self.fields, when=self.when, key=self.key)
        fields = dict(self.fields)
        correct = bool(fields.pop("correct"))
        return store.record_attempt(self.learner_id, self.part, self.item, correct, **fields,
                                    when=self.when, key=self.key)


class Outbox:
    """One session's answers waiting for the database, oldest first, at most `limit`.

    `flush` writes them in order and stops at the first fault (the rest wait); an answer
    the store refuses for good (its learner was removed meanwhile) is set aside in
    `refused`. `dropped` holds what had to make room. `written` counts what was written
    since the session last read it (`take_written`). Safe to use from two threads."""

    def __init__(self, limit: int = LIMIT, owner: Optional[str] = None,
                 journal: Optional[Kept] = None) -> None:
        self.limit = limit
        self.owner = owner  # club mode: the account whose answers these are (None in home mode)
        self.journal = journal  # a file that outlives the process, when given
        self.store: Optional[Writer] = None  # where the background retry writes
        # how the retry opens the store itself when none was met yet (the whole outage long)
        self.opener: Optional[Callable[[], Optional[Writer]]] = None
        self.fault: Optional[StoreError] = None  # the last fault met
        self.dropped: list[Pending] = []
        self.refused: list[Pending] = []
        self._items: deque[Pending] = deque()
        self._written = 0
        self._lock = threading.RLock()

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[Pending]:
        with self._lock:
            return iter(tuple(self._items))

    def add(self, item: Pending, fault: Optional[StoreError] = None) -> Optional[Pending]:
        """Keep `item` to be written later; returns the answer dropped to make room, if any."""
        with self._lock:
            if fault is not None:
                self.fault = fault
            if self.journal is not None:  # on the disk before the learner is told it waits
                self.journal.added(item)
            self._items.append(item)
            gone = self._items.popleft() if len(self._items) > self.limit else None
            if gone is not None:
                self.dropped.append(gone)
                LOG.error("answer dropped, the queue being full: learner %s, %s %s of %s", gone.learner_id,
                          gone.part, gone.item, gone.when.isoformat())
        RETRIER.wake(self)
        return gone

    def flush(self, store: Optional[Writer] = None) -> int:
        """Write what waits, oldest first; returns how many were written. Raises nothing:
        a fault leaves the rest waiting (and is kept in `fault`)."""
        target = store if store is not None else self.store
        if target is None and self.opener is not None:
            try:
                target = self.store = self.opener()
            except StoreError as error:
                self.fault = error
                return 0
        if target is None:
            return 0
        done = 0
        with self._lock:
            while self._items:
                item = self._items[0]
                try:
                    item.write(target)
                except StoreError as error:
                    self.fault = error
                    break
                except TrainerError as error:  # refused for good: never written, said so
                    LOG.error("a waiting answer was refused: learner %s, %s %s: %s", item.learner_id,
                              item.part, item.item, error)
                    self.refused.append(self._items.popleft())
                    if self.journal is not None:
                        self.journal.done(item.key)
                    continue
                self._items.popleft()
                if self.journal is not None:
                    self.journal.done(item.key)
                done += 1
            self._written += done
            if not self._items:
                self.fault = None
        return done

    def take_written(self) -> int:
        """How many were written since the last call (to tell the learner once)."""
        with self._lock:
            done, self._written = self._written, 0
            return done

    def take_lost(self) -> list[Pending]:
        """The answers dropped or refused since the last call (to tell the learner once)."""
        with self._lock:
            lost = [*self.dropped, *self.refused]
            self.dropped.clear()
            self.refused.clear()
            return lost


class Retrier:
    """The process's background retry: every Outbox with answers waiting is flushed
    after a wait that doubles from FIRST_WAIT to LONGEST_WAIT while the database stays
    away, and starts again short once it is back. The thread starts with the first
    answer that waits and sleeps while none does. It holds a waiting Outbox itself, so
    that a session closed in the meantime (a reload) loses nothing."""

    def __init__(self) -> None:
        self._waiting: set[Outbox] = set()
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._thread: Optional[threading.Thread] = None
        self.wait = FIRST_WAIT

    def wake(self, outbox: Outbox) -> None:
        with self._lock:
            self._waiting.add(outbox)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="allfives-retry", daemon=True)
                self._thread.start()
        self._wake.set()

    def waiting(self) -> int:
        """Answers waiting in the whole process."""
        with self._lock:
            return sum(len(box) for box in self._waiting)

    def retry_now(self) -> None:
        """One round of retries at once (what the thread does after each wait)."""
        with self._lock:
            boxes = list(self._waiting)
        failed = False
        for box in boxes:
            box.flush()
            failed = failed or len(box) > 0
            if not len(box):
                with self._lock:
                    self._waiting.discard(box)
        self.wait = min(LONGEST_WAIT, self.wait * 2) if failed else FIRST_WAIT

    def _run(self) -> None:
        while True:
            self._wake.wait(self.wait)
            self._wake.clear()
            time.sleep(0.05)  # answers given in one click are written together
            self.retry_now()

    def left_at_exit(self) -> None:
        """At the process's end: every answer still waiting is named in the log."""
        with self._lock:
            boxes = list(self._waiting)
        for box in boxes:
            box.flush()
            for item in box:
                if box.journal is not None:  # on the disk: the next process to open the store writes it
                    LOG.warning("answer left waiting on the disk for the next start: learner %s, %s %s of %s",
                                item.learner_id, item.part, item.item, item.when.isoformat())
                    continue
                LOG.error("answer not kept, the process ending before the database came back: learner %s, "
                          "%s %s of %s", item.learner_id, item.part, item.item, item.when.isoformat())


RETRIER = Retrier()
atexit.register(RETRIER.left_at_exit)
_BOXES: weakref.WeakValueDictionary[str, Outbox] = weakref.WeakValueDictionary()
_BOXES_LOCK = threading.Lock()


def outbox(token: str) -> Optional[Outbox]:
    """The Outbox a session of this process registered under `token` (a page reloaded
    finds its waiting answers again), or None."""
    with _BOXES_LOCK:
        return _BOXES.get(token)


def new_outbox(limit: int = LIMIT, owner: Optional[str] = None,
               journal: Optional[Kept] = None) -> tuple[str, Outbox]:
    """A new Outbox (of `owner`'s answers, kept in `journal` too) and the token it is found by."""
    box = Outbox(limit, owner, journal)
    token = new_key()[:12]
    with _BOXES_LOCK:
        _BOXES[token] = box
    return token, box
