"""Every package that the tests import is declared: in the package's dependencies or in
its `test` extra, so that the README's test command passes in a new virtual environment
and not only where the system's Python happens to hold the package."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OURS = {"trainer", "ui", "tests", "benchmarks", "app", "setup", "conftest", "support", "pgserver"}


def canonical(name: str) -> str:
    """A distribution's name as pip compares them.

    >>> canonical("Axe_Playwright.Python")
    'axe-playwright-python'
    """
    return re.sub(r"[-_.]+", "-", name).lower()


def requirement_name(requirement: str) -> str:
    """The distribution a requirement names.

    >>> requirement_name("psycopg[binary]>=3.1")
    'psycopg'
    """
    return canonical(re.split(r"[\[<>=!~; ]", requirement, maxsplit=1)[0])


def imported_modules(folder: Path) -> dict[str, str]:
    """Top-level modules imported anywhere in the folder's Python files (in functions
    too), each with one file that imports it."""
    found: dict[str, str] = {}
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                found.setdefault(name.split(".")[0], path.name)
    return found


def declared() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = project["dependencies"] + project["optional-dependencies"]["test"]
    return {requirement_name(r) for r in wanted}


def undeclared(folder: Path) -> list[str]:
    """The folder's imports of packages that are neither ours nor the standard library's
    nor declared, each with the file that imports it."""
    owners, wanted = packages_distributions(), declared()
    ours = OURS | {p.stem for p in (ROOT / "benchmarks").glob("*.py")}  # the tests import a few
    missing = []
    for module, where in imported_modules(folder).items():
        if module in sys.stdlib_module_names or module in ours or module.startswith("_"):
            continue
        distributions = {canonical(d) for d in owners.get(module, [])}
        if not distributions & wanted:
            source = sorted(distributions) or "nothing installed"
            missing.append(f"{module} (imported by {where}; from {source})")
    return missing


def test_every_package_the_tests_import_is_declared() -> None:
    missing = undeclared(ROOT / "tests")
    assert not missing, "not in the dependencies or the test extra: " + "; ".join(missing)


def test_the_check_sees_an_undeclared_import(tmp_path: Path) -> None:
    (tmp_path / "probe.py").write_text("import os, pytest\nfrom scipy.stats import chi2\n\n\n"
                                       "def later():\n    import pyspiel\n    import trainer.cli\n",
                                       encoding="utf-8")
    found = undeclared(tmp_path)
    assert len(found) == 1 and found[0].startswith("pyspiel (imported by probe.py"), found
