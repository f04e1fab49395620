"""Pass and play: two to four people at one device play a match together, each in his
turn, the device passed between them (the page covers the tiles between turns).

A game is the match (`trainer.engine.game.Match`) and the players' names, saved as the
match's record after a header line that names them and says how many hands' results
the table has seen; loading replays the record (`Match.replay`), so a saved game that
does not agree with its deals or the rules is refused, naming the turn.

>>> game = Together.new("standard", ("Ann", "Ben"), seed=3)
>>> game.names[game.to_move] in ("Ann", "Ben"), len(game.match.legal_moves()) > 0
(True, True)
>>> game.play(game.match.legal_moves()[0])
>>> Together.load(game.save()).save() == game.save()
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from trainer.engine.game import Match
from trainer.engine.moves import Move
from trainer.engine.record import Record
from trainer.engine.rules import PRESETS, preset
from trainer.errors import NotationError

NAME_LIMIT = 24  # characters of a player's name
HEADER = "# together: "
TEXT_LIMIT = 400_000  # characters of a saved game: a long match takes some tens of thousands


def clean_names(names: tuple[str, ...]) -> tuple[str, ...]:
    """The names with their spaces tidied; NotationError for an empty name, one longer
    than NAME_LIMIT, or two alike.

    >>> clean_names(("  Ann ", "Ben  Bo"))
    ('Ann', 'Ben Bo')
    """
    tidy = tuple(" ".join(str(name).split()) for name in names)
    if any(not name for name in tidy):
        raise NotationError("every player needs a name")
    if any(len(name) > NAME_LIMIT for name in tidy):
        raise NotationError(f"a name is at most {NAME_LIMIT} characters")
    if len({name.casefold() for name in tidy}) != len(tidy):
        raise NotationError("two players have the same name")
    return tidy


@dataclass
class Together:
    names: tuple[str, ...]
    match: Match
    seen: int = 0  # hands whose result the table has seen

    @classmethod
    def new(cls, rules: str, names: tuple[str, ...], seed: int, target: int | None = None) -> Together:
        if rules not in PRESETS:
            raise NotationError(f"unknown rules {rules!r}: choose {', '.join(PRESETS)}")
        tidy = clean_names(names)
        return cls(tidy, Match(preset(rules), len(tidy), seed, target))

    @property
    def to_move(self) -> int:
        return self.match.position.turn

    @property
    def unseen_result(self) -> bool:
        """A hand has ended whose result the table has not seen yet."""
        return len(self.match.results) > self.seen

    def play(self, move: Move) -> None:
        """The player to move plays `move` (forced draws and passes follow at once)."""
        self.match.play(move)

    def save(self) -> str:
        head: dict[str, Any] = {"names": list(self.names), "seen": self.seen}
        return HEADER + json.dumps(head, ensure_ascii=False) + "\n" + self.match.record().text()

    @classmethod
    def load(cls, text: str) -> Together:
        """A saved game, replayed; NotationError naming what is wrong."""
        if len(text) > TEXT_LIMIT:
            raise NotationError(f"a saved game is at most {TEXT_LIMIT:,} characters")
        first, _, rest = text.partition("\n")
        if not first.startswith(HEADER):
            raise NotationError(f"a game of pass and play starts with {HEADER.strip()!r}")
        try:
            head = json.loads(first[len(HEADER):])
            names = tuple(head["names"])
            seen = int(head["seen"])
        except (ValueError, KeyError, TypeError):
            raise NotationError("the game's header is not its players' names and hands seen") from None
        match = Match.replay(Record.parse(rest))
        if len(names) != match.players or not all(isinstance(n, str) for n in names):
            raise NotationError(f"{len(names)} names for {match.players} players")
        if not 0 <= seen <= len(match.results):
            raise NotationError(f"{seen} hands seen of {len(match.results)} played")
        return cls(clean_names(names), match, seen)
