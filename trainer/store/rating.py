"""Puzzle ratings: the Glicko-2 game of a rated attempt (a new learner's start, its
provisional period and bounded steps: trainer.store.provisional) and the rated stream."""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Optional, TypeVar

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from trainer.store.glicko import INITIAL_RD, INITIAL_VOLATILITY, Rated, Rating, pick_near
from trainer.store.learners import LearnerStore
from trainer.store.provisional import rate_attempt, starting
from trainer.store.schema import (
    attempts,
    puzzle_ratings,
    rating_history,
)
from trainer.store.values import RatingPoint, Recorded, _read_time, _utc

R = TypeVar("R", bound=Rated)


class RatingStore(LearnerStore):
    """Ratings of learners and puzzles."""

    def _rate(self, conn: Connection, learner_row: sa.Row[Any], puzzle_id: str, correct: bool,
              bank_rating: float, attempt_id: int, stamp: datetime) -> Recorded:
        sql = self._sql
        row = conn.execute(sql.puzzle_lock, {"puzzle_id": puzzle_id}).first()
        if row is None:
            conn.execute(sql.insert_puzzle, {"puzzle_id": puzzle_id, "rating": bank_rating,
                                             "rd": INITIAL_RD, "volatility": INITIAL_VOLATILITY, "games": 0,
                                             "updated_at": stamp})
            row = conn.execute(sql.puzzle_lock, {"puzzle_id": puzzle_id}).one()
        learner_before = starting(Rating(learner_row.rating, learner_row.rd, learner_row.volatility),
                                  learner_row.rated_games)
        puzzle_before = Rating(row.rating, row.rd, row.volatility)
        learner_after, puzzle_after = rate_attempt(learner_before, puzzle_before, correct)
        conn.execute(sql.update_learner, {"key": learner_row.id, "new_rating": learner_after.rating,
                                          "new_rd": learner_after.rd,
                                          "new_volatility": learner_after.volatility})
        conn.execute(sql.update_puzzle, {"key": puzzle_id, "new_rating": puzzle_after.rating,
                                         "new_rd": puzzle_after.rd, "new_volatility": puzzle_after.volatility,
                                         "new_updated_at": stamp})
        conn.execute(sql.insert_history, {"learner_id": learner_row.id, "attempt_id": attempt_id,
                                          "puzzle_id": puzzle_id, "rating": learner_after.rating,
                                          "rd": learner_after.rd, "volatility": learner_after.volatility,
                                          "created_at": stamp})
        return Recorded(attempt_id, True, learner_before, learner_after, puzzle_before, puzzle_after)


    def rating_history(self, learner_id: int, since: Optional[datetime] = None) -> tuple[RatingPoint, ...]:
        """The learner's rating after each rated attempt, oldest first."""
        h = rating_history.c
        query = (sa.select(h.created_at, h.rating, h.rd, h.volatility, h.puzzle_id)
                 .where(h.learner_id == learner_id))
        if since is not None:
            query = query.where(h.created_at >= _utc(since))
        query = query.order_by(h.id)
        with self._read() as conn:
            return tuple(RatingPoint(_read_time(t), r, d, v, p) for t, r, d, v, p in conn.execute(query))


    def puzzles_attempted(self, learner_id: int) -> frozenset[str]:
        """Ids of every puzzle the learner has answered (to leave out of a rated stream)."""
        query = (sa.select(attempts.c.item).distinct()
                 .where(attempts.c.learner_id == learner_id, attempts.c.part == "puzzle"))
        with self._read() as conn:
            return frozenset(item for (item,) in conn.execute(query))

    def rated_puzzle(self, learner_id: int, rng: random.Random, puzzles: Sequence[R]) -> R:
        """The next puzzle of the learner's rated stream, from `puzzles` (the bank, or a
        part of it): one near his rating (current puzzle ratings counted), not tried
        before while any such remains (`trainer.store.glicko.pick_near`). A new
        learner's rating is in the easy band, so his stream starts there."""
        learner = self.learner(learner_id)
        return pick_near(puzzles, learner.rating.rating, rng,
                         current=self.puzzle_ratings(), exclude=self.puzzles_attempted(learner_id))

    def puzzle_ratings(self) -> dict[str, Rating]:
        """The current rating of every puzzle rated at least once (others keep the bank's)."""
        p = puzzle_ratings.c
        with self._read() as conn:
            return {pid: Rating(r, d, v) for pid, r, d, v in
                    conn.execute(sa.select(p.puzzle_id, p.rating, p.rd, p.volatility))}

