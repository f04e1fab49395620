"""Positions from the middle of a hand, hidden tiles included, judged on the mover's
information by both yardsticks (`trainer.search.yardsticks`), for the strategy course.

Early in a hand too many deals of the hidden tiles fit what the mover knows to solve
them all, so a position is judged as the worked hands are:

- exact per deal: `DEALS` uniform deals of the tiles he cannot see (`trainer.search.
  dealing`, voids included), each solved with every tile known, every move on the same
  deals (`trainer.search.evidence.paired`), with 95% margins on the differences;
- played out: `PLAYOUTS` deals played to the end with every player choosing on what he
  can see (`trainer.search.played_out`), paired the same way.

A position is admitted only where the same move has the best mean by both, and beats
every other offered choice (3 or 4, twins merged) beyond the 95% margin of both: the
figures and their basis (the deals, the play-outs, the seed that draws them) are kept
with the entry, so that `problems` can draw the same deals again and find the same
figures. The explanation rests on them; the solved line it narrates is that of one
representative deal (one where the answer is a best move, worth about its mean there and
ahead of the rival choice by about its mean lead), said to be one deal, never the
decision's value.

>>> from trainer.teach.proven import bank
>>> entry = next(e for e in bank("spinner") if e.sampled)
>>> entry.deals == DEALS and entry.playouts == PLAYOUTS and not entry.position.is_fully_known
True
>>> all(o.exact_margin < entry.value(entry.best) - entry.value(o) for o in entry.options[1:])
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Optional

from trainer.engine.moves import Move
from trainer.engine.position import Hidden, Position, size
from trainer.engine.voids import Voids
from trainer.errors import NotationError
from trainer.search.evidence import Evidence, deals_for, paired
from trainer.search.played_out import played_out
from trainer.teach.lines import replay, solved_line
from trainer.teach.proven import (
    MOST_CHOICES,
    Option,
    Proven,
    offered,
    relevant,
    reply_points,
    seen_by_mover,
    write_voids,
)

DEALS = 200  # deals of the hidden tiles solved exactly for a position
PLAYOUTS = 4000  # deals played out on each player's own information
FRESH = 1_000_003  # added to an entry's seed for a re-judgement on other deals
CUSHION = 2.0  # the best's lead over a choice is at least this many times its 95% half-width, both ways:
# well past the margin, so that other deals tell the same (a lead just past it would fail to replicate
# one time in two)


def twins(exact: Evidence, a: Move, b: Move) -> bool:
    """The same tile, the same points, the same value on every deal: the same table up
    to a mirror, one choice."""
    return a.tile == b.tile and exact.points[exact.index(a)] == exact.points[exact.index(b)] and \
        exact.values[exact.index(a)] == exact.values[exact.index(b)]


def beaten(exact: Evidence, played: Evidence, best: Move, other: Move) -> bool:
    """Both yardsticks put `best` ahead of `other` beyond their 95% margins, by CUSHION
    times the margin."""
    return all(d.low > 0 and d.mean >= CUSHION * d.half_width
               for d in (exact.difference(best, other), played.difference(best, other)))


def example_deal(exact: Evidence, deals: int, best: Move, rival: Move) -> int:
    """The representative deal: one where `best` is a best move, its value there and its
    lead over `rival` as near as can be to their means (the first such)."""
    a, b = exact.values[exact.index(best)], exact.values[exact.index(rival)]
    mean, lead = exact.mean(best), exact.difference(best, rival).mean
    candidates = [d for d in range(deals) if a[d] == max(row[d] for row in exact.values)]
    return min(candidates or range(deals), key=lambda d: (abs(a[d] - mean) + abs(a[d] - b[d] - lead), d))


def judge_sampled(topic: str, position: Position, voids: Voids, seed: int, deals: int = DEALS,
                  playouts: int = PLAYOUTS, sample: Optional[int] = None) -> Optional[Proven]:
    """The position (every tile filled in, as dealt) as a bank entry of `topic` judged
    on its mover's information, or None when the yardsticks do not agree on an answer
    that beats the other choices, or the choices do not differ in the topic's way."""
    view = seen_by_mover(position)
    if view.is_fully_known or not size(view.boneyard):
        return None
    sample = seed if sample is None else sample
    played = played_out(view, playouts, sample, voids)
    leader = played.best()
    # a cheap look first: the play-outs must already put one move clear of two others
    if sum(played.difference(leader, m).low > 0 for m in played.moves if m.tile != leader.tile) < 2:
        return None
    exact = paired(view, deals, sample, voids)
    best = exact.best()
    if exact.mean(best) > exact.mean(leader) or played.mean(leader) > played.mean(best):
        return None  # each yardstick's best is the other's best too (twins aside)
    best = leader if exact.mean(leader) == exact.mean(best) else best
    kept: list[Move] = []
    for move in sorted(exact.moves, key=lambda m: (-exact.mean(m), -exact.points[exact.index(m)], str(m))):
        if move != best and not any(twins(exact, move, k) for k in (best, *kept)) and \
                beaten(exact, played, best, move):
            kept.append(move)
    if len(kept) < 2:
        return None
    chosen = offered(view, [(m, view.points(m), exact.mean(m)) for m in (best, *kept)], topic)
    if len(chosen) < 3:
        return None
    options, example = _options(view, exact, played, deals_for(view, deals, random.Random(sample), voids),
                                chosen[:MOST_CHOICES])
    entry = Proven(topic, view.code(), options, deals, write_voids(voids), seed,
                   playouts=playouts, sample=sample, example=example.code())
    return entry if relevant(entry) else None


def rival_of(options: Sequence[Option]) -> Option:
    """The choice the explanation weighs the answer (first) against: the one that
    scores most now when it scores more than the answer, else the second best
    (`trainer.teach.bestmove.rival`)."""
    most = max(options, key=lambda o: (o.points, o.total))
    return most if most.points > options[0].points else options[1]


def _options(view: Position, exact: Evidence, played: Evidence, dealt: Sequence[Position],
             moves: Sequence[Move]) -> tuple[tuple[Option, ...], Position]:
    """The offered moves (the answer first) with their figures by both yardsticks, and
    the representative deal, on which each has its solved line."""
    best = moves[0]
    deals = len(dealt)
    rows = []
    for move in moves:
        i = exact.index(move)
        best_in = sum(exact.values[i][d] == max(row[d] for row in exact.values) for d in range(deals))
        margins = (0.0, 0.0) if move == best else (exact.difference(best, move).half_width,
                                                   played.difference(best, move).half_width)
        rows.append(Option(move, view.points(move), sum(exact.values[i]), best_in, "",
                           sum(reply_points(full, move) for full in dealt), 0,
                           sum(played.values[played.index(move)]), round(margins[0], 2),
                           round(margins[1], 2)))
    rows = [rows[0], *sorted(rows[1:], key=lambda o: (-o.total, -o.points, str(o.move)))]
    example = dealt[example_deal(exact, deals, best, rival_of(rows).move)]
    return tuple(replace(o, line=solved_line(example, o.move).text()) for o in rows), example


def sampled_problems(entry: Proven) -> list[str]:
    """What is wrong with a sampled entry, judged again on its own deals (empty: its
    figures stand): each option's totals by both yardsticks, its margins, the deals it
    is best in and the replies they allow; the answer best by both and ahead of every
    other choice beyond both margins; the example deal one of the deals, fitting what
    the mover knows, and each line the solver's on it."""
    found: list[str] = []
    view = entry.position
    voids = entry.voids_map()
    again = judged(entry, entry.sample, entry.deals, entry.playouts)
    if again is None:
        return ["the yardsticks no longer agree on the answer"]
    for option, other in zip(entry.options, again.options):
        if option != other:
            found.append(f"{option.move}: stored {_figures(option)}, found {_figures(other)}")
    if len(again.options) != len(entry.options):
        found.append("the offered moves differ")
    if again.example != entry.example:
        found.append("the example is not the representative deal")
    example = Position.from_code(entry.example)
    if example.layout != view.layout or example.hand(view.turn) != view.hand(view.turn) or \
            [size(h) for h in example.hands] != [size(h) for h in view.hands] or \
            size(example.boneyard) != size(view.boneyard):
        found.append("the example deal does not fit the position")
    for p, lacking in voids.items():
        if [t for t in example.hand(p) if {t.high, t.low} & lacking]:
            found.append(f"the example gives player {p} a suit he lacks")
    for option in entry.options:
        try:
            line = replay(example, option.line)
        except NotationError as error:
            found.append(f"{option.move}: {error}")
            continue
        if line != solved_line(example, option.move):
            found.append(f"{option.move}: the line is not the solver's on the example deal")
    if not isinstance(view.hands[(view.turn + 1) % view.players], Hidden):
        found.append("the opponent's hand is shown")
    return found


def _figures(option: Option) -> str:
    return (f"{option.total}/{option.best_in}/{option.reply}/{option.played}/"
            f"±{option.exact_margin}/±{option.played_margin}")


def judged(entry: Proven, sample: int, deals: int, playouts: int) -> Optional[Proven]:
    """The entry's position judged again by both yardsticks on the deals `sample` draws
    (`deals` solved, `playouts` played out), the same moves offered; None when the
    yardsticks do not put its answer ahead of every other choice beyond their margins."""
    view = entry.position
    voids = entry.voids_map()
    moves = tuple(o.move for o in entry.options)
    played = played_out(view, playouts, sample, voids)
    exact = paired(view, deals, sample, voids)
    best = entry.best.move
    if any(exact.mean(m) > exact.mean(best) for m in exact.moves) or \
            any(played.mean(m) > played.mean(best) for m in played.moves if not twins(exact, m, best)):
        return None
    if not all(beaten(exact, played, best, m) for m in moves[1:]):
        return None
    options, example = _options(view, exact, played, deals_for(view, deals, random.Random(sample), voids),
                                moves)
    return replace(entry, options=options, deals=deals, playouts=playouts, sample=sample,
                   example=example.code())
