"""Rule sets: the presets `standard`, `partners` and `cincos` as data.

>>> STANDARD.hand_size(2), STANDARD.hand_size(4), CINCOS.hand_size(3)
(9, 5, 7)
>>> round_to_five(7), round_to_five(8), round_to_five(12)
(5, 10, 10)
>>> preset("cincos").default_target(2)
150
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from trainer.engine.numbers import typed_shown
from trainer.errors import NotationError

HandEnd = Literal["subtract", "winner-takes"]
Lead = Literal["any", "highest-double"]

# Hand sizes by number of players (2, 3, 4), named as the seeds name them.
HAND_SIZE_OPTIONS: dict[str, tuple[int, int, int]] = {
    "9-7-5": (9, 7, 5),  # standard: 9 with two players, 7 with three, 5 with four
    "5": (5, 5, 5),  # five each whatever the number of players
    "7-5": (7, 5, 5),  # seven with two players, five with three or four
    "7": (7, 7, 7),  # cincos: seven each
}


@dataclass(frozen=True)
class RuleSet:
    """What differs between the presets. Variants are data, never copied code."""

    name: str
    hand_sizes: str = "9-7-5"
    lead: Lead = "any"
    hand_end: HandEnd = "subtract"
    partners: bool = False
    targets: tuple[int, int, int] = (250, 200, 200)

    @property
    def min_players(self) -> int:
        return 4 if self.partners else 2

    @property
    def max_players(self) -> int:
        return 4

    def hand_size(self, players: int) -> int:
        self.check_players(players)
        return HAND_SIZE_OPTIONS[self.hand_sizes][players - 2]

    def default_target(self, players: int) -> int:
        self.check_players(players)
        return self.targets[players - 2]

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise NotationError(
                f"rules {self.name}: {players} players; this preset takes "
                f"{self.min_players} to {self.max_players}"
            )

    def sides(self, players: int) -> int:
        """How many scores there are: one per partnership or one per player."""
        return 2 if self.partners else players

    def side_of(self, player: int) -> int:
        return player % 2 if self.partners else player

    def with_hand_sizes(self, option: str) -> RuleSet:
        if option not in HAND_SIZE_OPTIONS:
            raise NotationError(
                f"hand sizes {option!r}: choose one of {', '.join(HAND_SIZE_OPTIONS)}"
            )
        return replace(self, hand_sizes=option)


STANDARD = RuleSet("standard")
PARTNERS = RuleSet("partners", partners=True)
CINCOS = RuleSet(
    "cincos", hand_sizes="7", lead="highest-double", hand_end="winner-takes", targets=(150, 150, 150)
)
PRESETS: dict[str, RuleSet] = {r.name: r for r in (STANDARD, PARTNERS, CINCOS)}


def preset(name: str) -> RuleSet:
    """The preset called `name`; raises NotationError naming the choices."""
    try:
        return PRESETS[name]
    except KeyError:
        raise NotationError(
            f"unknown rules preset {typed_shown(name, 40)!r}: choose one of {', '.join(PRESETS)}"
        ) from None


def round_to_five(pips: int) -> int:
    """Round to the nearest multiple of five: 0-2 down, 3-4 up."""
    return (pips + 2) // 5 * 5


def is_scoring(count: int) -> bool:
    return count > 0 and count % 5 == 0
