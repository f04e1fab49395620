"""A hand as one player saw it (notation.md, "A hand as one player saw it"): the rules,
the seat, his tiles as dealt, and every turn at the table, with another player's draws
as a count. It has a text form and a JSON form (schema: `seatview.schema.json` beside
this module), and every turn is checked against the rules as it is read
(`trainer.engine.seattable`).

>>> text = '''rules: standard
... players: 2
... seat: 0
... hand: 5-2,5-1,4-2,4-0,3-3,3-0,2-1,2-0,0-0
... scores: 0,0
... 1: 6-6
... 0: draw 3-2, draw 6-2, 6-2@E
... 1: draw 2, 6-1@W
... 0: 2-1@E
... '''
>>> record = SeatRecord.parse(text)
>>> record.text() == text, record.turns[2]
(True, SeatTurn(player=1, draws=2, move=Move.parse('6-1@W')))
>>> [d.position.code() for d in record.follow().decisions][1]
'6-6:6-2:6-1:: 5-2,5-1,4-2,4-0,3-3,3-2,3-0,2-1,2-0,0-0/?9 ?6 0 0,0'
>>> SeatRecord.parse(text.replace("0: 2-1@E", "0: 4-0@E"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
trainer.errors.NotationError: seat record line 9 ('0: 4-0@E'): 4-0 does not fit side E of ...
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from importlib.resources import files
from typing import Any, NamedTuple, Optional

from trainer.engine.moves import Move
from trainer.engine.numbers import SCORE_LIMIT, whole
from trainer.engine.position import Position
from trainer.engine.record import Turn
from trainer.engine.rules import HAND_SIZE_OPTIONS, RuleSet, preset
from trainer.engine.seattable import Draws, SeatTable
from trainer.engine.tiles import Tile, is_whole, sort_tiles, tile_from_text, tiles_from_text
from trainer.errors import NotationError, TrainerError

MAX_TEXT = 100_000  # characters of a record (text or JSON): a whole hand takes a few hundred
SCHEMA = "seatview.schema.json"  # beside this module
HEADER = ("rules", "players", "hand-sizes", "seat", "hand", "scores")
REQUIRED = ("rules", "players", "seat", "hand")


class SeatTurn(NamedTuple):
    """One turn as the seat saw it: the seat's own draws are tiles, another player's a
    count; then the move, or a pass (`move` None)."""

    player: int
    draws: Draws
    move: Optional[Move]

    def __str__(self) -> str:
        if isinstance(self.draws, tuple):
            actions = [f"draw {t}" for t in self.draws]
        else:
            actions = [f"draw {self.draws}"] if self.draws else []
        actions.append(str(self.move) if self.move is not None else "pass")
        return f"{self.player}: " + ", ".join(actions)

    @classmethod
    def parse(cls, text: str, seat: int) -> SeatTurn:
        """`PLAYER: [draw TILE, ...] MOVE` (the seat) or `PLAYER: [draw N,] MOVE`
        (another player), `pass` in place of the move."""
        who, colon, rest = text.partition(":")
        if not colon or not is_whole(who.strip()):
            raise NotationError("write PLAYER: [draw TILE, ...] MOVE or pass")
        player = whole(who.strip(), "the player", 0, 3)
        actions = [a.strip() for a in rest.split(",", 40)]
        tiles: list[Tile] = []
        count: Optional[int] = None
        for action in actions[:-1]:
            word, _, what = action.partition(" ")
            what = what.strip()
            if word != "draw" or not what:
                raise NotationError(f"{action[:40]!r} should be 'draw TILE' (the seat's) or 'draw N' "
                                    "(another player's)")
            if is_whole(what):
                if count is not None or tiles:
                    raise NotationError("another player's draws are one 'draw N'")
                count = whole(what, "the tiles drawn", 1, 28)
            else:
                if count is not None:
                    raise NotationError("another player's draws are one 'draw N'")
                tiles.append(tile_from_text(what))
        last = actions[-1]
        if last.startswith("draw"):
            raise NotationError("a turn ends with the move or 'pass'")
        move = None if last == "pass" else Move.parse(last)
        if count is None and not tiles and player != seat:
            count = 0
        return cls(player, count if count is not None else tuple(tiles), move)


class SeatEnd(NamedTuple):
    """How the hand ended: `out` (with the player who went out) or `blocked`."""

    kind: str
    player: Optional[int] = None

    def __str__(self) -> str:
        return f"out {self.player}" if self.kind == "out" else "blocked"

    @classmethod
    def parse(cls, text: str) -> SeatEnd:
        words = text.split()
        if words == ["blocked"]:
            return cls("blocked")
        if len(words) == 2 and words[0] == "out":
            return cls("out", whole(words[1], "end: out N, the player", 0, 3))
        raise NotationError("write 'end: out N' (player N went out) or 'end: blocked'")


@dataclass(frozen=True)
class SeatRecord:
    """A hand (or its start) as player `seat` saw it. `scores` (before the hand) and
    `hand_sizes` are None when the record does not give them (zeros; the preset's)."""

    rules: str
    players: int
    seat: int
    hand: tuple[Tile, ...]
    turns: tuple[SeatTurn, ...] = ()
    scores: Optional[tuple[int, ...]] = None
    hand_sizes: Optional[str] = None
    end: Optional[SeatEnd] = None
    shown: tuple[tuple[int, tuple[Tile, ...]], ...] = ()  # (player, tiles), by player

    @property
    def rule_set(self) -> RuleSet:
        rules = preset(self.rules)
        return rules.with_hand_sizes(self.hand_sizes) if self.hand_sizes is not None else rules

    # ----- following the hand -----
    def follow(self) -> SeatTable:
        """Every turn replayed from the seat's view and checked; raises NotationError
        naming the turn (from 1) and what is wrong."""
        table = _table(self, "seat record")
        for number, turn in enumerate(self.turns, 1):
            _at(f"seat record turn {number} ({turn})", table.take, *turn)
        _finish(table, self, "seat record")
        return table

    # ----- text -----
    def text(self) -> str:
        """The canonical text form."""
        lines = [f"rules: {self.rules}", f"players: {self.players}"]
        if self.hand_sizes is not None:
            lines.append(f"hand-sizes: {self.hand_sizes}")
        lines += [f"seat: {self.seat}", "hand: " + ",".join(map(str, self.hand))]
        if self.scores is not None:
            lines.append("scores: " + ",".join(map(str, self.scores)))
        lines += [str(turn) for turn in self.turns]
        if self.end is not None:
            lines.append(f"end: {self.end}")
        lines += [f"shown {player}: " + ",".join(map(str, tiles)) for player, tiles in self.shown]
        return "\n".join(lines) + "\n"

    @classmethod
    def parse(cls, text: str) -> SeatRecord:
        """Read the text form, checking each line as it comes; raises NotationError
        naming the line and what is wrong."""
        if len(text) > MAX_TEXT:
            raise NotationError(f"seat record: {len(text):,} characters; a hand's record is at most "
                                f"{MAX_TEXT:,}")
        values: dict[str, Any] = {}
        places: dict[str, str] = {}
        table: Optional[SeatTable] = None
        turns: list[SeatTurn] = []
        end: Optional[SeatEnd] = None
        shown: dict[int, tuple[Tile, ...]] = {}
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            where = f"seat record line {number} ({line[:60]!r})"
            key, colon, value = line.partition(":")
            key, value = key.strip(), value.strip()
            if table is None and key in HEADER:
                if not colon:
                    raise NotationError(f"{where}: write '{key}: VALUE'")
                if key in values:
                    raise NotationError(f"{where}: {key} is given twice")
                places[key] = where
                values[key] = _at(where, _header, key, value, values)
                continue
            if table is None:
                record = _from_header(values, places, where)
                table = _table(record, places.get("hand", where))
            if key == "end":
                if end is not None:
                    raise NotationError(f"{where}: the end is given twice")
                end = _at(where, SeatEnd.parse, value)
                _at(where, table.end, end.kind, end.player)
            elif key.startswith("shown"):
                if end is None:
                    raise NotationError(f"{where}: 'shown N: TILES' follows the 'end:' line")
                player = _at(where, whole, key[5:].strip(), "shown N, the player", 0, 3)
                if player in shown:
                    raise NotationError(f"{where}: player {player}'s hand is shown twice")
                shown[player] = sort_tiles(_at(where, tiles_from_text, value))
                _at(where, table.show, player, shown[player], end.kind == "blocked")
            elif end is not None:
                raise NotationError(f"{where}: after 'end:' only 'shown N: TILES' lines follow")
            else:
                turn = _at(where, SeatTurn.parse, line, table.seat)
                _at(where, table.take, *turn)
                turns.append(turn)
        if table is None:
            record = _from_header(values, places, "seat record")
            _table(record, places.get("hand", "seat record"))
        return replace(record, turns=tuple(turns), end=end, shown=tuple(sorted(shown.items())))

    # ----- JSON -----
    def to_dict(self) -> dict[str, Any]:
        """The JSON form as a dict (optional fields only when given)."""
        out: dict[str, Any] = {"rules": self.rules, "players": self.players}
        if self.hand_sizes is not None:
            out["hand_sizes"] = self.hand_sizes
        out.update(seat=self.seat, hand=[str(t) for t in self.hand])
        if self.scores is not None:
            out["scores"] = list(self.scores)
        out["turns"] = [{"player": t.player,
                         "draws": [str(x) for x in t.draws] if isinstance(t.draws, tuple) else t.draws,
                         "move": str(t.move) if t.move is not None else "pass"} for t in self.turns]
        if self.end is not None:
            out["end"] = ({"kind": "out", "player": self.end.player} if self.end.kind == "out"
                          else {"kind": "blocked"})
        if self.shown:
            out["shown"] = [{"player": p, "tiles": [str(t) for t in tiles]} for p, tiles in self.shown]
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str) -> SeatRecord:
        """Read the JSON form; raises NotationError naming the field and what is wrong."""
        if len(text) > MAX_TEXT:
            raise NotationError(f"seat record: {len(text):,} characters; a hand's record is at most "
                                f"{MAX_TEXT:,}")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise NotationError(f"seat record: not JSON (line {error.lineno}: {error.msg})") from None
        except RecursionError:
            raise NotationError("seat record: not a record (nested too deeply)") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> SeatRecord:
        """The record of a JSON object, each field checked as in `parse`."""
        if not isinstance(data, dict):
            raise NotationError("seat record: the JSON is an object with rules, players, seat, hand, turns")
        known = {"rules", "players", "hand_sizes", "seat", "hand", "scores", "turns", "end", "shown"}
        extra = sorted(str(k)[:20] for k in data if k not in known)
        if extra:
            raise NotationError(f"seat record: unknown field {extra[0]!r}")
        missing = [k for k in (*REQUIRED, "turns") if k not in data]
        if missing:
            raise NotationError(f"seat record: missing field {missing[0]!r}")
        values: dict[str, Any] = {}
        places: dict[str, str] = {}
        for key, field in (("rules", "rules"), ("players", "players"), ("hand-sizes", "hand_sizes"),
                           ("seat", "seat"), ("hand", "hand"), ("scores", "scores")):
            if field in data:
                where = places[key] = f"seat record field {field!r}"
                text = _at(where, _json_text, data[field], field)
                values[key] = _at(where, _header, key, text, values)
        record = _from_header(values, places, "seat record")
        table = _table(record, places["hand"])
        turns = _list(data["turns"], "turns", 200)
        read: list[SeatTurn] = []
        for index, item in enumerate(turns):
            where = f"seat record turns[{index}]"
            turn = _at(where, _json_turn, item)
            _at(where, table.take, *turn)
            read.append(turn)
        end = None
        if "end" in data:
            end = _at("seat record field 'end'", _json_end, data["end"])
            _at("seat record field 'end'", table.end, end.kind, end.player)
        shown: dict[int, tuple[Tile, ...]] = {}
        if "shown" in data:
            if end is None:
                raise NotationError("seat record field 'shown': hands are shown once the hand is over "
                                    "('end')")
            for index, item in enumerate(_list(data["shown"], "shown", 4)):
                where = f"seat record shown[{index}]"
                player, tiles = _at(where, _json_shown, item)
                if player in shown:
                    raise NotationError(f"{where}: player {player}'s hand is shown twice")
                shown[player] = tiles
                _at(where, table.show, player, tiles, end.kind == "blocked")
        return replace(record, turns=tuple(read), end=end, shown=tuple(sorted(shown.items())))

    # ----- from a hand played in full -----
    @classmethod
    def from_hand(cls, start: Position, turns: tuple[Turn, ...], seat: int) -> SeatRecord:
        """The record of a hand dealt `start` and played `turns` (Match.starts and
        Match.hands), as player `seat` saw it: the others' draws as counts, and once the
        hand is over how it ended and the hands left."""
        rules = start.rules
        default = preset(rules.name).hand_sizes
        position = start
        for turn in turns:
            for _ in turn.draws:
                position = position.draw()
            if turn.move is not None:
                position = position.play(turn.move)
            elif not position.is_over and position.must_pass:
                position = position.pass_turn()
        outcome = position.outcome()
        end = None
        shown: tuple[tuple[int, tuple[Tile, ...]], ...] = ()
        if outcome is not None:
            end = SeatEnd("out", outcome.player) if outcome.kind == "domino" else SeatEnd("blocked")
            shown = tuple((p, position.hand(p)) for p in range(start.players)
                          if p != seat and position.hand(p))
        seen = tuple(SeatTurn(t.player, t.draws if t.player == seat else len(t.draws), t.move) for t in turns)
        return cls(rules.name, start.players, seat, start.hand(seat), seen, start.scores,
                   rules.hand_sizes if rules.hand_sizes != default else None, end, shown)


def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the JSON form, shipped beside this module.

    >>> schema()["required"]
    ['rules', 'players', 'seat', 'hand', 'turns']
    """
    loaded: dict[str, Any] = json.loads(files("trainer.engine").joinpath(SCHEMA).read_text(encoding="utf-8"))
    return loaded


def _at(where: str, action: Any, *args: Any) -> Any:
    """`action(*args)`, an error raised by it named by `where`."""
    try:
        return action(*args)
    except TrainerError as error:
        raise NotationError(f"{where}: {error}") from None


def _header(key: str, value: str, values: dict[str, Any]) -> Any:
    """One header value, checked against those read before it."""
    if key == "rules":
        return preset(value).name
    if key == "players":
        players = whole(value, "players", 2, 4)
        if "rules" in values:
            preset(values["rules"]).check_players(players)
        return players
    if key == "hand-sizes":
        if value not in HAND_SIZE_OPTIONS:
            raise NotationError(f"hand sizes {value[:20]!r}: choose one of {', '.join(HAND_SIZE_OPTIONS)}")
        return value
    if key == "seat":
        return whole(value, "seat", 0, values.get("players", 4) - 1)
    if key == "hand":
        tiles = tiles_from_text(value)
        twice = [t for t in set(tiles) if tiles.count(t) > 1]
        if twice:
            raise NotationError(f"{twice[0]} appears twice")
        if "rules" in values and "players" in values:
            rules = preset(values["rules"]).with_hand_sizes(values.get("hand-sizes")
                                                            or preset(values["rules"]).hand_sizes)
            size = rules.hand_size(values["players"])
            if len(tiles) != size:
                raise NotationError(f"{len(tiles)} tiles; each of {values['players']} players is dealt "
                                    f"{size} (rules {rules.name}, hand sizes {rules.hand_sizes})")
        return sort_tiles(tiles)
    scores = tuple(whole(s.strip(), "a score", -SCORE_LIMIT, SCORE_LIMIT) for s in value.split(",", 4))
    if "rules" in values and "players" in values:
        sides = preset(values["rules"]).sides(values["players"])
        if len(scores) != sides:
            raise NotationError(f"{len(scores)} score(s) for {sides} sides")
    return scores


def _from_header(values: dict[str, Any], places: dict[str, str], where: str) -> SeatRecord:
    missing = [k for k in REQUIRED if k not in values]
    if missing:
        raise NotationError(f"{where}: the header lacks {', '.join(missing)} (rules, players, seat and "
                            "hand come first)")
    record = SeatRecord(values["rules"], values["players"], values["seat"], values["hand"],
                        scores=values.get("scores"), hand_sizes=values.get("hand-sizes"))
    return record


def _table(record: SeatRecord, where: str) -> SeatTable:
    table: SeatTable = _at(where, lambda: SeatTable(record.rule_set, record.players, record.seat,
                                                    record.hand, record.scores))
    return table


def _finish(table: SeatTable, record: SeatRecord, where: str) -> None:
    if record.end is not None:
        _at(f"{where} end", table.end, record.end.kind, record.end.player)
    elif record.shown:
        raise NotationError(f"{where}: hands are shown once the hand is over ('end')")
    for player, tiles in record.shown:
        _at(f"{where} shown {player}", table.show, player, tiles, record.end is not None
            and record.end.kind == "blocked")


# ----- the JSON form's pieces -----
def _json_text(value: Any, field: str) -> str:
    """A header field of the JSON form as the text form writes it."""
    if field in ("players", "seat"):
        if not isinstance(value, int) or isinstance(value, bool):
            raise NotationError(f"{value!r:.20} is not a whole number")
        return str(value)
    if field in ("rules", "hand_sizes"):
        if not isinstance(value, str):
            raise NotationError(f"{value!r:.20} is not text")
        return value
    items = _list(value, field, 28)
    if field == "scores":
        if not all(isinstance(s, int) and not isinstance(s, bool) for s in items):
            raise NotationError("the scores are whole numbers")
        return ",".join(str(s) for s in items)
    if not items or not all(isinstance(t, str) for t in items):
        raise NotationError("a hand is a list of tiles written 'a-b'")
    return ",".join(items)


def _list(value: Any, field: str, most: int) -> list[Any]:
    if not isinstance(value, list):
        raise NotationError(f"seat record field {field!r}: not a list")
    if len(value) > most:
        raise NotationError(f"seat record field {field!r}: {len(value)} items; at most {most}")
    return value


def _json_turn(item: Any) -> SeatTurn:
    if not isinstance(item, dict) or set(item) != {"player", "draws", "move"}:
        raise NotationError("a turn is an object with player, draws and move")
    player, draws, move = item["player"], item["draws"], item["move"]
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player <= 3:
        raise NotationError(f"player {player!r:.20} is not a player 0 to 3")
    if isinstance(draws, list) and len(draws) <= 28 and all(isinstance(t, str) for t in draws):
        drawn: Draws = tuple(tile_from_text(t) for t in draws)
    elif isinstance(draws, int) and not isinstance(draws, bool) and 0 <= draws <= 28:
        drawn = draws
    else:
        raise NotationError(f"draws {draws!r:.30} is neither a list of tiles (the seat's) nor a count 0 "
                            "to 28 (another player's)")
    if not isinstance(move, str):
        raise NotationError(f"move {move!r:.20} is not text (a move like '6-4@E', or 'pass')")
    return SeatTurn(player, drawn, None if move == "pass" else Move.parse(move))


def _json_end(value: Any) -> SeatEnd:
    if value == {"kind": "blocked"}:
        return SeatEnd("blocked")
    if isinstance(value, dict) and set(value) == {"kind", "player"} and value["kind"] == "out":
        player = value["player"]
        if isinstance(player, int) and not isinstance(player, bool) and 0 <= player <= 3:
            return SeatEnd("out", player)
    raise NotationError('write {"kind": "out", "player": N} or {"kind": "blocked"}')


def _json_shown(item: Any) -> tuple[int, tuple[Tile, ...]]:
    if not isinstance(item, dict) or set(item) != {"player", "tiles"}:
        raise NotationError("a shown hand is an object with player and tiles")
    player, tiles = item["player"], item["tiles"]
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player <= 3:
        raise NotationError(f"player {player!r:.20} is not a player 0 to 3")
    if not (isinstance(tiles, list) and 0 < len(tiles) <= 28 and all(isinstance(t, str) for t in tiles)):
        raise NotationError("tiles: a list of tiles written 'a-b'")
    return player, sort_tiles(tile_from_text(t) for t in tiles)
