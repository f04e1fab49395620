"""The re-check on fresh deals: before a puzzle whose answer rests on sampled deals
ships, its shipping margin is found again on deals it has never seen, drawn from a
different seed (`check_seed`), and at least twice as many (`check_deals`).

- best play: on the fresh deals the accepted move valued highest must still beat every
  rejected move by MARGIN with 95% confidence;
- deny: the answer must still not be worse in expected value than any move by MARGIN
  or more (95%).

A puzzle that passes its first deals only by the luck of those deals fails here.

Best play is also checked by the second yardstick (`best_play_playouts`): the rest
of the hand played out PLAYOUTS times with every player choosing on his own
information (`trainer.search.played_out`), on deals seeded by the puzzle's seed; some
accepted move must beat each rejected one by MARGIN with 95% confidence
(`trainer.search.yardsticks.playout_margin`). An answer that only hindsight finds
(every tile known on each deal) fails here.

>>> check_seed(2026) != 2026, check_deals(100)
(True, 200)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Optional

from trainer.engine.moves import Move
from trainer.engine.position import Position
from trainer.puzzles.record import PuzzleError
from trainer.puzzles.screen import sampled
from trainer.puzzles.verdicts import MARGIN, deny_fails, deny_worst, lead_over
from trainer.search.played_out import played_out
from trainer.search.yardsticks import playout_margin

CHECK_FACTOR = 2  # the re-check draws at least this many times the deals the answer shipped on
CHECK_SALT = 0x5EED_C0DE  # the fresh seed: the puzzle's seed mixed with this
PLAYOUTS = 4000  # best play: deals played out on each player's own information


def check_seed(seed: int) -> int:
    """The seed of the fresh deals: never the puzzle's own."""
    return (seed * 2_654_435_761 + CHECK_SALT) % (1 << 62) ^ 1


def check_deals(deals: int) -> int:
    """How many fresh deals re-check an answer that shipped on `deals` deals."""
    return CHECK_FACTOR * deals


def best_play_recheck(position: Position, seed: int, deals: int, accepted: tuple[str, ...],
                      voids: Optional[Mapping[int, frozenset[int]]] = None) -> float:
    """The best-play margin on `deals` fresh deals; raises PuzzleError below MARGIN."""
    ev = sampled(position, deals, check_seed(seed), voids)
    rejected = [str(m) for m in ev.moves if str(m) not in accepted]
    margin = lead_over(ev, accepted, rejected)
    if margin < MARGIN:
        raise PuzzleError(f"on {deals} fresh deals the best beats a rejected move by less than "
                          f"{MARGIN} (95%): {margin:+.1f}")
    return margin


def deny_recheck(position: Position, seed: int, deals: int, accepted: tuple[str, ...],
                 voids: Optional[Mapping[int, frozenset[int]]] = None) -> float:
    """How much worse in expected value the deny answer could be on `deals` fresh
    deals (the largest upper 95% bound); raises PuzzleError at MARGIN or more."""
    ev = sampled(position, deals, check_seed(seed), voids)
    worst = deny_worst(ev, accepted)
    why = deny_fails(worst)
    if why is not None:
        raise PuzzleError(f"on {deals} fresh deals {why}")
    return worst


def best_play_playouts(position: Position, seed: int, accepted: tuple[str, ...],
                       voids: Optional[Mapping[int, frozenset[int]]] = None,
                       deals: int = PLAYOUTS) -> tuple[float, dict[str, float]]:
    """The best-play margin by play-outs on `deals` deals seeded by `seed`, and each
    move's mean there; raises PuzzleError below MARGIN (the two yardsticks do not
    agree)."""
    played = played_out(position, deals, seed, dict(voids) if voids else None)
    margin = playout_margin(played, [Move.parse(a) for a in accepted])
    if margin < MARGIN:
        raise PuzzleError(f"played out on each player's information ({deals} deals), the answer does "
                          f"not beat every rejected move by {MARGIN} (95%): {margin:+.1f}")
    return round(margin, 2), {str(m): round(played.mean(m), 2) for m in played.moves}
