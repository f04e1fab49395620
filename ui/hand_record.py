"""What the Your hands page (`ui/hands.py`) reads: a record's text or JSON, and a file's
bytes, bounded and refused in words. Functions only."""

from __future__ import annotations

from typing import Optional

from trainer.engine.seatview import MAX_TEXT, SeatRecord
from trainer.i18n import t

EXAMPLE = """rules: standard
players: 2
seat: 0
hand: 5-2,5-1,4-2,4-0,3-3,3-0,2-1,2-0,0-0
scores: 0,0
1: 6-6
0: draw 3-2, draw 6-2, 6-2@E
1: draw 2, 6-1@W
0: 2-1@E
"""


def read_record(text: str) -> SeatRecord:
    """The record in `text`, JSON (it starts with "{") or the text form; raises
    TrainerError naming what is wrong.

    >>> read_record(EXAMPLE) == read_record(read_record(EXAMPLE).to_json())
    True
    """
    stripped = text.strip()
    return SeatRecord.from_json(stripped) if stripped.startswith("{") else SeatRecord.parse(text)


def file_text(data: bytes, lang: str) -> tuple[Optional[str], Optional[str]]:
    """A chosen file's text, or None with why not in `lang`: bigger than a record can
    be, or not text.

    >>> file_text(b"rules: standard", "en")
    ('rules: standard', None)
    >>> file_text(b"\\xff\\xfe", "en")[1]
    "That file is not text: a hand's record is a text or JSON file."
    """
    if len(data) > MAX_TEXT:
        return None, t("hands.too_big", lang, most=f"{MAX_TEXT:,}")
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError:
        return None, t("hands.not_text", lang)
