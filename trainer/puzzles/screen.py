"""Screening candidates cheaply before the costly proofs, and paying for each deal once.

A hidden-tile puzzle is proven on deals drawn in steps (DEAL_STEPS); the first steps,
too few deals to ship a puzzle, only screen it out:

- the deals of a position are drawn and solved once, in order, and each step adds the
  next ones (`Sampled`): the 100 deals a puzzle ships on hold the 10 and 30 it was
  screened on, the same deals `paired` draws for that seed;
- each deal is solved with a small transposition table (PROOF_BITS): late in a hand a
  deal takes a few thousand nodes, which a table of 16,000 entries holds, and clearing
  and missing a big one costs more than the search (the values are the same); and in
  the caller's thread, one after another: handing a search of a fraction of a
  millisecond to another thread costs more than it saves (a generation run keeps every
  core busy with a worker process each, `trainer.puzzles.farm`);
- a position is dropped at a step when it is `futile`: the best so far is the only
  scoring choice (the answer would be the only scoring move), or some move trails the
  best by more than FUTILE_LEAD points but less than MARGIN (the best will not beat it
  by MARGIN, nor will it be accepted). On 546 best-play candidates of real hands, these
  two rules dropped 152 positions after 10 or 30 deals; 10 of them would have made
  puzzles (6%), and 25 of the 2 minutes 46 s their proofs took were saved.

>>> from trainer.engine.position import Position
>>> view = Position.from_code("6-6:6-4:6-1:: 6-5,5-5,4-1,3-0/?5 ?16 0 0,0")
>>> sampled = Sampled(view, seed=3)
>>> sampled.upto(10).deals, sampled.upto(30).deals, sampled.solved_deals
(10, 30, 30)
>>> from trainer.search.evidence import paired
>>> sampled.upto(30) == paired(view, 30, 3)
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Optional

from trainer.engine.position import Position
from trainer.engine.twins import twin_key
from trainer.puzzles.verdicts import MARGIN, hopeless
from trainer.search.evidence import Evidence, deals_for
from trainer.search.solver import Solution, solve

PROOF_BITS = 14  # a proof's table: 2**14 entries, 256 KiB
FUTILE_LEAD = 3  # points: a move this far behind the best, and less than MARGIN, dooms a best-play puzzle


class Sampled:
    """The deals of a position's hidden tiles for a seed (`voids`: the suits other
    players showed they lack), solved once each, as many as asked so far."""

    def __init__(self, view: Position, seed: int,
                 voids: Optional[Mapping[int, frozenset[int]]] = None) -> None:
        self.view = view
        self.voids = dict(voids) if voids else None
        self.rng = random.Random(seed)
        self.solved: list[Solution] = []

    @property
    def solved_deals(self) -> int:
        return len(self.solved)

    def upto(self, deals: int) -> Evidence:
        """Every legal move valued on the first `deals` deals."""
        more = deals - len(self.solved)
        if more > 0:
            dealt = deals_for(self.view, more, self.rng, self.voids)
            self.solved.extend(solve(deal, table_bits=PROOF_BITS) for deal in dealt)
        return evidence(self.view, self.solved[:deals])


def evidence(view: Position, solved: list[Solution]) -> Evidence:
    """Every legal move's value on each solved deal, as `trainer.search.evidence.paired`
    gives it."""
    moves = tuple(sorted(view.legal_moves(), key=str))
    found = [{m.move: m.value for m in s.moves} for s in solved]
    return Evidence(moves, tuple(view.points(m) for m in moves),
                    tuple(tuple(f[m] for f in found) for m in moves))


def sampled(view: Position, deals: int, seed: int,
            voids: Optional[Mapping[int, frozenset[int]]] = None) -> Evidence:
    """`deals` deals for `seed`, solved with a proof's table: `paired`'s figures."""
    return Sampled(view, seed, voids).upto(deals)


def futile(position: Position, ev: Evidence) -> Optional[str]:
    """Why more deals will hardly make a best-play puzzle of `position` (an early stop,
    never a proof), or None."""
    best = ev.best()
    scoring = {twin_key(position, m) for m, p in zip(ev.moves, ev.points) if p > 0}
    if ev.points[ev.index(best)] > 0 and len(scoring) == 1:
        return "the answer is the only scoring move"
    for m in ev.moves:
        if m != best and FUTILE_LEAD < ev.difference(best, m).mean < MARGIN:
            return f"the best leads {m} by less than {MARGIN}"
    if hopeless(ev):
        return f"the best beats a move surely but by less than {MARGIN}"
    return None
