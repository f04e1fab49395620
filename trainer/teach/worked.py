"""Worked hands: whole hands of two greedy players (the standard rules), narrated move
by move with the solver's view of each choice.

The solver sees every hand and the order of the boneyard, so its values are exact for
that deal, and no player at the table could know them: the narration says so, and
calls a move "the solver's choice" or gives how much less it is worth, never more.
Each hand is played and solved once per process (about a second).

>>> hand = worked_hand(WORKED_SEEDS[0])
>>> hand.steps[0].before.layout.is_empty, hand.end.is_over
(True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Optional

from trainer.engine.game import deal
from trainer.engine.moves import Move
from trainer.engine.position import Position
from trainer.engine.rules import STANDARD
from trainer.engine.tiles import pip_total
from trainer.i18n import t, tn
from trainer.play.players import GreedyPlayer
from trainer.search.solver import MoveValue, solve
from trainer.teach.lessons import move_label
from trainer.teach.strategy import signed

WORKED_SEEDS: tuple[int, ...] = (4, 6, 7)


@dataclass(frozen=True)
class Step:
    """One turn: the tiles drawn first, the position then (`before` the move), the
    move (None: a pass) and, where there was a choice, every move's exact value."""

    before: Position
    drew: int
    move: Optional[Move]
    points: int
    values: tuple[MoveValue, ...] = ()

    @property
    def chosen(self) -> Optional[MoveValue]:
        return next((v for v in self.values if v.move == self.move), None)


@dataclass(frozen=True)
class WorkedHand:
    seed: int
    start: Position
    steps: tuple[Step, ...]
    end: Position


@lru_cache(maxsize=8)
def worked_hand(seed: int) -> WorkedHand:
    """The hand dealt from `seed`, played to its end by two greedy players; every turn
    with more than one move solved exactly."""
    rng = random.Random(seed)
    position = start = deal(STANDARD, 2, rng)
    players = (GreedyPlayer(rng.getrandbits(32)), GreedyPlayer(rng.getrandbits(32)))
    steps: list[Step] = []
    while not position.is_over:
        drew = 0
        while position.must_draw:
            position, drew = position.draw(), drew + 1
        moves = position.legal_moves()
        if not moves:
            steps.append(Step(position, drew, None, 0))
            position = position.pass_turn()
            continue
        values = solve(position).moves if len(moves) > 1 else ()
        move = players[position.turn].choose(position)
        steps.append(Step(position, drew, move, position.points(move), values))
        position = position.play(move)
    return WorkedHand(seed, start, tuple(steps), position)


def narrate(hand: WorkedHand, lang: str = "en") -> tuple[str, ...]:
    """The hand in sentences, one per turn, then how it ended."""
    hands = "; ".join(t("hand_of", lang, player=p, tiles=", ".join(map(str, hand.start.hand(p))))
                      for p in range(hand.start.players))
    lines = [t("worked.deal", lang, hands=hands)]
    for step in hand.steps:
        player = step.before.turn
        parts = []
        if step.drew:
            parts.append(tn("worked.drew", step.drew, lang, player=player))
        if step.move is None:
            parts.append(t("worked.pass", lang, player=player))
            lines.append(" ".join(parts))
            continue
        label = move_label(step.move, lang)
        key = "worked.play_scores" if step.points else "worked.play"
        parts.append(t(key, lang, player=player, move=label, points=step.points))
        chosen = step.chosen
        if chosen is None:
            parts.append(t("worked.forced", lang))
        elif chosen.value == step.values[0].value:
            parts.append(tn("worked.best", len(step.values), lang, value=signed(chosen.value)))
        else:
            best = step.values[0]
            parts.append(t("worked.worse", lang, best=move_label(best.move, lang),
                           best_value=signed(best.value), value=signed(chosen.value),
                           less=best.value - chosen.value))
        lines.append(" ".join(parts))
    end = hand.end.outcome()
    assert end is not None
    left = "; ".join(t("worked.left", lang, player=p, pips=pip_total(hand.end.hand(p)))
                     for p in range(hand.end.players))
    if end.kind == "domino":
        lines.append(t("worked.domino", lang, player=end.player, left=left))
    else:
        lines.append(t("worked.blocked", lang, left=left))
    scores = ", ".join(map(str, hand.end.settled().scores))
    lines.append(t("worked.scores", lang, scores=scores))
    return tuple(lines)
