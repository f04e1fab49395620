"""The board drawing: well-formed SVG, every tile once with its pips, the width bound."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from trainer.engine.game import Match
from trainer.engine.layout import Layout
from trainer.engine.tiles import Tile
from trainer.play.players import RandomPlayer
from trainer.svg import (
    DESK_WIDTH,
    MAX_WIDTH,
    PHONE_WIDTH,
    UNIT,
    Drawn,
    board_geometry,
    describe,
    render_board,
    render_hand,
)

NS = {"s": "http://www.w3.org/2000/svg"}
PHONE = 390  # px


def layouts_from_play(seeds: range, rules_players: tuple[str, int] = ("standard", 2)) -> list[Layout]:
    """Every layout met in random games: the longest ones random play produces."""
    from trainer.engine.rules import preset
    found = []
    for seed in seeds:
        match = Match(preset(rules_players[0]), rules_players[1], seed=seed, target=100_000)
        bots = [RandomPlayer(seed * 7 + p) for p in range(rules_players[1])]
        while len(match.hands) == 1:
            found.append(match.position.layout)
            match.play(bots[match.position.turn].choose(match.position))
    return [lay for lay in found if not lay.is_empty]


def tiles_in(svg: str) -> list[ET.Element]:
    return ET.fromstring(svg).findall(".//s:g[@class='tile']", NS)


@pytest.mark.parametrize("code", ["5-0", "6-4", "5-5::::", "4-5,5-1", "5-5:5-2:5-3:5-0:",
                                  "0-0:0-6,6-6:0-5,5-5:0-4,4-4:0-1,1-5"])
def test_each_tile_drawn_once_with_its_pips(code: str) -> None:
    layout = Layout.parse(code)
    groups = tiles_in(render_board(layout))
    drawn = sorted(Tile.parse(g.attrib["data-tile"]) for g in groups)
    assert drawn == sorted(layout.tiles())
    for group in groups:
        tile = Tile.parse(group.attrib["data-tile"])
        assert len(group.findall("s:circle", NS)) == tile.pips


def test_long_layouts_stay_within_a_phone_width_and_never_overlap() -> None:
    layouts = layouts_from_play(range(40))
    longest = sorted(layouts, key=len)[-60:]
    assert max(len(lay) for lay in longest) >= 20
    for layout in longest:
        svg = render_board(layout)
        root = ET.fromstring(svg)
        # the tiles within the width; beyond them only an end's marker (1.1 units) and the margin
        assert float(root.attrib["width"]) <= (MAX_WIDTH + 2 * (1.1 + 0.3)) * UNIT, str(layout)
        assert float(root.attrib["width"]) <= PHONE, str(layout)
        tiles, _ = board_geometry(layout)
        assert len(tiles) == len(layout)
        assert all(-MAX_WIDTH / 2 <= t.x and t.x + t.w <= MAX_WIDTH / 2 for t in tiles), str(layout)
        for i, a in enumerate(tiles):
            for b in tiles[i + 1:]:
                overlap_x = min(a.x + a.w, b.x + b.w) - max(a.x, b.x)
                overlap_y = min(a.y + a.h, b.y + b.h) - max(a.y, b.y)
                assert overlap_x <= 1e-9 or overlap_y <= 1e-9, (str(layout), a, b)


def test_touching_halves_show_the_same_pips() -> None:
    """Along each arm, a tile's inner half lies next to the previous tile's outer half."""
    layout = Layout.parse("3-3:3-4,4-6,6-3,3-2,2-4,4-5,5-1,1-6,6-2,2-0:3-5,5-2,2-1,1-1:3-1:3-0,0-1,1-4")
    tiles, _ = board_geometry(layout)
    for t in tiles:
        assert {t.first, t.second} == {t.tile.high, t.tile.low}


def test_open_ends_are_marked_with_what_they_add() -> None:
    svg = render_board(Layout.parse("6-6:6-4,4-4:::"))
    badges = [t.text for t in ET.fromstring(svg).findall(".//s:g[@class='badge']/s:text", NS)]
    assert sorted(badges) == ["12", "8"]  # the arm's double end adds 8, the spinner 12
    assert "count 20" in svg
    slots = ET.fromstring(svg).findall(".//s:g[@class='open-end']", NS)
    assert [s.attrib["data-side"] for s in slots] == ["W"]


def test_last_tile_is_highlighted() -> None:
    svg = render_board(Layout.parse("4-5,5-1"), last=Tile(5, 1))
    groups = {g.attrib["data-tile"]: g for g in tiles_in(svg)}
    assert 'stroke-width="3"' in ET.tostring(groups["5-1"]).decode()
    assert 'stroke-width="3"' not in ET.tostring(groups["5-4"]).decode()


def test_description_names_spinner_arms_and_count() -> None:
    text = describe(Layout.parse("5-5:5-6:5-0::"))
    assert text.startswith("Spinner 5-5")
    assert "east arm ends in 6" in text and "west arm ends in 0" in text
    assert text.endswith("count 6 + 0 = 6.")
    assert describe(Layout.parse("4-5,5-1")).endswith("count 4 + 1 = 5.")
    assert "empty" in describe(Layout.parse("-"))


def test_every_board_of_random_play_is_well_formed_and_labelled() -> None:
    rng = random.Random(3)
    layouts = layouts_from_play(range(5), ("cincos", 4)) + layouts_from_play(range(5), ("standard", 3))
    for layout in rng.sample(layouts, 40):
        root = ET.fromstring(render_board(layout))
        label = root.attrib["aria-label"]
        assert re.search(rf"count [0-9+ =]*{layout.count()}\.$", label)


def test_hand_drawing() -> None:
    hand = (Tile(6, 6), Tile(5, 3), Tile(2, 0))
    svg = render_hand(hand, selected=Tile(5, 3))
    groups = tiles_in(svg)
    assert [g.attrib["data-tile"] for g in groups] == ["6-6", "5-3", "2-0"]
    assert float(ET.fromstring(svg).attrib["width"]) == pytest.approx((3 * 1.3 + 0.3) * UNIT)


def test_a_double_after_a_tile_along_a_row_lies_crosswise_at_every_width() -> None:
    """A double is never the tile that turns a corner (drawn along the row it leaves, it
    would look played in line): after a tile lying along a row it stands crosswise,
    at the end of the row when it reaches past the row's bound. Every board of the
    shipped puzzles and of random play, at a phone's, the default and a desktop's
    width; no two tiles overlap."""
    from trainer.puzzles.bank import shipped

    layouts = {str(p.parsed().layout): p.parsed().layout for p in shipped()}
    layouts.update((str(lay), lay) for lay in layouts_from_play(range(20)))
    at_an_end = 0
    for layout in layouts.values():
        if layout.spinner is None:
            continue
        for width in (PHONE_WIDTH, MAX_WIDTH, DESK_WIDTH):
            tiles, _ = board_geometry(layout, width)
            first = 1  # the spinner is drawn first, then each arm outward
            for arm in layout.arms:
                drawn = tiles[first:first + len(arm)]
                first += len(arm)
                for i in range(1, len(arm)):
                    before, double = drawn[i - 1], drawn[i]
                    if double.tile.is_double and before.w > before.h:
                        assert double.h > double.w, (str(layout), width, str(double.tile))
                        at_an_end += i == len(arm) - 1
            for i, a in enumerate(tiles):
                for b in tiles[i + 1:]:
                    overlap_x = min(a.x + a.w, b.x + b.w) - max(a.x, b.x)
                    overlap_y = min(a.y + a.h, b.y + b.h) - max(a.y, b.y)
                    assert overlap_x <= 1e-9 or overlap_y <= 1e-9, (str(layout), width, a, b)
    assert at_an_end > 100


def test_the_west_arms_end_double_stays_crosswise_on_a_phone() -> None:
    """c6818cc997's board: the west arm's 1-1 reaches past a phone's bound; it stays at
    the end of the row, crosswise, as on a desktop."""
    layout = Layout.parse("5-5:5-2,2-0:5-6,6-3,3-1,1-1:5-4:5-0,0-0")
    boxes = [{str(t.tile): (t.x, t.y, t.w, t.h) for t in board_geometry(layout, width)[0]}
             for width in (PHONE_WIDTH, MAX_WIDTH, DESK_WIDTH)]
    assert boxes[0]["1-1"] == boxes[1]["1-1"] == boxes[2]["1-1"] == (-7.5, -1.0, 1.0, 2.0)
    assert boxes[0]["3-1"] == (-6.5, -0.5, 2.0, 1.0)


def _hits(cx: float, cy: float, r: float, t: Drawn) -> bool:
    """Whether a disc of radius r at (cx, cy) reaches into a tile's box."""
    px, py = min(max(cx, t.x), t.x + t.w), min(max(cy, t.y), t.y + t.h)
    return (cx - px) ** 2 + (cy - py) ** 2 < r * r


def _gap(a: Drawn, b: Drawn) -> float:
    dx = max(a.x - (b.x + b.w), b.x - (a.x + a.w), 0.0)
    dy = max(a.y - (b.y + b.h), b.y - (a.y + a.h), 0.0)
    return float((dx * dx + dy * dy) ** 0.5)


SNAKES = (layouts_from_play(range(40)) + layouts_from_play(range(20), ("cincos", 4))
          + layouts_from_play(range(20), ("standard", 3)))


@pytest.mark.parametrize("width", [PHONE_WIDTH, DESK_WIDTH])
def test_end_markers_and_their_letters_touch_no_tile(width: float) -> None:
    """Every open end's marker (a disc) and its side's letter lie on the felt: clear of
    every tile, its own arm's and the others' (a marker beside another arm reads as that
    arm's end)."""
    for layout in SNAKES:
        tiles, ends = board_geometry(layout, width)
        for m in ends:
            assert (m.dx, m.dy) != (0, 0)
            lx, ly = m.letter_at
            for t in tiles:
                assert not _hits(m.x, m.y, 0.42, t), (str(layout), m.side, str(t.tile))
                assert not _hits(lx, ly, 0.3, t), (str(layout), m.side, "letter", str(t.tile))


@pytest.mark.parametrize("width", [PHONE_WIDTH, DESK_WIDTH])
def test_east_and_west_rows_keep_clear_of_the_north_and_south_arms(width: float) -> None:
    """Past its first row, an east or west arm that snakes back inwards stops at least a
    tile's width short of the north and south arms, so that no row seems to join them."""
    for layout in SNAKES:
        if layout.spinner is None:
            continue
        tiles, _ = board_geometry(layout, width)
        arm_of = {Tile.of(*placed): side for side, arm in zip("EWNS", layout.arms) for placed in arm}
        column = [t for t in tiles if arm_of.get(t.tile, "NS") in "NS"]  # the spinner with N and S
        later = [t for t in tiles if arm_of.get(t.tile) in ("E", "W") and not t.y < 0.0 < t.y + t.h]
        for row in later:
            for t in column:
                assert _gap(row, t) >= 1.0, (str(layout), str(row.tile), str(t.tile))


def test_each_open_end_is_named_beside_its_marker_in_the_learners_language() -> None:
    svg = render_board(Layout.parse("5-5:5-2:5-3:5-0:"), lang="ru")
    found = ET.fromstring(svg).findall(".//s:text[@class='side']", NS)
    letters = {t.attrib["data-side"]: t.text for t in found}
    assert letters == {"E": "В", "W": "З", "N": "С", "S": "Ю"}
    assert not ET.fromstring(render_board(Layout.parse("4-5,5-1"), markers=False)).findall(
        ".//s:text[@class='side']", NS)  # a quiz's board gives nothing away
