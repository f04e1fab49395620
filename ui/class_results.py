"""The Classes page's results (`ui.classes`): per assignment what it asks and whom it
is for, and per learner done, progress, right (or stars), minutes and hints, and
whether he is late; changing an assignment's title, due day and learners; removing it
(asked first); the class's weakest themes and lessons; the CSV.

Everything is read through the store as the teacher sees it."""

from __future__ import annotations

from datetime import date
from typing import Any, Optional

import streamlit as st

from trainer.errors import TrainerError
from trainer.i18n import join, percent, t, tn
from trainer.store import Assignment, Klass, Result, ScopedStore
from trainer.store.classes import file_stem
from ui.assigned import WIDEST, due_problem, late_mark, learners_field, say, task_words
from ui.club import lesson_title, practice_name, star_text
from ui.download import private_download
from ui.state import lang, open_store, plain, reason
from ui.widgets import guard

DROP = "classes_confirm_drop"  # the assignment whose removal waits for "Yes, remove it"
EDIT = "classes_edit"  # the assignment whose title, due day and learners are being changed


def ask_removal(assignment_id: Optional[int]) -> None:
    """The first click of Remove (or Keep it: None): the removal is asked for first."""
    st.session_state[DROP] = assignment_id


def remove_assignment(assignment_id: int) -> None:
    """The second click: the assignment goes (its learners' answers stay theirs)."""
    code = lang()
    st.session_state[DROP] = None
    store = open_store()
    if isinstance(store, ScopedStore):
        try:
            title = store.assignment(assignment_id).title
            store.remove_assignment(assignment_id)
        except TrainerError as error:
            say("error", t("classes.refused", code, error=reason(error)))
            return
        say("success", t("classes.assignment_removed", code, title=plain(title)))


def open_edit(a: Optional[Assignment]) -> None:
    """Edit (or Cancel: None): the form starts from the assignment as it is."""
    st.session_state[EDIT] = None if a is None else a.id
    if a is not None:
        st.session_state[f"classes_edit_title_{a.id}"] = a.title
        st.session_state[f"classes_edit_due_{a.id}"] = a.due
        st.session_state[f"classes_edit_for_{a.id}"] = list(a.learners)


def save_edit(assignment_id: int) -> None:
    """Save: the day is checked as a new assignment's is; nothing changes until it is right."""
    code = lang()
    s = st.session_state
    due = s.get(f"classes_edit_due_{assignment_id}")
    problem = due_problem(due, code)
    if problem is not None or not isinstance(due, date):
        say("error", problem or "")
        return
    title = " ".join(str(s.get(f"classes_edit_title_{assignment_id}") or "").split())
    learners = [a for a in s.get(f"classes_edit_for_{assignment_id}") or () if type(a) is int]
    store = open_store()
    if not isinstance(store, ScopedStore):
        return
    try:
        changed = store.edit_assignment(assignment_id, title, due, learners)
    except TrainerError as error:
        say("error", t("classes.refused", code, error=reason(error)))
        return
    s[EDIT] = None
    say("success", t("classes.edited", code, title=plain(changed.title), day=changed.due.isoformat()))


def edit_form(a: Assignment) -> None:
    code = lang()
    with st.form(f"classes_edit_form_{a.id}", border=True):
        st.caption(t("classes.edit_help", code))
        st.text_input(t("classes.title", code), key=f"classes_edit_title_{a.id}", max_chars=120)
        st.date_input(t("classes.due", code), min_value=WIDEST[0], max_value=WIDEST[1],
                      key=f"classes_edit_due_{a.id}")
        learners_field(a.class_id, f"classes_edit_for_{a.id}")
        with st.container(horizontal=True):
            st.form_submit_button(t("classes.edit_save", code), type="primary", on_click=save_edit,
                                  args=(a.id,), icon=":material/save:")
            st.form_submit_button(t("classes.edit_cancel", code), on_click=open_edit, args=(None,))


def for_whom(a: Assignment, members: dict[int, str], code: str) -> str:
    """Whom the assignment is for, in words: the whole class, or the learners by name."""
    if not a.learners:
        return t("classes.for_all", code)
    return t("classes.for_some", code, names=join([members.get(x, "?") for x in a.learners], code))


# ----- results -----
def minutes(seconds: float) -> str:
    return f"{seconds / 60:.1f}" if seconds else "0"


def result_rows(a: Assignment, results: tuple[Result, ...]) -> list[dict[str, Any]]:
    """One row per learner; a practice assignment has a column per goal besides, its
    stars reached since it was set or "not yet"."""
    code = lang()
    stars = a.task.kind in ("lessons", "practice")
    right_label = t("classes.col.stars" if stars else "classes.col.right", code)
    rows = []
    for r in results:
        row: dict[str, Any] = {t("classes.col.learner", code): plain_cell(r.name),
                               t("classes.col.done", code): "✔" if r.done else "",
                               t("classes.col.progress", code): f"{r.progress} / {r.total}",
                               right_label: f"{r.right} / {r.out_of}"}
        for goal, earned in r.stars:
            row[practice_name(goal, code)] = star_text(earned) if earned else t("club.not_yet", code)
        row[t("classes.col.late", code)] = late_mark(a, r, code)
        row[t("classes.col.minutes", code)] = minutes(r.seconds)
        if a.task.kind != "practice":  # practice has no hints
            row[t("classes.col.helped", code)] = r.helped
        rows.append(row)
    return rows


def plain_cell(text: str) -> str:
    """A name in a table cell: tables show text as it is (no Markdown)."""
    return str(text)


def results_section(store: ScopedStore, klass: Klass) -> None:
    code = lang()
    try:
        report = store.class_report(klass.id)
    except TrainerError as error:
        guard(error)
        return
    if not report.members:
        st.info(t("classes.no_members", code), icon=":material/group_add:")
    if not report.assignments:
        st.info(t("classes.no_assignments", code), icon=":material/assignment:")
    today = date.today()
    names = {m.id: m.name for m in report.members}
    for a in report.assignments:
        results = report.results.get(a.id, ())
        done = sum(r.done for r in results)
        late = a.due < today
        with st.container(border=True):
            st.markdown(f"**{plain(a.title)}**  \n"
                        + t("club.due_late" if late else "club.due", code, day=a.due.isoformat())
                        + " · " + tn("classes.done_by", done, code, total=len(results)))
            st.caption(plain(task_words(a.task, code)))
            st.caption(plain(for_whom(a, names, code)))
            if results:
                st.dataframe(result_rows(a, results), hide_index=True)
            if st.session_state.get(EDIT) == a.id:
                edit_form(a)
                continue
            if st.session_state.get(DROP) != a.id:
                with st.container(horizontal=True):
                    st.button(t("classes.edit", code), key=f"classes_edit_{a.id}", on_click=open_edit,
                              args=(a,), icon=":material/edit:")
                    st.button(t("classes.remove_assignment", code), key=f"classes_drop_{a.id}",
                              on_click=ask_removal, args=(a.id,), icon=":material/delete:")
                continue
            st.warning(t("classes.remove_sure", code, title=plain(a.title)), icon=":material/warning:")
            with st.container(horizontal=True):
                st.button(t("classes.remove_yes", code), key=f"classes_drop_yes_{a.id}", type="primary",
                          on_click=remove_assignment, args=(a.id,), icon=":material/delete:")
                st.button(t("classes.remove_no", code), key=f"classes_drop_no_{a.id}",
                          on_click=ask_removal, args=(None,))
    if report.themes:
        st.subheader(t("classes.weak_themes", code))
        st.dataframe([{t("classes.col.theme", code): t(f"puzzles.tag.{s.tag}", code),
                       t("classes.col.answers", code): s.attempts,
                       t("classes.col.accuracy", code): percent(round(100 * s.accuracy), code)}
                      for s in report.themes[:8]], hide_index=True)
    if report.lessons:
        st.subheader(t("classes.weak_lessons", code))
        st.dataframe([{t("classes.col.lesson", code): lesson_title(s.lesson),
                       t("classes.col.finished", code): f"{s.finished} / {len(report.members)}",
                       t("classes.col.stars", code): "" if s.mean_stars is None else f"{s.mean_stars:.1f}",
                       t("classes.col.accuracy", code): percent(round(100 * s.accuracy), code) if s.answered
                       else ""} for s in report.lessons[:8]], hide_index=True)

    def results_csv() -> str:
        return store.results_csv(klass.id)

    private_download(t("classes.csv", code), results_csv, f"{file_stem(klass.name)}-results.csv",
                     key="classes_csv")
