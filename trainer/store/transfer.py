"""A learner's whole history out of the store and back in (`trainer.store.history`),
a row at a time: an export writes each row as it is read, an import checks the whole
file and then writes it BATCH rows at a time, so that neither holds the history."""

from __future__ import annotations

import time
from array import array
from bisect import bisect_left
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime
from typing import IO, Any, Optional

import sqlalchemy as sa

from trainer.engine.seatview import SeatRecord
from trainer.store.errors import LearnerError, StoreError
from trainer.store.hands import hand_key
from trainer.store.history import (
    AttemptRow,
    CardRow,
    HandRow,
    LessonRow,
    RunRow,
    _time,
    attempt_record,
    card_record,
    hand_row_record,
    lesson_record,
    run_record,
    write_history,
)
from trainer.store.history_reader import (
    HistoryHead,
    HistorySource,
    check_history,
    history_rows,
)
from trainer.store.learners import BATCH, LearnerStore, _hidden_key, _name_key, _pause_after, clean_name
from trainer.store.schema import (
    attempts,
    hands,
    learners,
    lesson_mastery,
    rating_history,
    review_cards,
    runs,
)
from trainer.store.values import _read_time, _utc

FLUSH = 1 << 16  # characters of the file gathered before they are written out


class NameTakenError(LearnerError):
    """An import under a name another learner has (and no replacing asked)."""

    def __init__(self, name: str) -> None:
        super().__init__(f"there is already a learner named {name!r}: import under another name, "
                         f"or replace him")
        self.name = name


class _Out:
    """Small pieces of text gathered and written to a binary stream as UTF-8."""

    def __init__(self, out: IO[bytes]) -> None:
        self._out = out
        self._parts: list[str] = []
        self._size = 0

    def write(self, text: str) -> None:
        self._parts.append(text)
        self._size += len(text)
        if self._size >= FLUSH:
            self.flush()

    def flush(self) -> None:
        self._out.write("".join(self._parts).encode("utf-8"))
        self._parts, self._size = [], 0


class TransferStore(LearnerStore):
    """Export and import of the store."""

    # ----- export -----
    def export_learner(self, learner_id: int, when: Optional[datetime] = None) -> str:
        """The learner's whole history as the text of one JSON file (`trainer.store.history`);
        `export_to` writes it to a file without holding it."""
        parts: list[str] = []
        self._export(learner_id, parts.append, when)
        return "".join(parts)

    def export_to(self, learner_id: int, out: IO[bytes], when: Optional[datetime] = None) -> None:
        """Write the learner's history file to the binary stream `out` (UTF-8), a row at a
        time as the rows are read: the history is never held whole."""
        buffered = _Out(out)
        self._export(learner_id, buffered.write, when)
        buffered.flush()

    def _export(self, learner_id: int, write: Callable[[str], object], when: Optional[datetime]) -> None:
        """One read transaction (a consistent snapshot), each table read BATCH rows at a time."""
        with self._read() as conn:
            row = self._require(conn, learner_id)
            learner = {"name": row.name, "created_at": _time(_read_time(row.created_at)),
                       "rating": row.rating, "rd": row.rd, "volatility": row.volatility,
                       "rated_games": row.rated_games, "language": row.language}

            def rows(query: sa.Select[Any]) -> Iterator[Any]:
                yield from conn.execute(query.execution_options(yield_per=BATCH))

            numbers = array("q")  # the attempts' ids in order: a rating names his by its place
            for (number,) in rows(sa.select(attempts.c.id).where(attempts.c.learner_id == learner_id)
                                  .order_by(attempts.c.id)):
                numbers.append(number)

            def place(attempt_id: Optional[int]) -> Optional[int]:
                at = bisect_left(numbers, attempt_id) if attempt_id is not None else len(numbers)
                return at if at < len(numbers) and numbers[at] == attempt_id else None

            mine = [sa.select(t).where(t.c.learner_id == learner_id) for t in (attempts, runs, review_cards)]
            write_history(write, learner, _utc(when), [
                ("attempts", (attempt_record(AttemptRow(
                    a.part, a.item, a.kind, a.position, a.answer, a.correct, a.points_lost, a.seconds,
                    a.helped, a.rated, a.mode, tuple(a.tags.split()), _read_time(a.created_at), a.day))
                    for a in rows(mine[0].order_by(attempts.c.id)))),
                ("ratings", ({"attempt": place(h.attempt_id), "puzzle_id": h.puzzle_id, "rating": h.rating,
                              "rd": h.rd, "volatility": h.volatility,
                              "created_at": _time(_read_time(h.created_at))}
                             for h in rows(sa.select(rating_history)
                                           .where(rating_history.c.learner_id == learner_id)
                                           .order_by(rating_history.c.id)))),
                ("runs", (run_record(RunRow(r.level, r.duration, r.answered, r.right, r.score, r.best_streak,
                                            _read_time(r.created_at), r.day, r.mode))
                          for r in rows(mine[1].order_by(runs.c.id)))),
                ("reviews", (card_record(CardRow(c.part, c.item, c.kind, c.position, c.card,
                                                 _read_time(c.due), c.reviews, c.lapses,
                                                 _read_time(c.created_at), _read_time(c.updated_at)))
                             for c in rows(mine[2].order_by(review_cards.c.id)))),
                ("lessons", (lesson_record(LessonRow(m.lesson, m.stars, m.finished, _read_time(m.updated_at)))
                             for m in rows(
                    sa.select(lesson_mastery).where(lesson_mastery.c.learner_id == learner_id)
                    .order_by(lesson_mastery.c.lesson)))),
                ("hands", (hand_row_record(HandRow(h.record, h.moves, h.mistakes, h.points_lost,
                                                   _read_time(h.created_at)))
                           for h in rows(sa.select(hands).where(hands.c.learner_id == learner_id)
                                         .order_by(hands.c.id)))),
            ])

    # ----- import -----
    def import_learner(self, source: HistorySource, name: Optional[str] = None,
                       replace: bool = False) -> int:
        """Bring a learner's history back from `export_learner`'s file (its text, its
        bytes or a binary stream that can seek); returns the new learner id. `name`
        renames him; `replace=True` replaces a learner of the same name. The whole file
        is checked first (`check_history`, in bounded memory): a malformed file raises
        HistoryFileError naming the fault and changes nothing; a name already taken
        (without `replace`) raises NameTakenError, a LearnerError.

        Then the file is read again and its rows written BATCH at a time, each batch its
        own short transaction, so that other writers (other sessions recording answers)
        never wait long; the new learner stays hidden until the last step, which gives
        him his name (and hides the learner he replaces) at once. A failure on the way
        removes what was written.
        """
        head = check_history(source, clean_name)
        final = clean_name(name) if name is not None else head.name
        key = _name_key(final)
        if not replace:
            with self._read() as conn:
                if conn.execute(sa.select(learners.c.id).where(learners.c.name_key == key)).first():
                    raise NameTakenError(final)
        self._not_lookalike(final)
        self._sweep()
        hidden = _hidden_key("importing")
        with self._write() as conn:
            learner_id = int(conn.execute(sa.insert(learners).returning(learners.c.id).values(
                name=hidden, name_key=hidden, created_at=head.created_at, rating=head.rating,
                rd=head.rd, volatility=head.volatility, rated_games=head.rated_games,
                language=head.language)).scalar_one())
        try:
            replaced = self._fill(learner_id, source, head, final, key, replace)
        except BaseException:
            try:
                self._remove(learner_id)
            except StoreError:  # left hidden: the next import sweeps it away
                pass
            raise
        if replaced is not None:
            self._remove(replaced)
        return learner_id

    def _fill(self, learner_id: int, source: HistorySource, head: HistoryHead, final: str, key: str,
              replace: bool) -> Optional[int]:
        """Write the hidden learner's rows, then name him; returns the id of the learner
        he replaces (now hidden), if any."""
        ids = array("q")  # the new attempts' ids, in the order of the file
        late = "ratings" in head.order and head.order.index("ratings") < head.order.index("attempts") \
            if "attempts" in head.order else False
        batch: list[Any] = []
        kind = ""
        beat = [time.monotonic()]

        def flush() -> None:
            if batch:
                self._write_batch(learner_id, kind, batch, ids, beat)
                batch.clear()

        passes: list[Optional[tuple[str, ...]]] = [("attempts", "runs", "reviews", "lessons", "hands"),
                                                  ("ratings",)] \
            if late else [None]
        for only in passes:
            for list_key, row in history_rows(source, only):
                if list_key != kind or len(batch) >= BATCH:
                    flush()
                    kind = list_key
                batch.append(row)
            flush()
        if len(ids) != head.counts["attempts"]:
            raise StoreError("the import's attempts could not be numbered; nothing was changed")
        try:
            with self._write() as conn:
                existing = conn.execute(sa.select(learners.c.id).where(learners.c.name_key == key)).scalar()
                if existing is not None:
                    if not replace:
                        raise NameTakenError(final)
                    self._hide(conn, int(existing), "removing")
                conn.execute(sa.update(learners).where(learners.c.id == learner_id)
                             .values(name=final, name_key=key))
        except sa.exc.IntegrityError:  # the name taken meanwhile by another process
            raise NameTakenError(final) from None
        return None if existing is None else int(existing)

    def _write_batch(self, learner_id: int, kind: str, batch: Sequence[Any], ids: array[int],
                     beat: list[float]) -> None:
        """One batch of one list's rows (a BATCH at most) in its own transaction."""
        beat[0] = self._beat(learner_id, beat[0])
        if kind == "attempts":
            ids.extend(self._insert_attempts(learner_id, batch))
            return
        if kind == "ratings":
            values = [{"learner_id": learner_id, "attempt_id": None if r.attempt is None else ids[r.attempt],
                       "puzzle_id": r.puzzle_id, "rating": r.rating, "rd": r.rd, "volatility": r.volatility,
                       "created_at": r.created_at} for r in batch]
            table = rating_history
        elif kind == "runs":
            values = [{"learner_id": learner_id, "level": r.level, "duration": r.duration,
                       "answered": r.answered, "right": r.right, "score": r.score,
                       "best_streak": r.best_streak, "created_at": r.created_at, "day": r.day,
                       "mode": r.mode} for r in batch]
            table = runs
        elif kind == "reviews":
            values = [{"learner_id": learner_id, "part": c.part, "item": c.item, "kind": c.kind,
                       "position": c.position, "card": c.card, "due": c.due, "reviews": c.reviews,
                       "lapses": c.lapses, "created_at": c.created_at, "updated_at": c.updated_at}
                      for c in batch]
            table = review_cards
        elif kind == "hands":
            values = [_hand_values(learner_id, h) for h in batch]
            table = hands
        else:
            values = [{"learner_id": learner_id, "lesson": m.lesson, "stars": m.stars, "finished": m.finished,
                       "updated_at": m.updated_at} for m in batch]
            table = lesson_mastery
        self._insert_rows(table, values)

    def _insert_rows(self, table: sa.Table, values: Sequence[dict[str, Any]]) -> None:
        """Insert one batch of rows in one short transaction."""
        began = time.monotonic()
        with self._write() as conn:
            conn.execute(sa.insert(table), list(values))
        _pause_after(began, self.dialect)

    def _insert_attempts(self, learner_id: int, rows: Sequence[AttemptRow]) -> list[int]:
        """Insert one batch of attempts in order and return the new ids in the same order."""
        numbered = sa.insert(attempts).returning(attempts.c.id, sort_by_parameter_order=True)
        values = [{"learner_id": learner_id, "part": a.part, "item": a.item, "kind": a.kind,
                   "position": a.position, "answer": a.answer, "correct": a.correct,
                   "points_lost": a.points_lost, "seconds": a.seconds, "helped": a.helped,
                   "rated": a.rated, "mode": a.mode, "tags": " ".join(a.tags), "created_at": a.created_at,
                   "day": a.day} for a in rows]
        began = time.monotonic()
        with self._write() as conn:
            ids = [int(i) for i in conn.execute(numbered, values).scalars()]
        _pause_after(began, self.dialect)
        if len(ids) != len(rows):
            raise StoreError("the import's attempts could not be numbered; nothing was changed")
        return ids


def _hand_values(learner_id: int, row: HandRow) -> dict[str, Any]:
    """A hand's row as the hands table keeps it (its record already checked)."""
    record = SeatRecord.from_json(row.record)
    return {"learner_id": learner_id, "hand_key": hand_key(record), "record": row.record,
            "rules": record.rules, "players": record.players, "turns": len(record.turns), "moves": row.moves,
            "mistakes": row.mistakes, "points_lost": row.points_lost, "created_at": row.created_at}
