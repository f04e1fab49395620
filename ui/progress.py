"""Progress: what the chosen learner has done, from the store. His rating over time;
accuracy and answer time per drill; puzzle themes, weakest first, each a link to
practise it; the days practised; the daily streak; the best timed runs; the review
queue. Settings: where the database is, and a learner's history exported and imported.

Every chart is drawn only when there is something to draw: a new learner reads what
will appear instead of empty axes."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from datetime import date, datetime, time, timedelta
from typing import Any, Optional

import plotly.graph_objects as go
import streamlit as st

from trainer.errors import TrainerError
from trainer.i18n import percent, t, tn
from trainer.store import (
    ENV,
    PARTS,
    Attempt,
    DrillDay,
    HistoryFileError,
    LearnerError,
    RatingPoint,
    RunRecord,
    Store,
    Streak,
    TagStat,
    clean_name,
)
from trainer.store.history import parse_history
from trainer.store.provisional import PROVISIONAL_RD
from ui.state import (
    database_location,
    database_setting,
    init_state,
    learner_id,
    open_store,
    operator_view,
    reason,
)
from ui.widgets import LEARNER, guard, plain, uploader_style

init_state()
LANG: str = st.session_state["lang"]
CALENDAR_WEEKS = 26
RECENT = 10
WEEKLY_AFTER = 42  # days of drill history after which the drill charts go by week
CONFIG = {"displayModeBar": False, "responsive": True, "scrollZoom": False}
DRILL_KINDS = ("total", "score", "round", "where")
COLOURS = {"total": "#1f77b4", "score": "#ff7f0e", "round": "#2ca02c", "where": "#9467bd"}


# ----- charts -----
def show(figure: go.Figure, key: str, alt: str, height: int = 260) -> None:
    """A chart sized for a phone: no toolbar, a small margin, the legend above the plot
    (below, it would cover the dates)."""
    figure.update_layout(height=height, margin={"l": 8, "r": 8, "t": 36, "b": 8}, dragmode=False,
                         legend={"orientation": "h", "yanchor": "bottom", "y": 1.02, "x": 0},
                         hoverlabel={"namelength": -1})
    st.plotly_chart(figure, key=key, config=CONFIG, alt=alt)


def day_axis(figure: go.Figure, first: date, last: date, timed: bool = False) -> None:
    """Dates on the x axis as days ("Nov 29"), never as times of day: a few days of data
    get the week up to the last of them, a tick a day (no day after it); a long span lets
    plotly choose. Points at midnight (days) get half a day after the last; points at a
    time of day (`timed`) get the whole last day, so one from its evening shows too."""
    figure.update_xaxes(type="date", tickformat=t("progress.day_format", LANG), hoverformat="%Y-%m-%d")
    if (last - first).days < 7:
        midnight = datetime.combine(last, time.min)
        end = midnight + (timedelta(days=1, seconds=-1) if timed else timedelta(hours=12))
        figure.update_xaxes(range=[midnight - timedelta(days=6, hours=12), end], dtick=86_400_000)


def local(when: datetime) -> datetime:
    return when.astimezone().replace(tzinfo=None)


def rating_chart(points: Sequence[RatingPoint]) -> None:
    st.subheader(t("progress.rating_title", LANG))
    if not points:
        st.write(t("progress.rating_empty", LANG))
        st.page_link("ui/puzzles.py", label=t("progress.to_rated", LANG), icon=":material/extension:",
                     query_params={"mode": "rated"})
        return
    times = [local(p.created_at) for p in points]
    ratings = [round(p.rating, 1) for p in points]
    figure = go.Figure()
    figure.add_scatter(x=times + times[::-1], y=[p.rating + p.rd for p in points]
                       + [p.rating - p.rd for p in points][::-1], fill="toself", mode="lines",
                       line={"width": 0}, fillcolor="rgba(31,119,180,0.15)", hoverinfo="skip",
                       name=t("progress.rating_band", LANG))
    figure.add_scatter(x=times, y=ratings, mode="lines+markers" if len(points) < 60 else "lines",
                       name=t("progress.rating", LANG), line={"color": "#1f77b4"},
                       hovertemplate="%{y:.0f}<extra></extra>")
    figure.update_yaxes(title=t("progress.rating", LANG))
    day_axis(figure, times[0].date(), times[-1].date(), timed=True)
    last = points[-1]
    show(figure, "chart_rating", t("progress.rating_alt", LANG, count=len(points), rating=round(last.rating),
                                   first=round(points[0].rating)))
    st.caption(tn("progress.rating_caption", len(points), LANG, rating=round(last.rating),
                 rd=round(last.rd)))


def by_period(days: Sequence[DrillDay], weekly: bool) -> list[DrillDay]:
    """Days summed into weeks (from Monday) when `weekly`: a day's few answers make a
    jagged line, a week's read as a trend. Mean times are weighted by answers."""
    if not weekly:
        return list(days)
    sums: defaultdict[tuple[str, date], list[float]] = defaultdict(lambda: [0, 0, 0.0, 0])
    for d in days:
        start = d.day - timedelta(days=d.day.weekday())
        total = sums[(d.kind, start)]
        total[0] += d.attempts
        total[1] += d.right
        if d.mean_seconds is not None:
            total[2] += d.mean_seconds * d.attempts
            total[3] += d.attempts
    return [DrillDay(start, kind, int(n), int(r), secs / timed if timed else None)
            for (kind, start), (n, r, secs, timed) in sorted(sums.items(), key=lambda item: item[0][1])]


def drill_charts(days: Sequence[DrillDay]) -> None:
    st.subheader(t("progress.drills_title", LANG))
    if not days:
        st.write(t("progress.drills_empty", LANG))
        st.page_link("ui/drills.py", label=t("progress.to_drills", LANG), icon=":material/timer:")
        return
    weekly = (days[-1].day - days[0].day).days > WEEKLY_AFTER
    period = t("progress.period.week" if weekly else "progress.period.day", LANG)
    accuracy, speed = go.Figure(), go.Figure()
    for kind in DRILL_KINDS:
        mine = by_period([d for d in days if d.kind == kind], weekly)
        if not mine:
            continue
        name = t(f"drill.{kind}.title", LANG)
        mode = "lines+markers" if len(mine) < 40 else "lines"
        style = {"color": COLOURS[kind]}
        accuracy.add_scatter(x=[d.day for d in mine], y=[round(100 * d.accuracy) for d in mine], name=name,
                             mode=mode, line=style, customdata=[[d.right, d.attempts] for d in mine],
                             hovertemplate=percent("%{y}", LANG) + " (%{customdata[0]}/%{customdata[1]})"
                             + "<extra>" + name + "</extra>")
        timed = [d for d in mine if d.mean_seconds is not None]
        if timed:
            speed.add_scatter(x=[d.day for d in timed], y=[round(d.mean_seconds or 0, 1) for d in timed],
                              name=name, mode=mode, line=style,
                              hovertemplate="%{y} s<extra>" + name + "</extra>")
    accuracy.update_yaxes(title=t("progress.accuracy_axis", LANG), range=[0, 105])
    day_axis(accuracy, days[0].day, days[-1].day)
    total = sum(d.attempts for d in days)
    right = sum(d.right for d in days)
    st.write(t("progress.accuracy_title", LANG, period=period))
    show(accuracy, "chart_drill_accuracy",
         t("progress.accuracy_alt", LANG, count=total, percent=round(100 * right / total), period=period))
    st.write(t("progress.speed_title", LANG, period=period))
    if speed.data:
        speed.update_yaxes(title=t("progress.speed_axis", LANG), rangemode="tozero")
        day_axis(speed, days[0].day, days[-1].day)
        show(speed, "chart_drill_speed", t("progress.speed_alt", LANG, period=period))
    else:
        st.caption(t("progress.speed_empty", LANG))


def tag_chart(tags: Sequence[TagStat]) -> None:
    st.subheader(t("progress.tags_title", LANG))
    if not tags:
        st.write(t("progress.tags_empty", LANG))
        st.page_link("ui/puzzles.py", label=t("progress.to_puzzles", LANG), icon=":material/extension:")
        return
    names = [t(f"puzzles.tag.{s.tag}", LANG) for s in tags]
    shares = [round(100 * s.accuracy) for s in tags]
    # a theme at 0% still gets a sliver of bar (and its count beside it), so it is not read as missing
    figure = go.Figure(go.Bar(
        x=[max(p, 1.5) for p in shares], y=names, orientation="h",
        text=[f"{percent(p, LANG)} ({s.right}/{s.attempts})" for p, s in zip(shares, tags)],
        textposition="outside", cliponaxis=False, customdata=shares,
        marker={"color": shares, "colorscale": "RdYlGn", "cmin": 0, "cmax": 100},
        hovertemplate="%{y}: %{text}<extra></extra>"))
    figure.update_yaxes(autorange="reversed", automargin=True)
    figure.update_xaxes(title=t("progress.accuracy_axis", LANG), range=[0, 125],
                        tickvals=[0, 25, 50, 75, 100])
    show(figure, "chart_tags", t("progress.tags_alt", LANG, weakest=names[0], percent=shares[0]),
         height=70 + 30 * len(tags))
    st.write(t("progress.practise_intro", LANG))
    for stat, name, share in zip(tags, names, shares):
        lost = "" if stat.mean_points_lost is None else t("progress.tag_lost", LANG,
                                                           points=f"{stat.mean_points_lost:.1f}")
        st.page_link("ui/puzzles.py", label=t("progress.practise", LANG, tag=name, percent=share,
                                              right=stat.right, attempts=stat.attempts, lost=lost),
                     icon=":material/extension:", query_params={"tag": stat.tag})


def calendar(days: Sequence[tuple[date, int]], every_day: int, today: date) -> None:
    """A heat map of the last weeks: a column a week (Monday at the top), a cell a day."""
    st.subheader(t("progress.calendar_title", LANG))
    if not every_day:
        st.write(t("progress.calendar_empty", LANG))
        return
    start = today - timedelta(days=today.weekday(), weeks=CALENDAR_WEEKS - 1)
    counts = dict(days)
    weeks = [start + timedelta(weeks=w) for w in range(CALENDAR_WEEKS)]
    z: list[list[Optional[int]]] = []
    text: list[list[str]] = []
    for weekday in range(7):
        row, labels = [], []
        for week in weeks:
            day = week + timedelta(days=weekday)
            row.append(counts.get(day, 0) if day <= today else None)
            labels.append(tn("progress.calendar_day", counts.get(day, 0), LANG, day=day.isoformat()))
        z.append(row)
        text.append(labels)
    top = max(counts.values(), default=1) or 1
    months = [w for i, w in enumerate(weeks) if i == 0 or w.month != weeks[i - 1].month]
    figure = go.Figure(go.Heatmap(
        z=z, x=weeks, y=[t(f"progress.weekday.{d}", LANG) for d in range(7)], text=text,
        hoverinfo="text", xgap=3, ygap=3, zmin=0, zmax=top, showscale=False,
        colorscale=[[0.0, "#e8eaed"], [0.001, "#c6e48b"], [0.5, "#7bc96f"], [1.0, "#196127"]]))
    figure.update_yaxes(autorange="reversed", fixedrange=True, showgrid=False)
    figure.update_xaxes(tickvals=months, ticktext=[t(f"progress.month.{m.month}", LANG) for m in months],
                        fixedrange=True, showgrid=False, ticks="")
    figure.update_layout(plot_bgcolor="rgba(0,0,0,0)")
    shown = sum(1 for d in counts if d >= start)
    show(figure, "chart_calendar", t("progress.calendar_alt", LANG, days=shown, weeks=CALENDAR_WEEKS),
         height=210)
    st.caption(tn("progress.calendar_caption", shown, LANG, weeks=CALENDAR_WEEKS,
                  total=tn("plural.days", every_day, LANG)))


def runs_table(runs: Sequence[RunRecord]) -> None:
    st.subheader(t("progress.runs_title", LANG))
    if not runs:
        st.write(t("progress.runs_empty", LANG))
        return
    columns = (t("progress.col.score", LANG), t("progress.col.right", LANG), t("progress.col.level", LANG),
               t("progress.col.when", LANG))
    st.dataframe([dict(zip(columns, (r.score, f"{r.right}/{r.answered}", r.level,
                                     local(r.created_at).strftime("%Y-%m-%d %H:%M")))) for r in runs],
                 hide_index=True)


def recent_table(recent: Sequence[Attempt]) -> None:
    columns = (t("progress.col.when", LANG), t("progress.col.part", LANG), t("progress.col.item", LANG),
               t("progress.col.result", LANG), t("progress.col.seconds", LANG))
    yes, no = t("progress.right_mark", LANG), t("progress.wrong_mark", LANG)
    st.dataframe([dict(zip(columns, (local(a.created_at).strftime("%Y-%m-%d %H:%M"),
                                     t(f"progress.part.{a.part}", LANG), a.item, yes if a.correct else no,
                                     None if a.seconds is None else round(a.seconds, 1))))
                  for a in recent], hide_index=True)


# ----- the session without a store or a learner -----
def session_summary() -> None:
    results: list[dict[str, Any]] = st.session_state["results"]
    if not results:
        return
    right = sum(bool(r["correct"]) for r in results)
    st.write(tn("progress.session", len(results), LANG, right=right))


# ----- settings -----
def import_history() -> None:
    """Callback of the import button: bring a history file in as a new learner and choose
    him; a malformed file, or a name already taken, changes nothing."""
    store = open_store()
    uploaded = st.session_state.get("progress_import_file")
    if store is None or uploaded is None:
        return
    name = " ".join(str(st.session_state.get("progress_import_name") or "").split()) or None
    try:
        text = uploaded.getvalue().decode("utf-8")
    except UnicodeDecodeError:
        st.session_state["progress_import"] = ("error", t("progress.import_not_text", LANG))
        return
    try:
        final = clean_name(name) if name is not None else parse_history(text, clean_name).name
        if store.find_learner(final) is not None:  # say what can be done: another name
            taken = t("progress.import_taken", LANG, name=plain(final))
            st.session_state["progress_import"] = ("error", taken)
            return
        new_id = store.import_learner(text, name=name)
        learner = store.learner(new_id)
        answers = sum(n for n, _ in store.counts(new_id).values())
    except HistoryFileError as error:
        st.session_state["progress_import"] = ("error", t("progress.import_bad", LANG, error=reason(error)))
        return
    except LearnerError as error:
        st.session_state["progress_import"] = ("error", t("progress.import_refused", LANG,
                                                          error=reason(error)))
        return
    except TrainerError as error:
        st.session_state["progress_import"] = ("error", t("progress.import_failed", LANG,
                                                          error=reason(error)))
        return
    st.session_state[LEARNER] = learner.name
    st.session_state["learner_id"] = learner.id
    done = tn("progress.imported", answers, LANG, name=plain(learner.name))
    st.session_state["progress_import"] = ("success", done)


def file_name(name: str) -> str:
    return "allfives-" + (re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-") or "learner") + ".json"


def settings(store: Optional[Store], learner: Optional[int], name: str) -> None:
    st.subheader(t("progress.settings", LANG))
    if operator_view():  # where the database is: for whoever runs the trainer, not for learners
        st.write(t("progress.location", LANG, env=ENV))
        st.code(store.location if store is not None else database_location(database_setting()), language=None)
    if store is None:
        return
    if learner is not None:
        def export() -> str:
            return store.export_learner(learner)

        st.download_button(t("progress.export", LANG), data=export, file_name=file_name(name),
                           mime="application/json", key="progress_export", on_click="ignore",
                           icon=":material/download:")
        st.caption(t("progress.export_help", LANG))
    st.file_uploader(t("progress.import_file", LANG), key="progress_import_file")  # any file: a wrong
    # one gets this page's words, not the picker's English refusal
    uploader_style(LANG, {"progress_import_file": t("progress.import_note", LANG)})
    st.text_input(t("progress.import_name", LANG), key="progress_import_name",
                  placeholder=t("progress.import_name_placeholder", LANG))
    st.button(t("progress.import", LANG), key="progress_import_button", on_click=import_history,
              icon=":material/upload:")
    outcome = st.session_state["progress_import"]
    if outcome:
        (st.success if outcome[0] == "success" else st.error)(outcome[1])
        st.session_state["progress_import"] = None


# ----- the page -----
def metrics(answers: int, right: int, rating: float, rd: float, games: int, streak: Streak,
            due: int, queue: int) -> None:
    with st.container(horizontal=True, gap="small"):
        st.metric(t("progress.metric_answers", LANG), answers,
                  delta=t("progress.metric_right", LANG, percent=round(100 * right / answers)) if answers
                  else t("progress.metric_none", LANG), delta_color="off", delta_arrow="off", border=True,
                  width=150)
        rd_key = "progress.metric_provisional" if rd >= PROVISIONAL_RD else "progress.metric_rd"
        st.metric(t("progress.metric_rating", LANG), round(rating),
                  delta=t(rd_key, LANG, rd=round(rd), games=games), delta_color="off",
                  delta_arrow="off", border=True, width=150)
        st.metric(t("progress.metric_streak", LANG), streak.current,
                  delta=t("progress.metric_best", LANG, best=streak.best), delta_color="off",
                  delta_arrow="off", border=True, width=150)
        st.metric(t("progress.metric_review", LANG), due,
                  delta=t("progress.metric_queue", LANG, count=queue), delta_color="off", delta_arrow="off",
                  border=True, width=150)


def parts_table(counts: dict[str, tuple[int, int]]) -> None:
    columns = (t("progress.col.part", LANG), t("progress.col.answers", LANG), t("progress.col.right", LANG),
               t("progress.col.percent", LANG))
    st.dataframe([dict(zip(columns, (t(f"progress.part.{part}", LANG), counts[part][0], counts[part][1],
                                     percent(round(100 * counts[part][1] / counts[part][0]), LANG))))
                  for part in PARTS if part in counts], hide_index=True)


def page() -> None:
    st.title(t("progress.title", LANG))
    store = open_store()
    learner = learner_id()
    if store is None:
        st.info(t("progress.no_store", LANG), icon=":material/database:")
        session_summary()
        settings(None, None, "")
        return
    if learner is None:
        st.info(t("progress.no_learner", LANG), icon=":material/person:")
        session_summary()
        settings(store, None, "")
        return
    today = date.today()
    try:
        me = store.learner(learner)
        counts = store.counts(learner)
        streak = store.daily_streak(learner, today)
        due = len(store.due_reviews(learner))
        queue = len(store.review_queue(learner))
        ratings = store.rating_history(learner)
        drills = store.drill_stats(learner)
        tags = store.tag_stats(learner)
        start = today - timedelta(days=today.weekday(), weeks=CALENDAR_WEEKS - 1)
        days = store.practice_days(learner, since=start)
        every_day = len(store.practice_days(learner))
        runs = store.best_runs(learner, limit=5)
        recent = store.recent_attempts(learner, limit=RECENT)
    except TrainerError as error:
        guard(error)
        settings(store, None, "")
        return
    st.caption(t("progress.for_learner", LANG, name=plain(me.name)))
    answers = sum(n for n, _ in counts.values())
    right = sum(r for _, r in counts.values())
    metrics(answers, right, me.rating.rating, me.rating.rd, me.rated_games, streak, due, queue)
    if not answers and not runs:
        st.info(t("progress.empty", LANG, name=plain(me.name)), icon=":material/insights:")
        with st.container(horizontal=True):
            st.page_link("ui/learn.py", label=t("progress.to_learn", LANG), icon=":material/school:")
            st.page_link("ui/drills.py", label=t("progress.to_drills", LANG), icon=":material/timer:")
            st.page_link("ui/puzzles.py", label=t("progress.to_puzzles", LANG), icon=":material/extension:")
        settings(store, learner, me.name)
        return
    parts_table(counts)
    st.caption(tn("progress.streak_caption", streak.current, LANG, best=streak.best))
    if queue:
        st.page_link("ui/puzzles.py", label=t("progress.to_review", LANG, due=due, count=queue),
                     icon=":material/replay:", query_params={"mode": "review"})
    rating_chart(ratings)
    drill_charts(drills)
    tag_chart(tags)
    calendar(days, every_day, today)
    runs_table(runs)
    with st.expander(tn("progress.recent_title", min(RECENT, answers), LANG)):
        recent_table(recent)
    settings(store, learner, me.name)


page()
