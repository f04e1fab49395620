"""Recording answers and timed runs, with what follows from them."""

from __future__ import annotations

import math
import uuid
import zlib
from collections.abc import Sequence
from dataclasses import replace
from datetime import date, datetime
from typing import Optional

import sqlalchemy as sa

from trainer.errors import TrainerError
from trainer.store import scheduling as rv
from trainer.store.errors import LearnerError, StoreError
from trainer.store.glicko import INITIAL_RATING
from trainer.store.history import (
    LIMITS,
    MODES,
    PARTS,
    RUN_MODES,
)
from trainer.store.rating import RatingStore
from trainer.store.reviews import ReviewStore
from trainer.store.schema import (
    attempts,
    runs,
)
from trainer.store.values import Recorded, _local_day, _utc


class RecordingStore(RatingStore, ReviewStore):
    """Recording of the store."""

    # ----- recording -----
    def record_attempt(self, learner_id: int, part: str, item: str, correct: bool, *,
                       kind: Optional[str] = None, position: str = "", answer: str = "",
                       points_lost: Optional[int] = None, seconds: Optional[float] = None,
                       helped: bool = False, rated: bool = False, mode: str = "",
                       tags: Optional[Sequence[str]] = None, when: Optional[datetime] = None,
                       day: Optional[date] = None, key: Optional[str] = None) -> Recorded:
        """Keep one answer, in one transaction with what follows from it.

        `part` is lesson, drill, puzzle or play; `item` what was asked (the drill item,
        the puzzle id, the lesson question id, the move's place in a game); `kind` the
        drill kind or puzzle kind (a puzzle's comes from the store's catalogue when not
        given, as do its tags); `position` the position code shown; `points_lost` against the best
        answer; `seconds` the time taken; `mode` where it was asked ("", "daily" for
        today's puzzle answered today, "stream" for the rated stream, "review", "run",
        "archive"). `rated=True` (puzzles only) makes it a Glicko-2 game between the
        learner and the puzzle; a helped attempt is never rated. A puzzle or drill item
        answered wrong, or right with help, becomes a review card; an item with a card
        is reviewed by every answer. `key` is the answer's own id (`new_key()`): an
        answer sent again with the same key (a retry after a fault that left it unclear
        whether the first one was kept) is kept once, and the second call returns what
        the first one did. Raises TrainerError for bad values, LearnerError for an
        unknown learner.
        """
        if part not in PARTS:
            raise TrainerError(f"an attempt's part is one of {', '.join(PARTS)}, not {part!r}")
        if mode not in MODES:
            raise TrainerError(
                f"an attempt's mode is one of {', '.join(repr(m) for m in MODES)}, not {mode!r}")
        if not isinstance(item, str) or not item or len(item) > LIMITS["item"]:
            raise TrainerError(f"an attempt's item is text of 1 to {LIMITS['item']} characters, not {item!r}")
        if rated and part != "puzzle":
            raise TrainerError(f"only puzzle attempts are rated, not a {part} attempt")
        _check_key(key)
        if points_lost is not None and (isinstance(points_lost, bool) or not isinstance(points_lost, int)
                                        or points_lost < 0):
            raise TrainerError(f"points lost are a whole number from 0, not {points_lost!r}")
        if seconds is not None and (not isinstance(seconds, (int, float)) or not math.isfinite(seconds)
                                    or seconds < 0):
            raise TrainerError(f"the time taken is a number of seconds from 0, not {seconds!r}")
        puzzle = (self.catalogue.find(item) if part == "puzzle" and (kind is None or tags is None or rated)
                  else None)
        if kind is None:
            kind = puzzle.kind if puzzle is not None else ""
        if tags is None:
            tags = puzzle.tags if puzzle is not None else ()
        tag_text = " ".join(tags)
        for name, value in (("item", item), ("kind", kind), ("position", position), ("answer", answer),
                            ("tags", tag_text)):
            if not isinstance(value, str) or len(value) > LIMITS[name]:
                raise TrainerError(f"an attempt's {name} is text of at most {LIMITS[name]} characters")
            if "\x00" in value:
                raise TrainerError(f"an attempt's {name} cannot hold a NUL character")
        if any(not t or any(c.isspace() for c in t) for t in tags):
            raise TrainerError(f"a tag is one word, not {list(tags)!r}")
        stamp = _utc(when)
        rated = rated and not helped
        values = {"learner_id": learner_id, "part": part, "item": item, "kind": kind, "position": position,
                  "answer": answer, "correct": bool(correct), "points_lost": points_lost,
                  "seconds": None if seconds is None else float(seconds), "helped": bool(helped),
                  "rated": rated, "mode": mode, "tags": tag_text, "created_at": stamp,
                  "day": day or _local_day(stamp), "attempt_key": key}
        sql = self._sql
        try:
            with self._write() as conn:
                if key is not None:
                    kept = conn.execute(sa.select(attempts.c.id, attempts.c.rated)
                                        .where(attempts.c.attempt_key == key)).first()
                    if kept is not None:  # sent before: kept then
                        return Recorded(int(kept.id), bool(kept.rated))
                learner_row = conn.execute(sql.learner_lock if rated else sql.learner,
                                           {"learner_id": learner_id}).first()
                if learner_row is None:
                    raise LearnerError(f"no learner has the id {learner_id}")
                attempt_id = int(conn.execute(sql.insert_attempt, values).scalar_one())
                result = Recorded(attempt_id, rated)
                if rated:
                    bank_rating = float(puzzle.rating) if puzzle is not None else INITIAL_RATING
                    result = self._rate(conn, learner_row, item, bool(correct), bank_rating, attempt_id,
                                        stamp)
                if part in rv.REVIEWED_PARTS:
                    due = self._review(conn, values, attempt_id)
                    if due is not None:
                        result = replace(result, review_due=due)
        except sa.exc.IntegrityError as error:
            if key is not None:  # the same answer kept meanwhile by another process's retry
                with self._read() as conn:
                    kept = conn.execute(sa.select(attempts.c.id, attempts.c.rated)
                                        .where(attempts.c.attempt_key == key)).first()
                if kept is not None:
                    return Recorded(int(kept.id), bool(kept.rated))
            raise StoreError(f"the attempt could not be kept: {error.orig}") from None
        return result


    def add_review_card(self, learner_id: int, part: str, item: str, kind: str, position: str,
                        when: Optional[datetime] = None) -> bool:
        """Make `item` a review card of the learner, due at `when` (now), without an
        attempt: a puzzle of his own (a move of his graded a mistake or a blunder in a
        reviewed hand) comes into the queue this way. An item that has a card keeps it
        as it is. Returns whether a card was made; raises TrainerError for bad values,
        LearnerError for an unknown learner."""
        if part not in rv.REVIEWED_PARTS:
            raise TrainerError(f"a review card's part is one of {', '.join(rv.REVIEWED_PARTS)}, not {part!r}")
        for name, value, least in (("item", item, 1), ("kind", kind, 0), ("position", position, 0)):
            if not isinstance(value, str) or not least <= len(value) <= LIMITS[name]:
                raise TrainerError(f"a review card's {name} is text of {least} to {LIMITS[name]} characters")
        stamp = _utc(when)
        card = rv.new_card(zlib.crc32(item.encode()), stamp)
        try:
            with self._write() as conn:
                self._require(conn, learner_id)
                made = conn.execute(self._sql.insert_card, {
                    "learner_id": learner_id, "part": part, "item": item, "kind": kind, "position": position,
                    "card": rv.card_to_json(card), "due": card.due, "reviews": 0, "lapses": 0,
                    "created_at": stamp, "updated_at": stamp}).first() is not None
        except sa.exc.IntegrityError as error:
            raise StoreError(f"the review card could not be kept: {error.orig}") from None
        return made  # the insert returns a row only when it made the card

    def record_run(self, learner_id: int, *, level: int, duration: float, answered: int, right: int,
                   score: int, best_streak: int, when: Optional[datetime] = None,
                   day: Optional[date] = None, mode: str = "", key: Optional[str] = None) -> int:
        """Keep a finished run (its answers are recorded one by one as attempts): a timed
        drill run (`mode` "", `trainer.teach.drills.RunSummary` has every field), or a
        puzzle streak or storm (`mode` "streak" or "storm", level 1); returns its id.
        `key`, as for `record_attempt`: a run sent again with it is kept once."""
        if mode not in RUN_MODES:
            raise TrainerError(f"a run's mode is one of {', '.join(repr(m) for m in RUN_MODES)}, "
                               f"not {str(mode)[:20]!r}")
        _check_key(key)
        for name, value in (("level", level), ("answered", answered), ("right", right), ("score", score),
                            ("best_streak", best_streak)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise TrainerError(f"a run's {name} is a whole number from 0, not {value!r}")
        if not isinstance(duration, (int, float)) or not math.isfinite(duration) or duration < 0:
            raise TrainerError(f"a run's duration is a number of seconds from 0, not {duration!r}")
        stamp = _utc(when)
        same = sa.select(runs.c.id).where(runs.c.run_key == key)
        try:
            with self._write() as conn:
                self._require(conn, learner_id)
                kept = conn.execute(same).scalar() if key is not None else None
                if kept is not None:
                    return int(kept)
                new_id = conn.execute(sa.insert(runs).returning(runs.c.id).values(
                    learner_id=learner_id, level=level, duration=float(duration), answered=answered,
                    right=right, score=score, best_streak=best_streak, created_at=stamp,
                    day=day or _local_day(stamp), mode=mode, run_key=key)).scalar_one()
        except sa.exc.IntegrityError as error:
            if key is not None:
                with self._read() as conn:
                    kept = conn.execute(same).scalar()
                if kept is not None:
                    return int(kept)
            raise StoreError(f"the run could not be kept: {error.orig}") from None
        return int(new_id)


KEY_LIMIT = 40


def new_key() -> str:
    """A new answer's own id, for `record_attempt(key=...)`: 32 hex digits.

    >>> len(new_key()), new_key() != new_key()
    (32, True)
    """
    return uuid.uuid4().hex


def _check_key(key: object) -> None:
    if key is not None and (not isinstance(key, str) or not key.isascii() or not key.isprintable()
                            or not 1 <= len(key) <= KEY_LIMIT):
        raise TrainerError(f"an answer's key is 1 to {KEY_LIMIT} printable characters, not {key!r}")

