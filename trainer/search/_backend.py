"""Which implementation of the engine's fast path runs: the C extension `trainer.search._fast`
when it is built, else the pure-Python `trainer.search._pyfast` (same answers, slower).

Set ALLFIVES_PURE_PYTHON=1 to use the pure-Python one on purpose (tests do). When the
extension is missing, one warning says so and what to install for speed.

>>> NAME in ("c", "python")
True
"""

from __future__ import annotations

import importlib
import os
import warnings
from types import ModuleType
from typing import TYPE_CHECKING

__all__ = ["ENV", "NAME", "SlowEngineWarning", "fast", "forced_pure", "load"]

ENV = "ALLFIVES_PURE_PYTHON"


class SlowEngineWarning(RuntimeWarning):
    """The C extension is not available: the pure-Python fast path runs instead."""


def forced_pure() -> bool:
    """ALLFIVES_PURE_PYTHON asks for the pure-Python fast path (any value but '', 0, no, false)."""
    return os.environ.get(ENV, "").strip().lower() not in ("", "0", "no", "false")


def load() -> tuple[str, ModuleType]:
    """("c", trainer.search._fast) or ("python", trainer.search._pyfast), warning once when the
    extension cannot be imported."""
    if not forced_pure():
        try:
            return "c", importlib.import_module("trainer.search._fast")
        except ImportError as error:
            warnings.warn(
                f"All Fives: the engine's C extension trainer.search._fast is not available ({error}); "
                "using the pure-Python fast path, which gives the same answers but is much "
                "slower. For speed, install a C compiler and the Python headers (Debian/Ubuntu: "
                "apt install gcc python3-dev) and reinstall allfives-trainer.",
                SlowEngineWarning, stacklevel=2)
    return "python", importlib.import_module("trainer.search._pyfast")


if TYPE_CHECKING:  # both implement the API that trainer/search/_fast.pyi declares
    from trainer.search import _fast as fast
    NAME: str
else:
    NAME, fast = load()
