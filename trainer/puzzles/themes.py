"""Puzzle themes: a closed list, each decided by one function of the puzzle and
defined in one line (the catalogue holds its name in words, `puzzles.tag.NAME`, and
its definition, `puzzles.tag_def.NAME`).

| theme | decided by |
|---|---|
| `greedy-trap` | the moves that score the most now are all rejected |
| `set-up` | an answer leaves a board on which a tile still in your hand scores next turn |
| `deny` | an answer leaves the next player less to score than another move would |
| `open-spinner` | an answer goes on an empty arm of the spinner |
| `double-at-end` | a double stands at an open end (it counts both halves) |
| `four-arms` | all four arms of the spinner hold tiles |
| `count-tiles` | after an answer, an open end's suit has no tile left that you cannot see |
| `shed-pips` | with three tiles or fewer, an answer sheds your heaviest tile |
| `big-score` | an answer scores 20 or more at once |
| `domino` | in the best line your side goes out |
| `block` | the best line ends in a blocked hand |
| `cincos` | played under the cincos rules |

>>> from trainer.puzzles.kinds import make_puzzle
>>> from trainer.engine.position import Position
>>> p = make_puzzle("count", Position.from_code("6-6:6-4,4-4::: 5-5/?8 ?16 0 0,0"), seed=1)
>>> tags_of(p)
('double-at-end',)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Optional

from trainer.engine.layout import Layout
from trainer.engine.moves import Move
from trainer.engine.position import HandEnd, Position
from trainer.engine.tiles import ALL_TILES, Tile
from trainer.puzzles.kinds import Puzzle


def _answers(p: Puzzle) -> list[Move]:
    return [Move.parse(a) for a in p.accepted] if p.moves else []


def greedy_trap(p: Puzzle) -> bool:
    """The moves that score the most now are all rejected."""
    if not p.moves:
        return False
    top = max(m.points for m in p.moves)
    return top > 0 and not any(m.points == top for m in p.moves if m.move in p.accepted)


def set_up(p: Puzzle) -> bool:
    """An answer leaves a board on which a tile still in your hand scores next turn."""
    position = p.parsed()
    mine = position.hand(position.turn)
    for move in _answers(p):
        after = position.layout.place(move.tile, move.side)
        if any(_scores(after, tile) for tile in mine if tile != move.tile):
            return True
    return False


def _scores(layout: Layout, tile: Tile) -> bool:
    return any(tile.has(end.pip) and layout.place(tile, end.side).points() > 0
               for end in layout.open_ends())


def _others(position: Position) -> tuple[Tile, ...]:
    """The tiles the next player might hold: his hand when it is shown, else every tile
    the mover cannot see."""
    nxt = position.hands[(position.turn + 1) % position.players]
    if position.is_fully_known and isinstance(nxt, tuple):
        return nxt
    mine = set(position.hand(position.turn)) | set(position.layout.tiles())
    return tuple(t for t in ALL_TILES if t not in mine)


def reply(position: Position, move: Move) -> int:
    """The most the next player could score on the board `move` leaves."""
    after = position.layout.place(move.tile, move.side)
    return max((after.place(t, e.side).points() for t in _others(position) if t != move.tile
                for e in after.open_ends() if t.has(e.pip)), default=0)


def deny(p: Puzzle) -> bool:
    """An answer leaves the next player less to score than another move would."""
    if not p.moves:
        return False
    position = p.parsed()
    left = {m.move: reply(position, Move.parse(m.move)) for m in p.moves}
    least = min(left[a] for a in p.accepted)
    return least == min(left.values()) and least < max(left.values())


def open_spinner(p: Puzzle) -> bool:
    """An answer goes on an empty arm of the spinner."""
    layout = p.parsed().layout
    if layout.spinner is None:
        return False
    index = {"E": 0, "W": 1, "N": 2, "S": 3}
    return any(m.side is not None and not layout.arms[index[m.side]] for m in _answers(p))


def double_at_end(p: Puzzle) -> bool:
    """A double stands at an open end (it counts both halves)."""
    layout = p.parsed().layout
    return any(arm and arm[-1][0] == arm[-1][1] for arm in layout.arms)


def four_arms(p: Puzzle) -> bool:
    """All four arms of the spinner hold tiles."""
    return all(p.parsed().layout.arms)


def count_tiles(p: Puzzle) -> bool:
    """After an answer, an open end's suit has no tile left that you cannot see."""
    position = p.parsed()
    mine = set(position.hand(position.turn))
    for move in _answers(p):
        after = position.layout.place(move.tile, move.side)
        seen = mine | set(after.tiles())
        if any(all(t in seen for t in ALL_TILES if t.has(e.pip)) for e in after.open_ends()):
            return True
    return False


def shed_pips(p: Puzzle) -> bool:
    """With three tiles or fewer, an answer sheds your heaviest tile."""
    position = p.parsed()
    mine = position.hand(position.turn)
    if not p.moves or len(mine) > 3:
        return False
    heaviest = max(t.pips for t in mine)
    lighter = any(Move.parse(m.move).tile.pips < heaviest for m in p.moves if m.move not in p.accepted)
    return lighter and any(m.tile.pips == heaviest for m in _answers(p))


def big_score(p: Puzzle) -> bool:
    """An answer scores 20 or more at once."""
    return any(m.points >= 20 for m in p.moves if m.move in p.accepted)


def line_end(p: Puzzle) -> Optional[HandEnd]:
    """How the hand ends after the first accepted move and the stored best line."""
    if p.kind != "endgame" or not p.accepted:
        return None
    position = p.parsed().play(Move.parse(p.accepted[0]))
    for step in p.line:
        action = step.partition(":")[2]
        if action == "draw":
            position = position.draw()
        elif action == "pass":
            position = position.pass_turn()
        else:
            position = position.play(Move.parse(action))
    return position.outcome()


def domino(p: Puzzle) -> bool:
    """In the best line your side goes out."""
    end = line_end(p)
    if end is None or end.kind != "domino" or end.player is None:
        return False
    rules = p.parsed().rules
    return rules.side_of(end.player) == rules.side_of(p.parsed().turn)


def block(p: Puzzle) -> bool:
    """The best line ends in a blocked hand."""
    end = line_end(p)
    return end is not None and end.kind == "blocked"


def cincos(p: Puzzle) -> bool:
    """Played under the cincos rules."""
    return p.rules == "cincos"


TAGS: dict[str, Callable[[Puzzle], bool]] = {
    "greedy-trap": greedy_trap,
    "set-up": set_up,
    "deny": deny,
    "open-spinner": open_spinner,
    "double-at-end": double_at_end,
    "four-arms": four_arms,
    "count-tiles": count_tiles,
    "shed-pips": shed_pips,
    "big-score": big_score,
    "domino": domino,
    "block": block,
    "cincos": cincos,
}
MOVE_THEMES = frozenset(TAGS) - {"double-at-end", "four-arms", "cincos"}  # need a move


def tags_of(puzzle: Puzzle) -> tuple[str, ...]:
    """Every theme whose function holds, in the order of the list."""
    return tuple(name for name, holds in TAGS.items() if holds(puzzle))
