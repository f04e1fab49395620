"""Builds the All Fives trainer; its metadata is in pyproject.toml.

- The engine's fast path, a small C extension, is optional: without a working C
  compiler the package installs all the same and runs on the pure-Python fast path
  (trainer/search/_pyfast.py), with the same answers, slower.
- The repository's puzzle bank and Streamlit app (BUNDLED) are copied into the
  package, as trainer/_bundled/, so that an installed trainer has them
  (trainer/shipped.py finds them). Their home stays at the top of the repository.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
BUNDLED = ("puzzles/*.jsonl", "app.py", "ui/**/*.py", ".streamlit/config.toml")
SLOW = ("the C extension trainer.search._fast was not built ({error}); the trainer will run on its "
        "pure-Python fast path (same answers, much slower). For speed, install a C compiler and "
        "the Python headers (Debian/Ubuntu: apt install gcc python3-dev) and reinstall.")


class BuildPy(build_py):
    """The usual build, plus the bundled files under trainer/_bundled/ (not for an
    editable install: it reads them from the checkout)."""

    def run(self) -> None:
        editable = getattr(self, "editable_mode", False)
        package = Path(self.build_lib) / "trainer"
        if not editable and package.exists():
            shutil.rmtree(package)  # nothing stale (a module since removed) from an earlier build
        super().run()
        if editable:
            return
        target = package / "_bundled"
        for pattern in BUNDLED:
            found = sorted(p for p in HERE.glob(pattern) if p.is_file() and "__pycache__" not in p.parts)
            if not found:
                raise SystemExit(f"setup.py: no file matches {pattern}: the source tree is incomplete")
            for source in found:
                relative = source.relative_to(HERE)
                self.mkpath(str((target / relative).parent))
                self.copy_file(str(source), str(target / relative))


class OptionalBuildExt(build_ext):
    """Build the C extension if a compiler is at hand; otherwise warn and carry on."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # no compiler, no headers, a failed compile or link
            self.warn(SLOW.format(error=error))

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:
            self.warn(SLOW.format(error=error))


setup(
    ext_modules=[Extension("trainer.search._fast", ["trainer/search/_fast.c"], extra_compile_args=["-O2"],
                           optional=True)],
    cmdclass={"build_py": BuildPy, "build_ext": OptionalBuildExt},
)
