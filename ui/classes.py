"""The Classes page of club mode (teachers only): his classes, their learners (made
here with first passwords to hand out, or joining by the class's code), assignments
(lessons, a drill with a target, a set of puzzles, practice goals against the solver,
each due by a day), and the results: per assignment and learner done / right / time /
helped (and each practice goal's stars), the class's weakest themes and lessons, all
of it as CSV.

Every call goes through the store as the teacher sees it: a class, assignment or
learner of another teacher's is "not found", whatever the address says."""

from __future__ import annotations

import random
from datetime import date, timedelta
from typing import Optional

import streamlit as st

from trainer.errors import TrainerError
from trainer.i18n import join, t, tn
from trainer.puzzles.bank import shipped
from trainer.puzzles.themes import TAGS
from trainer.store import Klass, ScopedStore, Task
from trainer.store.assignments import ITEMS_LIMIT, TARGET_LIMIT
from trainer.store.classes import file_stem, passwords_csv
from trainer.teach.course import COURSE_IDS
from trainer.teach.drills import KINDS, LEVELS
from trainer.teach.practice import practice_items
from ui.assigned import FORM_KEYS, WIDEST, due_problem, learners_field, say, show_note
from ui.class_overview import overview_section
from ui.class_results import results_section
from ui.club import lesson_title, practice_name
from ui.download import private_download
from ui.state import init_state, open_store, plain, reason
from ui.widgets import guard

init_state()
LANG: str = st.session_state["lang"]
PICK = "classes_pick"
BANDS = (400, 2600)
PRACTICE_IDS = tuple(item.id for item in practice_items())


def chosen_class(store: ScopedStore, mine: tuple[Klass, ...]) -> Optional[Klass]:
    """The class shown: the address's ?class= when it is one of his, else the picker's."""
    ids = {k.id: k for k in mine}
    wanted = st.query_params.get("class")
    if wanted is not None:
        number = int(wanted) if wanted.isascii() and wanted.isdigit() and len(wanted) < 10 else None
        if number in ids:
            st.session_state[PICK] = number
        else:
            del st.query_params["class"]
    if st.session_state.get(PICK) not in ids:
        st.session_state[PICK] = mine[0].id if mine else None
    if not mine:
        return None
    st.selectbox(t("classes.pick", LANG), list(ids), key=PICK, format_func=lambda i: ids[i].name)
    st.query_params["class"] = str(st.session_state[PICK])
    return ids[st.session_state[PICK]]


# ----- callbacks -----
def make_class() -> None:
    store = open_store()
    name = str(st.session_state.get("classes_new_name") or "")
    st.session_state["classes_new_name"] = ""
    if not isinstance(store, ScopedStore):
        return
    try:
        klass = store.create_class(name)
    except TrainerError as error:
        say("error", t("classes.refused", LANG, error=reason(error)))
        return
    st.session_state[PICK] = klass.id
    st.query_params["class"] = str(klass.id)
    say("success", t("classes.made", LANG, name=plain(klass.name)))


def add_learners(class_id: int) -> None:
    store = open_store()
    text = str(st.session_state.get("classes_names") or "")
    if not isinstance(store, ScopedStore):
        return
    names = [" ".join(line.split()) for line in text.splitlines()]  # one a line: "Smith, Jo" is one
    names = [n for n in names if n]
    try:
        made = store.add_learners(class_id, names)
    except TrainerError as error:
        say("error", t("classes.refused", LANG, error=reason(error)))
        return
    st.session_state["classes_names"] = ""
    st.session_state["classes_passwords"] = [(a.name, word) for a, word in made]
    # a name already taken got a number: said, with each name as typed and as made
    st.session_state["classes_renamed"] = [(typed, a.name) for typed, (a, _) in zip(names, made)
                                           if a.name != typed]


def reset_password(class_id: int) -> None:
    store = open_store()
    account_id = st.session_state.get("classes_reset_pick")
    if not isinstance(store, ScopedStore) or not isinstance(account_id, int):
        return
    try:
        word = store.reset_password(class_id, account_id)
        name = next(m.name for m in store.members(class_id) if m.id == account_id)
    except (TrainerError, StopIteration) as error:
        say("error", t("classes.refused", LANG, error=reason(error)))
        return
    st.session_state["classes_passwords"] = [(name, word)]
    st.session_state["classes_renamed"] = None


def remove_member(class_id: int) -> None:
    store = open_store()
    account_id = st.session_state.get("classes_remove_pick")
    if not isinstance(store, ScopedStore) or not isinstance(account_id, int):
        return
    try:
        store.remove_member(class_id, account_id)
    except TrainerError as error:
        say("error", t("classes.refused", LANG, error=reason(error)))
        return
    say("success", t("classes.removed", LANG))


def new_code(class_id: int) -> None:
    store = open_store()
    if isinstance(store, ScopedStore):
        try:
            store.new_code(class_id)
        except TrainerError as error:
            say("error", t("classes.refused", LANG, error=reason(error)))


# ----- a new assignment -----
def drill_name(kind: str) -> str:
    return t(f"drill.{kind}.title", LANG)


def chosen_task() -> tuple[Optional[Task], str]:
    """The task the form describes and the title it gets unless one is typed; None
    with the reason when it is not complete."""
    s = st.session_state
    kind = s.get("classes_kind", "lessons")
    if kind == "lessons":
        lessons = tuple(x for x in s.get("classes_lessons") or () if x in COURSE_IDS)  # the course's only
        if not lessons:
            return None, t("classes.need_lessons", LANG)
        return Task("lessons", lessons=lessons), ", ".join(lesson_title(x) for x in lessons)[:120]
    if kind == "drill":
        drill, level, target = s.get("classes_drill", KINDS[0]), s.get("classes_level", 1), \
            s.get("classes_target", 20)
        if drill not in KINDS or level not in LEVELS or type(target) is not int:
            return None, t("classes.need_drill", LANG)  # only a drill and level a learner can open
        title = t("classes.drill_title", LANG, drill=drill_name(drill), level=level, target=target)
        return Task("drill", drill=drill, level=level, target=target), title
    if kind == "practice":
        goals = tuple(g for g in s.get("classes_goals") or () if g in PRACTICE_IDS)
        if not goals:
            return None, t("classes.need_goals", LANG)
        return Task("practice", goals=goals), tn("classes.practice_title", len(goals), LANG)
    if s.get("classes_puzzle_way", "theme") == "ids":
        typed = str(s.get("classes_ids") or "").replace(",", " ").split()
        ids = tuple(dict.fromkeys(typed))
        if not ids:
            return None, t("classes.need_ids", LANG)
        known = {p.id for p in shipped()}
        unknown = [x for x in ids if x not in known]
        if unknown:
            return None, t("classes.unknown_ids", LANG, ids=plain(" ".join(unknown[:5])[:80]))
        if len(ids) > ITEMS_LIMIT:
            return None, tn("classes.too_many", ITEMS_LIMIT, LANG)
        return Task("puzzles", puzzles=ids), tn("classes.puzzles_title", len(ids), LANG)
    theme = s.get("classes_theme", "")
    low, high = s.get("classes_band", BANDS)
    count = int(s.get("classes_count", 5))
    pool = [p.id for p in shipped() if (not theme or theme in p.tags) and low <= p.rating <= high]
    if not pool:
        return None, t("classes.no_puzzles", LANG)
    picked = random.Random(f"{theme}:{low}:{high}:{count}:{date.today()}").sample(pool, min(count, len(pool)))
    return Task("puzzles", puzzles=tuple(picked)), tn("classes.theme_title", len(picked), LANG,
                                                       theme=theme_name(theme), low=low, high=high)


def assign(class_id: int) -> None:
    store = open_store()
    if not isinstance(store, ScopedStore):
        return
    learners = [a for a in st.session_state.get("classes_learners") or () if type(a) is int]
    task, title = chosen_task()
    if task is None:
        say("error", title)
        return
    typed = " ".join(str(st.session_state.get("classes_title") or "").split())
    due = st.session_state.get("classes_due")
    problem = due_problem(due, LANG)
    if problem is not None or not isinstance(due, date):  # nothing is made until the day is right
        say("error", problem or "")
        return
    try:
        made = store.assign(class_id, typed or title, task, due, learners=learners)
    except TrainerError as error:
        say("error", t("classes.refused", LANG, error=reason(error)))
        return
    for key in FORM_KEYS:  # the form starts again from its defaults
        st.session_state.pop(key, None)
    say("success", t("classes.assigned", LANG, title=plain(made.title), day=made.due.isoformat()))


def theme_name(tag: str) -> str:
    return t(f"puzzles.tag.{tag}", LANG) if tag else t("classes.any_theme", LANG)


def assignment_form(klass: Klass) -> None:
    st.subheader(t("classes.new_assignment", LANG))
    kinds = {"lessons": t("classes.kind.lessons", LANG), "drill": t("classes.kind.drill", LANG),
             "puzzles": t("classes.kind.puzzles", LANG), "practice": t("classes.kind.practice", LANG)}
    st.segmented_control(t("classes.kind", LANG), list(kinds), key="classes_kind", default="lessons",
                         format_func=kinds.__getitem__, required=True)
    kind = st.session_state.get("classes_kind") or "lessons"
    if kind == "lessons":
        st.multiselect(t("classes.lessons", LANG), list(COURSE_IDS), key="classes_lessons",
                       format_func=lesson_title, max_selections=ITEMS_LIMIT)
    elif kind == "practice":
        st.multiselect(t("classes.goals", LANG), list(PRACTICE_IDS), key="classes_goals",
                       format_func=lambda g: practice_name(g, LANG), max_selections=ITEMS_LIMIT,
                       placeholder=t("classes.goals_placeholder", LANG))
        st.caption(t("classes.goals_help", LANG))
    elif kind == "drill":
        with st.container(horizontal=True):
            st.selectbox(t("drills.pick", LANG), list(KINDS), key="classes_drill", format_func=drill_name)
            st.selectbox(t("drills.level", LANG), list(LEVELS), key="classes_level")
            st.number_input(t("classes.target", LANG), min_value=1, max_value=TARGET_LIMIT, value=20,
                            key="classes_target")
    else:
        ways = {"theme": t("classes.by_theme", LANG), "ids": t("classes.by_id", LANG)}
        st.radio(t("classes.puzzle_way", LANG), list(ways), key="classes_puzzle_way",
                 format_func=ways.__getitem__, horizontal=True)
        if st.session_state.get("classes_puzzle_way", "theme") == "ids":
            st.text_area(t("classes.ids", LANG), key="classes_ids", max_chars=2000,
                         placeholder=t("classes.ids_placeholder", LANG))
        else:
            themes = ["", *sorted(TAGS)]
            st.selectbox(t("classes.theme", LANG), themes, key="classes_theme", format_func=theme_name)
            st.slider(t("classes.band", LANG), BANDS[0], BANDS[1], value=(900, 1500), step=50,
                      key="classes_band")
            st.number_input(t("classes.count", LANG), min_value=1, max_value=20, value=5, key="classes_count")
    task, title = chosen_task()
    st.text_input(t("classes.title", LANG), key="classes_title", max_chars=120,
                  placeholder=title if task is not None else "")
    # the field's own bounds are wide: the days allowed are checked here, and said in the page's language
    st.date_input(t("classes.due", LANG), value=date.today() + timedelta(days=7), min_value=WIDEST[0],
                  max_value=WIDEST[1], key="classes_due")
    problem = due_problem(st.session_state.get("classes_due"), LANG)
    if problem is not None:
        st.error(problem, icon=":material/event_busy:")
    learners_field(klass.id, "classes_learners")
    st.button(t("classes.assign", LANG), key="classes_assign", type="primary", on_click=assign,
              args=(klass.id,), icon=":material/assignment_add:")


# ----- learners -----
def learners_section(store: ScopedStore, klass: Klass) -> None:
    try:
        members = store.members(klass.id)
    except TrainerError as error:
        guard(error)
        return
    st.write(t("classes.code", LANG, code=f"`{klass.code[:4]} {klass.code[4:]}`"))
    st.button(t("classes.new_code", LANG), key="classes_new_code", on_click=new_code, args=(klass.id,),
              icon=":material/refresh:")
    handed = st.session_state.get("classes_passwords")
    if handed:
        with st.container(border=True):
            st.write(t("classes.passwords", LANG))
            renamed = st.session_state.get("classes_renamed")
            if renamed:
                names = join([f"{a} → {b}" for a, b in renamed], LANG)
                st.info(t("classes.renamed", LANG, names=plain(names)), icon=":material/badge:")
            st.dataframe([{t("classes.col.learner", LANG): n, t("classes.col.password", LANG): w}
                          for n, w in handed], hide_index=True)
            def passwords_file() -> str:
                """Made when the teacher clicks, in his session, and saved by his browser alone."""
                return passwords_csv(handed)

            private_download(t("classes.passwords_csv", LANG), passwords_file,
                             f"{file_stem(klass.name)}-passwords.csv", key="classes_passwords_csv")
            if st.button(t("classes.passwords_done", LANG), key="classes_passwords_done"):
                st.session_state["classes_passwords"] = None
                st.session_state["classes_renamed"] = None
                st.rerun()
    with st.form("classes_add", border=True):
        st.text_area(t("classes.names", LANG), key="classes_names", max_chars=8000,
                     placeholder=t("classes.names_placeholder", LANG))
        st.form_submit_button(t("classes.add", LANG), on_click=add_learners, args=(klass.id,),
                              icon=":material/person_add:")
    if not members:
        return
    st.dataframe([{t("classes.col.learner", LANG): m.name} for m in members], hide_index=True)
    names = {m.id: m.name for m in members}
    mine = {m.id: m.name for m in store.resettable(klass.id)}  # a learner who joined by code keeps his own
    if mine:
        with st.container(horizontal=True, vertical_alignment="bottom"):
            st.selectbox(t("classes.reset_pick", LANG), list(mine), key="classes_reset_pick",
                         format_func=mine.__getitem__)
            st.button(t("classes.reset", LANG), key="classes_reset", on_click=reset_password,
                      args=(klass.id,), icon=":material/key:")
    with st.container(horizontal=True, vertical_alignment="bottom"):
        st.selectbox(t("classes.remove_pick", LANG), list(names), key="classes_remove_pick",
                     format_func=names.__getitem__)
        st.button(t("classes.remove", LANG), key="classes_remove", on_click=remove_member, args=(klass.id,),
                  icon=":material/person_remove:")


def page() -> None:
    st.title(t("classes.heading", LANG))
    store = open_store()
    if not isinstance(store, ScopedStore) or store.role != "teacher":
        st.info(t("classes.teachers_only", LANG))
        return
    show_note()
    try:
        mine = store.classes()
    except TrainerError as error:
        guard(error)
        return
    klass = chosen_class(store, mine)
    with st.expander(t("classes.new", LANG), expanded=not mine):
        with st.form("classes_make", border=False):
            st.text_input(t("classes.name", LANG), key="classes_new_name", max_chars=60)
            st.form_submit_button(t("classes.make", LANG), on_click=make_class, icon=":material/add:")
    if klass is None:
        return
    # the tab open stays open across reruns (adding learners, assigning), and only its
    # part of the page runs
    results, weeks, assignments, learners = st.tabs(
        [t("classes.tab.results", LANG), t("classes.tab.weeks", LANG), t("classes.tab.assign", LANG),
         t("classes.tab.learners", LANG)], key="classes_tab", on_change="rerun")
    if results.open:
        with results:
            results_section(store, klass)
    if weeks.open:
        with weeks:
            overview_section(store, klass)
    if assignments.open:
        with assignments:
            assignment_form(klass)
    if learners.open:
        with learners:
            learners_section(store, klass)


page()
