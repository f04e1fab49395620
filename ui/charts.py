"""The Progress page's charts as SVG: pure functions returning a string, drawn for the
width they are shown at (a desktop's column or a phone's), as the boards are.

Why not plotly: in Chromium every plotly chart costs the page the loading of its
script and a render of its own; five of them (rating, two drill charts, themes,
calendar) kept the page seconds behind a bare Streamlit page. These drawings are
images in the page, so the Progress page opens as fast as its text. What a chart
shows is also in words beside it (its text alternative and caption), and each
series carries its figures as data attributes (`data-x`, `data-y`) for whoever reads
the drawing's source.

>>> svg = line_chart([Panel("", (Series("rating", (1.0, 2.0), (1000.0, 1100.0), "#1f77b4"),))],
...                  [(1.0, "1"), (2.0, "2")], "rated puzzles", width=360)
>>> svg.startswith("<svg") and 'data-y="1000.0,1100.0"' in svg
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from html import escape
from typing import Optional

WIDE = 700  # px: a desktop's centred column
NARROW = 350  # px: a phone's
FONT = "sans-serif"
GRID = "#dcdcd4"
INK = "#4a4a4a"
BAND_FILL = "rgba(31,119,180,0.25)"
BAND_EDGE = "rgba(31,119,180,0.5)"


@dataclass(frozen=True)
class Series:
    """One line: its name, points (x ascending) and colour; `band` the (lower, upper)
    bounds of a band drawn under it."""

    name: str
    xs: tuple[float, ...]
    ys: tuple[float, ...]
    colour: str
    band: Optional[tuple[tuple[float, ...], tuple[float, ...]]] = None


@dataclass(frozen=True)
class Panel:
    """A plot of its own: a title above it (or none), its lines, its y range (None:
    from the data) and the unit written after each y tick, or how a tick is written."""

    title: str
    series: tuple[Series, ...]
    y_range: Optional[tuple[float, float]] = None
    y_suffix: str = ""
    y_format: Optional[Callable[[float], str]] = None  # a y tick's words, in the reader's language


def nice_ticks(low: float, high: float, count: int = 4) -> list[float]:
    """Round tick values covering low..high, about `count` of them.

    >>> nice_ticks(0, 100), nice_ticks(1234, 1480)
    ([0.0, 25.0, 50.0, 75.0, 100.0], [1300.0, 1400.0])
    """
    if high <= low:
        high = low + 1
    raw = (high - low) / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    first = math.ceil(low / step) * step
    ticks = []
    value = first
    while value <= high + step * 1e-9:
        ticks.append(round(float(value), 10))
        value += step
    return ticks


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def _text(x: float, y: float, text: str, size: float, anchor: str = "start", colour: str = INK,
          weight: str = "normal") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:.1f}" font-family="{FONT}" fill="{colour}" '
            f'text-anchor="{anchor}" font-weight="{weight}">{escape(text)}</text>')


def _svg(width: float, height: float, label: str, body: list[str]) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
            f'width="{width:.0f}" height="{height:.0f}" role="img" aria-label="{escape(label, quote=True)}">'
            f'<title>{escape(label)}</title>' + "".join(body) + "</svg>")


def line_chart(panels: Sequence[Panel], x_ticks: Sequence[tuple[float, str]], x_title: str, width: int = WIDE,
               panel_height: int = 150, label: str = "") -> str:
    """Panels stacked one above the other sharing the x axis (its ticks and title
    under the last one); each with its grid, y ticks, bands and lines (dots where the
    points are few)."""
    size = 12.0 if width >= WIDE else 11.0
    left, right = 46.0, 14.0
    title_h = size + 8 if any(p.title for p in panels) else 6.0
    bottom = size * 2 + 14 if x_title else size + 12
    xs = [x for p in panels for s in p.series for x in s.xs] + [x for x, _ in x_ticks]
    x_low, x_high = (min(xs), max(xs)) if xs else (0.0, 1.0)
    if x_high == x_low:
        x_low, x_high = x_low - 1, x_high + 1
    span = x_high - x_low
    x_low, x_high = x_low - span * 0.02, x_high + span * 0.02
    plot_w = width - left - right
    height = len(panels) * (title_h + panel_height) + bottom
    body: list[str] = [f'<rect x="0" y="0" width="{width}" height="{height:.0f}" fill="#ffffff" rx="6"/>']

    def px(x: float) -> float:
        return left + (x - x_low) / (x_high - x_low) * plot_w

    for index, panel in enumerate(panels):
        top = index * (title_h + panel_height) + title_h
        ys = [y for s in panel.series for y in (*s.ys, *(v for bound in (s.band or ()) for v in bound))]
        low, high = panel.y_range or ((min(ys), max(ys)) if ys else (0.0, 1.0))
        if panel.y_range is None:
            pad = max(1.0, (high - low) * 0.08)
            low, high = low - pad, high + pad
        if high == low:
            high = low + 1

        def py(y: float, low: float = low, high: float = high, top: float = top) -> float:
            return top + (1 - (y - low) / (high - low)) * (panel_height - 6) + 3

        if panel.title:
            body.append(_text(left, top - 6, panel.title, size, weight="bold"))
        for tick in nice_ticks(low, high, 3 if panel_height < 120 else 4):
            if not low <= tick <= high:
                continue
            y = py(tick)
            body.append(f'<line x1="{left:.1f}" x2="{width - right:.1f}" y1="{y:.1f}" y2="{y:.1f}" '
                        f'stroke="{GRID}" stroke-width="1"/>')
            words = panel.y_format(tick) if panel.y_format else _number(tick) + panel.y_suffix
            body.append(_text(left - 5, y + size * 0.35, words, size * 0.92, "end"))
        for series in panel.series:
            points = list(zip(series.xs, series.ys))
            if series.band is not None:
                lower, upper = series.band
                outline = ([(px(x), py(u)) for x, u in zip(series.xs, upper)]
                           + [(px(x), py(v)) for x, v in reversed(list(zip(series.xs, lower)))])
                path = " ".join(f"{x:.1f},{y:.1f}" for x, y in outline)
                if len(series.xs) == 1:  # one point: its band as a bar
                    x = px(series.xs[0])
                    body.append(f'<rect class="band" x="{x - 5:.1f}" y="{py(upper[0]):.1f}" width="10" '
                                f'height="{py(lower[0]) - py(upper[0]):.1f}" fill="{BAND_FILL}" '
                                f'stroke="{BAND_EDGE}"/>')
                else:
                    body.append(f'<polygon class="band" points="{path}" fill="{BAND_FILL}" '
                                f'stroke="{BAND_EDGE}" stroke-width="0.8"/>')
            line = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in points)
            xs_text = ",".join(_number(x) for x in series.xs)
            ys_text = ",".join(str(round(y, 1)) for y in series.ys)
            data = f'data-name="{escape(series.name, quote=True)}" data-x="{xs_text}" data-y="{ys_text}"'
            body.append(f'<g class="series" {data}>')
            if len(points) > 1:
                body.append(f'<polyline points="{line}" fill="none" stroke="{series.colour}" '
                            f'stroke-width="2" stroke-linejoin="round"/>')
            if len(points) < 60:
                body += [f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="3" fill="{series.colour}"/>'
                         for x, y in points]
            body.append("</g>")
    base = len(panels) * (title_h + panel_height)
    body.append(f'<line x1="{left:.1f}" x2="{width - right:.1f}" y1="{base:.1f}" y2="{base:.1f}" '
                f'stroke="{INK}" stroke-width="1"/>')
    for x, text in x_ticks:
        if x_low <= x <= x_high:
            body.append(_text(px(x), base + size + 4, text, size * 0.92, "middle"))
    if x_title:
        body.append(_text(left + plot_w / 2, base + size * 2 + 10, x_title, size * 0.92, "middle"))
    return _svg(width, height, label, body)


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


def _fit(text: str, room: float, size: float) -> str:
    """The text cut to what `room` px hold (about 0.55 em a letter), with an ellipsis."""
    most = max(4, int(room / (size * 0.55)))
    return text if len(text) <= most else text[:most - 1].rstrip() + "…"


def bar_rows(rows: Sequence[tuple[str, float, str]], width: int = WIDE, label: str = "") -> str:
    """Horizontal bars, one a row: a name, a share from 0 to 100 (its bar, coloured by
    it; a sliver at 0 so that it is not read as missing) and the text after it."""
    size = 12.0 if width >= WIDE else 11.0
    row_h = size * 2.1
    name_w = width * (0.32 if width >= WIDE else 0.4)
    text_w = size * 7.5
    bar_w = width - name_w - text_w - 16
    height = row_h * len(rows) + 8
    body: list[str] = [f'<rect x="0" y="0" width="{width}" height="{height:.0f}" fill="#ffffff" rx="6"/>']
    for index, (name, share, text) in enumerate(rows):
        y = 4 + index * row_h
        length = max(bar_w * share / 100, 3.0)
        body.append(f'<g class="bar" data-name="{escape(name, quote=True)}" data-share="{share:g}">')
        body.append(_text(name_w - 6, y + row_h * 0.62, _fit(name, name_w - 10, size), size, "end"))
        body.append(f'<rect x="{name_w:.1f}" y="{y + row_h * 0.18:.1f}" width="{length:.1f}" '
                    f'height="{row_h * 0.64:.1f}" rx="2" fill="{share_colour(share)}"/>')
        body.append(_text(name_w + length + 5, y + row_h * 0.62, text, size * 0.92))
        body.append("</g>")
    return _svg(width, height, label, body)


CALENDAR_COLOURS = ("#e8eaed", "#c6e48b", "#7bc96f", "#239a3b", "#196127")


def calendar_grid(start: date, weeks: int, counts: dict[date, int], today: date, weekdays: Sequence[str],
                  months: Sequence[str], width: int = WIDE, label: str = "") -> str:
    """A column a week from `start` (a Monday), a cell a day from Monday at the top,
    shaded by the day's answers (none, then four steps up to the busiest day); the
    months above, three weekdays at the left. `months` holds twelve short names."""
    size = 11.0
    left, top = size * 3, size + 8
    cell = min(16.0, (width - left - 4) / weeks)
    gap = max(1.0, cell * 0.15)
    height = top + 7 * cell + 4
    most = max(counts.values(), default=0) or 1
    body: list[str] = [f'<rect x="0" y="0" width="{width}" height="{height:.0f}" fill="#ffffff" rx="6"/>']
    for weekday in (0, 2, 4):
        body.append(_text(left - 4, top + weekday * cell + cell * 0.75, weekdays[weekday], size * 0.9, "end"))
    previous = None
    for week in range(weeks):
        monday = start + timedelta(weeks=week)
        x = left + week * cell
        if monday.month != previous and week < weeks - 1:
            body.append(_text(x, top - 5, months[monday.month - 1], size * 0.9))
            previous = monday.month
        for weekday in range(7):
            day = monday + timedelta(days=weekday)
            if day > today:
                continue
            n = counts.get(day, 0)
            level = 0 if n == 0 else 1 + min(3, int(3.999 * n / most))
            body.append(f'<rect class="day" data-day="{day.isoformat()}" data-count="{n}" x="{x:.1f}" '
                        f'y="{top + weekday * cell:.1f}" width="{cell - gap:.1f}" height="{cell - gap:.1f}" '
                        f'rx="2" fill="{CALENDAR_COLOURS[level]}"/>')
    return _svg(max(width, left + weeks * cell + 4), height, label, body)


def date_ticks(first: date, last: date, names: Sequence[str], pattern: str,
               most: int = 5) -> list[tuple[float, str]]:
    """A few evenly spaced days from `first` to `last` (their ordinals) with labels made
    by `pattern` ("{month} {day}") from the twelve short month `names`."""
    days = (last - first).days
    step = max(1, math.ceil(days / max(1, most - 1))) if days else 1
    ticks = []
    day = first
    while day <= last:
        ticks.append((float(day.toordinal()), pattern.format(month=names[day.month - 1], day=day.day)))
        day += timedelta(days=step)
    return ticks
