"""Whole numbers read from outside text (position codes, records, saved games, the
command line, forms), bounded by what the game needs.

Only ASCII digits are read (`int()` alone takes `²`, `+5`, `1_0` or other scripts'
digits), the length is checked before converting (so no text of thousands of digits
reaches `int()`), and the value must lie in its range; anything else raises
NotationError naming what was expected.

>>> whole("42", "the target", 1, SCORE_LIMIT)
42
>>> whole("-3", "a score", -SCORE_LIMIT, SCORE_LIMIT)
-3
>>> whole("²", "a seed", 0, SEED_LIMIT - 1)
Traceback (most recent call last):
...
trainer.errors.NotationError: a seed: '²' is not a whole number from 0 to 9223372036854775807
>>> whole("9" * 5000, "a score", -SCORE_LIMIT, SCORE_LIMIT)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
trainer.errors.NotationError: a score: '99999999999999999999...' (5000 characters) is not a whole ...
"""

from __future__ import annotations

from trainer.errors import NotationError

SCORE_LIMIT = 10**6  # |score|, target, points and claims: far beyond any match
SEED_LIMIT = 2**63  # seeds are below this
TILE_COUNT = 28  # counts of tiles (a hidden hand's ?N, a boneyard): at most the whole set


def _shown(text: str) -> str:
    return repr(text) if len(text) <= 20 else f"{text[:20] + '...'!r} ({len(text)} characters)"


def whole(text: str, what: str, low: int, high: int) -> int:
    """`text` as a whole number from `low` to `high` (a leading minus only when `low`
    is negative); raises NotationError."""
    body = text[1:] if low < 0 and text.startswith("-") else text
    longest = len(str(max(abs(low), abs(high))))
    if not body or len(body) > longest or not all("0" <= ch <= "9" for ch in body):
        raise NotationError(f"{what}: {_shown(text)} is not a whole number from {low} to {high}")
    value = int(text)
    if not low <= value <= high:
        raise NotationError(f"{what}: {_shown(text)} is not a whole number from {low} to {high}")
    return value


def typed_shown(text: str, limit: int = 12) -> str:
    """Typed text echoed back in a message, cut short past `limit` characters.

    >>> typed_shown(" 12 "), typed_shown("1234567890123")
    ('12', '12345678901…')
    """
    text = text.strip()
    return text if len(text) <= limit else text[:limit - 1] + "…"
