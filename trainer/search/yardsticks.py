"""The two yardsticks side by side: what a claim about a move over hidden tiles may
rest on.

- exact per deal (`trainer.search.evidence`): each deal of the hidden tiles solved
  with every tile known; the mean over deals;
- played out (`trainer.search.played_out`): the rest of the hand played out on the
  same kind of deals with every player choosing on what he can see.

A difference between two moves is claimed only where the yardsticks do not contradict
each other: when one says, beyond its 95% margin, that `a` is better and the other says,
beyond its margin, that `b` is, nobody can say which is better (`contradicted`), and
the coach, the review, the worked hands and the puzzles say "unclear" instead.
`both` gathers the two for a position, for callers that need a verdict on fixed deals
(the puzzle generator and `verify`, the worked hands, the benchmarks).

>>> from trainer.search.evidence import Difference
>>> TwoWays(Move.parse("2-2"), Move.parse("4-1"), Difference(25.6, 3.4), Difference(-2.8, 1.5)).contradicted
True
>>> TwoWays(Move.parse("2-2"), Move.parse("4-1"), Difference(25.6, 3.4), Difference(-2.8, 3.5)).contradicted
False
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Optional

from trainer.engine.moves import Move
from trainer.engine.position import Position
from trainer.engine.voids import Voids
from trainer.search.evidence import Difference, Evidence, paired
from trainer.search.played_out import PLAYOUT_DEALS, played_out


@dataclass(frozen=True)
class TwoWays:
    """How much better `a` is than `b` by each yardstick."""

    a: Move
    b: Move
    exact: Difference  # with every tile known on each deal
    played: Difference  # played out on each player's own information

    @property
    def contradicted(self) -> bool:
        """The two say, each beyond its 95% margin, that a different move is better."""
        return (self.exact.low > 0 and self.played.high < 0) or (self.exact.high < 0 and self.played.low > 0)

    @property
    def agreed(self) -> bool:
        """Both say, beyond their margins, that the same move is better."""
        return (self.exact.low > 0 and self.played.low > 0) or (self.exact.high < 0 and self.played.high < 0)


def compare(exact: Evidence, played: Evidence, a: Move, b: Move) -> TwoWays:
    """`a` against `b` by both yardsticks (both must hold the two moves)."""
    return TwoWays(a, b, exact.difference(a, b), played.difference(a, b))


def contradiction(exact: Evidence, played: Evidence, move: Move,
                  others: Iterable[Move]) -> Optional[TwoWays]:
    """The first of `others` against which the yardsticks contradict each other about
    `move` (None: no such move), seen from `move` (`a` is `move`)."""
    for other in others:
        if other == move or other not in played.moves or other not in exact.moves:
            continue
        found = compare(exact, played, move, other)
        if found.contradicted:
            return found
    return None


def playout_margin(played: Evidence, accepted: Iterable[Move]) -> float:
    """How surely the play-outs keep the accepted moves above every other: the least,
    over the other moves, of the most the lower 95% bound of an accepted move's lead
    over it reaches (inf when every move is accepted)."""
    chosen = [m for m in accepted if m in played.moves]
    rest = [m for m in played.moves if m not in chosen]
    if not rest:
        return math.inf
    return min(max(played.difference(a, r).low for a in chosen) for r in rest)


def both(view: Position, deals: int, seed: int, voids: Optional[Voids] = None,
         playouts: int = PLAYOUT_DEALS) -> tuple[Evidence, Evidence]:
    """Every legal move on `deals` paired deals solved exactly, and on `playouts`
    deals played out, both seeded by `seed` (the same figures on every machine)."""
    return paired(view, deals, seed, voids), played_out(view, playouts, seed, voids)
