"""A learner's whole history as one JSON file: the format, written and read back.

The file is one JSON object:

```
{"format": "allfives-history", "version": 1, "exported_at": "2026-11-29T12:00:00+00:00",
 "learner": {"name": "Ann", "created_at": "...", "rating": 1512.3, "rd": 80.1,
             "volatility": 0.06, "rated_games": 40},
 "attempts": [{"part": "puzzle", "item": "b023946297", "kind": "best-play",
               "position": "...", "answer": "6-2@E", "correct": true, "points_lost": 0,
               "seconds": 12.5, "helped": false, "rated": true, "mode": "stream",
               "tags": ["spinner"], "created_at": "...", "day": "2026-11-29"}, ...],
 "ratings": [{"attempt": 0, "puzzle_id": "b023946297", "rating": 1662.3, "rd": 290.3,
              "volatility": 0.06, "created_at": "..."}, ...],
 "runs": [{"level": 1, "duration": 60.0, "answered": 20, "right": 18, "score": 18,
           "best_streak": 9, "created_at": "...", "day": "2026-11-29"}, ...],
 "reviews": [{"part": "puzzle", "item": "...", "kind": "...", "position": "...",
              "card": {fsrs Card.to_dict()}, "reviews": 2, "lapses": 1,
              "created_at": "...", "updated_at": "..."}, ...]}
```

A rating's `attempt` is the index of its attempt in `attempts` (or null). Times are
ISO 8601 with a time zone (stored in UTC), days are `YYYY-MM-DD`. `parse_history`
checks everything before anything is written and names the first fault by its place
in the file (`attempts[12].correct: ...`).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any, Optional

from trainer.errors import TrainerError
from trainer.review import ReviewError, card_from_dict, card_to_json

FORMAT = "allfives-history"
FORMAT_VERSION = 1
PARTS: tuple[str, ...] = ("lesson", "drill", "puzzle", "play")
MODES: tuple[str, ...] = ("", "daily", "stream", "review", "run", "archive")
LIMITS = {"item": 200, "kind": 40, "position": 4000, "answer": 400, "tag": 40, "tags": 400}


class HistoryFileError(TrainerError):
    """A history file that cannot be imported; the message names the fault and where."""


@dataclass(frozen=True)
class AttemptRow:
    part: str
    item: str
    kind: str
    position: str
    answer: str
    correct: bool
    points_lost: Optional[int]
    seconds: Optional[float]
    helped: bool
    rated: bool
    mode: str
    tags: tuple[str, ...]
    created_at: datetime
    day: date


@dataclass(frozen=True)
class RatingRow:
    attempt: Optional[int]  # index into the history's attempts
    puzzle_id: str
    rating: float
    rd: float
    volatility: float
    created_at: datetime


@dataclass(frozen=True)
class RunRow:
    level: int
    duration: float
    answered: int
    right: int
    score: int
    best_streak: int
    created_at: datetime
    day: date


@dataclass(frozen=True)
class CardRow:
    part: str
    item: str
    kind: str
    position: str
    card: str  # the fsrs card as JSON
    due: datetime
    reviews: int
    lapses: int
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True)
class History:
    """Everything kept for one learner, free of database ids."""

    name: str
    created_at: datetime
    rating: float
    rd: float
    volatility: float
    rated_games: int
    attempts: tuple[AttemptRow, ...]
    ratings: tuple[RatingRow, ...]
    runs: tuple[RunRow, ...]
    reviews: tuple[CardRow, ...]


# ----- writing -----
def _time(value: datetime) -> str:
    return value.astimezone(UTC).isoformat()


def dump_history(history: History, exported_at: datetime) -> str:
    """The history as the JSON text of the file (keys sorted, one line per record)."""
    data: dict[str, Any] = {
        "format": FORMAT, "version": FORMAT_VERSION, "exported_at": _time(exported_at),
        "learner": {"name": history.name, "created_at": _time(history.created_at),
                    "rating": history.rating, "rd": history.rd, "volatility": history.volatility,
                    "rated_games": history.rated_games},
        "attempts": [{"part": a.part, "item": a.item, "kind": a.kind, "position": a.position,
                      "answer": a.answer, "correct": a.correct, "points_lost": a.points_lost,
                      "seconds": a.seconds, "helped": a.helped, "rated": a.rated, "mode": a.mode,
                      "tags": list(a.tags), "created_at": _time(a.created_at), "day": a.day.isoformat()}
                     for a in history.attempts],
        "ratings": [{"attempt": r.attempt, "puzzle_id": r.puzzle_id, "rating": r.rating, "rd": r.rd,
                     "volatility": r.volatility, "created_at": _time(r.created_at)}
                    for r in history.ratings],
        "runs": [{"level": r.level, "duration": r.duration, "answered": r.answered, "right": r.right,
                  "score": r.score, "best_streak": r.best_streak, "created_at": _time(r.created_at),
                  "day": r.day.isoformat()} for r in history.runs],
        "reviews": [{"part": c.part, "item": c.item, "kind": c.kind, "position": c.position,
                     "card": json.loads(c.card), "reviews": c.reviews, "lapses": c.lapses,
                     "created_at": _time(c.created_at), "updated_at": _time(c.updated_at)}
                    for c in history.reviews],
    }
    lists = ("attempts", "ratings", "runs", "reviews")
    head = {key: value for key, value in data.items() if key not in lists}
    lines = [json.dumps(head, sort_keys=True, ensure_ascii=False)[:-1]]
    for key in lists:
        rows = [json.dumps(row, sort_keys=True, ensure_ascii=False) for row in data[key]]
        lines.append(f', "{key}": [' + (",\n  ".join(rows) if rows else "") + "]")
    return "\n".join(lines) + "}\n"


# ----- reading -----
class _Fields:
    """Typed reads of one JSON object's fields, each fault named by its place."""

    def __init__(self, data: object, where: str) -> None:
        if not isinstance(data, dict):
            raise HistoryFileError(f"{where}: expected a JSON object, got {_kind(data)}")
        self.data: dict[str, Any] = data
        self.where = where

    def fail(self, key: str, message: str) -> HistoryFileError:
        return HistoryFileError(f"{self.where}.{key}: {message}")

    def get(self, key: str) -> Any:
        if key not in self.data:
            raise HistoryFileError(f"{self.where}: the field {key!r} is missing")
        return self.data[key]

    def text(self, key: str, limit: int, choices: Optional[tuple[str, ...]] = None,
             empty: bool = True) -> str:
        value = self.get(key)
        if not isinstance(value, str):
            raise self.fail(key, f"expected text, got {_kind(value)}")
        if len(value) > limit:
            raise self.fail(key, f"at most {limit} characters, got {len(value)}")
        if not empty and not value:
            raise self.fail(key, "cannot be empty")
        if choices is not None and value not in choices:
            raise self.fail(key, f"{value!r} is not one of {', '.join(repr(c) for c in choices)}")
        return value

    def flag(self, key: str) -> bool:
        value = self.get(key)
        if not isinstance(value, bool):
            raise self.fail(key, f"expected true or false, got {_kind(value)}")
        return value

    def integer(self, key: str, low: int = 0, optional: bool = False) -> Optional[int]:
        value = self.get(key)
        if value is None and optional:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(key, f"expected a whole number, got {_kind(value)}")
        if value < low:
            raise self.fail(key, f"expected at least {low}, got {value}")
        return value

    def count(self, key: str, low: int = 0) -> int:
        value = self.integer(key, low)
        assert value is not None
        return value

    def number(self, key: str, low: float = 0.0, optional: bool = False,
               positive: bool = False) -> Optional[float]:
        value = self.get(key)
        if value is None and optional:
            return None
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise self.fail(key, f"expected a number, got {_kind(value)}")
        if value < low or (positive and value <= 0):
            raise self.fail(key, f"expected {'more than' if positive else 'at least'} {low}, got {value}")
        return float(value)

    def real(self, key: str, low: float = 0.0, positive: bool = False) -> float:
        value = self.number(key, low, positive=positive)
        assert value is not None
        return value

    def time(self, key: str) -> datetime:
        value = self.get(key)
        if not isinstance(value, str):
            raise self.fail(key, f"expected a time as text, got {_kind(value)}")
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            raise self.fail(key, f"{value!r} is not an ISO 8601 time") from None
        if moment.tzinfo is None:
            raise self.fail(key, f"{value!r} has no time zone")
        return moment.astimezone(UTC)

    def day(self, key: str) -> date:
        value = self.get(key)
        if not isinstance(value, str):
            raise self.fail(key, f"expected a day as text, got {_kind(value)}")
        try:
            return date.fromisoformat(value)
        except ValueError:
            raise self.fail(key, f"{value!r} is not a day written YYYY-MM-DD") from None

    def rows(self, key: str) -> list[Any]:
        value = self.get(key)
        if not isinstance(value, list):
            raise self.fail(key, f"expected a list, got {_kind(value)}")
        return value


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text {value[:30]!r}"
    if isinstance(value, list):
        return "a list"
    return "an object"


def _tags(fields: _Fields) -> tuple[str, ...]:
    value = fields.rows("tags")
    tags = []
    for index, tag in enumerate(value):
        if not isinstance(tag, str) or not tag or len(tag) > LIMITS["tag"] or any(c.isspace() for c in tag):
            raise fields.fail(f"tags[{index}]", f"a tag is a word of 1 to {LIMITS['tag']} characters "
                                                f"without spaces, got {_kind(tag)}")
        tags.append(tag)
    if len(" ".join(tags)) > LIMITS["tags"]:
        raise fields.fail("tags", f"at most {LIMITS['tags']} characters of tags")
    return tuple(tags)


def _attempt(data: object, where: str) -> AttemptRow:
    f = _Fields(data, where)
    return AttemptRow(
        part=f.text("part", 16, PARTS), item=f.text("item", LIMITS["item"], empty=False),
        kind=f.text("kind", LIMITS["kind"]), position=f.text("position", LIMITS["position"]),
        answer=f.text("answer", LIMITS["answer"]), correct=f.flag("correct"),
        points_lost=f.integer("points_lost", optional=True), seconds=f.number("seconds", optional=True),
        helped=f.flag("helped"), rated=f.flag("rated"), mode=f.text("mode", 16, MODES), tags=_tags(f),
        created_at=f.time("created_at"), day=f.day("day"))


def parse_history(text: str, clean_name: Any) -> History:
    """Read and check a history file; raises HistoryFileError (or the name's
    LearnerError from `clean_name`) before anything is written."""
    if not isinstance(text, str):
        raise HistoryFileError("a history file is text")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise HistoryFileError(f"the file is not JSON: {error.msg} at line {error.lineno}, "
                               f"column {error.colno}") from None
    top = _Fields(data, "the file")
    if data.get("format") != FORMAT:
        raise HistoryFileError(f"the file is not an All Fives trainer history (its format is "
                               f"{_kind(data.get('format'))}, expected {FORMAT!r})")
    version = top.get("version")
    if version != FORMAT_VERSION:
        raise HistoryFileError(f"the file's version is {_kind(version)}; this trainer reads version "
                               f"{FORMAT_VERSION}")
    learner = _Fields(top.get("learner"), "learner")
    name = clean_name(learner.text("name", 400))
    attempts = tuple(_attempt(row, f"attempts[{i}]") for i, row in enumerate(top.rows("attempts")))
    ratings = []
    for i, row in enumerate(top.rows("ratings")):
        f = _Fields(row, f"ratings[{i}]")
        attempt = f.integer("attempt", optional=True)
        if attempt is not None and attempt >= len(attempts):
            raise f.fail("attempt", f"there is no attempt {attempt} (the file has {len(attempts)})")
        ratings.append(RatingRow(attempt, f.text("puzzle_id", 40), f.real("rating"),
                                 f.real("rd", positive=True), f.real("volatility", positive=True),
                                 f.time("created_at")))
    runs = []
    for i, row in enumerate(top.rows("runs")):
        f = _Fields(row, f"runs[{i}]")
        runs.append(RunRow(f.count("level", 1), f.real("duration"), f.count("answered"), f.count("right"),
                           f.count("score"), f.count("best_streak"), f.time("created_at"), f.day("day")))
    reviews = []
    seen: set[tuple[str, str]] = set()
    for i, row in enumerate(top.rows("reviews")):
        f = _Fields(row, f"reviews[{i}]")
        part, item = f.text("part", 16, PARTS), f.text("item", LIMITS["item"], empty=False)
        if (part, item) in seen:
            raise f.fail("item", f"a second card for {part} {item!r}")
        seen.add((part, item))
        try:
            card = card_from_dict(f.get("card"))
        except ReviewError as error:
            raise f.fail("card", str(error)) from None
        reviews.append(CardRow(part, item, f.text("kind", LIMITS["kind"]),
                               f.text("position", LIMITS["position"]),
                               card_to_json(card), card.due.astimezone(UTC), f.count("reviews"),
                               f.count("lapses"), f.time("created_at"), f.time("updated_at")))
    return History(name, learner.time("created_at"), learner.real("rating"),
                   learner.real("rd", positive=True), learner.real("volatility", positive=True),
                   learner.count("rated_games"), attempts, tuple(ratings), tuple(runs), tuple(reviews))
