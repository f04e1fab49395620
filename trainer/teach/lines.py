"""Solved lines: a move and best play after it to the end of the hand, and the facts an
explanation may state about it (what the move scores, the reply it allows, the mover's
next score, a partner's score, a block, who goes out, the pips left).

A line is found once by the solver (`solved_line`) and kept as its moves; `replay`
rebuilds it from them with the engine alone, so a bank of lines can be read without
searching again. Every fact below is read off the replayed line, never assumed.

>>> code = ("0-0:0-3,3-4,4-6,6-5,5-5,5-1,1-0:0-4,4-2,2-1,1-3,3-2,2-0,0-5,5-4::"
...         "0-6,6-3,3-3,3-5,5-2,2-2,2-6,6-1 6-6,4-4/4-1,1-1 - 1 15,15")
>>> p = Position.from_code(code)
>>> line = solved_line(p, Move.parse("4-1@W"))
>>> line.text(), line.value, line.ending.kind
('4-1@W 0 - 1-1@S 0', 20, 'domino')
>>> replay(p, line.text()) == line
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Optional

from trainer.engine.moves import Move
from trainer.engine.position import HandEnd, Position
from trainer.engine.tiles import pip_total
from trainer.errors import NotationError
from trainer.search.solver import solve


@dataclass(frozen=True)
class Ply:
    """One turn of a line: who, the move (None: he cannot play and passes), its points,
    and how many tiles he drew first."""

    player: int
    move: Optional[Move]
    points: int
    drew: int = 0


@dataclass(frozen=True)
class Line:
    """A first move and the play after it, to the end of the hand."""

    start: Position
    plies: tuple[Ply, ...]
    end: Position  # the hand over, before its end-of-hand scoring

    @property
    def first(self) -> Ply:
        return self.plies[0]

    @property
    def ending(self) -> HandEnd:
        outcome = self.end.outcome()
        assert outcome is not None
        return outcome

    @property
    def side(self) -> int:
        """The side of the player who makes the first move."""
        return self.start.rules.side_of(self.start.turn)

    def settlement(self) -> tuple[int, ...]:
        """Each side's change of score from the pips left (rules.md, rule 11 or cincos)."""
        return self.end.hand_end_scores()

    def points_of(self, side: int) -> int:
        """What `side` scores by its plays along the line."""
        return sum(ply.points for ply in self.plies if self.start.rules.side_of(ply.player) == side)

    @property
    def value(self) -> int:
        """The line's result for the first mover's side: its points and end-of-hand score
        less the other side's (two sides; with three players the others' together)."""
        totals = [0] * len(self.start.scores)
        for ply in self.plies:
            totals[self.start.rules.side_of(ply.player)] += ply.points
        for side, change in enumerate(self.settlement()):
            totals[side] += change
        mine = totals[self.side]
        return mine - (sum(totals) - mine)

    def reply(self) -> Optional[Ply]:
        """The next player's turn after the first move (None if the move ends the hand)."""
        return self.plies[1] if len(self.plies) > 1 else None

    def next_own(self) -> Optional[Ply]:
        """The first mover's own next turn in the line, if the hand lasts that long."""
        return next((ply for ply in self.plies[1:] if ply.player == self.start.turn), None)

    def partner_points(self) -> int:
        """What the first mover's partner scores along the line (0 without partners)."""
        if not self.start.rules.partners:
            return 0
        mover = self.start.turn
        return sum(ply.points for ply in self.plies
                   if ply.player != mover and self.start.rules.side_of(ply.player) == self.side)

    def pips_left(self) -> tuple[int, ...]:
        """Each player's pips when the hand ends."""
        return tuple(pip_total(self.end.hand(p)) for p in range(self.end.players))

    def text(self) -> str:
        """The line as its moves with their points, "+" for a tile drawn, "-" for a
        pass: `4-1@W 0 - 1-1@S 0`."""
        words = []
        for ply in self.plies:
            if ply.move is not None:
                words.append("+" * ply.drew + f"{ply.move} {ply.points}")
            elif ply.drew and ply is self.plies[-1] and self.end.is_over and not self.end.must_pass:
                words.append("+" * ply.drew)  # drew the last tiles, and the hand was over
            else:
                words.append("+" * ply.drew + "-")
        return " ".join(words)


def _forced(position: Position, plies: list[Ply]) -> Position:
    """Forced draws and passes until someone can play or the hand ends; the draws are
    kept with the turn they belong to."""
    drew = 0
    while not position.is_over and not position.legal_moves():
        if position.must_draw:
            position = position.draw()
            drew += 1
            continue
        plies.append(Ply(position.turn, None, 0, drew))
        drew = 0
        position = position.pass_turn()
    if drew and position.is_over:  # he drew the last tiles and nobody can play
        plies.append(Ply(position.turn, None, 0, drew))
    elif drew:
        plies.append(Ply(position.turn, None, 0, -drew))  # drawn, then plays: merged by _step
    return position


def _step(position: Position, move: Move, plies: list[Ply]) -> Position:
    drew = 0
    if plies and plies[-1].drew < 0:  # the tiles drawn before this move
        drew = -plies.pop().drew
    plies.append(Ply(position.turn, move, position.points(move), drew))
    return _forced(position.play(move), plies)


@lru_cache(maxsize=4096)
def solved_line(position: Position, first: Move) -> Line:
    """`first`, then the solver's best move at every turn (the first of the best in
    the solver's order) to the end of the hand. The position must be fully known
    (draws come in the boneyard's order)."""
    plies: list[Ply] = []
    now = _step(position, first, plies)
    while not now.is_over:
        now = _step(now, solve(now, best_only=True).moves[0].move, plies)
    return Line(position, tuple(plies), now)


def replay(position: Position, text: str) -> Line:
    """The line written by `Line.text`, played again with the engine; raises
    NotationError if a move is not legal, a pass is not forced, a point figure is
    wrong or the hand is not over at the end."""
    plies: list[Ply] = []
    now = position
    words = text.split()
    index = 0
    while index < len(words):
        if now.is_over:
            raise NotationError(f"line {text!r}: the hand is over before {words[index]!r}")
        drew = len(words[index]) - len(words[index].lstrip("+"))
        words[index] = words[index][drew:]
        for _ in range(drew):
            if not now.must_draw:
                raise NotationError(f"line {text!r}: player {now.turn} may not draw")
            now = now.draw()
        if not words[index]:  # drew the last tiles and the hand is over
            plies.append(Ply(now.turn, None, 0, drew))
            index += 1
            continue
        if words[index] == "-":
            if not now.must_pass:
                raise NotationError(f"line {text!r}: player {now.turn} has a move and cannot pass")
            plies.append(Ply(now.turn, None, 0, drew))
            now = now.pass_turn()
            index += 1
            continue
        move = Move.parse(words[index])
        points = int(words[index + 1]) if index + 1 < len(words) else -1
        if move not in now.legal_moves() or now.points(move) != points:
            raise NotationError(f"line {text!r}: {move} with {points} points does not follow")
        plies.append(Ply(now.turn, move, points, drew))
        now = now.play(move)
        index += 2
    if not now.is_over:
        raise NotationError(f"line {text!r}: the hand is not over at its end")
    return Line(position, tuple(plies), now)


def blocks(position: Position, move: Move) -> bool:
    """Whether after `move` nobody can play and the hand is blocked."""
    end = position.play(move).outcome()
    return end is not None and end.kind == "blocked"


def goes_out(position: Position, move: Move) -> bool:
    """Whether `move` plays the mover's last tile."""
    return len(position.hand(position.turn)) == 1


def opens_spinner(position: Position, move: Move) -> bool:
    """Whether `move` covers the spinner's last open side, opening north and south."""
    layout = position.layout
    if layout.spinner is None or layout.arms_open:
        return False
    return layout.place(move.tile, move.side).arms_open


def sheds(position: Position, move: Move) -> bool:
    """Whether `move` plays a double or the heaviest tile of the mover's hand."""
    heaviest = max(tile.pips for tile in position.hand(position.turn))
    return move.tile.is_double or move.tile.pips == heaviest


KINDS: tuple[str, ...] = ("block", "out", "grab", "shed", "setup")


def move_kind(position: Position, move: Move) -> str:
    """What kind of move `move` is, the first that applies: it blocks the hand, it goes
    out, it scores the most now (the grab; only when some move scores), it sheds a
    double or the heaviest tile, or else it plays for later (a set-up, or a quiet move).

    >>> p = Position.from_code("5-0 6-5,5-5,5-3/?7 ?17 0 0,0")
    >>> [move_kind(p, Move.parse(m)) for m in ("5-5@W", "6-5@W", "5-3@W")]
    ['grab', 'shed', 'setup']
    """
    if blocks(position, move):
        return "block"
    if goes_out(position, move):
        return "out"
    most = max(position.points(m) for m in position.legal_moves())
    if most > 0 and position.points(move) == most:
        return "grab"
    if sheds(position, move):
        return "shed"
    return "setup"
