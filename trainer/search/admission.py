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
idle for WORKER_IDLE seconds, end. The work is then a picklable call of an importable
function (a `functools.partial`); `processes=False` runs it in threads of low priority.

Pages first: while a page's script runs (`with gate.page():`, app.py's every run), the
worker processes are paused (SIGSTOP) and go on when no page is running (SIGCONT), so
that a click's run has the cores to itself; a page waiting for its own search does not
count. A pause lasts at most MAX_PAUSE seconds and is followed by at least MIN_RUN
seconds of search, so that searches still move under a stream of clicks. (Priorities
alone do not do it: a busy core of the lowest priority still slowed the pages' clicks
by 1.3x to 2x on a 2-core virtual machine.)

>>> gate = Admission(slots=1, processes=False)
>>> gate.run("ann", lambda: 6 * 7, bound=5.0)
42
>>> gate.load()
(0, 0)
"""

from __future__ import annotations

import atexit
import ctypes
import multiprocessing
import os
import signal
import statistics
import sys
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Iterator
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Optional, TypeVar

from trainer.errors import TrainerError

# costly searches at once in a process: one a core but one, which the pages keep
SLOTS = max(1, (os.cpu_count() or 1) - 1)
WORKER_IDLE = 20.0  # seconds a search process waits for work before it ends (its memory back)
PER_VISITOR = 1  # searches one visitor (a browser tab) may have running or waiting
PER_ADDRESS = 4  # searches the tabs of one address may have running or waiting together
NICE = 19  # the searches' priority: the lowest there is, below the pages' 0 (and SCHED_IDLE)
FIRST_GUESS = 5.0  # seconds a search is taken to last before any has been timed
POLL = 0.25  # seconds between two looks at the queue while waiting
MAX_PAUSE = 0.5  # seconds the searches stay paused for the pages at most
MIN_RUN = 0.25  # seconds the searches then run at least before the next pause
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
    """Run this worker thread at nice NICE in the idle class (Linux sets both per
    thread); elsewhere, or when the system refuses, at the usual priority."""
    if sys.platform.startswith("linux"):
        try:
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICE)
        except OSError:
            pass
        _idle_class(threading.get_native_id())


def _worker_process() -> None:
    """A search process's start: all of it at nice NICE, in the idle class; it ends when
    the app's process does, even paused (Linux then sends it SIGCONT; Linux sends that
    signal also when the thread that started the worker ends, where it is harmless)."""
    try:
        os.setpriority(os.PRIO_PROCESS, 0, max(NICE, os.getpriority(os.PRIO_PROCESS, 0)))
    except (OSError, AttributeError):
        pass
    _idle_class(0)
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGCONT))  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    threading.Thread(target=_end_with_parent, args=(os.getppid(),), daemon=True).start()


def _end_with_parent(parent: int) -> None:
    """(In a worker) end the process once the app's process has ended: its pipes are
    held open by the worker itself, so that it would wait for work for ever."""
    while os.getppid() == parent:
        time.sleep(ORPHAN_CHECK)
    os._exit(0)


def low_priority_pool(workers: int, name: str) -> ThreadPoolExecutor:
    """A pool of worker threads that run at nice NICE, in the idle class on Linux."""
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
        self._pages: Counter[int] = Counter()  # threads running a page (not waiting for a search)
        self._paused: Optional[float] = None  # when the workers were paused
        self._pause_after = 0.0  # no pause before this time (the searches' MIN_RUN)
        self._timer: Optional[threading.Timer] = None
        atexit.register(self._resume)

    # ----- pages first -----
    @contextmanager
    def page(self) -> Iterator[None]:
        """A page's script run: the worker processes pause while any runs."""
        me = threading.get_ident()
        with self._cond:
            self._pages[me] += 1
            self._pause()
        try:
            yield
        finally:
            with self._cond:
                self._pages[me] -= 1
                if self._pages[me] <= 0:
                    del self._pages[me]
                if not self._pages:
                    self._resume()

    @contextmanager
    def _aside(self) -> Iterator[None]:
        """The calling thread waits for a search: its page does not hold the workers."""
        me = threading.get_ident()
        with self._cond:
            held = self._pages.pop(me, 0)
            if not self._pages:
                self._resume()
        try:
            yield
        finally:
            if held:
                with self._cond:
                    self._pages[me] += held
                    self._pause()

    def _worker_pids(self) -> list[int]:
        """(Holding the lock) the worker processes' ids (none for threads)."""
        if not self.processes or self._workers is None:
            return []
        return list(getattr(self._workers, "_processes", None) or {})

    def _signal(self, sig: signal.Signals) -> None:
        for pid in self._worker_pids():
            try:
                os.kill(pid, sig)
            except (ProcessLookupError, PermissionError):
                pass

    def _pause(self) -> None:
        """(Holding the lock) pause the workers for the pages, unless they are paused,
        idle, or owed their MIN_RUN."""
        if self._paused is not None or not self._pages or self._running == 0:
            return
        if time.monotonic() < self._pause_after or not self._worker_pids():
            return
        self._signal(signal.SIGSTOP)
        self._paused = time.monotonic()
        self._timer = threading.Timer(MAX_PAUSE, self._pause_over)
        self._timer.daemon = True
        self._timer.start()

    def _pause_over(self) -> None:
        """MAX_PAUSE has passed: the searches run for MIN_RUN at least."""
        with self._cond:
            if self._paused is not None and time.monotonic() - self._paused >= MAX_PAUSE * 0.9:
                self._resume()
                self._pause_after = time.monotonic() + MIN_RUN

    def _resume(self) -> None:
        """(Holding the lock, or at exit) let the workers go on."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._paused is not None:
            self._paused = None
            self._signal(signal.SIGCONT)

    def paused(self) -> bool:
        """Whether the workers are paused for the pages now."""
        with self._cond:
            return self._paused is not None

    def _executor(self) -> Executor:
        """(Holding the lock) the workers, started when the first search comes."""
        if self._workers is None:
            if self.processes:
                self._workers = ProcessPoolExecutor(self.slots, initializer=_worker_process,
                                                    mp_context=multiprocessing.get_context("spawn"))
                if self._reaper is None or not self._reaper.is_alive():
                    self._reaper = threading.Thread(target=self._reap, name="allfives-reaper", daemon=True)
                    self._reaper.start()
            else:
                self._workers = low_priority_pool(self.slots, "allfives-costly")
        return self._workers

    def _reap(self) -> None:
        """End the worker processes once they have had no work for `idle` seconds."""
        while True:
            time.sleep(max(0.5, self.idle / 4))
            with self._cond:
                quiet = self._running == 0 and not self._queue
                if quiet and self._workers is not None and time.monotonic() - self._last >= self.idle:
                    self._resume()
                    workers, self._workers = self._workers, None
                else:
                    continue
            workers.shutdown(wait=True)

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
        with self._aside():
            return self._take_turn(ticket, keys, work, bound, on_wait)

    def _take_turn(self, ticket: _Ticket, keys: tuple[str, ...], work: Callable[[], T], bound: float,
                   on_wait: Optional[Callable[[int, float], None]]) -> T:
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
                self._pause()  # pages running now hold it at once
            return future.result()
        except BrokenExecutor:
            with self._cond:  # a worker killed (out of memory, a signal): new ones next time
                self._resume()
                self._workers = None
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
