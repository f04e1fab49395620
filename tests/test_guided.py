"""The guided first hand: its deals show what a first hand should, every turn is told
(with the count and the score checked against the rules written again in
tests/support.py, not against the engine), the computer's drawn tiles are never named,
the learner's turn lists exactly the moves he has, the end's pips and rounding are the
rules', and the page plays a whole hand by clicks and survives a reload."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from tests.support import brute_force_moves, hand_end_deltas, model_of, nearest_five, pips
from trainer.engine.movenames import move_words
from trainer.engine.position import Position
from trainer.errors import NotationError
from trainer.i18n import t
from trainer.play.session import PlaySession, PlaySettings
from trainer.teach.guided import (
    GUIDED_AFTER,
    GuidedHand,
    guided_seeds,
    hand_over,
    instructive,
    opening,
    story,
    your_turn,
)
from trainer.teach.lessons import LESSON_IDS

ROOT = Path(__file__).resolve().parent.parent
APP = str(ROOT / "app.py")


def played(seed: int, choice_seed: int) -> GuidedHand:
    """A guided hand to its end, the learner's moves drawn at random."""
    rng = random.Random(choice_seed)
    hand = GuidedHand.new(seed)
    hand.computer_moves()
    while not hand.over:
        hand.play(rng.choice(hand.position.legal_moves()))
    return hand


def test_the_guided_deals_show_a_whole_first_hand() -> None:
    seeds = guided_seeds()
    assert len(seeds) == len(set(seeds)) >= 4 and seeds == guided_seeds()  # the same every time
    assert all(instructive(seed) for seed in seeds)
    assert not all(instructive(seed) for seed in range(seeds[0] - 1, seeds[0] + 40))  # a real choice
    assert GUIDED_AFTER in LESSON_IDS


@pytest.mark.parametrize("choices", range(6))
def test_every_turn_is_told_with_the_rules_count_and_score(choices: int) -> None:
    seed = guided_seeds()[choices % len(guided_seeds())]
    hand = played(seed, choices)
    told = story(hand.start, hand.turns, hand.learner, "en")
    assert len(told) == len(hand.turns)
    placed: list[tuple] = []
    drawn_by_computer = [tile for turn in hand.turns if turn.player != hand.learner for tile in turn.draws]
    for turn, lines in zip(hand.turns, told):
        text = " ".join(lines)
        mine = turn.player == hand.learner
        if turn.draws and mine:  # his own drawn tiles are named
            assert all(str(tile) in text for tile in turn.draws), text
        if turn.draws and not mine:
            assert "you do not see which" in text or "None fits" in text or "does not fit" in text, text
        if turn.move is None:
            assert "pass" in text, text
            continue
        assert move_words(turn.move) in text
        placed.append((turn.move.tile, turn.move.side))
        model = model_of(placed)
        count = model.count()
        assert f"= {count}." in text, (text, count)  # the count's equation ends in the rules' count
        scores = count > 0 and count % 5 == 0
        if scores:
            verb = "score" if mine else "scores"
            assert f"{count} is a multiple of five" in text and f"{verb} {count}" in text
        else:
            assert "no points" in text, text
    computer_lines = " ".join(" ".join(lines) for turn, lines in zip(hand.turns, told)
                              if turn.player != hand.learner and turn.draws)
    assert not [tile for tile in drawn_by_computer if f"drew {tile}" in computer_lines]


def test_the_learners_turn_lists_exactly_his_moves_with_their_count() -> None:
    for seed in guided_seeds():
        hand = GuidedHand.new(seed)
        hand.computer_moves()
        rng = random.Random(seed)
        while not hand.over:
            position = hand.position
            lines = your_turn(position, hand.drawn, "en")
            text = " ".join(lines)
            ends = {e.side: e.pip for e in position.layout.open_ends()}
            legal = brute_force_moves(position.hand(position.turn), ends, position.layout.is_empty, False)
            if position.layout.is_empty:
                totals = {m: sum(int(p) for p in m.split("-")) for m in legal}
                scoring = {m for m, total in totals.items() if total and total % 5 == 0}
                assert len(re.findall(r"Leading [0-6]-[0-6] would score", text)) == len(scoring)
                assert all(f"Leading {m} would score" in text for m in scoring)
            else:
                named = set(re.findall(r"\(([0-6]-[0-6]@[NESW])\) would make the count", text))
                assert named == legal, (named, legal)
                for move in position.legal_moves():
                    after = position.layout.place(move.tile, move.side)
                    assert f"{move_words(move)} would make the count {after.count()}" in text
            hand.play(rng.choice(position.legal_moves()))


@pytest.mark.parametrize("choices", range(4))
def test_the_end_says_each_players_pips_their_rounding_and_the_scores(choices: int) -> None:
    hand = played(guided_seeds()[choices], 100 + choices)
    assert hand.result is not None
    lines = hand_over(hand.start, hand.turns, hand.result, hand.learner, "en")
    text = " ".join(lines)
    final = hand.position
    left = [pips(final.hand(seat)) for seat in range(2)]
    went_out = hand.result.end.player if hand.result.end.kind == "domino" else None
    deltas = hand_end_deltas("standard", left, went_out)
    assert list(hand.result.deltas) == deltas
    for total in left:
        if total:
            assert f"{total} pips" in text and f"to {nearest_five(total)}" in text or \
                f"{total} is a multiple of five" in text
    assert f"you {deltas[0]:+d}, the computer {deltas[1]:+d}" in text
    assert f"Scores now: you {hand.result.scores[0]}, the computer {hand.result.scores[1]}" in text


def test_a_guided_hand_is_saved_and_read_back_and_nothing_else_is() -> None:
    hand = GuidedHand.new(guided_seeds()[1])
    hand.computer_moves()
    hand.play(hand.position.legal_moves()[0])
    again = GuidedHand.load(hand.save())
    assert again.turns == hand.turns and again.seed == hand.seed
    other = PlaySession(PlaySettings(seed=3, opponent="greedy"))
    with pytest.raises(NotationError):
        GuidedHand.load(other.save())
    assert opening(hand.start, hand.learner, "ru")[0] != opening(hand.start, hand.learner, "en")[0]


def test_the_deal_is_told_as_dealt() -> None:
    hand = GuidedHand.new(guided_seeds()[0])
    first = opening(hand.start, hand.learner, "en")
    start: Position = hand.start
    assert f"drew {len(start.hand(0))};" in first[0] and f"other {len(start.known_boneyard())}" in first[0]
    assert ("it is you" in first[1]) == (start.turn == hand.learner)


# ----- the page -----
def test_the_page_plays_a_whole_hand_by_clicks_and_keeps_it_through_a_reload() -> None:
    from streamlit.testing.v1 import AppTest

    from tests.test_app_first_hour import ok, opened, stored
    at = opened("guided")
    hand = at.session_state["guided"]
    assert hand.seed == guided_seeds()[0]
    clicks = 0
    while not at.session_state["guided"].over and clicks < 40:
        tiles = [b.key for b in at.button if b.key and b.key.startswith("gtile_")]
        assert tiles and all(not b.disabled for b in at.button if b.key in tiles)  # only the tiles that fit
        ok(at.button(key=tiles[0]).click())
        end = next(b.key for b in at.button if b.key and (b.key.startswith("gend_") or b.key == "glead"))
        ok(at.button(key=end).click())
        clicks += 1
        if clicks == 2:  # a reload mid-hand: the same hand, move for move
            again = opened("guided", stored(at))
            assert again.session_state["guided"].turns == at.session_state["guided"].turns
    assert at.session_state["guided"].over and at.session_state["guided_done"]
    result = at.session_state["guided"].result
    assert [int(m.value) for m in at.metric] == list(result.scores)  # the scores after the pips
    assert t("guided.over") in [h.value for h in at.subheader]
    assert any("pips" in m.value or "no tiles left" in m.value for m in at.markdown)
    ok(at.button(key="guided_again").click())
    fresh = at.session_state["guided"]
    assert fresh.seed == guided_seeds()[1] and not [turn for turn in fresh.turns if turn.player == 0]
    assert isinstance(at, AppTest) and json.loads(stored(at))["place"]


def test_start_offers_the_guided_hand_after_the_lesson_on_drawing_until_it_is_played() -> None:
    from tests.test_app_first_hour import opened
    index = LESSON_IDS.index(GUIDED_AFTER)
    before = opened("home", learn_stars={lesson: 3 for lesson in LESSON_IDS[:index]})
    assert t("home.step_guided") not in [b.label for b in before.button]
    after = opened("home", learn_stars={lesson: 3 for lesson in LESSON_IDS[:index + 1]})
    assert t("home.step_guided") in [b.label for b in after.button]
    assert after.button(key="home_next").label != t("home.step_guided")  # the next lesson stays first
    done = opened("home", learn_stars={lesson: 3 for lesson in LESSON_IDS[:index + 1]}, guided_done=True)
    assert t("home.step_guided") not in [b.label for b in done.button]
