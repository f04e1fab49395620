"""Duplicate scoring: every table plays the same deals, and each seat's result is
compared with the same seat of the same deal at the other tables, who held the same
tiles. A good result with poor tiles then counts as much as a good result with good
ones: what is scored is how the tiles were played.

A seat's result in a hand is its side's points less the mean of the other sides'
points (its margin: with two sides, own less the other's). Matchpoints, as bridge clubs
count them: for each deal and seat, each table's result earns 2 for every other table
whose result for that seat it beats and 1 for every tie, out of 2 × (tables − 1). A
player's score is the matchpoints he earned over the most he could have, in percent;
standings rank players by it, overall and round by round (a round: the deals played
before the seats move on), and classes by their learners' mean. A seat the computer
holds is scored like any other, so that the human seats beside it compare fairly, but
the computer is not ranked.

>>> boards = [Board(1, "A", ("Ann", "Ben"), (30, 10)), Board(1, "B", ("Cat", "Dan"), (20, 20))]
>>> [(s.player, s.matchpoints, s.most) for s in standings(boards)]
[('Ann', 2, 2), ('Dan', 2, 2), ('Ben', 0, 2), ('Cat', 0, 2)]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Optional

from trainer.errors import TrainerError

COMPUTER = ""  # a seat the computer held: scored, not ranked


@dataclass(frozen=True)
class Board:
    """One table's play of one deal: who sat in each seat and the points each side
    scored in the hand (sides as the rules count them: two in partners, one a seat
    otherwise). `round` groups deals for the standings round by round."""

    deal: int
    table: str
    seats: tuple[str, ...]
    scores: tuple[int, ...]
    round: int = 1

    def side(self, seat: int) -> int:
        """The side of `seat`: in partners (four seats, two scores) seats 0 and 2 are
        side 0; otherwise a seat is its own side."""
        return seat % 2 if len(self.scores) == 2 and len(self.seats) == 4 else seat

    def result(self, seat: int) -> Fraction:
        """The seat's margin: its side's points less the mean of the other sides'."""
        own = self.side(seat)
        others = [points for side, points in enumerate(self.scores) if side != own]
        return Fraction(self.scores[own]) - Fraction(sum(others), len(others))


@dataclass(frozen=True)
class Scored:
    """A seat of a board with its matchpoints."""

    board: Board
    seat: int
    matchpoints: int
    most: int


@dataclass(frozen=True)
class Standing:
    player: str
    matchpoints: int
    most: int
    boards: int

    @property
    def percent(self) -> float:
        return 100.0 * self.matchpoints / self.most if self.most else 0.0


def check(boards: Sequence[Board]) -> None:
    """Raise TrainerError when the boards cannot be compared: a deal played twice at
    one table, tables of one deal with other numbers of seats or sides, a player in two
    seats of one board, scores that are not whole points."""
    seen: set[tuple[int, str]] = set()
    shape: dict[int, tuple[int, int]] = {}
    for b in boards:
        if (b.deal, b.table) in seen:
            raise TrainerError(f"deal {b.deal} is played twice at table {b.table!r}")
        seen.add((b.deal, b.table))
        if not 2 <= len(b.seats) <= 4 or len(b.scores) not in (2, len(b.seats)):
            raise TrainerError(f"deal {b.deal} at table {b.table!r}: {len(b.seats)} seats and "
                               f"{len(b.scores)} scores do not make a game")
        if any(isinstance(s, bool) or not isinstance(s, int) for s in b.scores):
            raise TrainerError(f"deal {b.deal} at table {b.table!r}: scores are whole points")
        if shape.setdefault(b.deal, (len(b.seats), len(b.scores))) != (len(b.seats), len(b.scores)):
            raise TrainerError(f"deal {b.deal} is played with other seats or sides at table {b.table!r}")
        people = [p for p in b.seats if p != COMPUTER]
        if len(set(people)) != len(people):
            raise TrainerError(f"deal {b.deal} at table {b.table!r}: a player sits in two seats")


def matchpoints(boards: Sequence[Board]) -> list[Scored]:
    """Every seat of every board with its matchpoints against the same seat of the same
    deal at the other tables."""
    check(boards)
    by_deal: dict[int, list[Board]] = defaultdict(list)
    for b in boards:
        by_deal[b.deal].append(b)
    scored: list[Scored] = []
    for deal in sorted(by_deal):
        tables = by_deal[deal]
        for seat in range(len(tables[0].seats)):
            results = [b.result(seat) for b in tables]
            for b, mine in zip(tables, results):
                earned = sum(2 if mine > other else 1 if mine == other else 0 for other in results) - 1
                scored.append(Scored(b, seat, earned, 2 * (len(tables) - 1)))
    return scored


def standings(boards: Sequence[Board], round: Optional[int] = None) -> list[Standing]:
    """The players ranked by their share of the matchpoints (all rounds, or one),
    best first; ties by name. The computer is not ranked."""
    total: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for s in matchpoints(boards):
        player = s.board.seats[s.seat]
        if player == COMPUTER or (round is not None and s.board.round != round):
            continue
        row = total[player]
        row[0] += s.matchpoints
        row[1] += s.most
        row[2] += 1
    ranked = [Standing(p, mp, most, n) for p, (mp, most, n) in total.items()]
    return sorted(ranked, key=lambda s: (-Fraction(s.matchpoints, s.most or 1), s.player))


def class_standings(boards: Sequence[Board], classes: Mapping[str, str]) -> list[tuple[str, float, int]]:
    """Each class's mean percentage over its learners (`classes`: player -> class),
    best first: (class, mean percent, learners)."""
    grouped: dict[str, list[float]] = defaultdict(list)
    for s in standings(boards):
        if s.player in classes:
            grouped[classes[s.player]].append(s.percent)
    rows = [(name, sum(shares) / len(shares), len(shares)) for name, shares in grouped.items()]
    return sorted(rows, key=lambda r: (-r[1], r[0]))


def rounds(boards: Iterable[Board]) -> list[int]:
    return sorted({b.round for b in boards})
