"""The coach's figures rest on uniform deals and are checked by play-outs: its value for
a move agrees with an independent estimate within its margin (and the greedy fill's
would not), a claim the play-outs contradict is "unclear" with no "better by", the
idea comes first in one plain sentence, moves that come to the same are said so in one
line, and replies respect every known void."""

from __future__ import annotations

import math
import random
import statistics

import pytest

import trainer.play.coach as coach
from tests.support import greedy_fill
from trainer.engine.moves import Move
from trainer.engine.position import Position
from trainer.play.coach import hint, judged, leaves_words, review_move
from trainer.play.players import mover_view
from trainer.search.evidence import Evidence, paired, within_budget
from trainer.search.sampling import solve_deals

ISSUE = "5-5:5-3,3-6,6-0,0-4,4-5:5-0,0-0,0-1:5-1,1-3,3-2,2-2,2-4,4-1:5-2,2-1 4-3,1-1/?3 ?6 0 15,35"
VOIDS = {1: frozenset({1, 4})}
LATER = "6-6:6-3,3-4,4-5,5-3,3-2:6-2,2-5:: ?5/5-1,4-4,4-2,3-0,2-2 ?10 1 5,5"


def mean_and_error(evidence: Evidence, move: Move) -> tuple[float, float]:
    row = evidence.values[evidence.index(move)]
    return statistics.fmean(row), statistics.stdev(row) / math.sqrt(len(row))


def test_the_coachs_value_agrees_with_an_independent_uniform_estimate() -> None:
    """The issue's position: player 1 lacks 1s and 4s. The coach's figure for 1-1@W
    (its deals within a budget) against 1,500 deals of another seed: within three
    standard errors; the greedy fill's figure lies far outside."""
    view = Position.from_code(ISSUE)
    move = Move.parse("1-1@W")
    coach_figures = within_budget(view, 1.0, seed=11, voids=VOIDS, must=(move,))
    independent = paired(view, 1500, seed=12345, voids=VOIDS)
    (a, sa), (b, sb) = mean_and_error(coach_figures, move), mean_and_error(independent, move)
    assert coach_figures.deals >= 20 and not coach_figures.bounded(move)
    assert abs(a - b) < 3 * math.hypot(sa, sb), (a, sa, b, sb)
    # the dealer as it was, on as many deals: its figure is far from the uniform one
    rng = random.Random(7)
    old = [next(m.value for m in s.moves if m.move == move)
           for s in solve_deals(iter([greedy_fill(view, VOIDS, rng) for _ in range(1500)]), limit=1500)]
    assert abs(statistics.fmean(old) - b) > 4 * math.hypot(statistics.stdev(old) / math.sqrt(1500), sb)


def contradicting(view: Position, a: Move, b: Move) -> tuple[Evidence, Evidence]:
    """Exact deals that put `a` 20 ahead of `b` beyond any margin, and play-outs that put
    `b` 5 ahead of `a`, the other moves far behind on both."""
    moves = tuple(sorted(view.legal_moves(), key=str))
    points = tuple(view.points(m) for m in moves)
    n = 40

    def rows(top: Move, second: Move, lead: int) -> tuple[tuple[int, ...], ...]:
        out = []
        for m in moves:
            base = 50 if m == top else 50 - lead if m == second else -40
            out.append(tuple(base + (d % 3) * 5 for d in range(n)))
        return tuple(out)

    return Evidence(moves, points, rows(a, b, 20)), Evidence(moves, points, rows(b, a, 5))


def test_where_the_yardsticks_contradict_the_review_rests_on_the_playouts_and_says_so() -> None:
    """With every tile known `a` is 20 ahead; played out on what each player can see, `b`
    is 5 ahead. The move is judged as it is played: `b` is best, `a` loses 5 (an
    inaccuracy, never more: a mistake needs both yardsticks); each review says that the
    exact deals point the other way, and why they do not decide."""
    view = Position.from_code(LATER)
    a, b = sorted(view.legal_moves(), key=str)[:2]
    exact, played = contradicting(view, a, b)
    assert judged(view, b, exact).grade == "mistake"  # the exact yardstick alone would say so
    review = judged(view, b, exact, by_play=played)
    assert (review.grade, review.best, review.samples, review.exact) == ("best", b, 40, False)
    assert not review.contested and "mistake" not in review.headline
    assert f"With every tile known, {coach.move_words(a)} looks better" in review.reason
    assert "Played out on what each player can see (40 deals)" in review.reason
    assert "played out on 40 deals" in review.reason  # the basis
    worse = judged(view, a, exact, by_play=played)
    assert (worse.grade, worse.best, worse.loss) == ("inaccuracy", b, 5.0)
    assert worse.headline.startswith(f"Better was {coach.move_words(b)}")
    many = Evidence(played.moves, played.points, tuple(tuple(v - 25 * (m == a) for v in row)
                                                         for m, row in zip(played.moves, played.values)))
    assert judged(view, a, exact, by_play=many).grade == "inaccuracy"  # 30 worse played out: still capped


def test_a_hint_the_playouts_contradict_plays_the_playouts_best_and_says_why(
        monkeypatch: pytest.MonkeyPatch) -> None:
    view = Position.from_code(LATER)
    a, b = sorted(view.legal_moves(), key=str)[:2]
    exact, played = contradicting(view, a, b)
    monkeypatch.setattr(coach, "gather", lambda *args, **kwargs: (exact, played))
    given = hint(view, budget=0.1)
    assert given.move == b and not given.unclear
    assert given.headline.startswith(f"Play {coach.move_words(b)}")
    assert any(f"With every tile known, {coach.move_words(a)} looks better" in line for line in given.details)
    assert not any("better by" in line for line in given.reasons)


def test_the_hint_says_the_idea_first_and_the_figures_beneath() -> None:
    endgame = Position.from_code("0-0:0-3,3-4,4-6,6-5,5-5,5-1,1-0:0-4,4-2,2-1,1-3,3-2,2-0,0-5,5-4::"
                                 "0-6,6-3,3-3,3-5,5-2,2-2,2-6,6-1 6-6,4-4/4-1,1-1 - 1 15,15")
    given = hint(endgame, budget=0.3)
    assert given.headline == ("Play 4-1 on the west end (4-1@W): it blocks player 1: no tile you cannot see "
                              "fits these ends, and with the boneyard empty he must pass.")
    assert "±" not in given.headline and any("Basis: exact" in line for line in given.details)


def test_moves_that_come_to_the_same_are_said_in_one_line() -> None:
    """Only 6-4 fits, at either end of a lone spinner: the same table either way."""
    twins = Position.from_code("6-6:::: 6-4,2-1,1-0/?6 ?18 0 0,0")
    assert len(twins.legal_moves()) == 2
    given = hint(twins, budget=0.2)
    assert given.headline == "Only 6-4 fits, and either end comes to the same: play it on either."
    assert not any("±" in line or "deals" in line for line in given.reasons)
    review = review_move(twins, Move.parse("6-4@W"), None, budget=0.2, seed=1)
    assert review.grade == "forced" and "either end" in review.headline


def test_replies_and_the_tiles_out_respect_the_voids() -> None:
    """Player 2 (1 in the code) has shown he lacks 2s and 3s: after 5-2 on the north end, the tiles that
    could score there have a 2, so none can be his reply."""
    view = mover_view(Position.from_code(
        "5-5:5-3,3-6,6-0:5-4,4-1:: 6-2,5-2,3-3,2-1/6-1,3-0,1-0,0-0 1-1,2-0,2-2,3-1,3-2,4-0,4-2,4-3,4-4,"
        "5-0,5-1,6-4,6-5,6-6 0 10,10"))
    move = Move.parse("5-2@N")
    plain = leaves_words(view, move)
    told = leaves_words(view, move, voids={1: frozenset({3, 2})})
    assert plain[0].endswith("with a tile he may hold, is 5.")
    assert told[0].endswith("no tile player 2 may hold scores on the next play.")
    assert told[-1] == "Player 2 has shown he has no tile with a 2: of these tiles he may hold only 8."


@pytest.mark.parametrize("lang", ["en", "es", "fi", "ru", "mk"])
def test_one_deal_is_never_given_a_margin(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """On one deal there is no interval: no "± inf", no "inf" at all, in any language,
    in the hint or the review (the play-outs may still speak, with their own margin)."""
    view = Position.from_code(LATER)
    for seed in range(4):
        one = paired(view, 1, seed=seed)
        monkeypatch.setattr(coach, "gather", lambda *args, one=one, **kwargs: (one, None))
        given = hint(view, budget=0.1, lang=lang)
        words = [given.headline, *given.details]
        for move in view.legal_moves():
            review = judged(view, move, one, lang=lang)
            words += [review.headline, review.reason]
        assert not any("inf" in w for w in words), [w for w in words if "inf" in w]


def test_a_mistake_needs_the_playouts_to_find_the_loss_too() -> None:
    """The exact deals put `a` 20 ahead of `b` beyond their margin; the play-outs find
    them level within their margin (no contradiction, no confirmation): `b` is graded
    an inaccuracy, not a mistake. Where the play-outs confirm the loss, it is a mistake."""
    view = Position.from_code(LATER)
    moves = tuple(sorted(view.legal_moves(), key=str))
    a, b = moves[:2]
    points = tuple(view.points(m) for m in moves)
    n = 40
    exact = Evidence(moves, points, tuple(
        tuple((50 if m == a else 30 if m == b else -40) + (d % 3) * 5 for d in range(n)) for m in moves))
    level = Evidence(moves, points, tuple(
        tuple((50 if m in (a, b) else -40) + ((d * 7 + i) % 5) * 4 for d in range(n))
        for i, m in enumerate(moves)))
    assert judged(view, b, exact).grade == "mistake"
    review = judged(view, b, exact, by_play=level)
    assert (review.grade, review.best, review.loss) == ("inaccuracy", a, 20.0)
    confirming = Evidence(moves, points, tuple(
        tuple((50 if m == a else 35 if m == b else -40) + (d % 3) * 5 for d in range(n)) for m in moves))
    assert judged(view, b, exact, by_play=confirming).grade == "mistake"
