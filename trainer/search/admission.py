"""A fair share of the machine for costly searches (an analysis, the coach's hint, a
hand's review): at most SLOTS at once in a process (one a core, but one core is left
to the pages), the
others waiting their turn in the order they came, each visitor with at most
PER_VISITOR searches running or waiting, and a search refused at once when its wait
would pass the bound its page gives (`Busy`).

The searches run in worker processes of low priority (nice NICE, and on Linux the idle
scheduling class, SCHED_IDLE): a learner's plain clicks, which never come here, get
the cores first and never wait for a search's Python (the app's own interpreter lock
is theirs alone). The idle class matters on Linux: a woken page's process takes the
core from an idle-class search at once, where a search at nice 19 keeps it until its
time slice ends, and a click wakes the app and the browser many times. What a search takes in
memory (the solver's tables, its objects) goes back to the system when the workers,
idle for WORKER_IDLE seconds, end. Once `warm` has been called (the app does at its
start), workers are kept warm instead: started at once with the search's modules
imported, and a worker that has searched is replaced, once idle, by a fresh one (its
memory back), so that no search waits for a process to start and import the trainer.
The work is a picklable call of an importable function (a `functools.partial`);
`processes=False` runs it in threads of low priority (nice NICE only: they share the
app's interpreter lock).

>>> gate = Admission(slots=1, processes=False)
>>> gate.run("ann", lambda: 6 * 7, bound=5.0)
42
>>> gate.load()
(0, 0)
"""

from __future__ import annotations

import importlib
import os
import statistics
import sys
import threading
import time
from collections import Counter, deque
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Optional, TypeVar

from trainer.errors import TrainerError
from trainer.search import spawning

# costly searches at once in a process: one a core but one, which the pages keep
SLOTS = max(1, (os.cpu_count() or 1) - 1)
WORKER_IDLE = 20.0  # seconds a search process waits for work before it ends (its memory back)
PER_VISITOR = 1  # searches one visitor (a browser tab) may have running or waiting
PER_ADDRESS = 4  # searches the tabs of one address may have running or waiting together
NICE = 19  # the searches' priority: the lowest there is, below the pages' 0 (and SCHED_IDLE)
FIRST_GUESS = 5.0  # seconds a search is taken to last before any has been timed
POLL = 0.25  # seconds between two looks at the queue while waiting
ORPHAN_CHECK = 1.0  # seconds between a worker's looks at whether the app's process is still there

T = TypeVar("T")


class Busy(TrainerError):
    """A search refused: the visitor has one under way already (`mine`), or the wait
    for a free slot would pass the page's bound (`ahead` searches before it, about
    `wait` seconds)."""

    def __init__(self, message: str, ahead: int = 0, wait: float = 0.0, mine: bool = False) -> None:
        super().__init__(message)
        self.ahead, self.wait, self.mine = ahead, wait, mine


class WorkerLost(TrainerError):
    """A search's worker process ended before the search did (out of memory, a signal)."""


@dataclass(eq=False)
class _Ticket:
    visitor: str
    came: float


def _idle_class(task: int) -> None:
    """Put the thread or process `task` (0: the caller) in Linux's idle scheduling
    class, where it runs only when no other work wants the core; elsewhere, or when
    the system refuses, it keeps its class."""
    idle = getattr(os, "SCHED_IDLE", None)
    if idle is None or not sys.platform.startswith("linux"):
        return
    try:
        os.sched_setscheduler(task, idle, os.sched_param(0))
    except OSError:
        pass


def _lower_priority() -> None:
    """Run this worker thread at nice NICE (Linux sets it per thread); elsewhere, or
    when the system refuses, the thread runs at the usual priority. Not in the idle
    class: a thread shares the app's interpreter lock, and an idle-class thread holding
    it while other processes keep the cores busy would hold up every page."""
    if sys.platform.startswith("linux"):
        try:
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICE)
        except OSError:
            pass


def _worker_process() -> None:
    """A search process's start: all of it at nice NICE, in the idle class; it ends when
    the app's process does (killed, it cannot tell its workers)."""
    try:
        os.setpriority(os.PRIO_PROCESS, 0, max(NICE, os.getpriority(os.PRIO_PROCESS, 0)))
    except (OSError, AttributeError):
        pass
    _idle_class(0)
    threading.Thread(target=_end_with_parent, args=(os.getppid(),), daemon=True).start()


def _end_with_parent(parent: int) -> None:
    """(In a worker) end the process once the app's process has ended: its pipes are
    held open by the worker itself, so that it would wait for work for ever."""
    while os.getppid() == parent:
        time.sleep(ORPHAN_CHECK)
    os._exit(0)


def _import_all(modules: tuple[str, ...]) -> int:
    """(In a worker) import `modules`, so that a search finds them loaded; its pid."""
    for name in modules:
        importlib.import_module(name)
    return os.getpid()


def low_priority_pool(workers: int, name: str) -> ThreadPoolExecutor:
    """A pool of worker threads that run at nice NICE."""
    return ThreadPoolExecutor(max_workers=workers, thread_name_prefix=name, initializer=_lower_priority)


class Admission:
    """The process's gate for costly searches (see the module's docstring)."""

    def __init__(self, slots: int = SLOTS, per_visitor: int = PER_VISITOR,
                 per_address: int = PER_ADDRESS, processes: bool = True, idle: float = WORKER_IDLE) -> None:
        if slots < 1 or per_visitor < 1 or per_address < 1:
            raise ValueError("slots, per_visitor and per_address are at least 1")
        self.slots, self.per_visitor, self.per_address = slots, per_visitor, per_address
        self.processes, self.idle = processes, idle
        self._workers: Optional[Executor] = None
        self._last = time.monotonic()  # when the last search ended
        self._reaper: Optional[threading.Thread] = None
        self._cond = threading.Condition()
        self._running = 0
        self._queue: deque[_Ticket] = deque()
        self._visitors: Counter[str] = Counter()
        self._took: deque[float] = deque(maxlen=20)
        self._warm: Optional[tuple[str, ...]] = None  # kept warm, with these modules imported
        self._used = False  # the workers have searched since they started

    def warm(self, modules: tuple[str, ...] = ()) -> None:
        """Start the workers now, each importing `modules`, and keep them warm from now
        on (see the module's docstring). Called again, it changes nothing."""
        with self._cond:
            if self._warm is not None:
                return
            self._warm = modules
            if self._workers is None:
                self._start_warm()

    def _start_warm(self) -> None:
        """(Holding the lock) fresh workers, started now: one import job each."""
        workers = self._executor()
        if self.processes:
            for _ in range(self.slots):
                workers.submit(_import_all, self._warm or ())
        self._used = False
        self._last = time.monotonic()

    def _executor(self) -> Executor:
        """(Holding the lock) the workers, started when the first search comes."""
        if self._workers is None:
            if self.processes:
                # spawned without the app's script: Streamlit runs it as __main__ (trainer.search.spawning)
                self._workers = ProcessPoolExecutor(self.slots, initializer=_worker_process,
                                                    mp_context=spawning.context())
                if self._reaper is None or not self._reaper.is_alive():
                    self._reaper = threading.Thread(target=self._reap, name="allfives-reaper", daemon=True)
                    self._reaper.start()
            else:
                self._workers = low_priority_pool(self.slots, "allfives-costly")
        return self._workers

    def _reap(self) -> None:
        """End the worker processes once they have had no work for `idle` seconds; kept
        warm, replace them by fresh ones if they have searched since they started."""
        while True:
            time.sleep(max(0.5, self.idle / 4))
            with self._cond:
                quiet = self._running == 0 and not self._queue
                idle = quiet and self._workers is not None and time.monotonic() - self._last >= self.idle
                if not idle or (self._warm is not None and not self._used):
                    continue
                workers, self._workers = self._workers, None
            assert workers is not None
            workers.shutdown(wait=True)
            with self._cond:
                if self._warm is not None and self._workers is None:
                    self._start_warm()

    def workers_alive(self) -> bool:
        """Whether worker processes (or threads) are there now."""
        with self._cond:
            return self._workers is not None

    def load(self) -> tuple[int, int]:
        """(searches running, searches waiting)."""
        with self._cond:
            return self._running, len(self._queue)

    def expected_wait(self, ahead: int) -> float:
        """Seconds a search with `ahead` others before it may wait, from the last ones' times."""
        with self._cond:
            typical = statistics.fmean(self._took) if self._took else FIRST_GUESS
            busy = self._running + ahead
        rounds = max(0, busy - self.slots + 1)
        return rounds * typical / self.slots

    def run(self, visitor: str, work: Callable[[], T], *, bound: float,
            on_wait: Optional[Callable[[int, float], None]] = None, address: str = "") -> T:
        """Run `work()` once a slot is free and return what it returns (or raise what it
        raises). While it waits, `on_wait(place, seconds)` is called from this thread
        whenever its place in the queue changes (1: next). Raises Busy when the visitor
        has PER_VISITOR under way already (or his `address` PER_ADDRESS), or when the
        wait would pass `bound` seconds."""
        ticket = _Ticket(visitor, time.monotonic())
        with self._cond:
            if self._visitors[visitor] >= self.per_visitor:
                raise Busy("a search of yours is under way already", mine=True)
            if address and self._visitors[f"address {address}"] >= self.per_address:
                raise Busy(f"{self.per_address} searches from your address are under way already", mine=True)
            ahead = len(self._queue)
            if self._running >= self.slots:
                guess = self.expected_wait(ahead)
                if guess > bound:
                    raise Busy(f"{ahead + self._running} searches are ahead (about {guess:.0f} s)",
                               ahead=ahead + 1, wait=guess)
            self._visitors[visitor] += 1
            if address:
                self._visitors[f"address {address}"] += 1
            self._queue.append(ticket)
        keys = (visitor, f"address {address}") if address else (visitor,)
        try:
            self._wait_turn(ticket, bound, on_wait)
        except BaseException:
            with self._cond:
                if ticket in self._queue:
                    self._queue.remove(ticket)
                self._leave(keys)
            raise
        began = time.monotonic()
        try:
            with self._cond:
                future = self._executor().submit(work)
                self._used = True
            return future.result()
        except BrokenExecutor:
            with self._cond:  # a worker killed (out of memory, a signal): new ones (warm: now)
                self._workers = None
                if self._warm is not None:
                    self._start_warm()
            raise WorkerLost("the search's worker process ended before the search did") from None
        finally:
            with self._cond:
                self._took.append(time.monotonic() - began)
                self._last = time.monotonic()
                self._running -= 1
                self._leave(keys)

    def _leave(self, keys: tuple[str, ...]) -> None:
        """(Holding the lock) one search of these visitors is over."""
        for key in keys:
            self._visitors[key] -= 1
            if self._visitors[key] <= 0:
                del self._visitors[key]
        self._cond.notify_all()

    def _wait_turn(self, ticket: _Ticket, bound: float,
                   on_wait: Optional[Callable[[int, float], None]]) -> None:
        said = -1
        while True:
            with self._cond:
                ahead = self._queue.index(ticket)
                if ahead == 0 and self._running < self.slots:
                    self._queue.popleft()
                    self._running += 1
                    return
                waited = time.monotonic() - ticket.came
                if waited > bound:
                    raise Busy(f"waited {waited:.0f} s for a free slot", ahead=ahead + 1,
                               wait=self.expected_wait(ahead))
                if on_wait is None or ahead == said:
                    self._cond.wait(POLL)
                    continue
            said = ahead
            on_wait(ahead + 1, self.expected_wait(ahead))


_GATE: Optional[Admission] = None
_GATE_LOCK = threading.Lock()


def gate() -> Admission:
    """The process's one Admission."""
    global _GATE
    with _GATE_LOCK:
        if _GATE is None:
            _GATE = Admission()
        return _GATE
