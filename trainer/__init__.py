"""All Fives: the rules engine, position codes, the solver and the trainer's logic.

This package never imports Streamlit; the app lives in `app.py` and `ui/`.
"""

from trainer.engine.game import Match, deal
from trainer.engine.layout import Layout
from trainer.engine.moves import Move
from trainer.engine.position import Hidden, Position
from trainer.engine.record import Record, Turn
from trainer.engine.rules import CINCOS, PARTNERS, STANDARD, RuleSet, preset
from trainer.engine.tiles import ALL_TILES, Tile
from trainer.errors import (
    HiddenInformationError,
    IllegalMoveError,
    InvalidPositionError,
    NotationError,
    TrainerError,
)

__all__ = [
    "ALL_TILES", "CINCOS", "PARTNERS", "STANDARD", "HiddenInformationError",
    "IllegalMoveError", "InvalidPositionError", "Layout", "Match", "Move", "NotationError",
    "Hidden", "Position", "Record", "RuleSet", "Tile", "TrainerError", "Turn", "deal", "preset",
]
