"""Fuzzing the parsers: whatever the text, only a TrainerError with a message comes out.

Parsers: Tile.parse, Move.parse, Layout.parse, Position.from_code, Record.parse (and
Match.replay of what Record.parse accepts).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainer.engine.game import Match
from trainer.engine.layout import Layout
from trainer.engine.moves import Move
from trainer.engine.position import Hidden, Position
from trainer.engine.record import Record
from trainer.engine.rules import CINCOS, PARTNERS, STANDARD
from trainer.engine.tiles import Tile
from trainer.errors import HiddenInformationError, TrainerError

NOTATION_ALPHABET = "0123456789-,:/? @ENWSabc"
# Characters a user may paste: other digits (some of which str.isdigit accepts),
# other spaces and separators.
LOOKALIKES = ["²", "³", "①", "٣", "７", "\u00a0", "\t", "\n", "\u2013", "−", "，", "：", "e", "n", "+", "_"]

FUZZ = settings(max_examples=300, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def parse_position_deeply(text: str) -> Position:
    """Parse a code, then use it: print, reparse, list moves, ask for the outcome."""
    p = Position.from_code(text)
    code = p.code()
    assert Position.from_code(code).code() == code
    try:
        p.legal_moves()
        p.outcome()
    except HiddenInformationError:
        pass
    return p


def parse_record_and_replay(text: str) -> Match:
    return Match.replay(Record.parse(text))


PARSERS: dict[str, Callable[[str], Any]] = {
    "tile": Tile.parse,
    "move": Move.parse,
    "layout": Layout.parse,
    "position": parse_position_deeply,
    "record": parse_record_and_replay,
}


def refused_cleanly_or_accepted(parser: Callable[[str], Any], text: str) -> None:
    """The parser accepts `text`, or raises a TrainerError with a one-line-able message.
    Any other exception escapes and fails the test."""
    try:
        parser(text)
    except TrainerError as error:
        assert str(error).strip(), f"empty message for {text!r}"


@pytest.mark.parametrize("name", sorted(PARSERS))
@FUZZ
@given(text=st.text(alphabet=NOTATION_ALPHABET, max_size=40))
def test_notation_alphabet_text(name: str, text: str) -> None:
    refused_cleanly_or_accepted(PARSERS[name], text)


@pytest.mark.parametrize("name", sorted(PARSERS))
@FUZZ
@given(text=st.text(max_size=40))
def test_arbitrary_text(name: str, text: str) -> None:
    refused_cleanly_or_accepted(PARSERS[name], text)


@pytest.mark.parametrize("name", sorted(PARSERS))
@FUZZ
@given(text=st.text(alphabet=st.sampled_from(list(NOTATION_ALPHABET) + LOOKALIKES), max_size=30))
def test_lookalike_characters(name: str, text: str) -> None:
    refused_cleanly_or_accepted(PARSERS[name], text)


@st.composite
def tile_like(draw: st.DrawFn) -> str:
    """Text shaped like a tile or move, built from single characters, many of them digits."""
    pip = st.sampled_from(list("0123456789") + LOOKALIKES[:5])
    text = draw(pip) + draw(st.sampled_from(["-", "-", "--", "", "–"])) + draw(pip)
    if draw(st.booleans()):
        text += "@" + draw(st.sampled_from(["E", "w", "N", "s", "X", "", "EE"]))
    return text


@pytest.mark.parametrize("name", ["tile", "move", "layout"])
@FUZZ
@given(text=tile_like())
def test_tile_shaped_text(name: str, text: str) -> None:
    refused_cleanly_or_accepted(PARSERS[name], text)


# ----- mutations of valid codes and records -----
@lru_cache(maxsize=1)
def valid_codes() -> tuple[str, ...]:
    """Codes of positions reached in random play, and the same as the mover sees them."""
    codes: list[str] = []
    for rules, players in ((STANDARD, 2), (STANDARD, 3), (PARTNERS, 4), (CINCOS, 2), (CINCOS, 4)):
        for seed in range(3):
            match = Match(rules, players, seed, target=60)
            rng = random.Random(seed)
            step = 0
            while not match.over and step < 60:
                p = match.position
                if step % 4 == 0:
                    codes.append(p.code())
                    hands = tuple(h if i == p.turn else Hidden(len(h))  # type: ignore[arg-type]
                                  for i, h in enumerate(p.hands))
                    hidden = Position(p.layout, hands, Hidden(len(p.boneyard)),  # type: ignore[arg-type]
                                      p.turn, p.scores, p.rules)
                    codes.append(hidden.code())
                match.play(rng.choice(match.legal_moves()))
                step += 1
    return tuple(codes)


@lru_cache(maxsize=1)
def valid_records() -> tuple[str, ...]:
    texts = []
    for rules, players in ((STANDARD, 2), (PARTNERS, 4), (CINCOS, 3)):
        match = Match(rules, players, seed=11, target=40)
        rng = random.Random(11)
        while not match.over:
            match.play(rng.choice(match.legal_moves()))
        texts.append(match.record().text())
    return tuple(texts)


def test_valid_codes_parse_and_round_trip() -> None:
    """The seeds of the mutations are themselves valid, canonical codes."""
    for code in valid_codes():
        assert parse_position_deeply(code).code() == code
    for text in valid_records():
        assert Match.replay(Record.parse(text)).record().text() == text


INSERTABLE = list(NOTATION_ALPHABET) + ["7", "?", "-", ",", "/", ":", " "]


@st.composite
def mutated_text(draw: st.DrawFn, seeds: tuple[str, ...], separator: str) -> str:
    """A valid text with a few edits: characters deleted, inserted or replaced, fields
    (split on `separator`) swapped, dropped or repeated."""
    text = draw(st.sampled_from(seeds))
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["delete", "insert", "replace", "swap", "drop", "repeat"]))
        if kind in ("delete", "insert", "replace"):
            at = draw(st.integers(0, max(0, len(text) - 1)))
            char = draw(st.sampled_from(INSERTABLE))
            if kind == "delete":
                text = text[:at] + text[at + 1:]
            elif kind == "insert":
                text = text[:at] + char + text[at:]
            else:
                text = text[:at] + char + text[at + 1:]
            continue
        fields = text.split(separator)
        if len(fields) < 2:
            continue
        i = draw(st.integers(0, len(fields) - 1))
        j = draw(st.integers(0, len(fields) - 1))
        if kind == "swap":
            fields[i], fields[j] = fields[j], fields[i]
        elif kind == "drop":
            del fields[i]
        else:
            fields.insert(i, fields[j])
        text = separator.join(fields)
    return text


@FUZZ
@given(text=mutated_text(valid_codes(), " "))
def test_mutated_position_codes(text: str) -> None:
    refused_cleanly_or_accepted(parse_position_deeply, text)


@FUZZ
@given(text=st.one_of(mutated_text(valid_codes(), ","), mutated_text(valid_codes(), "/"),
                      mutated_text(valid_codes(), ":")))
def test_mutated_position_codes_inside_fields(text: str) -> None:
    refused_cleanly_or_accepted(parse_position_deeply, text)


@FUZZ
@given(text=mutated_text(valid_codes(), " "))
def test_mutated_layouts(text: str) -> None:
    refused_cleanly_or_accepted(Layout.parse, text.split(" ")[0])


@settings(max_examples=150, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(text=st.one_of(mutated_text(valid_records(), "\n"), mutated_text(valid_records(), " ")))
def test_mutated_records(text: str) -> None:
    refused_cleanly_or_accepted(parse_record_and_replay, text)


# ----- the messages say what is wrong and where -----
@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("5-5:::: 5-5,6-6/?6 ?20 0 0,0", ["tile 5-5 appears twice (layout and hand 0)"]),
        ("4-5,5-1 6-4/?6 6-4 0 0,0", ["6-4", "twice", "hand 0", "boneyard"]),
        ("4-5,5-1 ?7/6-4,6-4 ?12 0 0,0", ["6-4", "twice", "hand 1"]),
        ("4-5,5-1 ?6/?7 6-6,3-3,6-6 0 0,0", ["6-6", "twice", "boneyard"]),
        ("5-5:5-2,3-6::: ?7/?7 ?11 0 0,0", ["LAYOUT", "arm E", "5-2", "3-6"]),
        ("5-5:5-3:5-2,2-6,1-4:: ?7/?7 ?9 0 0,0", ["LAYOUT", "arm W", "2-6", "1-4"]),
        ("4-5,1-3 ?7/?7 ?12 0 0,0", ["LAYOUT", "line", "4-5", "1-3"]),
        ("5-5:4-2::: ?7/?7 ?12 0 0,0", ["LAYOUT", "arm E", "4-2", "5-5"]),
        ("5-5:5-2::5-1: ?7/?7 ?10 0 0,0", ["LAYOUT", "N", "E", "W"]),
        ("5-5::5-2::5-1 ?7/?7 ?10 0 0,0", ["LAYOUT", "S", "E", "W"]),
        ("4-5,5-5,5-1 ?7/?7 ?11 0 0,0", ["LAYOUT", "double 5-5", "line"]),
        ("4-5,5-1 6-6/?6 ?18 0 0,0", ["27", "28"]),
        ("4-5,5-1 6-6/?6 ?20 0 0,0", ["29", "28"]),
        ("4-5,5-1 ?7/?7 ?12 2 0,0", ["TURN", "2"]),
        ("4-5,5-1 ?7/?7 ?12 x 0,0", ["TURN", "x"]),
        ("4-5,5-1 ?7/?7 ?12 0 0,0,0", ["SCORES", "3"]),
        ("4-5,5-1 ?5/?5/?5/?5 ?6 0 0,0,0,0 partners", ["SCORES", "4"]),
        ("4-5,5-1 ?7/?7 ?12 0 0,x", ["SCORES", "0,x"]),
        ("4-5,5-1 ?7/?7 ?12 0 0,0 blitz", ["RULES", "blitz"]),
        ("4-5,5-1 7-1/?7 ?12 0 0,0", ["HANDS", "hand 0", "7-1"]),
        ("4-5,5-1 ?7/?7 ?x 0 0,0", ["BONEYARD", "?x"]),
        ("4-5,5-1 ?7/?7 ?12 0", ["5 or 6 fields"]),
        ("4-5,5-1 ?26 - 0 0", ["HANDS"]),
        ("- 6-5,3-2/?7 ?19 0 0,0 cincos", ["TURN", "double"]),
    ],
)
def test_position_code_messages_name_field_and_tile(code: str, words: list[str]) -> None:
    with pytest.raises(TrainerError) as caught:
        Position.from_code(code)
    message = str(caught.value)
    assert "\n" not in message
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"


@pytest.mark.parametrize(
    ("parser", "text", "words"),
    [
        (Tile.parse, "7-1", ["7-1"]),
        (Tile.parse, "64", ["64"]),
        (Move.parse, "6-4@X", ["6-4@X"]),
        (Move.parse, "6-4@", ["6-4@"]),
        (Layout.parse, "6-6", ["6-6::::"]),
        (Layout.parse, "6-6:6-1::", ["five parts"]),
        (Layout.parse, "6-5:5-1:::", ["6-5", "double"]),
        (Layout.parse, "6-6:6-1,1-6:::", ["6-1", "twice"]),
    ],
)
def test_parser_messages(parser: Callable[[str], Any], text: str, words: list[str]) -> None:
    with pytest.raises(TrainerError) as caught:
        parser(text)
    for word in words:
        assert word in str(caught.value)


RECORD_HEAD = "rules: standard\nplayers: 2\ntarget: 250\nhand-sizes: 9-7-5\nseed: 7\n"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("rules: standard\nplayers: 2\n", ["missing", "target"]),
        (RECORD_HEAD.replace("blah", "") + "hand 2\n", ["line 6", "hand 1"]),
        (RECORD_HEAD + "hand 1\n1 6-6\n", ["line 7"]),
        (RECORD_HEAD.replace("rules: standard", "rules: blitz"), ["blitz"]),
        (RECORD_HEAD.replace("players: 2", "players: 6"), ["6"]),
        (RECORD_HEAD.replace("target: 250", "target: 0"), ["target"]),
        (RECORD_HEAD.replace("seed: 7", "seed: x"), ["seed"]),
        (RECORD_HEAD.replace("hand-sizes: 9-7-5", "hand-sizes: 8"), ["hand-sizes", "8"]),
    ],
)
def test_record_messages(text: str, words: list[str]) -> None:
    with pytest.raises(TrainerError) as caught:
        Record.parse(text)
    for word in words:
        assert word in str(caught.value)


def test_replay_refuses_a_record_the_deal_contradicts() -> None:
    text = valid_records()[0]
    lines = text.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("hand 1")) + 1
    player, _, move = lines[first].partition(": ")
    lines[first] = f"{1 - int(player)}: {move}"
    with pytest.raises(TrainerError, match="hand 1"):
        Match.replay(Record.parse("\n".join(lines) + "\n"))


# ----- characters that str.isdigit() accepts but int() does not -----
@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("tile", "²-1"),
        ("tile", "6-①"),
        ("move", "²-1@E"),
        ("layout", "4-5,5-²"),
        ("layout", "²-²::::"),
        ("position", "4-5,5-1 ?7/?7 ?12 ² 0,0"),
        ("position", "4-5,5-1 ?7/?7 ?² 0 0,0"),
        ("position", "4-5,5-1 ?7/?²/?7 ?12 0 0,0,0"),
        ("record", RECORD_HEAD.replace("seed: 7", "seed: ²")),
        ("record", RECORD_HEAD.replace("players: 2", "players: ³")),
        ("record", RECORD_HEAD + "hand 1\n²: 6-6\n"),
    ],
    ids=["tile-a", "tile-b", "move", "layout-line", "layout-spinner", "position-turn",
         "position-boneyard", "position-hand", "record-seed", "record-players", "record-turn"],
)
def test_superscript_digits_are_refused_as_notation_errors(name: str, text: str) -> None:
    """'²' passes str.isdigit() but int('²') raises a bare ValueError: must be a TrainerError."""
    with pytest.raises(TrainerError):
        PARSERS[name](text)


@pytest.mark.parametrize("key", ["seed", "players", "target"])
def test_record_number_with_two_minus_signs_is_a_notation_error(key: str) -> None:
    """`seed: --5` passes the record's digit check (lstrip('-')) but int('--5') fails."""
    value = {"seed": "7", "players": "2", "target": "250"}[key]
    with pytest.raises(TrainerError, match=key):
        Record.parse(RECORD_HEAD.replace(f"{key}: {value}", f"{key}: --5"))
