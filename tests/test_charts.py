"""The Progress page's SVG charts (ui/charts.py): their doctests, and drawings that
hold what they show (each point where its figures say, bands under their lines, one
bar a theme, one cell a day), fit their width and parse as SVG."""

from __future__ import annotations

import doctest
import xml.etree.ElementTree as ET
from datetime import date, timedelta

import ui.charts as charts
from ui.charts import NARROW, WIDE, Panel, Series, bar_rows, calendar_grid, date_ticks, line_chart, nice_ticks

SVG = "{http://www.w3.org/2000/svg}"


def test_the_doctests() -> None:
    assert doctest.testmod(charts).failed == 0


def test_a_line_chart_puts_each_point_in_its_panel_with_its_band() -> None:
    xs = tuple(float(n) for n in range(1, 9))
    ys = (1000.0, 1100.0, 1050.0, 1120.0, 1180.0, 1150.0, 1200.0, 1230.0)
    band = (tuple(y - 80 for y in ys), tuple(y + 80 for y in ys))
    panels = [Panel("", (Series("rating", xs, ys, "#1f77b4", band),)),
              Panel("Total the ends", (Series("total", xs, tuple(50.0 for _ in xs), "#ff7f0e"),),
                    (0, 100), "%")]
    for width in (WIDE, NARROW):
        drawing = ET.fromstring(line_chart(panels, [(1.0, "1"), (8.0, "8")], "rated puzzles", width))
        assert float(drawing.get("width", 0)) == width
        groups = [g for g in drawing.iter(f"{SVG}g") if g.get("class") == "series"]
        assert [g.get("data-name") for g in groups] == ["rating", "total"]
        dots = list(groups[0].iter(f"{SVG}circle"))
        assert len(dots) == len(xs)
        heights = [float(c.get("cy", 0)) for c in dots]
        assert heights[0] > heights[-1]  # a higher rating is drawn higher (smaller y)
        assert all(0 < float(c.get("cx", 0)) < width for c in dots)
        bands = [p for p in drawing.iter(f"{SVG}polygon") if p.get("class") == "band"]
        assert len(bands) == 1
        tops = [float(pair.split(",")[1]) for pair in (bands[0].get("points") or "").split()]
        assert min(tops) < min(heights) and max(tops) > max(heights)  # the band is around the line
        texts = [t.text for t in drawing.iter(f"{SVG}text")]
        assert "Total the ends" in texts and "rated puzzles" in texts and "50%" in texts


def test_one_point_still_shows_with_its_band() -> None:
    alone = Series("r", (1.0,), (1000.0,), "#000", ((900.0,), (1100.0,)))
    drawing = ET.fromstring(line_chart([Panel("", (alone,))], [(1.0, "1")], ""))
    assert len(list(drawing.iter(f"{SVG}circle"))) == 1
    assert [r for r in drawing.iter(f"{SVG}rect") if r.get("class") == "band"]


def test_bars_and_the_calendar() -> None:
    rows = [("a theme with a long name that a phone cannot hold whole", 0.0, "0% (0/3)"),
            ("short", 80.0, "80% (4/5)")]
    narrow = ET.fromstring(bar_rows(rows, NARROW))
    bars = [g for g in narrow.iter(f"{SVG}g") if g.get("class") == "bar"]
    assert [g.get("data-share") for g in bars] == ["0", "80"]
    widths = [float(r.get("width", 0)) for g in bars for r in g.iter(f"{SVG}rect")]
    assert widths[0] > 0 and widths[1] > widths[0]  # a sliver at 0 %
    assert any((t.text or "").endswith("…") for t in narrow.iter(f"{SVG}text"))  # cut to fit the column
    today = date(2026, 12, 1)
    start = today - timedelta(days=today.weekday(), weeks=25)
    counts = {today: 5, today - timedelta(days=1): 1}
    grid = ET.fromstring(calendar_grid(start, 26, counts, today, [f"d{i}" for i in range(7)],
                                       [f"m{i}" for i in range(1, 13)], NARROW))
    cells = [r for r in grid.iter(f"{SVG}rect") if r.get("class") == "day"]
    assert len(cells) == (today - start).days + 1  # no day after today
    shades = {r.get("data-day"): r.get("fill") for r in cells}
    assert shades[today.isoformat()] != shades[start.isoformat()]
    assert float(grid.get("width", 0)) <= NARROW + 1


def test_ticks() -> None:
    assert nice_ticks(0, 100) == [0.0, 25.0, 50.0, 75.0, 100.0]
    months = [f"m{i}" for i in range(1, 13)]
    ticks = date_ticks(date(2026, 11, 1), date(2026, 11, 29), months, "{month} {day}")
    assert ticks[0][1] == "m11 1" and len(ticks) <= 5 and ticks[0][0] == date(2026, 11, 1).toordinal()
