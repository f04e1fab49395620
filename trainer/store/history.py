"""A learner's whole history as one JSON file: the format, written and read back.

The file is one JSON object:

```
{"format": "allfives-history", "version": 1, "exported_at": "2026-11-29T12:00:00+00:00",
 "learner": {"name": "Ann", "created_at": "...", "rating": 1512.3, "rd": 80.1,
             "volatility": 0.06, "rated_games": 40, "language": "es"},
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
              "created_at": "...", "updated_at": "..."}, ...],
 "lessons": [{"lesson": "counting", "stars": 3, "finished": 2, "updated_at": "..."}, ...]}
```

A rating's `attempt` is the index of its attempt in `attempts` (or null). Times are
ISO 8601 with a time zone (stored in UTC), days are `YYYY-MM-DD`. `parse_history`
checks everything before anything is written and names the first fault by its place
in the file (`attempts[12].correct: ...`). A learner's `language` ("" for none) and the
`lessons` list (best stars 0-3 per lesson) came later: a file without them still reads,
as a learner with no language and no lesson finished.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Annotated, Any, Literal, Optional

from pydantic import (
    AfterValidator,
    AwareDatetime,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    field_validator,
)

from trainer.errors import TrainerError
from trainer.store.glicko import MAX_RD
from trainer.store.scheduling import ReviewError, card_from_dict, card_to_json

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
class RunCounts:
    """A finished timed run's figures, as every record of one holds them."""

    level: int
    duration: float
    answered: int
    right: int
    score: int
    best_streak: int


@dataclass(frozen=True)
class RunRow(RunCounts):
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
class LessonRow:
    lesson: str
    stars: int
    finished: int
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
    language: str = ""
    lessons: tuple[LessonRow, ...] = ()


# ----- writing -----
def _time(value: datetime) -> str:
    return value.astimezone(UTC).isoformat()


def dump_history(history: History, exported_at: datetime) -> str:
    """The history as the JSON text of the file (keys sorted, one line per record)."""
    data: dict[str, Any] = {
        "format": FORMAT, "version": FORMAT_VERSION, "exported_at": _time(exported_at),
        "learner": {"name": history.name, "created_at": _time(history.created_at),
                    "rating": history.rating, "rd": history.rd, "volatility": history.volatility,
                    "rated_games": history.rated_games, "language": history.language},
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
        "lessons": [{"lesson": m.lesson, "stars": m.stars, "finished": m.finished,
                     "updated_at": _time(m.updated_at)} for m in history.lessons],
    }
    lists = ("attempts", "ratings", "runs", "reviews", "lessons")
    head = {key: value for key, value in data.items() if key not in lists}
    lines = [json.dumps(head, sort_keys=True, ensure_ascii=False)[:-1]]
    for key in lists:
        rows = [json.dumps(row, sort_keys=True, ensure_ascii=False) for row in data[key]]
        lines.append(f', "{key}": [' + (",\n  ".join(rows) if rows else "") + "]")
    return "\n".join(lines) + "}\n"


# ----- reading -----
# Every field is checked by type and range before anything is written: the ranges are
# what the trainer itself can produce, with room to spare, and keep every later sum,
# time and rating finite.
SCORE_LIMIT = 10**6  # points, answers and streaks
COUNT_LIMIT = 10**9  # rated games, reviews
SECONDS_LIMIT = 10**7  # about four months
ROWS_LIMIT = 10**6  # rows of each list
EARLIEST, LATEST = 1970, 2200  # years of every time and day
RATING_RANGE = (0.0, 5000.0)

_STRICT = ConfigDict(strict=True, frozen=True, extra="ignore", allow_inf_nan=False)


def _in_years(value: datetime) -> datetime:
    if not EARLIEST <= value.year <= LATEST or not EARLIEST <= value.replace(tzinfo=None).year <= LATEST:
        raise ValueError(f"a time between the years {EARLIEST} and {LATEST}, not {value.isoformat()}")
    return value.astimezone(UTC)


def _day_in_years(value: date) -> date:
    if not EARLIEST <= value.year <= LATEST:
        raise ValueError(f"a day between the years {EARLIEST} and {LATEST}, not {value.isoformat()}")
    return value


Stamp = Annotated[AwareDatetime, AfterValidator(_in_years)]
Day = Annotated[date, AfterValidator(_day_in_years)]
Score = Annotated[int, Field(ge=0, le=SCORE_LIMIT)]
Count = Annotated[int, Field(ge=0, le=COUNT_LIMIT)]
Seconds = Annotated[float, Field(ge=0, le=SECONDS_LIMIT)]
RatingValue = Annotated[float, Field(ge=RATING_RANGE[0], le=RATING_RANGE[1])]
Deviation = Annotated[float, Field(ge=1.0, le=MAX_RD)]
Volatility = Annotated[float, Field(gt=0.0, le=1.0)]
Part = Literal["lesson", "drill", "puzzle", "play"]
Mode = Literal["", "daily", "stream", "review", "run", "archive"]
Item = Annotated[str, StringConstraints(min_length=1, max_length=LIMITS["item"])]
Kind = Annotated[str, StringConstraints(max_length=LIMITS["kind"])]
PositionText = Annotated[str, StringConstraints(max_length=LIMITS["position"])]
Tag = Annotated[str, StringConstraints(min_length=1, max_length=LIMITS["tag"], pattern=r"^\S+$")]
MOST_STARS = 3
LESSON_ID_LIMIT = 40  # as trainer.store.mastery keeps them
LESSON_ID = re.compile(r"[A-Za-z0-9_-]*[A-Za-z0-9][A-Za-z0-9_-]*")
LANGUAGE_CODE = re.compile(r"(?:[a-z]{2,3})?")  # as trainer.store.language keeps them; "" for none


def _lesson_id(value: str) -> str:
    if len(value) > LESSON_ID_LIMIT or not LESSON_ID.fullmatch(value):
        raise ValueError(f"a lesson id is a name of at most {LESSON_ID_LIMIT} letters, digits, - and _, "
                         f"not {value[:30]!r}")
    return value


def _language_code(value: str) -> str:
    if not LANGUAGE_CODE.fullmatch(value):
        raise ValueError(f"a language is a code of two or three small letters such as en or ru (or \"\" "
                         f"for none), not {value[:30]!r}")
    return value


LessonId = Annotated[str, AfterValidator(_lesson_id)]
LanguageCode = Annotated[str, AfterValidator(_language_code)]


class _LearnerModel(BaseModel):
    model_config = _STRICT
    name: Annotated[str, StringConstraints(max_length=400)]
    created_at: Stamp
    rating: RatingValue
    rd: Deviation
    volatility: Volatility
    rated_games: Count
    language: LanguageCode = ""


class _LessonModel(BaseModel):
    model_config = _STRICT
    lesson: LessonId
    stars: Annotated[int, Field(ge=0, le=MOST_STARS)]
    finished: Count
    updated_at: Stamp


class _AttemptModel(BaseModel):
    model_config = _STRICT
    part: Part
    item: Item
    kind: Kind
    position: PositionText
    answer: Annotated[str, StringConstraints(max_length=LIMITS["answer"])]
    correct: bool
    points_lost: Optional[Score]
    seconds: Optional[Seconds]
    helped: bool
    rated: bool
    mode: Mode
    tags: Annotated[list[Tag], Field(max_length=LIMITS["tags"])]
    created_at: Stamp
    day: Day

    @field_validator("tags")
    @classmethod
    def _tags_fit(cls, tags: list[str]) -> list[str]:
        if len(" ".join(tags)) > LIMITS["tags"]:
            raise ValueError(f"at most {LIMITS['tags']} characters of tags")
        return tags


class _RatingModel(BaseModel):
    model_config = _STRICT
    attempt: Optional[Annotated[int, Field(ge=0, lt=ROWS_LIMIT)]]
    puzzle_id: Annotated[str, StringConstraints(max_length=40)]
    rating: RatingValue
    rd: Deviation
    volatility: Volatility
    created_at: Stamp


class _RunModel(BaseModel):
    model_config = _STRICT
    level: Annotated[int, Field(ge=1, le=100)]
    duration: Seconds
    answered: Score
    right: Score
    score: Score
    best_streak: Score
    created_at: Stamp
    day: Day


class _CardModel(BaseModel):
    """fsrs's `Card.to_dict()`: state 1 Learning, 2 Review, 3 Relearning."""

    model_config = _STRICT
    card_id: Annotated[int, Field(ge=0, lt=2**63)]
    state: Literal[1, 2, 3]
    step: Optional[Annotated[int, Field(ge=0, le=100)]]
    stability: Optional[Annotated[float, Field(gt=0, le=10**6)]]
    difficulty: Optional[Annotated[float, Field(ge=1, le=10)]]
    due: Stamp
    last_review: Optional[Stamp]


class _CardRowModel(BaseModel):
    model_config = _STRICT
    part: Part
    item: Item
    kind: Kind
    position: PositionText
    card: _CardModel
    reviews: Count
    lapses: Count
    created_at: Stamp
    updated_at: Stamp


class _FileModel(BaseModel):
    model_config = _STRICT
    format: Literal["allfives-history"]
    version: Literal[1]
    learner: _LearnerModel
    attempts: Annotated[list[_AttemptModel], Field(max_length=ROWS_LIMIT)]
    ratings: Annotated[list[_RatingModel], Field(max_length=ROWS_LIMIT)]
    runs: Annotated[list[_RunModel], Field(max_length=ROWS_LIMIT)]
    reviews: Annotated[list[_CardRowModel], Field(max_length=ROWS_LIMIT)]
    lessons: Annotated[list[_LessonModel], Field(max_length=ROWS_LIMIT)] = []


class _HeadModel(BaseModel):
    """Only what says whether the file is a history at all."""

    model_config = ConfigDict(extra="ignore")
    format: Any = None
    version: Any = None


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return f"the number {value}" if abs(value) < 10**30 else "a very large number"
    if isinstance(value, float):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text {value[:30]!r}"
    if isinstance(value, list):
        return "a list"
    return "an object"


def _place(loc: tuple[int | str, ...]) -> str:
    """`('attempts', 12, 'correct')` as `attempts[12].correct`."""
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "the file"


def _explain(error: Mapping[str, Any]) -> str:
    """One pydantic error in the words of the file: where, and what was expected."""
    kind, ctx, value = error["type"], error.get("ctx") or {}, error.get("input")
    loc = tuple(error["loc"])
    if kind == "missing":
        return f"{_place(loc[:-1])}: the field {loc[-1]!r} is missing"
    where = _place(loc)
    got = _kind(value)
    messages = {
        "bool_type": f"expected true or false, got {got}",
        "int_type": f"expected a whole number, got {got}",
        "int_from_float": f"expected a whole number, got {got}",
        "float_type": f"expected a number, got {got}",
        "finite_number": "expected a finite number",
        "string_type": f"expected text, got {got}",
        "list_type": f"expected a list, got {got}",
        "model_type": f"expected a JSON object, got {got}",
        "model_attributes_type": f"expected a JSON object, got {got}",
        "dict_type": f"expected a JSON object, got {got}",
        "string_too_short": "cannot be empty",
        "string_too_long": f"at most {ctx.get('max_length')} characters",
        "too_long": f"at most {ctx.get('max_length')} rows",
        "string_pattern_mismatch": f"a word without spaces, got {got}",
        "greater_than_equal": f"expected at least {ctx.get('ge')}, got {got}",
        "greater_than": f"expected more than {ctx.get('gt')}, got {got}",
        "less_than_equal": f"expected at most {ctx.get('le')}, got {got}",
        "less_than": f"expected less than {ctx.get('lt')}, got {got}",
        "literal_error": f"{value!r} is not one of {ctx.get('expected')}" if isinstance(value, (str, int))
        else f"expected one of {ctx.get('expected')}, got {got}",
        "timezone_aware": f"{value!r} has no time zone",
        "datetime_parsing": f"{str(value)[:40]!r} is not an ISO 8601 time",
        "datetime_type": f"expected a time as text, got {got}",
        "datetime_from_date_parsing": f"{str(value)[:40]!r} is not an ISO 8601 time",
        "date_parsing": f"{str(value)[:40]!r} is not a day written YYYY-MM-DD",
        "date_from_datetime_parsing": f"{str(value)[:40]!r} is not a day written YYYY-MM-DD",
        "date_type": f"expected a day as text, got {got}",
        "value_error": str(ctx.get("error", error["msg"])),
    }
    return f"{where}: {messages.get(kind, error['msg'])}"


def _file_error(text: str, error: ValidationError) -> HistoryFileError:
    problems = error.errors(include_url=False)
    first = problems[0]
    if first["type"] == "json_invalid":
        reason = str(first["ctx"].get("error", first["msg"]))
        if "recursion limit" in reason:
            reason = f"it nests deeper than a history file does ({reason})"
        return HistoryFileError(f"the file is not JSON: {reason}")
    if first["type"] in ("model_type", "model_attributes_type") and not first["loc"]:
        return HistoryFileError(f"the file: expected a JSON object, got {_kind(first.get('input'))}")
    head = _HeadModel.model_validate_json(text)
    if head.format != FORMAT:
        return HistoryFileError(f"the file is not an All Fives trainer history (its format is "
                                f"{_kind(head.format)}, expected {FORMAT!r})")
    if "version" not in head.model_fields_set:
        return HistoryFileError("the file: the field 'version' is missing")
    if head.version != FORMAT_VERSION:
        return HistoryFileError(f"the file's version is {_kind(head.version)}; this trainer reads version "
                                f"{FORMAT_VERSION}")
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    return HistoryFileError(_explain(first) + more)


def _fail(where: str, message: str) -> HistoryFileError:
    return HistoryFileError(f"{where}: {message}")


def _refuse_nul(text: str) -> None:
    """Raise HistoryFileError naming the first text of the file that holds a NUL
    character (U+0000): neither database keeps one alike (PostgreSQL refuses it,
    SQLite cuts some text there), so no history may hold one.

    >>> _refuse_nul('{"learner": {"name": "A\\\\u0000"}}')  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    trainer.store.history.HistoryFileError: learner.name: holds a NUL character (U+0000), ...
    """
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return  # not JSON: the validation says so
    stack: list[tuple[tuple[int | str, ...], Any]] = [((), data)]
    while stack:
        where, value = stack.pop()
        if isinstance(value, str) and "\x00" in value or isinstance(value, dict) and any(
                "\x00" in key for key in value):
            raise _fail(_place(where), "holds a NUL character (U+0000), which no text of a history may hold")
        if isinstance(value, dict):
            stack.extend(((*where, key), item) for key, item in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend(((*where, index), item) for index, item in reversed(list(enumerate(value))))


def parse_history(text: str, clean_name: Any) -> History:
    """Read and check a history file; raises HistoryFileError (or the name's
    LearnerError from `clean_name`) before anything is written. Every field is checked
    for type and range; the JSON may nest only as deep as the format does.

    >>> parse_history('{"format": "allfives-history", "version": 1}', str)
    Traceback (most recent call last):
    ...
    trainer.store.history.HistoryFileError: the file: the field 'learner' is missing (and 4 more)
    """
    if not isinstance(text, str):
        raise HistoryFileError("a history file is text")
    if "\\u0000" in text or "\x00" in text:
        _refuse_nul(text)
    try:
        model = _FileModel.model_validate_json(text)
    except ValidationError as error:
        raise _file_error(text, error) from None
    learner = model.learner
    name = clean_name(learner.name)
    attempts = tuple(AttemptRow(a.part, a.item, a.kind, a.position, a.answer, a.correct, a.points_lost,
                                a.seconds, a.helped, a.rated, a.mode, tuple(a.tags), a.created_at, a.day)
                     for a in model.attempts)
    ratings = []
    for i, r in enumerate(model.ratings):
        if r.attempt is not None and r.attempt >= len(attempts):
            raise _fail(f"ratings[{i}].attempt", f"there is no attempt {r.attempt} (the file has "
                                                 f"{len(attempts)})")
        ratings.append(RatingRow(r.attempt, r.puzzle_id, r.rating, r.rd, r.volatility, r.created_at))
    runs = tuple(RunRow(r.level, r.duration, r.answered, r.right, r.score, r.best_streak, r.created_at, r.day)
                 for r in model.runs)
    reviews = []
    seen: set[tuple[str, str]] = set()
    for i, c in enumerate(model.reviews):
        if (c.part, c.item) in seen:
            raise _fail(f"reviews[{i}].item", f"a second card for {c.part} {c.item!r}")
        seen.add((c.part, c.item))
        raw = c.card.model_dump()
        raw["due"] = c.card.due.isoformat()
        raw["last_review"] = None if c.card.last_review is None else c.card.last_review.isoformat()
        try:
            card = card_from_dict(raw)
        except ReviewError as error:
            raise _fail(f"reviews[{i}].card", str(error)) from None
        reviews.append(CardRow(c.part, c.item, c.kind, c.position, card_to_json(card),
                               card.due.astimezone(UTC), c.reviews, c.lapses, c.created_at, c.updated_at))
    lessons = []
    finished: set[str] = set()
    for i, m in enumerate(model.lessons):
        if m.lesson in finished:
            raise _fail(f"lessons[{i}].lesson", f"a second record for the lesson {m.lesson!r}")
        finished.add(m.lesson)
        lessons.append(LessonRow(m.lesson, m.stars, m.finished, m.updated_at))
    return History(name, learner.created_at, learner.rating, learner.rd, learner.volatility,
                   learner.rated_games, attempts, tuple(ratings), runs, tuple(reviews),
                   learner.language, tuple(lessons))
