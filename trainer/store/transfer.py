"""A learner's whole history out of the store and back in (`trainer.store.history`)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Optional

import sqlalchemy as sa

from trainer.store.errors import LearnerError, StoreError
from trainer.store.history import (
    AttemptRow,
    CardRow,
    History,
    LessonRow,
    RatingRow,
    RunRow,
    dump_history,
    parse_history,
)
from trainer.store.learners import BATCH, LearnerStore, _hidden_key, _name_key, _pause_after, clean_name
from trainer.store.schema import (
    attempts,
    learners,
    lesson_mastery,
    rating_history,
    review_cards,
    runs,
)
from trainer.store.values import _read_time, _utc


class TransferStore(LearnerStore):
    """Export and import of the store."""

    # ----- export and import -----
    def export_learner(self, learner_id: int, when: Optional[datetime] = None) -> str:
        """The learner's whole history as the text of one JSON file (`trainer.store.history`)."""
        with self._read() as conn:
            row = self._require(conn, learner_id)
            attempt_rows = conn.execute(sa.select(attempts).where(attempts.c.learner_id == learner_id)
                                        .order_by(attempts.c.id)).all()
            index = {r.id: i for i, r in enumerate(attempt_rows)}
            history_rows = conn.execute(sa.select(rating_history)
                                        .where(rating_history.c.learner_id == learner_id)
                                        .order_by(rating_history.c.id)).all()
            run_rows = conn.execute(sa.select(runs).where(runs.c.learner_id == learner_id)
                                    .order_by(runs.c.id)).all()
            card_rows = conn.execute(sa.select(review_cards).where(review_cards.c.learner_id == learner_id)
                                     .order_by(review_cards.c.id)).all()
            lesson_rows = conn.execute(sa.select(lesson_mastery)
                                       .where(lesson_mastery.c.learner_id == learner_id)
                                       .order_by(lesson_mastery.c.lesson)).all()
        history = History(
            row.name, _read_time(row.created_at), row.rating, row.rd, row.volatility, row.rated_games,
            tuple(AttemptRow(a.part, a.item, a.kind, a.position, a.answer, a.correct, a.points_lost,
                             a.seconds, a.helped, a.rated, a.mode, tuple(a.tags.split()),
                             _read_time(a.created_at), a.day) for a in attempt_rows),
            tuple(RatingRow(index.get(h.attempt_id) if h.attempt_id is not None else None, h.puzzle_id,
                            h.rating, h.rd, h.volatility, _read_time(h.created_at)) for h in history_rows),
            tuple(RunRow(r.level, r.duration, r.answered, r.right, r.score, r.best_streak,
                         _read_time(r.created_at), r.day) for r in run_rows),
            tuple(CardRow(c.part, c.item, c.kind, c.position, c.card, _read_time(c.due), c.reviews, c.lapses,
                          _read_time(c.created_at), _read_time(c.updated_at)) for c in card_rows),
            row.language,
            tuple(LessonRow(m.lesson, m.stars, m.finished, _read_time(m.updated_at)) for m in lesson_rows))
        return dump_history(history, _utc(when))

    def import_learner(self, text: str, name: Optional[str] = None, replace: bool = False) -> int:
        """Bring a learner's history back from `export_learner`'s text; returns the new
        learner id. `name` renames him; `replace=True` replaces a learner of the same
        name. The whole file is checked first: a malformed file raises HistoryFileError
        naming the fault and changes nothing; a name already taken (without `replace`)
        raises LearnerError.

        The rows are written BATCH at a time, each batch its own short transaction, so
        that other writers (other sessions recording answers) never wait long; the new
        learner stays hidden until the last step, which gives him his name (and hides
        the learner he replaces) at once. A failure on the way removes what was written.
        """
        history = parse_history(text, clean_name)
        final = clean_name(name) if name is not None else history.name
        key = _name_key(final)
        if not replace:
            with self._read() as conn:
                if conn.execute(sa.select(learners.c.id).where(learners.c.name_key == key)).first():
                    raise self._taken(final)
        self._not_lookalike(final)
        self._sweep()
        hidden = _hidden_key("importing")
        with self._write() as conn:
            learner_id = int(conn.execute(sa.insert(learners).returning(learners.c.id).values(
                name=hidden, name_key=hidden, created_at=history.created_at, rating=history.rating,
                rd=history.rd, volatility=history.volatility, rated_games=history.rated_games,
                language=history.language)).scalar_one())
        try:
            replaced = self._fill(learner_id, history, final, key, replace)
        except BaseException:
            try:
                self._remove(learner_id)
            except StoreError:  # left hidden: the next import sweeps it away
                pass
            raise
        if replaced is not None:
            self._remove(replaced)
        return learner_id

    @staticmethod
    def _taken(final: str) -> LearnerError:
        return LearnerError(f"there is already a learner named {final!r}: import under another name, "
                            f"or replace him")

    def _fill(self, learner_id: int, history: History, final: str, key: str, replace: bool) -> Optional[int]:
        """Write the hidden learner's rows, then name him; returns the id of the learner
        he replaces (now hidden), if any."""
        ids = self._insert_attempts(learner_id, history.attempts)
        self._insert_rows(rating_history, [
            {"learner_id": learner_id, "attempt_id": None if r.attempt is None else ids[r.attempt],
             "puzzle_id": r.puzzle_id, "rating": r.rating, "rd": r.rd, "volatility": r.volatility,
             "created_at": r.created_at} for r in history.ratings])
        self._insert_rows(runs, [
            {"learner_id": learner_id, "level": r.level, "duration": r.duration, "answered": r.answered,
             "right": r.right, "score": r.score, "best_streak": r.best_streak, "created_at": r.created_at,
             "day": r.day} for r in history.runs])
        self._insert_rows(review_cards, [
            {"learner_id": learner_id, "part": c.part, "item": c.item, "kind": c.kind, "position": c.position,
             "card": c.card, "due": c.due, "reviews": c.reviews, "lapses": c.lapses,
             "created_at": c.created_at, "updated_at": c.updated_at} for c in history.reviews])
        self._insert_rows(lesson_mastery, [
            {"learner_id": learner_id, "lesson": m.lesson, "stars": m.stars, "finished": m.finished,
             "updated_at": m.updated_at} for m in history.lessons])
        try:
            with self._write() as conn:
                existing = conn.execute(sa.select(learners.c.id).where(learners.c.name_key == key)).scalar()
                if existing is not None:
                    if not replace:
                        raise self._taken(final)
                    self._hide(conn, int(existing), "removing")
                conn.execute(sa.update(learners).where(learners.c.id == learner_id)
                             .values(name=final, name_key=key))
        except sa.exc.IntegrityError:  # the name taken meanwhile by another process
            raise self._taken(final) from None
        return None if existing is None else int(existing)

    def _insert_rows(self, table: sa.Table, values: Sequence[dict[str, Any]]) -> None:
        beat = time.monotonic()
        for start in range(0, len(values), BATCH):
            if values:
                beat = self._beat(int(values[0]["learner_id"]), beat)
            began = time.monotonic()
            with self._write() as conn:
                conn.execute(sa.insert(table), list(values[start:start + BATCH]))
            _pause_after(began, self.dialect)

    def _insert_attempts(self, learner_id: int, rows: Sequence[AttemptRow]) -> list[int]:
        """Insert in order, BATCH at a time, and return the new ids in the same order."""
        numbered = sa.insert(attempts).returning(attempts.c.id, sort_by_parameter_order=True)
        ids: list[int] = []
        beat = time.monotonic()
        for start in range(0, len(rows), BATCH):
            beat = self._beat(learner_id, beat)
            values = [{"learner_id": learner_id, "part": a.part, "item": a.item, "kind": a.kind,
                       "position": a.position, "answer": a.answer, "correct": a.correct,
                       "points_lost": a.points_lost, "seconds": a.seconds, "helped": a.helped,
                       "rated": a.rated, "mode": a.mode, "tags": " ".join(a.tags), "created_at": a.created_at,
                       "day": a.day} for a in rows[start:start + BATCH]]
            began = time.monotonic()
            with self._write() as conn:
                ids.extend(int(i) for i in conn.execute(numbered, values).scalars())
            _pause_after(began, self.dialect)
        if len(ids) != len(rows):
            raise StoreError("the import's attempts could not be numbered; nothing was changed")
        return ids
