"""The coach's review of a hand as one player saw it (`trainer.engine.seatview`): each
move of the record's seat judged on what he could see then, the suits the others
showed they lack included, by the same machinery as Play's review of a hand
(`trainer.play.coach.review_move`, with the same seed for the same turn).

>>> from trainer.engine.seatview import SeatRecord
>>> record = SeatRecord.parse('''rules: standard
... players: 2
... seat: 1
... hand: 6-6,4-4,3-2,2-1,1-0,5-4,6-3,6-0,3-1
... 1: 6-6
... ''')
>>> [decision(r) for r in review_seat(record, budget=0.05)][0]["turn"]
1
"""

from __future__ import annotations

from typing import Any, Optional

from trainer.engine.seatview import SeatRecord
from trainer.play.coach import MoveReview, review_move

NO_FIGURE = ("unclear", "forced")  # grades with no points lost to show


def review_seat(record: SeatRecord, budget: float = 0.5, seed: int = 0, lang: str = "en",
                target: Optional[int] = None) -> tuple[MoveReview, ...]:
    """Every move of the record's seat judged from his view, `budget` seconds each;
    turn `i` (from 0) uses the seed `seed + i`, as Play's review does. Raises
    NotationError for a record the rules do not allow."""
    table = record.follow()
    return tuple(review_move(d.position, d.move, d.voids, budget, seed + d.turn, d.turn, lang, target)
                 for d in table.decisions)


def basis(review: MoveReview) -> str:
    """What a grade rests on, in a word or two: `exact`, `N deals` (of the hidden
    tiles, solved exactly; `; play-outs disagree` when the second yardstick contradicts
    them), `none` (no deal solved in time), `forced` or `target`."""
    if review.forced:
        return "forced"
    if review.target is not None:
        return "target"
    if review.exact:
        return "exact"
    if not review.samples:
        return "none"
    return f"{review.samples} deals" + ("; play-outs disagree" if review.contested else "")


def decision(review: MoveReview) -> dict[str, Any]:
    """One decision as the `review` command's JSON gives it; `turn` counts the hand's
    turns from 1."""
    return {"turn": review.number + 1, "position": review.position, "played": str(review.played),
            "grade": review.grade, "best": [str(m) for m in review.best_moves],
            "loss": None if review.grade in NO_FIGURE else review.loss, "basis": basis(review)}


MISTAKES = ("mistake", "blunder")


def review_sums(reviews: tuple[MoveReview, ...]) -> tuple[int, int, int]:
    """(moves judged, mistakes and blunders, the points those cost, rounded): what a
    kept hand's listing shows of its review.

    >>> from trainer.engine.moves import Move
    >>> six, five = Move.parse("6-4@W"), Move.parse("1-1@E")
    >>> wrong = MoveReview(3, "", five, six, 12.4, "mistake", 120)
    >>> right = MoveReview(5, "", six, six, 0.0, "best", 9)
    >>> review_sums((wrong, right))
    (2, 1, 12)
    """
    wrong = [r for r in reviews if r.grade in MISTAKES]
    return len(reviews), len(wrong), round(sum(max(0.0, r.loss) for r in wrong))
