"""The engine's fast internal path (C extension `trainer._fast`), wrapped for Python.

Random play-outs on tile bitmasks, for benchmarks, puzzle generation and sampling,
which play hands by the million. It implements the rules of `Position`; tests replay
its games through the public API and demand the same moves, points and results.

>>> import random
>>> from trainer.game import deal
>>> from trainer.rules import STANDARD
>>> result = play_random_hand(deal(STANDARD, 2, random.Random(1)), seed=2)
>>> result.end in ("domino", "blocked")
True
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from trainer._backend import fast as _fast
from trainer.errors import HiddenInformationError
from trainer.moves import SIDES, Move
from trainer.position import Position
from trainer.rules import RuleSet
from trainer.tiles import ALL_TILES

Compact = tuple[int, int, int, tuple[int, int, int, int], tuple[int, int, int, int]]


class FastResult(NamedTuple):
    """A played-out hand: its moves, the scores after it (end-of-hand scoring included),
    how it ended and who went out."""

    moves: list[tuple[int, Move]]
    scores: tuple[int, ...]
    end: str
    player: Optional[int]


def compact_layout(position: Position) -> Compact:
    """(spinner, west, east, arm pips, arm doubles); -1 for what is absent."""
    layout = position.layout
    if layout.spinner is None:
        if not layout.line:
            return (-1, -1, -1, (-1, -1, -1, -1), (0, 0, 0, 0))
        return (-1, layout.line[0][0], layout.line[-1][1], (-1, -1, -1, -1), (0, 0, 0, 0))
    pips = tuple(arm[-1][1] if arm else -1 for arm in layout.arms)
    doubles = tuple(int(bool(arm) and arm[-1][0] == arm[-1][1]) for arm in layout.arms)
    return (layout.spinner, -1, -1, pips, doubles)  # type: ignore[return-value]


def compact(position: Position) -> tuple[tuple[int, ...], tuple[int, ...], Compact]:
    """Hands as bitmasks, the boneyard as tile numbers, and the compact layout."""
    if not position.is_fully_known:
        raise HiddenInformationError("the fast path needs every hand and the boneyard order")
    hands = tuple(sum(1 << t.ordinal for t in position.hand(p)) for p in range(position.players))
    bone = tuple(t.ordinal for t in position.known_boneyard())
    return hands, bone, compact_layout(position)


def legal_moves(position: Position) -> list[Move]:
    """The mover's legal moves as the fast path finds them."""
    hands, bone, layout = compact(position)
    found = _fast.moves(hands, bone, layout, position.turn, position.scores, position.rules.name)
    return [Move(ALL_TILES[tile], SIDES[side] if side < 4 else None) for tile, side in found]


def play_random_hand(position: Position, seed: int) -> FastResult:
    """Play a fully known position to the end of the hand, choosing uniformly among
    legal moves."""
    hands, bone, layout = compact(position)
    log, scores, winner = _fast.playout(hands, bone, layout, position.turn,
                                        position.scores, position.rules.name, seed & (2**64 - 1))
    moves = [(player, Move(ALL_TILES[tile], SIDES[side] if side < 4 else None))
             for player, tile, side in log]
    return FastResult(moves, tuple(scores), "blocked" if winner < 0 else "domino",
                      None if winner < 0 else winner)


def simulate(hands: int, seed: int, players: int, rules: RuleSet) -> tuple[int, int]:
    """Deal and play `hands` random hands: (side 0's net points in all, hands dominoed)."""
    return _fast.simulate(hands, seed & (2**64 - 1), players, rules.hand_size(players), rules.name)
