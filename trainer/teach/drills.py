"""Drills: boards taken from hands played by the computer players, each with its
question, its answer and the feedback the learner reads.

Seven kinds, three levels. Every item is a frozen dataclass built from a seed (or a
`random.Random`), so the same seed always gives the same item:

- `total`: type the count of the board (an int);
- `score`: the tile just played: pick the points it scores (0 among the choices);
- `round`: a hand of 1-7 tiles: pick its end-of-hand value, the pips rounded to five;
- `where`: a tile: pick every open end it fits (a set of sides, possibly empty);
- `tiles`: your hand: pick every tile that scores now on some open end (maybe none);
- `need`: one open end: pick every number a tile played there may show for the count
  to score (the tile's own number on that end is the double, which counts both halves);
- `read`: read the hand: who most likely holds a tile, or can a player score now
  (`trainer.teach.reading_drill`: its own levels, graded on exact chances). The timed
  run leaves it out (`RUN_KINDS`).

Levels, for the board shown (`level_of`): 1, no spinner yet (a lone lead or a line);
2, a spinner with fewer than four arms (alone, with a side still open so that it still
counts, or with both sides covered); 3, four arms. Each level mixes in the boards that
are easy to misread: a lone lead at level 1, a lone spinner and a spinner that still
counts at level 2. For `round` the board is only the table the hand was held over; its
level is the size of the hand (1-2, 3-4, 5-7 tiles); under cincos the hand is the
opponent's, and its value is what the player who went out scores.

Choices are shuffled: the right answer lands in each place equally often. The items
of a timed run are drawn one per index from the run's seed, so any item of a run
(`run_item`) is made without replaying the ones before it.

Typed numbers go through `parse_number`: whole numbers 0 to 999, ASCII digits, leading
zeros and surrounding spaces allowed; anything else raises `AnswerError` (a
TrainerError) whose message comes from the catalogue.

>>> item = total_item(7, level=2)
>>> item.check(item.answer).correct, item.check(str(item.answer + 1)).correct
(True, False)
>>> parse_number(" 12 ")
12
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar, Literal, Optional, TypeVar, Union

from trainer.engine.game import deal
from trainer.engine.layout import Layout
from trainer.engine.moves import SIDES, Move, Side
from trainer.engine.numbers import typed_shown
from trainer.engine.position import Position
from trainer.engine.rules import CINCOS, PARTNERS, STANDARD, RuleSet, is_scoring, round_to_five
from trainer.engine.tiles import ALL_TILES, Tile, pip_total, sort_tiles
from trainer.errors import TrainerError
from trainer.i18n import join as join_list
from trainer.i18n import t, tn
from trainer.play.players import make_player
from trainer.teach.answers import AnswerError as AnswerError  # the drills' names, kept
from trainer.teach.answers import Feedback as Feedback
from trainer.teach.reading_drill import ReadItem, read_item

Seed = Union[int, random.Random]
DrillKind = Literal["total", "score", "round", "where", "tiles", "need", "read"]
KINDS: tuple[DrillKind, ...] = ("total", "score", "round", "where", "tiles", "need", "read")
# the timed run: the scoring arithmetic, against the clock (reading the hand is not timed)
RUN_KINDS: tuple[DrillKind, ...] = ("total", "score", "round", "where", "tiles", "need")
LEVELS: tuple[int, ...] = (1, 2, 3)
MAX_ANSWER = 999
# How many tiles a hand to round holds at each level.
ROUND_SIZES: dict[int, tuple[int, int]] = {1: (1, 2), 2: (3, 4), 3: (5, 7)}
Answer = Union[int, str, Collection[str]]
_T = TypeVar("_T")


class RunOverError(TrainerError):
    """An answer or a request for a board after a timed run's time is up."""


# ----- typed answers -----
def parse_number(text: str, lang: str = "en") -> int:
    """Read a typed whole number from 0 to 999 (ASCII digits; spaces around it and
    leading zeros are fine). Raises AnswerError with a message that says what to type.

    >>> parse_number("007"), parse_number("0")
    (7, 0)
    >>> try:
    ...     parse_number("10,000")
    ... except AnswerError as error:
    ...     print(error)
    Type a whole number with digits only, no commas, points or spaces: “10,000” is not one.
    """
    if not isinstance(text, str):
        raise AnswerError("answer.not_number", lang, text=typed_shown(str(text)))
    body = text.strip()
    if not body:
        raise AnswerError("answer.empty", lang)
    if re.fullmatch(r"[0-9]+", body):
        digits = body.lstrip("0") or "0"
        if len(digits) > len(str(MAX_ANSWER)) or int(digits) > MAX_ANSWER:
            raise AnswerError("answer.too_large", lang, text=typed_shown(body), max=MAX_ANSWER)
        return int(digits)
    if re.fullmatch(r"-\s*[0-9]+", body):
        raise AnswerError("answer.negative", lang, text=typed_shown(body), max=MAX_ANSWER)
    if re.fullmatch(r"[0-9]+([,.' _\s][0-9]+)+", body):
        raise AnswerError("answer.digits_only", lang, text=typed_shown(body))
    raise AnswerError("answer.not_number", lang, text=typed_shown(body))


def read_number(answer: Answer, lang: str = "en") -> int:
    """An int answer checked for range, or typed text read by `parse_number`."""
    if isinstance(answer, bool) or not isinstance(answer, (int, str)):
        raise AnswerError("answer.not_number", lang, text=typed_shown(str(answer)))
    if isinstance(answer, str):
        return parse_number(answer, lang)
    if answer < 0:
        raise AnswerError("answer.negative", lang, text=str(answer), max=MAX_ANSWER)
    if answer > MAX_ANSWER:
        raise AnswerError("answer.too_large", lang, text=typed_shown(str(answer)), max=MAX_ANSWER)
    return answer


def read_sides(answer: Answer, lang: str = "en") -> frozenset[Side]:
    """Open-end sides from clicks (`{"E", "W"}`) or text (`"E, w"`); `""` is none.

    >>> sorted(read_sides("e, W")), sorted(read_sides(["N"])), read_sides("")
    (['E', 'W'], ['N'], frozenset())
    """
    if isinstance(answer, bool) or isinstance(answer, int):
        raise AnswerError("answer.bad_side", lang, text=typed_shown(str(answer)))
    tokens: Iterable[str] = re.split(r"[\s,;]+", answer.strip()) if isinstance(answer, str) else answer
    sides: set[Side] = set()
    for token in tokens:
        text = str(token).strip().upper()
        if not text:
            continue
        side = next((s for s in SIDES if s == text), None)
        if side is None:
            raise AnswerError("answer.bad_side", lang, text=typed_shown(str(token)))
        sides.add(side)
    return frozenset(sides)


def read_tiles(answer: Answer, lang: str = "en") -> frozenset[Tile]:
    """Tiles from clicks (`["6-4", "5-0"]`) or text (`"6-4, 0-5"`); `""` is none.

    >>> sorted(map(str, read_tiles("6-4, 0-5"))), read_tiles([])
    (['5-0', '6-4'], frozenset())
    """
    if isinstance(answer, bool) or isinstance(answer, int):
        raise AnswerError("answer.bad_tile", lang, text=typed_shown(str(answer)))
    tokens: Iterable[str] = re.split(r"[\s,;]+", answer.strip()) if isinstance(answer, str) else answer
    tiles: set[Tile] = set()
    for token in tokens:
        text = str(token).strip()
        if not text:
            continue
        try:
            tiles.add(Tile.parse(text))
        except TrainerError:
            raise AnswerError("answer.bad_tile", lang, text=typed_shown(text)) from None
    return frozenset(tiles)


def read_pips(answer: Answer, lang: str = "en") -> frozenset[int]:
    """Numbers 0 to 6 from clicks (`["0", "5"]`) or text (`"0 5"`); `""` is none.

    >>> sorted(read_pips("0, 5")), read_pips([])
    ([0, 5], frozenset())
    """
    if isinstance(answer, bool) or isinstance(answer, int):
        raise AnswerError("answer.bad_pip", lang, text=typed_shown(str(answer)))
    tokens: Iterable[str] = re.split(r"[\s,;]+", answer.strip()) if isinstance(answer, str) else answer
    pips: set[int] = set()
    for token in tokens:
        text = str(token).strip()
        if not text:
            continue
        if not re.fullmatch(r"[0-6]", text):
            raise AnswerError("answer.bad_pip", lang, text=typed_shown(text))
        pips.add(int(text))
    return frozenset(pips)


# ----- explaining a count -----
def _tile(a: int, b: int) -> str:
    return str(Tile.of(a, b))


def count_equation(layout: Layout, lang: str = "en") -> str:
    """The count as a sum, each number named by where it comes from.

    >>> count_equation(Layout.parse("5-5:5-2:::"))
    'spinner 10 + E 2 = 12'
    """
    parts = layout.count_parts()
    terms = " + ".join(f"{t('part.' + name, lang)} {value}" for name, value in parts) or "0"
    return f"{terms} = {layout.count()}"


def count_breakdown(layout: Layout, lang: str = "en") -> tuple[str, ...]:
    """One line per number in the count (from `Layout.count_parts`), then what counts
    nothing (a covered spinner, an open end with no tile yet), then the sum.

    >>> for line in count_breakdown(Layout.parse("5-5:5-2:5-3::")): print(line)
    East arm ends in 2: it adds 2.
    West arm ends in 3: it adds 3.
    Spinner 5-5: both sides hold a tile, so it counts nothing.
    North end is open but holds no tile yet: it adds nothing.
    South end is open but holds no tile yet: it adds nothing.
    Count: E 2 + W 3 = 5.
    """
    if layout.is_empty:
        return (t("count.empty", lang),)
    lines: list[str] = []
    for name, value in layout.count_parts():
        if name == "lead":
            west, east = layout.line[0]
            lines.append(t("count.lead", lang, tile=_tile(west, east), value=value))
        elif name == "spinner":
            d = layout.spinner
            lines.append(t("count.spinner_open", lang, tile=f"{d}-{d}", value=value))
        elif layout.spinner is None:
            pip = layout.line[0][0] if name == "W" else layout.line[-1][1]
            lines.append(t("count.line_end", lang, end=t("end." + name, lang), pip=pip, value=value))
        else:
            inner, outer = layout.arms[SIDES.index(name)][-1]
            key = "count.arm_double" if inner == outer else "count.arm_end"
            lines.append(t(key, lang, arm=t("arm." + name, lang), tile=f"{outer}-{outer}",
                           pip=outer, value=value))
    if layout.spinner is not None and layout.arms_open:
        d = layout.spinner
        lines.append(t("count.spinner_closed", lang, tile=f"{d}-{d}"))
        for side, arm in zip(SIDES[2:], layout.arms[2:]):
            if not arm:
                lines.append(t("count.end_empty", lang, end=t("end." + side, lang)))
    lines.append(t("count.sum", lang, equation=count_equation(layout, lang)))
    return tuple(lines)


def misreadings(layout: Layout) -> tuple[int, ...]:
    """Counts a learner gets with the usual mistakes, for wrong choices: every open end's
    pip once; the spinner still counted once both sides are covered; a double at an
    arm's end counted once. Only values that differ from the count.

    >>> misreadings(Layout.parse("6-6:6-4,4-4:6-3::"))
    (19, 23, 7)
    """
    count = layout.count()
    found: list[int] = [sum(end.pip for end in layout.open_ends())]
    if layout.spinner is not None:
        if layout.arms_open:
            found.append(count + 2 * layout.spinner)
        found.append(count - sum(arm[-1][1] for arm in layout.arms if arm and arm[-1][0] == arm[-1][1]))
    return tuple(dict.fromkeys(v for v in found if v != count))


def side_names(sides: Iterable[Side], lang: str = "en") -> str:
    """`east and west`, in the order E, W, N, S."""
    chosen = set(sides)
    return join_list([t("side." + s, lang) for s in SIDES if s in chosen], lang)


# ----- levels -----
def level_of(layout: Layout) -> Optional[int]:
    """The drill level of a board: 1 no spinner yet (a lone lead or a line); 2 a spinner
    with fewer than four arms; 3 four arms; None for an empty table.

    >>> [level_of(Layout.parse(code)) for code in ("4-5,5-1", "5-5:5-2:5-3::", "6-6:6-4,4-4:6-1:6-2:6-0")]
    [1, 2, 3]
    >>> level_of(Layout.parse("5-5:5-2:::")), level_of(Layout.parse("6-4")), level_of(Layout.parse("5-5::::"))
    (2, 1, 2)
    """
    if layout.is_empty:
        return None
    if layout.spinner is None:
        return 1
    return 3 if all(layout.arms) else 2


def board_kind(layout: Layout) -> str:
    """What sort of board it is, for mixing the boards of a level: `lead` (a lone tile,
    not a double), `spinner_alone`, `spinner_counts` (a side still open), or `other`.

    >>> [board_kind(Layout.parse(c)) for c in ("6-4", "5-5::::", "5-5:5-2:::", "4-5,5-1")]
    ['lead', 'spinner_alone', 'spinner_counts', 'other']
    """
    if layout.spinner is None:
        return "lead" if len(layout.line) == 1 else "other"
    if not any(layout.arms):
        return "spinner_alone"
    return "spinner_counts" if not layout.arms_open else "other"


# How often each sort of board is served at a level (when a hand offers it).
BOARD_MIX: dict[int, tuple[tuple[str, float], ...]] = {
    1: (("lead", 0.1), ("other", 0.9)),
    2: (("spinner_alone", 0.2), ("spinner_counts", 0.35), ("other", 0.45)),
    3: (("other", 1.0),),
}


def _mixed(rng: random.Random, level: int, found: Sequence[_T], layout_of: Callable[[_T], Layout]) -> _T:
    """One of `found`, the sorts of board weighted by BOARD_MIX."""
    groups: dict[str, list[_T]] = {}
    for item in found:
        groups.setdefault(board_kind(layout_of(item)), []).append(item)
    weights = dict(BOARD_MIX[level])
    return _prefer(rng, [(weights.get(kind, 0.0) or 0.05, group) for kind, group in groups.items()])


def _check_level(level: int, lang: str = "en") -> None:
    if isinstance(level, bool) or level not in LEVELS:
        raise TrainerError(t("drill.bad_level", lang, level=level))


# ----- real play -----
@dataclass(frozen=True)
class Table:
    """Who plays the hands that drills are taken from: the rules and one computer
    player per seat."""

    rules: RuleSet
    bots: tuple[str, ...]

    @property
    def players(self) -> int:
        return len(self.bots)


TABLES: tuple[Table, ...] = (
    Table(STANDARD, ("random", "random")),
    Table(STANDARD, ("greedy", "random")),
    Table(STANDARD, ("random", "random", "random")),
    Table(PARTNERS, ("random", "random", "random", "random")),
    Table(CINCOS, ("random", "random")),
)


@dataclass(frozen=True)
class Step:
    """One move of real play: the position before it, the move, the position after."""

    before: Position
    move: Move
    after: Position


@lru_cache(maxsize=512)
def played_hand(table: Table, seed: int) -> tuple[Step, ...]:
    """A hand dealt and played to its end by the table's players (forced draws and
    passes included); the same table and seed always give the same hand."""
    rng = random.Random(seed)
    position = deal(table.rules, table.players, rng)
    bots = [make_player(name, rng.getrandbits(32)) for name in table.bots]
    steps: list[Step] = []
    while not position.is_over:
        if position.legal_moves():
            move = bots[position.turn].choose(position)
            after = position.play(move)
            steps.append(Step(position, move, after))
            position = after
        elif position.must_draw:
            position = position.draw()
        else:
            position = position.pass_turn()
    return tuple(steps)


MAX_HANDS = 400


def _rng(seed: Seed) -> random.Random:
    return seed if isinstance(seed, random.Random) else random.Random(seed)


def _search(rng: random.Random, level: int, collect: Callable[[tuple[Step, ...]], list[_T]],
            tables: Sequence[Table] = TABLES) -> list[_T]:
    """Play seeded hands until one yields candidates; a level-1 board never comes from
    cincos, whose lead is the spinner."""
    tables = [table for table in tables if level != 1 or table.rules.lead == "any"]
    for _ in range(MAX_HANDS):
        table = rng.choice(tables)
        found = collect(played_hand(table, rng.getrandbits(32)))
        if found:
            return found
    raise RuntimeError(f"no level-{level} board in {MAX_HANDS} hands")  # pragma: no cover


def _prefer(rng: random.Random, groups: Sequence[tuple[float, list[_T]]]) -> _T:
    """Pick a non-empty group by weight, then an element of it."""
    live = [(weight, group) for weight, group in groups if group]
    group = rng.choices([g for _, g in live], weights=[w for w, _ in live])[0]
    return rng.choice(group)


# ----- the items -----
@dataclass(frozen=True)
class TotalItem:
    """Total the ends: type the count of `layout`."""

    kind: ClassVar[DrillKind] = "total"
    level: int
    layout: Layout
    position: Position  # where it was reached in real play

    @property
    def answer(self) -> int:
        return self.layout.count()

    @property
    def choices(self) -> tuple[int, ...]:
        return ()  # typed in one number field

    def question(self, lang: str = "en") -> str:
        return t("total.question", lang)

    def check(self, answer: Answer, lang: str = "en") -> Feedback:
        """Raises AnswerError for text that is not a whole number 0-999."""
        given = read_number(answer, lang)
        right = given == self.answer
        head = (t("total.right", lang, count=self.answer) if right
                else t("total.wrong", lang, answer=given, count=self.answer))
        details = count_breakdown(self.layout, lang)
        return Feedback(right, f"{head} {details[-1]}", details)


@dataclass(frozen=True)
class ScoreItem:
    """Does it score, and how much: `move` was just played from `position`, leaving
    `layout`; pick the points among `choices`."""

    kind: ClassVar[DrillKind] = "score"
    level: int
    layout: Layout
    position: Position
    move: Move
    choices: tuple[int, ...]

    @property
    def answer(self) -> int:
        return self.layout.points()

    def question(self, lang: str = "en") -> str:
        if self.move.side is None:
            return t("score.question_lead", lang, tile=self.move.tile)
        return t("score.question", lang, tile=self.move.tile, side=t("side." + self.move.side, lang))

    def check(self, answer: Answer, lang: str = "en") -> Feedback:
        given = read_number(answer, lang)
        right = given == self.answer
        count = self.layout.count()
        scores = "scores" if self.answer else "zero" if count == 0 else "nothing"
        verdict = "right" if right else "wrong"
        head = t(f"score.{verdict}_{scores}", lang, answer=given, count=count, points=self.answer)
        details = count_breakdown(self.layout, lang)
        return Feedback(right, f"{head} {details[-1]}", details)


@dataclass(frozen=True)
class RoundItem:
    """Round the hand: `hand` is left when the hand ends; pick the value taken off the
    score (its pips rounded to the nearest five) among `choices`. `layout` is the table
    it was held over."""

    kind: ClassVar[DrillKind] = "round"
    level: int
    layout: Layout
    position: Position
    hand: tuple[Tile, ...]
    choices: tuple[int, ...]

    @property
    def pips(self) -> int:
        return pip_total(self.hand)

    @property
    def answer(self) -> int:
        return round_to_five(self.pips)

    @property
    def winner_takes(self) -> bool:
        """Cincos: nothing comes off; the player who went out scores these pips."""
        return self.position.rules.hand_end == "winner-takes"

    def question(self, lang: str = "en") -> str:
        key = "round.question_cincos" if self.winner_takes else "round.question"
        return t(key, lang, tiles=", ".join(str(tile) for tile in self.hand))

    def check(self, answer: Answer, lang: str = "en") -> Feedback:
        given = read_number(answer, lang)
        right = given == self.answer
        rule = rounding_rule(self.pips, lang)
        cincos = "_cincos" if self.winner_takes else ""
        head = (t("round.right" + cincos, lang, pips=self.pips, value=self.answer) if right
                else t("round.wrong" + cincos, lang, answer=given, pips=self.pips, value=self.answer))
        terms = " + ".join(f"{tile} ({tile.pips})" for tile in self.hand)
        details = (t("round.sum", lang, equation=f"{terms} = {self.pips}"), rule)
        return Feedback(right, f"{head} {rule}", details)


def rounding_rule(pips: int, lang: str = "en") -> str:
    """Why `pips` rounds as it does.

    >>> rounding_rule(13), rounding_rule(15)
    ('13 is 3 over 10: 3 or 4 over rounds up, to 15.', '15 is a multiple of five already.')
    """
    low = pips // 5 * 5
    over = pips - low
    key = "round.rule_exact" if over == 0 else "round.rule_down" if over <= 2 else "round.rule_up"
    return t(key, lang, pips=pips, over=over, low=low, value=round_to_five(pips))


@dataclass(frozen=True)
class WhereItem:
    """Where can this tile go: pick every open end of `layout` that `tile` fits
    (`choices` are the open ends); the answer is a set, maybe empty."""

    kind: ClassVar[DrillKind] = "where"
    level: int
    layout: Layout
    position: Position
    tile: Tile

    @property
    def choices(self) -> tuple[Side, ...]:
        return tuple(end.side for end in self.layout.open_ends())

    @property
    def answer(self) -> frozenset[Side]:
        return frozenset(end.side for end in self.layout.open_ends() if self.tile.has(end.pip))

    def question(self, lang: str = "en") -> str:
        return t("where.question", lang, tile=self.tile)

    def check(self, answer: Answer, lang: str = "en") -> Feedback:
        """Raises AnswerError for a side that is not E, W, N or S."""
        given = read_sides(answer, lang)
        right = given == self.answer
        fits = side_names(self.answer, lang)
        if right:
            head = t("where.right" if self.answer else "where.right_none", lang, tile=self.tile, ends=fits)
        else:
            head = t("where.wrong" if self.answer else "where.wrong_none", lang, tile=self.tile, ends=fits)
        parts = [head]
        missed = self.answer - given
        extra = given - self.answer
        if missed:
            parts.append(t("where.missed", lang, ends=side_names(missed, lang)))
        if extra:
            parts.append(t("where.extra", lang, tile=self.tile, ends=side_names(extra, lang)))
        details = []
        for end in self.layout.open_ends():
            key = "where.end_fits" if self.tile.has(end.pip) else "where.end_not"
            details.append(t(key, lang, end=t("end." + end.side, lang), pip=end.pip, tile=self.tile))
        open_sides = set(self.choices)
        for side in SIDES:
            if side in extra and side not in open_sides:
                details.append(t("where.not_open", lang, end=t("end." + side, lang)))
        return Feedback(right, " ".join(parts), tuple(details))


def scoring_ends(layout: Layout, tile: Tile) -> tuple[tuple[Side, int], ...]:
    """Each open end where `tile` fits, with what it scores there (0: nothing)."""
    return tuple((end.side, layout.place(tile, end.side).points()) for end in layout.open_ends()
                 if tile.has(end.pip))


@dataclass(frozen=True)
class TilesItem:
    """Which of your tiles scores: pick every tile of `hand` that scores now on some open
    end of `layout` (the answer may be none)."""

    kind: ClassVar[DrillKind] = "tiles"
    level: int
    layout: Layout
    position: Position
    hand: tuple[Tile, ...]

    @property
    def choices(self) -> tuple[Tile, ...]:
        return self.hand

    @property
    def answer(self) -> frozenset[Tile]:
        return frozenset(tile for tile in self.hand if any(points for _,
                                                           points in scoring_ends(self.layout, tile)))

    def question(self, lang: str = "en") -> str:
        return t("tiles.question", lang)

    def check(self, answer: Answer, lang: str = "en") -> Feedback:
        """Raises AnswerError for text that is not a tile."""
        given = read_tiles(answer, lang)
        right = given == self.answer
        named = join_list([str(tile) for tile in sorted(self.answer, reverse=True)], lang)
        if self.answer:
            head = tn("tiles.right" if right else "tiles.wrong", len(self.answer), lang, tiles=named)
        else:
            head = t("tiles.right_none" if right else "tiles.wrong_none", lang)
        details = []
        for tile in self.hand:
            ends = scoring_ends(self.layout, tile)
            if not ends:
                details.append(t("tiles.no_fit", lang, tile=tile))
                continue
            parts = [t("tiles.end", lang, end=t("side." + side, lang),
                       count=self.layout.place(tile, side).count(), points=points) for side, points in ends]
            details.append(t("tiles.line", lang, tile=tile, ends=t("list.separator", lang).join(parts)))
        return Feedback(right, head, tuple(details))


@dataclass(frozen=True)
class NeedItem:
    """What an end needs: pick every number that a tile played on the open end `side`
    of `layout` may show there for the count to score, among the tiles not on the table
    yet (`choices`). The tile is `pip`-x; x = `pip` is the double, which counts both
    halves."""

    kind: ClassVar[DrillKind] = "need"
    level: int
    layout: Layout
    position: Position
    side: Side

    @property
    def pip(self) -> int:
        return next(end.pip for end in self.layout.open_ends() if end.side == self.side)

    @property
    def choices(self) -> tuple[int, ...]:
        """The numbers of the tiles that fit this end and are not on the table yet."""
        played = set(self.layout.tiles())
        return tuple(x for x in range(7) if Tile.of(self.pip, x) not in played)

    def after(self, shown: int) -> Layout:
        return self.layout.place(Tile.of(self.pip, shown), self.side)

    @property
    def answer(self) -> frozenset[int]:
        return frozenset(x for x in self.choices if self.after(x).points() > 0)

    def question(self, lang: str = "en") -> str:
        return t("need.question", lang, end=t("side." + self.side, lang), pip=self.pip,
                 count=self.layout.count())

    def check(self, answer: Answer, lang: str = "en") -> Feedback:
        """Raises AnswerError for text that is not a number 0 to 6."""
        given = read_pips(answer, lang)
        right = given == self.answer
        named = join_list([str(x) for x in sorted(self.answer)], lang)
        if self.answer:
            head = t("need.right" if right else "need.wrong", lang, numbers=named)
        else:
            head = t("need.right_none" if right else "need.wrong_none", lang)
        adds = dict(self.layout.count_parts()).get(self.side, 0)
        details = [t("need.now", lang, count=self.layout.count(), end=t("side." + self.side, lang),
                     adds=adds)]
        for x in sorted(self.answer):
            after = self.after(x)
            details.append(t("need.line", lang, tile=Tile.of(self.pip, x), count=after.count(),
                             points=after.points()))
        return Feedback(right, head, tuple(details))


DrillItem = Union[TotalItem, ScoreItem, RoundItem, WhereItem, TilesItem, NeedItem, ReadItem]


def placed(right: int, wrong: Iterable[int], rng: random.Random, n: int = 4) -> tuple[int, ...]:
    """`n` choices: the first n-1 distinct wrong values, ascending, with `right` put in
    at a random place, so that each place holds the right answer equally often.

    >>> placed(10, [5, 15, 20], random.Random(1))
    (5, 10, 15, 20)
    """
    others: list[int] = []
    for value in wrong:
        if value != right and value not in others and len(others) < n - 1:
            others.append(value)
    others.sort()
    slot = rng.randrange(len(others) + 1)
    return (*others[:slot], right, *others[slot:])


def _point_choices(layout: Layout, rng: random.Random) -> tuple[int, ...]:
    """The right points and three wrong ones: 0 (or the count's multiple of five when
    nothing scores), the points of a usual misreading, the multiples of five nearest the
    count; the right answer at a random place."""
    count = layout.count()
    low = count // 5 * 5
    near = [low, low + 5, low - 5, low + 10, low - 10, low + 15, low + 20]
    rng.shuffle(near)
    pool = [0, *(v for v in misreadings(layout) if is_scoring(v)), *near]
    return placed(layout.points(), [v for v in pool if v >= 0], rng)


def _round_choices(value: int, rng: random.Random) -> tuple[int, ...]:
    """The right value and three multiples of five near it, at a random place."""
    near = [value - 5, value + 5, value - 10, value + 10, value + 15, value - 15, value + 20]
    rng.shuffle(near)
    near.sort(key=lambda v: abs(v - value) > 10)  # the nearest first, in a random order
    return placed(value, [v for v in near if v >= 0], rng)


def total_item(seed: Seed, level: int = 1) -> TotalItem:
    """A board of `level` reached in real play."""
    _check_level(level)
    rng = _rng(seed)
    found = _search(rng, level, lambda steps: [s.after for s in steps if level_of(s.after.layout) == level])
    position = _mixed(rng, level, found, lambda p: p.layout)
    return TotalItem(level, position.layout, position)


def score_item(seed: Seed, level: int = 1) -> ScoreItem:
    """A move of real play whose resulting board is of `level`; half of them score
    (decided first, then looked for)."""
    _check_level(level)
    rng = _rng(seed)
    scoring = rng.random() < 0.5
    found = _search(rng, level, lambda steps: [s for s in steps if level_of(s.after.layout) == level
                                               and bool(s.after.layout.points()) == scoring])
    step = _mixed(rng, level, found, lambda s: s.after.layout)
    layout = step.after.layout
    return ScoreItem(level, layout, step.before, step.move, _point_choices(layout, rng))


def round_item(seed: Seed, level: int = 1) -> RoundItem:
    """A hand held by a player during real play, of 1-2, 3-4 or 5-7 tiles by level."""
    _check_level(level)
    rng = _rng(seed)
    low, high = ROUND_SIZES[level]

    def collect(steps: tuple[Step, ...]) -> list[tuple[Position, int]]:
        positions = [s.after for s in steps]
        return [(p, player) for p in positions for player in range(p.players)
                if low <= len(p.hand(player)) <= high]

    position, player = rng.choice(_unique_hands(_search(rng, level, collect)))
    hand = sort_tiles(position.hand(player))
    choices = _round_choices(round_to_five(pip_total(hand)), rng)
    return RoundItem(level, position.layout, position, hand, choices)


def _unique_hands(found: list[tuple[Position, int]]) -> list[tuple[Position, int]]:
    """One entry per distinct hand (a hand is held over several turns)."""
    seen: dict[tuple[Tile, ...], tuple[Position, int]] = {}
    for position, player in found:
        seen.setdefault(position.hand(player), (position, player))
    return list(seen.values())


def where_item(seed: Seed, level: int = 1) -> WhereItem:
    """A board of `level` from real play and a tile not yet on the table: about 40% fit
    two ends or more, 40% one end, 20% none."""
    _check_level(level)
    rng = _rng(seed)
    found = _search(rng, level, lambda steps: [s.before for s in steps if level_of(s.before.layout) == level])
    position = _mixed(rng, level, found, lambda p: p.layout)
    layout = position.layout
    on_table = set(layout.tiles())
    fits: dict[int, list[Tile]] = {0: [], 1: [], 2: []}
    for tile in ALL_TILES:
        if tile not in on_table:
            n = sum(tile.has(end.pip) for end in layout.open_ends())
            fits[min(n, 2)].append(tile)
    tile = _prefer(rng, [(0.4, fits[2]), (0.4, fits[1]), (0.2, fits[0])])
    return WhereItem(level, layout, position, tile)


def tiles_item(seed: Seed, level: int = 1) -> TilesItem:
    """A hand of 3 to 7 tiles at a board of `level` from real play, the mover's turn:
    about a fifth with no scoring tile, half with one, the rest with two or more."""
    _check_level(level)
    rng = _rng(seed)
    found = _search(rng, level, lambda steps: [s.before for s in steps if level_of(s.before.layout) == level
                                               and 3 <= len(s.before.hand(s.before.turn)) <= 7])
    groups: dict[int, list[Position]] = {0: [], 1: [], 2: []}
    for position in found:
        item = TilesItem(level, position.layout, position, position.hand(position.turn))
        groups[min(len(item.answer), 2)].append(position)
    position = _prefer(rng, [(0.2, groups[0]), (0.5, groups[1]), (0.3, groups[2])])
    return TilesItem(level, position.layout, position, position.hand(position.turn))


def need_item(seed: Seed, level: int = 1) -> NeedItem:
    """An open end of a board of `level` from real play, with a tile still to come for
    it: about three in four need a number that exists (0 to 6), the others none."""
    _check_level(level)
    rng = _rng(seed)
    found = _search(rng, level, lambda steps: [s.before for s in steps if level_of(s.before.layout) == level])
    position = _mixed(rng, level, found, lambda p: p.layout)
    items = [NeedItem(level, position.layout, position, end.side) for end in position.layout.open_ends()]
    items = [item for item in items if item.choices] or items
    some = [item for item in items if item.answer]
    none = [item for item in items if not item.answer]
    return _prefer(rng, [(0.75, some), (0.25, none)])


MAKERS: dict[DrillKind, Callable[[Seed, int], DrillItem]] = {
    "total": total_item,
    "score": score_item,
    "round": round_item,
    "where": where_item,
    "tiles": tiles_item,
    "need": need_item,
    "read": read_item,
}


def make_item(kind: str, seed: Seed, level: int = 1) -> DrillItem:
    """An item of any kind; raises TrainerError for an unknown kind or level."""
    for known in KINDS:
        if known == kind:
            return MAKERS[known](seed, level)
    raise TrainerError(t("drill.bad_kind", kind=kind, kinds=", ".join(KINDS)))


@lru_cache(maxsize=1024)
def seeded_item(kind: str, seed: int, level: int = 1) -> DrillItem:
    """`make_item` for a number seed, kept: the same seed always makes the same board, so
    a board asked for again (each run of a page, an answer, the next board made ahead
    while the learner reads this one) is made once. Items are frozen, safe to share.

    >>> seeded_item("total", 7, 2) is seeded_item("total", 7, 2)
    True
    """
    return make_item(kind, seed, level)


# ----- the timed run -----
MAX_RUN_INDEX = 999  # far more boards than a run of a few minutes serves


def run_item(seed: int, level: int, index: int, kinds: Sequence[DrillKind] = RUN_KINDS,
             lang: str = "en") -> DrillItem:
    """The `index`-th board (from 0) of the timed run started with `seed`: made from
    its own seed, in bounded work whatever the index; raises TrainerError past
    MAX_RUN_INDEX.

    >>> run_item(5, 1, 3) == run_item(5, 1, 3)
    True
    """
    _check_level(level, lang)
    if isinstance(index, bool) or not 0 <= index <= MAX_RUN_INDEX:
        raise TrainerError(t("run.bad_index", lang, index=str(index)[:12], max=MAX_RUN_INDEX))
    rng = random.Random(f"run:{seed}:{level}:{index}")
    kind = rng.choice(tuple(kinds))
    return MAKERS[kind](rng, level)


@dataclass(frozen=True)
class RunResult:
    """One answer in a timed run."""

    kind: DrillKind
    correct: bool
    seconds: float


@dataclass(frozen=True)
class RunSummary:
    """The end of a timed run: counts, score, best streak and each kind's right and wrong."""

    level: int
    duration: float
    answered: int
    right: int
    wrong: int
    skipped: int
    score: int
    best_streak: int
    per_kind: tuple[tuple[DrillKind, int, int], ...]

    @property
    def accuracy(self) -> float:
        """Right answers as a share of answers (0.0 with none)."""
        return self.right / self.answered if self.answered else 0.0

    def text(self, lang: str = "en") -> tuple[str, ...]:
        """The summary as lines for the learner."""
        lines = [t("run.summary", lang, right=self.right, answered=self.answered,
                   seconds=round(self.duration), percent=round(100 * self.accuracy)),
                 t("run.score", lang, score=self.score, best_streak=self.best_streak)]
        for kind, right, wrong in self.per_kind:
            lines.append(t("run.per_kind", lang, kind=t(f"drill.{kind}.title", lang),
                           right=right, answered=right + wrong))
        return tuple(lines)


class TimedRun:
    """A run of `duration` seconds: boards of `level`, one at a time, a point for each
    right answer, the streak of right answers and the best streak.

    `next_item()` serves the board to answer (the same one until it is answered, so a
    page may ask again on every rerun); `answer(...)` checks it. Once the time is up,
    both raise RunOverError and the answer is not counted. The clock is injected.

    >>> now = [0.0]
    >>> run = TimedRun(seed=1, level=1, clock=lambda: now[0], kinds=("total",))
    >>> item = run.next_item()
    >>> run.answer(item.answer).correct, run.score, run.streak
    (True, 1, 1)
    >>> now[0] = 60.0
    >>> run.over, run.summary().right
    (True, 1)
    """

    def __init__(self, seed: Seed, level: int, duration: float = 60.0,
                 clock: Callable[[], float] = time.monotonic,
                 kinds: Sequence[DrillKind] = RUN_KINDS) -> None:
        _check_level(level)
        if not kinds or any(kind not in KINDS for kind in kinds):
            raise TrainerError(t("drill.bad_kind", kind=", ".join(kinds), kinds=", ".join(KINDS)))
        self.level = level
        self.duration = float(duration)
        self.kinds = tuple(kinds)
        self._clock = clock
        self.seed = seed if isinstance(seed, int) else seed.getrandbits(32)
        self.served = 0  # boards answered or skipped so far: the index of the next
        self.started_at = clock()
        self._served_at = self.started_at
        self._current: Optional[DrillItem] = None
        self._results: list[RunResult] = []
        self.skipped = 0
        self.streak = 0
        self.best_streak = 0

    # ----- time -----
    def elapsed(self) -> float:
        return min(self.duration, max(0.0, self._clock() - self.started_at))

    def remaining(self) -> float:
        return self.duration - self.elapsed()

    @property
    def over(self) -> bool:
        return self._clock() - self.started_at >= self.duration

    # ----- boards and answers -----
    @property
    def current(self) -> Optional[DrillItem]:
        """The board waiting for an answer, if any."""
        return self._current

    def next_item(self, lang: str = "en") -> DrillItem:
        """The board to answer now: the unanswered one, or a new one."""
        if self.over:
            raise RunOverError(t("run.over", lang))
        if self._current is None:
            self._current = run_item(self.seed, self.level, min(self.served, MAX_RUN_INDEX), self.kinds)
            self._served_at = self._clock()
        return self._current

    def skip(self) -> None:
        """Drop the board waiting for an answer; the streak ends."""
        if self._current is not None:
            self._current = None
            self.served += 1
            self.skipped += 1
            self.streak = 0

    def answer(self, answer: Answer, lang: str = "en") -> Feedback:
        """Check the waiting board. A bad typed answer raises AnswerError and counts for
        nothing (the board stays); after the time is up, RunOverError."""
        if self.over:
            self._current = None
            raise RunOverError(t("run.over", lang))
        item = self._current
        if item is None:
            raise TrainerError(t("run.no_item", lang))
        feedback = item.check(answer, lang)
        self._results.append(RunResult(item.kind, feedback.correct, self._clock() - self._served_at))
        self._current = None
        self.served += 1
        if feedback.correct:
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.streak = 0
        return feedback

    # ----- counts -----
    @property
    def results(self) -> tuple[RunResult, ...]:
        return tuple(self._results)

    @property
    def right(self) -> int:
        return sum(r.correct for r in self._results)

    @property
    def wrong(self) -> int:
        return len(self._results) - self.right

    @property
    def answered(self) -> int:
        return len(self._results)

    @property
    def score(self) -> int:
        """One point for each right answer."""
        return self.right

    def summary(self) -> RunSummary:
        per_kind = tuple(
            (kind, sum(r.correct for r in self._results if r.kind == kind),
             sum(not r.correct for r in self._results if r.kind == kind))
            for kind in KINDS if any(r.kind == kind for r in self._results)
        )
        return RunSummary(self.level, self.elapsed(), self.answered, self.right, self.wrong,
                          self.skipped, self.score, self.best_streak, per_kind)
