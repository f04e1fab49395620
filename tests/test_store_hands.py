"""A learner's own hands in the store: kept once and checked first, listed newest first
with their reviews' sums, out and back in with his history, hostile records refused
with nothing written, and in club mode his alone."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from tests.test_seat_record import HAND, played
from tests.test_store_transfer_mastery import row_counts
from trainer.engine.moves import Move
from trainer.engine.seatview import SeatRecord, SeatTurn
from trainer.errors import NotationError, TrainerError
from trainer.store import HandSums, HistoryFileError, Store
from trainer.store.accounts import AccessError

T0 = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)


def records() -> list[SeatRecord]:
    """The example hand, a partners hand to its end and a cincos hand, each for one seat."""
    return [SeatRecord.parse(HAND), played("partners", 4, 3).seat_record(1, 2),
            played("cincos", 3, 5).seat_record(1, 0)]


def _keep(store: Store) -> tuple[int, list[int]]:
    ann = store.create_learner("Ann").id
    ids = [store.keep_hand(ann, record, HandSums(3 + i, i, 5 * i) if i != 1 else None,
                           when=T0 + timedelta(hours=i)) for i, record in enumerate(records())]
    return ann, ids


def test_hands_are_kept_once_listed_newest_first_and_read_back(store: Store) -> None:
    ann, ids = _keep(store)
    assert len(set(ids)) == 3
    listed = store.hands(ann)
    assert [h.id for h in listed] == ids[::-1]
    assert [(h.rules, h.players) for h in listed] == [("cincos", 3), ("partners", 4), ("standard", 2)]
    assert listed[1].sums is None and listed[0].sums == HandSums(5, 2, 10)
    for hand_id, record in zip(ids, records()):
        assert store.hand_record(ann, hand_id) == record
    # kept again: the same id, its sums now given
    assert store.keep_hand(ann, records()[1], HandSums(7, 1, 4)) == ids[1]
    assert store.hands(ann)[1].sums == HandSums(7, 1, 4) and len(store.hands(ann)) == 3
    assert store.remove_hand(ann, ids[0]) and not store.remove_hand(ann, ids[0])
    with pytest.raises(TrainerError, match="no hand of yours has the id"):
        store.hand_record(ann, ids[0])


def test_the_same_hand_written_further_is_one_hand_holding_the_longer_record(store: Store) -> None:
    ann = store.create_learner("Ann").id
    full = SeatRecord.parse(HAND)
    short = replace(full, turns=full.turns[:2])
    first = store.keep_hand(ann, short, HandSums(1, 0, 0))
    assert store.keep_hand(ann, full, HandSums(2, 1, 6)) == first
    assert store.hand_record(ann, first) == full and store.hands(ann)[0].sums == HandSums(2, 1, 6)
    assert store.keep_hand(ann, short) == first and store.hand_record(ann, first) == full  # never shortened
    other = replace(full, hand=full.hand, seat=0, scores=(5, 0))
    assert store.keep_hand(ann, other) != first and len(store.hands(ann)) == 2  # another deal's score


def test_a_record_that_breaks_the_rules_is_refused_and_nothing_kept(store: Store) -> None:
    ann = store.create_learner("Ann").id
    good = SeatRecord.parse(HAND)
    wrong = replace(good, turns=(*good.turns[:-1], SeatTurn(0, (), Move.parse("4-0@E"))))
    before = row_counts(store)
    with pytest.raises(NotationError, match="turn 4"):
        store.keep_hand(ann, wrong)
    with pytest.raises(TrainerError, match="mistakes at most the moves"):
        store.keep_hand(ann, SeatRecord.parse(HAND), HandSums(1, 2, 0))
    assert row_counts(store) == before


def test_hands_go_out_with_the_history_and_come_back(store: Store) -> None:
    ann, ids = _keep(store)
    text = store.export_learner(ann, when=T0)
    data = json.loads(text)
    assert [h["record"]["rules"] for h in data["hands"]] == ["standard", "partners", "cincos"]
    assert data["hands"][1]["moves"] is None and data["hands"][2]["points_lost"] == 10
    copy = store.import_learner(text, name="Ann's copy")
    assert [(h.rules, h.sums) for h in store.hands(copy)] == [(h.rules, h.sums) for h in store.hands(ann)]
    assert [store.hand_record(copy, h.id) for h in store.hands(copy)] == records()[::-1]
    assert json.loads(store.export_learner(copy, when=T0))["hands"] == data["hands"]
    old = dict(data)
    del old["hands"]  # a file from before hands were kept
    assert store.hands(store.import_learner(json.dumps(old), name="Old Ann")) == []


def _hand(change: Callable[[dict[str, Any]], object]) -> Callable[[dict[str, Any]], object]:
    return lambda d: change(d["hands"][0])


HOSTILE: list[tuple[str, Callable[[dict[str, Any]], object], str]] = [
    ("a turn against the rules", _hand(lambda h: h["record"]["turns"][3].update(move="4-0@E")),
     r"hands\[0\]\.record: seat record turns\[3\]: 4-0 does not fit"),
    ("wrong rules", _hand(lambda h: h["record"].update(rules="poker")), r"hands\[0\]\.record: .*rules"),
    ("a record as text", _hand(lambda h: h.update(record="rules: standard")), r"hands\[0\]\.record"),
    ("a cycle-like nesting", _hand(lambda h: h["record"].update(hand=[[["5-2"]]])), r"hands\[0\]\.record"),
    ("negative sums", _hand(lambda h: h.update(moves=-1)), r"hands\[0\]\.moves"),
    ("the same hand twice", lambda d: d["hands"].append(json.loads(json.dumps(d["hands"][0]))),
     r"hands\[3\]\.record: the same hand a second time"),
    ("hands object", lambda d: d.update(hands={"a": 1}), r"hands: expected a list, got an object"),
]


@pytest.mark.parametrize("name, spoil, message", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_hostile_hands_in_a_history_are_refused_and_nothing_is_written(
        store: Store, name: str, spoil: Callable[[dict[str, Any]], object], message: str) -> None:
    ann, _ = _keep(store)
    data = json.loads(store.export_learner(ann))
    spoil(data)
    before = row_counts(store)
    with pytest.raises(HistoryFileError, match=message):
        store.import_learner(json.dumps(data), replace=True)
    assert row_counts(store) == before and len(store.hands(ann)) == 3


def test_in_club_mode_a_learner_s_hands_are_his_alone(store: Store) -> None:
    ann = store.create_account("Ann", "learner", password="ann-secret-1")
    ben = store.create_account("Ben", "learner", password="ben-secret-1")
    mine, his = store.scoped(ann), store.scoped(ben)
    hand_id = mine.keep_hand(ann.learner_id, SeatRecord.parse(HAND))
    assert [h.id for h in mine.hands(ann.learner_id)] == [hand_id]
    with pytest.raises(AccessError):
        his.hands(ann.learner_id)
    with pytest.raises(AccessError):
        his.hand_record(ann.learner_id, hand_id)
    with pytest.raises(AccessError):
        his.remove_hand(ann.learner_id, hand_id)
    with pytest.raises(TrainerError, match="no hand of yours"):
        his.hand_record(ben.learner_id, hand_id)  # another's id, asked as his own: not found
    assert not his.remove_hand(ben.learner_id, hand_id) and len(store.hands(ann.learner_id)) == 1
