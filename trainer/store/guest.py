"""A guest's answers carried into a new learner: what was answered before a profile
existed (kept by the app for the visit) is recorded under the learner, in the order and
at the times it was answered, so that his review queue, ratings, streak, finished timed
runs and lesson stars start from it.

>>> import tempfile, os
>>> from datetime import datetime, timezone
>>> from trainer.store import Store
>>> folder = tempfile.TemporaryDirectory()
>>> store = Store(os.path.join(folder.name, "progress.db"))
>>> ann = store.create_learner("Ann")
>>> then = datetime(2026, 11, 29, 9, tzinfo=timezone.utc)
>>> store.adopt(ann.id, [GuestAnswer("drill", "total:1:7", False, kind="total", when=then)])
1
>>> store.counts(ann.id)["drill"]
(1, 0)
>>> run = GuestRun(level=1, duration=60.0, answered=1, right=0, score=0, best_streak=0, when=then)
>>> store.adopt(ann.id, [], runs=[run])
0
>>> [(r.level, r.answered) for r in store.best_runs(ann.id)]
[(1, 1)]
>>> store.close(); folder.cleanup()
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Optional

from trainer.store.history import RunCounts
from trainer.store.mastery import MasteryStore
from trainer.store.recording import RecordingStore

GUEST_LIMIT = 1000  # answers kept for a guest's visit; older ones are dropped first


@dataclass(frozen=True)
class GuestAnswer:
    """One answer as `RecordingStore.record_attempt` takes it, with when it was given."""

    part: str
    item: str
    correct: bool
    kind: Optional[str] = None
    position: str = ""
    answer: str = ""
    points_lost: Optional[int] = None
    seconds: Optional[float] = None
    helped: bool = False
    rated: bool = False
    mode: str = ""
    tags: Optional[tuple[str, ...]] = None
    when: Optional[datetime] = field(default=None)


@dataclass(frozen=True)
class GuestRun(RunCounts):
    """One finished run as `RecordingStore.record_run` takes it, with when it ended."""

    when: Optional[datetime] = field(default=None)
    mode: str = ""


class GuestStore(RecordingStore, MasteryStore):
    """Adopting a guest's answers."""

    def adopt(self, learner_id: int, answers: Sequence[GuestAnswer],
              lessons: Optional[Mapping[str, int]] = None, runs: Sequence[GuestRun] = ()) -> int:
        """Record a guest's answers (at most the last GUEST_LIMIT), lesson stars and
        finished timed runs (at most the last GUEST_LIMIT) for the learner, oldest
        first; returns how many answers were kept. Each is checked as `record_attempt`,
        `record_lesson` or `record_run` checks it; one refused (TrainerError) stops the
        rest, the ones before it stay kept. Raises LearnerError for an unknown learner."""
        kept = 0
        for a in sorted(answers[-GUEST_LIMIT:], key=lambda a: (a.when is None, a.when or datetime.min)):
            self.record_attempt(learner_id, a.part, a.item, a.correct, kind=a.kind, position=a.position,
                                answer=a.answer, points_lost=a.points_lost, seconds=a.seconds,
                                helped=a.helped, rated=a.rated, mode=a.mode, tags=a.tags, when=a.when)
            kept += 1
        for lesson_id, stars in (lessons or {}).items():
            self.record_lesson(learner_id, lesson_id, stars)
        for r in sorted(runs[-GUEST_LIMIT:], key=lambda r: (r.when is None, r.when or datetime.min)):
            self.record_run(learner_id, level=r.level, duration=r.duration, answered=r.answered,
                            right=r.right, score=r.score, best_streak=r.best_streak, when=r.when,
                            mode=r.mode)
        return kept
