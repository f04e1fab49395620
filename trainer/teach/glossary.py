"""The words of the game and the marks on the board, for a help panel on every page.

>>> [name for name, _ in glossary()][:3]
['Tile', 'Double', 'Spinner']
>>> str(SIDES_BOARD), [end.side for end in SIDES_BOARD.open_ends()]
('5-5:5-2:5-3:5-0:', ['E', 'W', 'N', 'S'])
"""

from __future__ import annotations

from trainer.engine.layout import Layout
from trainer.i18n import t

TERMS: tuple[str, ...] = ("tile", "double", "spinner", "side", "arm", "end", "open_end", "count", "boneyard",
                          "domino", "block", "muggins",
                          "value", "deals", "margin", "grades")  # the coach's words
MARKERS: tuple[str, ...] = ("count", "adds", "spinner", "empty", "last")
# a spinner with both sides covered and one end across started: "side" against "end"
SIDES_BOARD = Layout.parse("5-5:5-2:5-3:5-0:")


def glossary(lang: str = "en") -> tuple[tuple[str, str], ...]:
    """(term, meaning) for every word of TERMS, in `lang`."""
    return tuple((t(f"glossary.{term}.name", lang), t(f"glossary.{term}.text", lang)) for term in TERMS)


def legend(lang: str = "en") -> tuple[str, ...]:
    """What each mark on a drawn board means, in `lang`."""
    label = t("board.describe.count", lang, total="N")  # as the board writes it
    return tuple(t(f"legend.{marker}", lang, label=label) for marker in MARKERS)
