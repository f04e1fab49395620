"""Learn from your own mistakes: a move of the learner graded a mistake or a blunder in a
reviewed hand becomes a puzzle of his own, "find the better move", in his review queue.

The puzzle is the position as he saw it then (hidden tiles hidden), the move he played
and the coach's better move. It is kept as a review card whose item names the two
moves (`item`); the position is the card's. An answer is judged on the evidence it
deserves: the coach's move is right; the move played in the game is wrong (the review
proved it); any other move is judged again by the coach against the better move, with
the same rules as the review (`trainer.play.coach`): wrong only when it loses 3 points
or more, significantly at 95% (exactly, when every tile is known).

>>> from trainer.play.coach import MoveReview
>>> code = "4-5,5-1 6-4,1-1/?7 ?17 0 0,0"
>>> review = MoveReview(3, code, Move.parse("1-1@E"), Move.parse("6-4@W"), 12.0, "mistake", 120, 3.1)
>>> own = own_puzzle(review)
>>> own.item, read_item(own.item) == (own.played, own.best)
('mine:1-1@E:6-4@W:e1987f28', True)
"""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass
from typing import Optional

from trainer.engine.movenames import move_words
from trainer.engine.moves import Move
from trainer.engine.position import Position
from trainer.errors import TrainerError
from trainer.i18n import t
from trainer.play.coach import MoveReview, basis_words
from trainer.search.evidence import Evidence, within_budget

GRADES: tuple[str, ...] = ("mistake", "blunder")  # the grades that make a puzzle
PREFIX = "mine:"
KIND = "mine"  # the review card's kind
WRONG_FROM = 3.0  # points: another move is wrong when it loses this much, significantly
_ITEM = re.compile(r"mine:([0-6]-[0-6](?:@[EWNS])?):([0-6]-[0-6](?:@[EWNS])?):([0-9a-f]{8})")


@dataclass(frozen=True)
class OwnPuzzle:
    """A move the learner got wrong in a game: the position he saw, what he played and
    the coach's better move, with the grade and the loss the review found."""

    position: str
    played: Move
    best: Move
    grade: str = "mistake"
    loss: float = 0.0

    @property
    def item(self) -> str:
        """The review card's item: `mine:PLAYED:BEST:DIGEST` (the digest of the position)."""
        digest = f"{zlib.crc32(self.position.encode()):08x}"
        return f"{PREFIX}{self.played}:{self.best}:{digest}"


def own_puzzle(review: MoveReview) -> Optional[OwnPuzzle]:
    """The puzzle a reviewed move makes: only a mistake or a blunder does."""
    if review.grade not in GRADES or review.best == review.played:
        return None
    return OwnPuzzle(review.position, review.played, review.best, review.grade, review.loss)


def is_own(item: str) -> bool:
    return item.startswith(PREFIX)


def read_item(item: str) -> tuple[Move, Move]:
    """(played, best) from a card's item; raises TrainerError for one that is not ours."""
    found = _ITEM.fullmatch(item)
    if found is None:
        raise TrainerError(f"not a puzzle of your own: {item[:60]!r}")
    return Move.parse(found[1]), Move.parse(found[2])


def from_card(item: str, position: str) -> OwnPuzzle:
    """The puzzle a review card holds; raises TrainerError (NotationError for the
    position) when it cannot be read or does not fit its position."""
    played, best = read_item(item)
    parsed = Position.from_code(position)
    moves = parsed.legal_moves()
    if played not in moves or best not in moves:
        raise TrainerError(f"the moves {played} and {best} are not both legal in {position[:80]!r}")
    return OwnPuzzle(position, played, best)


@dataclass(frozen=True)
class Verdict:
    """The judgement of an answer: right or not, and why, in words."""

    correct: bool
    message: str


def judge_answer(puzzle: OwnPuzzle, move: Move, budget: float = 1.0, seed: int = 0,
                 lang: str = "en") -> Verdict:
    """Whether `move` is a right answer to the puzzle (see the module's rules)."""
    position = Position.from_code(puzzle.position)
    if move not in position.legal_moves():
        raise TrainerError(t("mine.not_legal", lang, move=str(move)))
    if move == puzzle.best:
        return Verdict(True, t("mine.right_best", lang, move=_words(move, lang)))
    if move == puzzle.played:
        return Verdict(False, t("mine.same_again", lang, move=_words(move, lang), best=_words(puzzle.best,
                                                                                              lang)))
    evidence = within_budget(position, budget, seed, None, must=(move, puzzle.best))
    return _judged(evidence, puzzle, move, lang)


def _judged(evidence: Evidence, puzzle: OwnPuzzle, move: Move, lang: str) -> Verdict:
    basis = basis_words(evidence, lang)
    if not evidence.deals:
        return Verdict(False, t("mine.unclear", lang, move=_words(move, lang), best=_words(puzzle.best,
                                                                                           lang)))
    loss = evidence.difference(puzzle.best, move)  # at least this much, when `move` is only bounded
    if loss.mean >= WRONG_FROM and (evidence.exact or loss.significant):
        return Verdict(False, t("mine.worse", lang, move=_words(move, lang), best=_words(puzzle.best, lang),
                                loss=f"{loss.mean:.1f}", basis=basis))
    return Verdict(True, t("mine.as_good", lang, move=_words(move, lang), best=_words(puzzle.best, lang),
                           basis=basis))


def _words(move: Move, lang: str) -> str:
    return move_words(move, lang)
