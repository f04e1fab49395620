"""Board drawing: a layout (and a hand) as SVG that looks like real dominoes.

Pure functions returning strings. White tiles with pips; doubles crosswise; the
spinner in the middle with its four arms; long arms turn corners so that the board
stays within `max_width` units (half-tiles: the caller picks the width it has, e.g.
`PHONE_WIDTH` or `DESK_WIDTH`), but for a double at the end of a row, which stays
crosswise there rather than turn the corner;
the last tile played highlighted; each open end marked with what it adds to the
count. Colours live in one table that a caller may override.

>>> svg = render_board(Layout.parse("5-5:5-2:5-3::"))
>>> svg.startswith("<svg") and "count 5" in svg
True
>>> print(describe(Layout.parse("5-5:5-6:5-0::")))
Spinner 5-5; east arm ends in 6; west arm ends in 0;
north and south are open on 5 and add nothing yet; count 6 + 0 = 6.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Optional

from trainer import i18n
from trainer.engine.layout import Layout
from trainer.engine.moves import SIDES
from trainer.engine.tiles import Tile

COLOURS: dict[str, str] = {
    "tile": "#fffdf7",
    "edge": "#3b3b3b",
    "pip": "#1d1d1d",
    "divider": "#9a9a9a",
    "last": "#e8a317",
    "badge": "#1f6f50",
    "badge_text": "#ffffff",
    "spinner_badge": "#2b5c9e",
    "open": "#8aa6c1",
    "selected": "#d9480f",
    "caption": "#f4f1e8",
    "felt": "#2f7a55",
}
UNIT = 20  # pixels in a half-tile square
MAX_WIDTH = 17.0  # board width in half-tile units
PHONE_WIDTH = 14.0  # what a phone's column holds at a readable size (about 360 px)
DESK_WIDTH = 24.0  # what a desktop's centred column holds (about 700 px)

SIDE_NAMES = {"E": "east", "W": "west", "N": "north", "S": "south"}
# An east or west arm's rows after its first keep this far from the spinner's column where
# the north and south arms reach, so that a row running back inwards, and its end's marker
# and letter, stay clear of them (their crosswise doubles reach 1 unit from the centre).
INWARD_MARGIN = 2.0
NEAR_MARGIN = 1.25  # the same where the north and south arms do not reach the row's height
END_REACH = 1.75  # how far an open end's marker and letter reach beyond its tile
LETTER_OFFSET = 0.75  # from an end's marker to its side's letter, in units
LETTER_SIZE = 0.55  # the side's letter's height, in units

# Pip positions in a unit square, for a square read with its long tile axis horizontal.
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    0: (),
    1: ((0.5, 0.5),),
    2: ((0.25, 0.25), (0.75, 0.75)),
    3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)),
    5: ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)),
    6: ((0.25, 0.22), (0.5, 0.22), (0.75, 0.22), (0.25, 0.78), (0.5, 0.78), (0.75, 0.78)),
}


@dataclass(frozen=True)
class Drawn:
    """One tile on the board: its box (in units), its two halves' pips, and where
    each half lies: `first` is the half at the top or left of the box."""

    x: float
    y: float
    w: float
    h: float
    first: int
    second: int
    tile: Tile


@dataclass(frozen=True)
class OpenEnd:
    """An open end on the board: where to draw its marker, what it adds, its side."""

    x: float
    y: float
    side: str
    pip: int
    adds: Optional[int]  # None: open, but adds nothing by itself (empty spinner side)
    dx: int = 0  # the way the end faces
    dy: int = 0
    rows: int = 1  # the way the arm's rows go, +1 down and -1 up: nothing of it lies beyond its end

    @property
    def letter_at(self) -> tuple[float, float]:
        """Where the side's letter goes: beside the marker of an end facing east or west,
        on the side the arm's rows go (the board grows no wider, and the end is the arm's
        last tile), beyond the marker of one facing north or south."""
        if self.dy == 0:
            return self.x, self.y + self.rows * LETTER_OFFSET
        return self.x, self.y + self.dy * LETTER_OFFSET


class Turtle:
    """Lays a chain of tiles outward from a start point, turning corners at the bounds."""

    def __init__(self, x: float, y: float, dx: int, dy: int, low: float, high: float,
                 rows_dy: int) -> None:
        self.x, self.y, self.dx, self.dy = x, y, dx, dy
        self.low, self.high = low, high  # horizontal bounds of the rows after the first
        self.first_low = low
        self.rows_dy = rows_dy  # +1: later rows below, -1: above
        self.column: Optional[tuple[float, float]] = None  # the N and S arms' reach, top to bottom
        self.east = dx > 0  # an east arm (or a line): its inward bound is its low one
        self.turning = False
        self.last_half_width = 0.5
        self.tiles: list[Drawn] = []

    def place(self, inner: int, outer: int, double_next: bool = False) -> None:
        """Lay the next tile. A double never turns a corner: one that reaches past a
        row's outer bound stays crosswise at the row's end (the next tile turns); on a
        row running inwards, where nothing may reach past the bound, the tile before a
        double that would not fit (`double_next`) turns, and the double lies crosswise
        at the start of the next row."""
        double = inner == outer
        length = 1.0 if double else 2.0
        if self.dy == 0 and not self.turning:
            end = self.x + self.dx * length
            room = end + self.dx * (1.0 if double_next and not self._outward() else 0.0)
            low, high = self._bounds()
            if (room > high or room < low) and not (double and self._outward()):
                self._turn_vertical()
        if self.dy == 0:
            self._place_horizontal(inner, outer, double, length)
        else:
            self._place_vertical(inner, outer, double, length)
            if not double and self.turning:
                self._turn_horizontal()

    def _bounds(self) -> tuple[float, float]:
        """The row's horizontal bounds. An east or west arm's later row keeps
        `INWARD_MARGIN` from the centre where the north and south arms reach its height,
        and `NEAR_MARGIN` where they do not."""
        if self.column is None:
            return self.low, self.high
        top, bottom = self.column
        # a crosswise double reaches 1 up and down; a row within a unit of the column is beside it
        beside = self.y - 1.0 < bottom + 1.0 and self.y + 1.0 > top - 1.0
        near = INWARD_MARGIN if beside else NEAR_MARGIN
        return (near, self.high) if self.east else (self.low, -near)

    def _outward(self) -> bool:
        """Whether the row runs away from the board's centre (nothing lies beyond its end)."""
        low, high = self._bounds()
        return high > 0 if self.dx > 0 else low < 0

    def _place_horizontal(self, inner: int, outer: int, double: bool, length: float) -> None:
        across = 1.0 if double else 0.5
        left = self.x if self.dx > 0 else self.x - length
        first, second = (inner, outer) if self.dx > 0 else (outer, inner)
        self.tiles.append(Drawn(left, self.y - across, length, 2 * across, first, second,
                                Tile.of(inner, outer)))
        self.x += self.dx * length
        self.last_half_width = across

    def _place_vertical(self, inner: int, outer: int, double: bool, length: float) -> None:
        across = 1.0 if double else 0.5
        top = self.y if self.dy > 0 else self.y - length
        first, second = (inner, outer) if self.dy > 0 else (outer, inner)
        self.tiles.append(Drawn(self.x - across, top, 2 * across, length, first, second,
                                Tile.of(inner, outer)))
        self.y += self.dy * length
        self.last_half_width = across

    def _turn_vertical(self) -> None:
        """Go round the corner: the next tiles go down (or up) under the last square."""
        self.x -= self.dx * 0.5
        self.y += self.rows_dy * self.last_half_width
        self.row_dx = -self.dx
        self.dx, self.dy = 0, self.rows_dy
        self.turning = True

    def _turn_horizontal(self) -> None:
        """Leave the corner: the next row runs back the other way from the last square."""
        self.y -= self.dy * 0.5
        self.dx, self.dy = self.row_dx, 0
        self.x += self.dx * 0.5
        self.turning = False

    @property
    def end(self) -> tuple[float, float, int, int]:
        """A point just beyond the open end, for its marker, and the way the end faces."""
        if self.dy == 0:
            return self.x + self.dx * 0.6, self.y, self.dx, 0
        return self.x, self.y + self.dy * 0.6, 0, self.dy


def board_geometry(layout: Layout, max_width: float = MAX_WIDTH) -> tuple[list[Drawn], list[OpenEnd]]:
    """Every tile's box and every open end's marker, in half-tile units."""
    half = max_width / 2
    if layout.is_empty:
        return [], []
    ends = {e.side: e.pip for e in layout.open_ends()}
    if layout.spinner is None:
        line = layout.line
        turtle = Turtle(-half, 0.0, 1, 0, -half, half, 1)
        width = sum(2.0 for _ in line)
        if width <= max_width:  # one row: centre it
            turtle.x = -width / 2
        for west, east in line:
            turtle.place(west, east)
        x0, y0 = turtle.tiles[0].x, turtle.tiles[0].y + turtle.tiles[0].h / 2
        x1, y1, dx1, dy1 = turtle.end
        alone = len(line) == 1  # a lone lead: both ends open, neither adds by itself
        line_ends = [OpenEnd(x0 - 0.6, y0, "W", ends["W"], None if alone else ends["W"], -1, 0),
                     OpenEnd(x1, y1, "E", ends["E"], None if alone else ends["E"], dx1, dy1)]
        return turtle.tiles, line_ends
    d = layout.spinner
    tiles = [Drawn(-0.5, -1.0, 1.0, 2.0, d, d, Tile(d, d))]
    turtles = {
        "E": Turtle(0.5, 0.0, 1, 0, -half, half - 0.5, 1),
        "W": Turtle(-0.5, 0.0, -1, 0, -half + 0.5, half, -1),
        "N": Turtle(0.0, -1.0, 0, -1, -half, half, -1),
        "S": Turtle(0.0, 1.0, 0, 1, -half, half, 1),
    }
    reach = {side: sum(1.0 if a == b else 2.0 for a, b in arm) + (END_REACH if side in ends else 0.0)
             for side, arm in zip(SIDES, layout.arms)}
    column = (-1.0 - reach["N"], 1.0 + reach["S"])
    markers: list[OpenEnd] = []
    for side, arm in zip(SIDES, layout.arms):
        turtle = turtles[side]
        for i, (inner, outer) in enumerate(arm):
            turtle.place(inner, outer, double_next=i + 1 < len(arm) and arm[i + 1][0] == arm[i + 1][1])
            if i == 0 and side in "EW":  # the first row starts beside the spinner; later rows keep clear
                turtle.column = column
        tiles.extend(turtle.tiles)
        if side in ends:
            if arm:
                inner, outer = arm[-1]
                adds: Optional[int] = 2 * outer if inner == outer else outer
            else:
                adds = None
            x, y, dx, dy = turtle.end
            markers.append(OpenEnd(x, y, side, ends[side], adds, dx, dy, turtle.rows_dy))
    return tiles, markers


def _pips(x: float, y: float, size: float, n: int, vertical: bool) -> str:
    out = []
    r = size * 0.1
    for px, py in PIPS[n]:
        if vertical:
            px, py = py, px
        out.append(f'<circle cx="{x + px * size:.2f}" cy="{y + py * size:.2f}" r="{r:.2f}" '
                   f'fill="{COLOURS["pip"]}"/>')
    return "".join(out)


def _tile_svg(t: Drawn, scale: float, highlight: bool, ox: float, oy: float) -> str:
    x, y, w, h = (t.x - ox) * scale, (t.y - oy) * scale, t.w * scale, t.h * scale
    stroke = COLOURS["last"] if highlight else COLOURS["edge"]
    width = 3 if highlight else 1.2
    parts = [f'<g class="tile" data-tile="{t.tile}">',
             f'<rect x="{x:.2f}" y="{y:.2f}" width="{w:.2f}" height="{h:.2f}" rx="{scale * 0.15:.2f}" '
             f'fill="{COLOURS["tile"]}" stroke="{stroke}" stroke-width="{width}"/>']
    if w >= h:  # halves side by side
        half = w / 2
        parts.append(f'<line x1="{x + half:.2f}" y1="{y + h * 0.15:.2f}" x2="{x + half:.2f}" '
                     f'y2="{y + h * 0.85:.2f}" stroke="{COLOURS["divider"]}" stroke-width="1"/>')
        size = min(half, h)
        off = (h - size) / 2
        parts.append(_pips(x + (half - size) / 2, y + off, size, t.first, vertical=False))
        parts.append(_pips(x + half + (half - size) / 2, y + off, size, t.second, vertical=False))
    else:  # halves one above the other
        half = h / 2
        parts.append(f'<line x1="{x + w * 0.15:.2f}" y1="{y + half:.2f}" x2="{x + w * 0.85:.2f}" '
                     f'y2="{y + half:.2f}" stroke="{COLOURS["divider"]}" stroke-width="1"/>')
        size = min(half, w)
        off = (w - size) / 2
        parts.append(_pips(x + off, y + (half - size) / 2, size, t.first, vertical=True))
        parts.append(_pips(x + off, y + half + (half - size) / 2, size, t.second, vertical=True))
    parts.append("</g>")
    return "".join(parts)


def _badge(x: float, y: float, text: str, colour: str, scale: float) -> str:
    r = scale * 0.42
    return (f'<g class="badge"><circle cx="{x:.2f}" cy="{y:.2f}" r="{r:.2f}" fill="{colour}"/>'
            f'<text x="{x:.2f}" y="{y + r * 0.38:.2f}" font-size="{r * 1.05:.2f}" '
            f'text-anchor="middle" font-family="sans-serif" font-weight="bold" '
            f'fill="{COLOURS["badge_text"]}">{escape(text)}</text></g>')


def _open_slot(x: float, y: float, scale: float, side: str, pip: int) -> str:
    r = scale * 0.32
    return (f'<g class="open-end" data-side="{side}"><circle cx="{x:.2f}" cy="{y:.2f}" r="{r:.2f}" '
            f'fill="none" stroke="{COLOURS["open"]}" stroke-width="2" stroke-dasharray="3 2"/>'
            f'<text x="{x:.2f}" y="{y + r * 0.4:.2f}" font-size="{r:.2f}" text-anchor="middle" '
            f'font-family="sans-serif" fill="{COLOURS["open"]}">{pip}</text></g>')


def _named_slot(x: float, y: float, scale: float, side: str, name: str) -> str:
    """An open end marked with its side's name (a letter), and nothing it adds."""
    r = scale * 0.42
    return (f'<g class="open-end named" data-side="{side}"><circle cx="{x:.2f}" cy="{y:.2f}" r="{r:.2f}" '
            f'fill="{COLOURS["tile"]}" stroke="{COLOURS["spinner_badge"]}" stroke-width="2.5"/>'
            f'<text x="{x:.2f}" y="{y + r * 0.38:.2f}" font-size="{r * 1.05:.2f}" text-anchor="middle" '
            f'font-family="sans-serif" font-weight="bold" fill="{COLOURS["spinner_badge"]}">'
            f'{escape(name)}</text></g>')


def _side_letter(x: float, y: float, scale: float, side: str, name: str) -> str:
    """An open end's side, as a letter on the felt beyond its marker."""
    size = scale * LETTER_SIZE
    return (f'<text class="side" data-side="{side}" x="{x:.2f}" y="{y + size * 0.36:.2f}" '
            f'font-size="{size:.2f}" text-anchor="middle" font-family="sans-serif" font-weight="bold" '
            f'fill="{COLOURS["caption"]}">{escape(name)}</text>')


def render_board(layout: Layout, last: Optional[Tile] = None, unit: int = UNIT,
                 max_width: float = MAX_WIDTH, caption: bool = True,
                 selected_ends: tuple[str, ...] = (), markers: bool = True, lang: str = "en",
                 named_ends: bool = False) -> str:
    """The layout as an SVG string. `last` is highlighted; `selected_ends` get a ring.
    Each open end's marker says what it adds, with its side's letter (E, W, N, S in
    `lang`, as the moves name the ends) beyond it. With `markers` False (a quiz), the
    tiles alone: no end markers, no count; with `named_ends` too, each open end is marked
    with its side's letter and nothing else, for a question that names an end. Its
    caption and description are in `lang`."""
    tiles, ends = board_geometry(layout, max_width)
    if not markers:
        caption = False
        if not named_ends:
            ends = [m for m in ends if m.side in selected_ends]
    spinner_adds = (2 * layout.spinner if layout.spinner is not None and not layout.arms_open
                    and markers else None)
    lettered = ends if markers else []
    xs = [t.x for t in tiles] + [m.x - 0.5 for m in ends] + [-1.0]
    xe = [t.x + t.w for t in tiles] + [m.x + 0.5 for m in ends] + [1.0]
    letters = [m.letter_at[1] for m in lettered]
    ys = [t.y for t in tiles] + [m.y - 0.5 for m in ends] + [y - 0.4 for y in letters] + [-1.0]
    ye = [t.y + t.h for t in tiles] + [m.y + 0.5 for m in ends] + [y + 0.4 for y in letters] + [1.0]
    pad = 0.3
    top_extra = 1.2 if caption else 0.0
    caption_text = i18n.t("board.describe.count", lang, total=layout.count())
    ox, oy = min(xs) - pad, min(ys) - pad - top_extra
    width = (max(xe) - min(xs) + 2 * pad) * unit
    if caption:  # wide enough for its caption, with a margin each side (0.6 em a letter at most)
        least = (len(caption_text) * 0.7 * 0.6 + 2 * pad) * unit
        if width < least:
            ox -= (least - width) / unit / 2
            width = least
    height = (max(ye) - min(ys) + 2 * pad + top_extra) * unit
    body = []
    for t in tiles:
        body.append(_tile_svg(t, unit, last is not None and t.tile == last, ox, oy))
    for m in ends:
        mx, my = (m.x - ox) * unit, (m.y - oy) * unit
        if not markers and named_ends:
            body.append(_named_slot(mx, my, unit, m.side, i18n.t(f"part.{m.side}", lang)))
        elif m.adds is None or not markers:
            body.append(_open_slot(mx, my, unit, m.side, m.pip))
        else:
            body.append(_badge(mx, my, str(m.adds), COLOURS["badge"], unit))
        if markers:
            lx, ly = m.letter_at
            body.append(_side_letter((lx - ox) * unit, (ly - oy) * unit, unit, m.side,
                                     i18n.t(f"part.{m.side}", lang)))
        if m.side in selected_ends:
            body.append(f'<circle cx="{mx:.2f}" cy="{my:.2f}" r="{unit * 0.55:.2f}" fill="none" '
                        f'stroke="{COLOURS["selected"]}" stroke-width="3"/>')
    if spinner_adds is not None:
        body.append(_badge((0.95 - ox) * unit, (-1.0 - oy) * unit, str(spinner_adds),
                           COLOURS["spinner_badge"], unit))
    if layout.spinner is None and len(layout.line) == 1 and markers:
        t = tiles[0]
        body.append(_badge((t.x + t.w - ox) * unit, (t.y - oy) * unit, str(layout.count()),
                           COLOURS["spinner_badge"], unit))
    if caption:
        body.insert(0, f'<text x="{pad * unit:.2f}" y="{unit * 0.95:.2f}" font-size="{unit * 0.7:.2f}" '
                       f'font-family="sans-serif" fill="{COLOURS["caption"]}">'
                       f'{escape(caption_text)}</text>')
    label = escape(describe(layout, with_count=markers, lang=lang), quote=True)
    felt = (f'<rect x="0" y="0" width="{width:.2f}" height="{height:.2f}" rx="{unit * 0.4:.2f}" '
            f'fill="{COLOURS["felt"]}"/>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.2f} {height:.2f}" '
            f'width="{width:.0f}" height="{height:.0f}" style="max-width:100%;height:auto" '
            f'role="img" aria-label="{label}"><title>{label}</title>' + felt
            + "".join(body) + "</svg>")


def render_hand(tiles: tuple[Tile, ...], selected: Optional[Tile] = None, unit: int = UNIT,
                highlight: tuple[Tile, ...] = (), lang: str = "en") -> str:
    """A hand as upright tiles in a row; `selected` and `highlight` get a coloured edge.
    Its description is in `lang`."""
    gap = 0.3
    drawn = [Drawn(i * (1 + gap), 0.0, 1.0, 2.0, t.high, t.low, t) for i, t in enumerate(tiles)]
    width = (len(tiles) * (1 + gap) + gap) * unit
    body = []
    for t in drawn:
        mark = t.tile == selected or t.tile in highlight
        body.append(_tile_svg(t, unit, mark, -gap, -gap))
    shown = ", ".join(str(t) for t in tiles) or i18n.t("widgets.hand_empty", lang)
    label = escape(i18n.t("widgets.hand_alt", lang, tiles=shown), quote=True)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {max(width, unit):.2f} '
            f'{(2 + 2 * gap) * unit:.2f}" width="{max(width, unit):.0f}" height="{(2 + 2 * gap) * unit:.0f}" '
            f'style="max-width:100%;height:auto" role="img" aria-label="{label}"><title>{label}</title>'
            + "".join(body) + "</svg>")


def render_tile(tile: Tile, unit: int = UNIT, selected: bool = False, faded: bool = False) -> str:
    """One upright tile, high half on top, for a clickable button; `selected` gets the
    highlight edge, `faded` (a tile that cannot be played now) is drawn greyed.

    >>> render_tile(Tile(6, 4)).count("<circle")
    10
    """
    drawn = Drawn(0.0, 0.0, 1.0, 2.0, tile.high, tile.low, tile)
    pad = 0.1
    body = _tile_svg(drawn, unit, selected, -pad, -pad)
    opacity = ' opacity="0.45"' if faded else ""
    width, height = (1 + 2 * pad) * unit, (2 + 2 * pad) * unit
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.2f} {height:.2f}" '
            f'width="{width:.0f}" height="{height:.0f}" role="img" aria-label="{tile}">'
            f'<title>{tile}</title><g{opacity}>{body}</g></svg>')


def describe(layout: Layout, with_count: bool = True, lang: str = "en") -> str:
    """The board in words, for screen readers: spinner, each arm's end, the count
    (left out, with what gives it away, when `with_count` is False: a quiz). The
    sentences come from the catalogue of `lang` (keys `board.describe.*`).

    >>> describe(Layout.parse("4-5,5-1"))
    'Line of 2 tiles, no spinner yet; west end 4; east end 1; count 4 + 1 = 5.'
    >>> describe(Layout.parse("6-6:6-4,4-4:::"), with_count=False)
    'Spinner 6-6; east arm ends in 4 (double 4-4); west side empty, open on 6.'
    """
    def say(key: str, **values: object) -> str:
        return i18n.t("board.describe." + key, lang, **values)

    def side_name(side: str) -> str:
        return i18n.t("side." + side, lang)

    parts = layout.count_parts()
    total = layout.count()
    if len(parts) > 1:
        sums = say("count_sum", terms=" + ".join(str(v) for _, v in parts), total=total)
    else:
        sums = say("count", total=total)

    def sentence(clauses: list[str]) -> str:
        text = say("separator").join(clauses)
        return say("sentence_count", text=text, count=sums) if with_count else say("sentence", text=text)

    if layout.is_empty:
        return sentence([say("empty")])
    if layout.spinner is None:
        if len(layout.line) == 1:
            west, east = layout.line[0]
            tile = f"{west}-{east}"
            return sentence([say("lead", tile=tile)] + ([say("lead_both")] if with_count else []))
        ends = {e.side: e.pip for e in layout.open_ends()}
        return sentence([say("line", tiles=len(layout.line)), say("line_end_w", pip=ends["W"]),
                         say("line_end_e", pip=ends["E"])])
    d = layout.spinner
    words = [say("spinner", tile=f"{d}-{d}")]
    for side, arm in zip(SIDES, layout.arms):
        if arm:
            inner, outer = arm[-1]
            if inner != outer:
                words.append(say("arm_end", side=side_name(side), pip=outer))
            elif with_count:
                words.append(say("arm_double", side=side_name(side), pip=outer,
                                 tile=f"{outer}-{outer}", value=2 * outer))
            else:
                words.append(say("arm_double_quiz", side=side_name(side), pip=outer,
                                 tile=f"{outer}-{outer}"))
        elif side in "EW":
            words.append(say("side_empty", side=side_name(side), pip=d))
    if not layout.arms_open:
        if with_count:
            words.append(say("spinner_counts", value=2 * d))
    else:
        empty = [s for s, arm in zip("NS", layout.arms[2:]) if not arm]
        if len(empty) == 2:
            words.append(say("across_open", pip=d))
        elif empty:
            words.append(say("one_across_open", side=side_name(empty[0]), pip=d))
    return sentence(words)
