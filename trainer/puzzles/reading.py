"""Read-the-hand puzzles: boards from hands played by greedy players, each with one
clear question on where the unseen tiles are, answered exactly from the mover's view
and the suits the others showed they lack (`trainer.search.tile_questions`).

Games, questions and the kinds of answer come in turn (two players, three, four as
partners; who holds a tile, can a player score; for "who" the boneyard or a player,
for "can" no, unlikely, likely), so that no answer is right most of the time, and a
board where a shown void bears on the question is taken two times in three. Ratings
grow with the players and the question (`RATINGS`), within JITTER.

>>> bank = read_puzzles(3, seed=5)
>>> [(p.kind, p.players) for p in bank]
[('read', 2), ('read', 3), ('read', 4)]
>>> from trainer.puzzles.kinds import verify
>>> all(verify(p) == p for p in bank)
True
"""

from __future__ import annotations

import random
from typing import Optional

from trainer.engine.position import Position
from trainer.engine.rules import PARTNERS, STANDARD, RuleSet
from trainer.engine.voids import Voids, voids_from_turns
from trainer.play.greedy_hands import played
from trainer.play.players import mover_view
from trainer.puzzles.kinds import GENERATOR_VERSION, Puzzle, answers, puzzle_id
from trainer.puzzles.record import void_list
from trainer.search.tile_questions import Answer, Question, answer_kind, clear_questions

GAMES: tuple[tuple[RuleSet, int], ...] = ((STANDARD, 2), (STANDARD, 3), (PARTNERS, 4))
RATINGS = {("who", 2): 1150, ("can", 2): 1300, ("who", 3): 1450, ("can", 3): 1600,
           ("who", 4): 1750, ("can", 4): 1900}
JITTER = 60
MIN_TURNS = 3  # turns played before a board is asked about
MAX_HANDS = 50  # hands tried for one puzzle


def read_puzzle(view: Position, voids: Voids, question: Question, seed: int, rating: int) -> Puzzle:
    """The puzzle asking `question` from `view`, proven exactly (raises PuzzleError
    when the answer is not clear)."""
    known = {p: s for p, s in voids.items() if p != view.turn and s}
    proof = answers("read", view, seed, voids=known, question=question.text())
    code = view.code()
    return Puzzle(puzzle_id("read", f"{code} {question.text()}"), "read", code, view.rules.name,
                  proof.accepted, proof.moves, (), rating, GENERATOR_VERSION, seed,
                  margin=proof.margin, voids=void_list(known), question=question.text())


ANSWER_KINDS = {"who": ("boneyard", "player"), "can": ("no", "unlikely", "likely")}


def _board(rng: random.Random, rules: RuleSet, players: int, wants: str,
           kind: str) -> Optional[tuple[Position, Voids, Question, Answer]]:
    start, turns_at = played(rules, players, rng)
    candidates = [(at, turns) for at, turns in turns_at if len(turns) >= MIN_TURNS]
    if not candidates:
        return None
    at, turns = rng.choice(candidates)
    view = mover_view(at)
    voids = {p: s for p, s in voids_from_turns(start, turns).items() if p != view.turn and s}
    picked = [(q, a) for q, a in clear_questions(view, voids)
              if q.kind == wants and answer_kind(q, a) == kind]
    if not picked:
        return None
    voided = [(q, a) for q, a in picked if _bears(q, voids)]
    plain = [(q, a) for q, a in picked if not _bears(q, voids)]
    question, found_answer = rng.choice(voided if voided and (rng.random() < 2 / 3 or not plain) else plain)
    return view, voids, question, found_answer


def _bears(question: Question, voids: Voids) -> bool:
    """Whether a shown void bears on the question."""
    if question.tile is not None:
        return any(question.tile.high in s or question.tile.low in s for s in voids.values())
    return bool(voids.get(question.player or 0))


def read_puzzles(count: int, seed: int) -> tuple[Puzzle, ...]:
    """`count` read puzzles, the same for the same seed, no two alike."""
    rng = random.Random(seed)
    out: list[Puzzle] = []
    ids: set[str] = set()
    while len(out) < count:
        turn = len(out)
        rules, players = GAMES[turn % len(GAMES)]
        wants = ("who", "can")[turn // len(GAMES) % 2]
        kinds = ANSWER_KINDS[wants]
        kind = kinds[turn // (2 * len(GAMES)) % len(kinds)]
        for _ in range(MAX_HANDS):
            board = _board(rng, rules, players, wants, kind)
            if board is None:
                continue
            view, voids, question, _ = board
            rating = RATINGS[(question.kind, players)] + rng.randint(-JITTER, JITTER)
            puzzle = read_puzzle(view, voids, question, rng.getrandbits(31), rating)
            if puzzle.id not in ids:
                ids.add(puzzle.id)
                out.append(puzzle)
                break
        else:  # pragma: no cover - every game offers clear questions within a few hands
            raise RuntimeError(f"no {wants} question answered {kind} in {MAX_HANDS} hands "
                               f"of {players} players")
    return tuple(out)
