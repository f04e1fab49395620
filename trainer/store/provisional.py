"""How a learner's puzzle rating starts and moves, as lichess runs its puzzle ratings
(lila's `Glicko` and `PuzzleFinisher`), on the Glicko-2 of `trainer.store.glicko`:

- A new learner: 1000 rating, 350 RD, in the easy band (the bank's puzzles run from
  800 to 1900, half of them below 1050); lichess starts a class's students at 800.
- Provisional while the RD is 110 or more (about a dozen rated attempts): the rating
  is shown as provisional (lichess's `provisionalDeviation`, 110).
- A bounded step: one attempt moves a learner's rating by at most 100 (lichess bounds
  a puzzle's change by `maxRatingDelta`).
- A puzzle's rating is not moved by a learner whose RD is 230 or more, whose own rating
  is still a guess (lichess's `clueless`, 230); else by at most 100.

The RD itself follows Glicko-2 (it shrinks with every rated attempt); only the rating's
step is bounded, so that a newcomer's first answers move him by at most 100 each:
right answers take him up the bank quickly (six in a row from 1000 reach about 1500), and a wrong
one or two cannot throw him out of the easy band he starts in. A learner kept before
these rules (rated 1500, no rated attempt yet) starts as a new one.

>>> learner, puzzle = rate_attempt(NEW_LEARNER, Rating(1000, 350), correct=True)
>>> round(learner.rating), round(puzzle.rating)
(1100, 1000)
>>> provisional(learner), provisional(Rating(1300, 90))
(True, False)
"""

from __future__ import annotations

from trainer.store.glicko import Rating, rate_game

NEW_LEARNER = Rating(1000.0, 350.0, 0.06)
PROVISIONAL_RD = 110.0
CLUELESS_RD = 230.0
MAX_STEP = 100.0


def provisional(rating: Rating) -> bool:
    """Whether the rating is still provisional (its RD 110 or more)."""
    return rating.rd >= PROVISIONAL_RD


def starting(rating: Rating, rated_games: int) -> Rating:
    """A learner's rating as the rated stream uses it: a new learner's (no rated
    attempt yet) is NEW_LEARNER, whatever was kept for him."""
    return NEW_LEARNER if rated_games == 0 else rating


def _bounded(before: Rating, after: Rating) -> Rating:
    step = max(-MAX_STEP, min(MAX_STEP, after.rating - before.rating))
    return Rating(before.rating + step, after.rd, after.volatility)


def rate_attempt(learner: Rating, puzzle: Rating, correct: bool) -> tuple[Rating, Rating]:
    """One rated attempt: the learner's and the puzzle's new ratings (Glicko-2, from
    both ratings before it), each step bounded by MAX_STEP; the puzzle keeps its rating
    when the learner's RD is CLUELESS_RD or more.

    >>> learner, puzzle = rate_attempt(Rating(1200, 60), Rating(1250, 80), correct=False)
    >>> round(learner.rating), round(puzzle.rating)
    (1191, 1265)
    """
    learner_after, puzzle_after = rate_game(learner, puzzle, correct)
    learner_after = _bounded(learner, learner_after)
    puzzle_after = puzzle if learner.rd >= CLUELESS_RD else _bounded(puzzle, puzzle_after)
    return learner_after, puzzle_after
