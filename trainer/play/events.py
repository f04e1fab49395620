"""Duplicate events: a set of deals every table plays, each deal a board of one hand,
and who sits where at each table round by round.

A teacher gives the rules, the number of deals, how many deals make a round, the
tables' learners (in order: the first sits in seat 0 of the first table, and so on;
seats left over go to the computer) and whether the players move on one seat after
each round, so that a learner holds other seats (and so other tiles) in the next. Each
board is a table of `trainer.play.table` with `hands=1` and the deal's seed; a deal is
the same at every table, so the same seat holds the same tiles everywhere, and results
are compared seat by seat (`trainer.play.duplicate`).

>>> settings = EventSettings("standard", 2, deals=(11, 12), per_round=1, rotate=True)
>>> [(b.round, b.deal, b.table, b.seats) for b in plan(settings, [[1, 2], [3, 4]])]
[(1, 1, 'A', (1, 2)), (1, 1, 'B', (3, 4)), (2, 2, 'A', (2, 1)), (2, 2, 'B', (4, 3))]
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any, Optional

from trainer.engine.game import Match
from trainer.engine.movenames import move_words
from trainer.errors import NotationError, TrainerError
from trainer.i18n import t, tn
from trainer.play.duplicate import COMPUTER, Board
from trainer.play.table import COMPUTERS, SEED_LIMIT, TableSettings, replay

MAX_DEALS = 16
MAX_TABLES = 12
BOARD_TARGET = 1000  # a board is one hand played out whole: no target ends it early
LABELS = "ABCDEFGHIJKL"


@dataclass(frozen=True)
class EventSettings:
    rules: str
    players: int
    deals: tuple[int, ...]  # each deal's seed, in the order they are played
    per_round: int = 1  # deals played before the seats move on
    rotate: bool = True  # players move one seat on after each round
    computer: str = "greedy"  # the strength of the computer's seats
    muggins: bool = False

    def __post_init__(self) -> None:
        TableSettings(self.rules, self.players)  # the rules and players, checked as a table's
        if not isinstance(self.deals, tuple) or not 1 <= len(self.deals) <= MAX_DEALS:
            raise NotationError(f"an event has 1 to {MAX_DEALS} deals")
        if any(isinstance(d, bool) or not isinstance(d, int) or not 0 <= d <= SEED_LIMIT for d in self.deals):
            raise NotationError(f"a deal's seed is 0 to {SEED_LIMIT:,}")
        if len(set(self.deals)) != len(self.deals):
            raise NotationError("an event's deals are all different")
        if isinstance(self.per_round, bool) or not isinstance(self.per_round, int) \
                or not 1 <= self.per_round <= len(self.deals):
            raise NotationError(f"a round is 1 to {len(self.deals)} deals")
        if self.computer not in COMPUTERS:
            raise NotationError(f"unknown strength {str(self.computer)[:16]!r}: "
                                f"choose {', '.join(COMPUTERS)}")
        if not isinstance(self.rotate, bool) or not isinstance(self.muggins, bool):
            raise NotationError("rotation and Muggins are on or off")

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> EventSettings:
        """Settings as stored; NotationError naming what does not fit."""
        try:
            data: Any = json.loads(text)
        except (TypeError, ValueError):
            raise NotationError("an event's settings are not JSON") from None
        if not isinstance(data, dict) or set(data) - set(cls.__dataclass_fields__) \
                or not isinstance(data.get("deals"), list):
            raise NotationError("an event's settings hold rules, players, deals, per_round, rotate, "
                                "computer and muggins")
        try:
            return cls(**{**data, "deals": tuple(data["deals"])})
        except TypeError:
            raise NotationError("an event's settings need the rules, players and deals") from None

    def rounds(self) -> int:
        return -(-len(self.deals) // self.per_round)

    def board_settings(self, deal: int) -> TableSettings:
        """The table settings of deal number `deal` (from 1): one hand of its seed."""
        return TableSettings(self.rules, self.players, BOARD_TARGET, self.muggins, False,
                             self.deals[deal - 1], hands=1)


@dataclass(frozen=True)
class PlannedBoard:
    """One table's play of one deal: its round, the deal's number (from 1), the table's
    letter and who sits in each seat (a learner's id; None: the computer)."""

    round: int
    deal: int
    table: str
    seats: tuple[Optional[int], ...]


def plan(settings: EventSettings, tables: Sequence[Sequence[Optional[int]]]) -> list[PlannedBoard]:
    """Every board of the event: each table's learners (None or a short list: the
    computer's seats), moved one seat on after each round when `rotate`.
    NotationError for no table, too many, a learner at two tables or a table without one."""
    if not 1 <= len(tables) <= MAX_TABLES:
        raise NotationError(f"an event has 1 to {MAX_TABLES} tables")
    seen: list[int] = [p for t in tables for p in t if p is not None]
    if len(set(seen)) != len(seen):
        raise NotationError("a learner sits at two tables")
    filled: list[tuple[Optional[int], ...]] = []
    for number, people in enumerate(tables):
        if len(people) > settings.players:
            raise NotationError(f"table {LABELS[number]} has {len(people)} learners "
                                f"for {settings.players} seats")
        if not any(p is not None for p in people):
            raise NotationError(f"table {LABELS[number]} has no learner")
        filled.append(tuple(people) + (None,) * (settings.players - len(people)))
    boards = []
    for index in range(len(settings.deals)):
        round_number = index // settings.per_round + 1
        shift = (round_number - 1) % settings.players if settings.rotate else 0
        for number, seats in enumerate(filled):
            moved = seats[-shift:] + seats[:-shift] if shift else seats
            boards.append(PlannedBoard(round_number, index + 1, LABELS[number], moved))
    return boards


def board_result(settings: EventSettings, planned: PlannedBoard, match: Match) -> Optional[Board]:
    """The board for duplicate scoring once its hand is over (None before): each side's
    points in the hand, each seat its learner's id as text (the computer: COMPUTER)."""
    if not match.over or not match.results:
        return None
    names = tuple(COMPUTER if p is None else str(p) for p in planned.seats)
    return Board(planned.deal, planned.table, names, tuple(match.results[0].scores), planned.round)


def board_scores(settings_text: str, moves: Sequence[tuple[str, Optional[int]]]) -> Optional[tuple[int, ...]]:
    """Each side's points in a board's hand once it is over; None before, and for a
    table that is not a board (one that plays to a target) or whose moves do not fit.

    >>> settings = EventSettings("standard", 2, deals=(5,)).board_settings(1)
    >>> match = replay(settings, [])
    >>> board_scores(settings.to_json(), []) is None
    True
    """
    try:
        settings = TableSettings.from_json(settings_text)
        if settings.hands != 1:
            return None
        match = replay(settings, moves)
    except TrainerError:
        return None
    return tuple(match.results[0].scores) if match.over and match.results else None


def hand_lines(match: Match, lang: str = "en") -> list[str]:
    """The match's first hand in words, turn by turn: draws, passes, moves and the
    points they scored (players numbered from 1).

    >>> match = Match(seed=3, target=1000, hands=1)
    >>> match.play(match.legal_moves()[0])
    >>> hand_lines(match)[0]
    'Player 2 plays 6-6 as the lead (6-6).'
    """
    lines = []
    position = match.starts[0]
    for turn in match.hands[0]:
        player = turn.player + 1
        if turn.draws:
            lines.append(tn("worked.drew", len(turn.draws), lang, player=player))
            for _ in turn.draws:
                position = position.draw()
        if turn.move is None:  # a pass (or, ending a blocked hand, the last drawer's none)
            lines.append(t("worked.pass", lang, player=player))
            if position.outcome() is None:
                position = position.pass_turn()
            continue
        points = position.points(turn.move)
        key = "worked.play_scores" if points else "worked.play"
        lines.append(t(key, lang, player=player, move=move_words(turn.move, lang), points=points))
        position = position.play(turn.move)
    return lines
