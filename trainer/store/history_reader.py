"""A history file (`trainer.store.history`) read piece by piece, in bounded memory.

The file is one JSON object whose big values are five lists of small records. It is
read a megabyte at a time: the standard library's JSON decoder finds where each value
ends (`raw_decode`), and each record's text is checked by its pydantic model, field by
field, exactly as a whole file once was, so that a fault is named by its place
(`attempts[12].correct: ...`). Only the learner, the counts and what the later checks
need (which attempt each rating names, which cards and lessons were seen) are kept,
never the rows: an import checks the whole file first (`check_history`), then reads
it again to write it (`history_rows`).

>>> head = check_history('{"format": "allfives-history", "version": 1, "learner": {"name": "Ann", '
...     '"created_at": "2026-11-29T12:00:00+00:00", "rating": 1500.0, "rd": 350.0, "volatility": 0.06, '
...     '"rated_games": 0}, "attempts": [], "ratings": [], "runs": [], "reviews": []}', str)
>>> head.name, head.counts["attempts"]
('Ann', 0)
>>> check_history('{"format": "allfives-history", "version": 1}', str)
Traceback (most recent call last):
...
trainer.store.history.HistoryFileError: the file: the field 'learner' is missing (and 4 more)
"""

from __future__ import annotations

import codecs
import hashlib
import io
import json
import re
from array import array
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import IO, Any, Optional, Union

from pydantic import BaseModel, ValidationError

from trainer.store.history import (
    FORMAT,
    FORMAT_VERSION,
    ROWS_LIMIT,
    AttemptRow,
    CardRow,
    HandRow,
    History,
    HistoryFileError,
    LessonRow,
    RatingRow,
    RunRow,
    _AttemptModel,
    _CardRowModel,
    _explain,
    _fail,
    _FileModel,
    _HandModel,
    _HeadModel,
    _kind,
    _LessonModel,
    _place,
    _RatingModel,
    _RunModel,
    nul_place,
)
from trainer.store.scheduling import ReviewError, card_from_dict, card_to_json

HistorySource = Union[str, bytes, IO[bytes]]
"""The file's text, its bytes, or a binary stream that can seek (an uploaded file, an
open file): a stream is read twice, from where it stood when given; a text or bytes in
slices, never copied whole."""

LISTS: tuple[str, ...] = ("attempts", "ratings", "runs", "reviews", "lessons", "hands")
FIELDS: tuple[str, ...] = ("format", "version", "learner", *LISTS)  # the order pydantic names faults in
MODELS: dict[str, type[BaseModel]] = {"attempts": _AttemptModel, "ratings": _RatingModel, "runs": _RunModel,
                                      "reviews": _CardRowModel, "lessons": _LessonModel, "hands": _HandModel}
CHUNK = 1 << 20  # bytes read at a time
NEAR_END = 16  # a decoding fault this close to the end of what was read may be a value cut in two
SMALL = 10_000  # characters of a misplaced value kept to name it in a message
RECORD_LIMIT = 1 << 20  # characters of one record, or of one value outside the lists: the longest
# record, every text at its limit and written as \u escapes, is some 30,000
_SPACE = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()
NUL = "holds a NUL character (U+0000), which no text of a history may hold"


class HistoryNotTextError(HistoryFileError):
    """A history file whose bytes are not UTF-8 text."""


class _TooLong(Exception):
    """A value longer than RECORD_LIMIT characters."""


def _too_long(where: str) -> HistoryFileError:
    return HistoryFileError(f"{where}: longer than any part of a history file ({RECORD_LIMIT:,} characters "
                            f"at most)")


def _not_json(reason: str) -> HistoryFileError:
    return HistoryFileError(f"the file is not JSON: {reason}")


class _Chars:
    """A file handed over as text, read in slices as a stream is read (no copy of it)."""

    def __init__(self, text: str) -> None:
        self._text = text
        self._at = 0

    def read(self, size: int) -> str:
        piece = self._text[self._at:self._at + size]
        try:
            piece.encode("utf-8")
        except UnicodeEncodeError:
            raise HistoryNotTextError("the file is not text: it holds a character that is not "
                                      "Unicode") from None
        self._at += len(piece)
        return piece

    def tell(self) -> int:
        return self._at

    def seek(self, at: int) -> int:
        self._at = at
        return at


_Source = Union[IO[bytes], _Chars]


def _stream(source: HistorySource) -> _Source:
    if isinstance(source, str):
        return _Chars(source)
    if isinstance(source, (bytes, bytearray, memoryview)):
        return io.BytesIO(bytes(source))
    if not hasattr(source, "read"):
        raise HistoryFileError("a history file is text")
    return source


class _Text:
    """The file's characters, decoded as they are read; keeps only what is not consumed."""

    def __init__(self, stream: _Source) -> None:
        self._stream = stream
        self._decoder = codecs.getincrementaldecoder("utf-8")()
        self.buf = ""
        self.pos = 0
        self.base = 0  # characters consumed before buf
        self.eof = False

    def more(self, at_least: int = CHUNK) -> bool:
        """Read on; False at the end of the file."""
        if self.eof:
            return False
        data = self._stream.read(max(CHUNK, at_least))
        if isinstance(data, str):
            text = data
        elif isinstance(data, bytes):
            try:
                text = self._decoder.decode(data, final=not data)
            except UnicodeDecodeError:
                raise HistoryNotTextError(f"the file is not text in UTF-8 (near byte "
                                          f"{self._stream.tell() - len(data)})") from None
        else:
            raise HistoryFileError("a history file is read as bytes")
        if not data:
            self.eof = True
        self.base += self.pos
        self.buf = self.buf[self.pos:] + text
        self.pos = 0
        return True

    def where(self, offset: Optional[int] = None) -> str:
        return f"at character {self.base + (self.pos if offset is None else offset)}"

    def peek(self) -> str:
        """The next character that is not white space ("" at the end)."""
        while True:
            match = _SPACE.match(self.buf, self.pos)
            assert match is not None
            self.pos = match.end()
            if self.pos < len(self.buf) or not self.more():
                return self.buf[self.pos] if self.pos < len(self.buf) else ""

    def take(self, char: str, expected: str) -> None:
        if self.peek() != char:
            found = self.peek()
            raise _not_json(f"expecting {expected} {self.where()}" + ("" if found else " (the file ends)"))
        self.pos += 1

    def value(self) -> tuple[str, Any]:
        """The next JSON value's text and what it decodes to; _TooLong past RECORD_LIMIT."""
        if not self.peek():
            raise _not_json(f"expecting a value {self.where()} (the file ends)")
        while True:
            try:
                decoded, end = _DECODER.raw_decode(self.buf, self.pos)
            except json.JSONDecodeError as error:
                cut = error.msg.startswith("Unterminated string") or error.pos >= len(self.buf) - NEAR_END
                if cut and len(self.buf) - self.pos > RECORD_LIMIT:
                    raise _TooLong from None
                if cut and self.more(len(self.buf) - self.pos):
                    continue
                raise _not_json(f"{error.msg} {self.where(error.pos)}") from None
            except RecursionError:
                raise _not_json("it nests deeper than a history file does") from None
            except ValueError as error:  # an integer of more digits than Python reads
                raise _not_json(f"{error} {self.where()}") from None
            if end - self.pos > RECORD_LIMIT:
                raise _TooLong
            if end >= len(self.buf) - NEAR_END and self.more(len(self.buf) - self.pos):
                continue  # a number or a word may go on in what was not read yet
            raw = self.buf[self.pos:end]
            self.pos = end
            return raw, decoded


def _walk(stream: _Source) -> Iterator[tuple[str, Any, str, Any]]:
    """The file's top level: ("head", key, text, value) for a value that is not one of
    the lists, (key, -1, "", None) where a list begins and (key, index, text, None) for
    each of its records, ("top", None, text,
    value) when the file is not a JSON object; HistoryFileError when it is not JSON."""
    text = _Text(stream)
    if text.peek() != "{":
        try:
            raw, value = text.value()
        except _TooLong:
            raise _too_long("the file (expected a JSON object)") from None
        if text.peek():
            raise _not_json(f"trailing characters {text.where()}")
        yield "top", None, raw, value
        return
    text.take("{", "'{'")
    seen: set[str] = set()
    if text.peek() == "}":
        text.pos += 1
    else:
        while True:
            if text.peek() != '"':
                raise _not_json(f"expecting a property name in double quotes {text.where()}")
            try:
                _, key = text.value()
            except _TooLong:
                raise _too_long(f"a field's name {text.where()}") from None
            if key in seen:
                raise HistoryFileError(f"the file: the field {key[:40]!r} is there twice")
            seen.add(key)
            text.take(":", "':'")
            if key in LISTS and text.peek() == "[":
                text.pos += 1
                index = 0
                yield key, -1, "", None
                if text.peek() == "]":
                    text.pos += 1
                else:
                    while True:
                        try:
                            raw, _ = text.value()
                        except _TooLong:
                            raise _too_long(f"{key}[{index}]") from None
                        yield key, index, raw, None
                        index += 1
                        if text.peek() == ",":
                            text.pos += 1
                            continue
                        text.take("]", "',' or ']'")
                        break
            else:
                try:
                    raw, value = text.value()
                except _TooLong:
                    raise _too_long(_place((key,))) from None
                yield "head", key, raw, value
            if text.peek() == ",":
                text.pos += 1
                continue
            text.take("}", "',' or '}'")
            break
    if text.peek():
        raise _not_json(f"trailing characters {text.where()}")


@dataclass(frozen=True)
class HistoryHead:
    """What `check_history` keeps of a file found sound: the learner and the counts."""

    name: str
    created_at: datetime
    rating: float
    rd: float
    volatility: float
    rated_games: int
    language: str
    counts: dict[str, int]
    order: tuple[str, ...]  # the lists in the order of the file


def _prefixed(errors: list[Any], key: str, index: int) -> list[dict[str, Any]]:
    return [{**error, "loc": (key, index, *error["loc"])} for error in errors]


def _stand_in(raw: str, value: Any) -> str:
    """A misplaced value, or a small one of its kind: enough to name it."""
    if len(raw) <= SMALL:
        return raw
    if isinstance(value, dict):
        return "{}"
    if isinstance(value, list):
        return "[]"
    return json.dumps(str(value)[:100]) if isinstance(value, str) else "null"


def check_history(source: HistorySource, clean_name: Callable[[str], str]) -> HistoryHead:
    """Read the whole file and check every field, by type and range, and every record
    against the others; raises HistoryFileError naming the first fault by its place (or
    the name's LearnerError from `clean_name`). Nothing is kept of the rows."""
    stream = _stream(source)
    start = stream.tell()
    try:
        return _check(stream, clean_name)
    finally:
        stream.seek(start)


def _check(stream: _Source, clean_name: Callable[[str], str]) -> HistoryHead:
    head: dict[str, str] = {}
    counts = dict.fromkeys(LISTS, 0)
    order: list[str] = []
    errors: dict[str, list[dict[str, Any]]] = {key: [] for key in LISTS}
    more = 0  # faults past the first of each list
    nul: Optional[HistoryFileError] = None
    invalid: Optional[HistoryFileError] = None
    rating_attempts = array("q")
    cards: set[tuple[str, str]] = set()
    card_fault: Optional[HistoryFileError] = None
    lessons: set[str] = set()
    lesson_fault: Optional[HistoryFileError] = None
    hands: set[bytes] = set()  # digests of the hands' records: each is kept once
    for key, index, raw, value in _walk(stream):
        if key == "top":
            raise HistoryFileError(f"the file: expected a JSON object, got {_kind(value)}")
        if key == "head":
            if nul is None and ("\\u0000" in raw or "\x00" in raw):
                where = nul_place(value, (index,))
                if where is not None:
                    nul = _fail(_place(where), NUL)
            if index in FIELDS:
                head[index] = _stand_in(raw, value) if index in LISTS else raw
            continue
        if index == -1:
            order.append(key)
            continue
        counts[key] += 1
        if nul is None and ("\\u0000" in raw or "\x00" in raw):
            where = nul_place(json.loads(raw), (key, index))
            if where is not None:
                nul = _fail(_place(where), NUL)
        if index >= ROWS_LIMIT:
            if index == ROWS_LIMIT:
                errors[key].append({"type": "too_long", "loc": (key,), "ctx": {"max_length": ROWS_LIMIT},
                                    "msg": "too long", "input": None})
            continue
        try:
            model: Any = MODELS[key].model_validate_json(raw)
        except ValidationError as error:
            found = [dict(problem) for problem in error.errors(include_url=False)]
            if found[0]["type"] == "json_invalid":
                if invalid is None:
                    invalid = _invalid(found[0])
                continue
            more += len(found) - (0 if errors[key] else 1)
            if not errors[key]:
                errors[key] = _prefixed(found[:1], key, index)
            continue
        if key == "ratings":
            rating_attempts.append(-1 if model.attempt is None else model.attempt)
        elif key == "reviews" and card_fault is None:
            if (model.part, model.item) in cards:
                card_fault = _fail(f"reviews[{index}].item", f"a second card for {model.part} {model.item!r}")
            cards.add((model.part, model.item))
            try:
                _card(model)
            except ReviewError as error:
                card_fault = _fail(f"reviews[{index}].card", str(error))
        elif key == "lessons" and lesson_fault is None:
            if model.lesson in lessons:
                lesson_fault = _fail(f"lessons[{index}].lesson",
                                     f"a second record for the lesson {model.lesson!r}")
            lessons.add(model.lesson)
        elif key == "hands" and lesson_fault is None:
            digest = hashlib.blake2b(model.record.encode(), digest_size=16).digest()
            if digest in hands:
                lesson_fault = _fail(f"hands[{index}].record", "the same hand a second time")
            hands.add(digest)
    if nul is not None:
        raise nul
    if invalid is not None:
        raise invalid
    shown = [f'{json.dumps(key)}: {head[key]}' for key in FIELDS if key in head]
    shown += [f'"{key}": []' for key in order]
    problems: list[dict[str, Any]] = []
    try:
        model = _FileModel.model_validate_json("{" + ", ".join(shown) + "}")
    except ValidationError as error:
        problems = [dict(problem) for problem in error.errors(include_url=False)]
        if problems[0]["type"] == "json_invalid":
            raise _invalid(problems[0]) from None
    problems += [problem for key in LISTS for problem in errors[key]]
    if problems:
        place = {key: n for n, key in enumerate(FIELDS)}
        problems.sort(key=lambda problem: place.get(str(problem["loc"][0]) if problem["loc"] else "", -1))
        raise _file_error(head, problems, len(problems) - 1 + more)
    learner = model.learner
    name = clean_name(learner.name)
    for i, attempt in enumerate(rating_attempts):
        if attempt >= counts["attempts"]:
            raise _fail(f"ratings[{i}].attempt", f"there is no attempt {attempt} (the file has "
                                                 f"{counts['attempts']})")
    if card_fault is not None:
        raise card_fault
    if lesson_fault is not None:
        raise lesson_fault
    return HistoryHead(name, learner.created_at, learner.rating, learner.rd, learner.volatility,
                       learner.rated_games, learner.language, counts, tuple(order))


def _invalid(problem: dict[str, Any]) -> HistoryFileError:
    reason = str((problem.get("ctx") or {}).get("error", problem["msg"]))
    if "recursion limit" in reason:
        reason = f"it nests deeper than a history file does ({reason})"
    return _not_json(reason)


def _file_error(head: dict[str, str], problems: list[dict[str, Any]], more: int) -> HistoryFileError:
    """The first fault in the words of the file; whether it is a history at all first."""
    shown = {key: head[key] for key in ("format", "version") if key in head}
    found = _HeadModel.model_validate_json("{" + ", ".join(f'"{k}": {v}' for k, v in shown.items()) + "}")
    if found.format != FORMAT:
        return HistoryFileError(f"the file is not an All Fives trainer history (its format is "
                                f"{_kind(found.format)}, expected {FORMAT!r})")
    if "version" not in found.model_fields_set:
        return HistoryFileError("the file: the field 'version' is missing")
    if found.version != FORMAT_VERSION:
        return HistoryFileError(f"the file's version is {_kind(found.version)}; this trainer reads version "
                                f"{FORMAT_VERSION}")
    return HistoryFileError(_explain(problems[0]) + (f" (and {more} more)" if more else ""))


def _card(model: Any) -> Any:
    raw = model.card.model_dump()
    raw["due"] = model.card.due.isoformat()
    raw["last_review"] = None if model.card.last_review is None else model.card.last_review.isoformat()
    return card_from_dict(raw)


Row = Union[AttemptRow, RatingRow, RunRow, CardRow, LessonRow, HandRow]


def _row(key: str, m: Any) -> Row:
    if key == "attempts":
        return AttemptRow(m.part, m.item, m.kind, m.position, m.answer, m.correct, m.points_lost, m.seconds,
                          m.helped, m.rated, m.mode, tuple(m.tags), m.created_at, m.day)
    if key == "ratings":
        return RatingRow(m.attempt, m.puzzle_id, m.rating, m.rd, m.volatility, m.created_at)
    if key == "runs":
        return RunRow(m.level, m.duration, m.answered, m.right, m.score, m.best_streak, m.created_at, m.day,
                      m.mode)
    if key == "reviews":
        card = _card(m)
        return CardRow(m.part, m.item, m.kind, m.position, card_to_json(card), card.due.astimezone(UTC),
                       m.reviews, m.lapses, m.created_at, m.updated_at)
    if key == "hands":
        return HandRow(m.record, m.moves, m.mistakes, m.points_lost, m.created_at)
    return LessonRow(m.lesson, m.stars, m.finished, m.updated_at)


def history_rows(source: HistorySource, only: Optional[tuple[str, ...]] = None) -> Iterator[tuple[str, Row]]:
    """The rows of a file `check_history` found sound, one at a time in the order of the
    file, as (list, row); `only` some of the lists. A file that changed since it was
    checked raises HistoryFileError."""
    stream = _stream(source)
    start = stream.tell()
    try:
        for key, _index, raw, _ in _walk(stream):
            if key in ("head", "top") or _index < 0 or (only is not None and key not in only):
                continue
            try:
                yield key, _row(key, MODELS[key].model_validate_json(raw))
            except (ValidationError, ReviewError):
                raise HistoryFileError("the file changed while it was read; nothing was changed") from None
    finally:
        stream.seek(start)


def parse_history(source: HistorySource, clean_name: Callable[[str], str]) -> History:
    """A whole history file read into memory (for small files and tests; an import
    reads `history_rows` instead). Raises as `check_history` does.

    >>> parse_history('{"format": "allfives-history", "version": 1}', str)
    Traceback (most recent call last):
    ...
    trainer.store.history.HistoryFileError: the file: the field 'learner' is missing (and 4 more)
    """
    head = check_history(source, clean_name)
    rows: dict[str, list[Row]] = {key: [] for key in LISTS}
    for key, row in history_rows(source):
        rows[key].append(row)
    return History(head.name, head.created_at, head.rating, head.rd, head.volatility, head.rated_games,
                   tuple(rows["attempts"]), tuple(rows["ratings"]), tuple(rows["runs"]),  # type: ignore[arg-type]
                   tuple(rows["reviews"]), head.language, tuple(rows["lessons"]),  # type: ignore[arg-type]
                   tuple(rows["hands"]))  # type: ignore[arg-type]
