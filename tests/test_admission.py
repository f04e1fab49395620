"""The fair share of costly searches (trainer.search.admission): at most `slots` at
once, the others in the order they came with their place told, one a visitor, a
refusal when the wait would pass the page's bound, and the work run at low priority.
No assertion here depends on the machine's speed: the searches are events the test
releases."""

from __future__ import annotations

import os
import sys
import threading
import time
from functools import partial
from pathlib import Path

import pytest

from trainer.search.admission import NICE, Admission, Busy


def _blocked(gate: Admission, visitor: str, release: threading.Event, log: list[str],
             places: list[tuple[str, int]]) -> threading.Thread:
    def work() -> str:
        log.append(f"start {visitor}")
        release.wait(30)
        return visitor

    def waiting(place: int, seconds: float) -> None:
        places.append((visitor, place))

    thread = threading.Thread(target=lambda: log.append(
        f"done {gate.run(visitor, work, bound=60, on_wait=waiting)}"))
    thread.start()
    return thread


def _until(condition: object, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition() and time.monotonic() < deadline:  # type: ignore[operator]
        time.sleep(0.01)
    assert condition(), "timed out"  # type: ignore[operator]


def test_at_most_slots_run_and_the_others_wait_in_order_with_their_place() -> None:
    gate = Admission(slots=2, processes=False)
    release = threading.Event()
    log: list[str] = []
    places: list[tuple[str, int]] = []
    threads = []
    for name in ("a", "b", "c", "d"):
        threads.append(_blocked(gate, name, release, log, places))
        _until(lambda: sum(gate.load()) == len(threads))
    _until(lambda: gate.load() == (2, 2))
    assert sorted(e for e in log if e.startswith("start")) == ["start a", "start b"]
    assert ("c", 1) in places and ("d", 2) in places  # told their place while waiting
    release.set()
    for thread in threads:
        thread.join(30)
    assert [e for e in log if e.startswith("start")][2:] == ["start c", "start d"]  # first come, first served
    assert gate.load() == (0, 0)


def test_one_search_a_visitor_and_a_refusal_past_the_bound() -> None:
    gate = Admission(slots=1, processes=False)
    release = threading.Event()
    log: list[str] = []
    first = _blocked(gate, "ann", release, log, [])
    _until(lambda: gate.load() == (1, 0))
    with pytest.raises(Busy) as mine:
        gate.run("ann", lambda: None, bound=60)
    assert mine.value.mine
    with pytest.raises(Busy) as waited:  # the slot stays taken past the bound: refused, not queued for ever
        gate.run("bob", lambda: None, bound=0.3)
    assert not waited.value.mine and waited.value.ahead >= 1
    assert gate.load() == (1, 0)
    release.set()
    first.join(30)
    assert gate.run("bob", lambda: 7, bound=0.3) == 7


def test_a_refusal_comes_at_once_when_the_expected_wait_passes_the_bound() -> None:
    gate = Admission(slots=1, processes=False)
    gate._took.extend([10.0] * 5)  # searches have lately taken 10 s each
    release = threading.Event()
    first = _blocked(gate, "ann", release, [], [])
    _until(lambda: gate.load() == (1, 0))
    began = time.monotonic()
    with pytest.raises(Busy) as raised:
        gate.run("bob", lambda: None, bound=5.0)
    assert raised.value.wait >= 5.0 and time.monotonic() - began < 5.0  # no wait to be told no
    release.set()
    first.join(30)


def test_an_address_has_at_most_its_share_whatever_its_tabs() -> None:
    gate = Admission(slots=1, per_address=2, processes=False)
    release = threading.Event()
    threads = []
    for tab in ("t1", "t2"):
        thread = threading.Thread(target=gate.run, args=(tab, lambda: release.wait(30)),
                                  kwargs={"bound": 60, "address": "10.0.0.7"})
        thread.start()
        threads.append(thread)
        _until(lambda: sum(gate.load()) == len(threads))
    with pytest.raises(Busy) as raised:
        gate.run("t3", lambda: None, bound=60, address="10.0.0.7")
    assert raised.value.mine
    release.set()
    for thread in threads:
        thread.join(30)


def test_an_error_of_the_work_reaches_the_caller_and_frees_the_slot() -> None:
    gate = Admission(slots=1, processes=False)

    def broken() -> None:
        raise ValueError("no such position")
    with pytest.raises(ValueError, match="no such position"):
        gate.run("ann", broken, bound=1)
    assert gate.load() == (0, 0) and gate.run("ann", lambda: 1, bound=1) == 1


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="threads have their own priority on Linux")
def test_the_searches_threads_run_below_the_pages_priority() -> None:
    gate = Admission(slots=1, processes=False)
    theirs = gate.run("ann", lambda: (os.getpriority(os.PRIO_PROCESS, threading.get_native_id()),
                                      os.sched_getscheduler(threading.get_native_id())), bound=5)
    assert theirs[0] >= NICE
    # not the idle class: a thread holding the app's interpreter lock must not starve
    assert theirs[1] != os.SCHED_IDLE and os.sched_getscheduler(0) != os.SCHED_IDLE


def test_searches_run_in_processes_of_low_priority_that_end_when_idle() -> None:
    """The search runs in another process (its memory and its interpreter lock are not
    the app's), at nice NICE; idle, the workers end, and the next search starts anew."""
    gate = Admission(slots=1, idle=0.5)
    pid, nice, policy = gate.run("ann", partial(_pid_and_nice), bound=60)
    assert pid != os.getpid() and nice >= NICE
    assert policy == (os.SCHED_IDLE if sys.platform.startswith("linux") else policy)
    assert gate.run("bob", partial(_pid_and_nice), bound=60)[0] == pid  # warm workers are kept busy
    _until(lambda: not gate.workers_alive() and _gone(pid))  # the worker has ended, its memory with it
    assert gate.run("ann", partial(_pid_and_nice), bound=60)[0] != pid


def _worker_pids(gate: Admission) -> set[int]:
    return set(getattr(gate._workers, "_processes", None) or ())


def _has(module: str) -> tuple[int, bool]:
    return os.getpid(), module in sys.modules


def test_warm_workers_start_at_once_and_are_renewed_only_after_searching() -> None:
    """Kept warm, the worker is there before any search, with the modules imported; it
    serves the first search; idle after searching, a fresh one replaces it (the old one
    ends, its memory with it), and an unused fresh one is kept."""
    gate = Admission(slots=1, idle=0.5)
    gate.warm(("xml.dom.minidom",))
    _until(lambda: len(_worker_pids(gate)) == 1)
    first = _worker_pids(gate)
    assert gate.run("ann", partial(_has, "xml.dom.minidom"), bound=60) == (min(first), True)
    _until(lambda: _worker_pids(gate) and _worker_pids(gate) != first and _gone(min(first)))
    assert gate.workers_alive()
    fresh = _worker_pids(gate)
    time.sleep(2.0)  # four times the idle time, unused: kept as it is
    assert _worker_pids(gate) == fresh
    pid, loaded = gate.run("bob", partial(_has, "xml.dom.minidom"), bound=60)
    assert {pid} == fresh and loaded


def test_without_warm_idle_workers_are_not_restarted() -> None:
    gate = Admission(slots=1, idle=0.5)
    pid = gate.run("ann", partial(_has, "json"), bound=60)[0]
    _until(lambda: not gate.workers_alive() and _gone(pid))
    time.sleep(1.0)
    assert not gate.workers_alive()


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def _pid_and_nice() -> tuple[int, int, int]:
    policy = os.sched_getscheduler(0) if hasattr(os, "sched_getscheduler") else -1
    return os.getpid(), os.getpriority(os.PRIO_PROCESS, 0), policy


# ----- the workers' lives -----
def _spin(seconds: float) -> tuple[int, float]:
    """Busy for `seconds` of this process's own CPU time; its pid and the wall time taken."""
    began, pid = time.monotonic(), os.getpid()
    cpu = time.process_time()
    while time.process_time() - cpu < seconds:
        pass
    return pid, time.monotonic() - began


def _state(pid: int) -> str:
    """A process's state letter (R, S, T: stopped)."""
    with open(f"/proc/{pid}/stat") as f:
        return f.read().rsplit(")", 1)[1].split()[0]


def test_a_worker_outlives_the_thread_that_started_it() -> None:
    """Each page's run is a thread of its own: the worker started by one run's search
    serves the next run's, the first thread long gone."""
    gate = Admission(slots=1, idle=30)
    first: list[int] = []
    starter = threading.Thread(target=lambda: first.append(gate.run("ann", partial(_spin, 0.0), bound=60)[0]))
    starter.start()
    starter.join(60)
    time.sleep(0.3)  # the starting thread has ended
    assert first and gate.run("bob", partial(_spin, 0.0), bound=60)[0] == first[0]


ORPHAN = """
import os, sys, threading, time
from functools import partial
from pathlib import Path
sys.path[:0] = [{tests!r}, {root!r}]
from trainer.search.admission import Admission
from test_admission import _spin
if __name__ == "__main__":
    gate = Admission(slots=1, idle=30)
    threading.Thread(target=lambda: gate.run("ann", partial(_spin, 60.0), bound=90), daemon=True).start()
    while gate.load()[0] == 0 or not getattr(gate._workers, "_processes", None):
        time.sleep(0.05)
    time.sleep(0.5)
    print(list(gate._workers._processes)[0], flush=True)
    os._exit(0)  # the app's process killed while its worker is at work
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_worker_ends_when_the_apps_process_does(tmp_path: Path) -> None:
    import subprocess
    here = Path(__file__).resolve().parent
    script = tmp_path / "app.py"
    script.write_text(ORPHAN.format(tests=str(here), root=str(here.parent)))
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60,
                          stdin=subprocess.DEVNULL)
    pid = int(done.stdout.split()[0])
    _until(lambda: not Path(f"/proc/{pid}").exists() or _state(pid) == "Z", timeout=15)


def _streamlit_loaded() -> bool:
    return "streamlit" in sys.modules


def test_a_worker_started_from_the_app_imports_no_streamlit(monkeypatch: pytest.MonkeyPatch,
                                                           capfd: pytest.CaptureFixture[str]) -> None:
    """Streamlit runs app.py as the module `__main__` (a module of its own, with no
    spec): a spawned worker would run the app's script again as `__mp_main__`, outside
    any Streamlit run, each call writing a warning to the server's log."""
    import types

    script = types.ModuleType("__main__")
    script.__file__ = str(Path(__file__).resolve().parent.parent / "app.py")
    monkeypatch.setitem(sys.modules, "__main__", script)
    gate = Admission(slots=1, idle=0.5)
    assert gate.run("ann", partial(_streamlit_loaded), bound=120) is False
    pid = gate.run("ann", partial(_pid_and_nice), bound=60)[0]
    _until(lambda: not gate.workers_alive() and _gone(pid))
    logged = capfd.readouterr().err
    assert "streamlit" not in logged.lower() and "ScriptRunContext" not in logged, logged[:500]
