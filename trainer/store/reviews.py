"""The review queue: cards made and reviewed by attempts, and what is due."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any, Optional

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from trainer.store import scheduling as rv
from trainer.store.base import StoreBase
from trainer.store.schema import (
    review_cards,
)
from trainer.store.values import _read_time, _utc


class ReviewStore(StoreBase):
    """Review cards of the store."""

    def _review(self, conn: Connection, attempt: Mapping[str, Any], attempt_id: int) -> Optional[datetime]:
        """Review the item's card, or make it one; returns when it is due next."""
        sql = self._sql
        correct, helped, stamp = attempt["correct"], attempt["helped"], attempt["created_at"]
        seconds = attempt["seconds"]
        row = conn.execute(sql.card_lock, {"learner_id": attempt["learner_id"], "part": attempt["part"],
                                           "item": attempt["item"]}).first()
        if row is None:
            if not rv.makes_card(attempt["part"], correct, helped):
                return None
            if attempt["part"] == "drill":  # enough drill boards coming back soon: no flood
                soon = conn.execute(sql.drill_cards_soon, {"learner_id": attempt["learner_id"],
                                                           "soon": stamp + rv.DRILL_SOON}).scalar_one()
                if soon >= rv.DRILL_CAP:
                    return None
            card = rv.review(rv.new_card(attempt_id, stamp), correct, helped, stamp, seconds)
            conn.execute(sql.insert_card, {
                "learner_id": attempt["learner_id"], "part": attempt["part"], "item": attempt["item"],
                "kind": attempt["kind"], "position": attempt["position"], "card": rv.card_to_json(card),
                "due": card.due, "reviews": 1, "lapses": 0 if correct else 1, "created_at": stamp,
                "updated_at": stamp})
            return card.due
        try:
            card = rv.review(rv.card_from_json(row.card), correct, helped, stamp, seconds)
        except rv.ReviewError:  # a damaged card starts again
            card = rv.review(rv.new_card(attempt_id, stamp), correct, helped, stamp, seconds)
        conn.execute(sql.update_card, {
            "key": row.id, "new_card": rv.card_to_json(card), "new_due": card.due,
            "new_reviews": row.reviews + 1, "new_lapses": row.lapses + (0 if correct else 1),
            "new_position": attempt["position"] or row.position,
            "new_kind": attempt["kind"] or row.kind, "new_updated_at": stamp})
        return card.due


    # ----- review queue -----
    def due_reviews(self, learner_id: int, now: Optional[datetime] = None,
                    limit: Optional[int] = None) -> tuple[rv.ReviewItem, ...]:
        """The learner's review cards due by `now`, the longest overdue first."""
        return self._cards(learner_id, _utc(now), limit)

    def review_queue(self, learner_id: int) -> tuple[rv.ReviewItem, ...]:
        """Every review card of the learner, by due time."""
        return self._cards(learner_id, None, None)

    def _cards(self, learner_id: int, now: Optional[datetime],
               limit: Optional[int]) -> tuple[rv.ReviewItem, ...]:
        c = review_cards.c
        query = sa.select(review_cards).where(c.learner_id == learner_id)
        if now is not None:
            query = query.where(c.due <= now)
        query = query.order_by(c.due, c.id)
        if limit is not None:
            query = query.limit(limit)
        items = []
        with self._read() as conn:
            for row in conn.execute(query):
                try:
                    state = rv.state_name(rv.card_from_json(row.card))
                except rv.ReviewError:
                    state = "Learning"
                items.append(rv.ReviewItem(row.part, row.item, row.kind, row.position, _read_time(row.due),
                                           state, row.reviews, row.lapses))
        return tuple(items)

