"""The review queue: fsrs schedules every card through its own API, and the store keeps
one card per learner and missed item."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from fsrs import Card, Rating, Scheduler, State

from trainer.puzzles.bank import shipped
from trainer.store import Store
from trainer.store.scheduling import (
    SCHEDULER,
    ReviewError,
    card_from_dict,
    card_from_json,
    card_to_json,
    grade,
    makes_card,
    new_card,
    review,
)

NOW = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)
BANK = shipped()


def test_answers_grade_as_good_hard_or_again() -> None:
    assert grade(True, False) == Rating.Good
    assert grade(True, True) == Rating.Hard
    assert grade(False, False) == grade(False, True) == Rating.Again
    assert makes_card("puzzle", False, False) and makes_card("drill", True, True)
    assert not makes_card("puzzle", True, False) and not makes_card("lesson", False, False)


def test_scheduling_is_fsrs_own() -> None:
    """Every step equals what fsrs's Scheduler does with the same card, rating and time."""
    scheduler = Scheduler(enable_fuzzing=False)
    assert SCHEDULER.to_dict() == scheduler.to_dict()
    ours, theirs = new_card(1, NOW), Card(card_id=1, due=NOW)
    when = NOW
    for correct, helped in [(False, False), (True, False), (True, True), (True, False), (False, False),
                            (True, False), (True, False)]:
        ours = review(ours, correct, helped, when, seconds=4.0)
        theirs, log = scheduler.review_card(theirs, grade(correct, helped), when, 4000)
        assert ours.to_dict() == theirs.to_dict() and log.review_duration == 4000
        when = ours.due
    assert ours.state == State.Review and ours.due - NOW > timedelta(days=3)


def test_a_miss_comes_back_soon_and_a_right_answer_later() -> None:
    missed = review(new_card(1, NOW), False, False, NOW)
    assert missed.state == State.Learning and missed.due - NOW == timedelta(minutes=1)
    again = review(missed, True, False, missed.due)
    assert again.due - missed.due == timedelta(minutes=10)
    learned = review(again, True, False, again.due)
    assert learned.state == State.Review and learned.due - again.due >= timedelta(days=1)


def test_cards_go_to_json_and_back_through_fsrs() -> None:
    card = review(new_card(7, NOW), False, True, NOW)
    text = card_to_json(card)
    assert card_from_json(text).to_dict() == card.to_dict() == Card.from_dict(json.loads(text)).to_dict()
    for bad in ("[]", "{", json.dumps({**json.loads(text), "due": "soon"}),
                json.dumps({**json.loads(text), "due": "2026-11-02T09:00:00"})):
        with pytest.raises(ReviewError):
            card_from_json(bad)
    with pytest.raises(ReviewError, match="lacks"):
        card_from_dict({"card_id": 1})


def test_missed_items_become_cards_and_come_back_when_due(store: Store) -> None:
    ann = store.create_learner("Ann").id
    bob = store.create_learner("Bob").id
    puzzle, other = BANK[0].id, BANK[1].id
    right = store.record_attempt(ann, "puzzle", other, True, when=NOW)
    assert right.review_due is None  # a right answer makes no card
    missed = store.record_attempt(ann, "puzzle", puzzle, False, position=BANK[0].position, when=NOW)
    assert missed.review_due == NOW + timedelta(minutes=1)
    store.record_attempt(ann, "drill", "total:2:17", False, kind="total", position="6-6:6-4:::", when=NOW)
    store.record_attempt(ann, "lesson", "deal.q1", False, when=NOW)  # lessons have no cards
    helped = store.record_attempt(ann, "drill", "score:1:3", True, kind="score", helped=True, when=NOW)
    assert helped.review_due is not None
    store.record_attempt(bob, "puzzle", puzzle, False, when=NOW)

    assert store.due_reviews(ann, now=NOW) == ()
    due = store.due_reviews(ann, now=NOW + timedelta(minutes=1))
    assert [(c.part, c.item) for c in due] == [("puzzle", puzzle), ("drill", "total:2:17")]
    assert due[0].position == BANK[0].position and due[0].kind == BANK[0].kind and due[0].state == "Learning"
    assert due[1].kind == "total" and (due[1].reviews, due[1].lapses) == (1, 1)
    assert {c.item for c in store.review_queue(ann)} == {puzzle, "total:2:17", "score:1:3"}
    assert [c.item for c in store.review_queue(bob)] == [puzzle]

    # answering it again in review: each answer is one fsrs review of the same card
    later = NOW + timedelta(minutes=1)
    reviewed = store.record_attempt(ann, "puzzle", puzzle, True, mode="review", when=later)
    expected = review(review(new_card(1, NOW), False, False, NOW), True, False, later)
    assert reviewed.review_due == expected.due
    assert [c.item for c in store.due_reviews(ann, now=later + timedelta(minutes=4))] == ["total:2:17"]
    (card,) = [c for c in store.review_queue(ann) if c.item == puzzle]
    assert (card.reviews, card.lapses, card.due) == (2, 1, expected.due)
    assert store.due_reviews(ann, now=NOW + timedelta(days=400), limit=2)[0].item == "total:2:17"
    # another learner's card is untouched
    assert store.review_queue(bob)[0].due == NOW + timedelta(minutes=1)
