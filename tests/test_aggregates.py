"""The Progress page's sums (trainer.store.aggregates) against the rows they sum, on
SQLite and PostgreSQL: the review queue's sizes against the cards read one by one, the
rating at each day's end against the rating history, a drill's blocks against its
answers in order; and the scoped store of club mode refuses them out of reach. Then
club mode in the app: the work a tab kept for one account is dropped when another holds
the tab."""

from __future__ import annotations

import json
import random
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from trainer.puzzles.bank import shipped
from trainer.store import Store
from trainer.store.accounts import AccessError

T0 = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)


def history(store: Store) -> int:
    """A learner with 240 answers over five days: drills of every kind, rated puzzles,
    misses that make review cards."""
    rng = random.Random(7)
    bank = [p for p in shipped() if p.kind != "count"][:60]
    ann = store.create_learner("Ann").id
    kinds = ("total", "score", "round", "where")
    for n in range(240):
        when = T0 + timedelta(hours=n // 2, minutes=n % 2 * 20)
        if n % 3:
            kind = kinds[n % 4]
            store.record_attempt(ann, "drill", f"{kind}:1:{n}", rng.random() < 0.7, kind=kind,
                                 seconds=round(rng.uniform(1, 9), 2), helped=n % 17 == 0, when=when)
        else:
            store.record_attempt(ann, "puzzle", bank[n % len(bank)].id, rng.random() < 0.6, rated=True,
                                 when=when)
    return ann


def test_the_sums_agree_with_the_rows_they_sum(store: Store) -> None:
    ann = history(store)
    now = T0 + timedelta(days=6)
    counts = store.review_counts(ann, now=now)
    due = store.due_reviews(ann, now=now)
    assert (counts.due_puzzles, counts.due_boards) == (sum(i.part == "puzzle" for i in due),
                                                       sum(i.part == "drill" for i in due))
    assert counts.total == len(store.review_queue(ann)) and counts.due == len(due)
    for until in (now, now + timedelta(days=3), now + timedelta(days=400)):
        coming = [(i.part, i.due) for i in store.review_queue(ann) if i.due < until]
        assert list(store.review_due(ann, until)) == coming
    assert len(store.review_due(ann, now)) == counts.due
    days = store.rating_days(ann)
    last_of_day: dict[object, tuple[float, float]] = {}
    per_day: defaultdict[object, int] = defaultdict(int)
    for point in store.rating_history(ann):
        day = point.created_at.astimezone().date()
        last_of_day[day] = (point.rating, point.rd)
        per_day[day] += 1
    assert [(d.day, round(d.rating, 6), round(d.rd, 6), d.rated) for d in days] == [
        (day, round(r, 6), round(rd, 6), per_day[day]) for day, (r, rd) in sorted(last_of_day.items())]
    answers = [a for a in reversed(store.recent_attempts(ann, limit=1000, part="drill"))]
    for size in (1, 3, 10):
        expected: dict[tuple[str, int], list[float]] = {}
        seen: defaultdict[str, int] = defaultdict(int)
        for a in answers:
            block = seen[a.kind] // size
            seen[a.kind] += 1
            total = expected.setdefault((a.kind, block), [0, 0, 0.0])
            total[0] += 1
            total[1] += a.correct and not a.helped
            total[2] += a.seconds or 0.0
        got = {(b.kind, b.block): [b.attempts, b.right, round((b.mean_seconds or 0) * b.attempts, 6)]
               for b in store.drill_blocks(ann, size=size)}
        assert got == {k: [n, r, round(s, 6)] for k, (n, r, s) in expected.items()}


def test_the_scoped_store_gives_the_sums_only_within_reach(store: Store) -> None:
    ann = store.create_account("Ann", "learner", password="ann-secret")
    ben = store.create_account("Ben", "learner", password="ben-secret")
    store.record_attempt(ben.learner_id, "drill", "total:1:1", False, kind="total")
    mine = store.scoped(ann)
    assert mine.review_counts(ann.learner_id).total == 0
    for read in (mine.review_counts, mine.rating_days, mine.drill_blocks,
                 lambda learner: mine.review_due(learner, datetime.now(UTC))):
        with pytest.raises(AccessError):
            read(ben.learner_id)


# ----- club mode: a tab's work is its account's -----
def test_a_tabs_kept_work_goes_with_its_account_not_to_the_next(db: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    import streamlit as st

    from tests.test_app_first_hour import ok, opened, stored
    from trainer.play.session import PlaySession, PlaySettings
    from trainer.puzzles.bank import catalogue
    from ui.state import MODE_ENV

    monkeypatch.setenv(MODE_ENV, "club")
    st.cache_resource.clear()
    with Store(str(db), catalogue=catalogue()) as store:
        ann = store.create_account("Ann", "learner", password="ann-secret")
        ben = store.create_account("Ben", "learner", password="ben-secret")
        ann_token, ben_token = store.open_session(ann.id), store.open_session(ben.id)
    at = opened("play", club_token=ann_token, play=PlaySession(PlaySettings(seed=5, opponent="random")),
                learn_answers={"deal.size": "9"})
    assert at.session_state["keep_owner"] == "Ann"
    kept = stored(at)
    assert json.loads(json.loads(kept)["place"])["owner"] == "Ann"
    again = opened("play", kept, club_token=ann_token)  # Ann's reload: her match is back
    assert again.session_state["play"] is not None
    other = opened("play", kept, club_token=ben_token)  # Ben in the same tab: nothing of Ann's
    assert other.session_state["play"] is None and other.session_state["learn_answers"] == {}
    assert other.session_state["keep_owner"] == "Ben"
    gone = opened("home", kept)  # signed out (no session): the sign-in form, and her work dropped
    assert gone.session_state["play"] is None and gone.session_state["keep_owner"] is None
    ok(gone)
    st.cache_resource.clear()
