"""The puzzle generator: seeded hands between the computer players, positions taken
at moments that make a puzzle, proven in their kind's sense, kept when they pass the
interest filters, then given themes and a rating. The same count and seed give the
same bank, byte for byte, however many processes share the work: each hand's
puzzles depend on its seed alone (`puzzles_of_hand`).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from multiprocessing import get_context
from pathlib import Path
from typing import Optional

from trainer.engine.game import deal
from trainer.engine.position import Hidden, Position
from trainer.engine.rules import CINCOS, STANDARD
from trainer.play.players import make_player, mover_view
from trainer.puzzles.kinds import KINDS, Kind, Puzzle, PuzzleError, make_puzzle
from trainer.puzzles.rating import rating
from trainer.puzzles.themes import tags_of

SHARE: dict[Kind, float] = {"count": 0.26, "score-most": 0.07, "deny": 0.10,
                            "best-play": 0.13, "endgame": 0.44}
CHANCE: dict[Kind, float] = {"count": 0.12, "score-most": 1.0, "deny": 0.5,
                             "best-play": 0.6, "endgame": 1.0}
HAND_LIMIT: dict[Kind, int] = {"score-most": 6, "deny": 5, "best-play": 5}  # tiles in the mover's hand
HIDDEN_LIMIT = 14  # tiles the mover cannot see (other hands and boneyard): late in the hand


def quotas(count: int) -> dict[Kind, int]:
    """How many puzzles of each kind make `count` (largest remainders)."""
    exact = {k: count * SHARE[k] for k in KINDS}
    out = {k: int(v) for k, v in exact.items()}
    for k in sorted(KINDS, key=lambda k: exact[k] - out[k], reverse=True)[:count - sum(out.values())]:
        out[k] += 1
    return out


def cheap(position: Position) -> bool:
    """Whether the mover's view hides few enough tiles that a deal solves in a
    millisecond or so (late in the hand)."""
    view = mover_view(position)
    hidden = sum(h.count for h in (*view.hands, view.boneyard) if isinstance(h, Hidden))
    return hidden <= HIDDEN_LIMIT


def candidate(kind: Kind, position: Position, draw: float) -> bool:
    """Whether this moment is worth trying as a puzzle of `kind` (cheap tests first);
    `draw` is a number in [0, 1) drawn for this moment and kind alone."""
    if draw > CHANCE[kind]:
        return False
    layout = position.layout
    if kind == "count":
        return not layout.is_empty and (layout.spinner is not None or draw < CHANCE[kind] * 0.3)
    if layout.is_empty or len(position.legal_moves()) < 3:
        return False
    if kind == "endgame":
        sizes = [len(position.hand(p)) for p in range(position.players)]
        return position.boneyard == () and max(sizes) <= 7 and min(sizes) >= 2
    return len(position.hand(position.turn)) <= HAND_LIMIT[kind] and cheap(position)


def finish(puzzle: Puzzle) -> Puzzle:
    """Themes and a rating for a proven puzzle."""
    tagged = replace(puzzle, tags=tags_of(puzzle))
    return replace(tagged, rating=rating(tagged))


def positions(game_seed: int) -> Iterator[Position]:
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
        yield position
        position = position.play(bots[position.turn].choose(position))


def puzzles_of_hand(game_seed: int, kinds: tuple[Kind, ...] = KINDS) -> list[Puzzle]:
    """At most one puzzle of each of `kinds` from one seeded hand, in the hand's order.
    Each kind's choice depends on the hand's seed alone, whatever the other kinds."""
    return [p for _, p in found_in_hand(game_seed, kinds)]


def found_in_hand(game_seed: int, kinds: tuple[Kind, ...]) -> list[tuple[int, Puzzle]]:
    """`puzzles_of_hand` with the index of the decision each puzzle comes from."""
    found: list[tuple[int, Puzzle]] = []
    taken: set[Kind] = set()
    for index, position in enumerate(positions(game_seed)):
        for kind in kinds:
            if kind in taken:
                continue
            draw = random.Random(f"{game_seed}:{index}:{kind}").random()
            if not candidate(kind, position, draw):
                continue
            try:
                puzzle = make_puzzle(kind, position, seed=game_seed)
            except PuzzleError:
                continue
            taken.add(kind)
            found.append((index, finish(puzzle)))
    return found


def _hand(job: tuple[int, tuple[Kind, ...], Optional[str]]) -> list[Puzzle]:
    """One hand's puzzles, through the cache directory when there is one (a file a
    hand: each kind's puzzle or null), so that an interrupted run loses nothing."""
    game_seed, kinds, cache = job
    if cache is None:
        return puzzles_of_hand(game_seed, kinds)
    path = Path(cache) / f"{game_seed}.json"
    try:
        known: dict[str, Optional[list[object]]] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        known = {}
    missing = tuple(k for k in kinds if k not in known)
    if missing:
        found = {p.kind: [index, p.to_json()] for index, p in found_in_hand(game_seed, missing)}
        known.update({k: found.get(k) for k in missing})
        path.write_text(json.dumps(known, sort_keys=True), encoding="utf-8")
    made = [(int(str(entry[0])), KINDS.index(k), Puzzle.from_json(str(entry[1])))
            for k in kinds if (entry := known.get(k)) is not None]
    return [p for _, _, p in sorted(made, key=lambda e: (e[0], e[1]))]


def generate(count: int, seed: int, workers: int = 1, batch: int = 8,
             wanted: Optional[dict[Kind, int]] = None, cache: Optional[str] = None) -> list[Puzzle]:
    """`count` puzzles, the kinds mixed by SHARE (or as many of each kind as `wanted`
    says), from hands seeded by `seed`, the hands shared among `workers` processes."""
    wanted = dict(wanted) if wanted is not None else quotas(count)
    found: dict[Kind, int] = {k: 0 for k in KINDS}
    seen: set[str] = set()
    bank: list[Puzzle] = []
    game = 0
    # spawned, not forked: a forked child would inherit the solver's thread pool without its threads
    pool = ProcessPoolExecutor(workers, mp_context=get_context("spawn")) if workers > 1 else None
    try:
        while any(found[k] < wanted[k] for k in KINDS):
            kinds = tuple(k for k in KINDS if found[k] < wanted[k])
            jobs = [(seed * 1_000_003 + game + i, kinds, cache) for i in range(batch * workers)]
            game += len(jobs)
            results = pool.map(_hand, jobs) if pool is not None else map(_hand, jobs)
            for puzzles in results:
                for puzzle in puzzles:
                    if found[puzzle.kind] >= wanted[puzzle.kind] or puzzle.position in seen:
                        continue
                    seen.add(puzzle.position)
                    found[puzzle.kind] += 1
                    bank.append(puzzle)
    finally:
        if pool is not None:
            pool.shutdown()
    return bank
