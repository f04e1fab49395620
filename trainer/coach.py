"""The coach: a hint with its reasons during play, and the review of a hand after it.

Both judge a move by its expected value: the mean exact value over deals of the tiles
the learner cannot see (`sampling.expected_values`), from what he could see then,
including the suits his opponents showed they lack.

Grades, by expected points lost against the best move:

| grade | points lost |
|---|---|
| best | less than 0.5 |
| good | 0.5 to less than 3 |
| inaccuracy | 3 to less than 8 |
| mistake | 8 to less than 15 |
| blunder | 15 or more |

>>> grade(0.0), grade(2.9), grade(5), grade(10), grade(20)
('best', 'good', 'inaccuracy', 'mistake', 'blunder')
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Optional

from trainer.moves import Move
from trainer.players import GreedyPlayer, best_reply_points, mover_view, unseen_tiles
from trainer.position import Position
from trainer.record import Turn
from trainer.sampling import Voids, expected_values, voids_from_turns

GRADES: tuple[tuple[float, str], ...] = (
    (0.5, "best"), (3.0, "good"), (8.0, "inaccuracy"), (15.0, "mistake"))


def grade(loss: float) -> str:
    """The grade of a move that loses `loss` expected points against the best."""
    for limit, name in GRADES:
        if loss < limit:
            return name
    return "blunder"


@dataclass(frozen=True)
class Hint:
    """The coach's move and why, in plain sentences."""

    move: Move
    reasons: tuple[str, ...]
    values: dict[Move, float]
    samples: int


def reasons_for(position: Position, move: Move) -> tuple[str, ...]:
    """Why a move is good: points now, what it leaves the next player, tiles still out."""
    points = position.points(move)
    after = position.layout.place(move.tile, move.side)
    reply = best_reply_points(position, move)
    out = unseen_tiles(position)
    ends = sorted({e.pip for e in after.open_ends()})
    suits = ", ".join(f"{sum(1 for t in out if t.has(pip) and t != move.tile)} tiles with a {pip}"
                      for pip in ends)
    first = f"{move} scores {points} now" if points else f"{move} scores nothing now"
    return (
        f"{first}; the count becomes {after.count()}.",
        f"After it, the most any tile you cannot see could score next is {reply}."
        if reply else "After it, no tile you cannot see can score on the next play.",
        f"Still out for the open ends ({', '.join(str(e) for e in ends)}): {suits}.",
    )


def hint(position: Position, budget: float = 1.0, seed: int = 0,
         voids: Optional[Voids] = None) -> Hint:
    """The best move by expectation for the mover, with its reasons."""
    moves = position.legal_moves()
    if len(moves) == 1:
        return Hint(moves[0], ("It is your only legal move.",) + reasons_for(position, moves[0]),
                    {moves[0]: 0.0}, 0)
    found = expected_values(mover_view(position), budget, random.Random(seed), voids)
    if found.samples:
        move = found.best()[0]
    else:  # too early in the hand to solve a deal in time: points now and what is left
        move = GreedyPlayer(seed).choose(position)
    return Hint(move, reasons_for(position, move), found.values, found.samples)


@dataclass(frozen=True)
class MoveReview:
    """One of the learner's decisions in a hand, judged."""

    number: int  # the turn's index in the hand
    position: str  # the code before the move, as the learner saw it
    played: Move
    best: Move
    loss: float
    grade: str
    samples: int


def review_hand(start: Position, turns: tuple[Turn, ...], learner: int, budget: float = 0.5,
                seed: int = 0) -> tuple[MoveReview, ...]:
    """Grade every move the learner chose (with two or more legal moves) in a hand.

    `start` is the hand's deal and `turns` its turns (Match.starts / Match.hands)."""
    reviews = []
    position = start
    for number, turn in enumerate(turns):
        for _ in turn.draws:
            position = position.draw()
        if turn.move is None:
            if not position.is_over and position.must_pass:
                position = position.pass_turn()
            continue
        moves = position.legal_moves()
        if turn.player == learner and len(moves) > 1:
            voids = voids_from_turns(start, turns[:number])
            view = mover_view(position)
            found = expected_values(view, budget, random.Random(seed + number), voids)
            if found.samples:
                best_move = found.best()[0]
                loss = found.values[best_move] - found.values[turn.move]
            else:  # judge by points now when no deal could be solved in time
                points = {m: position.points(m) for m in moves}
                best_move = max(moves, key=lambda m: (points[m], str(m)))
                loss = float(points[best_move] - points[turn.move])
            reviews.append(MoveReview(number, view.code(), turn.move, best_move, loss,
                                      grade(loss), found.samples))
        position = position.play(turn.move)
    return tuple(reviews)
