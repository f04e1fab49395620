"""The Progress page's calendar (ui/charts.py): its doctest, and a drawing that holds
what it shows (one cell a day, none after today), fits its width and parses as SVG."""

from __future__ import annotations

import doctest
import xml.etree.ElementTree as ET
from datetime import date, timedelta

import ui.charts as charts
from ui.charts import NARROW, calendar_grid

SVG = "{http://www.w3.org/2000/svg}"


def test_the_doctests() -> None:
    assert doctest.testmod(charts).failed == 0


def test_the_calendar_has_a_cell_a_day_up_to_today() -> None:
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
