"""The engine's fast internal path (C extension `trainer.search._fast`), wrapped for Python.

Random play-outs on tile bitmasks, for benchmarks, puzzle generation and sampling,
which play hands by the million. It implements the rules of `Position`; tests replay
its games through the public API and demand the same moves, points and results.

>>> import random
>>> from trainer.engine.game import deal
>>> from trainer.engine.rules import STANDARD
>>> result = play_random_hand(deal(STANDARD, 2, random.Random(1)), seed=2)
>>> result.end in ("domino", "blocked")
True
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple, Optional

from trainer.engine.layout import Layout
from trainer.engine.moves import SIDES, Move
from trainer.engine.position import Position
from trainer.engine.rules import PRESETS, RuleSet
from trainer.engine.tiles import ALL_TILES, Tile
from trainer.errors import HiddenInformationError, InvalidPositionError, NotationError
from trainer.search._backend import fast as _fast

SCORE_LIMIT = 10**9  # |score| the fast path takes: far beyond any game, far below a wrap
ORDINALS: dict[Tile, int] = {tile: tile.ordinal for tile in ALL_TILES}

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
    return _compact_layout(checked_layout(position.layout))


def _compact_layout(layout: Layout) -> Compact:
    if layout.spinner is None:
        if not layout.line:
            return (-1, -1, -1, (-1, -1, -1, -1), (0, 0, 0, 0))
        return (-1, layout.line[0][0], layout.line[-1][1], (-1, -1, -1, -1), (0, 0, 0, 0))
    pips = tuple(arm[-1][1] if arm else -1 for arm in layout.arms)
    doubles = tuple(int(bool(arm) and arm[-1][0] == arm[-1][1]) for arm in layout.arms)
    return (layout.spinner, -1, -1, pips, doubles)  # type: ignore[return-value]


def checked_layout(layout: object) -> Layout:
    """`layout` as its own notation reads it back: the parser's checks (pips 0 to 6,
    touching tiles, a double spinner, N and S after E and W, no tile twice) for a layout
    built any other way. Raises InvalidPositionError."""
    if not isinstance(layout, Layout):
        raise InvalidPositionError("the layout is not a Layout")
    try:
        text = str(layout)
        parsed = Layout.parse(text)
    except (NotationError, TypeError, ValueError, IndexError, AttributeError) as error:
        raise InvalidPositionError(f"the layout is not a layout of real tiles: {error}") from None
    if parsed != layout:
        raise InvalidPositionError(f"the layout {text} does not read back as itself")
    return parsed


def _layout_read(layout: object) -> tuple[Layout, tuple[int, ...]]:
    """`checked_layout` and the tile numbers on it, kept for the layouts met lately: the
    deals of one position, solved by the hundred, share their layout."""
    if isinstance(layout, Layout):
        try:
            return _layout_kept(layout)
        except TypeError:  # unhashable insides: checked below, and refused there
            pass
    checked = checked_layout(layout)
    return checked, tuple(ORDINALS[t] for t in checked.tiles())


@lru_cache(maxsize=512)
def _layout_kept(layout: Layout) -> tuple[Layout, tuple[int, ...]]:
    checked = checked_layout(layout)
    return checked, tuple(ORDINALS[t] for t in checked.tiles())


def _ordinals(tiles: object, where: str) -> list[int]:
    if not isinstance(tiles, tuple):
        raise InvalidPositionError(f"{where} is not a tuple of tiles")
    try:
        return [ORDINALS[t] for t in tiles]
    except (KeyError, TypeError):
        raise InvalidPositionError(f"{where} holds something that is not a domino tile") from None


def check_position(position: Position) -> None:
    """Everything the fast path reads, checked: the rules a preset, 2 to 4 hands, real
    tiles, no tile twice among the layout, the hands and the boneyard, the turn a player,
    one whole-number score per side within SCORE_LIMIT. Raises InvalidPositionError
    (HiddenInformationError for a hidden hand or boneyard)."""
    compact(position)


def compact(position: Position) -> tuple[tuple[int, ...], tuple[int, ...], Compact]:
    """Hands as bitmasks, the boneyard as tile numbers, and the compact layout: the one
    way into the C code, which `check_position` guards. Raises InvalidPositionError
    (HiddenInformationError for a hidden hand or boneyard)."""
    if not isinstance(position, Position):
        raise InvalidPositionError("not a position")
    rules = position.rules
    known = PRESETS.get(rules.name) if isinstance(rules, RuleSet) else None
    if known is None or (rules.lead, rules.hand_end, rules.partners) != (
            known.lead, known.hand_end, known.partners):
        raise InvalidPositionError("the rules are not one of the presets standard, partners, cincos")
    if not isinstance(position.hands, tuple) or not rules.min_players <= len(position.hands) <= 4:
        raise InvalidPositionError(
            f"rules {rules.name} take {rules.min_players} to 4 hands, as a tuple")
    if not position.is_fully_known:
        raise HiddenInformationError("the fast path needs every hand and the boneyard order")
    layout, on_table = _layout_read(position.layout)
    seen = list(on_table)
    hands = []
    for player in range(position.players):
        tiles = _ordinals(position.hand(player), f"hand {player}")
        seen += tiles
        hands.append(sum(1 << t for t in tiles))
    bone = _ordinals(position.known_boneyard(), "the boneyard")
    seen += bone
    if len(set(seen)) != len(seen):
        twice = sorted({t for t in seen if seen.count(t) > 1})
        raise InvalidPositionError(
            "tile(s) in two places: " + ", ".join(str(ALL_TILES[t]) for t in twice))
    turn, scores = position.turn, position.scores
    if type(turn) is not int or not 0 <= turn < position.players:
        raise InvalidPositionError(f"the turn {turn!r} is not a player 0 to {position.players - 1}")
    if (not isinstance(scores, tuple) or len(scores) != rules.sides(position.players)
            or not all(type(s) is int and abs(s) <= SCORE_LIMIT for s in scores)):
        raise InvalidPositionError(
            f"the scores must be {rules.sides(position.players)} whole numbers within "
            f"±{SCORE_LIMIT:,}")
    return tuple(hands), tuple(bone), _compact_layout(layout)


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
    """Deal and play `hands` random hands: (side 0's net points in all, hands dominoed).
    Raises InvalidPositionError for a negative count or players the rules do not take."""
    if type(hands) is not int or hands < 0:
        raise InvalidPositionError("the number of hands to simulate is a whole number, 0 or more")
    if rules.name not in PRESETS:
        raise InvalidPositionError("the rules are not one of the presets standard, partners, cincos")
    try:
        size = rules.hand_size(players)
    except NotationError as error:
        raise InvalidPositionError(str(error)) from None
    return _fast.simulate(hands, seed & (2**64 - 1), players, size, rules.name)


POLICIES: dict[str, int] = {"random": 0, "greedy": 1, "guarded": 2}  # as _fast.c numbers them
Deal = tuple[tuple[int, ...], tuple[int, ...]]  # hands as bitmasks, the boneyard's tile numbers


def move_pair(move: Move) -> tuple[int, int]:
    """A move as the fast path names it: (tile number, side number; 4 for the lead)."""
    return ORDINALS[move.tile], SIDES.index(move.side) if move.side is not None else 4


def policy_playouts(position: Position, deals: list[Deal], moves: tuple[Move, ...],
                    policies: tuple[str, ...], voids: dict[int, frozenset[int]], seed: int,
                    ) -> tuple[tuple[int, ...], ...]:
    """Each deal of `position`'s table (its hands and boneyard, as `Dealer.masks` gives
    them) played out once after each of `moves`, every player by his policy (by name,
    one a player) on what he can see, `voids` the suits each is known to lack: the
    margins, what the mover's side scores from now on less what the others score, per
    move and deal (the same random stream for every move of a deal). With no move, each
    deal is played out once from where it stands. Raises InvalidPositionError for a
    position the fast path refuses or a move that is not legal."""
    layout = _compact_layout(checked_layout(position.layout))
    try:
        codes = tuple(POLICIES[name] for name in policies)
    except KeyError:
        raise InvalidPositionError(f"unknown play-out policy: choose from {', '.join(POLICIES)}") from None
    lacks = tuple(sum(1 << pip for pip in voids.get(p, ())) for p in range(position.players))
    try:
        return tuple(_fast.policy_playouts(deals, layout, position.turn, position.scores, position.rules.name,
                                           [move_pair(m) for m in moves], codes, lacks, seed & (2**64 - 1)))
    except (TypeError, ValueError) as error:
        raise InvalidPositionError(f"the fast path refused the play-outs: {error}") from None
