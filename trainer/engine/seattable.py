"""A hand followed from one seat: what that player can see at the table (his own tiles,
the layout, how many tiles each other hand and the boneyard hold, the suits the others
showed they lack), every turn checked against the rules as it comes.

Another player's tiles are unknown, so of his turns only what the seat can know is
checked: a tile already on the table or in the seat's hand, one that does not fit, a
draw from an empty boneyard, a pass while the boneyard holds tiles, a tile of a suit he
showed he lacks, and whether the tiles the seat cannot see can still be shared out
among the hands at all.

>>> from trainer.engine.moves import Move
>>> from trainer.engine.rules import STANDARD
>>> from trainer.engine.tiles import tiles_from_text
>>> table = SeatTable(STANDARD, 2, 0, tiles_from_text("5-5,5-1,4-2,4-0,3-3,3-0,2-1,1-1,0-0"))
>>> table.take(1, 0, Move.parse("6-6"))
>>> table.take(0, tiles_from_text("3-2,6-2"), Move.parse("6-2@E"))
>>> table.view().code()
'6-6:6-2::: 5-5,5-1,4-2,4-0,3-3,3-2,3-0,2-1,1-1,0-0/?8 ?8 1 0,0'
>>> table.take(1, 0, Move.parse("5-5@W"))
Traceback (most recent call last):
...
trainer.errors.IllegalMoveError: 5-5 is in the seat's hand
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Optional, Union

from trainer.engine.layout import EMPTY, Layout
from trainer.engine.moves import Move
from trainer.engine.position import Hand, Hidden, Position
from trainer.engine.rules import RuleSet
from trainer.engine.tiles import ALL_TILES, Tile, sort_tiles
from trainer.engine.voids import Voids, showed
from trainer.errors import IllegalMoveError, NotationError

Draws = Union[tuple[Tile, ...], int]  # the seat's own draws by name, another player's by count


@dataclass(frozen=True)
class Decision:
    """A move the seat chose: his view before it and what the others had shown by then."""

    turn: int  # the turn's index in the hand, from 0
    position: Position  # the others' hands and the boneyard hidden
    move: Move
    voids: Voids  # from the turns before this one


def suits(pips: set[int] | frozenset[int]) -> str:
    """Suits in words.

    >>> suits({6, 2}), suits({0})
    ('2s and 6s', 'blanks')
    """
    names = ["blanks" if p == 0 else f"{p}s" for p in sorted(pips)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class SeatTable:
    """The hand as the seat sees it, one turn at a time (`take`); raises
    IllegalMoveError or NotationError, saying why, for a turn the rules do not allow."""

    def __init__(self, rules: RuleSet, players: int, seat: int, hand: tuple[Tile, ...],
                 scores: Optional[tuple[int, ...]] = None) -> None:
        rules.check_players(players)
        if not 0 <= seat < players:
            raise NotationError(f"seat {seat}: the players are 0 to {players - 1}")
        size = rules.hand_size(players)
        if len(set(hand)) != len(hand):
            twice = next(t for t in hand if hand.count(t) > 1)
            raise NotationError(f"the seat's hand holds {twice} twice")
        if len(hand) != size:
            raise NotationError(f"the seat's hand holds {len(hand)} tiles; under {rules.name} with "
                                f"hand sizes {rules.hand_sizes} each of {players} players is dealt {size}")
        sides = rules.sides(players)
        if scores is not None and len(scores) != sides:
            raise NotationError(f"{len(scores)} score(s) for {sides} sides")
        self.rules, self.players, self.seat = rules, players, seat
        self.layout: Layout = EMPTY
        self.mine: tuple[Tile, ...] = sort_tiles(hand)
        self.counts = [size] * players
        self.boneyard = len(ALL_TILES) - size * players
        self.scores = list(scores if scores is not None else (0,) * sides)
        self.turn: Optional[int] = None  # whose turn it is; None before the lead
        self.voids: dict[int, set[int]] = {}
        self.passes = 0  # passes in a row since the last move
        self.turns = 0
        self.decisions: list[Decision] = []
        self.shown: set[Tile] = set()  # tiles the others showed at the end

    # ----- what the seat sees -----
    def view(self) -> Position:
        """The position as the seat sees it now: the others' hands and the boneyard hidden."""
        hands: tuple[Hand, ...] = tuple(self.mine if p == self.seat else Hidden(self.counts[p])
                                        for p in range(self.players))
        turn = self.turn if self.turn is not None else self.seat
        return Position(self.layout, hands, Hidden(self.boneyard), turn, tuple(self.scores), self.rules)

    def unseen(self) -> tuple[Tile, ...]:
        """The tiles the seat cannot see: in the other hands or the boneyard."""
        seen = {*self.layout.tiles(), *self.mine}
        return tuple(t for t in ALL_TILES if t not in seen)

    def known_voids(self) -> Voids:
        return {p: frozenset(s) for p, s in self.voids.items()}

    def over(self) -> Optional[str]:
        """Why the hand is over ("player 1 went out", "blocked"), None while it goes on."""
        for player, count in enumerate(self.counts):
            if count == 0:
                return f"player {player} went out"
        if self.boneyard == 0 and self.passes >= self.players:
            return "blocked: every player passed"
        return None

    # ----- turns -----
    def take(self, player: int, draws: Draws, move: Optional[Move]) -> None:
        """One turn: `draws` (the seat's tiles, or another player's count), then `move`,
        or a pass (`move` None)."""
        why = self.over()
        if why is not None:
            raise IllegalMoveError(f"the hand is over ({why})")
        if not 0 <= player < self.players:
            raise NotationError(f"there is no player {player}: the players are 0 to {self.players - 1}")
        if self.turn is not None and player != self.turn:
            raise IllegalMoveError(f"it is player {self.turn}'s turn, not player {player}'s")
        drew = len(draws) if isinstance(draws, tuple) else draws
        if self.layout.is_empty and (drew or move is None or move.side is not None):
            raise IllegalMoveError("the first turn is the lead: a bare tile (e.g. 6-4), no draw, no pass")
        if not self.layout.is_empty and move is not None and move.side is None:
            raise IllegalMoveError(f"{move}: after the lead a move names its end, e.g. {move}@E")
        before = self.known_voids()
        pips = {end.pip for end in self.layout.open_ends()}
        if player == self.seat:
            if not isinstance(draws, tuple):
                raise NotationError("the seat's own draws name the tiles (draw 3-2), not a count")
            self._seat_turn(draws, move, before)
        else:
            if isinstance(draws, tuple):
                raise NotationError(f"player {player}'s draws are a count (draw 2): the seat does not "
                                    "see his tiles")
            self._other_turn(player, draws, move, before.get(player, frozenset()))
        showed(self.voids, player, pips, drew=drew > 0, passed=move is None)
        self.passes = self.passes + 1 if move is None else 0
        self.turn = (player + 1) % self.players
        self.turns += 1
        self.check_shares()

    def _seat_turn(self, draws: tuple[Tile, ...], move: Optional[Move], voids: Voids) -> None:
        for tile in draws:
            self._check_unseen(tile, "drawn")
            self._check_cannot_play("draws")
            if not self.boneyard:
                raise IllegalMoveError(f"he draws {tile} from an empty boneyard")
            self.boneyard -= 1
            self.mine = sort_tiles((*self.mine, tile))
            self.counts[self.seat] += 1
        if move is None:
            self._check_cannot_play("passes")
            self._check_boneyard_empty()
            return
        view = self.view()
        if self.turn is None:
            view = Position(view.layout, view.hands, view.boneyard, self.seat, view.scores, view.rules)
        after = view.play(move)  # raises with the reason
        self.decisions.append(Decision(self.turns, view, move, voids))
        self.layout, self.scores = after.layout, list(after.scores)
        self.mine = tuple(t for t in self.mine if t != move.tile)
        self.counts[self.seat] -= 1

    def _other_turn(self, player: int, drew: int, move: Optional[Move], lacks: frozenset[int]) -> None:
        if drew < 0:
            raise NotationError("a number of tiles drawn is not negative")
        if drew > self.boneyard:
            raise IllegalMoveError(f"he draws {drew} tiles from a boneyard of {self.boneyard}"
                                   if self.boneyard else "he draws from an empty boneyard")
        self.boneyard -= drew
        self.counts[player] += drew
        if move is None:
            self._check_boneyard_empty()
            return
        tile = move.tile
        if tile in self.mine:
            raise IllegalMoveError(f"{tile} is in the seat's hand")
        self._check_unseen(tile, "played")
        if not drew and set(tile) & lacks:
            raise IllegalMoveError(f"player {player} showed he has no {suits(set(tile) & lacks)} (he drew "
                                   f"or passed on them and has not drawn since), yet plays {tile}")
        if self.layout.is_empty and self.rules.lead == "highest-double":
            mine = max((t for t in self.mine if t.is_double), default=None)
            if not tile.is_double:
                raise IllegalMoveError(f"under {self.rules.name} the lead is the highest double, not {tile}")
            if mine is not None and mine > tile:
                raise IllegalMoveError(f"under {self.rules.name} the holder of the highest double leads "
                                       f"it: the seat holds {mine}, higher than {tile}")
        layout = self.layout.place(tile, move.side)  # raises if it does not fit
        self.layout = layout
        self.scores[self.rules.side_of(player)] += layout.points()
        self.counts[player] -= 1

    def _check_unseen(self, tile: Tile, what: str) -> None:
        if tile in set(self.layout.tiles()):
            raise IllegalMoveError(f"{tile} is {what} but is already on the table")
        if tile in self.mine:
            raise IllegalMoveError(f"{tile} is {what} but is already in the seat's hand")

    def _check_cannot_play(self, what: str) -> None:
        moves = self.view().legal_moves() if not self.layout.is_empty else ()
        if moves:
            raise IllegalMoveError(f"he {what} while {moves[0].tile} fits ({moves[0]}): a player who can "
                                   "play may not draw or pass")

    def _check_boneyard_empty(self) -> None:
        if self.boneyard:
            raise IllegalMoveError(f"he passes while the boneyard holds {self.boneyard} tile(s): "
                                   "he must draw")

    # ----- the hidden tiles -----
    def check_shares(self, lacks: Optional[dict[int, set[int]]] = None) -> None:
        """Whether the tiles the seat cannot see can be shared out among the other hands,
        each holding its count and no tile of a suit its player showed he lacks (the
        boneyard takes any); raises IllegalMoveError saying which hands cannot be filled."""
        lacks = self.voids if lacks is None else lacks
        others = [p for p in range(self.players) if p != self.seat]
        if not any(lacks.get(p) for p in others):
            return  # no suit known to be lacking: any share will do
        lacking = {p: sum(1 << pip for pip in lacks.get(p, ())) for p in others}
        holders = [sum(1 << p for p in others if not ((1 << t.high) | (1 << t.low)) & lacking[p])
                   for t in self.unseen()]  # for each unseen tile: who may hold it
        for k in range(1, len(others) + 1):
            for group in combinations(others, k):
                need = sum(self.counts[p] for p in group)
                mask = sum(1 << p for p in group)
                fit = sum(1 for h in holders if h & mask)
                if fit < need:
                    who = (f"player {group[0]}" if k == 1
                           else "players " + ", ".join(map(str, group[:-1])) + f" and {group[-1]}")
                    shown = "; ".join(f"player {p} lacks {suits(lacks[p])}" for p in group if lacks.get(p))
                    raise IllegalMoveError(f"{who} would hold {need} tile(s), but only {fit} of the tiles "
                                           f"the seat cannot see can be theirs ({shown or 'no suit known'})")

    # ----- the end of the hand -----
    def end(self, kind: str, player: Optional[int] = None) -> None:
        """Check `end: out N` (kind "out") or `end: blocked` against the hand so far."""
        gone = [p for p, count in enumerate(self.counts) if count == 0]
        if kind == "out":
            assert player is not None
            if not 0 <= player < self.players:
                raise NotationError(f"there is no player {player}: the players are 0 to {self.players - 1}")
            if self.counts[player]:
                raise IllegalMoveError(f"player {player} did not go out: he still holds "
                                       f"{self.counts[player]} tile(s) by the count")
            return
        if gone:
            raise IllegalMoveError(f"the hand was not blocked: player {gone[0]} went out")
        if self.layout.is_empty:
            raise IllegalMoveError("the hand was not blocked: nothing was played")
        if self.boneyard:
            raise IllegalMoveError(f"the hand was not blocked: the boneyard holds {self.boneyard} tile(s)")
        moves = self.view().moves_for(self.seat)
        if moves:
            raise IllegalMoveError(f"the hand was not blocked: the seat could still play {moves[0]}")
        ends = {end.pip for end in self.layout.open_ends()}
        lacks = {p: self.voids.get(p, set()) | ends for p in range(self.players)}
        self.check_shares(lacks)  # a blocked hand shows that nobody holds a tile for the ends

    def show(self, player: int, tiles: tuple[Tile, ...], blocked: bool) -> None:
        """Check `shown N: TILES`: the hand player N showed at the end."""
        if not 0 <= player < self.players:
            raise NotationError(f"there is no player {player}: the players are 0 to {self.players - 1}")
        if len(set(tiles)) != len(tiles):
            raise NotationError(f"player {player}'s hand holds a tile twice")
        if player == self.seat:
            if sort_tiles(tiles) != self.mine:
                held = ",".join(map(str, self.mine)) or "-"
                raise IllegalMoveError(f"the seat's hand at the end is {held}")
            return
        if len(tiles) != self.counts[player]:
            raise IllegalMoveError(f"player {player} holds {self.counts[player]} tile(s) by the count, "
                                   f"not {len(tiles)}")
        lacks = self.voids.get(player, set())
        for tile in tiles:
            self._check_unseen(tile, "shown")
            if tile in self.shown:
                raise IllegalMoveError(f"{tile} is shown in two hands")
            self.shown.add(tile)
            if set(tile) & lacks:
                raise IllegalMoveError(f"player {player} showed he has no {suits(set(tile) & lacks)}, yet "
                                       f"shows {tile}")
            if blocked and any(tile.has(end.pip) for end in self.layout.open_ends()):
                raise IllegalMoveError(f"the hand was not blocked: player {player}'s {tile} fits")
