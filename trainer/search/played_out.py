"""The second yardstick for a decision over hidden tiles: the rest of the hand played
out with every player choosing on his own information.

The exact yardstick (`trainer.search.evidence`) solves each deal of the hidden tiles
with every hand and the boneyard's order known to every player. Late in a hand that is
close to the truth; early, a deal's exact value rests mostly on what nobody at the
table can know (which tiles a draw brings), and a move that only hindsight would make
good can look best. Here each move is played, then the rest of the hand is played out
on each deal with every player choosing only on what he can see: his hand, the table,
the tile counts and the suits each player showed he lacks (the guarded policy of
`trainer.search._fast`: points now less the most the next player could score in reply
with a tile he may hold, then points now, then the heaviest tile; it beats the greedy
player, which takes the most points now). Every move is played out on the same deals
with the same luck, so that moves are compared pair by pair, with a 95% interval, as
the exact yardstick does. A play-out costs some microseconds: thousands fit in a
fraction of a second.

>>> from trainer.engine.position import Position
>>> p = Position.from_code("4-5,5-1 6-4,1-1/?7 ?17 0 0,0")
>>> e = played_out(p, deals=200, seed=3)
>>> e.deals, sorted(str(m) for m in e.moves), e == played_out(p, deals=200, seed=3)
(200, ['1-1@E', '6-4@W'], True)
"""

from __future__ import annotations

import random
import time
from typing import Optional

from trainer.engine.moves import Move
from trainer.engine.position import Position
from trainer.engine.voids import Voids
from trainer.errors import InvalidPositionError
from trainer.search.dealing import Dealer
from trainer.search.evidence import Evidence
from trainer.search.fastplay import policy_playouts

PLAYOUT_DEALS = 2000  # deals played out for a decision, unless a budget stops sooner
MAX_PLAYOUT_DEALS = 20_000
POLICY = "guarded"  # how every player chooses in a play-out (trainer.search.fastplay.POLICIES)
BATCH = 250  # deals played out at a time (a budget is checked between batches)


def played_out(view: Position, deals: int = PLAYOUT_DEALS, seed: int = 0, voids: Optional[Voids] = None,
               moves: Optional[tuple[Move, ...]] = None, deadline: float = 0.0,
               policy: str = POLICY) -> Evidence:
    """Every legal move of the mover of `view` (or `moves`) valued by play-outs on the
    same `deals` uniform deals of the tiles he cannot see (`voids`: the suits each
    player showed he lacks, known to every player). With `deadline`
    (time.perf_counter(); 0: none), play-outs stop at the first batch past it (the
    first batch is always played); without one, a seed gives the same figures on every
    machine. Raises InvalidPositionError when there is no choice to value."""
    if view.is_over:
        raise InvalidPositionError("the hand is over: nobody has a move to value")
    if not 1 <= deals <= MAX_PLAYOUT_DEALS:
        raise InvalidPositionError(f"play-outs are 1 to {MAX_PLAYOUT_DEALS:,} deals")
    chosen = tuple(sorted(moves if moves is not None else view.legal_moves(), key=str))
    if not chosen:
        raise InvalidPositionError("the mover has no tile to play: there is no move to value")
    rng = random.Random(seed)
    dealer = Dealer(view, voids)
    known = voids or {}
    rows: list[list[int]] = [[] for _ in chosen]
    done = 0
    while done < deals and (not done or not deadline or time.perf_counter() < deadline):
        count = min(BATCH, deals - done)
        batch = [dealer.masks(rng) for _ in range(count)]
        margins = policy_playouts(view, batch, chosen, (policy,) * view.players, known,
                                  rng.getrandbits(64))
        for row, found in zip(rows, margins):
            row.extend(found)
        done += count
    return Evidence(chosen, tuple(view.points(m) for m in chosen), tuple(tuple(r) for r in rows))
