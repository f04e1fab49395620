"""Puzzle themes: the idea a solver needs, each decided by one small function of the
puzzle and its solved lines (`trainer.puzzles.lines`: best play after the answer and
after its rival, the most tempting rejected move, on the same deals). The catalogue
holds each theme's name in words, `puzzles.tag.NAME`, and its one-line definition,
`puzzles.tag_def.NAME`. "In most lines" means in more than half of them; an endgame
has one line, exact. What the board looks like (a double at an end, four arms) is not
a theme: it is a filter (`trainer.puzzles.features`).

| theme | decided by |
|---|---|
| `greedy-trap` | the moves that score the most now are all rejected |
| `set-up` | the answer scores nothing now; in most lines your next tile scores (more than after the rival) |
| `deny` | in most lines the next player scores nothing next turn, and 5 less on average than after rival |
| `block` | most lines end with nobody able to play, more of them than after the rival |
| `domino` | in most lines your side goes out, more often than after the rival |
| `shed-heavy` | the answer sheds your heaviest tile (8+ pips), the rival a lighter: fewer pips at the end |
| `hold-answer` | the rival plays a tile the answer keeps; in most lines it scores when you play it next |
| `partner-count` | partners: in most lines your partner's next tile scores, more often than after the rival |
| `read-void` | the next player showed a void; in most lines he draws or passes next (more than after rival) |

>>> from trainer.puzzles.kinds import make_puzzle
>>> from trainer.engine.position import Position
>>> code = ("0-0:0-3,3-4,4-6,6-5,5-5,5-1,1-0:0-4,4-2,2-1,1-3,3-2,2-0,0-5,5-4::"
...         "0-6,6-3,3-3,3-5,5-2,2-2,2-6,6-1 6-6,4-4/4-1,1-1 - 1 15,15")
>>> tags_of(make_puzzle("endgame", Position.from_code(code), seed=0))
('domino',)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Optional

from trainer.engine.moves import Move
from trainer.engine.rules import preset
from trainer.puzzles.lines import Line, Story, story
from trainer.puzzles.record import Puzzle

HEAVY = 8  # pips: a tile this heavy or more is worth shedding
DENIED = 5  # points: the next player's next play scores at least this much less on average


def _share(lines: Iterable[Line], holds: Callable[[Line], bool]) -> float:
    found = list(lines)
    return sum(holds(line) for line in found) / len(found) if found else 0.0


def _most(lines: Iterable[Line], holds: Callable[[Line], bool]) -> bool:
    return _share(lines, holds) > 0.5


def _more(s: Story, holds: Callable[[Line], bool]) -> bool:
    """In most lines after the answer, and in more of them than after the rival."""
    return _most(s.answer, holds) and _share(s.answer, holds) > _share(s.rival, holds)


def greedy_trap(p: Puzzle, s: Story) -> bool:
    """The moves that score the most now are all rejected."""
    if not p.moves:
        return False
    top = max(m.points for m in p.moves)
    return top > 0 and not any(m.points == top for m in p.moves if m.move in p.accepted)


def set_up(p: Puzzle, s: Story) -> bool:
    """The answer scores nothing now, and in most lines your next tile scores, more often
    than after the rival."""
    if not s.answer or s.answer[0].steps[0].points:
        return False

    def scores_next(line: Line) -> bool:
        step = line.next_play(s.turn)
        return step is not None and step.points > 0

    return _more(s, scores_next)


def deny(p: Puzzle, s: Story) -> bool:
    """In most lines the next player scores nothing on his next turn, and he scores at
    least 5 less on average than after the rival."""
    if not s.rival:
        return False

    def gets(line: Line) -> int:
        step = line.next_play(s.next_player)
        return step.points if step is not None else 0

    mean_answer = sum(map(gets, s.answer)) / len(s.answer)
    mean_rival = sum(map(gets, s.rival)) / len(s.rival)
    return _most(s.answer, lambda line: gets(line) == 0) and mean_answer + DENIED <= mean_rival


def block(p: Puzzle, s: Story) -> bool:
    """Most lines end with nobody able to play, more of them than after the rival."""
    return _more(s, lambda line: line.end == "blocked")


def domino(p: Puzzle, s: Story) -> bool:
    """In most lines your side goes out, more often than after the rival."""
    rules = preset(p.rules)
    mine = rules.side_of(s.turn)
    return _more(s, lambda line: line.end == "domino" and line.winner is not None
                 and rules.side_of(line.winner) == mine)


def shed_heavy(p: Puzzle, s: Story) -> bool:
    """The answer plays your heaviest tile (8 pips or more) where the rival plays a
    lighter one, and you end the hand with fewer pips."""
    if s.rival_move is None or not s.answer:
        return False
    hand = p.parsed().hand(s.turn)
    tile, other = Move.parse(p.accepted[0]).tile, Move.parse(s.rival_move).tile
    if tile.pips < HEAVY or tile.pips < max(t.pips for t in hand) or other.pips >= tile.pips:
        return False

    def left(lines: tuple[Line, ...]) -> float:
        return sum(line.pips[s.turn] for line in lines) / len(lines)

    return left(s.answer) < left(s.rival)


def hold_answer(p: Puzzle, s: Story) -> bool:
    """The rival plays a tile the answer keeps, and in most lines that tile scores when
    you play it next."""
    if s.rival_move is None:
        return False
    kept = Move.parse(s.rival_move).tile
    if kept in {Move.parse(a).tile for a in p.accepted}:
        return False

    def answers_with_it(line: Line) -> bool:
        step = line.next_play(s.turn)
        return step is not None and step.points > 0 and Move.parse(step.action).tile == kept

    return _most(s.answer, answers_with_it)


def partner_count(p: Puzzle, s: Story) -> bool:
    """Partners: in most lines your partner's next tile scores, more often than after
    the rival."""
    if p.rules != "partners":
        return False
    partner = (s.turn + 2) % s.players

    def partner_scores(line: Line) -> bool:
        step = line.next_play(partner)
        return step is not None and step.points > 0

    return _more(s, partner_scores)


def read_void(p: Puzzle, s: Story) -> bool:
    """The next player has shown a void, and in most lines he must draw or pass next,
    more often than after the rival."""
    nxt = s.next_player
    if not p.void_map().get(nxt):
        return False

    def stuck(line: Line) -> bool:
        turn = line.next_turn(nxt)
        return bool(turn) and turn[0].action in ("draw", "pass")

    return _more(s, stuck)


TAGS: dict[str, Callable[[Puzzle, Story], bool]] = {
    "greedy-trap": greedy_trap,
    "set-up": set_up,
    "deny": deny,
    "block": block,
    "domino": domino,
    "shed-heavy": shed_heavy,
    "hold-answer": hold_answer,
    "partner-count": partner_count,
    "read-void": read_void,
}
RETIRED = ("open-spinner", "double-at-end", "four-arms", "count-tiles", "shed-pips", "big-score",
           "cincos", "spinner", "deny-count")  # themes of earlier banks, still named in histories


def tags_of(puzzle: Puzzle, lines: Optional[Story] = None) -> tuple[str, ...]:
    """Every theme whose function holds, in the order of the list (none for a count)."""
    if not puzzle.moves:
        return ()
    found = lines if lines is not None else story(puzzle)
    return tuple(name for name, holds in TAGS.items() if holds(puzzle, found))
