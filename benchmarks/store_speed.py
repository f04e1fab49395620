"""How fast the progress store records an attempt and answers the Progress page.

    python benchmarks/store_speed.py [--attempts 50000] [--records 300] [--url URL]

1. A learner with a year of history (`--attempts`, 50,000 by default: drills, puzzles
   of which a third rated, lessons, moves from play, a daily puzzle most days, timed
   runs, review cards) and a second learner with 10,000, brought in by `import_learner`
   into a new SQLite file in a temporary folder (or the database of `--url`: give an
   empty one).
2. Opening that database (the read-only integrity check included).
3. `record_attempt`: median and worst of `--records` calls each for a lesson check, a
   drill item missed (a review card made) and a rated puzzle (both ratings and the
   history written). Target: under 5 ms on SQLite.
4. Each Progress page query for the big learner: best of 5 runs. Target: under 100 ms.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from trainer.puzzles.bank import catalogue, shipped
from trainer.store import Store
from trainer.store.glicko import Rating, rate_game
from trainer.store.history import FORMAT, FORMAT_VERSION
from trainer.store.scheduling import card_to_json, new_card, review

DRILLS = ("total", "score", "round", "where")
START = datetime(2025, 11, 29, 8, 0, tzinfo=UTC)


def history(name: str, count: int, seed: int) -> str:
    """A history file of `count` attempts over a year, as `export_learner` writes it."""
    rng = random.Random(seed)
    bank = shipped()
    level = {p.id: p.rating for p in bank}
    learner = Rating()
    attempts: list[dict[str, object]] = []
    ratings: list[dict[str, object]] = []
    runs: list[dict[str, object]] = []
    cards: dict[tuple[str, str], dict[str, object]] = {}
    per_day = max(1, count // 365)
    for n in range(count):
        day = n // per_day
        when = START + timedelta(days=day, seconds=30 * (n % per_day))
        roll = rng.random()
        record: dict[str, object] = {"kind": "", "position": "", "answer": "", "points_lost": None,
                                     "helped": False, "rated": False, "mode": "", "tags": []}
        if n % per_day == 0:
            puzzle = bank[day % len(bank)]
            record.update(part="puzzle", item=puzzle.id, kind=puzzle.kind, tags=list(puzzle.tags),
                          mode="daily")
        elif roll < 0.5:
            kind = rng.choice(DRILLS)
            record.update(part="drill", item=f"{kind}:{rng.randint(1, 3)}:{rng.randrange(10**6)}", kind=kind,
                          mode="run" if roll < 0.2 else "")
        elif roll < 0.8:
            puzzle = rng.choice(bank)
            rated = roll < 0.6
            record.update(part="puzzle", item=puzzle.id, kind=puzzle.kind, tags=list(puzzle.tags),
                          position=puzzle.position, rated=rated, mode="stream" if rated else "")
        elif roll < 0.9:
            record.update(part="lesson", item=f"lesson{rng.randrange(12)}.q{rng.randrange(6)}")
        else:
            record.update(part="play", item=f"game{n}.move{rng.randrange(30)}",
                          points_lost=rng.choice([0, 5, 10]))
        correct = rng.random() < 0.75
        record.update(correct=correct, seconds=round(rng.uniform(1, 40), 2),
                      created_at=when.isoformat(), day=(START + timedelta(days=day)).date().isoformat())
        if record["rated"]:
            learner, _ = rate_game(learner, Rating(float(level[str(record["item"])]), 120), correct)
            ratings.append({"attempt": n, "puzzle_id": record["item"], "rating": learner.rating,
                            "rd": learner.rd, "volatility": learner.volatility,
                            "created_at": when.isoformat()})
        key = (str(record["part"]), str(record["item"]))
        if record["part"] in ("puzzle", "drill") and (not correct or key in cards):
            card = review(new_card(n + 1, when), correct, False, when)
            cards[key] = {"part": key[0], "item": key[1], "kind": record["kind"],
                          "position": record["position"], "card": json.loads(card_to_json(card)),
                          "reviews": 1, "lapses": int(not correct),
                          "created_at": when.isoformat(), "updated_at": when.isoformat()}
        attempts.append(record)
        if n % 100 == 99:
            right = rng.randint(5, 30)
            runs.append({"level": rng.randint(1, 3), "duration": 60.0, "answered": right + 3, "right": right,
                         "score": right, "best_streak": right // 2, "created_at": when.isoformat(),
                         "day": when.date().isoformat()})
    return json.dumps({
        "format": FORMAT, "version": FORMAT_VERSION, "exported_at": START.isoformat(),
        "learner": {"name": name, "created_at": START.isoformat(), "rating": learner.rating, "rd": learner.rd,
                    "volatility": learner.volatility, "rated_games": len(ratings)},
        "attempts": attempts, "ratings": ratings, "runs": runs, "reviews": list(cards.values())})


def best_of(run: Callable[[], object], times: int = 5) -> float:
    """The fastest of `times` runs, in milliseconds."""
    spent = []
    for _ in range(times):
        start = time.perf_counter()
        run()
        spent.append(time.perf_counter() - start)
    return 1000 * min(spent)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--attempts", type=int, default=50_000)
    parser.add_argument("--records", type=int, default=300)
    parser.add_argument("--url", help="an empty database to use instead of a new SQLite file")
    args = parser.parse_args()
    folder = tempfile.TemporaryDirectory()
    url = args.url or str(Path(folder.name) / "progress.db")

    start = time.perf_counter()
    texts = [history("Big", args.attempts, 1), history("Other", 10_000, 2)]
    built = time.perf_counter() - start
    with Store(url) as store:
        start = time.perf_counter()
        big = store.import_learner(texts[0])
        store.import_learner(texts[1])
        imported = time.perf_counter() - start
        print(f"store: {store.location}")
        print(f"history of {args.attempts:,} attempts made in {built:.1f} s, imported in {imported:.1f} s")
    start = time.perf_counter()
    store = Store(url, catalogue=catalogue())
    check = "read-only integrity check, " if store.dialect == "sqlite" else ""
    print(f"open ({check}schema up to date): {1000 * (time.perf_counter() - start):.0f} ms")

    bank = shipped()
    rng = random.Random(5)
    store.record_attempt(big, "puzzle", bank[0].id, True, rated=True)  # loads the bank once
    kinds: dict[str, Callable[[int], object]] = {
        "lesson check": lambda n: store.record_attempt(big, "lesson", f"deal.q{n}", True, seconds=3.0),
        "drill item missed (card made)": lambda n: store.record_attempt(
            big, "drill", f"total:1:bench{n}", False, kind="total", seconds=4.0, answer="15"),
        "rated puzzle (ratings, history, card)": lambda n: store.record_attempt(
            big, "puzzle", rng.choice(bank).id, rng.random() < 0.7, rated=True, seconds=12.0, mode="stream"),
    }
    print(f"\nrecord_attempt on {store.dialect} (target < 5 ms), {args.records} calls each:")
    for label, record in kinds.items():
        spent = []
        for n in range(args.records):
            begin = time.perf_counter()
            record(n)
            spent.append(1000 * (time.perf_counter() - begin))
        p95 = statistics.quantiles(spent, n=20)[-1]
        print(f"  {label:38} median {statistics.median(spent):5.2f} ms   95% {p95:5.2f} ms   "
              f"worst {max(spent):6.2f} ms")

    today = date.today()
    queries: dict[str, Callable[[], object]] = {
        "counts": lambda: store.counts(big),
        "attempts_per_day": lambda: store.attempts_per_day(big),
        "drill_stats": lambda: store.drill_stats(big),
        "tag_stats": lambda: store.tag_stats(big),
        "practice_days": lambda: store.practice_days(big),
        "daily_streak": lambda: store.daily_streak(big, today),
        "best_runs": lambda: store.best_runs(big),
        "rating_history": lambda: store.rating_history(big),
        "recent_attempts": lambda: store.recent_attempts(big),
        "due_reviews": lambda: store.due_reviews(big, limit=50),
        "puzzles_attempted": lambda: store.puzzles_attempted(big),
        "puzzle_ratings": lambda: store.puzzle_ratings(),
    }
    rows = {name: query() for name, query in queries.items()}
    print(f"\nProgress page queries with {sum(n for n, _ in store.counts(big).values()):,} attempts "
          f"(target < 100 ms), best of 5:")
    for name, query in queries.items():
        result = rows[name]
        size = len(result) if isinstance(result, (tuple, dict, frozenset)) else 1
        print(f"  {name:20} {best_of(query):7.1f} ms   ({size:,} rows)")
    print(f"\nexport_learner (not a page query): {best_of(lambda: store.export_learner(big), 1):.0f} ms")
    store.close()
    folder.cleanup()


if __name__ == "__main__":
    main()
