"""Glicko-2 against Glickman's published example, and picking puzzles near a rating."""

from __future__ import annotations

import math
import random

import pytest

from trainer.puzzles.kinds import Puzzle
from trainer.store.glicko import (
    INITIAL_RATING,
    INITIAL_RD,
    INITIAL_VOLATILITY,
    MAX_RD,
    SCALE,
    TAU,
    Rating,
    RatingError,
    expected,
    pick_near,
    rate_game,
    update,
)

# Glickman, "Example of the Glicko-2 system": a player rated 1500 (RD 200, volatility
# 0.06) plays three opponents, winning the first and losing the other two; tau 0.5.
PLAYER = Rating(1500, 200, 0.06)
GAMES = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]


def test_the_published_example() -> None:
    new = update(PLAYER, GAMES, tau=0.5)
    # the paper's figures, to the paper's precision
    assert new.rating == pytest.approx(1464.06, abs=0.01)
    assert new.rd == pytest.approx(151.52, abs=0.01)
    assert new.volatility == pytest.approx(0.05999, abs=0.00001)
    # and its intermediate values on the Glicko-2 scale
    assert (new.rating - 1500) / SCALE == pytest.approx(-0.2069, abs=0.00005)
    assert new.rd / SCALE == pytest.approx(0.8722, abs=0.00005)


def test_the_paper_intermediate_steps() -> None:
    # step 3: v = 1.7785; step 4: delta = -0.4834 (the paper's rounding)
    g = [1 / math.sqrt(1 + 3 * (o.rd / SCALE) ** 2 / math.pi ** 2) for o, _ in GAMES]
    assert [round(x, 4) for x in g] == [0.9955, 0.9531, 0.7242]
    e = [expected(PLAYER, o) for o, _ in GAMES]
    assert [round(x, 3) for x in e] == [0.639, 0.432, 0.303]
    v = 1 / sum(gj * gj * ej * (1 - ej) for gj, ej in zip(g, e))
    assert v == pytest.approx(1.7785, abs=0.001)
    assert v * sum(gj * (s - ej) for gj, (_, s), ej in zip(g, GAMES, e)) == pytest.approx(-0.4834, abs=0.001)


def test_documented_parameters() -> None:
    assert (TAU, INITIAL_RATING, INITIAL_RD, INITIAL_VOLATILITY, MAX_RD) == (0.5, 1500, 350, 0.06, 350)
    assert Rating() == Rating(1500, 350, 0.06)


def test_a_period_without_games_only_widens_the_rd() -> None:
    idle = update(PLAYER, [])
    assert idle.rating == PLAYER.rating and idle.volatility == PLAYER.volatility
    assert idle.rd == pytest.approx(SCALE * math.sqrt((200 / SCALE) ** 2 + 0.06 ** 2))
    assert update(Rating(1500, 350), []).rd == MAX_RD


def test_one_attempt_rates_learner_and_puzzle_from_the_ratings_before() -> None:
    learner, puzzle = Rating(1500, 350), Rating(1500, 350)
    won_l, won_p = rate_game(learner, puzzle, correct=True)
    lost_l, lost_p = rate_game(learner, puzzle, correct=False)
    assert won_l.rating > 1500 > won_p.rating and lost_l.rating < 1500 < lost_p.rating
    assert won_l.rating - 1500 == pytest.approx(1500 - won_p.rating)  # equal ratings: a mirror image
    assert won_l == update(learner, [(puzzle, 1.0)]) and won_p == update(puzzle, [(learner, 0.0)])
    # a settled learner moves less than a new one; a strong puzzle solved moves him more than a weak one
    settled, _ = rate_game(Rating(1500, 60), puzzle, correct=True)
    assert settled.rating - 1500 < won_l.rating - 1500
    hard, _ = rate_game(Rating(1500, 100), Rating(1900, 100), correct=True)
    easy, _ = rate_game(Rating(1500, 100), Rating(1100, 100), correct=True)
    assert hard.rating - 1500 > easy.rating - 1500 > 0


def test_a_long_run_of_attempts_stays_finite_and_converges() -> None:
    rng = random.Random(7)
    learner = Rating()
    seen = []
    for _ in range(2000):
        puzzle = Rating(rng.uniform(1300, 1700), 80)
        chance = 1 / (1 + 10 ** ((puzzle.rating - 1600) / 400))  # a player of strength 1600
        learner, _ = rate_game(learner, puzzle, rng.random() < chance)
        seen.append(learner.rating)
    # one game a period: the RD settles (volatility widens it each period) and the rating
    # wanders around the strength
    assert 1570 < sum(seen[500:]) / 1500 < 1630
    assert 40 < learner.rd < 90 and 0.05 < learner.volatility < 0.07


def test_bad_ratings_and_results_are_refused() -> None:
    for bad in (dict(rd=0.0), dict(volatility=-0.1), dict(rating=float("nan")), dict(rd=float("inf"))):
        with pytest.raises(RatingError):
            Rating(**bad)
    with pytest.raises(RatingError, match="between 0 and 1"):
        update(PLAYER, [(Rating(), 2.0)])
    with pytest.raises(RatingError, match="tau"):
        update(PLAYER, GAMES, tau=0)


def _bank(ratings: list[int]) -> list[Puzzle]:
    return [Puzzle(f"p{i}", "count", "6-4 6-6/?9 ?16 0 0,0", "standard", ("10",), (), (), r)
            for i, r in enumerate(ratings)]


def test_the_rated_stream_serves_puzzles_near_the_learners_rating() -> None:
    bank = _bank(list(range(600, 2400, 5)))
    rng = random.Random(3)
    picks = [pick_near(bank, 1450, rng) for _ in range(200)]
    assert all(abs(p.rating - 1450) <= 100 for p in picks)
    assert len({p.id for p in picks}) > 20  # not always the same puzzle
    # current ratings win over the bank's
    moved = {p.id: Rating(3000) for p in bank if abs(p.rating - 1450) <= 400}
    assert all(abs(pick_near(bank, 1450, rng, current=moved).rating - 1450) > 400 for _ in range(50))
    # tried puzzles are left out while others remain; the window widens when too few are near
    near = {p.id for p in bank if abs(p.rating - 1450) <= 100}
    assert all(pick_near(bank, 1450, rng, exclude=near).id not in near for _ in range(50))
    sparse = _bank([800, 810, 2000, 2100])
    assert pick_near(sparse, 1950, rng, pool=1).rating == 2000
    assert {pick_near(sparse, 1950, rng, pool=2).rating for _ in range(40)} == {2000, 2100}
    assert pick_near(sparse, 1950, rng, exclude={p.id for p in sparse}).id.startswith("p")
    with pytest.raises(RatingError, match="no puzzle"):
        pick_near([], 1500, rng)
