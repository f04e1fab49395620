"""What a bank is made of: its puzzles counted by kind, rules, players, game, rating band
and theme, and the share of each (`python -m trainer puzzles stats`).

>>> from trainer.puzzles.record import Puzzle
>>> bank = (Puzzle("c1", "count", "6-4 6-6/?9 ?17 0 0,0", "standard", ("10",), (), rating=900),)
>>> composition(bank)["kind"]
{'count': 1}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from trainer.puzzles.rating import band
from trainer.puzzles.record import GAMES, KINDS, MOVE_KINDS, Puzzle
from trainer.puzzles.themes import TAGS

BAND_ORDER = ("<1000", "1000-1199", "1200-1399", "1400-1599", "1600-1799", "1800-1999", "2000+")


def _ordered(counts: Counter[str], order: Iterable[str]) -> dict[str, int]:
    known = list(order)
    return {k: counts[k] for k in [*known, *sorted(set(counts) - set(known))] if counts[k]}


def composition(bank: Iterable[Puzzle]) -> dict[str, dict[str, int]]:
    """Counts of the bank's puzzles by kind, by rules, by players, by game and by band
    (move puzzles), by band of each move kind, and by theme."""
    puzzles = list(bank)
    moves = [p for p in puzzles if p.kind in MOVE_KINDS]
    out = {
        "kind": _ordered(Counter(p.kind for p in puzzles), KINDS),
        "rules": _ordered(Counter(p.rules for p in moves), ("standard", "partners", "cincos")),
        "players": _ordered(Counter(str(p.players) for p in moves), ("2", "3", "4")),
        "game": _ordered(Counter(p.game for p in moves), GAMES),
        "band": _ordered(Counter(band(p.rating) for p in moves), BAND_ORDER),
        "theme": _ordered(Counter(t for p in puzzles for t in p.tags), TAGS),
        "kept": _ordered(Counter(p.kind for p in puzzles if p.origin), KINDS),
    }
    for kind in MOVE_KINDS:
        out[f"band {kind}"] = _ordered(Counter(band(p.rating) for p in moves if p.kind == kind), BAND_ORDER)
    return out


def table(counts: dict[str, int], total: int) -> str:
    """One line per entry: the count and its share of `total`."""
    return "\n".join(f"  {name:<14} {n:6,d}  {100 * n / total:5.1f}%" for name, n in counts.items())
