"""Names that look alike: a learner's name is refused when it looks like one already
kept (`Аlice` with a Cyrillic А beside `Alice`), by comparing their skeletons in the
manner of Unicode's UTS #39: the name in NFKC, case folded, each character replaced by
one representative of the characters it is confusable with (Unicode's confusables
data, as the package `confusable-homoglyphs` ships it), spaces dropped.

>>> skeleton("Alice") == skeleton("\u0410lice") == skeleton("A l i c e") == skeleton("ＡＬＩＣＥ".lower())
True
>>> skeleton("Ann") == skeleton("Anna")
False
"""

from __future__ import annotations

import json
import unicodedata
from functools import cache
from importlib import resources


@cache
def _representatives() -> dict[str, str]:
    """Each character of the confusables data -> the one that stands for its class
    (the smallest code point of the characters it is confusable with, transitively)."""
    data = json.loads(resources.files("confusable_homoglyphs").joinpath("confusables.json")
                      .read_text(encoding="utf-8"))
    parent: dict[str, str] = {}

    def root(c: str) -> str:
        while parent.setdefault(c, c) != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    for char, glyphs in data.items():
        if len(char) != 1:
            continue
        for glyph in glyphs:
            other = glyph["c"].replace("\u200e", "").replace("\u200f", "")
            if len(other) == 1:
                a, b = root(char), root(other)
                if a != b:
                    parent[max(a, b)] = min(a, b)
    return {c: root(c) for c in parent}


def skeleton(name: str) -> str:
    """What a name looks like, for comparing names (see the module's docstring): the
    confusables mapped before case folding (a capital М looks like M, a small м does
    not look like m) and again after it."""
    table = _representatives()
    mapped = "".join(table.get(c, c) for c in unicodedata.normalize("NFKC", name))
    folded = unicodedata.normalize("NFKC", mapped.casefold())
    return "".join("".join(table.get(c, c) for c in folded).split())
