"""The Progress page's charts as plotly figures: pure functions of the store's sums and
the learner's language, returning a `go.Figure` for `st.plotly_chart`.

Every point's hover text is written here, in the learner's language (its month names
and decimal mark), and handed to plotly as `customdata`, so that plotly's English
never shows; the axes' numbers follow the language's separators (`layout.separators`).
Days are on a date axis, zoomed by dragging, by the range buttons above it (a month,
three months, everything) or by the range slider under it; a click on a legend's entry
hides that series in every panel of the figure.

>>> figure = rating_figure([date(2026, 3, 1), date(2026, 3, 2)], [1500.0, 1520.0], [200.0, 180.0],
...                        ["Mar 1: 1500", "Mar 2: 1520"], "en")
>>> [trace.name for trace in figure.data]
['± rating deviation', 'rating']
>>> figure.data[1].customdata[1]
'Mar 2: 1520'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any, Optional, Union

import plotly.graph_objects as go
from babel.dates import format_skeleton
from plotly.subplots import make_subplots

from trainer.i18n import decimal_symbol, group_symbol, percent, t

PRIMARY = "#1f6f50"  # the app's colour (.streamlit/config.toml)
BAND = "rgba(31,111,80,0.18)"
INK = "#1d1d1d"
GRID = "#d9d9d2"
FONT = "Source Sans Pro, sans-serif"
# each drill a colour of its own, told apart by the colour-blind too (Okabe and Ito's palette)
KIND_COLOURS = {"total": "#0072b2", "score": "#d55e00", "round": "#009e73", "where": "#cc79a7",
                "tiles": "#e69f00", "need": "#56b4e9"}
PART_COLOURS = {"puzzle": "#0072b2", "drill": "#e69f00"}
# no toolbar (it covered the range buttons): a drag zooms, a double click or "All" zooms out
CONFIG: dict[str, Any] = {"displayModeBar": False, "responsive": True, "scrollZoom": False}
X = Union[date, float]


def separators(lang: str) -> str:
    """plotly's decimal mark and thousands separator for the language.

    >>> separators("en"), separators("es")
    ('.,', ',.')
    """
    return decimal_symbol(lang) + group_symbol(lang)


def percent_suffix(lang: str) -> str:
    """What follows a share's number in the language: "%" in English, " %" (a no-break
    space before it) in Spanish."""
    return str(percent(0, lang))[1:]


def day_words(day: date, lang: str) -> str:
    """A day as the charts name it, in the language's own short form (CLDR's, through
    Babel): the month's name as a date uses it, never its stand-alone form.

    >>> [day_words(date(2026, 5, 12), code) for code in ("en", "es", "fi", "ru")]
    ['May 12', '12 may', '12.5.', '12 мая']
    """
    return str(format_skeleton("MMMd", day, locale=lang))


def _layout(figure: go.Figure, lang: str, height: int) -> go.Figure:
    figure.update_layout(
        height=height, margin={"l": 8, "r": 8, "t": 40, "b": 8}, separators=separators(lang),
        font={"family": FONT, "color": INK, "size": 13}, paper_bgcolor="#ffffff", plot_bgcolor="#ffffff",
        legend={"orientation": "h", "yanchor": "bottom", "y": 1.02, "x": 0},
        hoverlabel={"namelength": -1, "bgcolor": "#ffffff", "font": {"color": INK}}, dragmode="zoom")
    figure.update_xaxes(gridcolor=GRID, linecolor=INK, automargin=True)
    figure.update_yaxes(gridcolor=GRID, zeroline=False, automargin=True)
    return figure


def _day_axis(figure: go.Figure, lang: str, slider: bool) -> None:
    """Dates on the x axis, written as the language writes a day; buttons to zoom to
    the last month, three months or everything; a range slider under the last panel."""
    buttons = [{"count": 1, "label": t("progress.plot.month", lang), "step": "month", "stepmode": "backward"},
               {"count": 3, "label": t("progress.plot.months", lang), "step": "month",
                "stepmode": "backward"},
               {"step": "all", "label": t("progress.plot.all", lang)}]
    figure.update_xaxes(type="date", tickformat=t("progress.plot.tick_day", lang))
    figure.update_layout(xaxis={"rangeselector": {"buttons": buttons, "x": 1, "xanchor": "right", "y": 1.02,
                                                  "yanchor": "bottom", "bgcolor": "#e7efe9",
                                                  "activecolor": "#b9d3c4"}})
    if slider:
        figure.update_xaxes(rangeslider={"visible": True, "thickness": 0.08})


def rating_figure(xs: Sequence[X], ratings: Sequence[float], rds: Sequence[float], hovers: Sequence[str],
                  lang: str, axis: str = "") -> go.Figure:
    """The rating with its ± band. `xs` are days (a date axis, zoomable) or attempt
    numbers (then `axis` names them); `hovers` say what each point was."""
    figure = go.Figure()
    upper = [r + d for r, d in zip(ratings, rds)]
    lower = [r - d for r, d in zip(ratings, rds)]
    figure.add_scatter(x=list(xs) + list(xs)[::-1], y=upper + lower[::-1], fill="toself", mode="lines",
                       line={"width": 0}, fillcolor=BAND, hoverinfo="skip",
                       name=t("progress.rating_band", lang))
    figure.add_scatter(x=list(xs), y=[round(r, 1) for r in ratings], customdata=list(hovers),
                       mode="lines+markers" if len(xs) < 60 else "lines", name=t("progress.rating", lang),
                       line={"color": PRIMARY, "width": 2.5}, marker={"size": 7},
                       hovertemplate="%{customdata}<extra></extra>")
    figure.update_yaxes(title=t("progress.rating", lang), tickformat=",d")
    _layout(figure, lang, 320)
    figure.update_layout(showlegend=False)  # the caption under it says what the line and band are
    if xs and isinstance(xs[0], date):
        _day_axis(figure, lang, slider=len(xs) > 14)
    else:
        figure.update_xaxes(title=axis, tickformat="d", rangemode="tozero" if len(xs) < 3 else "normal")
    return figure


@dataclass(frozen=True)
class DrillLine:
    """One drill's points: x (days or answers given), its share right and mean time
    (None: untimed), and what each point was in words."""

    kind: str
    name: str
    xs: tuple[X, ...]
    shares: tuple[float, ...]
    seconds: tuple[Optional[float], ...]
    hovers: tuple[str, ...]


def drill_figure(lines: Sequence[DrillLine], lang: str, axis: str = "") -> go.Figure:
    """Two panels sharing the x axis: each drill's share of right answers above, its
    mean answer time below; a drill's two lines are one legend entry (a click hides
    both)."""
    figure = make_subplots(rows=2, cols=1, shared_xaxes=True, vertical_spacing=0.1,
                           subplot_titles=(t("progress.plot.accuracy_panel", lang),
                                           t("progress.plot.speed_panel", lang)))
    for line in lines:
        colour = KIND_COLOURS.get(line.kind, PRIMARY)
        marker = "lines+markers" if len(line.xs) < 60 else "lines"
        figure.add_scatter(x=list(line.xs), y=list(line.shares), customdata=list(line.hovers), mode=marker,
                           name=line.name, legendgroup=line.kind, line={"color": colour, "width": 2},
                           hovertemplate="%{customdata}<extra></extra>", row=1, col=1)
        timed = [(x, s, h) for x, s, h in zip(line.xs, line.seconds, line.hovers) if s is not None]
        figure.add_scatter(x=[x for x, _, _ in timed], y=[round(s, 1) for _, s, _ in timed],
                           customdata=[h for _, _, h in timed], mode=marker, name=line.name,
                           legendgroup=line.kind, showlegend=False, line={"color": colour, "width": 2},
                           hovertemplate="%{customdata}<extra></extra>", row=2, col=1)
    figure.update_yaxes(range=[-3, 103], ticksuffix=percent_suffix(lang), row=1, col=1)
    figure.update_yaxes(ticksuffix="\u00a0s", rangemode="tozero", row=2, col=1)
    _layout(figure, lang, 500)
    figure.update_layout(legend={"orientation": "h", "yanchor": "top", "y": -0.1, "x": 0})  # under it
    figure.update_annotations(font={"size": 14, "color": INK}, xanchor="left", x=0)
    if lines and lines[0].xs and isinstance(lines[0].xs[0], date):
        _day_axis(figure, lang, slider=False)
    else:
        figure.update_xaxes(title=axis, tickformat="d", row=2, col=1)
    return figure


def share_colour(share: float) -> str:
    """Red at 0 %, yellow at 50 %, green at 100 %.

    >>> share_colour(0), share_colour(100)
    ('#d73027', '#1a9850')
    """
    stops = ((0.0, (0xd7, 0x30, 0x27)), (50.0, (0xfe, 0xe0, 0x8b)), (100.0, (0x1a, 0x98, 0x50)))
    share = max(0.0, min(100.0, share))
    (a, ca), (b, cb) = (stops[0], stops[1]) if share <= 50 else (stops[1], stops[2])
    f = (share - a) / (b - a)
    return "#" + "".join(f"{round(x + (y - x) * f):02x}" for x, y in zip(ca, cb))


def themes_figure(names: Sequence[str], shares: Sequence[float], labels: Sequence[str],
                  hovers: Sequence[str], lang: str) -> go.Figure:
    """A bar a theme, weakest first at the top, coloured by its share right (a sliver
    at 0 % so that it is not read as missing), its figures written after it."""
    figure = go.Figure(go.Bar(
        x=[max(s, 1.0) for s in shares], y=list(names), orientation="h", text=list(labels),
        textposition="outside", cliponaxis=False, customdata=list(hovers),
        hovertemplate="%{customdata}<extra></extra>", marker={"color": [share_colour(s) for s in shares],
                                                               "line": {"color": INK, "width": 0.5}}))
    figure.update_yaxes(autorange="reversed", fixedrange=True)
    figure.update_xaxes(range=[0, 130], fixedrange=True, ticksuffix=percent_suffix(lang),
                        tickvals=[0, 25, 50, 75, 100], title=t("progress.accuracy_axis", lang))
    _layout(figure, lang, 90 + 30 * len(names))
    figure.update_layout(dragmode=False, showlegend=False)
    return figure


def queue_figure(days: Sequence[date], counts: dict[str, Sequence[int]], names: dict[str, str],
                 hovers: dict[str, Sequence[str]], lang: str) -> go.Figure:
    """The review cards falling due each of the coming days (those already due on the
    first), stacked by part: puzzles and drill boards."""
    figure = go.Figure()
    for part, values in counts.items():
        figure.add_bar(x=list(days), y=list(values), name=names[part], customdata=list(hovers[part]),
                       marker={"color": PART_COLOURS.get(part, PRIMARY)},
                       hovertemplate="%{customdata}<extra></extra>")
    figure.update_layout(barmode="stack", legend={"traceorder": "normal"})
    figure.update_xaxes(type="date", tickformat=t("progress.plot.tick_day", lang), fixedrange=True,
                        dtick=86_400_000 * (1 if len(days) <= 8 else 2))
    figure.update_yaxes(title=t("progress.plot.cards_axis", lang), tickformat="d", rangemode="tozero",
                        fixedrange=True)
    _layout(figure, lang, 300)
    figure.update_layout(dragmode=False)
    return figure
