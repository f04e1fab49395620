"""Positions: layout, hands, boneyard, turn, scores and rules; legal moves and play.

A position is immutable; `play`, `draw` and `pass_turn` return new positions.

>>> p = Position.from_code("4-5,5-1 6-4,1-1/?7 ?17 0 0,0")
>>> [str(m) for m in p.legal_moves()]
['6-4@W', '1-1@E']
>>> q = p.play(Move.parse("1-1@E"))
>>> str(q.layout), q.scores, q.turn
('1-1::1-5,5-4::', (0, 0), 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import NamedTuple, Optional, Union

from trainer.engine.layout import EMPTY, Layout
from trainer.engine.moves import Move
from trainer.engine.numbers import SCORE_LIMIT, TILE_COUNT, whole
from trainer.engine.rules import STANDARD, RuleSet, preset, round_to_five
from trainer.engine.tiles import Tile, is_whole, pip_total, sort_tiles, tile_from_text
from trainer.errors import (
    HiddenInformationError,
    IllegalMoveError,
    InvalidPositionError,
    NotationError,
)


@dataclass(frozen=True)
class Hidden:
    """`count` tiles not shown: a hand or boneyard written `?N`."""

    count: int

    def __str__(self) -> str:
        return f"?{self.count}"


Hand = Union[tuple[Tile, ...], Hidden]
Boneyard = Union[tuple[Tile, ...], Hidden]


class HandEnd(NamedTuple):
    """How a hand ended: `domino` (with the player who went out) or `blocked`."""

    kind: str
    player: Optional[int] = None


def size(tiles: Union[tuple[Tile, ...], Hidden]) -> int:
    return tiles.count if isinstance(tiles, Hidden) else len(tiles)


@dataclass(frozen=True)
class Position:
    """Everything that decides the rest of a hand, as one value."""

    layout: Layout
    hands: tuple[Hand, ...]
    boneyard: Boneyard
    turn: int
    scores: tuple[int, ...]
    rules: RuleSet = STANDARD

    # ----- who and what -----
    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def mover_side(self) -> int:
        return self.rules.side_of(self.turn)

    def hand(self, player: int) -> tuple[Tile, ...]:
        """A player's tiles; raises HiddenInformationError for a `?N` hand."""
        tiles = self.hands[player]
        if isinstance(tiles, Hidden):
            if tiles.count == 0:
                return ()
            raise HiddenInformationError(
                f"hand {player} is hidden ({tiles}): its tiles are not in the position"
            )
        return tiles

    @property
    def is_fully_known(self) -> bool:
        """No tile hidden (a `?0` hides nothing)."""
        return all(not isinstance(t, Hidden) or t.count == 0 for t in (*self.hands, self.boneyard))

    def known_boneyard(self) -> tuple[Tile, ...]:
        """The boneyard in drawing order; raises HiddenInformationError if it is hidden."""
        if isinstance(self.boneyard, Hidden):
            if self.boneyard.count == 0:
                return ()
            raise HiddenInformationError("the boneyard is hidden: its order is unknown")
        return self.boneyard

    # ----- moves -----
    def legal_moves(self) -> tuple[Move, ...]:
        """The mover's legal moves: hand order, then the order of the open ends."""
        return self.moves_for(self.turn)

    def moves_for(self, player: int) -> tuple[Move, ...]:
        """A player's legal moves were it his turn; none once a hand is empty."""
        hand = self.hand(player)
        if any(size(h) == 0 for h in self.hands):
            return ()
        if self.layout.is_empty:
            if self.rules.lead == "highest-double":
                doubles = [t for t in hand if t.is_double]
                return (Move(max(doubles)),) if doubles else ()
            return tuple(Move(t) for t in hand)
        ends = self.layout.open_ends()
        return tuple(Move(t, e.side) for t in hand for e in ends if t.has(e.pip))

    def can_play(self, player: int) -> bool:
        return bool(self.moves_for(player))

    def play(self, move: Move) -> Position:
        """Place a tile from the mover's hand; the mover's side scores the layout's points.

        Raises IllegalMoveError if the move is not legal here.
        """
        if self.is_over:
            raise IllegalMoveError(f"the hand is over: {move} cannot be played")
        hand = self.hand(self.turn)
        if move not in self.legal_moves():
            if move.tile not in hand:
                raise IllegalMoveError(f"{move}: player {self.turn} does not hold {move.tile}")
            if self.layout.is_empty and move.side is None:
                raise IllegalMoveError(f"{move}: under {self.rules.name} the lead is the highest double")
            self.layout.place(move.tile, move.side)  # raises with the reason
            raise IllegalMoveError(f"{move} is not a legal move here")
        layout = self.layout.place(move.tile, move.side)
        hands = list(self.hands)
        hands[self.turn] = tuple(t for t in hand if t != move.tile)
        scores = list(self.scores)
        scores[self.mover_side] += layout.points()
        return replace(
            self,
            layout=layout,
            hands=tuple(hands),
            turn=(self.turn + 1) % self.players,
            scores=tuple(scores),
        )

    def points(self, move: Move) -> int:
        """What `move` scores at once."""
        return self.layout.place(move.tile, move.side).points()

    # ----- forced actions -----
    @property
    def must_draw(self) -> bool:
        return not self.is_over and not self.legal_moves() and size(self.boneyard) > 0

    @property
    def must_pass(self) -> bool:
        return not self.is_over and not self.legal_moves() and size(self.boneyard) == 0

    def draw(self) -> Position:
        """The mover, who cannot play, takes the next boneyard tile."""
        if not self.must_draw:
            raise IllegalMoveError(f"player {self.turn} may not draw: " + self._why_not_forced())
        boneyard = self.known_boneyard()
        hands = list(self.hands)
        hands[self.turn] = sort_tiles(self.hand(self.turn) + (boneyard[0],))
        return replace(self, hands=tuple(hands), boneyard=boneyard[1:])

    def pass_turn(self) -> Position:
        """The mover, who cannot play and cannot draw, passes."""
        if not self.must_pass:
            raise IllegalMoveError(f"player {self.turn} may not pass: " + self._why_not_forced())
        return replace(self, turn=(self.turn + 1) % self.players)

    def _why_not_forced(self) -> str:
        if self.is_over:
            return "the hand is over"
        if self.legal_moves():
            return "he has a legal move"
        return "the boneyard is not empty" if size(self.boneyard) else "the boneyard is empty"

    # ----- the end of the hand -----
    def outcome(self) -> Optional[HandEnd]:
        """`domino` when a hand is empty, `blocked` when nobody can play and the boneyard
        is empty, None while the hand goes on."""
        for player, tiles in enumerate(self.hands):
            if size(tiles) == 0:
                return HandEnd("domino", player)
        if size(self.boneyard) == 0 and not self.layout.is_empty and all(
            not isinstance(h, Hidden) for h in self.hands
        ):
            if not any(self.can_play(p) for p in range(self.players)):
                return HandEnd("blocked")
        return None

    @property
    def is_over(self) -> bool:
        return self.outcome() is not None

    def hand_end_scores(self) -> tuple[int, ...]:
        """Each side's score change from the pips left, as the rules say (hand must be over)."""
        end = self.outcome()
        if end is None:
            raise IllegalMoveError("the hand is not over")
        pips = [pip_total(self.hand(p)) for p in range(self.players)]
        deltas = [0] * len(self.scores)
        if self.rules.hand_end == "subtract":
            for player, total in enumerate(pips):
                deltas[self.rules.side_of(player)] -= round_to_five(total)
            return tuple(deltas)
        if end.kind == "domino":
            assert end.player is not None
            winner: Optional[int] = end.player
        else:
            low = min(pips)
            winners = [p for p, total in enumerate(pips) if total == low]
            winner = winners[0] if len(winners) == 1 else None
        if winner is not None:
            others = sum(total for p, total in enumerate(pips) if p != winner)
            deltas[self.rules.side_of(winner)] += round_to_five(others)
        return tuple(deltas)

    def settled(self) -> Position:
        """The position with the end-of-hand scoring added to the scores."""
        deltas = self.hand_end_scores()
        return replace(self, scores=tuple(s + d for s, d in zip(self.scores, deltas)))

    # ----- text -----
    def code(self) -> str:
        """The canonical position code (notation.md)."""
        hands = "/".join(_tiles_text(h) for h in self.hands)
        fields = [
            str(self.layout),
            hands,
            _tiles_text(self.boneyard),
            str(self.turn),
            ",".join(str(s) for s in self.scores),
        ]
        if self.rules.name != STANDARD.name:
            fields.append(self.rules.name)
        return " ".join(fields)

    def __str__(self) -> str:
        return self.code()

    @classmethod
    def from_code(cls, code: str) -> Position:
        """Read a position code; raises NotationError (or InvalidPositionError) naming
        the field and the tile that is wrong."""
        return parse_position(code)

    @property
    def tile_sources(self) -> Iterable[tuple[str, Tile]]:
        for tile in self.layout.tiles():
            yield "layout", tile
        for player, tiles in enumerate(self.hands):
            if not isinstance(tiles, Hidden):
                for tile in tiles:
                    yield f"hand {player}", tile
        if not isinstance(self.boneyard, Hidden):
            for tile in self.boneyard:
                yield "boneyard", tile


def _tiles_text(tiles: Union[tuple[Tile, ...], Hidden]) -> str:
    if isinstance(tiles, Hidden):
        return str(tiles)
    return ",".join(str(t) for t in tiles) or "-"


def _read_tiles(text: str, where: str, sort: bool) -> Union[tuple[Tile, ...], Hidden]:
    if text == "-":
        return ()
    if text.startswith("?"):
        digits = text[1:]
        if not is_whole(digits) or len(digits) > 2 or int(digits) > TILE_COUNT:
            shown = text if len(text) <= 20 else text[:20] + "..."
            raise NotationError(f"{where}: {shown!r} is not a hidden count: write ?N, N from 0 to "
                                f"{TILE_COUNT}")
        return Hidden(int(digits))
    tiles = []
    for part in text.split(","):
        try:
            tiles.append(tile_from_text(part))
        except NotationError as error:
            raise NotationError(f"{where}: {error}") from None
    return sort_tiles(tiles) if sort else tuple(tiles)


FIELDS = "LAYOUT HANDS BONEYARD TURN SCORES [RULES]"
MAX_CODE = 400  # characters: the longest code of a real position is about half of this


def parse_position(code: str) -> Position:
    if not isinstance(code, str):
        raise NotationError("a position code is text")
    if len(code) > MAX_CODE:
        raise NotationError(f"a position code is at most {MAX_CODE} characters long; "
                            f"this one has {len(code)}")
    fields = code.strip().split()
    if len(fields) not in (5, 6):
        raise NotationError(
            f"a position code has 5 or 6 fields ({FIELDS}) separated by spaces; found {len(fields)}"
        )
    try:
        rules = preset(fields[5]) if len(fields) == 6 else STANDARD
    except NotationError as error:
        raise NotationError(f"field RULES: {error}") from None
    try:
        layout = Layout.parse(fields[0])
    except NotationError as error:
        raise NotationError(f"field LAYOUT: {error}") from None
    hand_texts = fields[1].split("/")
    players = len(hand_texts)
    if not rules.min_players <= players <= rules.max_players:
        raise InvalidPositionError(
            f"field HANDS: {players} hand(s); rules {rules.name} take "
            f"{rules.min_players} to {rules.max_players} players, hands separated by /"
        )
    hands = tuple(
        _read_tiles(text, f"field HANDS, hand {p}", sort=True) for p, text in enumerate(hand_texts)
    )
    boneyard = _read_tiles(fields[2], "field BONEYARD", sort=False)
    if not (is_whole(fields[3]) and len(fields[3]) == 1 and int(fields[3]) < players):
        raise InvalidPositionError(
            f"field TURN: {fields[3][:20]!r} is not a player index 0 to {players - 1}"
        )
    turn = int(fields[3])
    score_texts = fields[4].split(",")
    sides = rules.sides(players)
    if len(score_texts) != sides:
        sided = "partnerships (one per partnership)" if rules.partners else "players (one per player)"
        raise InvalidPositionError(f"field SCORES: {len(score_texts)} score(s) for {sides} {sided}")
    if not all(is_whole(s, signed=True) for s in score_texts):
        raise NotationError(f"field SCORES: {fields[4][:40]!r} is not a list of whole numbers")
    scores = tuple(whole(s, "field SCORES", -SCORE_LIMIT, SCORE_LIMIT) for s in score_texts)
    position = Position(layout, hands, boneyard, turn, scores, rules)
    _check_tiles(position)
    _check_lead(position)
    return position


def _check_tiles(position: Position) -> None:
    where: dict[Tile, str] = {}
    for source, tile in position.tile_sources:
        if tile in where:
            places = where[tile] if where[tile] == source else f"{where[tile]} and {source}"
            raise InvalidPositionError(f"tile {tile} appears twice ({places})")
        where[tile] = source
    hidden = sum(t.count for t in (*position.hands, position.boneyard) if isinstance(t, Hidden))
    total = len(where) + hidden
    if total != 28:
        parts = [f"layout {len(position.layout)}"]
        parts += [f"hand {p} {size(h)}" for p, h in enumerate(position.hands)]
        parts.append(f"boneyard {size(position.boneyard)}")
        raise InvalidPositionError(
            f"the position accounts for {total} tiles ({', '.join(parts)}); it must hold all 28"
        )


def _check_lead(position: Position) -> None:
    rules = position.rules
    if rules.lead != "highest-double":
        return
    if not position.layout.is_empty:
        if position.layout.spinner is None:
            raise InvalidPositionError(
                f"field LAYOUT: under {rules.name} the lead is a double, so the layout has a spinner"
            )
        return
    for player, tiles in enumerate(position.hands):
        if isinstance(tiles, Hidden):
            continue
        doubles = [t for t in tiles if t.is_double]
        mine = max(doubles) if doubles else None
        if player == position.turn and mine is None:
            raise InvalidPositionError(
                f"field TURN: under {rules.name} the holder of the highest double leads; "
                f"player {player} holds no double"
            )
        mover = position.hands[position.turn]
        if player != position.turn and mine is not None and not isinstance(mover, Hidden):
            theirs = max((t for t in mover if t.is_double), default=None)
            if theirs is not None and mine > theirs:
                raise InvalidPositionError(
                    f"field TURN: under {rules.name} the holder of the highest double leads; "
                    f"player {player} holds {mine}"
                )


def empty_position(hands: tuple[tuple[Tile, ...], ...], boneyard: tuple[Tile, ...],
                   turn: int, rules: RuleSet = STANDARD,
                   scores: Optional[tuple[int, ...]] = None) -> Position:
    """A fresh hand: nothing on the table."""
    sides = rules.sides(len(hands))
    return Position(EMPTY, tuple(sort_tiles(h) for h in hands), boneyard, turn,
                    scores if scores is not None else (0,) * sides, rules)
