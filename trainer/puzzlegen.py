"""The puzzle generator: seeded games between the computer players, positions taken
at moments that make a puzzle, solved, kept when they meet their kind's rule, then
tagged and graded. The same count and seed give the same bank, byte for byte.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

from trainer.game import deal
from trainer.players import make_player
from trainer.position import Position
from trainer.puzzles import KINDS, Kind, Puzzle, PuzzleError, make_puzzle
from trainer.rules import CINCOS, STANDARD
from trainer.solver import solve
from trainer.tags import tags_of

SHARE: dict[Kind, float] = {"best-play": 0.3, "endgame": 0.3, "count": 0.22, "deny": 0.18}
CHANCE: dict[Kind, float] = {"best-play": 0.25, "endgame": 1.0, "count": 0.12, "deny": 0.5}


def quotas(count: int) -> dict[Kind, int]:
    """How many puzzles of each kind make `count` (largest remainders)."""
    exact = {k: count * SHARE[k] for k in KINDS}
    out = {k: int(v) for k, v in exact.items()}
    for k in sorted(KINDS, key=lambda k: exact[k] - out[k], reverse=True)[:count - sum(out.values())]:
        out[k] += 1
    return out


def candidate(kind: Kind, position: Position, rng: random.Random) -> bool:
    """Whether this moment is worth trying as a puzzle of `kind` (cheap tests first)."""
    if rng.random() > CHANCE[kind]:
        return False
    layout = position.layout
    if kind == "count":
        return not layout.is_empty and (layout.spinner is not None or rng.random() < 0.3)
    if layout.is_empty:
        return False
    if kind == "endgame":
        sizes = [len(position.hand(p)) for p in range(position.players)]
        return position.boneyard == () and max(sizes) <= 7 and min(sizes) >= 2
    return True


def rating(puzzle: Puzzle, nodes: int = 0) -> int:
    """An initial rating from measurable features of the puzzle."""
    position = puzzle.parsed()
    layout = position.layout
    if puzzle.kind == "count":
        score = 700 + 90 * len(layout.count_parts())
        score += 150 * any(arm and arm[-1][0] == arm[-1][1] for arm in layout.arms)
        score += 100 * (layout.spinner is not None and not layout.arms_open)
    elif puzzle.kind == "best-play":
        scoring = sum(1 for m in puzzle.moves if m.points)
        score = 850 + 35 * len(puzzle.moves) + 60 * scoring - 80 * (len(puzzle.accepted) - 1)
    elif puzzle.kind == "deny":
        score = 1250 + 30 * len(puzzle.moves) - 60 * (len(puzzle.accepted) - 1)
    else:
        top = max(m.points for m in puzzle.moves)
        trap = not any(m.points == top for m in puzzle.moves if m.move in puzzle.accepted)
        score = 1150 + int(120 * math.log10(max(nodes, 1))) + 250 * trap
        score -= 60 * (len(puzzle.accepted) - 1)
    return max(600, min(2400, round(score / 10) * 10))


def finish(puzzle: Puzzle) -> Puzzle:
    """Tag and grade a puzzle."""
    nodes = solve(puzzle.parsed()).nodes if puzzle.kind == "endgame" else 0
    graded = Puzzle(puzzle.id, puzzle.kind, puzzle.position, puzzle.rules, puzzle.accepted,
                    puzzle.moves, (), rating(puzzle, nodes), puzzle.generator, puzzle.seed,
                    puzzle.line)
    return Puzzle(graded.id, graded.kind, graded.position, graded.rules, graded.accepted,
                  graded.moves, tags_of(graded), graded.rating, graded.generator, graded.seed,
                  graded.line)


def positions(game_seed: int) -> Iterator[tuple[Position, random.Random]]:
    """Every decision of one seeded hand between two computer players."""
    rng = random.Random(game_seed)
    rules = CINCOS if rng.random() < 0.2 else STANDARD
    bots = [make_player(rng.choice(("greedy", "greedy", "random")), rng.randrange(1 << 30))
            for _ in range(2)]
    position = deal(rules, 2, rng)
    while not position.is_over:
        if position.must_draw:
            position = position.draw()
            continue
        if position.must_pass:
            position = position.pass_turn()
            continue
        yield position, rng
        position = position.play(bots[position.turn].choose(position))


def generate(count: int, seed: int) -> list[Puzzle]:
    """`count` puzzles, the kinds mixed by SHARE, from games seeded by `seed`."""
    wanted = quotas(count)
    found: dict[Kind, int] = {k: 0 for k in KINDS}
    seen: set[str] = set()
    bank: list[Puzzle] = []
    game = 0
    while any(found[k] < wanted[k] for k in KINDS):
        game_seed = seed * 1_000_003 + game
        game += 1
        taken: set[Kind] = set()
        for position, rng in positions(game_seed):
            for kind in KINDS:
                if kind in taken or found[kind] >= wanted[kind] or not candidate(kind, position, rng):
                    continue
                try:
                    puzzle = make_puzzle(kind, position, seed=game_seed)
                except PuzzleError:
                    continue
                if puzzle.position in seen:
                    continue
                seen.add(puzzle.position)
                taken.add(kind)
                found[kind] += 1
                bank.append(finish(puzzle))
    return bank
