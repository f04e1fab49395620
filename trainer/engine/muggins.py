"""Muggins, the trainer's claiming rule (rules.md, "Muggins"): the player announces the
points of each play himself, in fives, with the play.

- a right claim (exactly the points the play made, 0 included) keeps them;
- a short or missing claim scores nothing for him, and the play's points go to the
  next side instead ("Muggins!");
- an over-claim scores nothing for him; the next side gets the play's points and, as
  a penalty, the points claimed beyond them.

A missing claim is a claim of nothing (`None` or 0). The lessons, the glossary and the
Play session all settle a claim with `settle`.

>>> [tuple(settle(10, c)) for c in (10, 5, None, 15)] + [tuple(settle(0, 5)), tuple(settle(0, 0))]
[(10, 0), (0, 10), (0, 10), (0, 15), (0, 5), (0, 0)]
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from trainer.errors import NotationError


class Settlement(NamedTuple):
    """Who scores what for one claimed play: the claimer and the next side."""

    claimer: int
    next_side: int


def check_claim(claim: int) -> None:
    """A claim is 0 or a positive multiple of five; raises NotationError otherwise."""
    if claim < 0 or claim % 5:
        raise NotationError(f"a Muggins claim is 0, 5, 10, ... (in fives), not {claim}")


def settle(points: int, claim: Optional[int]) -> Settlement:
    """What a play that made `points` scores for the claimer and for the next side when
    `claim` is announced (None: no claim); raises NotationError for a claim that is not
    in fives.

    >>> settle(10, 20)
    Settlement(claimer=0, next_side=20)
    """
    claimed = 0 if claim is None else claim
    check_claim(claimed)
    if claimed == points:
        return Settlement(points, 0)
    if claimed < points:
        return Settlement(0, points)
    return Settlement(0, points + (claimed - points))


def penalty(points: int, claim: Optional[int]) -> int:
    """The points claimed beyond what the play made (0 for a right or short claim).

    >>> penalty(10, 15), penalty(10, 5), penalty(0, 5)
    (5, 0, 5)
    """
    claimed = 0 if claim is None else claim
    return max(0, claimed - points)


# rules.md's table, row by row: (the play makes, the claim, claimer scores, next side scores)
RULE_TABLE: tuple[tuple[int, Optional[int], int, int], ...] = (
    (10, 10, 10, 0),
    (10, 5, 0, 10),
    (10, None, 0, 10),
    (10, 15, 0, 15),
    (0, 5, 0, 5),
    (0, 0, 0, 0),
)
