"""Drills: determinism, the three levels, right and wrong answers with their feedback,
typed-answer validation, the timed run, and the text catalogue.

Counts and open ends are worked out here again from the layout's text (notation.md),
not taken from `Layout.count()`, so the drills' answers are checked independently.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path
from typing import Optional

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support import literal_keys, nearest_five, pips
from trainer.engine.layout import Layout
from trainer.engine.moves import SIDES
from trainer.engine.position import Position
from trainer.engine.tiles import ALL_TILES, Tile
from trainer.errors import TrainerError
from trainer.i18n import catalogue, languages, t
from trainer.teach import drills
from trainer.teach.drills import (
    KINDS,
    LEVELS,
    AnswerError,
    NeedItem,
    RoundItem,
    RunOverError,
    ScoreItem,
    TilesItem,
    TimedRun,
    TotalItem,
    WhereItem,
    make_item,
    parse_number,
    played_hand,
)
from trainer.teach.reading_drill import ReadItem

BAD_TEXT = ["abc", "-5", "", "10,000", "1e3", "  ", "+5", "1.5", "1 000", "1000", "５", "- 3", "12a"]
SEEDS = range(30)


# ----- an independent reading of a layout's text -----
def ends_from_text(text: str) -> tuple[dict[str, int], list[tuple[str, int]]]:
    """(open end -> pip, the numbers of the count) from notation.md alone."""
    if text == "-":
        return {}, []
    if ":" not in text:
        tiles = [tuple(int(x) for x in part.split("-")) for part in text.split(",")]
        west, east = tiles[0][0], tiles[-1][1]
        if len(tiles) == 1:
            return {"W": west, "E": east}, [("lead", west + east)]
        return {"W": west, "E": east}, [("W", west), ("E", east)]
    spinner_text, *arm_texts = text.split(":")
    d = int(spinner_text.split("-")[0])
    arms = {side: [tuple(int(x) for x in p.split("-")) for p in arm.split(",")] if arm else []
            for side, arm in zip("EWNS", arm_texts)}
    both = bool(arms["E"]) and bool(arms["W"])
    ends = {side: (arms[side][-1][1] if arms[side] else d) for side in ("EWNS" if both else "EW")}
    numbers = [] if both else [("spinner", 2 * d)]
    for side in "EWNS":
        if arms[side]:
            inner, outer = arms[side][-1]
            numbers.append((side, 2 * outer if inner == outer else outer))
    return ends, numbers


def count_from_text(text: str) -> int:
    return sum(value for _, value in ends_from_text(text)[1])


def level_holds(layout: Layout, level: int) -> bool:
    """1: no spinner (a lone lead or a line); 2: a spinner, fewer than four arms; 3: four arms."""
    text = str(layout)
    if level == 1:
        return ":" not in text and text != "-"
    arms = text.split(":")[1:]
    if len(arms) != 4:
        return False
    full = [arm for arm in arms if arm]
    return len(full) < 4 if level == 2 else len(full) == 4


def sort_of_board(text: str) -> str:
    """From the text alone: a lone lead (not a double), a lone spinner, a spinner with a side
    still open (it still counts), or anything else."""
    if ":" not in text:
        return "lead" if "," not in text else "other"
    arms = text.split(":")[1:]
    if not any(arms):
        return "spinner_alone"
    return "spinner_counts" if not (arms[0] and arms[1]) else "other"


def all_items(kinds: tuple[str, ...] = KINDS, seeds: range = SEEDS) -> list[drills.DrillItem]:
    return [make_item(kind, seed, level) for kind in kinds for level in LEVELS for seed in seeds]


# ----- determinism -----
@pytest.mark.parametrize("kind", KINDS)
def test_same_seed_same_item_and_random_instance_equals_seed(kind: str) -> None:
    for level in LEVELS:
        for seed in range(5):
            first = make_item(kind, seed, level)
            played_hand.cache_clear()  # replay the hands, do not reuse them
            assert make_item(kind, seed, level) == first
            assert make_item(kind, random.Random(seed), level) == first


@pytest.mark.parametrize("kind", KINDS)
def test_seeds_give_varied_items(kind: str) -> None:
    for level in LEVELS:
        items = {make_item(kind, seed, level) for seed in SEEDS}
        assert len(items) >= len(SEEDS) // 2


def test_a_shared_random_serves_different_items() -> None:
    rng = random.Random(5)
    items = [drills.total_item(rng, 2) for _ in range(10)]
    assert len({str(i.layout) for i in items}) > 1


# ----- levels and real play -----
@pytest.mark.parametrize("kind", ["total", "score", "where"])
@pytest.mark.parametrize("level", LEVELS)
def test_board_follows_its_level(kind: str, level: int) -> None:
    for seed in range(60):
        item = make_item(kind, seed, level)
        assert item.level == level
        assert level_holds(item.layout, level), (kind, level, seed, str(item.layout))


@pytest.mark.parametrize("level", LEVELS)
def test_round_hand_size_follows_its_level(level: int) -> None:
    low, high = {1: (1, 2), 2: (3, 4), 3: (5, 7)}[level]
    for seed in range(40):
        item = drills.round_item(seed, level)
        assert low <= len(item.hand) <= high
        assert 1 <= len(item.hand) <= 7


def test_items_come_from_real_play() -> None:
    for item in all_items(seeds=range(8)):
        position = item.position
        assert Position.from_code(position.code()) == position  # a whole, valid position
        if isinstance(item, ScoreItem):
            assert position.play(item.move).layout == item.layout
            assert item.move in position.legal_moves()
        elif isinstance(item, RoundItem):
            assert any(sorted(position.hand(p)) == sorted(item.hand) for p in range(position.players))
            assert item.layout == position.layout
        else:
            assert item.layout == position.layout
        if isinstance(item, WhereItem):
            assert item.tile not in set(item.layout.tiles())


# ----- answers and feedback -----
def test_total_answer_and_feedback() -> None:
    for item in all_items(("total",)):
        assert isinstance(item, TotalItem)
        count = count_from_text(str(item.layout))
        assert item.answer == count
        right = item.check(count)
        assert right.correct and str(count) in right.message
        assert item.check(f"  {count} ").correct
        wrong = item.check(count + 1)
        assert not wrong.correct
        for name, value in ends_from_text(str(item.layout))[1]:  # the breakdown, end by end
            assert f"{t('part.' + name)} {value}" in wrong.message
        assert wrong.message.endswith(f"= {count}.")
        assert len(wrong.details) >= len(ends_from_text(str(item.layout))[1]) + 1


def test_total_breakdown_names_the_covered_spinner_and_empty_ends() -> None:
    item = TotalItem(2, Layout.parse("5-5:5-2:5-3::"), Position.from_code(
        "5-5:5-2:5-3:: ?7/?7 ?11 0 0,0"))
    feedback = item.check(15)
    assert not feedback.correct
    assert "Count: E 2 + W 3 = 5." in feedback.message
    assert any("counts nothing" in line for line in feedback.details)
    assert sum("no tile yet" in line for line in feedback.details) == 2


def test_score_answer_choices_and_feedback() -> None:
    scoring = 0
    for item in all_items(("score",)):
        assert isinstance(item, ScoreItem)
        count = count_from_text(str(item.layout))
        points = count if count > 0 and count % 5 == 0 else 0
        scoring += points > 0
        assert item.answer == points
        assert points in item.choices
        assert len(set(item.choices)) == len(item.choices) and 3 <= len(item.choices) <= 4
        assert all(c % 5 == 0 for c in item.choices)
        assert item.check(points).correct
        wrong = next(c for c in item.choices if c != points)
        feedback = item.check(wrong)
        assert not feedback.correct and f"= {count}." in feedback.message
    assert scoring > 10  # about half of them score


def test_round_answer_choices_and_feedback() -> None:
    for item in all_items(("round",)):
        assert isinstance(item, RoundItem)
        value = nearest_five(pips(item.hand))
        assert item.answer == value
        assert value in item.choices and all(c % 5 == 0 and c >= 0 for c in item.choices)
        assert item.check(value).correct
        feedback = item.check(value + 5)
        assert not feedback.correct
        assert f"= {pips(item.hand)}" in feedback.details[0]
        assert all(f"{tile} ({tile.pips})" in feedback.details[0] for tile in item.hand)  # each its pips
        assert str(value) in feedback.message


def test_where_answer_and_feedback() -> None:
    kinds = set()
    for item in all_items(("where",)):
        assert isinstance(item, WhereItem)
        ends = ends_from_text(str(item.layout))[0]
        fits = {side for side, pip in ends.items() if item.tile.has(pip)}
        kinds.add(min(len(fits), 2))
        assert item.answer == fits
        assert set(item.choices) == set(ends)
        assert item.check(fits).correct
        assert item.check(",".join(sorted(fits))).correct  # the same answer typed
        assert item.check([s.lower() for s in fits]).correct
        not_fitting = set(ends) - fits
        if fits:
            missed = item.check(set(list(fits)[1:]))
            assert not missed.correct and "You did not pick" in missed.message
        if not_fitting:
            extra = item.check(fits | {min(not_fitting)})
            assert not extra.correct and "does not fit" in extra.message
            side = t("side." + min(not_fitting))
            assert f"You picked {side}, where {item.tile} does not fit" in extra.message
    assert kinds == {0, 1, 2}  # nowhere, one end, several ends all come up


def test_where_rejects_what_is_not_a_side() -> None:
    item = drills.where_item(3, 2)
    for bad in ("Q", "east-ish", ["E", "X"], 7):
        with pytest.raises(AnswerError) as error:
            item.check(bad)  # type: ignore[arg-type]
        assert "not an end" in str(error.value)


def test_where_names_an_end_that_is_not_open() -> None:
    layout = Layout.parse("5-5:5-2:::")
    item = WhereItem(2, layout, Position.from_code("5-5:5-2::: ?7/?7 ?12 0 0,0"), Tile(5, 0))
    feedback = item.check({"E", "N"})
    assert not feedback.correct
    assert any("North end is not open" in line for line in feedback.details)


# ----- typed answers -----
@pytest.mark.parametrize("text", BAD_TEXT)
def test_bad_typed_answers_get_a_message(text: str) -> None:
    with pytest.raises(TrainerError) as error:
        parse_number(text)
    message = str(error.value)
    assert message and not message.startswith("[")
    for kind in ("total", "score", "round"):
        with pytest.raises(AnswerError):
            make_item(kind, 1, 1).check(text)


def test_good_typed_answers() -> None:
    assert [parse_number(s) for s in (" 12 ", "0", "007", "999", "\t5\n")] == [12, 0, 7, 999, 5]


def test_int_answers_are_range_checked() -> None:
    item = drills.total_item(1, 1)
    for bad in (-5, 1000, True, 2.0):
        with pytest.raises(AnswerError):
            item.check(bad)  # type: ignore[arg-type]


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=12))
def test_any_text_is_a_number_or_a_trainer_error(text: str) -> None:
    try:
        value = parse_number(text)
    except TrainerError as error:
        assert str(error)
    else:
        assert 0 <= value <= 999 and re.fullmatch(r"\s*0*[0-9]{1,3}\s*", text)


def test_bad_kind_or_level() -> None:
    with pytest.raises(TrainerError, match="no drill"):
        make_item("juggle", 1, 1)
    for level in (0, 4, True):
        with pytest.raises(TrainerError, match="no level"):
            make_item("total", 1, level)


# ----- the timed run -----
class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def right_answer(item: drills.DrillItem) -> drills.Answer:
    return item.answer


def wrong_answer(item: drills.DrillItem) -> drills.Answer:
    if isinstance(item, WhereItem):
        return set(SIDES) - item.answer if item.answer != set(SIDES) else set()
    if isinstance(item, (TilesItem, NeedItem)):  # one pick more or fewer
        first = item.choices[0]
        return [str(x) for x in item.answer ^ {first}]  # type: ignore[operator]
    if isinstance(item, ReadItem):
        return next(choice for choice in item.choices if choice != item.answer)
    return item.answer + 5


def test_timed_run_with_a_fake_clock() -> None:
    clock = FakeClock()
    run = TimedRun(seed=11, level=2, clock=clock)
    assert run.remaining() == 60.0 and not run.over
    pattern = [True, True, False, True, True, True, False, False, True]  # best streak 3
    for correct in pattern:
        item = run.next_item()
        assert run.next_item() is item  # served again until answered
        with pytest.raises(AnswerError):
            run.answer("abc") if not isinstance(item, WhereItem) else run.answer("Q")
        feedback = run.answer(right_answer(item) if correct else wrong_answer(item))
        assert feedback.correct is correct
        clock.now += 6.0
    assert run.streak == 1 and run.best_streak == 3
    run.next_item()
    run.skip()
    assert run.streak == 0 and run.skipped == 1
    clock.now += 5.0  # 59 s gone
    assert not run.over and run.remaining() == pytest.approx(1.0)
    clock.now += 1.0  # 60 s: the end
    assert run.over and run.remaining() == 0.0
    with pytest.raises(RunOverError):
        run.next_item()
    with pytest.raises(RunOverError):
        run.answer(0)
    summary = run.summary()
    assert (summary.answered, summary.right, summary.wrong, summary.score) == (9, 6, 3, 6)
    assert summary.best_streak == 3 and summary.skipped == 1
    assert summary.duration == 60.0
    assert summary.accuracy == pytest.approx(6 / 9)
    assert sum(r + w for _, r, w in summary.per_kind) == 9
    lines = summary.text()
    assert lines[0] == "6 right out of 9 in 60 seconds (67%)." and "best streak 3" in lines[1]


def test_an_answer_after_the_deadline_is_not_counted() -> None:
    clock = FakeClock()
    run = TimedRun(seed=2, level=1, duration=60, clock=clock, kinds=("total",))
    item = run.next_item()
    clock.now += 61
    with pytest.raises(RunOverError, match="Time is up"):
        run.answer(item.answer)
    assert run.summary().answered == 0


def test_timed_run_is_deterministic_and_checks_its_arguments() -> None:
    def boards(seed: int) -> list[str]:
        run = TimedRun(seed, 3, clock=FakeClock())
        out = []
        for _ in range(6):
            item = run.next_item()
            out.append(f"{item.kind} {item.layout}")
            run.answer(right_answer(item))
        return out

    assert boards(4) == boards(4)
    with pytest.raises(TrainerError):
        TimedRun(1, 1, kinds=("juggle",))  # type: ignore[arg-type]
    with pytest.raises(TrainerError):
        TimedRun(1, 5)
    with pytest.raises(TrainerError, match="no board"):
        TimedRun(1, 1, clock=FakeClock()).answer(3)


# ----- the text catalogue -----
def test_catalogue_falls_back_and_never_raises() -> None:
    assert t("total.right", count=3) == "Right: the count is 3."
    assert t("total.right", "es", count=3) == "Correcto: la suma es 3."
    assert t("total.right", "xx", count=3) == "Right: the count is 3."  # no such language: English
    assert t("total.right", "../../x", count=3) == "Right: the count is 3."
    assert t("nope.nothing") == "[nope.nothing]"
    assert t("total.right", count=3, extra=1) == "Right: the count is 3."
    assert list(languages())[0] == "en"


def test_every_key_used_exists_in_english() -> None:
    root = Path(drills.__file__).parent
    used = literal_keys(root / "drills.py")  # the lessons' keys: tests/test_lessons.py
    assert len(used) > 20
    dynamic = {f"{prefix}.{side}" for prefix in ("side", "end", "arm", "part") for side in SIDES}
    dynamic |= {"part.lead", "part.spinner"} | {f"drill.{kind}.title" for kind in KINDS}
    dynamic |= {f"score.{a}_{b}" for a in ("right", "wrong") for b in ("scores", "nothing", "zero")}
    dynamic |= {f"round.{a}{b}" for a in ("right", "wrong") for b in ("", "_cincos")}
    missing = sorted((used | dynamic) - set(catalogue("en")))
    assert not missing


def rendered(item: drills.DrillItem) -> list[str]:
    wrong: Optional[drills.Answer] = wrong_answer(item)
    texts = [item.question()]
    for answer in (right_answer(item), wrong):
        assert answer is not None
        feedback = item.check(answer)
        texts += [feedback.message, *feedback.details]
    return texts


def test_no_drill_text_is_a_missing_key() -> None:
    texts = [text for item in all_items(seeds=range(6)) for text in rendered(item)]
    for message in ("abc", "", "-1", "1,5", "5000"):
        try:
            parse_number(message)
        except AnswerError as error:
            texts.append(str(error))
    assert not [text for text in texts if re.search(r"\[[a-z_]+\.[a-z_.]+\]|\{[a-z_]+\}", text)]


def test_every_tile_text_is_a_tile() -> None:
    assert {str(tile) for tile in ALL_TILES} >= {str(drills.where_item(s, 1).tile) for s in range(10)}


# ----- distributions over 300 seeded items per kind and level -----
MANY = range(300)


@pytest.fixture(scope="module")
def many() -> dict[tuple[str, int], list[drills.DrillItem]]:
    return {(kind, level): [make_item(kind, seed, level) for seed in MANY]
            for kind in KINDS for level in LEVELS}


def test_boards_easy_to_misread_are_served_where_they_belong(many: dict) -> None:
    for kind in ("total", "score", "where"):
        level1 = Counter(sort_of_board(str(item.layout)) for item in many[kind, 1])
        level2 = Counter(sort_of_board(str(item.layout)) for item in many[kind, 2])
        assert level1["lead"] >= 10, (kind, level1)  # 6-4 alone: both halves count
        assert level2["spinner_counts"] >= 30 and level2["spinner_alone"] >= 5, (kind, level2)


def test_does_it_score_scores_about_half_the_time(many: dict) -> None:
    for level in LEVELS:
        share = sum(item.answer > 0 for item in many["score", level]) / len(MANY)
        assert 0.40 <= share <= 0.60, (level, share)
        sets = Counter(tuple(sorted(item.choices)) for item in many["score", level])
        assert sets.most_common(1)[0][1] < len(MANY) / 3  # not always 0/5/10/15


def test_the_right_answer_is_evenly_placed(many: dict) -> None:
    for kind in ("score", "round"):
        for level in LEVELS:
            slots = Counter(item.choices.index(item.answer) for item in many[kind, level])
            even = 100 / 4
            assert all(abs(100 * slots[n] / len(MANY) - even) <= 15 for n in range(4)), (kind, level, slots)


def test_a_count_of_zero_is_worded_as_zero() -> None:
    layout = Layout.parse("0-3,3-1,1-0")
    assert count_from_text(str(layout)) == 0
    position = Position.from_code("0-3,3-1 ?8/?8 ?10 1 0,0")
    item = ScoreItem(1, layout, position, drills.Move(Tile(1, 0), "E"), (0, 5, 10, 15))
    for answer in (0, 5):
        feedback = item.check(answer)
        assert "not a multiple" not in feedback.message and "positive multiple" in feedback.message
    other = ScoreItem(1, Layout.parse("6-0,0-3,3-1"), position, drills.Move(Tile(6, 0), "W"), (0, 5, 10, 15))
    assert "not a multiple" in other.check(5).message


def test_the_round_drill_knows_cincos() -> None:
    seen = 0
    for seed in range(200):
        item = drills.round_item(seed, 2)
        if item.position.rules.name == "cincos":
            seen += 1
            assert "comes off" not in item.question() and "score" in item.question()
            assert "you score" in item.check(item.answer + 5).message
        else:
            assert "comes off" in item.question()
    assert seen >= 5


def test_a_run_item_is_made_from_its_index_without_replaying() -> None:
    now = [0.0]
    run = TimedRun(seed=11, level=2, clock=lambda: now[0])
    served = []
    for _ in range(5):
        served.append(run.next_item())
        run.skip()
    assert served == [drills.run_item(11, 2, n) for n in range(5)]
    drills.run_item(11, 2, drills.MAX_RUN_INDEX)  # the last one costs one item's work
    for bad in (-1, drills.MAX_RUN_INDEX + 1, 9999):
        with pytest.raises(TrainerError, match="no board number"):
            drills.run_item(11, 2, bad)


# ----- the two drills more: which of your tiles scores, what an end needs -----
def scores_on(layout: Layout, tile: Tile, side: str) -> bool:
    """Whether `tile` on `side` makes a positive multiple of five, by the test's own count."""
    count = count_from_text(str(layout.place(tile, side)))  # type: ignore[arg-type]
    return count > 0 and count % 5 == 0


def test_which_of_your_tiles_scores() -> None:
    sizes = Counter()
    for item in all_items(("tiles",), seeds=range(30)):
        assert isinstance(item, TilesItem)
        ends = ends_from_text(str(item.layout))[0]
        scoring = {tile for tile in item.hand for side, pip in ends.items() if tile.has(pip)
                   and scores_on(item.layout, tile, side)}
        assert item.answer == scoring and set(item.choices) == set(item.hand)
        assert item.hand == item.position.hand(item.position.turn) and 3 <= len(item.hand) <= 7
        sizes[min(len(scoring), 2)] += 1
        assert item.check([str(tile) for tile in scoring]).correct
        assert item.check(", ".join(str(tile) for tile in scoring)).correct  # typed
        wrong = item.check(wrong_answer(item))
        assert not wrong.correct
        for tile in item.hand:  # every tile explained, end by end
            assert any(line.startswith(str(tile)) for line in wrong.details)
    assert sizes[0] and sizes[1] and sizes[2], sizes  # none, one and several each come up
    with pytest.raises(AnswerError):
        drills.tiles_item(1).check("7-7")


def test_what_an_end_needs_to_score() -> None:
    some = none = 0
    for item in all_items(("need",), seeds=range(30)):
        assert isinstance(item, NeedItem)
        ends = ends_from_text(str(item.layout))[0]
        pip = ends[item.side]
        played = set(item.layout.tiles())
        assert set(item.choices) == {x for x in range(7) if Tile.of(pip, x) not in played}
        needed = {x for x in item.choices if scores_on(item.layout, Tile.of(pip, x), item.side)}
        assert item.answer == needed
        some += bool(needed)
        none += not needed
        assert item.check([str(x) for x in needed]).correct
        assert not item.check(wrong_answer(item)).correct
        feedback = item.check([])
        assert f"The count is {count_from_text(str(item.layout))}" in feedback.details[0]
        for x in needed:
            assert any(line.startswith(str(Tile.of(pip, x))) for line in feedback.details[1:])
    assert some and none
    with pytest.raises(AnswerError):
        drills.need_item(1).check("9")


def test_which_tiles_score_says_one_tile_in_the_singular() -> None:
    items = [drills.make_item("tiles", seed, level) for seed in range(60) for level in (1, 2, 3)]
    one = [item for item in items if len(item.answer) == 1]
    more = [item for item in items if len(item.answer) > 1]
    assert one and more
    for item in one:
        tile = next(iter(item.answer))
        assert item.check(item.answer).message == f"Right: {tile} scores now."
        assert item.check(frozenset()).message == f"Not quite: only {tile} scores now."
    for item in more:
        assert item.check(frozenset()).message.startswith("Not quite: the tiles that score now are ")


def test_the_rounding_levels_write_their_ranges_with_one_dash_in_every_language() -> None:
    # a hyphen between two numbers reads as a tile ("1-2"): a range takes the en dash
    for lang in languages():
        for level in drills.LEVELS:
            name = t(f"drills.level_short.round.{level}", lang)
            assert re.search(r"\d–\d", name) and not re.search(r"\d-\d", name), (lang, name)
