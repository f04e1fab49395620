"""The re-check on fresh deals: before a puzzle whose answer rests on sampled deals
ships, its shipping margin is found again on deals it has never seen, drawn from a
different seed (`check_seed`), and at least twice as many (`check_deals`).

- best play: on the fresh deals the accepted move valued highest must still beat every
  rejected move by MARGIN with 95% confidence;
- deny: the answer must still not be worse in expected value than any move by MARGIN
  or more (95%).

A puzzle that passes its first deals only by the luck of those deals fails here.

>>> check_seed(2026) != 2026, check_deals(100)
(True, 200)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Optional

from trainer.engine.position import Position
from trainer.puzzles.record import PuzzleError
from trainer.puzzles.screen import sampled
from trainer.puzzles.verdicts import MARGIN, deny_fails, deny_worst, lead_over

CHECK_FACTOR = 2  # the re-check draws at least this many times the deals the answer shipped on
CHECK_SALT = 0x5EED_C0DE  # the fresh seed: the puzzle's seed mixed with this


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
