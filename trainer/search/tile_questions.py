"""Two questions on where the unseen tiles are, answered exactly from one player's view:
who most likely holds a tile, and whether a player holds a tile that would score now.

Every deal that fits what the player knows (hand sizes, the suits a draw or a pass
showed a player lacks) counts alike, counted group by group (`Dealer`), never
sampled. A question is `clear` when its answer does not hang on a hair: the likeliest
place ahead of the next by at least MIN_LEAD, a chance of scoring not within BAND_GAP
of one half. The reading drill and the "read the hand" puzzles ask these.

>>> from trainer.engine.position import Position
>>> view = Position.from_code("6-6:::: 6-5,5-5/?8 ?17 0 0,0")
>>> places, chances = who_holds(view, {1: frozenset({6})}, Tile.parse("6-4"))
>>> places, chances
((1, None), (Fraction(0, 1), Fraction(1, 1)))
>>> band(holds_any(view, {}, 1, scoring_tiles(view.layout, (Tile.parse("6-3"),))))
'unlikely'
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple, Optional

from trainer.engine.layout import Layout
from trainer.engine.position import Hidden, Position
from trainer.engine.tiles import Tile
from trainer.engine.voids import Voids
from trainer.errors import InvalidPositionError
from trainer.search.dealing import Dealer

MIN_LEAD = Fraction(3, 20)  # the likeliest place ahead of the next by this much
BAND_GAP = Fraction(1, 10)  # a chance this close to one half is not asked about
BANDS = ("no", "unlikely", "likely", "sure")
BONEYARD = "boneyard"


class Question(NamedTuple):
    """`who`: where is `tile`? `can`: does `player` hold a tile that scores now?"""

    kind: str
    tile: Optional[Tile] = None
    player: Optional[int] = None

    def text(self) -> str:
        """As a puzzle record keeps it: "who 5-5" or "can 2" (the player's index).

        >>> Question.parse("who 5-5").text(), Question.parse("can 2").player
        ('who 5-5', 2)
        """
        return f"who {self.tile}" if self.kind == "who" else f"can {self.player}"

    @classmethod
    def parse(cls, text: str) -> Question:
        """Raises ValueError naming what is wrong."""
        kind, _, rest = text.strip().partition(" ")
        if kind == "who":
            return cls("who", tile=Tile.parse(rest.strip()))
        if kind == "can" and rest.strip().isdigit() and len(rest.strip()) == 1:
            return cls("can", player=int(rest))
        raise ValueError(f"a question is 'who TILE' or 'can PLAYER', not {text[:40]!r}")


def band(chance: Fraction) -> str:
    """The answer a chance gives: no (0), unlikely (under half), likely, sure (1).

    >>> [band(Fraction(n, 4)) for n in range(5)]
    ['no', 'unlikely', 'likely', 'likely', 'sure']
    """
    if chance == 0:
        return "no"
    if chance == 1:
        return "sure"
    return "unlikely" if chance < Fraction(1, 2) else "likely"


def place_key(place: Optional[int]) -> str:
    """A place as an answer: the player's seat number (counted from 1), or "boneyard"."""
    return BONEYARD if place is None else str(place + 1)


def scoring_tiles(layout: Layout, tiles: tuple[Tile, ...]) -> tuple[Tile, ...]:
    """The tiles among `tiles` that would score on some open end of `layout` now."""
    return tuple(tile for tile in tiles
                 if any(tile.has(end.pip) and layout.place(tile, end.side).points() > 0
                        for end in layout.open_ends()))


def holds_any(view: Position, voids: Voids, player: int, tiles: tuple[Tile, ...]) -> Fraction:
    """The exact chance that hidden `player` holds at least one of `tiles`."""
    every = Dealer(view, voids).ways
    try:
        without = Dealer(view, voids, barred={player: frozenset(tiles)}).ways
    except InvalidPositionError:  # no deal leaves him without one of them
        without = 0
    return 1 - Fraction(without, every)


def who_holds(view: Position, voids: Voids, tile: Tile) -> tuple[tuple[Optional[int], ...],
                                                                   tuple[Fraction, ...]]:
    """The places that hold hidden tiles (hidden hands, then the boneyard: None) and
    `tile`'s exact chance in each. Raises InvalidPositionError when `tile` is seen."""
    dealer = Dealer(view, voids)
    chances = dealer.chances()
    if tile not in chances:
        raise InvalidPositionError(f"{tile} is not hidden from player {view.turn}")
    keep = [i for i, size in enumerate(dealer.sizes) if size]
    return tuple(dealer.places[i] for i in keep), tuple(chances[tile][i] for i in keep)


def unseen_scoring(view: Position, voids: Voids) -> tuple[Tile, ...]:
    """The tiles hidden from the mover that would score on the board now."""
    return scoring_tiles(view.layout, tuple(sorted(Dealer(view, voids).chances())))


class Answer(NamedTuple):
    """A question's exact answer: the accepted choice, every choice's chance (who: the
    places, hidden hands then the boneyard, None) or the one chance (can), and how
    clearly it stands (the lead over the next place, or the distance from one half; 1
    for a certainty)."""

    answer: str
    choices: tuple[str, ...]
    chances: tuple[Fraction, ...]
    clearness: Fraction
    places: tuple[Optional[int], ...] = ()


def _who(places: tuple[Optional[int], ...], chances: tuple[Fraction, ...]) -> Answer:
    ranked = sorted(chances, reverse=True)
    best = max(range(len(places)), key=lambda i: chances[i])
    lead = ranked[0] - ranked[1] if len(ranked) > 1 else Fraction(0)  # one place: nothing to ask
    return Answer(place_key(places[best]), tuple(place_key(p) for p in places), chances, lead, places)


def _can(chance: Fraction) -> Answer:
    clearness = Fraction(1) if chance in (0, 1) else abs(chance - Fraction(1, 2))
    return Answer(band(chance), BANDS, (chance,), clearness)


def answer(view: Position, voids: Voids, question: Question) -> Answer:
    """The exact answer to `question` from `view` (the mover's hand shown); raises
    InvalidPositionError for a question that does not fit the view."""
    if question.kind == "who" and question.tile is not None:
        return _who(*who_holds(view, voids, question.tile))
    player = question.player
    if player is None or not 0 <= player < view.players or player == view.turn \
            or not isinstance(view.hands[player], Hidden):
        raise InvalidPositionError(f"player {player} is not a hidden hand of this view")
    scoring = unseen_scoring(view, voids)
    return _can(holds_any(view, voids, player, scoring) if scoring else Fraction(0))


def clear_questions(view: Position, voids: Voids) -> list[tuple[Question, Answer]]:
    """Every clear question from `view`: who holds each unseen tile, and whether each
    hidden player holds a tile that scores now (asked only where some unseen tile
    would score), with their exact answers."""
    dealer = Dealer(view, voids)
    chances = dealer.chances()
    keep = [i for i, size in enumerate(dealer.sizes) if size]
    places = tuple(dealer.places[i] for i in keep)
    out = []
    for tile in sorted(chances):
        question = Question("who", tile=tile)
        found = _who(places, tuple(chances[tile][i] for i in keep))
        if clear(found, question):
            out.append((question, found))
    scoring = scoring_tiles(view.layout, tuple(sorted(chances)))
    for player in (p for p in places if p is not None and scoring):
        question = Question("can", player=player)
        found = _can(holds_any(view, voids, player, scoring))
        if clear(found, question):
            out.append((question, found))
    return out


def clear(found: Answer, question: Question) -> bool:
    """Whether the answer is clear enough to ask about."""
    return found.clearness >= (MIN_LEAD if question.kind == "who" else BAND_GAP)


def answer_kind(question: Question, found: Answer) -> str:
    """The kind of an answer, to draw questions with answers of each kind alike: the
    boneyard or a player (who); each band (can)."""
    if question.kind == "who":
        return BONEYARD if found.answer == BONEYARD else "player"
    return found.answer
