"""Assignments of club mode: a teacher sets his class lessons, a drill with a target,
a set of puzzles or practice goals against the solver, due by a day; each learner's
result is read from his attempts since it was set (done, right, time, helped, and
for practice the stars of each goal), and the class's weakest themes and lessons
from all of theirs. The results export as CSV.

What the store is told of lessons, drills, puzzles and practice goals is only their
ids: the app checks them against the course, the drills, the bank and the practice
positions (the store's catalogue checks puzzle ids when it knows the bank). A
practice goal finished is the attempt `practice-ID` of part "lesson" that the
Practice page records, its answer the stars earned (0 for a goal missed).

>>> import tempfile, os
>>> from datetime import date
>>> from trainer.store import Store
>>> folder = tempfile.TemporaryDirectory()
>>> store = Store(os.path.join(folder.name, "club.db"))
>>> teacher = store.create_account("Ms Lee", "teacher", password="teacher-pass")
>>> room = store.create_class(teacher.id, "Monday club")
>>> (ann, _), = store.add_learners(room.id, ["Ann"])
>>> task = Task("drill", drill="total", level=2, target=2)
>>> homework = store.assign(room.id, "Total the ends, level 2: 2 right", task, date(2030, 1, 7))
>>> for seed in (1, 2, 3):
...     _ = store.record_attempt(ann.learner_id, "drill", f"total:2:{seed}", seed != 2, kind="total",
...                              seconds=4.0)
>>> r = store.results(homework.id)[0]
>>> r.name, r.done, r.progress, r.total, r.right, r.out_of, r.seconds
('Ann', True, 2, 2, 2, 3, 12.0)
>>> store.close(); folder.cleanup()
"""

from __future__ import annotations

import csv
import io
import json
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any, Literal, Optional

import sqlalchemy as sa

from trainer.errors import TrainerError
from trainer.store.accounts import Account
from trainer.store.catalogue import Empty
from trainer.store.classes import ClassStore, Klass, spreadsheet_text
from trainer.store.schema import assignment_for, assignments, attempts, lesson_mastery
from trainer.store.values import TagStat, _read_time, _utc

TaskKind = Literal["lessons", "drill", "puzzles", "practice"]
TASK_KINDS: tuple[TaskKind, ...] = ("lessons", "drill", "puzzles", "practice")
PRACTICE_ITEM = "practice-"  # a practice goal's attempts are the lesson item "practice-ID"
TITLE_LIMIT = 120
ITEMS_LIMIT = 50  # lessons, puzzles or practice goals in one assignment
TARGET_LIMIT = 500
ID_LIMIT = 40
MOST_STARS = 3


class AssignmentError(TrainerError):
    """An assignment that cannot be set as given; the message says what is wrong."""


@dataclass(frozen=True)
class Task:
    """What an assignment asks: lessons (by id), a drill (kind and level) with a
    target of right answers, puzzles (by id), or practice goals (by position id)."""

    kind: TaskKind
    lessons: tuple[str, ...] = ()
    drill: str = ""
    level: int = 0
    target: int = 0
    puzzles: tuple[str, ...] = ()
    goals: tuple[str, ...] = ()

    def to_json(self) -> str:
        if self.kind == "lessons":
            data: dict[str, Any] = {"kind": "lessons", "lessons": list(self.lessons)}
        elif self.kind == "drill":
            data = {"kind": "drill", "drill": self.drill, "level": self.level, "target": self.target}
        elif self.kind == "practice":
            data = {"kind": "practice", "goals": list(self.goals)}
        else:
            data = {"kind": "puzzles", "puzzles": list(self.puzzles)}
        return json.dumps(data, sort_keys=True)

    @staticmethod
    def from_json(text: str) -> Task:
        data = json.loads(text)
        return check_task(Task(data["kind"], lessons=tuple(data.get("lessons", ())),
                               drill=data.get("drill", ""), level=data.get("level", 0),
                               target=data.get("target", 0), puzzles=tuple(data.get("puzzles", ())),
                               goals=tuple(data.get("goals", ()))))


def _plain_id(value: object) -> bool:
    return (isinstance(value, str) and 0 < len(value) <= ID_LIMIT and value.isascii()
            and value.replace("_", "").replace("-", "").isalnum())


def check_task(task: Task) -> Task:
    """The task, when its fields fit its kind; raises AssignmentError.

    >>> check_task(Task("drill", drill="total", level=2, target=0))
    Traceback (most recent call last):
    ...
    trainer.store.assignments.AssignmentError: a drill's target is a number of right answers from 1 to 500
    """
    if task.kind not in TASK_KINDS:
        raise AssignmentError(f"an assignment is one of {', '.join(TASK_KINDS)}, not {str(task.kind)[:20]!r}")
    if task.kind == "lessons":
        if not 0 < len(task.lessons) <= ITEMS_LIMIT or not all(_plain_id(x) for x in task.lessons):
            raise AssignmentError(f"an assignment of lessons names 1 to {ITEMS_LIMIT} lessons by id")
        return Task("lessons", lessons=tuple(dict.fromkeys(task.lessons)))
    if task.kind == "puzzles":
        if not 0 < len(task.puzzles) <= ITEMS_LIMIT or not all(_plain_id(x) for x in task.puzzles):
            raise AssignmentError(f"an assignment of puzzles names 1 to {ITEMS_LIMIT} puzzles by id")
        return Task("puzzles", puzzles=tuple(dict.fromkeys(task.puzzles)))
    if task.kind == "practice":
        if not 0 < len(task.goals) <= ITEMS_LIMIT or not all(_plain_id(x) for x in task.goals):
            raise AssignmentError(f"an assignment of practice names 1 to {ITEMS_LIMIT} practice goals by id")
        return Task("practice", goals=tuple(dict.fromkeys(task.goals)))
    if not _plain_id(task.drill):
        raise AssignmentError("a drill assignment names the drill by its kind")
    for name, value, high in (("level", task.level, 9), ("target", task.target, TARGET_LIMIT)):
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= high:
            what = "a number of right answers" if name == "target" else "a number"
            raise AssignmentError(f"a drill's {name} is {what} from 1 to {high}")
    return Task("drill", drill=task.drill, level=task.level, target=task.target)


@dataclass(frozen=True)
class Assignment:
    """An assignment of a class. `learners`: the accounts it is set to, when some of the
    class's learners only; empty, the whole class (those who join later included)."""

    id: int
    class_id: int
    title: str
    task: Task
    due: date
    created_at: datetime
    learners: tuple[int, ...] = ()

    def is_for(self, account_id: int) -> bool:
        """Whether the assignment is set to this learner's account.

        >>> from dataclasses import replace
        >>> a = Assignment(1, 1, "t", Task("lessons", lessons=("tiles",)), date(2030, 1, 1),
        ...                datetime(2029, 12, 1), learners=(4, 7))
        >>> a.is_for(7), a.is_for(5), replace(a, learners=()).is_for(5)
        (True, False, True)
        """
        return not self.learners or account_id in self.learners


@dataclass(frozen=True)
class Result:
    """One learner's result on one assignment, from his attempts since it was set.

    `progress` of `total`: lessons finished, right drill answers (up to the target),
    puzzles tried, or practice goals reached. `right` of `out_of`: the lessons' best
    stars of three each, the drill's right answers of all given, puzzles right at the
    first try of those in the set, or the practice goals' best stars of three each.
    `seconds`: time spent answering; `helped`: answers given with a hint. `stars`:
    for practice, each goal's best stars since the assignment was set, in the
    assignment's order (0: not reached yet); empty for the other kinds."""

    assignment_id: int
    learner_id: int
    name: str
    done: bool
    progress: int
    total: int
    right: int
    out_of: int
    seconds: float
    helped: int
    stars: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class LessonStat:
    """A lesson across a class: how many finished it, their mean best stars, and the
    lesson's questions answered (and right) by all of them."""

    lesson: str
    finished: int
    mean_stars: Optional[float]
    answered: int
    right: int

    @property
    def accuracy(self) -> float:
        return self.right / self.answered if self.answered else 0.0


@dataclass(frozen=True)
class ClassReport:
    """A class at a glance: its learners' results on each assignment, and its weakest
    puzzle themes and lessons (weakest first)."""

    klass: Klass
    members: tuple[Account, ...]
    assignments: tuple[Assignment, ...]
    results: dict[int, tuple[Result, ...]] = field(default_factory=dict)
    themes: tuple[TagStat, ...] = ()
    lessons: tuple[LessonStat, ...] = ()


def clean_title(title: object) -> str:
    if not isinstance(title, str) or not " ".join(title.split()):
        raise AssignmentError("an assignment needs a title")
    text = " ".join(title.split())
    if len(text) > TITLE_LIMIT:
        raise AssignmentError(f"an assignment's title has at most {TITLE_LIMIT} characters")
    if any(not c.isprintable() for c in text):
        raise AssignmentError("an assignment's title cannot hold control or invisible characters")
    return text


def _assignment(row: sa.Row[Any], learners: Iterable[int] = ()) -> Assignment:
    return Assignment(row.id, row.class_id, row.title, Task.from_json(row.spec), row.due,
                      _read_time(row.created_at), tuple(sorted(learners)))


def _check_due(due: object) -> None:
    if not isinstance(due, date) or isinstance(due, datetime):
        raise AssignmentError("an assignment's due day is a date")


def _learners_of(conn: sa.Connection, ids: Sequence[int]) -> dict[int, list[int]]:
    """The accounts each of these assignments is set to (those set to some learners only)."""
    found: dict[int, list[int]] = defaultdict(list)
    if ids:
        f = assignment_for.c
        for assignment_id, account_id in conn.execute(
                sa.select(f.assignment_id, f.account_id).where(f.assignment_id.in_(list(ids)))):
            found[int(assignment_id)].append(int(account_id))
    return found


def _stars(answer: object) -> int:
    """The stars a practice attempt's answer holds (1 to 3; anything else counts 1, the
    attempt being a goal reached).

    >>> _stars("3"), _stars("9"), _stars("")
    (3, 1, 1)
    """
    text = str(answer or "")
    return int(text) if text.isascii() and text.isdigit() and 1 <= int(text) <= MOST_STARS else 1


def stars_text(stars: tuple[tuple[str, int], ...]) -> str:
    """A practice result's stars per goal in words, for the CSV.

    >>> stars_text((("s01", 3), ("c04", 0)))
    's01: 3 stars; c04: not yet'
    """
    return "; ".join(f"{goal}: {n} star{'s' if n > 1 else ''}" if n else f"{goal}: not yet"
                     for goal, n in stars)


class AssignmentStore(ClassStore):
    """Assignments and their results."""

    def assign(self, class_id: int, title: str, task: Task, due: date,
               when: Optional[datetime] = None, learners: Sequence[int] = ()) -> Assignment:
        """Set the class an assignment due by `due`: to the whole class, or to some of
        its learners (`learners`, their account ids). Raises AssignmentError for a task
        that does not fit its kind (or names puzzles the catalogue lacks), or a learner
        who is not in the class."""
        text = clean_title(title)
        checked = check_task(task)
        _check_due(due)
        if checked.kind == "puzzles" and not isinstance(self.catalogue, Empty):
            unknown = [p for p in checked.puzzles if self.catalogue.find(p) is None]
            if unknown:
                raise AssignmentError(f"no puzzle has the id {unknown[0]!r}")
        self.klass(class_id)
        chosen = self._chosen(class_id, learners)
        with self._write() as conn:
            new_id = int(conn.execute(sa.insert(assignments).returning(assignments.c.id).values(
                class_id=class_id, kind=checked.kind, title=text, spec=checked.to_json(), due=due,
                created_at=_utc(when))).scalar_one())
            if chosen:
                conn.execute(sa.insert(assignment_for), [{"assignment_id": new_id, "account_id": a}
                                                         for a in chosen])
        return self.assignment(new_id)

    def _chosen(self, class_id: int, learners: Sequence[int]) -> tuple[int, ...]:
        """The accounts an assignment is set to: each a learner of the class."""
        chosen = tuple(dict.fromkeys(learners))
        if not chosen:
            return ()
        if any(isinstance(a, bool) or not isinstance(a, int) for a in chosen):
            raise AssignmentError("an assignment's learners are given by their account ids")
        members = {m.id for m in self.members(class_id)}
        outside = [a for a in chosen if a not in members]
        if outside:
            raise AssignmentError(f"no learner of this class has the account id {outside[0]}")
        return chosen

    def edit_assignment(self, assignment_id: int, title: str, due: date,
                        learners: Sequence[int] = ()) -> Assignment:
        """Change an assignment's title, due day and learners (none: the whole class).
        What it asks stays: its results are read from the answers since it was set, and
        another task would make them another assignment's."""
        current = self.assignment(assignment_id)
        text = clean_title(title)
        _check_due(due)
        chosen = self._chosen(current.class_id, learners)
        with self._write() as conn:
            conn.execute(sa.update(assignments).where(assignments.c.id == assignment_id)
                         .values(title=text, due=due))
            conn.execute(sa.delete(assignment_for).where(assignment_for.c.assignment_id == assignment_id))
            if chosen:
                conn.execute(sa.insert(assignment_for), [{"assignment_id": assignment_id, "account_id": a}
                                                         for a in chosen])
        return self.assignment(assignment_id)

    def assignment(self, assignment_id: int) -> Assignment:
        with self._read() as conn:
            row = conn.execute(sa.select(assignments).where(assignments.c.id == assignment_id)).first()
            chosen = _learners_of(conn, [assignment_id])
        if row is None:
            raise AssignmentError(f"no assignment has the id {assignment_id}")
        return _assignment(row, chosen.get(assignment_id, ()))

    def assignments_of(self, class_id: int) -> tuple[Assignment, ...]:
        """The class's assignments, the first due first."""
        with self._read() as conn:
            rows = conn.execute(sa.select(assignments).where(assignments.c.class_id == class_id)
                                .order_by(assignments.c.due, assignments.c.id)).all()
            chosen = _learners_of(conn, [row.id for row in rows])
        return tuple(_assignment(row, chosen.get(row.id, ())) for row in rows)

    def remove_assignment(self, assignment_id: int) -> None:
        with self._write() as conn:
            conn.execute(sa.delete(assignment_for).where(assignment_for.c.assignment_id == assignment_id))
            conn.execute(sa.delete(assignments).where(assignments.c.id == assignment_id))

    def puzzles_tried(self, assignment_id: int, learner_id: int) -> frozenset[str]:
        """The puzzles of a puzzle assignment that the learner answered since it was set
        (those that count for it); none for another kind."""
        a = self.assignment(assignment_id)
        if a.task.kind != "puzzles":
            return frozenset()
        c = attempts.c
        query = sa.select(c.item).distinct().where(c.learner_id == learner_id, c.part == "puzzle",
                                                   c.item.in_(a.task.puzzles), c.created_at >= a.created_at)
        with self._read() as conn:
            return frozenset(str(item) for item in conn.execute(query).scalars())

    def assignments_for(self, account_id: int) -> tuple[tuple[Assignment, Result], ...]:
        """Every assignment of the classes the account is in, with his result, the
        first due first."""
        account = self.account(account_id)
        out: list[tuple[Assignment, Result]] = []
        for klass in self.classes_joined(account_id):
            for a in self.assignments_of(klass.id):
                out.extend((a, r) for r in self._results(a, [account]))
        return tuple(sorted(out, key=lambda pair: (pair[0].due, pair[0].id)))

    def results(self, assignment_id: int) -> tuple[Result, ...]:
        """Each learner's result on the assignment, by name."""
        a = self.assignment(assignment_id)
        return self._results(a, self.members(a.class_id))

    def _results(self, a: Assignment, everyone: Sequence[Account]) -> tuple[Result, ...]:
        """The results of the members the assignment is set to."""
        members = [m for m in everyone if a.is_for(m.id)]
        if not members:
            return ()
        ids = [m.learner_id for m in members]
        task = a.task
        c = attempts.c
        query = (sa.select(c.learner_id, c.item, c.correct, c.seconds, c.helped)
                 .where(c.learner_id.in_(ids), c.created_at >= a.created_at))
        if task.kind == "lessons":
            query = query.where(c.part == "lesson")
        elif task.kind == "drill":
            query = query.where(c.part == "drill", c.kind == task.drill,
                                c.item.startswith(f"{task.drill}:{task.level}:", autoescape=True))
        elif task.kind == "practice":
            query = (sa.select(c.learner_id, c.item, c.correct, c.seconds, c.helped, c.answer)
                     .where(c.learner_id.in_(ids), c.created_at >= a.created_at, c.part == "lesson",
                            c.item.in_([PRACTICE_ITEM + g for g in task.goals])))
        else:
            query = query.where(c.part == "puzzle", c.item.in_(task.puzzles))
        with self._read() as conn:
            rows = conn.execute(query.order_by(c.id)).all()
            stars: dict[tuple[int, str], int] = {}
            if task.kind == "lessons":
                m = lesson_mastery.c
                stars = {(int(lid), str(lesson)): int(s) for lid, lesson, s in conn.execute(
                    sa.select(m.learner_id, m.lesson, m.stars)
                    .where(m.learner_id.in_(ids), m.lesson.in_(task.lessons)))}
        mine: dict[int, list[Any]] = defaultdict(list)
        lessons = set(task.lessons)
        for row in rows:
            if task.kind == "lessons" and str(row.item).partition(".")[0] not in lessons:
                continue
            mine[int(row.learner_id)].append(row)
        out: list[Result] = []
        for member in members:
            answers = mine.get(member.learner_id, [])
            seconds = round(sum(float(r.seconds or 0.0) for r in answers), 3)
            helped = sum(1 for r in answers if r.helped)
            if task.kind == "lessons":
                earned = [stars[(member.learner_id, x)] for x in task.lessons
                          if (member.learner_id, x) in stars]
                total = len(task.lessons)
                out.append(Result(a.id, member.learner_id, member.name, len(earned) == total, len(earned),
                                  total, sum(earned), MOST_STARS * total, seconds, helped))
            elif task.kind == "drill":
                right = sum(1 for r in answers if r.correct)
                out.append(Result(a.id, member.learner_id, member.name, right >= task.target,
                                  min(right, task.target), task.target, right, len(answers), seconds, helped))
            elif task.kind == "practice":
                best = dict.fromkeys(task.goals, 0)
                for r in answers:
                    goal = str(r.item)[len(PRACTICE_ITEM):]
                    best[goal] = max(best[goal], _stars(r.answer) if r.correct else 0)
                reached = sum(1 for s in best.values() if s)
                total = len(task.goals)
                out.append(Result(a.id, member.learner_id, member.name, reached == total, reached, total,
                                  sum(best.values()), MOST_STARS * total, seconds, helped,
                                  tuple(best.items())))
            else:
                first: dict[str, Any] = {}
                for r in answers:
                    first.setdefault(str(r.item), r)
                total = len(task.puzzles)
                out.append(Result(a.id, member.learner_id, member.name, len(first) == total, len(first),
                                  total, sum(1 for r in first.values() if r.correct), total, seconds,
                                  helped))
        return tuple(out)

    # ----- the class at a glance -----
    def class_report(self, class_id: int) -> ClassReport:
        """The class's members, assignments with every result, weakest themes and lessons."""
        klass = self.klass(class_id)
        members = self.members(class_id)
        tasks = self.assignments_of(class_id)
        results = {a.id: self._results(a, members) for a in tasks}
        ids = [m.learner_id for m in members]
        return ClassReport(klass, members, tasks, results, self.themes_of(ids), self.lessons_of(ids))

    def themes_of(self, learner_ids: Iterable[int]) -> tuple[TagStat, ...]:
        """Puzzle performance per theme over these learners, weakest first."""
        ids = list(learner_ids)
        if not ids:
            return ()
        c = attempts.c
        query = (sa.select(c.tags, sa.func.count(), sa.func.sum(sa.case((c.correct, 1), else_=0)),
                           sa.func.sum(c.points_lost), sa.func.count(c.points_lost),
                           sa.func.sum(c.seconds), sa.func.count(c.seconds))
                 .where(c.learner_id.in_(ids), c.part == "puzzle").group_by(c.tags))
        totals: dict[str, list[float]] = {}
        with self._read() as conn:
            for tags, *values in conn.execute(query):
                for tag in str(tags).split():
                    t = totals.setdefault(tag, [0.0] * 6)
                    for i, value in enumerate(values):
                        t[i] += float(value or 0)
        stats = [TagStat(tag, int(t[0]), int(t[1]), t[2] / t[3] if t[3] else None,
                         t[4] / t[5] if t[5] else None) for tag, t in totals.items()]
        return tuple(sorted(stats, key=lambda s: (s.accuracy, -s.attempts, s.tag)))

    def lessons_of(self, learner_ids: Iterable[int]) -> tuple[LessonStat, ...]:
        """Each lesson any of these learners answered or finished: weakest first (the
        lowest share of its questions answered right, then the fewest stars). Practice
        goals, kept as lessons "practice-ID", are not lessons here."""
        ids = list(learner_ids)
        if not ids:
            return ()
        c = attempts.c
        m = lesson_mastery.c
        answered: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        finished: dict[str, list[int]] = defaultdict(list)
        with self._read() as conn:
            for item, n, right in conn.execute(
                    sa.select(c.item, sa.func.count(), sa.func.sum(sa.case((c.correct, 1), else_=0)))
                    .where(c.learner_id.in_(ids), c.part == "lesson",
                           sa.not_(c.item.startswith(PRACTICE_ITEM, autoescape=True)))
                    .group_by(c.item)):
                tally = answered[str(item).partition(".")[0]]
                tally[0] += int(n)
                tally[1] += int(right or 0)
            for lesson, s in conn.execute(sa.select(m.lesson, m.stars).where(
                    m.learner_id.in_(ids), sa.not_(m.lesson.startswith(PRACTICE_ITEM, autoescape=True)))):
                finished[str(lesson)].append(int(s))
        stats = []
        for lesson in sorted(set(answered) | set(finished)):
            earned = finished.get(lesson, [])
            n, right = answered.get(lesson, [0, 0])
            mean = sum(earned) / len(earned) if earned else None
            stats.append(LessonStat(lesson, len(earned), mean, n, right))
        return tuple(sorted(stats, key=lambda s: (s.accuracy if s.answered else 1.0,
                                                  s.mean_stars if s.mean_stars is not None else MOST_STARS,
                                                  s.lesson)))

    def results_csv(self, class_id: int) -> str:
        """Every result of the class as CSV: one row per assignment and learner."""
        report = self.class_report(class_id)
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\r\n")
        writer.writerow(["class", "assignment", "kind", "due", "learner", "done", "progress", "total",
                         "right", "out_of", "seconds", "helped", "goals"])
        for a in report.assignments:
            for r in report.results[a.id]:
                writer.writerow([spreadsheet_text(x) for x in (
                    report.klass.name, a.title, a.task.kind, a.due.isoformat(), r.name,
                    "yes" if r.done else "no", r.progress, r.total, r.right, r.out_of, f"{r.seconds:.1f}",
                    r.helped, stars_text(r.stars))])
        return out.getvalue()
