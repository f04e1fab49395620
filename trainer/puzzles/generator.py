"""The puzzles of one hand: a seeded hand between computer players in one of the games
the trainer plays (2, 3 or 4 players, partners, cincos), positions taken at moments
that make a puzzle, screened cheaply, proven in their kind's sense, kept when they
pass the interest filters, then given themes from their solved lines and a rating.

Each hand's puzzles depend on its seed alone (`found_in_hand`), and each kind's puzzle
on the seed alone whatever the other kinds asked for: so hands can be shared among
any number of workers (`trainer.puzzles.farm`) and the bank stays the same.

>>> game_of(7)
Game(rules='standard', players=2, hand_sizes='')
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, replace

from trainer.engine.game import deal
from trainer.engine.moves import Move
from trainer.engine.position import Hidden, Position
from trainer.engine.rules import preset
from trainer.engine.voids import Voids
from trainer.play.players import best_reply_points, mover_view
from trainer.puzzles.choices import MIN_CHOICES, real_choices
from trainer.puzzles.kinds import Kind, Puzzle, PuzzleError, make_puzzle
from trainer.puzzles.rating import rating
from trainer.puzzles.themes import tags_of

CHANCE: dict[Kind, float] = {"count": 0.12, "score-most": 1.0, "deny": 0.6,
                             "best-play": 0.6, "endgame": 1.0}
HAND_LIMIT: dict[Kind, int] = {"score-most": 6, "deny": 5, "best-play": 5}  # tiles in the mover's hand
HIDDEN_LIMIT = 12  # tiles the mover cannot see (other hands and boneyard): late in the hand
IN_HANDS = 12  # tiles in all hands at most: a deal's exact solve stays small (about 3,000 nodes)


@dataclass(frozen=True)
class Game:
    """The rules preset and the number of players of a hand."""

    rules: str
    players: int
    hand_sizes: str = ""  # the rules' own when empty

    @property
    def name(self) -> str:
        """The game as the bank's shares count it: `2-players`, `3-players`, `4-players`
        (each alone), `partners`, `cincos` (`trainer.puzzles.record.GAMES`)."""
        return self.rules if self.rules in ("partners", "cincos") else f"{self.players}-players"


# how often each game is dealt: tuned so that each game gives at least a tenth of the
# move puzzles. Endgames need an empty boneyard: rare where one is dealt (about one
# hand in forty with two players), the rule with four players dealt seven each.
DEALT: tuple[tuple[Game, float], ...] = (
    (Game("standard", 2), 0.34), (Game("standard", 3), 0.19), (Game("standard", 4), 0.08),
    (Game("standard", 4, "7"), 0.05), (Game("partners", 4), 0.10), (Game("partners", 4, "7"), 0.06),
    (Game("cincos", 2), 0.10), (Game("cincos", 3), 0.04), (Game("cincos", 4), 0.04))


def game_of(game_seed: int) -> Game:
    """The game a seeded hand is played in (its seed's first draw)."""
    draw = random.Random(game_seed).random()
    for game, weight in DEALT:
        if draw < weight:
            return game
        draw -= weight
    return DEALT[-1][0]


def cheap(position: Position) -> bool:
    """Whether the mover's view hides few enough tiles, and the hands hold few enough,
    that a deal solves in a millisecond or so (late in the hand)."""
    view = mover_view(position)
    hidden = sum(h.count for h in (*view.hands, view.boneyard) if isinstance(h, Hidden))
    in_hands = sum(len(position.hand(p)) for p in range(position.players))
    return hidden <= HIDDEN_LIMIT and in_hands <= IN_HANDS


def candidate(kind: Kind, position: Position, draw: float) -> bool:
    """Whether this moment is worth trying as a puzzle of `kind` (cheap tests first);
    `draw` is a number in [0, 1) drawn for this moment and kind alone."""
    if draw > CHANCE[kind]:
        return False
    layout = position.layout
    if kind == "count":
        return not layout.is_empty and (layout.spinner is not None or draw < CHANCE[kind] * 0.3)
    if layout.is_empty or len(position.legal_moves()) < MIN_CHOICES:
        return False
    if kind == "endgame":
        sizes = [len(position.hand(p)) for p in range(position.players)]
        if position.boneyard != () or max(sizes) > 7 or min(sizes) < 2 or sum(sizes) > IN_HANDS:
            return False
    elif len(position.hand(position.turn)) > HAND_LIMIT[kind] or not cheap(position):
        return False
    return real_choices(position) >= MIN_CHOICES


def finish(puzzle: Puzzle) -> Puzzle:
    """Themes (from the solved lines) and a rating for a proven puzzle."""
    tagged = replace(puzzle, tags=tags_of(puzzle))
    return replace(tagged, rating=rating(tagged))


class Greedy:
    """The greedy computer player's choice (`trainer.play.players.GreedyPlayer`: most
    points now, then the least it leaves the next player, then the heaviest tile; ties
    drawn by its own generator), found with fewer sums: what a move leaves the next
    player is worked out only for the moves that score the most."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, position: Position) -> Move:
        moves = position.legal_moves()
        points = [position.points(m) for m in moves]
        top = max(points)
        keys = {i: (best_reply_points(position, m), -m.tile.pips) for i, m in enumerate(moves)
                if points[i] == top}
        best = min(keys.values())
        return self.rng.choice([moves[i] for i in keys if keys[i] == best])


class Anything:
    """Any legal move, uniformly (`trainer.play.players.RandomPlayer`)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, position: Position) -> Move:
        return self.rng.choice(position.legal_moves())


def positions(game_seed: int) -> Iterator[tuple[Position, Voids]]:
    """Every decision of one seeded hand between computer players, with the suits each
    player has shown he lacks by then (he drew or passed on them, and has not drawn
    since)."""
    rng = random.Random(game_seed)
    game = game_of(game_seed)
    rng.random()  # the draw that chose the game
    bots = [(Greedy if rng.choice(("greedy", "greedy", "random")) == "greedy" else Anything)(
        rng.randrange(1 << 30)) for _ in range(game.players)]
    rules = preset(game.rules)
    position = deal(rules.with_hand_sizes(game.hand_sizes) if game.hand_sizes else rules, game.players, rng)
    voids: dict[int, frozenset[int]] = {}
    while not position.is_over:
        pips = frozenset(end.pip for end in position.layout.open_ends())
        if position.must_draw:
            voids[position.turn] = pips  # a draw starts his voids afresh
            while position.must_draw:
                position = position.draw()
            continue
        if position.must_pass:
            voids[position.turn] = voids.get(position.turn, frozenset()) | pips
            position = position.pass_turn()
            continue
        yield position, {p: s for p, s in voids.items() if p != position.turn}
        position = position.play(bots[position.turn].choose(position))


def found_in_hand(game_seed: int, kinds: tuple[Kind, ...]) -> list[tuple[int, Puzzle]]:
    """At most one puzzle of each of `kinds` from one seeded hand, with the index of the
    decision it comes from, in the hand's order. Each kind's choice depends on the
    hand's seed alone, whatever the other kinds."""
    found: list[tuple[int, Puzzle]] = []
    taken: set[Kind] = set()
    for index, (position, voids) in enumerate(positions(game_seed)):
        for kind in kinds:
            if kind in taken:
                continue
            draw = random.Random(f"{game_seed}:{index}:{kind}").random()
            if not candidate(kind, position, draw):
                continue
            try:
                puzzle = make_puzzle(kind, position, seed=game_seed, voids=voids)
            except PuzzleError:
                continue
            taken.add(kind)
            found.append((index, finish(puzzle)))
        if len(taken) == len(kinds):
            break
    return found


def puzzles_of_hand(game_seed: int, kinds: tuple[Kind, ...]) -> list[Puzzle]:
    """`found_in_hand` without the indexes."""
    return [p for _, p in found_in_hand(game_seed, kinds)]
