"""A move named the same way on every page: in words and in its code.

>>> from trainer.engine.moves import Move
>>> move_words(Move.parse("3-0@W"))
'3-0 on the west end (3-0@W)'
>>> move_words(Move.parse("5-5"))
'5-5 as the lead (5-5)'
"""

from __future__ import annotations

from trainer.engine.moves import Move
from trainer.i18n import t


def move_words(move: Move, lang: str = "en") -> str:
    """The move in the learner's words, with the code a position or a record uses."""
    words = (t("move.lead", lang, tile=move.tile) if move.side is None
             else t("move.on", lang, tile=move.tile, side=t(f"side.{move.side}", lang)))
    return t("move.with_code", lang, words=words, code=move)


def end_words(side: str, pip: int, lang: str = "en") -> str:
    """An open end in words: "the west end (3)".

    >>> end_words("W", 3)
    'the west end (3)'
    """
    return t("move.end", lang, side=t(f"side.{side}", lang), pip=pip)
