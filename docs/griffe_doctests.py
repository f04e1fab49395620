"""A Griffe extension for the API reference (mkdocs.yml): the docstrings' `>>>` examples
become fenced `pycon` blocks, so that Markdown shows them as code instead of reading
their output as quotes or links."""

from __future__ import annotations

from typing import Any

import griffe


def fence(text: str) -> str:
    """The docstring text with each run of `>>>` lines and their output (up to a blank
    line) inside a fence; text already fenced is left alone."""
    out: list[str] = []
    inside = False
    fenced = False
    indent = ""
    for line in text.splitlines():
        stripped = line.lstrip()
        if stripped.startswith("```"):
            fenced = not fenced
        if not fenced and not inside and stripped.startswith(">>>"):
            indent = line[: len(line) - len(stripped)]
            if out and out[-1].strip():
                out.append("")
            out.append(f"{indent}```pycon")
            inside = True
        elif inside and not stripped:
            out.append(f"{indent}```")
            inside = False
        out.append(line)
    if inside:
        out.append(f"{indent}```")
    return "\n".join(out)


class DoctestFences(griffe.Extension):
    """Fence the `>>>` examples of every docstring Griffe loads."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None and ">>>" in obj.docstring.value:
            obj.docstring.value = fence(obj.docstring.value)
