"""Puzzles: the kinds, the answers each proves in the sense it states, and the
interest filters.

- `score-most`: play the move that scores the most points now (exact).
- `best-play`: hidden tiles; play the move with the best expected value over the
  unseen tiles, dealt uniformly among the deals that fit what the mover sees (the
  suits other players showed they lack included), every move valued on the same
  deals. Accepted: every move not significantly worse than the best (95%); shipped
  only when both yardsticks keep the accepted moves above every rejected one by at
  least 5 points with 95% confidence: the deals solved exactly (the best beats each
  rejected move so, on its deals and again on fresh ones, `recheck`), and the rest of
  the hand played out on each player's own information (PLAYOUTS deals: some accepted
  move beats each rejected one so, `recheck.best_play_playouts`).
- `endgame`: every hand known, boneyard empty; the exact value to the end of the hand;
  the accepted moves beat every rejected one by at least 5.
- `deny`: no move scores; leave the next player the least he could score (worked out
  for every tile he may hold at every open end), at least 5 less than the next figure,
  and shipped only where the answer is not worse in expected value by 5 or more (95%),
  on its deals and again on fresh ones.
- `count`: total the ends of the board (one number).
- `read`: read the hand from the mover's view and the suits the others showed they
  lack: who most likely holds a tile, or whether a player holds a tile that scores
  now (no, unlikely, likely, certainly); exact over every deal that fits, asked only
  where the answer is clear (`trainer.search.tile_questions`).

Values are the solver's (`trainer.search.solver`): two players and partners, the
side's points from now on less the other side's; three players, or four alone, the
mover's points less the others' together, as if they all played against him.

Every move puzzle also passes the interest filters (`interesting`): at least 3 real
choices once moves that leave the same table are merged (`trainer.puzzles.choices`),
fewer than half of them accepted, and the answer never the only legal move nor simply
the only scoring one.

>>> p = make_puzzle("count", Position.from_code("5-5:5-2:5-3:: 6-6/?8 ?16 0 0,0"), seed=1)
>>> p.accepted, p.kind
(('5',), 'count')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Optional

from trainer.engine.moves import Move
from trainer.engine.position import Position
from trainer.engine.tiles import ALL_TILES, Tile
from trainer.errors import TrainerError
from trainer.play.players import mover_view
from trainer.puzzles.choices import MIN_CHOICES, choices
from trainer.puzzles.recheck import PLAYOUTS, best_play_playouts, best_play_recheck, check_deals, deny_recheck
from trainer.puzzles.record import (
    GENERATOR_VERSION,
    HIDDEN_KINDS,
    KINDS,
    MOVE_KINDS,
    Kind,
    MoveInfo,
    Puzzle,
    PuzzleError,
    load_bank,
    puzzle_id,
    summary,
    void_list,
)
from trainer.puzzles.screen import PROOF_BITS, Sampled, futile, sampled
from trainer.puzzles.verdicts import (
    MARGIN,
    best_play,
    deny_fails,
    deny_worst,
    hopeless,
    surely_worse,
)
from trainer.search.evidence import Evidence
from trainer.search.solver import solve
from trainer.search.tile_questions import Question, clear
from trainer.search.tile_questions import answer as tile_answer

Voids = Mapping[int, frozenset[int]]
DEAL_STEPS = (10, 30, 100, 200, 400)  # sequential sampling: deals tried in turn (`screen`)
MIN_SHIP_DEALS = 100  # fewer deals only screen a position out, never ship it
SHOWN_DEALS = 100  # deals for the expected values shown beside score-most answers


# ----- the interest filters -----

def interesting(position: Position, infos: tuple[MoveInfo, ...], accepted: tuple[str, ...]) -> Optional[str]:
    """Why a move puzzle asks nothing worth asking, or None when it passes every filter:
    at least 3 real choices, fewer than half of them accepted, the answer neither the
    only legal move nor simply the only scoring one."""
    groups = choices(position, [m.move for m in infos])
    if len(groups) < MIN_CHOICES:
        return f"only {len(groups)} real choices"
    chosen = [g for g in groups.values() if any(m in accepted for m in g)]
    if 2 * len(chosen) >= len(groups):
        return f"{len(chosen)} of {len(groups)} choices accepted"
    points = {m.move: m.points for m in infos}
    scoring = [g for g in groups.values() if points[g[0]] > 0]
    if len(scoring) == 1 and any(m in accepted for m in scoring[0]):
        return "the answer is the only scoring move"
    return None


def _filter(position: Position, infos: tuple[MoveInfo, ...], accepted: tuple[str, ...]) -> None:
    why = interesting(position, infos, accepted)
    if why is not None:
        raise PuzzleError(why)


# ----- what the next player could score -----

def may_hold(position: Position, player: int, voids: Optional[Voids] = None) -> tuple[Tile, ...]:
    """The tiles `player` may hold as the mover sees it: his hand when it is shown, else
    every tile the mover cannot see, less those of a suit he showed he lacks."""
    hand = position.hands[player]
    if isinstance(hand, tuple):
        return hand
    seen = set(position.hand(position.turn)) | set(position.layout.tiles())
    lacks = (voids or {}).get(player, frozenset())
    return tuple(t for t in ALL_TILES if t not in seen and t.high not in lacks and t.low not in lacks)


def reply_points(position: Position, move: Move, voids: Optional[Voids] = None) -> int:
    """The most the next player could score on the table `move` leaves, with any tile
    he may hold."""
    after = position.layout.place(move.tile, move.side)
    ends = after.open_ends()
    nxt = (position.turn + 1) % position.players
    return max((after.place(t, e.side).points() for t in may_hold(position, nxt, voids)
                if t != move.tile for e in ends if t.has(e.pip)), default=0)


# ----- the answers of each kind -----

@dataclass(frozen=True)
class Proof:
    """What a kind proves of a position: the accepted answers, every move's figures,
    (endgames) the best line, the deals behind the expected values and the margin, and
    the re-check on fresh deals; for best play, the play-outs."""

    accepted: tuple[str, ...]
    moves: tuple[MoveInfo, ...] = ()
    line: tuple[str, ...] = ()
    deals: int = 0
    margin: float = 0.0
    check_deals: int = 0
    check_margin: float = 0.0
    playouts: int = 0
    playout_margin: float = 0.0


def _exact_gap(values: dict[str, float], accepted: tuple[str, ...]) -> float:
    rest = [v for m, v in values.items() if m not in accepted]
    return min(values[a] for a in accepted) - max(rest) if rest else 0.0


def _sorted(infos: list[MoveInfo]) -> tuple[MoveInfo, ...]:
    return tuple(sorted(infos, key=lambda m: (-m.value, -(m.ev or 0.0), -m.points, m.move)))


def _evs(ev: Evidence) -> dict[str, float]:
    return {str(m): round(ev.mean(m), 2) for m in ev.moves}


def _steps(deals: int) -> tuple[int, ...]:
    return (deals,) if deals else DEAL_STEPS


def _voids(voids: Optional[Voids]) -> Optional[dict[int, frozenset[int]]]:
    return {p: frozenset(s) for p, s in voids.items()} if voids else None


def answers(kind: Kind, position: Position, seed: int = 0, deals: int = 0,
            voids: Optional[Voids] = None, recheck: int = -1, playouts: int = PLAYOUTS,
            question: str = "") -> Proof:
    """The accepted answers and every figure, proven in the kind's sense; raises
    PuzzleError when the position makes no puzzle of this kind.

    Hidden-tile kinds are estimated on `deals` deals seeded by `seed`, consistent with
    `voids` (the suits other players showed they lack); with `deals` 0 the deals grow
    through DEAL_STEPS until the answer is decided (generation). Their margin is then
    re-checked on `recheck` fresh deals (-1: twice the deals it shipped on); best play
    is also played out on `playouts` deals (0: not). A read puzzle answers `question`."""
    if kind == "read":
        return _read(position, voids or {}, question)
    if kind == "count":
        if position.layout.is_empty:
            raise PuzzleError("an empty table has nothing to count")
        return Proof((str(position.layout.count()),))
    moves = position.legal_moves()
    if len(moves) < 2:
        raise PuzzleError("a puzzle needs a choice of at least two moves")
    if len(choices(position, [str(m) for m in moves])) < MIN_CHOICES:
        raise PuzzleError(f"fewer than {MIN_CHOICES} real choices")
    if kind == "endgame":
        return _endgame(position)
    if kind not in HIDDEN_KINDS:
        raise PuzzleError(f"unknown kind {kind!r}")
    if position.is_fully_known:
        raise PuzzleError(f"a {kind} puzzle hides the other hands")
    if kind == "score-most":
        return _score_most(position, seed, deals, _voids(voids))
    if kind == "deny":
        return _deny(position, seed, deals, _voids(voids), recheck)
    return _best(position, seed, deals, _voids(voids), recheck, playouts)


def _read(position: Position, voids: Voids, question: str) -> Proof:
    """The exact answer to a reading question, with every choice's chance (who) or the
    one chance (can) as the moves' values and how clearly it stands as the margin."""
    if position.is_fully_known:
        raise PuzzleError("a read puzzle hides the other hands")
    try:
        asked = Question.parse(question)
        found = tile_answer(position, dict(voids), asked)
    except (ValueError, TrainerError) as error:
        raise PuzzleError(str(error)) from None
    if not clear(found, asked):
        raise PuzzleError("the answer is too close to call to make a question")
    figures = (zip(found.choices, found.chances) if asked.kind == "who"
               else ((found.answer, found.chances[0]),))
    return Proof((found.answer,), tuple(MoveInfo(c, 0, round(float(x), 2)) for c, x in figures),
                 margin=round(float(found.clearness), 2))


def _endgame(position: Position) -> Proof:
    if not position.is_fully_known or position.boneyard != ():
        raise PuzzleError("an endgame shows every hand and an empty boneyard")
    solution = solve(position, table_bits=PROOF_BITS)
    infos = [MoveInfo(str(m.move), m.points, m.value) for m in solution.moves]
    top = max(m.value for m in infos)
    accepted = tuple(sorted(m.move for m in infos if m.value == top))
    gap = _exact_gap({m.move: m.value for m in infos}, accepted)
    if gap < MARGIN:
        raise PuzzleError(f"the best move does not beat the next by {MARGIN} points")
    _filter(position, tuple(infos), accepted)
    line = best_line(position.play(Move.parse(accepted[0])))
    return Proof(accepted, _sorted(infos), line, 0, gap)


def _score_most(position: Position, seed: int, deals: int,
                voids: Optional[dict[int, frozenset[int]]]) -> Proof:
    points = {str(m): position.points(m) for m in position.legal_moves()}
    top = max(points.values())
    if top == 0:
        raise PuzzleError("score-most needs a scoring move")
    accepted = tuple(sorted(m for m, p in points.items() if p == top))
    _filter(position, tuple(MoveInfo(m, p, p) for m, p in points.items()), accepted)
    if not any(p > 0 for m, p in points.items() if m not in accepted):
        raise PuzzleError("score-most needs a tempting lesser score")
    ev = sampled(position, deals or SHOWN_DEALS, seed, voids)
    evs = _evs(ev)
    infos = [MoveInfo(m, p, p, evs[m]) for m, p in points.items()]
    return Proof(accepted, _sorted(infos), (), ev.deals,
                 _exact_gap({m: float(p) for m, p in points.items()}, accepted))


def _deny(position: Position, seed: int, deals: int, voids: Optional[dict[int, frozenset[int]]],
          recheck: int) -> Proof:
    moves = position.legal_moves()
    if any(position.points(m) for m in moves):
        raise PuzzleError("deny needs a position where no move scores")
    reply = {str(m): -reply_points(position, m, voids) for m in moves}
    top = max(reply.values())
    accepted = tuple(sorted(m for m, v in reply.items() if v == top))
    gap = _exact_gap({m: float(v) for m, v in reply.items()}, accepted)
    if gap < MARGIN:
        raise PuzzleError(f"the best move does not beat the next by {MARGIN} points")
    _filter(position, tuple(MoveInfo(m, 0, v) for m, v in reply.items()), accepted)
    steps = _steps(deals)
    deals_of = Sampled(position, seed, voids)
    for count in steps:
        ev = deals_of.upto(count)
        worst = deny_worst(ev, accepted)
        why = deny_fails(worst)
        if surely_worse(ev, accepted):
            raise PuzzleError(f"a move is surely better in expected value by {MARGIN} or more")
        if count == steps[-1] or (why is None and count >= MIN_SHIP_DEALS):
            break
    if why is not None:
        raise PuzzleError(why)
    fresh = check_deals(ev.deals) if recheck < 0 else recheck
    checked = deny_recheck(position, seed, fresh, accepted, voids) if fresh else 0.0
    evs = _evs(ev)
    infos = [MoveInfo(m, 0, v, evs[m]) for m, v in reply.items()]
    return Proof(accepted, _sorted(infos), (), ev.deals, gap, fresh, checked)


def _best(position: Position, seed: int, deals: int, voids: Optional[dict[int, frozenset[int]]],
          recheck: int, playouts: int) -> Proof:
    points = {str(m): position.points(m) for m in position.legal_moves()}
    steps = _steps(deals)
    deals_of = Sampled(position, seed, voids)
    for count in steps:
        ev = deals_of.upto(count)
        verdict = best_play(ev)
        if count < MIN_SHIP_DEALS and count != steps[-1]:  # a screen: too few deals to ship on
            why = futile(position, ev)
            if why is not None:
                raise PuzzleError(why)
            continue
        if count == steps[-1] or hopeless(ev) or verdict.why is None:
            break
    if verdict.why is not None:
        raise PuzzleError(verdict.why)
    evs = _evs(ev)
    infos = [MoveInfo(m, p, evs[m], evs[m]) for m, p in points.items()]
    _filter(position, tuple(infos), verdict.accepted)
    played = 0.0
    if playouts:
        played, means = best_play_playouts(position, seed, verdict.accepted, voids, playouts)
        infos = [replace(m, played=means[m.move]) for m in infos]
    fresh = check_deals(ev.deals) if recheck < 0 else recheck
    checked = best_play_recheck(position, seed, fresh, verdict.accepted, voids) if fresh else 0.0
    return Proof(verdict.accepted, _sorted(infos), (), ev.deals, verdict.margin, fresh, checked,
                 playouts, played)


def best_line(position: Position, limit: int = 30) -> tuple[str, ...]:
    """Best play by every player from a fully known position to the end of the hand
    (each player's best by the solver), with forced draws and passes written as `draw`
    and `pass`."""
    line: list[str] = []
    while not position.is_over and len(line) < limit:
        if position.must_draw:
            position = position.draw()
            line.append(f"{position.turn}:draw")
            continue
        if position.must_pass:
            line.append(f"{position.turn}:pass")
            position = position.pass_turn()
            continue
        move = solve(position, table_bits=PROOF_BITS, best_only=True).best[0]
        line.append(f"{position.turn}:{move}")
        position = position.play(move)
    return tuple(line)


def shown_position(kind: Kind, position: Position) -> Position:
    """What the learner sees: everything for endgames; his own hand only otherwise."""
    return position if kind == "endgame" else mover_view(position)


def make_puzzle(kind: Kind, position: Position, seed: int, tags: tuple[str, ...] = (),
                rating: int = 1500, voids: Optional[Voids] = None, origin: str = "") -> Puzzle:
    """A puzzle of `kind` from a fully known position met in play, `voids` the suits
    the other players have shown they lack there."""
    shown = shown_position(kind, position)
    known = {p: s for p, s in (voids or {}).items() if p != shown.turn and s} if kind in HIDDEN_KINDS else {}
    proof = answers(kind, shown, seed, voids=known)
    code = shown.code()
    return Puzzle(puzzle_id(kind, code), kind, code, shown.rules.name, proof.accepted, proof.moves,
                  tags, rating, GENERATOR_VERSION, seed, proof.line, proof.deals, proof.margin,
                  void_list(known), proof.check_deals, proof.check_margin, proof.playouts,
                  proof.playout_margin, origin=origin)


def proven_again(puzzle: Puzzle) -> Puzzle:
    """A puzzle of an earlier generator proven afresh from its record (the position the
    learner is shown and the voids known there) under today's criteria, as a new
    puzzle of this generator would be: the deals drawn in steps, the re-check on fresh
    deals and, for best play, the play-outs. Its id and seed are kept, `origin` names
    the generator of its hand, themes and rating are left to the caller; raises
    PuzzleError when it fails."""
    proof = answers(puzzle.kind, puzzle.parsed(), puzzle.seed, voids=puzzle.void_map(),
                    question=puzzle.question)
    origin = puzzle.origin or (puzzle.generator if puzzle.generator != GENERATOR_VERSION else "")
    return replace(puzzle, accepted=proof.accepted, moves=proof.moves, line=proof.line,
                   deals=proof.deals, margin=proof.margin, check_deals=proof.check_deals,
                   check_margin=proof.check_margin, playouts=proof.playouts,
                   playout_margin=proof.playout_margin, generator=GENERATOR_VERSION, origin=origin,
                   tags=())


def verify(puzzle: Puzzle) -> Puzzle:
    """The puzzle with its answers proven afresh from its position (tags and rating
    kept): exactly, or re-estimated on the same seeded deals, and re-checked on the
    same fresh deals and (best play) the same play-outs, for hidden-tile kinds."""
    proof = answers(puzzle.kind, puzzle.parsed(), puzzle.seed, puzzle.deals, puzzle.void_map(),
                    puzzle.check_deals, puzzle.playouts, puzzle.question)
    return replace(puzzle, accepted=proof.accepted, moves=proof.moves, line=proof.line,
                   deals=proof.deals, margin=proof.margin, check_deals=proof.check_deals,
                   check_margin=proof.check_margin, playouts=proof.playouts,
                   playout_margin=proof.playout_margin)


__all__ = ["GENERATOR_VERSION", "HIDDEN_KINDS", "KINDS", "MARGIN", "MOVE_KINDS", "PLAYOUTS", "Kind",
           "Move", "MoveInfo", "Proof", "Puzzle", "PuzzleError", "answers", "load_bank", "make_puzzle",
           "proven_again", "puzzle_id", "summary", "verify"]
