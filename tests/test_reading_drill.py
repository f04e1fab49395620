"""The "read the hand" drill: its chances against every deal counted one by one, its
voids against the draws and passes shown, its grading, its spread of answers, and that
a board carries no tile the seat may not see."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from trainer.engine.position import Hidden, Position
from trainer.engine.tiles import Tile
from trainer.i18n import languages
from trainer.search.dealing import Dealer
from trainer.teach.answers import AnswerError
from trainer.teach.drills import KINDS, RUN_KINDS, make_item, run_item
from trainer.teach.reading_drill import (
    BAND_GAP,
    BANDS,
    MIN_LEAD,
    ReadItem,
    band,
    holds_any,
    read_item,
    scoring_tiles,
)

SEEDS = range(40)
LIMIT = 60_000  # deals enumerated one by one for a check


def items(level: int) -> list[ReadItem]:
    return [read_item(seed, level) for seed in SEEDS]


def voids_of(item: ReadItem) -> dict[int, frozenset[int]]:
    return {p: frozenset(s) for p, s in item.voids}


def enumerated(item: ReadItem) -> tuple[int, Counter[tuple[int, Tile]], Counter[int]]:
    """Every deal that fits, counted one by one: deals, (place index, tile) holdings, and
    per place index the deals where it holds a scoring tile."""
    dealer = Dealer(item.position, voids_of(item))
    held: Counter[tuple[int, Tile]] = Counter()
    scoring: Counter[int] = Counter()
    total = 0
    wanted = set(item.scoring)
    for share in dealer.every_share():
        total += 1
        for index, tiles in enumerate(share):
            for tile in tiles:
                held[index, tile] += 1
            if wanted & set(tiles):
                scoring[index] += 1
    return total, held, scoring


@pytest.mark.parametrize("level", [1, 2, 3])
def test_the_chances_are_those_of_every_deal_counted_one_by_one(level: int) -> None:
    checked = 0
    for item in items(level):
        dealer = Dealer(item.position, voids_of(item))
        if dealer.ways > LIMIT:
            continue
        total, held, scoring = enumerated(item)
        assert total == dealer.ways
        if item.question_kind == "who":
            assert item.tile is not None
            for place, chance in zip(item.places, item.chances):
                assert chance == Fraction(held[dealer.places.index(place), item.tile], total)
        else:
            assert item.player is not None
            index = dealer.places.index(item.player)
            assert item.chances[0] == Fraction(scoring[index], total)
        checked += 1
    assert checked >= 8, f"only {checked} boards small enough to enumerate at level {level}"


def test_holds_any_counts_the_deals_where_he_holds_one() -> None:
    # player 1 holds 2 of the 6 unseen tiles with no 1s or 4s: 6-6, 6-3, 5-5 ... counted by hand
    view = Position.from_code("4-5,5-1 6-4,1-1/?7 ?17 0 0,0")
    voids = {1: frozenset({1, 4})}
    dealer = Dealer(view, voids)
    wanted = (Tile(6, 6), Tile(3, 3))
    by_hand = sum(1 for share in dealer.every_share()
                  if set(share[0]) & set(wanted)) if dealer.ways <= LIMIT else None
    if by_hand is None:
        pytest.skip("too many deals to count one by one")
    assert holds_any(view, voids, 1, wanted) == Fraction(by_hand, dealer.ways)
    # a tile he cannot hold (it has a 4) adds nothing
    assert holds_any(view, voids, 1, (Tile(4, 0),)) == 0


@pytest.mark.parametrize("level", [1, 2, 3])
def test_a_void_shown_is_a_zero_and_every_zero_says_why(level: int) -> None:
    for item in items(level):
        if item.question_kind != "who":
            continue
        assert item.tile is not None
        for place, chance in zip(item.places, item.chances):
            if place is None:
                continue
            lacked = set(item.lacks(place)) & {item.tile.high, item.tile.low}
            if lacked:
                assert chance == 0, (item.position.code(), place, item.tile)
            line = next(x for x in item.check(item.answer).details if x.startswith(f"Player {place + 1}:"))
            if chance == 0 and not lacked:  # forced elsewhere by the others' voids
                assert "no deal that fits puts" in line
            elif chance == 0:
                assert "has shown he has no tile with a" in line
        assert sum(item.chances) == 1


def test_every_void_comes_from_a_draw_or_a_pass_shown() -> None:
    for level in (1, 2, 3):
        for item in items(level):
            for player, suits in item.voids:
                seen = [s for s in item.shown if s.player == player]
                assert seen, f"player {player} lacks {suits} with nothing shown"
                assert set(suits) <= {pip for s in seen for pip in s.ends}


@pytest.mark.parametrize("level", [1, 2, 3])
def test_only_clear_questions_are_asked(level: int) -> None:
    for item in items(level):
        if item.question_kind == "who":
            ranked = sorted(item.chances, reverse=True)
            assert ranked[0] - ranked[1] >= MIN_LEAD
        else:
            chance = item.chances[0]
            assert chance in (0, 1) or abs(chance - Fraction(1, 2)) >= BAND_GAP
            assert item.scoring == scoring_tiles(item.layout, item.scoring)
            assert item.scoring, "a can question needs a tile that scores"


def test_the_answers_are_spread() -> None:
    answers: Counter[tuple[str, str]] = Counter()
    for level in (1, 2, 3):
        for item in items(level):
            answers[item.question_kind, "boneyard" if item.answer == "boneyard" else
                    "player" if item.question_kind == "who" else item.answer] += 1
    total = sum(answers.values())
    who = answers["who", "boneyard"] + answers["who", "player"]
    assert answers["who", "boneyard"] < 0.7 * who  # drawn alike: a half expected
    assert answers["who", "player"] > 0.3 * who
    assert len([a for a in BANDS if answers["can", a]]) >= 3
    assert max(answers.values()) < 0.4 * total


def test_grading() -> None:
    for level in (1, 2, 3):
        for item in items(level)[:10]:
            assert item.check(item.answer).correct
            for other in item.choices:
                if other != item.answer:
                    assert not item.check(other).correct
            with pytest.raises(AnswerError, match="maybe"):
                item.check("maybe")
            with pytest.raises(AnswerError):
                item.check(["1"])


def test_bands() -> None:
    assert [band(Fraction(n, 10)) for n in (0, 1, 4, 5, 9, 10)] == [
        "no", "unlikely", "unlikely", "likely", "likely", "sure"]


def test_a_board_holds_no_tile_the_seat_may_not_see() -> None:
    for level in (1, 2, 3):
        for item in items(level):
            for player, hand in enumerate(item.position.hands):
                assert isinstance(hand, Hidden) == (player != item.mover)
            assert isinstance(item.position.boneyard, Hidden)


def test_the_same_seed_gives_the_same_board_and_runs_leave_it_out() -> None:
    assert read_item(11, 2) == read_item(11, 2)
    assert make_item("read", 11, 2) == read_item(11, 2)
    assert "read" in KINDS and "read" not in RUN_KINDS
    assert all(run_item(5, 1, index).kind != "read" for index in range(60))


@pytest.mark.parametrize("lang", sorted(languages()))
def test_every_message_is_in_every_language(lang: str) -> None:
    for level in (1, 2, 3):
        for item in items(level)[:12]:
            texts = [item.question(lang), *item.facts(lang),
                     *(item.choice_label(choice, lang) for choice in item.choices)]
            for choice in item.choices:
                feedback = item.check(choice, lang)
                texts += [feedback.message, *feedback.details]
            for text in texts:
                assert "[" not in text and "{" not in text, text
