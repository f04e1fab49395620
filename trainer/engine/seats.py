"""Seats as people read them: numbered from 1, wherever a learner reads a player's
number (lessons, puzzles, play, analysis, reviews). Position codes and records keep
their own numbering from 0: `seat` is the one place where the two meet.

>>> seat(0), seat(3)
(1, 4)
"""

from __future__ import annotations


def seat(player: int) -> int:
    """A player's number as the pages write it, from his index in a position (from 0)."""
    return player + 1


def seats(players: list[int]) -> list[int]:
    """Several players' numbers as the pages write them.

    >>> seats([1, 3])
    [2, 4]
    """
    return [seat(player) for player in players]
