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
           "best_streak": 9, "created_at": "...", "day": "2026-11-29"},
          {"mode": "storm", "level": 1, ...}, ...],
 "reviews": [{"part": "puzzle", "item": "...", "kind": "...", "position": "...",
              "card": {fsrs Card.to_dict()}, "reviews": 2, "lapses": 1,
              "created_at": "...", "updated_at": "..."}, ...],
 "lessons": [{"lesson": "counting", "stars": 3, "finished": 2, "updated_at": "..."}, ...],
 "hands": [{"record": {a hand as the learner saw it, its JSON form}, "moves": 5, "mistakes": 1,
            "points_lost": 10, "created_at": "..."}, ...]}
```

A rating's `attempt` is the index of its attempt in `attempts` (or null). Times are
ISO 8601 with a time zone (stored in UTC), days are `YYYY-MM-DD`. The models below
check every record field by field; `trainer.store.history_reader` reads a file with
them piece by piece, checks everything before anything is written and names the first
fault by its place in the file (`attempts[12].correct: ...`); `write_history` writes
one record at a time. A learner's `language` ("" for none) and the
`lessons` list (best stars 0-3 per lesson) came later: a file without them still reads,
as a learner with no language and no lesson finished. So did a run's `mode` (`streak`
or `storm` for a run of puzzles; left out for a timed drill run, whose `level` is the
drill's). So did `hands`, the learner's own hands (`trainer.engine.seatview`'s JSON
form, checked turn by turn as it is read; `moves`, `mistakes` and `points_lost` null for
a hand not reviewed).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
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
    field_validator,
)

from trainer.engine.seatview import SeatRecord
from trainer.errors import TrainerError
from trainer.store.glicko import MAX_RD

FORMAT = "allfives-history"
FORMAT_VERSION = 1
PARTS: tuple[str, ...] = ("lesson", "drill", "puzzle", "play")
MODES: tuple[str, ...] = ("", "daily", "stream", "review", "run", "archive", "streak", "storm")
RUN_MODES: tuple[str, ...] = ("", "streak", "storm")  # a timed drill run; puzzle runs
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
    mode: str = ""  # RUN_MODES


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
class HandRow:
    record: str  # the hand's JSON form (trainer.engine.seatview), canonical
    moves: Optional[int]
    mistakes: Optional[int]
    points_lost: Optional[int]
    created_at: datetime


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
    hands: tuple[HandRow, ...] = ()


# ----- writing -----
def _time(value: datetime) -> str:
    return value.astimezone(UTC).isoformat()


def learner_record(history: History) -> dict[str, Any]:
    return {"name": history.name, "created_at": _time(history.created_at), "rating": history.rating,
            "rd": history.rd, "volatility": history.volatility, "rated_games": history.rated_games,
            "language": history.language}


def attempt_record(a: AttemptRow) -> dict[str, Any]:
    return {"part": a.part, "item": a.item, "kind": a.kind, "position": a.position, "answer": a.answer,
            "correct": a.correct, "points_lost": a.points_lost, "seconds": a.seconds, "helped": a.helped,
            "rated": a.rated, "mode": a.mode, "tags": list(a.tags), "created_at": _time(a.created_at),
            "day": a.day.isoformat()}


def rating_record(r: RatingRow) -> dict[str, Any]:
    return {"attempt": r.attempt, "puzzle_id": r.puzzle_id, "rating": r.rating, "rd": r.rd,
            "volatility": r.volatility, "created_at": _time(r.created_at)}


def run_record(r: RunRow) -> dict[str, Any]:
    return {"level": r.level, "duration": r.duration, "answered": r.answered, "right": r.right,
            "score": r.score, "best_streak": r.best_streak, "created_at": _time(r.created_at),
            "day": r.day.isoformat(), **({"mode": r.mode} if r.mode else {})}


def card_record(c: CardRow) -> dict[str, Any]:
    return {"part": c.part, "item": c.item, "kind": c.kind, "position": c.position,
            "card": json.loads(c.card), "reviews": c.reviews, "lapses": c.lapses,
            "created_at": _time(c.created_at), "updated_at": _time(c.updated_at)}


def lesson_record(m: LessonRow) -> dict[str, Any]:
    return {"lesson": m.lesson, "stars": m.stars, "finished": m.finished, "updated_at": _time(m.updated_at)}


def hand_row_record(h: HandRow) -> dict[str, Any]:
    return {"record": json.loads(h.record), "moves": h.moves, "mistakes": h.mistakes,
            "points_lost": h.points_lost, "created_at": _time(h.created_at)}


def write_history(write: Callable[[str], object], learner: Mapping[str, Any], exported_at: datetime,
                  lists: Iterable[tuple[str, Iterable[Mapping[str, Any]]]]) -> None:
    """Write the file piece by piece through `write` (keys sorted, one line per record):
    the learner (`learner_record`), then each list's records as they come, so that no
    more than one record is ever held.

    >>> parts: list[str] = []
    >>> write_history(parts.append, {"name": "Ann"}, datetime(2026, 11, 29, tzinfo=UTC),
    ...               [("attempts", [{"n": 1}, {"n": 2}]), ("ratings", [])])
    >>> print("".join(parts)[:-1].replace('"allfives-history"', "F"))
    {"exported_at": "2026-11-29T00:00:00+00:00", "format": F, "learner": {"name": "Ann"}, "version": 1
    , "attempts": [{"n": 1},
      {"n": 2}]
    , "ratings": []}
    """
    head = {"format": FORMAT, "version": FORMAT_VERSION, "exported_at": _time(exported_at),
            "learner": learner}
    write(json.dumps(head, sort_keys=True, ensure_ascii=False)[:-1])
    for key, rows in lists:
        write(f'\n, "{key}": [')
        between = ""
        for row in rows:
            write(between + json.dumps(row, sort_keys=True, ensure_ascii=False))
            between = ",\n  "
        write("]")
    write("}\n")


def dump_history(history: History, exported_at: datetime) -> str:
    """The history as the JSON text of the file (`write_history` into one text)."""
    parts: list[str] = []
    write_history(parts.append, learner_record(history), exported_at, [
        ("attempts", map(attempt_record, history.attempts)), ("ratings", map(rating_record, history.ratings)),
        ("runs", map(run_record, history.runs)), ("reviews", map(card_record, history.reviews)),
        ("lessons", map(lesson_record, history.lessons)), ("hands", map(hand_row_record, history.hands))])
    return "".join(parts)


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
Mode = Literal["", "daily", "stream", "review", "run", "archive", "streak", "storm"]
RunMode = Literal["", "streak", "storm"]
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


def _hand(value: Any) -> str:
    """A hand's record, read and followed turn by turn: its canonical JSON text."""
    try:
        record = SeatRecord.from_dict(value)
        record.follow()
    except TrainerError as error:
        raise ValueError(str(error)) from None
    return record.to_json()


class _HandModel(BaseModel):
    model_config = _STRICT
    record: Annotated[Any, AfterValidator(_hand)]
    moves: Optional[Score]
    mistakes: Optional[Score]
    points_lost: Optional[Score]
    created_at: Stamp


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
    mode: RunMode = ""


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
    hands: Annotated[list[_HandModel], Field(max_length=ROWS_LIMIT)] = []


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


def _fail(where: str, message: str) -> HistoryFileError:
    return HistoryFileError(f"{where}: {message}")


def nul_place(value: Any, where: tuple[int | str, ...] = ()) -> Optional[tuple[int | str, ...]]:
    """Where the first text (or key) in `value` that holds a NUL character (U+0000) is,
    or None: neither database keeps one alike (PostgreSQL refuses it, SQLite cuts some
    text there), so no history may hold one.

    >>> _place(nul_place({"name": "A" + chr(0)}, ("learner",)))
    'learner.name'
    """
    stack: list[tuple[tuple[int | str, ...], Any]] = [(where, value)]
    while stack:
        place, item = stack.pop()
        if isinstance(item, str) and "\x00" in item or isinstance(item, dict) and any(
                "\x00" in key for key in item):
            return place
        if isinstance(item, dict):
            stack.extend(((*place, key), inner) for key, inner in reversed(item.items()))
        elif isinstance(item, list):
            stack.extend(((*place, index), inner) for index, inner in reversed(list(enumerate(item))))
    return None
