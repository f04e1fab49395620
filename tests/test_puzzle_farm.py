"""Generation on Dask's distributed scheduler: a LocalCluster of 2 workers gives the same
bank as 1 worker, byte for byte; an interrupted run resumes from its cache without
running a hand twice; an earlier bank's puzzles are proven again and keep their ids."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("distributed")

from trainer.puzzles.farm import HAND_STRIDE, Plan, generate, hand_task  # noqa: E402
from trainer.puzzles.record import GENERATOR_VERSION, Puzzle, load_bank  # noqa: E402

PLAN = Plan({"count": 2, "score-most": 2, "deny": 0, "best-play": 1, "endgame": 2})
SEED = 5


def lines(puzzles: list[Puzzle]) -> list[str]:
    return [p.to_json() for p in puzzles]


def test_two_workers_make_the_same_bank_as_one() -> None:
    one = generate(PLAN, SEED, workers=1, progress=False)
    two = generate(PLAN, SEED, workers=2, progress=False)
    assert len(one.puzzles) == PLAN.total
    assert lines(one.puzzles) == lines(two.puzzles)
    assert one.hands == two.hands
    kinds = [p.kind for p in one.puzzles]
    assert {k: kinds.count(k) for k in set(kinds)} == {k: n for k, n in PLAN.kinds.items() if n}
    first = one.puzzles[0]  # each puzzle is its hand's, whoever ran it
    found = hand_task(first.seed, (first.kind,))[first.kind]
    assert found is not None and found[1] == first.to_json()


def test_an_interrupted_run_resumes_from_its_cache_without_running_a_hand_twice(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    stopped = generate(PLAN, SEED, workers=2, cache=str(cache), stop_after=3, progress=False)
    assert stopped.computed == 3 and len(stopped.puzzles) < PLAN.total
    resumed = generate(PLAN, SEED, workers=2, cache=str(cache), progress=False)
    whole = generate(PLAN, SEED, workers=1, progress=False)
    assert lines(resumed.puzzles) == lines(whole.puzzles)
    assert resumed.cached >= 3  # the three hands run before the interruption are not run again...
    again = generate(PLAN, SEED, workers=1, cache=str(cache), progress=False)
    assert lines(again.puzzles) == lines(whole.puzzles) and again.cached >= whole.hands - 2
    entries = [json.loads(line) for line in next(cache.iterdir()).read_text().splitlines()]
    runs = [(e["hand"], kind) for e in entries for kind in e["found"]]
    assert len(runs) == len(set(runs))  # ...no hand's kind is in the cache twice: none ran twice
    cache_file = next(cache.iterdir())
    cache_file.write_text(cache_file.read_text() + '{"hand": 12, "fou', encoding="utf-8")  # cut short
    after = generate(PLAN, SEED, workers=1, cache=str(cache), progress=False)
    assert lines(after.puzzles) == lines(whole.puzzles)


def test_hands_are_seeded_by_the_run_seed_and_their_number() -> None:
    run = generate(Plan({"count": 1, "score-most": 0, "deny": 0, "best-play": 0, "endgame": 0}), SEED,
                   workers=1, progress=False)
    assert run.puzzles[0].seed // HAND_STRIDE == SEED


def test_an_earlier_banks_puzzles_are_proven_again_and_keep_their_ids() -> None:
    earlier = load_bank((Path(__file__).resolve().parent / "data" / "bank-v2-sample.jsonl").read_text())
    plan = Plan({"count": 1, "score-most": 1, "deny": 0, "best-play": 0, "endgame": 1})
    run = generate(plan, SEED, workers=1, keep=earlier, progress=False)
    kept = [p for p in run.puzzles if p.origin == "2"]
    assert run.tried_again == len(earlier) and run.kept == len(kept) >= 2
    ids = {p.id for p in earlier}
    assert all(p.id in ids and p.generator == GENERATOR_VERSION for p in kept)


def test_a_plan_of_answer_cells_takes_only_those_cells_and_stops_when_they_are_full() -> None:
    """Balancing a bank band by band: a run asked for greedy traps of one band and
    point-taking answers of another takes nothing else and ends when both are full."""
    from trainer.puzzles.farm import Tally, cell

    cells = {"1800-1999:trap": 2, "1400-1599:points": 1}
    plan = Plan({"count": 0, "score-most": 0, "deny": 0, "best-play": 6, "endgame": 6}, answers=cells)
    run = generate(plan, SEED, workers=1, progress=False)
    found = [cell(p) for p in run.puzzles]
    assert sorted(found) == sorted(c for c, n in cells.items() for _ in range(n))
    for p in run.puzzles:  # each cell's name says what the puzzle's figures show
        most = {m.move for m in p.moves if m.points == max(q.points for q in p.moves)}
        assert (p.answer_kind() == "points") == bool(most & set(p.accepted))
    tally = Tally()
    for p in run.puzzles:
        tally.add(p)
    assert plan.done(tally) and not any(plan.wants(p, tally) for p in run.puzzles)
    assert not Plan(plan.kinds, answers=cells).done(Tally())
