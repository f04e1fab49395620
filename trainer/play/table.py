"""A table where learners play each other: its settings, the match its stored moves
make, what each seat may see of it, and checking a move before it is stored.

The match is never kept whole: it is made again from the table's settings (the rules,
players, target, Muggins, whether the coach may help, the deal's seed) and its moves in
order (`trainer.store.tables`), so that any app process can carry the hand on. A seat's
view holds his own tiles and what the table shows (the layout, the tile counts, the
scores, the moves made); no other hand and no boneyard order until the hand is over.

>>> settings = TableSettings("standard", 2, seed=7)
>>> TableSettings.from_json(settings.to_json()) == settings
True
>>> match = replay(settings, [])
>>> view = seat_view(match, 1)
>>> view.position.hands[0], view.position.boneyard
(Hidden(count=9), Hidden(count=10))
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any, Optional

from trainer.engine.game import Match
from trainer.engine.moves import Move
from trainer.engine.position import Hidden, Position, size
from trainer.engine.rules import PRESETS, preset
from trainer.errors import IllegalMoveError, NotationError, TrainerError
from trainer.play.players import Player, make_player

COMPUTERS = ("random", "greedy", "expert")
SEED_LIMIT = 2**31 - 1


@dataclass(frozen=True)
class TableSettings:
    rules: str
    players: int
    target: Optional[int] = None  # None: the rules' usual score
    muggins: bool = False
    coach: bool = False  # whether hints are allowed at this table
    seed: int = 0
    hands: int = 0  # 0: to the target; 1: one hand (a duplicate board)

    def __post_init__(self) -> None:
        if self.rules not in PRESETS:
            raise NotationError(f"unknown rules {str(self.rules)[:20]!r}: choose {', '.join(PRESETS)}")
        if isinstance(self.players, bool) or not isinstance(self.players, int):
            raise NotationError("the number of players is a whole number")
        preset(self.rules).check_players(self.players)
        if self.target is not None and (isinstance(self.target, bool) or not isinstance(self.target, int)
                                        or not 5 <= self.target <= 1000):
            raise NotationError("a table's target is a whole number from 5 to 1,000")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or not 0 <= self.seed <= SEED_LIMIT:
            raise NotationError(f"a deal's seed is 0 to {SEED_LIMIT:,}")
        if isinstance(self.hands, bool) or self.hands not in (0, 1):
            raise NotationError("a table plays to its target (hands 0) or one hand (hands 1)")
        if not isinstance(self.muggins, bool) or not isinstance(self.coach, bool):
            raise NotationError("Muggins and the coach are on or off")

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> TableSettings:
        """Settings as stored; NotationError naming what does not fit."""
        try:
            data: Any = json.loads(text)
        except (TypeError, ValueError):
            raise NotationError("a table's settings are not JSON") from None
        if not isinstance(data, dict) or set(data) - set(cls.__dataclass_fields__):
            raise NotationError("a table's settings hold only rules, players, target, muggins, coach, "
                                "seed and hands")
        try:
            return cls(**data)
        except TypeError:
            raise NotationError("a table's settings need the rules and the number of players") from None


def new_match(settings: TableSettings) -> Match:
    return Match(preset(settings.rules), settings.players, settings.seed, settings.target,
                 settings.hands or None)


def replay(settings: TableSettings, moves: Sequence[tuple[str, Optional[int]]]) -> Match:
    """The match the table's moves (each its name and, in Muggins, the claim) make;
    TrainerError naming the first move that does not fit."""
    match = new_match(settings)
    for number, (name, claim) in enumerate(moves):
        if match.over:
            raise TrainerError(f"move {number} comes after the end of the match")
        try:
            move = Move.parse(name)
            if settings.muggins:
                match.play(move, claim if claim is not None else 0, muggins=True)
            else:
                match.play(move)
        except TrainerError as error:
            raise TrainerError(f"move {number} ({name[:16]}): {error}") from None
    return match


@dataclass(frozen=True)
class SeatView:
    """What one seat may see: the position with only his own tiles shown (and the others'
    of a hand that is over, in `shown`), the scores and whose turn it is."""

    seat: int
    position: Position
    to_move: Optional[int]  # None when the match is over
    scores: tuple[int, ...]
    hands_played: int


def seat_view(match: Match, seat: int) -> SeatView:
    """The match as `seat` may see it: his tiles, the layout and the counts."""
    if not 0 <= seat < match.players:
        raise NotationError(f"seat {seat}: this table has seats 0 to {match.players - 1}")
    position = match.position
    hands = tuple(h if p == seat else Hidden(size(h)) for p, h in enumerate(position.hands))
    hidden = replace(position, hands=hands, boneyard=Hidden(size(position.boneyard)))
    return SeatView(seat, hidden, None if match.over else position.turn, match.scores, len(match.hands))


def check_move(match: Match, seat: int, name: str) -> Move:
    """The move `seat` asks to make, if it is his turn and legal; IllegalMoveError or
    NotationError in plain words otherwise."""
    if match.over:
        raise IllegalMoveError("the match is over")
    if match.position.turn != seat:
        raise IllegalMoveError(f"it is player {match.position.turn}'s turn, not yours")
    move = Move.parse(name)
    if move not in match.legal_moves():
        raise IllegalMoveError(f"{move} is not a legal move now")
    return move


def computer(seat: int, strength: str, settings: TableSettings) -> Player:
    """The computer in `seat` at `strength`, seeded by the table's deal and the seat."""
    if strength not in COMPUTERS:
        raise NotationError(f"unknown strength {strength[:16]!r}: choose {', '.join(COMPUTERS)}")
    return make_player(strength, settings.seed * 31 + seat, new_match(settings).target,
                       model="club" if strength == "expert" else None)
