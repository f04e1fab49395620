"""Evidence with exact values only where they are needed: moves far below a deal's
best are only bounded, the leading moves and the move played stay exact, and a
comparison with bounded figures claims only what the bounds prove."""

from __future__ import annotations

import math
from dataclasses import replace

import trainer.search.evidence as evidence_module
from trainer.engine.position import Position
from trainer.play.coach import compare_words, judge, judged, review_move
from trainer.search.evidence import Evidence, leaders, paired, within_budget
from trainer.search.solver import MoveValue, Solution

# player 1 to move, six moves: 1-0@W and 2-1@W lead, 5-2 lags far behind on most deals
SPREAD = "5-5:5-0,0-0,0-3:5-1:: ?6/6-4,6-0,5-4,5-2,4-0,2-1,1-0 ?10 1 20,10"


def test_only_moves_far_below_a_deals_best_are_bounded_and_the_leaders_are_exact() -> None:
    view = Position.from_code(SPREAD)
    full = paired(view, 24, seed=5)
    worst = min(full.moves, key=lambda m: (full.mean(m), str(m)))
    near = paired(view, 24, seed=5, near=10, must=(worst,))
    assert near.moves == full.moves and near.deals == full.deals
    assert any(near.bounded(m) for m in near.moves)  # the cheap path was taken
    for i in range(len(near.moves)):
        for d in range(near.deals):
            value, true = near.values[i][d], full.values[i][d]
            if near.bounds[i][d]:
                best_there = max(row[d] for row in full.values)
                assert true <= value and true < best_there - 10
            else:
                assert value == true
    ranked = sorted(full.moves, key=lambda m: -full.mean(m))
    for move in (*ranked[:2], worst):  # the two leaders and the move asked for: exact everywhere
        assert not near.bounded(move)
        assert near.values[near.index(move)] == full.values[full.index(move)]
    assert near.best() == full.best()
    runner = max((m for m in near.moves if m != near.best()), key=near.mean)
    assert near.mean(runner) == full.mean(ranked[1])


def _planted(view: Position, bounded_other: bool) -> Evidence:
    """1-0@W worth 10 more than 2-1@W on every deal but one (bounds on 2-1@W if asked)."""
    moves = tuple(sorted(view.legal_moves(), key=str))
    values, bounds = [], []
    for m in moves:
        if str(m) == "1-0@W":
            values.append(tuple(20 + 5 * (d % 3) for d in range(30)))
        else:
            values.append(tuple(10 + 5 * (d % 3) - 5 * (d == 0) for d in range(30)))
        bounds.append(tuple(bounded_other and str(m) == "2-1@W" for _ in range(30)))
    return Evidence(moves, tuple(view.points(m) for m in moves), tuple(values), False,
                    tuple(bounds) if bounded_other else ())


def test_a_comparison_with_a_bounded_move_claims_at_least_and_nothing_for_it() -> None:
    view = Position.from_code(SPREAD)
    best, other = (next(m for m in view.legal_moves() if str(m) == s) for s in ("1-0@W", "2-1@W"))
    plain, bounded = _planted(view, False), _planted(view, True)
    exact_diff, low_diff = plain.difference(best, other), bounded.difference(best, other)
    assert not exact_diff.at_least and math.isfinite(exact_diff.high)
    assert low_diff.at_least and low_diff.mean == exact_diff.mean and low_diff.high == math.inf
    assert low_diff.significant and judge(low_diff, 30, exact=False) == "mistake"
    assert math.isinf(bounded.difference(other, best).half_width)  # an upper bound proves nothing for it
    assert judge(bounded.difference(best, other), 30, False) == judge(exact_diff, 30, False)
    words = compare_words(view, bounded, best, other)
    assert "at most +14.8" in words and "better by 10.2 ± " in words and words.endswith("or more.")
    assert "or more" not in compare_words(view, plain, best, other)
    unclear = compare_words(view, bounded, other, best)
    assert "unclear" in unclear and "+" not in unclear  # no figure for the bounded move
    review = judged(view, other, Evidence(bounded.moves, bounded.points, bounded.values, False,
                                          tuple(tuple(str(m) == "1-0@W" for _ in range(30))
                                                for m in bounded.moves)))
    assert review.grade == "unclear" and math.isinf(review.margin)  # the best move only bounded


def test_the_move_played_is_judged_on_its_exact_figures() -> None:
    view = Position.from_code(SPREAD)
    full = paired(view, 24, seed=5)
    worst = min(full.moves, key=lambda m: (full.mean(m), str(m)))
    evidence = within_budget(view, 5.0, seed=5, must=(worst,), max_deals=40)
    assert evidence.deals == 40 and not evidence.bounded(worst) and not evidence.bounded(evidence.best())
    assert any(evidence.bounded(m) for m in evidence.moves)  # the cheap path was taken
    review = review_move(view, worst, None, 5.0, seed=5)
    assert review.grade in ("mistake", "blunder") and math.isfinite(review.margin)
    assert "or more" not in review.reason and "unclear" not in review.reason


def test_repairs_keep_exact_values_so_changing_leaders_cannot_cycle(monkeypatch) -> None:
    """Each repair makes the named moves exact and bounds the rest high: without keeping
    values once exact, the leaders would swap for ever between two moves."""
    view = Position.from_code(SPREAD)
    a, b, c = sorted(view.legal_moves(), key=str)[:3]
    true = {a: 10, b: 5, c: 4}
    calls = []

    def fake_solve_deals(deals, deadline=0.0, limit=0, ordered=True, near=0, exact=tuple, capped=tuple,
                         cap=0):
        calls.append(exact() + capped())
        assert len(calls) < 10, "the repair does not end"
        for deal in deals:
            named = exact() + capped()
            moves = tuple(MoveValue(m, 0, true[m] if m in named else 20, m not in named) for m in true)
            yield Solution(deal, 10, moves, 0, 0, 0)

    monkeypatch.setattr(evidence_module, "solve_deals", fake_solve_deals)
    start = Solution(view, 10, (MoveValue(a, 0, 10), MoveValue(b, 0, 5), MoveValue(c, 0, 20, True)),
                     0, 0, 0)
    fixed = evidence_module._made_exact([start], (), 0.0, 10)
    assert {m.move: (m.value, m.bound) for m in fixed[0].moves} == {a: (10, False), b: (5, False),
                                                                    c: (4, False)}
    assert len(calls) == 1


def test_a_capped_figure_is_retried_only_for_the_leader_or_a_named_move(monkeypatch) -> None:
    """A runner-up bounded because its exact value passed the cap keeps that bound: the
    repair does not solve its deal again; the leader's or a named move's it does,
    without the cap. Merging two bounds keeps the lower."""
    view = Position.from_code(SPREAD)
    a, b, c = sorted(view.legal_moves(), key=str)[:3]
    calls = []

    def fake_solve_deals(deals, deadline=0.0, limit=0, ordered=True, near=0, exact=tuple, capped=tuple,
                         cap=0):
        calls.append((exact(), capped()))
        for deal in deals:
            yield Solution(deal, 10, (MoveValue(a, 0, 10), MoveValue(b, 0, 0), MoveValue(c, 0, -20)),
                           0, 0, 0)

    monkeypatch.setattr(evidence_module, "solve_deals", fake_solve_deals)
    start = Solution(view, 10, (MoveValue(a, 0, 10), MoveValue(b, 0, 5, True, True),
                                MoveValue(c, 0, -20)), 0, 0, 0)
    assert evidence_module._made_exact([start], (), 1e18, 10, cap=5) == [start] and not calls
    for leading, must in ((replace(start.moves[1], value=15), ()), (start.moves[1], (b,))):
        calls.clear()
        deal = replace(start, moves=(start.moves[0], leading, start.moves[2]))
        fixed = evidence_module._made_exact([deal], must, 1e18, 10, cap=5)
        assert [m.bound for m in fixed[0].moves] == [False] * 3 and len(calls) == 1
        assert b in calls[0][0] and b not in calls[0][1]  # exact, not capped
    old = Solution(view, 10, (MoveValue(a, 0, 10), MoveValue(b, 0, -25, True, True),
                              MoveValue(c, 0, -20)), 0, 0, 0)
    new = Solution(view, 10, (MoveValue(a, 0, 10), MoveValue(b, 0, -5, True),
                              MoveValue(c, 0, -5, True)), 0, 0, 0)
    merged = {m.move: m for m in evidence_module._merged(new, old).moves}
    assert merged[b] == MoveValue(b, 0, -25, True, True) and merged[c] == MoveValue(c, 0, -20)


def test_a_capped_budget_keeps_every_deal_with_true_bounds(monkeypatch) -> None:
    """With a tiny cap, moves kept exact that cost more than it keep an upper bound: every
    deal is still in, and each figure is exact or at least the true value and below
    that deal's best."""
    view = Position.from_code(SPREAD)
    full = paired(view, 30, seed=7)
    solve_deals, hit = evidence_module.solve_deals, []

    def in_order(*args, **kwargs):  # the deals' order, for comparing deal by deal
        for solution in solve_deals(*args, **{**kwargs, "ordered": True}):
            hit.extend(m for m in solution.moves if m.capped)
            yield solution

    monkeypatch.setattr(evidence_module, "solve_deals", in_order)
    assert not within_budget(view, 30.0, seed=7, max_deals=30).bounded(full.best()) and not hit
    monkeypatch.setattr(evidence_module, "CAP", 300)
    capped = within_budget(view, 30.0, seed=7, max_deals=30)
    assert capped.moves == full.moves and capped.deals == 30 and len(hit) >= 3
    for i in range(len(capped.moves)):
        for d in range(30):
            if capped.bounds[i][d]:
                assert full.values[i][d] <= capped.values[i][d] < max(row[d] for row in full.values)
            else:
                assert capped.values[i][d] == full.values[i][d]


def test_leaders_take_in_every_move_tied_with_the_last() -> None:
    view = Position.from_code(SPREAD)
    a, b, c, d = sorted(view.legal_moves(), key=str)[:4]
    deal = Solution(view, 10, (MoveValue(a, 0, 10), MoveValue(c, 0, 5), MoveValue(b, 0, 5),
                               MoveValue(d, 0, 0)), 0, 0, 0)
    assert set(leaders([deal], 2)) == {a, b, c} and leaders([deal], 1) == (a,)


def test_a_bounded_move_played_is_not_graded_on_its_bound() -> None:
    view = Position.from_code(SPREAD)
    best, other = (next(m for m in view.legal_moves() if str(m) == s) for s in ("1-0@W", "2-1@W"))
    bounded = _planted(view, True)  # 2-1@W only bounded: its loss is at least about 10
    review = judged(view, other, bounded)
    assert review.best == best and review.grade == "unclear" and "inf" not in review.reason
    assert math.isinf(review.margin)  # its loss is only bounded below: no figure to show
