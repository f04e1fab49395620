"""The words of the game and the marks on the board, for a help panel on every page.

>>> [name for name, _ in glossary()][:3]
['Tile', 'Double', 'Spinner']
>>> also_called("boneyard"), also_called("spinner")
('Also called stock, bank or pile.', '')
>>> str(SIDES_BOARD), [end.side for end in SIDES_BOARD.open_ends()]
('5-5:5-2:5-3:5-0:', ['E', 'W', 'N', 'S'])
"""

from __future__ import annotations

from trainer.engine.layout import Layout
from trainer.i18n import t

# the words of the game: each has the players' other names too (`glossary.<term>.aka`)
GAME_TERMS: tuple[str, ...] = ("tile", "double", "spinner", "side", "arm", "end", "open_end", "count",
                               "boneyard", "domino", "block", "muggins")
TERMS: tuple[str, ...] = (*GAME_TERMS, "value", "deals", "margin", "grades")  # and the coach's words
NO_OTHER_NAME = "—"  # what a language's `glossary.<term>.aka` holds when players have no other name
MARKERS: tuple[str, ...] = ("count", "adds", "side", "spinner", "empty", "last")
# a spinner with both sides covered and one end across started: "side" against "end"
SIDES_BOARD = Layout.parse("5-5:5-2:5-3:5-0:")


def glossary(lang: str = "en") -> tuple[tuple[str, str], ...]:
    """(term, meaning) for every word of TERMS, in `lang`."""
    return tuple((t(f"glossary.{term}.name", lang), t(f"glossary.{term}.text", lang)) for term in TERMS)


def also_called(term: str, lang: str = "en") -> str:
    """The players' other names for a word of the game, as a sentence ("Also called
    bone, stone or piece."); "" for a word they call by no other name, or for the
    coach's words."""
    if term not in GAME_TERMS:
        return ""
    names = t(f"glossary.{term}.aka", lang).strip()
    if not names or names == NO_OTHER_NAME or names.startswith("["):
        return ""
    return t("glossary.aka", lang, names=names)


def legend(lang: str = "en") -> tuple[str, ...]:
    """What each mark on a drawn board means, in `lang`."""
    label = t("board.describe.count", lang, total="N")  # as the board writes it
    sides = ", ".join(f"{t(f'part.{side}', lang)} {t(f'side.{side}', lang)}" for side in "EWNS")
    return tuple(t(f"legend.{marker}", lang, label=label, sides=sides) for marker in MARKERS)
