"""The package's layers stay visible: each subpackage of `trainer/` imports only what
its docstring (and the table of docs/developers/layers.md) allows, nothing imports
Streamlit, and no module imports its way back to itself."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import trainer

PACKAGE = Path(trainer.__file__).resolve().parent

# What each part of trainer/ may import directly, besides itself. A part may also
# import what the parts it may import may import (the layers below it).
MAY_IMPORT: dict[str, set[str]] = {
    "errors": set(),
    "shipped": set(),
    "i18n": set(),
    "engine": {"errors", "i18n"},
    "search": {"engine"},
    "play": {"search"},
    "svg": {"engine"},
    "teach": {"play", "svg"},
    "puzzles": {"play", "svg", "shipped"},
    "store": {"engine"},
    "launcher": {"errors", "shipped"},
    "cli": {"engine", "search", "play", "teach", "puzzles", "store", "launcher", "shipped", "svg"},
    "__init__": {"engine", "errors"},
    "__main__": {"cli"},
}
TOP_LEVEL_LIMIT = 8


def allowed(part: str) -> set[str]:
    """Every part `part` may import: itself, its list, and theirs, down the layers."""
    seen, todo = {part}, [part]
    while todo:
        for below in MAY_IMPORT[todo.pop()]:
            if below not in seen:
                seen.add(below)
                todo.append(below)
    return seen


def modules() -> Iterator[tuple[str, Path]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        if "_bundled" in path.parts:
            continue
        relative = path.relative_to(PACKAGE).with_suffix("")
        yield ".".join(("trainer", *relative.parts)).removesuffix(".__init__"), path


def part_of(module: str) -> str:
    """The part a dotted module belongs to: its subpackage, or the top-level module."""
    pieces = module.split(".")
    if pieces == ["trainer"]:
        return "__init__"
    return pieces[1]


def imports(path: Path, module: str) -> Iterator[tuple[int, str]]:
    """Every trainer module `path` imports (at the top, in functions, under
    TYPE_CHECKING alike), as a dotted name, with its line."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in ("trainer", "streamlit"):
                    yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                name = ".".join([*base, node.module] if node.module else base)
            else:
                name = node.module or ""
            if name.split(".")[0] not in ("trainer", "streamlit"):
                continue
            if name == "trainer":  # from trainer import x: x is a module of the top
                for alias in node.names:
                    yield node.lineno, f"trainer.{alias.name}"
            else:
                yield node.lineno, name


def test_every_module_imports_only_the_layers_it_may() -> None:
    wrong: list[str] = []
    for module, path in modules():
        part = part_of(module)
        assert part in MAY_IMPORT, f"{module}: trainer/{part} is not in the table of layers"
        for line, name in imports(path, module):
            if name.split(".")[0] == "streamlit":
                wrong.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports Streamlit")
                continue
            target = part_of(name)
            if target not in allowed(part):
                wrong.append(f"{path.relative_to(PACKAGE.parent)}:{line}: {part} may not import {name}")
    assert not wrong, "\n".join(wrong)


def test_the_top_level_is_small_and_each_subpackage_says_what_it_holds() -> None:
    top = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert len(top) <= TOP_LEVEL_LIMIT, top
    for folder in sorted(p for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()):
        doc = ast.get_docstring(ast.parse((folder / "__init__.py").read_text(encoding="utf-8")))
        assert doc, f"trainer/{folder.name}/__init__.py has no docstring"
        if folder.name not in ("i18n",):
            assert "may import" in doc, f"trainer/{folder.name}: the docstring says what it may import"


def test_no_module_imports_its_way_back_to_itself() -> None:
    """Module-level imports only (an import inside a function runs later and cannot
    make a cycle at import time)."""
    graph: dict[str, set[str]] = {}
    known = {m for m, _ in modules()}
    for module, path in modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found: set[str] = set()
        for node in tree.body:
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                subs = [f"{node.module}.{a.name}" for a in node.names]
                names = [s for s in subs if s in known]  # from a package import its module
                if len(names) < len(subs):
                    names.append(node.module)
            found.update(n for n in names if n in known and n != module)
        graph[module] = found

    state: dict[str, int] = {}

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                pytest.fail("import cycle: " + " -> ".join([*trail[trail.index(nxt):], nxt]))
            if nxt not in state:
                visit(nxt, [*trail, nxt])
        state[node] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module, [module])


def test_the_table_of_layers_catches_an_upward_import(tmp_path: Path) -> None:
    """The checker itself: an engine module that imports the solver is caught."""
    bad = tmp_path / "position.py"
    bad.write_text("from trainer.search.solver import solve\nfrom trainer.errors import TrainerError\n")
    found = [name for _, name in imports(bad, "trainer.engine.position")]
    assert found == ["trainer.search.solver", "trainer.errors"]
    assert part_of(found[0]) not in allowed("engine") and part_of(found[1]) in allowed("engine")
    assert allowed("teach") >= {"play", "search", "engine", "errors", "i18n", "svg"}
    assert "puzzles" not in allowed("store") and "teach" not in allowed("puzzles")
