"""A teacher's page of one learner of his class (club mode): the class's assignments
with his results (late ones marked), his answers week by week, his weakest puzzle
themes. The address names the class and the learner (?class=C&member=A, an account
id); a class or learner out of the teacher's reach is refused in plain words, and
nothing of it is shown."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Optional

import streamlit as st

from trainer.errors import TrainerError
from trainer.i18n import percent, t
from trainer.store import ScopedStore
from ui.assigned import late_mark, task_words
from ui.state import init_state, open_store, plain

init_state()
LANG: str = st.session_state["lang"]
WEEKS = 8


def address_id(name: str) -> Optional[int]:
    """A number of the address, or None."""
    text = st.query_params.get(name) or ""
    return int(text) if text.isascii() and text.isdigit() and len(text) < 10 else None


def page() -> None:
    st.title(t("learner_page.heading", LANG))
    store = open_store()
    if not isinstance(store, ScopedStore) or store.role != "teacher":
        st.info(t("classes.teachers_only", LANG))
        return
    class_id, member_id = address_id("class"), address_id("member")
    try:
        if class_id is None or member_id is None:
            raise TrainerError("no learner named")
        klass = store.klass(class_id)
        member = store.member(class_id, member_id)
        report = store.class_report(class_id)
        first = date.today() - timedelta(weeks=WEEKS - 1)
        weeks = store.member_weeks(class_id, member_id, first, WEEKS)
        themes = store.tag_stats(member.learner_id)
    except TrainerError:
        st.error(t("learner_page.refused", LANG), icon=":material/block:")
        return
    st.subheader(plain(member.name))
    st.page_link("ui/classes.py", label=t("learner_page.back", LANG, name=plain(klass.name)),
                 query_params={"class": str(klass.id)}, icon=":material/arrow_back:")
    st.markdown(f"#### {t('learner_page.assignments', LANG)}")
    rows = []
    today = date.today()
    for a in report.assignments:
        mine = [r for r in report.results.get(a.id, ()) if r.learner_id == member.learner_id]
        if not mine:
            continue
        r = mine[0]
        rows.append({t("learner_page.col.assignment", LANG): a.title,
                     t("learner_page.col.asks", LANG): task_words(a.task, LANG),
                     t("classes.due", LANG): a.due.isoformat(),
                     t("classes.col.done", LANG): "✔" if r.done else "",
                     t("classes.col.progress", LANG): f"{r.progress} / {r.total}",
                     t("classes.col.late", LANG): late_mark(a, r, LANG, today)})
    if rows:
        st.dataframe(rows, hide_index=True)
    else:
        st.info(t("classes.no_assignments", LANG), icon=":material/assignment:")
    st.markdown(f"#### {t('learner_page.weeks', LANG)}")
    st.dataframe([{t("classes.col.week", LANG): w.start.isoformat(),
                   t("classes.col.answers", LANG): w.answers,
                   t("classes.col.accuracy", LANG): percent(round(100 * w.accuracy), LANG) if w.answers
                   else ""} for w in reversed(weeks)], hide_index=True)
    st.markdown(f"#### {t('learner_page.themes', LANG)}")
    if themes:
        st.dataframe([{t("classes.col.theme", LANG): t(f"puzzles.tag.{s.tag}", LANG),
                       t("classes.col.answers", LANG): s.attempts,
                       t("classes.col.accuracy", LANG): percent(round(100 * s.accuracy), LANG)}
                      for s in themes[:5]], hide_index=True)
    else:
        st.caption(t("learner_page.no_themes", LANG))


page()
