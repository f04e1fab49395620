"""All Fives: the rules engine, position codes, the solver and the trainer's logic.

This package never imports Streamlit; the app lives in `app.py` and `ui/`.
"""

from trainer.errors import (
    HiddenInformationError,
    IllegalMoveError,
    InvalidPositionError,
    NotationError,
    TrainerError,
)
from trainer.game import Match, deal
from trainer.layout import Layout
from trainer.moves import Move
from trainer.position import Hidden, Position
from trainer.record import Record, Turn
from trainer.rules import CINCOS, PARTNERS, STANDARD, RuleSet, preset
from trainer.tiles import ALL_TILES, Tile

__all__ = [
    "ALL_TILES", "CINCOS", "PARTNERS", "STANDARD", "HiddenInformationError",
    "IllegalMoveError", "InvalidPositionError", "Layout", "Match", "Move", "NotationError",
    "Hidden", "Position", "Record", "RuleSet", "Tile", "TrainerError", "Turn", "deal", "preset",
]
