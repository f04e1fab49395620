"""Game records: a match as its settings and seed plus every turn, with a text form.

>>> text = '''rules: standard
... players: 2
... target: 250
... hand-sizes: 9-7-5
... seed: 7
... hand 1
... 1: 6-6
... '''
>>> Record.parse(text).hands[0][0]
Turn(player=1, draws=(), move=Move.parse('6-6'))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Optional

from trainer.engine.moves import Move
from trainer.engine.numbers import SCORE_LIMIT, SEED_LIMIT, whole
from trainer.engine.rules import HAND_SIZE_OPTIONS, RuleSet, preset
from trainer.engine.tiles import Tile, is_whole, tile_from_text
from trainer.errors import NotationError


class Turn(NamedTuple):
    """One player's turn: forced draws, then a move, or a pass (`move` None)."""

    player: int
    draws: tuple[Tile, ...]
    move: Optional[Move]

    def __str__(self) -> str:
        actions = [f"draw {t}" for t in self.draws]
        actions.append(str(self.move) if self.move is not None else "pass")
        return f"{self.player}: " + ", ".join(actions)

    @classmethod
    def parse(cls, text: str) -> Turn:
        who, colon, rest = text.partition(":")
        if not colon or not is_whole(who.strip()):
            raise NotationError(f"turn {text!r}: write PLAYER: [draw TILE, ...] MOVE or pass")
        actions = [a.strip() for a in rest.split(",")]
        draws = []
        for action in actions[:-1]:
            if not action.startswith("draw "):
                raise NotationError(f"turn {text!r}: {action!r} should be 'draw TILE'")
            draws.append(tile_from_text(action[5:].strip()))
        last = actions[-1]
        move = None if last == "pass" else Move.parse(last)
        return cls(whole(who.strip(), f"turn {text[:40]!r}: the player", 0, 3), tuple(draws), move)


HEADER = ("rules", "players", "target", "hand-sizes", "seed")


@dataclass(frozen=True)
class Record:
    """A whole match (or one in progress): replaying it from its seed gives the same play."""

    rules: RuleSet
    players: int
    target: int
    seed: int
    hands: tuple[tuple[Turn, ...], ...]

    def text(self) -> str:
        lines = [
            f"rules: {self.rules.name}",
            f"players: {self.players}",
            f"target: {self.target}",
            f"hand-sizes: {self.rules.hand_sizes}",
            f"seed: {self.seed}",
        ]
        for number, turns in enumerate(self.hands, 1):
            lines.append(f"hand {number}")
            lines.extend(str(turn) for turn in turns)
        return "\n".join(lines) + "\n"

    @classmethod
    def parse(cls, text: str) -> Record:
        """Read a record's text form; raises NotationError naming the line."""
        values: dict[str, str] = {}
        hands: list[list[Turn]] = []
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            try:
                if line.startswith("hand "):
                    if line[5:].strip() != str(len(hands) + 1):
                        raise NotationError(f"expected 'hand {len(hands) + 1}'")
                    hands.append([])
                elif hands:
                    hands[-1].append(Turn.parse(line))
                else:
                    key, colon, value = line.partition(":")
                    if not colon or key.strip() not in HEADER:
                        raise NotationError(f"expected one of {', '.join(HEADER)} as 'key: value'")
                    values[key.strip()] = value.strip()
            except NotationError as error:
                raise NotationError(f"record line {number} ({line!r}): {error}") from None
        missing = [key for key in HEADER if key not in values]
        if missing:
            raise NotationError(f"record: missing {', '.join(missing)}")
        if values["hand-sizes"] not in HAND_SIZE_OPTIONS:
            raise NotationError(f"record: unknown hand-sizes {values['hand-sizes'][:40]!r}")
        rules = preset(values["rules"]).with_hand_sizes(values["hand-sizes"])
        players = whole(values["players"], "record: players", 1, 4)
        rules.check_players(players)
        target = whole(values["target"], "record: the target", 1, SCORE_LIMIT)
        seed = whole(values["seed"], "record: the seed", 1 - SEED_LIMIT, SEED_LIMIT - 1)
        return cls(rules, players, target, seed, tuple(tuple(h) for h in hands))
