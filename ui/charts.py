"""The Progress page's calendar of days practised, as SVG: a pure function returning
a string, drawn for the width it is shown at (a desktop's column or a phone's), as the
boards are. It is a picture with its text alternative, shown at once with the page's
text; the charts that are pointed at and zoomed are plotly's (ui/plots.py).

>>> svg = calendar_grid(date(2026, 11, 30), 1, {date(2026, 12, 1): 3}, date(2026, 12, 2), list("MTWTFSS"),
...                     [str(m) for m in range(1, 13)], NARROW, "a week")
>>> svg.startswith("<svg") and 'data-day="2026-12-01" data-count="3"' in svg
True
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, timedelta
from html import escape

WIDE = 700  # px: a desktop's centred column
NARROW = 350  # px: a phone's
FONT = "sans-serif"
INK = "#4a4a4a"


def _text(x: float, y: float, text: str, size: float, anchor: str = "start", colour: str = INK,
          weight: str = "normal") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:.1f}" font-family="{FONT}" fill="{colour}" '
            f'text-anchor="{anchor}" font-weight="{weight}">{escape(text)}</text>')


def _svg(width: float, height: float, label: str, body: list[str]) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
            f'width="{width:.0f}" height="{height:.0f}" role="img" aria-label="{escape(label, quote=True)}">'
            f'<title>{escape(label)}</title>' + "".join(body) + "</svg>")


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
