"""What the Your hands page (`ui/hands.py`, `ui/hand_entry.py`) reads and checks: a
record's text or JSON, a file's bytes (bounded and refused in words), and a turn being
entered by clicking. Functions only."""

from __future__ import annotations

from dataclasses import replace
from typing import Literal, Optional, Union

from trainer.engine.layout import Layout
from trainer.engine.moves import Move, Side
from trainer.engine.seats import seat
from trainer.engine.seattable import SeatTable
from trainer.engine.seatview import MAX_TEXT, SeatEnd, SeatRecord
from trainer.engine.tiles import Tile
from trainer.errors import TrainerError
from trainer.i18n import t

EXAMPLE = """rules: standard
players: 2
seat: 0
hand: 5-2,5-1,4-2,4-0,3-3,3-0,2-1,2-0,0-0
scores: 0,0
1: 6-6
0: draw 3-2, draw 6-2, 6-2@E
1: draw 2, 6-1@W
0: 2-1@E
"""


def read_record(text: str) -> SeatRecord:
    """The record in `text`, JSON (it starts with "{") or the text form; raises
    TrainerError naming what is wrong.

    >>> read_record(EXAMPLE) == read_record(read_record(EXAMPLE).to_json())
    True
    """
    stripped = text.strip()
    return SeatRecord.from_json(stripped) if stripped.startswith("{") else SeatRecord.parse(text)


def file_text(data: bytes, lang: str) -> tuple[Optional[str], Optional[str]]:
    """A chosen file's text, or None with why not in `lang`: bigger than a record can
    be, or not text.

    >>> file_text(b"rules: standard", "en")
    ('rules: standard', None)
    >>> file_text(b"\\xff\\xfe", "en")[1]
    "That file is not text: a hand's record is a text or JSON file."
    """
    if len(data) > MAX_TEXT:
        return None, t("hands.too_big", lang, most=f"{MAX_TEXT:,}")
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError:
        return None, t("hands.not_text", lang)


def fitting_sides(layout: Layout, tile: Tile) -> list[Side]:
    """The open ends `tile` fits, in the layout's order.

    >>> from trainer.engine.layout import EMPTY
    >>> layout = EMPTY.place(Tile.parse("6-6"), None)
    >>> fitting_sides(layout, Tile.parse("6-2")), fitting_sides(layout, Tile.parse("5-2"))
    (['E', 'W'], [])
    """
    return [end.side for end in layout.open_ends() if layout.fits(tile, end.side)]


def refusal(table: SeatTable, player: int, draws: Union[int, tuple[Tile, ...]],
            move: Union[Move, None, Literal["draw"]], lang: str) -> Optional[str]:
    """Why the turn being entered breaks a rule, in `lang`, or None: the common slips
    said before the engine's own check (`SeatTable.take`). `draws` are the seat's tiles
    drawn this turn (the last just clicked when `move` is "draw") or another player's
    count; `move` None is a pass.

    >>> from trainer.engine.rules import preset
    >>> hand = tuple(map(Tile.parse, "5-2,5-1,4-2,4-0,3-3,3-0,2-1,2-0,0-0".split(",")))
    >>> table = SeatTable(preset("standard"), 2, 0, hand)
    >>> table.take(1, 0, Move(Tile.parse("6-6")))
    >>> refusal(table, 0, (Tile.parse("6-2"),), "draw", "en") is None
    True
    >>> refusal(table, 0, (Tile.parse("6-2"), Tile.parse("6-1")), "draw", "en")
    'Player 1 cannot draw: 6-2 fits on the East end. A player who can play must play.'
    >>> refusal(table, 0, (Tile.parse("6-1"),), None, "en")
    'Player 1 cannot pass: 6-1 fits on the East end. A player who can play must play.'
    >>> refusal(table, 1, 0, None, "en")
    'Player 2 cannot pass while the boneyard holds 10 tiles: he draws until a tile fits.'
    """
    if isinstance(draws, tuple):
        held = (*table.mine, *(draws[:-1] if move == "draw" else draws))
        if not table.layout.is_empty and (move == "draw" or move is None):
            for tile in held:
                sides = fitting_sides(table.layout, tile)
                if sides:
                    what = "draw" if move == "draw" else "pass"
                    return t(f"hands.enter.must_play_{what}", lang, player=seat(player), tile=tile,
                             side=t(f"widgets.side.{sides[0]}", lang))
        drew = len(draws)
    else:
        drew = draws
    if drew > table.boneyard:
        return t("hands.enter.too_many", lang, player=seat(player), count=table.boneyard)
    if move is None and table.boneyard - drew > 0:
        return t("hands.enter.must_draw", lang, player=seat(player), count=table.boneyard - drew)
    if isinstance(move, Move) and player != table.seat and not drew:
        lacking = set(move.tile) & table.voids.get(player, set())
        if lacking:
            return t("hands.enter.lacks", lang, player=seat(player), tile=move.tile,
                     pip=min(lacking))
    return None


def ended(record: SeatRecord, table: SeatTable) -> SeatRecord:
    """`record` with its end line once the hand is over: a player out, or blocked (every
    player passed, or the boneyard empty and no tile left out of the table fits, so
    nobody can play); else `record` as it is."""
    if record.end is not None or table.layout.is_empty:
        return record
    out = next((player for player, count in enumerate(table.counts) if count == 0), None)
    stuck = not table.boneyard and not any(fitting_sides(table.layout, tile)
                                           for tile in (*table.mine, *table.unseen()))
    if out is None and table.over() is None and not stuck:
        return record
    closed = replace(record, end=SeatEnd("out", out) if out is not None else SeatEnd("blocked"))
    try:
        closed.follow()
    except TrainerError:
        return record
    return closed
