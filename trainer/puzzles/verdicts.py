"""What paired evidence over hidden tiles says of a puzzle's answer: the verdicts the
best-play and deny kinds ship on, read from the same figures wherever they come
from (the first deals, the re-check on fresh deals, the play-outs).

- best play: accepted are the moves not significantly worse than the best (95%); the
  puzzle ships only when the best beats every rejected move by at least MARGIN with
  95% confidence (the lower bound of each paired difference);
- deny: the answer is not worse in expected value than any other move by MARGIN or
  more (the upper 95% bound of each paired difference stays under MARGIN).

>>> from trainer.search.evidence import Evidence
>>> m = [Move.parse(x) for x in ("6-4@E", "6-1@E", "3-1@W")]
>>> ev = Evidence(tuple(m), (0, 0, 0), ((10, 12, 11, 13), (0, 1, 2, 1), (11, 13, 10, 12)))
>>> best_play(ev)
BestPlay(accepted=('3-1@W', '6-4@E'), margin=8.8, why=None)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple, Optional

from trainer.engine.moves import Move
from trainer.search.evidence import Evidence

MARGIN = 5  # points by which the accepted answers beat every rejected one


class BestPlay(NamedTuple):
    """The accepted moves, the surest margin over the rejected ones (the least lower
    95% bound of the best minus a rejected move), and why it fails (None: it ships)."""

    accepted: tuple[str, ...]
    margin: float
    why: Optional[str]


def best_play(ev: Evidence) -> BestPlay:
    """The best-play verdict of `ev`."""
    best = ev.best()
    diffs = {m: ev.difference(best, m) for m in ev.moves}
    accepted = tuple(sorted(str(m) for m, d in diffs.items() if not d.significant))
    rejected = [d for m, d in diffs.items() if str(m) not in accepted]
    if not rejected:
        return BestPlay(accepted, 0.0, "no move is significantly worse than the best")
    margin = round(min(d.low for d in rejected), 2)
    if margin < MARGIN:
        return BestPlay(accepted, margin, f"the best beats a rejected move by less than {MARGIN} (95%)")
    return BestPlay(accepted, margin, None)


def lead_over(ev: Evidence, accepted: Iterable[str], rejected: Iterable[str]) -> float:
    """How surely `ev` keeps the accepted moves above the rejected ones: over the
    rejected moves, the least of the lower 95% bound of the lead of the accepted move
    `ev` values highest (inf when nothing is rejected). The re-check and the
    play-outs read a shipped answer by this."""
    chosen = [Move.parse(a) for a in accepted if Move.parse(a) in ev.moves]
    if not chosen:
        return float("-inf")
    top = max(chosen, key=lambda m: (ev.mean(m), str(m)))
    lows = [ev.difference(top, Move.parse(r)).low for r in rejected if Move.parse(r) in ev.moves]
    return round(min(lows), 2) if lows else float("inf")


def deny_worst(ev: Evidence, accepted: Iterable[str]) -> float:
    """How much worse in expected value an accepted deny answer could be than another
    move: the largest upper 95% bound of (that move minus the answer)."""
    answers = [Move.parse(a) for a in accepted]
    return round(max(ev.difference(m, a).high for a in answers for m in ev.moves if m != a), 2)


def deny_fails(worst: float) -> Optional[str]:
    """Why a deny answer fails on its expected value (None: it ships)."""
    return f"the answer may be worse in expected value by {MARGIN} or more" if worst >= MARGIN else None


def surely_worse(ev: Evidence, accepted: Iterable[str]) -> bool:
    """Some move beats an accepted deny answer in expected value surely (95%) and by
    MARGIN or more on average: more deals will not save it."""
    answers = [Move.parse(a) for a in accepted]
    for a in answers:
        for m in ev.moves:
            if m != a:
                d = ev.difference(m, a)
                if d.low > 0 and d.mean >= MARGIN:
                    return True
    return False


def hopeless(ev: Evidence) -> bool:
    """More deals will hardly make a best-play puzzle (an early stop, never a proof):
    a move is surely worse than the best but by less than MARGIN on average."""
    best = ev.best()
    return any(0 < (d := ev.difference(best, m)).low and d.mean < MARGIN for m in ev.moves)
