"""The engine's error messages in the learner's language.

The engine raises its errors as English sentences built from a few patterns ("field
LAYOUT: ...", "'6-9' is not a tile: ..."). The catalogue holds those patterns under
`error.*` keys; `say_error` finds the pattern a message fits, reads its values out
and fills the same key in the learner's language. A message inside another one (the
`{error}` of "field LAYOUT: {error}") is said in turn. A message no pattern fits stays
as it was written, so nothing is ever lost.

>>> say_error("field LAYOUT: layout 5-5:9: '9' is not a tile: write two pips 0-6 as a-b, e.g. 6-4", "es")
"campo TABLERO: tablero 5-5:9: '9' no es una ficha: escribe dos números de 0 a 6 como a-b, p. ej. 6-4"
>>> say_error("no such thing", "ru")
'no such thing'
"""

from __future__ import annotations

import re
from functools import cache
from typing import Optional

from trainer.i18n import en, normalize, t

PREFIX = "error."
FIELD = re.compile(r"\{(\w+)\}")
DEPTH = 6  # messages nest a few levels at most


@cache
def _patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Every error pattern as a regular expression: the ones that wrap another message
    first (so that "field LAYOUT: arm W: ..." is read from the outside in), then the
    others; each group the most specific (the most fixed text) first."""
    found = []
    for key, template in en.MESSAGES.items():
        if not key.startswith(PREFIX) or not isinstance(template, str):
            continue
        pieces = FIELD.split(template)
        seen: set[str] = set()
        regex = ""
        for index, piece in enumerate(pieces):
            if index % 2 == 0:
                regex += re.escape(piece)
            elif piece in seen:
                regex += f"(?P={piece})"
            else:
                seen.add(piece)
                regex += f"(?P<{piece}>.+?)"
        fixed = sum(len(piece) for piece in pieces[::2])
        found.append(("error" not in seen, -fixed, key, re.compile(regex, re.DOTALL)))
    found.sort(key=lambda item: item[:2])
    return tuple((key, pattern) for _, _, key, pattern in found)


def _said(text: str, lang: str, depth: int) -> Optional[str]:
    """`text` said in `lang`, or None when no pattern reads all of it."""
    if depth > DEPTH:
        return None
    for key, pattern in _patterns():
        found = pattern.fullmatch(text)
        if found is None:
            continue
        values = dict(found.groupdict())
        if "error" in values:
            inner = _said(values["error"], lang, depth + 1)
            if inner is None:
                continue  # a more specific pattern may read the whole message
            values["error"] = inner
        return t(key, lang, **values)
    return None


def say_error(text: str, lang: str) -> str:
    """`text`, an error message of the engine, in `lang` (as it is when no pattern fits)."""
    if normalize(lang) == "en":
        return text
    said = _said(text, lang, 0)
    return text if said is None else said
