"""The review queue: missed puzzles and drill items come back on a schedule, set by the
`fsrs` package (Free Spaced Repetition Scheduler).

Nothing is scheduled here by hand: a card is an `fsrs.Card`, each answer is one
`Scheduler.review_card` with an `fsrs.Rating`, and the card is kept in the store as
the JSON of `Card.to_dict()`. The rules:

- Only puzzles and drill items (`REVIEWED_PARTS`) have cards, one per learner and item.
- A wrong answer, or a right one given with help, makes the item a card (if it is not
  one already). A right answer unhelped makes none. Nor does a drill board's answer while
  `DRILL_CAP` drill cards already fall due within `DRILL_SOON`: a run of wrong answers
  (a timed run) brings back a dozen boards, not a hundred; puzzles have no cap.
- Each later answer to an item with a card is one review of it: right rates `Good`,
  right with help `Hard`, wrong `Again`.
- The scheduler is fsrs's default (desired retention 0.9, learning steps of 1 and 10
  minutes, relearning step of 10 minutes) without fuzzing, so that the same answers
  at the same times always give the same schedule.

The store calls these functions inside the transaction that records the attempt and
lists the due cards (`Store.due_reviews`).

>>> from datetime import datetime, timezone
>>> now = datetime(2026, 11, 29, 12, tzinfo=timezone.utc)
>>> card = review(new_card(1, now), correct=False, helped=False, when=now)
>>> card.due - now
datetime.timedelta(seconds=60)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Optional

from fsrs import Card, Rating, Scheduler, State

from trainer.errors import TrainerError

REVIEWED_PARTS: tuple[str, ...] = ("puzzle", "drill")
DRILL_CAP = 12  # drill cards due within DRILL_SOON, past which a drill answer makes no new card
DRILL_SOON = timedelta(days=1)
SCHEDULER = Scheduler(enable_fuzzing=False)


class ReviewError(TrainerError):
    """A stored or imported review card that fsrs cannot read."""


def grade(correct: bool, helped: bool) -> Rating:
    """The fsrs rating of an answer: Good when right, Hard when right with help, Again
    when wrong.

    >>> grade(True, False).name, grade(True, True).name, grade(False, True).name
    ('Good', 'Hard', 'Again')
    """
    if not correct:
        return Rating.Again
    return Rating.Hard if helped else Rating.Good


def makes_card(part: str, correct: bool, helped: bool) -> bool:
    """Whether an answer to an item without a card makes it one."""
    return part in REVIEWED_PARTS and (not correct or helped)


def _utc(when: datetime) -> datetime:
    if when.tzinfo is None:
        return when.replace(tzinfo=UTC)
    return when.astimezone(UTC)


def new_card(card_id: int, when: datetime) -> Card:
    """A new card, due at `when` (fsrs's Learning state, step 0)."""
    return Card(card_id=card_id, due=_utc(when))


def review(card: Card, correct: bool, helped: bool, when: datetime,
           seconds: Optional[float] = None) -> Card:
    """The card after one answer at `when`, scheduled by fsrs."""
    duration = None if seconds is None else int(round(seconds * 1000))
    reviewed, _log = SCHEDULER.review_card(card, grade(correct, helped), _utc(when), duration)
    return reviewed


def card_to_json(card: Card) -> str:
    return json.dumps(card.to_dict(), sort_keys=True, separators=(",", ":"))


def card_from_dict(data: object) -> Card:
    """A card from the dict of `Card.to_dict()`; raises ReviewError naming the fault."""
    if not isinstance(data, dict):
        raise ReviewError("a review card is a JSON object")
    missing = [key for key in ("card_id", "state", "step", "stability", "difficulty", "due", "last_review")
               if key not in data]
    if missing:
        raise ReviewError(f"a review card lacks {', '.join(missing)}")
    try:
        card = Card.from_dict(data)  # type: ignore[arg-type]
    except (TypeError, ValueError, KeyError) as error:
        raise ReviewError(f"a review card that fsrs cannot read: {error}") from None
    if card.due.tzinfo is None or (card.last_review is not None and card.last_review.tzinfo is None):
        raise ReviewError("a review card's dates need a time zone")
    return card


def card_from_json(text: str) -> Card:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ReviewError(f"a review card is not JSON: {error.msg}") from None
    return card_from_dict(data)


@dataclass(frozen=True)
class ReviewItem:
    """One item in a learner's review queue: what to ask again and when it is due."""

    part: str
    item: str
    kind: str
    position: str
    due: datetime
    state: str  # fsrs's state: Learning, Review or Relearning
    reviews: int
    lapses: int


def state_name(card: Card) -> str:
    return State(card.state).name
