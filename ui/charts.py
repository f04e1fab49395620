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

from collections.abc import Callable, Sequence
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


CHANCE_DARK = (31, 111, 80)  # a certain place: the felt's green
CHANCE_ROW = 26  # px a tile's row
CHANCE_LABEL = 56  # px the tiles' column


def chance_colour(p: float) -> str:
    """White for 0, the felt's green for 1, in between by the chance.

    >>> chance_colour(0.0), chance_colour(1.0)
    ('#ffffff', '#1f6f50')
    """
    r, g, b = (round(255 + (c - 255) * p) for c in CHANCE_DARK)
    return f"#{r:02x}{g:02x}{b:02x}"


def chances_grid(rows: Sequence[tuple[str, Sequence[float]]], places: Sequence[str], label: str,
                 written: Callable[[int], str] = "{}%".format, width: int = NARROW) -> str:
    """Where the tiles are, as a grid: a row per unseen tile (its name first), a column
    per place it may lie in (the other hands, the boneyard), each cell shaded by the
    chance and showing it in whole per cent (`written` writes one as the language does);
    a place the tile cannot be in (a suit its player showed he lacks) shows 0.

    >>> svg = chances_grid([("6-6", (0.25, 0.75))], ["Player 2", "Boneyard"], "where")
    >>> 'data-tile="6-6" data-place="1" data-chance="0.75"' in svg and ">75%<" in svg
    True
    """
    columns = max(1, len(places))
    cell = (width - CHANCE_LABEL) / columns
    top = 30
    height = top + CHANCE_ROW * len(rows) + 6
    body = [f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>']
    for i, name in enumerate(places):
        body.append(_text(CHANCE_LABEL + cell * (i + 0.5), 20, name, 12, anchor="middle", weight="bold"))
    for r, (tile, chances) in enumerate(rows):
        y = top + CHANCE_ROW * r
        body.append(_text(8, y + 17, tile, 13, weight="bold"))
        for i, p in enumerate(chances):
            x = CHANCE_LABEL + cell * i
            ink = "#ffffff" if p > 0.55 else INK
            body.append(f'<rect class="chance" data-tile="{escape(tile, quote=True)}" data-place="{i}" '
                        f'data-chance="{p:.4g}" x="{x + 1:.1f}" y="{y + 1:.1f}" width="{cell - 2:.1f}" '
                        f'height="{CHANCE_ROW - 2}" rx="3" fill="{chance_colour(p)}" stroke="#d5d2c8"/>')
            body.append(_text(x + cell / 2, y + 17, written(round(100 * p)), 12, anchor="middle", colour=ink))
    return _svg(width, height, label, body)
