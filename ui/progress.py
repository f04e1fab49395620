"""Progress: what the chosen learner has done, from the store. His rating over time;
accuracy and answer time per drill; puzzle themes, weakest first, each a link to
practise it; the days practised; the daily streak; the best timed runs; the review
queue. Settings: where the database is, and a learner's history exported and imported.

Every chart is drawn only when there is something to draw: a new learner reads what
will appear instead of empty axes. The charts are drawn from the store's sums (the
rating at each day's end, the drills day by day or week by week; over a history of
fewer than seven days, puzzle by puzzle and a few answers at a time) as plotly figures
(ui/plots.py), interactive, in tabs of which only the open one is drawn, so that the page
opens its first chart soon after its text, a year of history (50,000 answers) included
(benchmarks/app_speed.py --only progress); the calendar is a drawing (ui/charts.py)."""

from __future__ import annotations

import math
import os
import re
import tempfile
from collections import defaultdict
from collections.abc import Callable, Sequence
from datetime import date, datetime, timedelta
from typing import Any, BinaryIO, Optional, Union

import plotly.graph_objects as go
import streamlit as st

from trainer.errors import TrainerError
from trainer.i18n import localized, percent, t, tn
from trainer.puzzles.bank import catalogue
from trainer.puzzles.themes import TAGS
from trainer.store import (
    ENV,
    PARTS,
    Attempt,
    DrillBlock,
    DrillDay,
    HistoryFileError,
    HistoryNotTextError,
    LearnerError,
    NameTakenError,
    RatingDay,
    RunRecord,
    Store,
    Streak,
    TagStat,
)
from trainer.store.assignments import PRACTICE_ITEM
from trainer.store.provisional import PROVISIONAL_RD
from trainer.teach.course import COURSE_IDS, course_title
from trainer.teach.drills import KINDS
from ui import kept_hands
from ui.charts import NARROW, WIDE, calendar_grid
from ui.club import practice_name
from ui.download import private_download
from ui.plots import CONFIG, DrillLine, day_words, drill_figure, queue_figure, rating_figure, themes_figure
from ui.state import (
    club_mode,
    database_location,
    database_setting,
    init_state,
    learner_id,
    open_store,
    operator_view,
    reason,
)
from ui.widgets import LEARNER, board_image, guard, plain, uploader_style

init_state()
LANG: str = st.session_state["lang"]
CALENDAR_WEEKS = 26
RECENT = 10
WEEKLY_AFTER = 42  # days of drill history after which the drill charts go by week
FEW_DAYS = 7  # a history of fewer days is drawn by attempt: a day's points would stack on one date
ATTEMPT_POINTS = 1000  # rated puzzles drawn one by one at most
BLOCK = 10  # drill answers summed into one point at most while the days are few
POINTS = 8  # points a drill's line has at least, over few days, while its answers allow
DRILL_KINDS = KINDS


# ----- charts: plotly figures (ui/plots.py), one drawn at a time, its tab's -----
CHARTS = ("summary", "rating", "drills", "themes", "queue")
QUEUE_DAYS = 14  # the review queue's chart: the coming two weeks


def chart(figure: go.Figure, key: str, summary: str) -> None:
    """A figure drawn the width of the column, its summary said first (read by a screen
    reader and by whoever does not point at the points) and given as its text alternative."""
    st.write(summary)
    st.plotly_chart(figure, key=key, config=CONFIG, theme=None, alt=summary)


def local(when: datetime) -> datetime:
    return when.astimezone().replace(tzinfo=None)


def months() -> list[str]:
    return [t(f"progress.month.{m}", LANG) for m in range(1, 13)]


def figure_words(value: float, places: int = 0) -> str:
    """A figure as the language writes it: "2,5" in Spanish, "2.5" in English."""
    return str(localized(f"{value:.{places}f}", LANG))


def seconds_words(value: float) -> str:
    """An answer time as the language writes it: "2,5 s" in Spanish, "2.5 s" in English."""
    return t("progress.speed_value", LANG, seconds=figure_words(value, 1))


def rating_chart(days: Sequence[RatingDay], store: Store, learner: int) -> None:
    """The rating with its ± band: rated puzzle by rated puzzle while the history spans
    fewer than FEW_DAYS days (a day's points would stack on one date), else day by day
    (the rating at each day's end, from the store's sums). A point's hover names the
    puzzle and its rating, or the day and how many were rated on it."""
    if not days:
        st.write(t("progress.rating_empty", LANG))
        st.page_link("ui/puzzles.py", label=t("progress.to_rated", LANG), icon=":material/extension:",
                     query_params={"mode": "rated"})
        return
    rated = sum(d.rated for d in days)
    xs: list[Union[date, float]]
    if len(days) < FEW_DAYS:
        points = store.rating_history(learner)[-ATTEMPT_POINTS:]
        first = rated - len(points) + 1
        xs = [float(n) for n in range(first, rated + 1)]
        ratings, rds = [p.rating for p in points], [p.rd for p in points]
        bank = catalogue()
        hovers = []
        for n, p in zip(range(first, rated + 1), points):
            puzzle = bank.find(p.puzzle_id)
            day = day_words(local(p.created_at).date(), LANG)
            hovers.append(t("progress.hover.rating_attempt", LANG, n=n, day=day,
                            puzzle=p.puzzle_id, level="?" if puzzle is None else puzzle.rating,
                            rating=round(p.rating), rd=round(p.rd)))
        summary = t("progress.rating_alt", LANG, count=rated, rating=round(ratings[-1]),
                    first=round(ratings[0]))
        axis = t("progress.rating_axis_attempt", LANG)
    else:
        xs = [d.day for d in days]
        ratings, rds = [d.rating for d in days], [d.rd for d in days]
        hovers = [tn("progress.hover.rating_day", d.rated, LANG, day=day_words(d.day, LANG),
                     rating=round(d.rating), rd=round(d.rd)) for d in days]
        summary = t("progress.rating_alt_days", LANG, days=len(days), rating=round(ratings[-1]),
                    first=round(ratings[0]))
        axis = ""
    chart(rating_figure(xs, ratings, rds, hovers, LANG, axis), "chart_rating", summary)
    st.caption(tn("progress.rating_caption", rated, LANG, rating=round(ratings[-1]), rd=round(rds[-1]))
               + " " + t("progress.rating_key", LANG))


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


Period = Union[DrillDay, DrillBlock]


def drill_line(kind: str, items: Sequence[Period], size: int, few: bool, weekly: bool) -> DrillLine:
    """One drill's points: by day or week, each point's own share right; over few days,
    by blocks of `size` answers, the share right of all the answers so far (a handful
    of answers a point would only swing between 0 and 100 %)."""
    name = t(f"drill.{kind}.title", LANG)
    xs: list[Union[date, float]] = []
    shares: list[float] = []
    hovers: list[str] = []
    right = answered = 0
    for item in items:
        right, answered = right + item.right, answered + item.attempts
        time = "" if item.mean_seconds is None else t("progress.hover.mean_time", LANG,
                                                        time=seconds_words(item.mean_seconds))
        if isinstance(item, DrillBlock):
            last = item.block * size + item.attempts
            xs.append(float(last))
            shares.append(float(round(100 * right / answered)))
            hovers.append(t("progress.hover.drill_block", LANG, drill=name, first=item.block * size + 1,
                            last=last, right=right, n=answered,
                            percent=percent(int(shares[-1]), LANG)) + time)
        else:
            xs.append(item.day)
            shares.append(float(round(100 * item.accuracy)))
            when = (t("progress.hover.week_of", LANG, day=day_words(item.day, LANG)) if weekly
                    else day_words(item.day, LANG))
            hovers.append(t("progress.hover.drill_day", LANG, drill=name, when=when, right=item.right,
                            n=item.attempts, percent=percent(int(shares[-1]), LANG)) + time)
    seconds = tuple(None if item.mean_seconds is None else float(item.mean_seconds) for item in items)
    return DrillLine(kind, name, tuple(xs), tuple(shares), seconds, tuple(hovers))


def drill_charts(days: Sequence[DrillDay], store: Store, learner: int) -> None:
    """Accuracy and answer time of each drill in two linked panels: day by day (week by
    week past WEEKLY_AFTER days), or, while the drills span fewer than FEW_DAYS days,
    by blocks of BLOCK answers in the order given."""
    if not days:
        st.write(t("progress.drills_empty", LANG))
        st.page_link("ui/drills.py", label=t("progress.to_drills", LANG), icon=":material/timer:")
        return
    few = len({d.day for d in days}) < FEW_DAYS
    weekly = not few and (days[-1].day - days[0].day).days > WEEKLY_AFTER
    per_kind: defaultdict[str, int] = defaultdict(int)
    for d in days:
        per_kind[d.kind] += d.attempts
    # over few days, about POINTS points a drill: blocks of up to BLOCK answers
    size = min(BLOCK, max(1, math.ceil(max(per_kind.values()) / POINTS)))
    if few:
        period = tn("progress.period.block", size, LANG)
    else:
        period = t("progress.period.week" if weekly else "progress.period.day", LANG)
    series: defaultdict[str, list[Period]] = defaultdict(list)
    if few:
        for block in store.drill_blocks(learner, size=size):
            series[block.kind].append(block)
    else:
        for kind in DRILL_KINDS:
            mine = by_period([d for d in days if d.kind == kind], weekly)
            if mine:
                series[kind] = list(mine)
    lines = [drill_line(kind, series[kind], size, few, weekly) for kind in DRILL_KINDS if kind in series]
    total = sum(d.attempts for d in days)
    right = sum(d.right for d in days)
    summary = t("progress.drills_summary_so_far" if few else "progress.drills_summary", LANG, period=period,
                count=total, percent=percent(round(100 * right / total), LANG))
    if not any(s is not None for line in lines for s in line.seconds):
        summary += " " + t("progress.speed_empty", LANG)
    chart(drill_figure(lines, LANG, t("progress.answers_axis", LANG) if few else ""), "chart_drills", summary)


def tag_chart(tags: Sequence[TagStat]) -> None:
    if not tags:
        st.write(t("progress.tags_empty", LANG))
        st.page_link("ui/puzzles.py", label=t("progress.to_puzzles", LANG), icon=":material/extension:")
        return
    names = [t(f"puzzles.tag.{s.tag}", LANG) for s in tags]
    shares = [round(100 * s.accuracy) for s in tags]
    labels = [f"{percent(share, LANG)} ({s.right}/{s.attempts})" for share, s in zip(shares, tags)]
    losses = ["" if s.mean_points_lost is None
              else t("progress.tag_lost", LANG, points=figure_words(s.mean_points_lost, 1)) for s in tags]
    hovers = [t("progress.hover.theme", LANG, theme=name, right=s.right, n=s.attempts,
                percent=percent(share, LANG)) + lost
              for name, share, s, lost in zip(names, shares, tags, losses)]
    summary = t("progress.tags_alt", LANG, weakest=names[0], percent=shares[0])
    chart(themes_figure(names, [float(s) for s in shares], labels, hovers, LANG), "chart_themes", summary)
    st.write(t("progress.practise_intro", LANG))
    for stat, name, share, lost in zip(tags, names, shares, losses):
        st.page_link("ui/puzzles.py", label=t("progress.practise", LANG, tag=name, percent=share,
                                              right=stat.right, attempts=stat.attempts, lost=lost),
                     icon=":material/extension:", query_params={"tag": stat.tag},
                     disabled=stat.tag not in TAGS)  # a retired theme: no puzzle of the bank has it


def queue_chart(store: Store, learner: int, due: int, queue: int) -> None:
    """The review cards falling due each of the next QUEUE_DAYS days (today's with those
    already due), puzzles and drill boards stacked, from the cards' due times alone."""
    if not queue:
        st.write(t("progress.queue_empty", LANG))
        return
    today = date.today()
    midnight = datetime.combine(today + timedelta(days=QUEUE_DAYS), datetime.min.time()).astimezone()
    days = [today + timedelta(days=n) for n in range(QUEUE_DAYS)]
    counts = {"puzzle": [0] * QUEUE_DAYS, "drill": [0] * QUEUE_DAYS}
    for part, when in store.review_due(learner, midnight):
        counts["puzzle" if part == "puzzle" else "drill"][max(0, (local(when).date() - today).days)] += 1
    names = {part: t(f"progress.queue.{part}", LANG) for part in counts}
    hovers = {part: [tn(f"progress.hover.queue_{part}", n, LANG,
                        day=t("progress.plot.today", LANG) if d == today else day_words(d, LANG))
                     for d, n in zip(days, values)] for part, values in counts.items()}
    coming = sum(sum(values) for values in counts.values())
    summary = t("progress.queue_summary", LANG, due=due, coming=coming - due, days=QUEUE_DAYS, total=queue)
    chart(queue_figure(days, counts, names, hovers, LANG), "chart_queue", summary)
    st.page_link("ui/puzzles.py", label=t("progress.to_review", LANG, due=due, count=queue),
                 icon=":material/replay:", query_params={"mode": "review"})


def summary(ratings: Sequence[RatingDay], drills: Sequence[DrillDay], tags: Sequence[TagStat], due: int,
            queue: int, me_rating: float, me_rd: float) -> None:
    """What each chart shows, a sentence each, drawn at once (no plotly): the tab a
    page opens on."""
    lines = []
    if ratings:
        lines.append(t("progress.summary.rating", LANG, rating=round(me_rating), rd=round(me_rd),
                       count=sum(d.rated for d in ratings), first=round(ratings[0].rating),
                       day=day_words(ratings[0].day, LANG)))
    if drills:
        per_kind: defaultdict[str, list[int]] = defaultdict(lambda: [0, 0])
        for d in drills:
            per_kind[d.kind][0] += d.attempts
            per_kind[d.kind][1] += d.right
        shares = {kind: round(100 * r / n) for kind, (n, r) in per_kind.items() if n}
        best, weakest = max(shares, key=lambda k: shares[k]), min(shares, key=lambda k: shares[k])
        total, right = sum(n for n, _ in per_kind.values()), sum(r for _, r in per_kind.values())
        lines.append(t("progress.summary.drills", LANG, count=total,
                       percent=percent(round(100 * right / total), LANG), best=t(f"drill.{best}.title", LANG),
                       best_percent=percent(shares[best], LANG), weakest=t(f"drill.{weakest}.title", LANG),
                       weakest_percent=percent(shares[weakest], LANG)))
    if tags:
        lines.append(t("progress.summary.themes", LANG, weakest=t(f"puzzles.tag.{tags[0].tag}", LANG),
                       percent=percent(round(100 * tags[0].accuracy), LANG)))
    if queue:
        lines.append(t("progress.summary.queue", LANG, due=due, total=queue))
    st.markdown("\n".join(f"- {plain(line)}" for line in lines))
    st.caption(t("progress.summary.open_tab", LANG))


def chart_tabs(store: Store, learner: int, ratings: Sequence[RatingDay], drills: Sequence[DrillDay],
               tags: Sequence[TagStat], due: int, queue: int, me: Any) -> None:
    """The charts in tabs, only the open tab's drawn: the page opens on the summary, in
    words, and a chart is drawn when its tab is opened (plotly's script and a figure's
    render are the page's slowest part)."""
    st.header(t("progress.charts_title", LANG))
    draw: dict[str, Callable[[], None]] = {
        "summary": lambda: summary(ratings, drills, tags, due, queue, me.rating.rating, me.rating.rd),
        "rating": lambda: rating_chart(ratings, store, learner),
        "drills": lambda: drill_charts(drills, store, learner),
        "themes": lambda: tag_chart(tags),
        "queue": lambda: queue_chart(store, learner, due, queue)}
    tabs = st.tabs([t(f"progress.tab.{name}", LANG) for name in CHARTS], key="progress_chart",
                   on_change="rerun")
    for name, tab in zip(CHARTS, tabs):
        with tab:
            if tab.open:
                try:
                    draw[name]()
                except TrainerError as error:
                    guard(error)


def calendar(days: Sequence[tuple[date, int]], every_day: int, today: date) -> None:
    """The last weeks: a column a week (Monday at the top), a cell a day."""
    st.header(t("progress.calendar_title", LANG))
    if not every_day:
        st.write(t("progress.calendar_empty", LANG))
        return
    start = today - timedelta(days=today.weekday(), weeks=CALENDAR_WEEKS - 1)
    counts = dict(days)
    shown = sum(1 for d in counts if d >= start)
    weekdays = [t(f"progress.weekday.{d}", LANG) for d in range(7)]
    alt = t("progress.calendar_alt", LANG, days=shown, weeks=CALENDAR_WEEKS)
    board_image(calendar_grid(start, CALENDAR_WEEKS, counts, today, weekdays, months(), WIDE, alt),
                calendar_grid(start, CALENDAR_WEEKS, counts, today, weekdays, months(), NARROW, alt), alt,
                announce=False)
    st.caption(tn("progress.calendar_caption", shown, LANG, weeks=CALENDAR_WEEKS,
                  total=tn("plural.days", every_day, LANG)))


def runs_table(runs: Sequence[RunRecord]) -> None:
    st.header(t("progress.runs_title", LANG))
    if not runs:
        st.write(t("progress.runs_empty", LANG))
        return
    columns = (t("progress.col.score", LANG), t("progress.col.right", LANG), t("progress.col.level", LANG),
               t("progress.col.when", LANG))
    st.table([dict(zip(columns, (r.score, f"{r.right}/{r.answered}", r.level,
                                 local(r.created_at).strftime("%Y-%m-%d %H:%M")))) for r in runs],
             hide_index=True)


def item_words(a: Attempt) -> str:
    """What an answer was to, as the learner knows it: a drill by its name and level, a
    lesson's question by its lesson, a practice goal by its name; a puzzle by its id."""
    if a.part == "drill":
        kind, _, rest = a.item.partition(":")
        level = rest.partition(":")[0]
        if kind in KINDS and level.isdigit():
            return t("puzzles.review_drill", LANG, drill=t(f"drill.{kind}.title", LANG), level=int(level))
    if a.part == "lesson" and a.item.startswith(PRACTICE_ITEM):
        return practice_name(a.item[len(PRACTICE_ITEM):], LANG)
    if a.part == "lesson":
        lesson = a.item.partition(".")[0]
        if lesson in COURSE_IDS:
            return course_title(lesson, LANG)
    return a.item


def recent_table(recent: Sequence[Attempt]) -> None:
    """The latest answers: when (the day as the charts write it, and the time), what they
    were to, right or not, seconds with the language's decimal mark. A table that
    scrolls within a phone's width."""
    columns = (t("progress.col.when", LANG), t("progress.col.part", LANG), t("progress.col.item", LANG),
               t("progress.col.result", LANG), t("progress.col.seconds", LANG))
    yes, no = t("progress.right_mark", LANG), t("progress.wrong_mark", LANG)
    rows = []
    for a in recent:
        when = local(a.created_at)
        seconds = "" if a.seconds is None else str(localized(f"{a.seconds:.1f}", LANG))
        rows.append(dict(zip(columns, (f"{day_words(when.date(), LANG)} {when:%H:%M}",
                                       t(f"progress.part.{a.part}", LANG), item_words(a),
                                       yes if a.correct else no, seconds))))
    st.dataframe(rows, hide_index=True)


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
        uploaded.seek(0)
        new_id = store.import_learner(uploaded, name=name)  # read twice, a piece at a time
        learner = store.learner(new_id)
        answers = sum(n for n, _ in store.counts(new_id).values())
    except HistoryNotTextError:
        st.session_state["progress_import"] = ("error", t("progress.import_not_text", LANG))
        return
    except NameTakenError as error:  # say what can be done: another name
        taken = t("progress.import_taken", LANG, name=plain(error.name))
        st.session_state["progress_import"] = ("error", taken)
        return
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


def export_file(store: Store, learner: int) -> BinaryIO:
    """The learner's history written to a temporary file a row at a time, open for
    reading from its start (the file itself is gone as soon as it is closed)."""
    with tempfile.NamedTemporaryFile("wb", prefix="allfives-export-", suffix=".json", delete=False) as out:
        try:
            store.export_to(learner, out)
        except BaseException:
            os.unlink(out.name)
            raise
    handle = open(out.name, "rb")  # noqa: SIM115 - the page reads it and lets it go
    os.unlink(out.name)
    return handle


def file_name(name: str) -> str:
    return "allfives-" + (re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-") or "learner") + ".json"


def settings(store: Optional[Store], learner: Optional[int], name: str) -> None:
    st.header(t("progress.settings", LANG))
    if operator_view():  # where the database is: for whoever runs the trainer, not for learners
        st.write(t("progress.location", LANG, env=ENV))
        st.code(store.location if store is not None else database_location(database_setting()), language=None)
    if store is None:
        return
    if learner is not None:
        def export() -> BinaryIO:
            """The history written row by row to a file on disk, handed to the page to read."""
            return export_file(store, learner)

        if club_mode():  # saved by this browser alone: no address holds a learner's history
            def history_text() -> str:
                with export() as handle:
                    return handle.read().decode("utf-8")

            private_download(t("progress.export", LANG), history_text, file_name(name), key="progress_export",
                             mime="application/json")
        else:  # one computer's own server: the file streamed from the disk, a piece at a time
            st.download_button(t("progress.export", LANG), data=export, file_name=file_name(name),
                               mime="application/json", key="progress_export", on_click="ignore",
                               icon=":material/download:")
        st.caption(t("progress.export_help", LANG))
    if club_mode():  # accounts are made by teachers and operators: no learner comes in by a file
        return
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
        provisional = rd >= PROVISIONAL_RD  # shown as lichess shows it: "1234?"
        st.metric(t("progress.metric_rating", LANG), f"{round(rating)}?" if provisional else round(rating),
                  delta=t("progress.metric_rd", LANG, rd=round(rd), games=games), delta_color="off",
                  delta_arrow="off", border=True, width=150,
                  help=t("progress.metric_provisional", LANG) if provisional else None)
        st.metric(t("progress.metric_streak", LANG), streak.current,
                  delta=t("progress.metric_best", LANG, best=streak.best), delta_color="off",
                  delta_arrow="off", border=True, width=150)
        st.metric(t("progress.metric_review", LANG), due,
                  delta=t("progress.metric_queue", LANG, count=queue), delta_color="off", delta_arrow="off",
                  border=True, width=150)


def parts_table(counts: dict[str, tuple[int, int]]) -> None:
    columns = (t("progress.col.part", LANG), t("progress.col.answers", LANG), t("progress.col.right", LANG),
               t("progress.col.percent", LANG))
    st.table([dict(zip(columns, (t(f"progress.part.{part}", LANG), counts[part][0], counts[part][1],
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
        queued = store.review_counts(learner)  # counted by the database, not read card by card
        due, queue = queued.due, queued.total
        ratings = store.rating_days(learner)
        drills = store.drill_stats(learner)
        tags = store.tag_stats(learner)
        start = today - timedelta(days=today.weekday(), weeks=CALENDAR_WEEKS - 1)
        practised = store.practice_days(learner)
        runs = store.best_runs(learner, limit=5)
        recent = store.recent_attempts(learner, limit=RECENT)
    except TrainerError as error:
        guard(error)
        settings(store, None, "")
        return
    days, every_day = tuple(d for d in practised if d[0] >= start), len(practised)
    st.caption(t("progress.for_learner", LANG, name=plain(me.name)))
    answers = sum(n for n, _ in counts.values())
    right = sum(r for _, r in counts.values())
    metrics(answers, right, me.rating.rating, me.rating.rd, me.rated_games, streak, due, queue)
    if not answers and not runs:
        kept = bool(store.hands(learner, limit=1))
        st.info(t("progress.empty_hands" if kept else "progress.empty", LANG, name=plain(me.name)),
                icon=":material/insights:")
        with st.container(horizontal=True):
            st.page_link("ui/learn.py", label=t("progress.to_learn", LANG), icon=":material/school:")
            st.page_link("ui/drills.py", label=t("progress.to_drills", LANG), icon=":material/timer:")
            st.page_link("ui/puzzles.py", label=t("progress.to_puzzles", LANG), icon=":material/extension:")
        kept_hands.section(store, learner)
        settings(store, learner, me.name)
        return
    if queue:
        st.page_link("ui/puzzles.py", label=t("progress.to_review", LANG, due=due, count=queue),
                     icon=":material/replay:", query_params={"mode": "review"})
    chart_tabs(store, learner, ratings, drills, tags, due, queue, me)
    st.header(t("progress.parts_title", LANG))
    parts_table(counts)
    st.caption(tn("progress.streak_caption", streak.current, LANG, best=streak.best))
    calendar(days, every_day, today)
    runs_table(runs)
    shown = min(RECENT, answers)
    title = t("progress.recent_one", LANG) if shown == 1 else tn("progress.recent_title", shown, LANG)
    with st.expander(title):
        recent_table(recent)
    kept_hands.section(store, learner)
    settings(store, learner, me.name)


page()
