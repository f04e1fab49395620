"""What the teacher's pages say of an assignment: the due days allowed, what it asks
in words (the lessons' names, the drill and its target, the puzzles, the goals), and
whether a learner is late with it."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Optional

import streamlit as st

from trainer.errors import TrainerError
from trainer.i18n import join, t, tn
from trainer.store import Assignment, Result, ScopedStore, Task
from ui.club import lesson_title, practice_name
from ui.state import lang, open_store

DUE_DAYS = 365  # an assignment is due from today to a year from today
WIDEST = (date(1900, 1, 1), date(2199, 12, 31))  # the date field's own bounds: ours are checked here
NOTE = "classes_note"
# the new assignment form's fields: emptied once an assignment is made
FORM_KEYS = ("classes_kind", "classes_lessons", "classes_goals", "classes_drill", "classes_level",
             "classes_target", "classes_puzzle_way", "classes_ids", "classes_theme", "classes_band",
             "classes_count", "classes_title", "classes_due", "classes_learners")
PUZZLES_NAMED = 12  # puzzle ids named in a puzzle assignment's description at most


def learners_field(class_id: int, key: str) -> None:
    """Whom an assignment is for: some of the class's learners, or nobody picked for
    the whole class (those who join later included)."""
    code = lang()
    store = open_store()
    try:
        members = {m.id: m.name for m in store.members(class_id)} if isinstance(store, ScopedStore) else {}
    except TrainerError:
        members = {}
    st.multiselect(t("classes.for", code), list(members), key=key, format_func=lambda a: members.get(a, "?"),
                   placeholder=t("classes.for_everyone", code))
    st.caption(t("classes.for_help", code))


def say(kind: str, text: str) -> None:
    """A message kept for the next run (a callback's outcome)."""
    st.session_state[NOTE] = (kind, text)


def show_note() -> None:
    note = st.session_state.pop(NOTE, None)
    if note:
        (st.success if note[0] == "success" else st.error)(note[1])


def task_words(task: Task, lang: str) -> str:
    """What an assignment asks, whatever its title: the lessons' names, the drill with
    its level and target, the puzzles (how many, and their ids), the practice goals."""
    if task.kind == "lessons":
        return t("classes.task.lessons", lang, lessons=join([lesson_title(x) for x in task.lessons], lang))
    if task.kind == "drill":
        return t("classes.drill_title", lang, drill=t(f"drill.{task.drill}.title", lang), level=task.level,
                 target=task.target)
    if task.kind == "practice":
        return t("classes.task.goals", lang, goals="; ".join(practice_name(g, lang) for g in task.goals))
    ids = list(task.puzzles[:PUZZLES_NAMED]) + (["…"] if len(task.puzzles) > PUZZLES_NAMED else [])
    return tn("classes.task.puzzles", len(task.puzzles), lang, ids=" ".join(ids))


def due_range(today: Optional[date] = None) -> tuple[date, date]:
    """The first and the last due day allowed."""
    first = today or date.today()
    return first, first + timedelta(days=DUE_DAYS)


def due_problem(day: object, lang: str, today: Optional[date] = None) -> Optional[str]:
    """Why the day cannot be a due day, in the page's language, or None when it can.

    >>> due_problem(date(2030, 1, 1), "en", today=date(2030, 1, 2))
    'The due day must be between 2030-01-02 and 2031-01-02.'
    >>> due_problem(date(2030, 1, 2), "en", today=date(2030, 1, 2)) is None
    True
    """
    first, last = due_range(today)
    if isinstance(day, date) and first <= day <= last:
        return None
    return t("classes.due_range", lang, first=first.isoformat(), last=last.isoformat())


def late_mark(a: Assignment, r: Result, lang: str, today: Optional[date] = None) -> str:
    """"Not done, overdue" for a learner past the due day without it done; "" otherwise."""
    return t("classes.overdue", lang) if not r.done and a.due < (today or date.today()) else ""
