"""Search processes that do not run the app's script again.

A process started by "spawn" first runs its parent's main module again, as
`__mp_main__`, so that functions defined there could be unpickled. Streamlit runs the
app's script (app.py) as the module `__main__`: every search process would run the
whole app again outside any Streamlit run, importing Streamlit and the pages and
writing a warning to the server's log for each call it makes. The searches are calls
of importable functions of `trainer` (`trainer.search.admission`), never of the main
module's: their processes are spawned without it.

>>> context().get_start_method()
'spawn'
"""

from __future__ import annotations

import multiprocessing
import sys
import types
from multiprocessing import context as contexts
from multiprocessing import spawn
from multiprocessing.context import BaseContext
from typing import Any


class _WithoutMain:
    """`multiprocessing.spawn` as a search process's launch reads it: the same, but its
    preparation data leave out the parent's main module.

    >>> "init_main_from_path" in _WithoutMain.get_preparation_data("x"), _WithoutMain().get_executable() != ""
    (False, True)
    """

    def __getattr__(self, name: str) -> Any:
        return getattr(spawn, name)

    @staticmethod
    def get_preparation_data(name: str) -> dict[str, Any]:
        data: dict[str, Any] = spawn.get_preparation_data(name)
        data.pop("init_main_from_path", None)
        data.pop("init_main_from_name", None)
        return data


if sys.platform != "win32":
    from multiprocessing import popen_spawn_posix

    class _Popen(popen_spawn_posix.Popen):
        # the standard launch, its `spawn` read through _WithoutMain
        _launch = types.FunctionType(popen_spawn_posix.Popen._launch.__code__,  # type: ignore[attr-defined]
                                     {**vars(popen_spawn_posix), "spawn": _WithoutMain()})

    class _Process(contexts.SpawnProcess):
        @staticmethod
        def _Popen(process_obj: Any) -> Any:
            return _Popen(process_obj)

    class _Context(contexts.SpawnContext):
        Process = _Process


def context() -> BaseContext:
    """The "spawn" context whose processes leave the parent's main module alone (on
    Windows, where processes are launched otherwise, the plain one)."""
    if sys.platform == "win32":
        return multiprocessing.get_context("spawn")
    return _Context()
