"""The layout: a line, or the spinner with four arms; open ends, the count, placing tiles.

>>> lay = Layout.parse("5-5:5-2:::")
>>> lay.count(), [str(e) for e in lay.open_ends()]
(12, ['E2', 'W5'])
>>> lay = Layout.parse("4-5,5-1").place(Tile(1, 1), "E")
>>> str(lay), lay.count()
('1-1::1-5,5-4::', 6)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import NamedTuple, Optional

from trainer.engine.moves import SIDES, Side
from trainer.engine.rules import is_scoring
from trainer.engine.tiles import Tile, pips_from_text
from trainer.errors import IllegalMoveError, NotationError

# A tile as it lies: (inner, outer) on an arm, (west, east) on a line.
Placed = tuple[int, int]
Arm = tuple[Placed, ...]
ARM_INDEX: dict[str, int] = {side: i for i, side in enumerate(SIDES)}


class End(NamedTuple):
    """An open end: where it is and the pip a tile must show to go there."""

    side: Side
    pip: int

    def __str__(self) -> str:
        return f"{self.side}{self.pip}"


@dataclass(frozen=True)
class Layout:
    """All tiles played so far. Immutable: `place` returns a new layout.

    With no spinner, `line` holds the tiles west to east. With a spinner
    (the first double), `spinner` is its pip and `arms` the E, W, N, S arms,
    each listed outward, inner pip first.
    """

    line: tuple[Placed, ...] = ()
    spinner: Optional[int] = None
    arms: tuple[Arm, Arm, Arm, Arm] = ((), (), (), ())

    # ----- reading -----
    @property
    def is_empty(self) -> bool:
        return self.spinner is None and not self.line

    @property
    def arms_open(self) -> bool:
        """True once both spinner sides hold a tile, so N and S are open."""
        return bool(self.arms[0]) and bool(self.arms[1])

    def open_ends(self) -> tuple[End, ...]:
        """Every open end: W, E on a line; E, W (and N, S once both sides are covered)."""
        if self.spinner is None:
            if not self.line:
                return ()
            return (End("W", self.line[0][0]), End("E", self.line[-1][1]))
        d = self.spinner
        sides = SIDES if self.arms_open else SIDES[:2]
        return tuple(
            End(side, self.arms[ARM_INDEX[side]][-1][1] if self.arms[ARM_INDEX[side]] else d)
            for side in sides
        )

    def count_parts(self) -> tuple[tuple[str, int], ...]:
        """The numbers that make the count, each named by where it comes from.

        >>> Layout.parse("5-5:5-2:::").count_parts()
        (('spinner', 10), ('E', 2))
        """
        if self.spinner is None:
            if not self.line:
                return ()
            if len(self.line) == 1:
                west, east = self.line[0]
                return (("lead", west + east),)
            return (("W", self.line[0][0]), ("E", self.line[-1][1]))
        parts: list[tuple[str, int]] = []
        if not self.arms_open:
            parts.append(("spinner", 2 * self.spinner))
        for side, arm in zip(SIDES, self.arms):
            if arm:
                inner, outer = arm[-1]
                parts.append((side, 2 * outer if inner == outer else outer))
        return tuple(parts)

    def count(self) -> int:
        """The total of the open ends."""
        return sum(value for _, value in self.count_parts())

    def points(self) -> int:
        """What the last tile scores: the count if it is a positive multiple of five."""
        count = self.count()
        return count if is_scoring(count) else 0

    def tiles(self) -> Iterator[Tile]:
        """Every tile on the table."""
        if self.spinner is not None:
            yield Tile(self.spinner, self.spinner)
        for a, b in self.line:
            yield Tile.of(a, b)
        for arm in self.arms:
            for a, b in arm:
                yield Tile.of(a, b)

    def __len__(self) -> int:
        return len(self.line) + sum(len(arm) for arm in self.arms) + (self.spinner is not None)

    # ----- playing -----
    def fits(self, tile: Tile, side: Optional[Side]) -> bool:
        """Whether `tile` may be placed at `side` (None: the lead on an empty table)."""
        if side is None:
            return self.is_empty
        for end in self.open_ends():
            if end.side == side:
                return tile.has(end.pip)
        return False

    def place(self, tile: Tile, side: Optional[Side]) -> Layout:
        """The layout after `tile` goes on `side`; raises IllegalMoveError."""
        if not self.fits(tile, side):
            where = "the empty table" if side is None else f"side {side}"
            ends = ", ".join(str(e) for e in self.open_ends()) or "none: lead a bare tile"
            raise IllegalMoveError(f"{tile} does not fit {where} of {self} (open ends: {ends})")
        if side is None:
            if tile.is_double:
                return Layout(spinner=tile.high)
            return Layout(line=((tile.high, tile.low),))
        if self.spinner is None:
            return self._place_on_line(tile, side)
        i = ARM_INDEX[side]
        arm = self.arms[i]
        pip = arm[-1][1] if arm else self.spinner
        arms = list(self.arms)
        arms[i] = arm + ((pip, tile.other(pip)),)
        return Layout(spinner=self.spinner, arms=(arms[0], arms[1], arms[2], arms[3]))

    def _place_on_line(self, tile: Tile, side: Side) -> Layout:
        line = self.line
        if side == "W":
            pip = line[0][0]
            if tile.is_double:  # the first double: the line becomes its east arm
                return Layout(spinner=pip, arms=(line, (), (), ()))
            return Layout(line=((tile.other(pip), pip),) + line)
        pip = line[-1][1]
        if tile.is_double:  # the line becomes its west arm, read from the spinner
            west = tuple((b, a) for a, b in reversed(line))
            return Layout(spinner=pip, arms=((), west, (), ()))
        return Layout(line=line + ((pip, tile.other(pip)),))

    # ----- text -----
    def __str__(self) -> str:
        if self.spinner is None:
            return ",".join(f"{a}-{b}" for a, b in self.line) or "-"
        d = self.spinner
        return f"{d}-{d}:" + ":".join(",".join(f"{a}-{b}" for a, b in arm) for arm in self.arms)

    def __repr__(self) -> str:
        return f"Layout.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Layout:
        """Read a layout in the notation of notation.md; raises NotationError."""
        text = text.strip()
        if text in ("-", ""):
            return EMPTY
        if ":" not in text:
            line = _read_run(text, "line")
            if len(line) == 1 and line[0][0] == line[0][1]:
                d = line[0][0]
                raise NotationError(f"layout {text}: a lone double is the spinner; write {d}-{d}::::")
            _check_touching(line, "line")
            for a, b in line:
                if a == b:
                    raise NotationError(
                        f"layout {text}: double {a}-{b} inside a line "
                        "(the first double played is the spinner: write d-d:E:W:N:S)"
                    )
            layout = cls(line=line)
        else:
            parts = text.split(":")
            if len(parts) != 5:
                raise NotationError(
                    f"layout {text}: a spinner layout has five parts d-d:E:W:N:S, found {len(parts)}"
                )
            a, b = pips_from_text(parts[0])
            if a != b:
                raise NotationError(f"layout {text}: the spinner {parts[0]} must be a double")
            arms = []
            for side, arm_text in zip(SIDES, parts[1:]):
                arm = _read_run(arm_text, f"arm {side}") if arm_text else ()
                if arm and arm[0][0] != a:
                    raise NotationError(
                        f"arm {side}: {arm[0][0]}-{arm[0][1]} does not touch the spinner "
                        f"{a}-{a} (write the inner pip first)"
                    )
                _check_touching(arm, f"arm {side}")
                arms.append(arm)
            if (arms[2] or arms[3]) and not (arms[0] and arms[1]):
                raise NotationError(
                    f"layout {text}: arms N and S open only once both E and W hold a tile"
                )
            layout = cls(spinner=a, arms=(arms[0], arms[1], arms[2], arms[3]))
        seen: set[Tile] = set()
        for tile in layout.tiles():
            if tile in seen:
                raise NotationError(f"layout {text}: tile {tile} appears twice")
            seen.add(tile)
        return layout


def _read_run(text: str, where: str) -> tuple[Placed, ...]:
    run = []
    for part in text.split(","):
        try:
            run.append(pips_from_text(part.strip()))
        except NotationError as error:
            raise NotationError(f"{where}: {error}") from None
    return tuple(run)


def _check_touching(run: tuple[Placed, ...], where: str) -> None:
    for (a, b), (c, d) in zip(run, run[1:]):
        if b != c:
            raise NotationError(f"{where}: {a}-{b} does not touch {c}-{d} ({b} against {c})")


EMPTY = Layout()
