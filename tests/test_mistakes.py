"""Learn from your own mistakes: a reviewed move graded a mistake or a blunder becomes a
puzzle of the learner's own in his review queue, and its answers are judged on the
evidence they deserve (checked here against the exact solver on known positions)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from trainer.engine.moves import Move
from trainer.engine.position import Position
from trainer.errors import TrainerError
from trainer.play.coach import MoveReview
from trainer.play.mistakes import (
    GRADES,
    KIND,
    WRONG_FROM,
    from_card,
    is_own,
    judge_answer,
    own_puzzle,
    read_item,
)
from trainer.search.solver import solve
from trainer.store import LearnerError, Store
from trainer.store.queue import group_due

NOW = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)
# rules.md's endgame: 4-1@W +20, 4-1@S +10, 1-1@S 0; every tile is known
ENDGAME = ("0-0:0-3,3-4,4-6,6-5,5-5,5-1,1-0:0-4,4-2,2-1,1-3,3-2,2-0,0-5,5-4::"
           "0-6,6-3,3-3,3-5,5-2,2-2,2-6,6-1 6-6,4-4/4-1,1-1 - 1 15,15")


def review(grade: str, played: str = "1-1@S", best: str = "4-1@W", loss: float = 20.0) -> MoveReview:
    return MoveReview(5, ENDGAME, Move.parse(played), Move.parse(best), loss, grade, 0, 0.0, True)


def test_only_a_mistake_or_a_blunder_makes_a_puzzle() -> None:
    assert set(GRADES) == {"mistake", "blunder"}
    for grade in ("best", "good", "inaccuracy", "unclear", "forced", "missed_win"):
        assert own_puzzle(review(grade)) is None
    for grade in GRADES:
        made = own_puzzle(review(grade))
        assert made is not None and made.grade == grade and made.position == ENDGAME
        assert is_own(made.item) and read_item(made.item) == (Move.parse("1-1@S"), Move.parse("4-1@W"))
        assert len(made.item) <= 40 and from_card(made.item, made.position).best == made.best
    assert own_puzzle(review("mistake", played="4-1@W")) is None  # nothing better to find


def test_a_card_that_is_not_ours_or_does_not_fit_is_refused() -> None:
    for item in ("mine:", "p-12", "mine:1-1@S:4-1@W:zz", "mine:9-9@S:4-1@W:00000000"):
        with pytest.raises(TrainerError):
            read_item(item)
    made = own_puzzle(review("blunder"))
    assert made is not None
    with pytest.raises(TrainerError):  # the moves are not legal in that position
        from_card(made.item, "5-0 6-6,4-4/?7 ?18 0 0,0")
    with pytest.raises(TrainerError):
        from_card(made.item, "not a position")


def test_answers_are_judged_exactly_when_every_tile_is_known() -> None:
    made = own_puzzle(review("mistake"))
    assert made is not None
    values = {m.move: m.value for m in solve(Position.from_code(ENDGAME)).moves}
    best = judge_answer(made, Move.parse("4-1@W"))
    assert best.correct and "coach's move" in best.message
    again = judge_answer(made, Move.parse("1-1@S"))
    assert not again.correct and "you played in the game" in again.message
    other = judge_answer(made, Move.parse("4-1@S"))  # worth 10 less than the best: wrong, exactly
    loss = values[Move.parse("4-1@W")] - values[Move.parse("4-1@S")]
    assert loss >= WRONG_FROM and not other.correct
    assert f"{loss:.1f}" in other.message and "exact" in other.message
    with pytest.raises(TrainerError):
        judge_answer(made, Move.parse("6-6@E"))


def test_a_move_no_worse_than_the_coachs_is_right() -> None:
    # every tile known: 3-0@S and 3-3@W are both worth +10, 3-0@W +5
    code = ("5-5:5-1,1-6,6-4,4-5,5-2,2-4,4-0,0-6:5-3,3-6,6-6,6-2,2-2,2-0,0-0,0-1,1-2,2-3,3-1,1-1,1-4,4-3:"
            "5-6:5-0 3-3,3-0/4-4 - 0 35,25")
    values = {str(m.move): m.value for m in solve(Position.from_code(code)).moves}
    assert values == {"3-0@S": 10, "3-3@W": 10, "3-0@W": 5}
    made = own_puzzle(MoveReview(1, code, Move.parse("3-0@W"), Move.parse("3-0@S"), 5.0, "mistake", 0,
                                 0.0, True))
    assert made is not None
    verdict = judge_answer(made, Move.parse("3-3@W"))
    assert verdict.correct and "as good as" in verdict.message


def test_own_puzzles_go_to_the_review_queue(store: Store) -> None:
    ann = store.create_learner("Ann").id
    made = own_puzzle(review("blunder"))
    assert made is not None
    assert store.add_review_card(ann, "puzzle", made.item, KIND, made.position, when=NOW)
    assert not store.add_review_card(ann, "puzzle", made.item, KIND, made.position, when=NOW)  # once
    (due,) = store.due_reviews(ann, now=NOW)
    assert (due.part, due.item, due.kind, due.position) == ("puzzle", made.item, KIND, ENDGAME)
    (group,) = group_due(store.due_reviews(ann, now=NOW))
    assert group.part == "puzzle" and group.first.item == made.item
    # answering it reviews the card as any puzzle's answer does
    right = store.record_attempt(ann, "puzzle", made.item, True, kind=KIND, position=ENDGAME, mode="review",
                                 when=NOW + timedelta(minutes=1))
    assert right.review_due is not None and right.review_due > NOW + timedelta(minutes=1)
    assert store.due_reviews(ann, now=NOW + timedelta(minutes=2)) == ()
    with pytest.raises(LearnerError):
        store.add_review_card(ann + 99, "puzzle", made.item, KIND, made.position)
    with pytest.raises(TrainerError):
        store.add_review_card(ann, "lesson", made.item, KIND, made.position)
    with pytest.raises(TrainerError):
        store.add_review_card(ann, "puzzle", "", KIND, made.position)
