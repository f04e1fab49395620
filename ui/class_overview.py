"""The Classes page's overview of a class over weeks (`ui.classes`): per learner and
week his answers, the share right, and the assignments due that week that he has
done; each learner's name opens his page (`ui/class_learner.py`)."""

from __future__ import annotations

from datetime import date, timedelta

import streamlit as st

from trainer.errors import TrainerError
from trainer.i18n import percent, t
from trainer.store import Klass, ScopedStore
from trainer.store.weeks import week_start
from ui.state import lang, plain
from ui.widgets import guard

WEEKS = 6


def overview_section(store: ScopedStore, klass: Klass) -> None:
    code = lang()
    first = date.today() - timedelta(weeks=WEEKS - 1)
    try:
        report = store.class_report(klass.id)
        weeks = store.class_weeks(klass.id, first, WEEKS)
    except TrainerError as error:
        guard(error)
        return
    if not report.members:
        st.info(t("classes.no_members", code), icon=":material/group_add:")
        return
    st.caption(t("classes.weeks_help", code))
    rows = []
    for m in report.members:
        row = {t("classes.col.learner", code): m.name}
        for w in reversed(weeks.get(m.learner_id, [])):
            due = [a for a in report.assignments if week_start(a.due) == w.start and a.is_for(m.id)]
            done = sum(1 for a in due for r in report.results.get(a.id, ())
                       if r.learner_id == m.learner_id and r.done)
            share = percent(round(100 * w.accuracy), code) if w.answers else "–"
            row[t("classes.col.week_of", code, day=w.start.isoformat())] = \
                f"{w.answers} · {share} · {done}/{len(due)}"
        rows.append(row)
    st.dataframe(rows, hide_index=True)
    st.write(t("classes.open_learner", code))
    with st.container(horizontal=True):
        for m in report.members:
            st.page_link("ui/class_learner.py", label=plain(m.name), icon=":material/person:",
                         query_params={"class": str(klass.id), "member": str(m.id)})
