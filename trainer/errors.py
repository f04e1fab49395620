"""The one error family of the trainer: every bad code, move or input is a ValueError."""

from __future__ import annotations


class TrainerError(ValueError):
    """Base of every error the trainer raises for bad input."""


class NotationError(TrainerError):
    """Text that is not a well-formed tile, move, layout, position code or record."""


class InvalidPositionError(NotationError):
    """A well-formed position code that describes an impossible position."""


class IllegalMoveError(TrainerError):
    """A move or action that the rules do not allow in the position."""


class HiddenInformationError(TrainerError):
    """The question needs tiles that the position does not show (a `?N` hand or boneyard)."""
