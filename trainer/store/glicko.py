"""Glicko-2 ratings for learners and puzzles, and picking puzzles near a rating.

The system is Mark Glickman's, as set out in "Example of the Glicko-2 system"
(Boston University, 2013), steps 1 to 8, with the Illinois algorithm of step 5.

Parameters:

| what | value | why |
|---|---|---|
| system constant tau | 0.5 | the middle of the 0.3-1.2 range the paper suggests |
| a new learner | 1500 rating, 350 RD, 0.06 volatility | the paper's defaults |
| a new puzzle | its rating in the bank, 350 RD, 0.06 volatility | the bank's rating is a guess |
| rating period | one attempt | each rated attempt is one game, rated at once |
| largest RD | 350 | an RD never grows past a newcomer's |
| convergence epsilon | 0.000001 | the paper's |

Each rated puzzle attempt is one game between the learner and the puzzle: the learner
scores 1 for a right answer and 0 for a wrong one, the puzzle the opposite, and both
are updated from their ratings before the game. Helped attempts are not rated. Time
between attempts does not widen an RD: with one attempt a period there are no empty
periods.

>>> new = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0),
...                                         (Rating(1700, 300), 0.0)])
>>> round(new.mu, 4), round(new.phi, 4), round(new.rating, 2), round(new.rd, 2), round(new.volatility, 6)
(-0.2069, 0.8722, 1464.05, 151.52, 0.059996)

(The paper, rounding mu' to -0.2069 before scaling back, prints 1464.06, 151.52 and
0.05999.)
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Optional, Protocol, TypeVar

from trainer.errors import TrainerError

TAU = 0.5
INITIAL_RATING = 1500.0
INITIAL_RD = 350.0
INITIAL_VOLATILITY = 0.06
MAX_RD = INITIAL_RD
EPSILON = 0.000001
SCALE = 173.7178  # Glicko-2's scale: rating points per unit of mu


class RatingError(TrainerError):
    """A rating, result or request that makes no sense (a negative RD, a score of 2)."""


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the Glicko scale: rating, rating deviation (RD) and volatility."""

    rating: float = INITIAL_RATING
    rd: float = INITIAL_RD
    volatility: float = INITIAL_VOLATILITY

    def __post_init__(self) -> None:
        for name in ("rating", "rd", "volatility"):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or not math.isfinite(value):
                raise RatingError(f"rating {name} must be a finite number, not {value!r}")
        if self.rd <= 0 or self.volatility <= 0:
            raise RatingError(f"RD and volatility must be positive, not {self.rd} and {self.volatility}")

    @property
    def mu(self) -> float:
        return (self.rating - INITIAL_RATING) / SCALE

    @property
    def phi(self) -> float:
        return self.rd / SCALE


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected(player: Rating, opponent: Rating) -> float:
    """The player's expected score against the opponent (0 to 1).

    >>> round(expected(Rating(1500, 200), Rating(1400, 30)), 3)
    0.639
    """
    return _e(player.mu, opponent.mu, opponent.phi)


def _volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5: the new volatility, by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex)) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (
            tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(player: Rating, games: Sequence[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """The player's rating after one rating period of `games` (opponent, score 0 to 1).

    With no games only the RD grows (step 6 alone). Raises RatingError for a score
    outside 0 to 1 or a tau that is not positive.
    """
    if tau <= 0:
        raise RatingError(f"tau must be positive, not {tau}")
    mu, phi, sigma = player.mu, player.phi, player.volatility
    if not games:
        return Rating(player.rating, min(MAX_RD, SCALE * math.sqrt(phi * phi + sigma * sigma)), sigma)
    for _, score in games:
        if not 0.0 <= score <= 1.0:
            raise RatingError(f"a game's score is between 0 and 1, not {score}")
    inverse_v = 0.0
    total = 0.0
    for opponent, score in games:
        g = _g(opponent.phi)
        e = _e(mu, opponent.mu, opponent.phi)
        inverse_v += g * g * e * (1.0 - e)
        total += g * (score - e)
    v = 1.0 / inverse_v
    delta = v * total
    new_sigma = _volatility(phi, sigma, delta, v, tau)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * total
    return Rating(SCALE * new_mu + INITIAL_RATING, min(MAX_RD, SCALE * new_phi), new_sigma)


def rate_game(learner: Rating, puzzle: Rating, correct: bool, tau: float = TAU) -> tuple[Rating, Rating]:
    """One rated attempt: the learner's and the puzzle's new ratings, both from the
    ratings before the game.

    >>> learner, puzzle = rate_game(Rating(), Rating(1500), correct=True)
    >>> round(learner.rating), round(puzzle.rating)
    (1662, 1338)
    """
    score = 1.0 if correct else 0.0
    return (update(learner, [(puzzle, score)], tau), update(puzzle, [(learner, 1.0 - score)], tau))


class Rated(Protocol):
    """Anything with an id and a bank rating, such as a Puzzle."""

    @property
    def id(self) -> str: ...

    @property
    def rating(self) -> int: ...


P = TypeVar("P", bound=Rated)


def pick_near(puzzles: Sequence[P], rating: float, rng: random.Random, *,
              current: Optional[Mapping[str, Rating]] = None, exclude: Collection[str] = (),
              window: float = 100.0, pool: int = 20) -> P:
    """A puzzle for a rated stream: one drawn at random among those whose rating is
    within `window` of `rating`, the window doubled until it holds at least `pool`
    puzzles (or every puzzle). A puzzle's rating is its current one in `current` (the
    store's), else its bank rating. Puzzles in `exclude` (already tried) are left out
    while any other remains. Raises RatingError when there is no puzzle at all.

    >>> from typing import NamedTuple
    >>> class Puzzle(NamedTuple):
    ...     id: str
    ...     rating: int
    >>> bank = [Puzzle(f"p{r}", r) for r in range(800, 2300, 10)]
    >>> p = pick_near(bank, 1500, random.Random(1), pool=5)
    >>> abs(p.rating - 1500) <= 100
    True
    """
    if not puzzles:
        raise RatingError("there is no puzzle to pick from")
    current = current or {}
    fresh = [p for p in puzzles if p.id not in exclude] or list(puzzles)

    def level(p: P) -> float:
        known = current.get(p.id)
        return known.rating if known is not None else float(p.rating)

    distance = sorted(((abs(level(p) - rating), p.id, p) for p in fresh), key=lambda t: (t[0], t[1]))
    width = max(window, 1.0)
    while True:
        near = [p for d, _, p in distance if d <= width]
        if len(near) >= min(pool, len(distance)):
            return rng.choice(near)
        width *= 2
