"""Independent oracles for the tests: the rules of rules.md written again, from scratch.

Nothing here calls the engine to decide a count, an open end, a legal move or a score;
the engine's classes are only read (a layout's tiles, a position's hands) or built.
"""

from __future__ import annotations

import ast
import random
import signal
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from trainer.engine.position import Hidden, Position
from trainer.engine.tiles import ALL_TILES, Tile
from trainer.engine.voids import Voids

ALL_PAIRS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(7) for b in range(a + 1))


def tiles(text: str) -> list[Tile]:
    """`"6-6,4-4"` as tiles (the tests' own shorthand; `-` is no tile)."""
    if text in ("", "-"):
        return []
    out = []
    for part in text.split(","):
        a, b = (int(x) for x in part.split("-"))
        out.append(Tile(max(a, b), min(a, b)))
    return out


def tile_text(tile_list: Iterable[Tile]) -> str:
    """Canonical hand text: highest first, `-` when empty."""
    ordered = sorted(((t.high, t.low) for t in tile_list), reverse=True)
    return ",".join(f"{a}-{b}" for a, b in ordered) or "-"


def pips(tile_list: Iterable[Tile]) -> int:
    return sum(t.high + t.low for t in tile_list)


def nearest_five(total: int) -> int:
    """Nearest multiple of five, found by search (0-2 down, 3-4 up: no ties exist)."""
    return min(range(0, total + 5, 5), key=lambda m: abs(m - total))


def side_of(rule_name: str, player: int) -> int:
    """Whose score a player's points go to: his own, or his partnership's (0+2, 1+3)."""
    return player % 2 if rule_name == "partners" else player


def is_scoring(count: int) -> bool:
    return count > 0 and count % 5 == 0


# ----- a layout model that knows only ends, written from rules 7, 8 and 10 -----
@dataclass
class LayoutModel:
    """The open ends of a layout as the rules describe them, updated tile by tile.

    Line: `ends` holds W and E; `single` while only the lead is down. Spinner: `spinner`
    is its pip and `arms[side]` the last tile of that arm as (is_double, outer pip).
    """

    spinner: Optional[int] = None
    ends: dict[str, int] = field(default_factory=dict)
    single: Optional[Tile] = None
    arms: dict[str, Optional[tuple[bool, int]]] = field(
        default_factory=lambda: {"E": None, "W": None, "N": None, "S": None}
    )
    placed: int = 0

    @property
    def empty(self) -> bool:
        return self.placed == 0

    def sides_covered(self) -> bool:
        return self.arms["E"] is not None and self.arms["W"] is not None

    def open_ends(self) -> dict[str, int]:
        """Side -> pip a tile must show there."""
        if self.empty:
            return {}
        if self.spinner is None:
            return dict(self.ends)
        sides = ["E", "W", "N", "S"] if self.sides_covered() else ["E", "W"]
        out = {}
        for side in sides:
            last = self.arms[side]
            out[side] = self.spinner if last is None else last[1]
        return out

    def count(self) -> int:
        if self.empty:
            return 0
        if self.spinner is None:
            if self.single is not None:
                return self.single.high + self.single.low
            return self.ends["W"] + self.ends["E"]
        total = 0 if self.sides_covered() else 2 * self.spinner
        for last in self.arms.values():
            if last is not None:
                is_double, outer = last
                total += 2 * outer if is_double else outer
        return total

    def place(self, tile: Tile, side: Optional[str]) -> None:
        """Add `tile` at `side` (None: the lead). Asserts the tile matches."""
        if self.empty:
            assert side is None
            if tile.high == tile.low:
                self.spinner = tile.high
            else:
                self.single = tile
                self.ends = {"W": tile.high, "E": tile.low}
            self.placed = 1
            return
        assert side is not None
        pip = self.open_ends()[side]
        assert pip in (tile.high, tile.low), f"{tile} does not match {side}{pip}"
        outer = tile.low if tile.high == pip else tile.high
        is_double = tile.high == tile.low
        self.placed += 1
        if self.spinner is None:
            if is_double:  # the first double: the spinner; the line becomes one arm
                self.spinner = pip
                other = "E" if side == "W" else "W"
                self.arms[other] = (False, self.ends[other])
                self.ends = {}
            else:
                self.ends[side] = outer
            self.single = None
            return
        self.arms[side] = (is_double, outer)


def model_of(layout_tiles: Sequence[tuple[Tile, Optional[str]]]) -> LayoutModel:
    """The model after a sequence of (tile, side) placements."""
    model = LayoutModel()
    for tile, side in layout_tiles:
        model.place(tile, side)
    return model


def brute_force_moves(hand: Iterable[Tile], ends: dict[str, int], empty: bool,
                      highest_double_lead: bool) -> set[str]:
    """Every legal move as text, by trying every tile of the hand at every open end."""
    hand = list(hand)
    if empty:
        if highest_double_lead:
            doubles = [t for t in hand if t.high == t.low]
            return {f"{max(doubles).high}-{max(doubles).low}"} if doubles else set()
        return {f"{t.high}-{t.low}" for t in hand}
    return {f"{t.high}-{t.low}@{side}" for t in hand for side, pip in ends.items()
            if pip in (t.high, t.low)}


def hand_end_deltas(rule_name: str, hand_pips: Sequence[int], went_out: Optional[int]) -> list[int]:
    """Each side's change at the end of a hand (rule 11, or the cincos rules).

    `went_out` is the player who dominoed, None when the hand is blocked.
    """
    players = len(hand_pips)
    partners = rule_name == "partners"
    sides = 2 if partners else players
    deltas = [0] * sides
    if rule_name != "cincos":
        for player, total in enumerate(hand_pips):
            deltas[side_of(rule_name, player)] -= nearest_five(total)
        return deltas
    if went_out is None:
        low = min(hand_pips)
        lowest = [p for p, total in enumerate(hand_pips) if total == low]
        if len(lowest) != 1:
            return deltas
        winner = lowest[0]
    else:
        winner = went_out
    deltas[winner] += nearest_five(sum(t for p, t in enumerate(hand_pips) if p != winner))
    return deltas


def complete_code(layout: str, hands: Sequence[str], boneyard: Optional[str], turn: int,
                  scores: Sequence[int], rules: str = "standard") -> str:
    """A position code whose boneyard (when None) holds every tile not shown elsewhere,
    in canonical order."""
    if boneyard is None:
        used = {(t.high, t.low) for t in layout_text_tiles(layout)}
        for hand in hands:
            used |= {(t.high, t.low) for t in tiles(hand)} if not hand.startswith("?") else set()
        rest = [Tile(a, b) for a, b in ALL_PAIRS if (a, b) not in used]
        boneyard = tile_text(rest)
    fields = [layout, "/".join(hands), boneyard, str(turn), ",".join(str(s) for s in scores)]
    if rules != "standard":
        fields.append(rules)
    return " ".join(fields)


def layout_text_tiles(text: str) -> list[Tile]:
    """The tiles written in a layout text (any form of notation.md)."""
    if text == "-":
        return []
    found = []
    for part in text.replace(":", ",").split(","):
        if part:
            found.extend(tiles(part))
    return list(dict.fromkeys(found))


def t_calls(path: Path) -> Iterator[ast.Call]:
    """Every call of the catalogue function t(...) in a source file."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "t":
            yield node


def literal_keys(path: Path) -> set[str]:
    """The first argument of every t("key", ...) call written as a plain string."""
    return {str(call.args[0].value) for call in t_calls(path)
            if call.args and isinstance(call.args[0], ast.Constant)}


def tree_strings(at: object, strings: Callable[[Any], Iterable[str]]) -> list[str]:
    """Every string an AppTest run rendered, read from each element's message by
    `strings`, and the headers and cells of its tables."""
    from google.protobuf.message import Message

    out: list[str] = []

    def walk(node: object) -> None:
        proto = getattr(node, "proto", None)
        if isinstance(proto, Message):
            out.extend(strings(proto))
        if getattr(node, "type", None) in ("arrow_data_frame", "dataframe", "table"):
            frame = node.value  # type: ignore[attr-defined]
            out.extend(str(c) for c in frame.columns)
            out.extend(str(v) for v in frame.to_numpy().ravel())
        children = getattr(node, "children", None)
        if isinstance(children, dict):
            for child in children.values():
                walk(child)

    walk(at._tree)  # type: ignore[attr-defined]
    return out


def as_in_a_terminal() -> None:
    """For a child process (`preexec_fn`): Ctrl-C's signal at its default, as a command
    in a terminal's foreground has it. A suite started in the background by a shell
    without job control (`pytest &` in a script, nohup) ignores SIGINT, its children
    inherit that, and Python then leaves it ignored: a test that sends SIGINT would
    wait for a search that never hears it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def greedy_fill(position: Position, voids: Voids, rng: random.Random) -> Position:
    """The dealer the trainer had before: the unseen tiles shuffled, the constrained
    hands filled first from the front of the pool, the rest left in pool order as the
    boneyard. Kept here to show that the tests below catch its bias."""
    seen = set(position.layout.tiles())
    for hand in position.hands:
        if not isinstance(hand, Hidden):
            seen.update(hand)
    pool = [t for t in ALL_TILES if t not in seen]
    rng.shuffle(pool)
    sizes = {p: h.count for p, h in enumerate(position.hands) if isinstance(h, Hidden)}
    hands = list(position.hands)
    for p in sorted(sizes, key=lambda q: -len(voids.get(q, ()))):
        lacks = voids.get(p, frozenset())
        chosen = [t for t in pool if t.high not in lacks and t.low not in lacks][:sizes[p]]
        assert len(chosen) == sizes[p]
        for tile in chosen:
            pool.remove(tile)
        hands[p] = tuple(sorted(chosen, reverse=True))
    return Position(position.layout, tuple(hands), tuple(pool), position.turn, position.scores,
                    position.rules)
