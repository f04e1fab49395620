"""The Progress page's plotly figures (ui/plots.py): what each point says on hover, in
the learner's language; the band around the rating; a drill's two lines one legend
entry; the zoom; the review queue stacked by part."""

from __future__ import annotations

import doctest
import json
from datetime import date, timedelta

import pytest

import ui.plots as plots
from trainer.i18n import languages, t
from ui.plots import DrillLine, drill_figure, queue_figure, rating_figure, separators, themes_figure

DAYS = [date(2026, 3, 1) + timedelta(days=n) for n in range(40)]


def spec(figure: object) -> dict:
    """The figure as the browser receives it."""
    return json.loads(figure.to_json())  # type: ignore[attr-defined]


def test_the_doctests() -> None:
    assert doctest.testmod(plots).failed == 0


def test_the_rating_band_surrounds_the_line_and_each_point_says_what_it_was() -> None:
    ratings = [1500 + 3 * n for n in range(len(DAYS))]
    rds = [250 - 4 * n for n in range(len(DAYS))]
    hovers = [f"day {n}" for n in range(len(DAYS))]
    figure = spec(rating_figure(DAYS, ratings, rds, hovers, "en"))
    band, line = figure["data"]
    assert band["hoverinfo"] == "skip" and band["fill"] == "toself"
    upper, lower = band["y"][:len(DAYS)], band["y"][len(DAYS):][::-1]
    assert all(low < y < high for low, y, high in zip(lower, line["y"], upper))
    assert line["customdata"] == hovers and line["hovertemplate"] == "%{customdata}<extra></extra>"
    axis = figure["layout"]["xaxis"]
    assert axis["type"] == "date" and axis["rangeslider"]["visible"]
    assert [b["label"] for b in axis["rangeselector"]["buttons"]] == [
        t("progress.plot.month"), t("progress.plot.months"), t("progress.plot.all")]
    few = spec(rating_figure([1.0, 2.0], [1500.0, 1510.0], [300.0, 280.0], ["a", "b"], "en", "rated puzzles"))
    assert few["layout"]["xaxis"]["title"]["text"] == "rated puzzles"
    assert "rangeslider" not in few["layout"]["xaxis"]  # attempt numbers: no days to zoom into


@pytest.mark.parametrize("lang", sorted(languages()))
def test_every_language_writes_its_own_figures_and_days(lang: str) -> None:
    figure = spec(rating_figure(DAYS[:3], [1500.0] * 3, [100.0] * 3, ["x"] * 3, lang))
    assert figure["layout"]["separators"] == separators(lang)
    tick = figure["layout"]["xaxis"]["tickformat"]
    assert tick == t("progress.plot.tick_day", lang)
    if lang != "en":  # plotly's month names are English: other languages write the day in numbers
        assert "%b" not in tick and "%B" not in tick
    assert separators(lang)[0] == ("." if lang == "en" else ",")


def line(kind: str, shares: list[float], seconds: list[float | None]) -> DrillLine:
    xs = tuple(float(n) for n in range(1, len(shares) + 1))
    return DrillLine(kind, kind.title(), xs, tuple(shares), tuple(seconds), tuple(f"{kind} {n}" for n in xs))


def test_a_drills_two_lines_are_one_legend_entry_and_untimed_points_are_left_out() -> None:
    figure = spec(drill_figure([line("total", [50, 60, 70], [3.0, None, 2.0]), line("score", [100, 0, 50],
                                                                                     [None, None, None])],
                               "en", "answers"))
    data = figure["data"]
    assert [(d["legendgroup"], d.get("showlegend", True), d.get("yaxis", "y")) for d in data] == [
        ("total", True, "y"), ("total", False, "y2"), ("score", True, "y"), ("score", False, "y2")]
    assert data[1]["x"] == [1.0, 3.0] and data[1]["y"] == [3.0, 2.0]  # the untimed answer has no time
    assert data[1]["customdata"] == ["total 1.0", "total 3.0"]  # each time keeps its own words
    assert data[3]["x"] == []
    assert figure["layout"]["xaxis2"]["title"]["text"] == "answers"
    assert figure["layout"]["yaxis"]["range"] == [-3, 103]


def test_a_theme_at_nothing_right_still_has_a_bar() -> None:
    figure = spec(themes_figure(["spinner", "block"], [0.0, 80.0], ["0% (0/3)", "80% (4/5)"], ["a", "b"],
                                "en"))
    bars = figure["data"][0]
    assert bars["x"][0] > 0 and bars["x"][1] == 80.0
    assert bars["marker"]["color"][0] != bars["marker"]["color"][1]  # coloured by the share
    assert figure["layout"]["yaxis"]["autorange"] == "reversed"  # the weakest, given first, on top


def test_the_review_queue_stacks_puzzles_and_boards_day_by_day() -> None:
    days = DAYS[:14]
    counts = {"puzzle": [3] + [0] * 13, "drill": [1, 2] + [0] * 12}
    figure = spec(queue_figure(days, counts, {"puzzle": "puzzles", "drill": "boards"},
                               {part: [str(n) for n in values] for part, values in counts.items()}, "en"))
    assert figure["layout"]["barmode"] == "stack"
    assert [(d["name"], d["y"]) for d in figure["data"]] == [("puzzles", counts["puzzle"]),
                                                              ("boards", counts["drill"])]
