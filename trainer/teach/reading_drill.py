"""Read the hand: a drill on where the tiles are, graded against the exact chances.

A hand is played by the computer players and stopped at a player's turn; the learner
sits in that seat, sees the board, his own tiles, how many tiles each other hand and
the boneyard hold, and every draw and pass so far with the open ends it was made on.
Two questions:

- `who`: who most likely holds this tile (another player, or the boneyard)?
- `can`: does this player hold a tile that would score on the board now? no, unlikely
  (under half), likely (half or more), or certainly.

The chances are exact: every deal of the unseen tiles that fits what the seat knows
(hand sizes, the suits a draw or a pass showed a player lacks) counts alike, counted
group by group (`trainer.search.dealing.Dealer`), never sampled. "He holds none of
these tiles" is counted the same way, with those tiles barred from his hand. Boards are
kept only where the answer is clear: the likeliest place ahead of the next by at least
MIN_LEAD, a chance not within BAND_GAP of one half. Level 1 is two players, level 2
three, level 3 four in partners.

>>> item = read_item(3, level=1)
>>> item.check(item.answer).correct, item.answer in item.choices
(True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar, Literal, Optional, Union

from trainer.engine.layout import Layout
from trainer.engine.position import Hidden, Position
from trainer.engine.record import Turn
from trainer.engine.rules import PARTNERS, STANDARD, RuleSet
from trainer.engine.seats import seat
from trainer.engine.tiles import Tile
from trainer.engine.voids import Voids, voids_from_turns
from trainer.errors import TrainerError
from trainer.i18n import either, join, percent, t, tn
from trainer.play.greedy_hands import played
from trainer.play.players import mover_view
from trainer.search.tile_questions import BAND_GAP as BAND_GAP
from trainer.search.tile_questions import BANDS as BANDS
from trainer.search.tile_questions import BONEYARD as BONEYARD
from trainer.search.tile_questions import MIN_LEAD as MIN_LEAD
from trainer.search.tile_questions import Answer as TileAnswer
from trainer.search.tile_questions import Question, answer, answer_kind, clear_questions, unseen_scoring
from trainer.search.tile_questions import band as band
from trainer.search.tile_questions import holds_any as holds_any
from trainer.search.tile_questions import place_key as place_key
from trainer.search.tile_questions import scoring_tiles as scoring_tiles
from trainer.teach.answers import AnswerError, Feedback

QuestionKind = Literal["who", "can"]
MIN_TURNS = 3  # turns played before a board is asked about
MAX_HANDS = 200
HANDS_LOOKED = 4  # hands whose boards are gathered before one is drawn ...
MOST_HANDS_LOOKED = 16  # ... or more, up to this, until two kinds of answer are found
RULES: dict[int, tuple[RuleSet, int]] = {1: (STANDARD, 2), 2: (STANDARD, 3), 3: (PARTNERS, 4)}
Seed = Union[int, random.Random]
Answer = Union[int, str, object]


@dataclass(frozen=True)
class Shown:
    """A draw or a pass the whole table saw: who, how many tiles he drew (0: he passed
    without drawing), whether he then passed, and the open ends' numbers then."""

    player: int
    drew: int
    passed: bool
    ends: tuple[int, ...]

    def text(self, lang: str = "en") -> str:
        ends = join([str(pip) for pip in self.ends], lang)
        if not self.drew:
            return t("read.shown_passed", lang, player=seat(self.player), ends=ends)
        key = "read.shown_drew_passed" if self.passed else "read.shown_drew"
        return tn(key, self.drew, lang, player=seat(self.player), ends=ends)


def share(chance: Fraction, lang: str = "en") -> str:
    """A chance in percent, never rounded to 0% or 100% when it is neither."""
    whole = round(100 * chance)
    if 0 < chance < 1:
        whole = min(99, max(1, whole))
    return percent(whole, lang)


def place_name(place: Optional[int], lang: str = "en") -> str:
    return t("read.boneyard", lang) if place is None else t("read.player", lang, player=seat(place))


def place_in_list(place: Optional[int], lang: str = "en") -> str:
    """A place named inside a sentence ("player 2", "the boneyard")."""
    if place is None:
        return t("read.boneyard_in_list", lang)
    return t("read.player_in_list", lang, player=seat(place))


@dataclass(frozen=True)
class ReadItem:
    """One board of the reading drill. `position` is the seat's own view (the other
    hands and the boneyard hidden); `voids` the suits each player showed he lacks."""

    kind: ClassVar[Literal["read"]] = "read"
    level: int
    position: Position
    shown: tuple[Shown, ...]
    voids: tuple[tuple[int, tuple[int, ...]], ...]
    question_kind: QuestionKind
    tile: Optional[Tile]  # who: the tile asked about
    player: Optional[int]  # can: the player asked about
    places: tuple[Optional[int], ...]  # who: the places that may hold a tile (hidden hands, boneyard)
    chances: tuple[Fraction, ...]  # who: the tile's chance in each place; can: (the chance,)
    scoring: tuple[Tile, ...] = ()  # can: the unseen tiles that would score now

    @property
    def layout(self) -> Layout:
        return self.position.layout

    @property
    def mover(self) -> int:
        return self.position.turn

    @property
    def hand(self) -> tuple[Tile, ...]:
        own = self.position.hands[self.mover]
        return tuple(own) if not isinstance(own, Hidden) else ()

    def lacks(self, player: int) -> tuple[int, ...]:
        return dict(self.voids).get(player, ())

    @property
    def choices(self) -> tuple[str, ...]:
        if self.question_kind == "who":
            return tuple(place_key(place) for place in self.places)
        return BANDS

    @property
    def answer(self) -> str:
        if self.question_kind == "who":
            return place_key(self.places[max(range(len(self.places)), key=lambda i: self.chances[i])])
        return band(self.chances[0])

    def choice_label(self, choice: str, lang: str = "en") -> str:
        """What a choice's button says."""
        if self.question_kind == "can":
            return t("read.band." + choice, lang)
        return t("read.boneyard", lang) if choice == BONEYARD else t("read.player", lang, player=choice)

    def question(self, lang: str = "en") -> str:
        if self.question_kind == "who":
            return t("read.who_question", lang, player=seat(self.mover), tile=self.tile)
        return t("read.can_question", lang, player=seat(self.mover), other=seat(self.player or 0))

    def facts(self, lang: str = "en") -> tuple[str, ...]:
        """What the seat knows besides the board and his hand: the hidden sizes and
        every draw and pass so far."""
        sizes = [tn("read.size", _size(self.position, place), lang, place=place_in_list(place, lang))
                 for place in _places(self.position)]
        lines = [t("read.sizes", lang, sizes=t("list.semicolon", lang).join(sizes))]
        lines.extend(shown.text(lang) for shown in self.shown)
        if not self.shown:
            lines.append(t("read.none_shown", lang))
        return tuple(lines)

    def check(self, answer: Answer, lang: str = "en") -> Feedback:
        """Raises AnswerError for an answer that is not one of `choices`."""
        given = str(answer).strip().lower() if isinstance(answer, (str, int)) else None
        if given not in self.choices:
            raise AnswerError("answer.bad_read", lang, text=str(answer)[:40],
                              choices=", ".join(self.choices))
        right = given == self.answer
        if self.question_kind == "who":
            return self._who(right, lang)
        return self._can(right, lang)

    def _why_not(self, place: Optional[int], lang: str) -> Optional[str]:
        suits = [pip for pip in self.lacks(place) if self.tile is not None and self.tile.has(pip)] \
            if place is not None else []
        if not suits:
            return None
        return t("read.lacks", lang, player=seat(place or 0), suit=suits[0], tile=self.tile)

    def _who(self, right: bool, lang: str) -> Feedback:
        best = self.places[[place_key(p) for p in self.places].index(self.answer)]
        chance = self.chances[self.places.index(best)]
        head = t("read.who_right" if right else "read.who_wrong", lang, place=place_in_list(best, lang),
                 tile=self.tile, chance=share(chance, lang))
        details = []
        for place, each in zip(self.places, self.chances):
            reason = (self._why_not(place, lang) or t("read.no_room", lang, tile=self.tile)) if each == 0 \
                else None
            details.append(t("read.who_line", lang, place=place_name(place, lang), chance=share(each, lang),
                             reason=reason or tn("read.holds", _size(self.position, place), lang)))
        details.append(t("read.exact", lang))
        return Feedback(right, head, tuple(details))

    def _can(self, right: bool, lang: str) -> Feedback:
        chance = self.chances[0]
        player = self.player or 0
        head = t("read.can_right" if right else "read.can_wrong", lang, player=seat(player),
                 chance=share(chance, lang), answer=t("read.band." + band(chance), lang))
        lacks = self.lacks(player)
        may = tuple(tile for tile in self.scoring if not ({tile.high, tile.low} & set(lacks)))
        details = [tn("read.can_scoring", len(self.scoring), lang,
                      tiles=join([str(x) for x in self.scoring], lang))]
        suits = either([str(pip) for pip in lacks], lang)
        if lacks and may:
            details.append(tn("read.can_lacks", len(may), lang, player=seat(player), suits=suits,
                              tiles=join([str(x) for x in may], lang)))
        elif lacks:
            details.append(t("read.can_lacks_none", lang, player=seat(player), suits=suits))
        details.append(tn("read.can_holds", _size(self.position, player), lang, player=seat(player),
                          none=share(1 - chance, lang)))
        details.append(t("read.exact", lang))
        return Feedback(right, head, tuple(details))


def _size(position: Position, place: Optional[int]) -> int:
    hidden = position.boneyard if place is None else position.hands[place]
    return hidden.count if isinstance(hidden, Hidden) else len(hidden)


def _places(position: Position) -> tuple[Optional[int], ...]:
    hidden = tuple(p for p, hand in enumerate(position.hands) if isinstance(hand, Hidden))
    return (*hidden, None)


def _check_level(level: int, lang: str = "en") -> None:
    if isinstance(level, bool) or level not in RULES:
        raise TrainerError(t("drill.bad_level", lang, level=str(level)[:12]))


def shown_of(start: Position, turns: tuple[Turn, ...]) -> tuple[Shown, ...]:
    """Every draw and pass of `turns`, with the open ends it was made on."""
    out = []
    position = start
    for turn in turns:
        ends = tuple(sorted({end.pip for end in position.layout.open_ends()}))
        if turn.draws or turn.move is None:
            out.append(Shown(turn.player, len(turn.draws), turn.move is None, ends))
        for _ in turn.draws:
            position = position.draw()
        position = position.play(turn.move) if turn.move is not None else position.pass_turn()
    return tuple(out)


def _items(level: int, start: Position, view: Position,
           turns: tuple[Turn, ...]) -> list[tuple[bool, ReadItem]]:
    """Every clear question at this turn, each marked whether a shown void bears on it."""
    voids = {p: s for p, s in voids_from_turns(start, turns).items() if p != view.turn and s}
    return [(_voided(item), item) for item in
            (item_of(view, voids, question, found, shown_of(start, turns), level)
             for question, found in clear_questions(view, voids))]


def _voided(item: ReadItem) -> bool:
    """Whether a void shown bears on the question."""
    lacks = [set(pips) for _, pips in item.voids]
    if item.question_kind == "who" and item.tile is not None:
        return any(item.tile.high in s or item.tile.low in s for s in lacks)
    return bool(item.lacks(item.player or 0))


def item_of(view: Position, voids: Voids, question: Question, found: Optional[TileAnswer] = None,
            shown: tuple[Shown, ...] = (), level: int = 0) -> ReadItem:
    """A board asking `question` from `view` (its exact answer `found`, worked out when
    not given): for the drill, and for a "read the hand" puzzle (`level` 0)."""
    found = found or answer(view, voids, question)
    frozen = tuple(sorted((p, tuple(sorted(s))) for p, s in voids.items() if s))
    if question.kind == "who":
        return ReadItem(level, view, shown, frozen, "who", question.tile, None, found.places, found.chances)
    return ReadItem(level, view, shown, frozen, "can", None, question.player, (), found.chances,
                    unseen_scoring(view, voids))


def _answer_kind(item: ReadItem) -> str:
    """The answer's kind, drawn alike: the boneyard or a player; each band."""
    return answer_kind(Question(item.question_kind, item.tile, item.player),
                       TileAnswer(item.answer, item.choices, item.chances, Fraction(0)))


def read_item(seed: Seed, level: int = 1) -> ReadItem:
    """A board of the reading drill at `level`, the same for the same seed. The
    question's kind is drawn first (each one in two), then the kind of its answer among
    those found (the boneyard or a player; each band) alike, so that "the boneyard" is
    not always right, then a board where a void shown bears on it (two in three, where
    there is one)."""
    _check_level(level)
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    rules, players = RULES[level]
    wants: QuestionKind = "can" if rng.random() < 1 / 2 else "who"
    wants_void = rng.random() < 2 / 3
    found: list[tuple[bool, ReadItem]] = []
    for hand in range(MAX_HANDS):
        first, turns_at = played(rules, players, rng)
        candidates = [(at, turns) for at, turns in turns_at if len(turns) >= MIN_TURNS]
        rng.shuffle(candidates)
        for at, turns in candidates[:3]:
            found.extend(_items(level, first, mover_view(at), turns))
        answers = {_answer_kind(item) for _, item in found if item.question_kind == wants}
        if hand >= HANDS_LOOKED - 1 and (len(answers) >= 2 or hand >= MOST_HANDS_LOOKED - 1 and answers):
            break
    if not found:  # pragma: no cover - every level finds boards in a few hands
        raise TrainerError("no board found for the reading drill")
    pool = [item for _, item in found if item.question_kind == wants] or [item for _, item in found]
    kinds = sorted({_answer_kind(item) for item in pool})
    category = rng.choice(kinds)
    picked = [item for item in pool if _answer_kind(item) == category]
    voided = [item for item in picked if item.voids]
    plain = [item for item in picked if not item.voids]
    return rng.choice(voided if voided and (wants_void or not plain) else plain)
