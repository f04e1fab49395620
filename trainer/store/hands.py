"""A learner's own hands: records of hands played anywhere (at a club's table, online),
each as he saw it (`trainer.engine.seatview`), kept once, with the sums of their review
(moves judged, mistakes, points lost) once reviewed.

A record is checked before it is kept: its JSON form is read and every turn followed
(`SeatRecord.follow`); one that cannot be raises NotationError and nothing is stored.

>>> import tempfile, os
>>> from trainer.store import Store
>>> from trainer.engine.seatview import SeatRecord
>>> folder = tempfile.TemporaryDirectory()
>>> store = Store(os.path.join(folder.name, "hands.db"))
>>> ann = store.create_learner("Ann").id
>>> text = "rules: standard\\nplayers: 2\\nseat: 0\\nhand: 5-2,5-1,4-2,4-0,3-3,3-0,2-1,2-0,0-0\\n1: 6-6\\n"
>>> first = store.keep_hand(ann, SeatRecord.parse(text))
>>> store.keep_hand(ann, SeatRecord.parse(text)) == first  # kept once
True
>>> [(h.rules, h.players, h.turns, h.moves) for h in store.hands(ann)]
[('standard', 2, 1, None)]
>>> store.close(); folder.cleanup()
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Optional

import sqlalchemy as sa

from trainer.engine.seatview import SeatRecord
from trainer.errors import TrainerError
from trainer.store.errors import StoreError
from trainer.store.learners import LearnerStore
from trainer.store.schema import hands
from trainer.store.values import _read_time, _utc

HANDS_SHOWN = 200  # the most a listing returns, newest first


@dataclass(frozen=True)
class HandSums:
    """What a review of the hand found: the learner's moves judged, those graded a
    mistake or a blunder, and the points those cost (rounded)."""

    moves: int
    mistakes: int
    points_lost: int


@dataclass(frozen=True)
class KeptHand:
    """One kept hand, as a listing shows it."""

    id: int
    rules: str
    players: int
    turns: int
    sums: Optional[HandSums]
    created_at: datetime

    @property
    def moves(self) -> Optional[int]:
        return None if self.sums is None else self.sums.moves


def hand_key(record: SeatRecord) -> str:
    """The digest a record is kept once by: of its canonical JSON form."""
    return hashlib.blake2b(record.to_json().encode(), digest_size=16).hexdigest()


def _length(record: SeatRecord) -> tuple[int, bool, int]:
    """How far a record is written: its turns, then its end, then the hands shown."""
    return len(record.turns), record.end is not None, len(record.shown)


def _checked_sums(sums: Optional[HandSums]) -> None:
    if sums is None:
        return
    values = (sums.moves, sums.mistakes, sums.points_lost)
    if any(isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 10_000 for v in values) \
            or sums.mistakes > sums.moves:
        raise TrainerError(f"a hand's review sums are whole numbers, mistakes at most the moves: {values}")


class HandStore(LearnerStore):
    """Keeping, listing, reading and removing a learner's own hands."""

    def keep_hand(self, learner_id: int, record: SeatRecord, sums: Optional[HandSums] = None,
                  when: Optional[datetime] = None) -> int:
        """Keep `record` for the learner (checked first: NotationError names what is
        wrong) and return its id; a record kept before keeps its id, its sums updated
        when given. The same hand written further (the same deal and seat, the turns
        kept before its first turns), or less far, is one hand: the row kept holds the
        longer record. LearnerError for an unknown learner."""
        record.follow()  # raises, naming the turn
        _checked_sums(sums)
        key = hand_key(record)
        values = {"moves": sums.moves, "mistakes": sums.mistakes, "points_lost": sums.points_lost} \
            if sums is not None else {}
        mine = (hands.c.learner_id == learner_id) & (hands.c.hand_key == key)
        try:
            with self._write() as conn:
                self._require(conn, learner_id)
                found = conn.execute(sa.select(hands.c.id).where(mine)).scalar()
                if found is not None:
                    if values:
                        conn.execute(sa.update(hands).where(hands.c.id == found).values(**values))
                    return int(found)
                same = self._same_hand(conn, learner_id, record)
                if same is not None:
                    kept_id, kept = same
                    if _length(kept) < _length(record):
                        conn.execute(sa.update(hands).where(hands.c.id == kept_id).values(
                            hand_key=key, record=record.to_json(), turns=len(record.turns), **values))
                    return kept_id
                return int(conn.execute(sa.insert(hands).returning(hands.c.id).values(
                    learner_id=learner_id, hand_key=key, record=record.to_json(), rules=record.rules,
                    players=record.players, turns=len(record.turns), created_at=_utc(when),
                    **({"moves": None, "mistakes": None, "points_lost": None} | values))).scalar_one())
        except sa.exc.IntegrityError as error:
            raise StoreError(f"the hand could not be kept: {error.orig}") from None

    @staticmethod
    def _same_hand(conn: sa.Connection, learner_id: int,
                   record: SeatRecord) -> Optional[tuple[int, SeatRecord]]:
        """The learner's kept hand that is `record` written down to an earlier or a
        later turn, if any."""
        query = sa.select(hands.c.id, hands.c.record).where(
            (hands.c.learner_id == learner_id) & (hands.c.rules == record.rules)
            & (hands.c.players == record.players)).order_by(hands.c.id.desc()).limit(HANDS_SHOWN)
        for row in conn.execute(query):
            kept = SeatRecord.from_json(row.record)
            if replace(kept, turns=(), end=None, shown=()) != replace(record, turns=(), end=None, shown=()):
                continue
            short, long = sorted((kept.turns, record.turns), key=len)
            if long[:len(short)] == short:
                return int(row.id), kept
        return None

    def hands(self, learner_id: int, limit: int = HANDS_SHOWN) -> list[KeptHand]:
        """The learner's kept hands, newest first (at most `limit`)."""
        query = (sa.select(hands.c.id, hands.c.rules, hands.c.players, hands.c.turns, hands.c.moves,
                           hands.c.mistakes, hands.c.points_lost, hands.c.created_at)
                 .where(hands.c.learner_id == learner_id)
                 .order_by(hands.c.created_at.desc(), hands.c.id.desc())
                 .limit(max(0, min(limit, HANDS_SHOWN))))
        with self._read() as conn:
            return [KeptHand(int(r.id), r.rules, int(r.players), int(r.turns),
                             None if r.moves is None else HandSums(int(r.moves), int(r.mistakes),
                                                                   int(r.points_lost)),
                             _read_time(r.created_at)) for r in conn.execute(query)]

    def hand_record(self, learner_id: int, hand_id: int) -> SeatRecord:
        """One of the learner's kept hands; TrainerError when he has none of that id."""
        query = sa.select(hands.c.record).where((hands.c.learner_id == learner_id) & (hands.c.id == hand_id))
        with self._read() as conn:
            text = conn.execute(query).scalar()
        if text is None:
            raise TrainerError(f"no hand of yours has the id {hand_id}")
        return SeatRecord.from_json(text)

    def remove_hand(self, learner_id: int, hand_id: int) -> bool:
        """Remove one of the learner's kept hands; whether there was one."""
        with self._write() as conn:
            gone = conn.execute(sa.delete(hands).where((hands.c.learner_id == learner_id)
                                                       & (hands.c.id == hand_id)))
        return bool(gone.rowcount)
