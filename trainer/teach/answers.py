"""What every drill and quiz gives back: the verdict on an answer (`Feedback`), and the
error for an answer it cannot read (`AnswerError`, its message from the catalogue).

>>> Feedback(True, "Right: the count is 15.").correct
True
>>> str(AnswerError("answer.bad_pip", text="9"))
'“9” is not a number from 0 to 6.'
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.errors import TrainerError
from trainer.i18n import t


class AnswerError(TrainerError):
    """An answer the drill cannot read. `key` and `values` name the catalogue message,
    so a page may show it again in another language."""

    def __init__(self, key: str, lang: str = "en", **values: object) -> None:
        self.key = key
        self.values = values
        super().__init__(t(key, lang, **values))


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer: right or wrong, the message to show, and detail lines
    (the count end by end, each tile's pips, each open end)."""

    correct: bool
    message: str
    details: tuple[str, ...] = ()
