"""Lesson mastery: each learner's best stars per lesson (0 to 3) and how many times he
finished it."""

from __future__ import annotations

from datetime import datetime
from typing import Optional

import sqlalchemy as sa

from trainer.errors import TrainerError
from trainer.store.errors import StoreError
from trainer.store.learners import LearnerStore
from trainer.store.schema import lesson_mastery
from trainer.store.values import _utc

MOST_STARS = 3
LESSON_ID_LIMIT = 40


class MasteryStore(LearnerStore):
    """Best stars per lesson."""

    def record_lesson(self, learner_id: int, lesson_id: str, stars: int,
                      when: Optional[datetime] = None) -> int:
        """Keep a finished lesson's stars; returns the learner's best for it so far.
        Raises TrainerError for a lesson id that is not short plain text or stars
        outside 0-3, LearnerError for an unknown learner."""
        plain = isinstance(lesson_id, str) and lesson_id.isascii() and 0 < len(lesson_id) <= LESSON_ID_LIMIT
        if not plain or not lesson_id.replace("_", "").replace("-", "").isalnum():
            shown = str(lesson_id)[:50]
            raise TrainerError(f"a lesson id is a short name of letters and digits, not {shown!r}")
        if isinstance(stars, bool) or not isinstance(stars, int) or not 0 <= stars <= MOST_STARS:
            raise TrainerError(f"a lesson's stars are a whole number from 0 to {MOST_STARS}, not {stars!r}")
        stamp = _utc(when)
        key = (lesson_mastery.c.learner_id == learner_id) & (lesson_mastery.c.lesson == lesson_id)
        try:
            with self._write() as conn:
                self._require(conn, learner_id)
                row = conn.execute(sa.select(lesson_mastery).where(key)).first()
                if row is None:
                    conn.execute(sa.insert(lesson_mastery).values(
                        learner_id=learner_id, lesson=lesson_id, stars=stars, finished=1, updated_at=stamp))
                    return stars
                best = max(int(row.stars), stars)
                conn.execute(sa.update(lesson_mastery).where(key).values(
                    stars=best, finished=int(row.finished) + 1, updated_at=stamp))
                return best
        except sa.exc.IntegrityError as error:
            raise StoreError(f"the lesson could not be kept: {error.orig}") from None

    def lesson_stars(self, learner_id: int) -> dict[str, int]:
        """The learner's best stars for every lesson he has finished."""
        query = sa.select(lesson_mastery.c.lesson, lesson_mastery.c.stars).where(
            lesson_mastery.c.learner_id == learner_id)
        with self._read() as conn:
            return {str(lesson): int(stars) for lesson, stars in conn.execute(query)}
