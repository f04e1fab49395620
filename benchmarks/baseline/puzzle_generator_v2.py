"""The move-puzzle generator as it was (generator version 2), frozen for
`benchmarks/puzzle_speed.py`: the hands, the candidate tests and the proofs of the
score-most, deny, best-play and endgame kinds, as they were, on today's engine and
solver. Only what the benchmark measures is kept (no themes, no rating, one process).

    >>> found = generate_v2({"endgame": 1}, seed=7)  # doctest: +SKIP
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Optional

from trainer.engine.game import deal
from trainer.engine.moves import Move
from trainer.engine.position import Hidden, Position
from trainer.engine.rules import CINCOS, STANDARD
from trainer.play.players import best_reply_points, make_player, mover_view
from trainer.search.evidence import Evidence, paired
from trainer.search.solver import solve

MOVE_KINDS = ("score-most", "deny", "best-play", "endgame")
MARGIN = 5
DEAL_STEPS = (30, 100, 200, 400, 800)
MIN_SHIP_DEALS = 100
SHOWN_DEALS = 100
CHANCE = {"score-most": 1.0, "deny": 0.5, "best-play": 0.6, "endgame": 1.0}
HAND_LIMIT = {"score-most": 6, "deny": 5, "best-play": 5}
HIDDEN_LIMIT = 14


class Refused(Exception):
    """The position makes no puzzle of the kind."""


def _twin_key(position: Position, move: Move) -> tuple[object, ...]:
    layout = position.layout.place(move.tile, move.side)
    if layout.spinner is None:
        line = tuple(layout.line)
        mirror = tuple((b, a) for a, b in reversed(line))
        return (str(move.tile), min(line, mirror))
    arms = layout.arms
    return (str(move.tile), layout.spinner, tuple(sorted(arms[:2])), tuple(sorted(arms[2:])))


def _groups(position: Position, moves: list[str]) -> dict[tuple[object, ...], list[str]]:
    groups: dict[tuple[object, ...], list[str]] = {}
    for move in moves:
        groups.setdefault(_twin_key(position, Move.parse(move)), []).append(move)
    return groups


def _filter(position: Position, points: dict[str, int], accepted: tuple[str, ...]) -> None:
    groups = _groups(position, list(points))
    if len(groups) < 3:
        raise Refused("choices")
    chosen = [g for g in groups.values() if any(m in accepted for m in g)]
    if 2 * len(chosen) >= len(groups):
        raise Refused("accepted")
    scoring = [g for g in groups.values() if points[g[0]] > 0]
    if len(scoring) == 1 and any(m in accepted for m in scoring[0]):
        raise Refused("only scoring")


def _verdict(ev: Evidence) -> tuple[tuple[str, ...], Optional[str]]:
    best = ev.best()
    diffs = {m: ev.difference(best, m) for m in ev.moves}
    accepted = tuple(sorted(str(m) for m, d in diffs.items() if not d.significant))
    rejected = [d for m, d in diffs.items() if str(m) not in accepted]
    if not rejected:
        return accepted, "none worse"
    if min(d.low for d in rejected) < MARGIN:
        return accepted, "margin"
    return accepted, None


def _hopeless(position: Position, ev: Evidence) -> bool:
    best = ev.best()
    if any(0 < (d := ev.difference(best, m)).low and d.mean < MARGIN for m in ev.moves):
        return True
    scoring = {str(m) for m, p in zip(ev.moves, ev.points) if p > 0}
    return ev.points[ev.index(best)] > 0 and len(
        {_twin_key(position, Move.parse(m)) for m in scoring}) == 1


def prove(kind: str, position: Position, seed: int) -> tuple[str, ...]:
    """The accepted moves of a puzzle of `kind` (the shown position), as version 2
    proved them; raises Refused."""
    moves = position.legal_moves()
    if len(moves) < 2:
        raise Refused("moves")
    if kind == "endgame":
        if not position.is_fully_known or position.boneyard != ():
            raise Refused("not an endgame")
        values = {str(m.move): m.value for m in solve(position).moves}
        top = max(values.values())
        accepted = tuple(sorted(m for m, v in values.items() if v == top))
        rest = [v for m, v in values.items() if m not in accepted]
        if not rest or top - max(rest) < MARGIN:
            raise Refused("gap")
        _filter(position, {str(m): position.points(m) for m in moves}, accepted)
        line: list[str] = []
        after = position.play(Move.parse(accepted[0]))
        while not after.is_over and len(line) < 30:  # the best line, as version 2 stored it
            if after.must_draw:
                after = after.draw()
            elif after.must_pass:
                after = after.pass_turn()
            else:
                best = solve(after).best[0]
                line.append(str(best))
                after = after.play(best)
        return accepted
    points = {str(m): position.points(m) for m in moves}
    if kind == "score-most":
        top = max(points.values())
        if top == 0:
            raise Refused("no score")
        accepted = tuple(sorted(m for m, p in points.items() if p == top))
        _filter(position, points, accepted)
        if not any(p > 0 for m, p in points.items() if m not in accepted):
            raise Refused("no lesser score")
        paired(position, SHOWN_DEALS, seed)
        return accepted
    if kind == "deny":
        if any(points.values()):
            raise Refused("scores")
        reply = {str(m): -best_reply_points(position, m) for m in moves}
        top = max(reply.values())
        accepted = tuple(sorted(m for m, v in reply.items() if v == top))
        rest = [v for m, v in reply.items() if m not in accepted]
        if not rest or top - max(rest) < MARGIN:
            raise Refused("gap")
        _filter(position, points, accepted)
        why: Optional[str] = "no deals"
        for count in DEAL_STEPS:
            ev = paired(position, count, seed)
            worst = max(ev.difference(m, Move.parse(a)).high for a in accepted for m in ev.moves
                        if str(m) != a)
            why = "worse" if worst >= MARGIN else None
            surely = any(ev.difference(m, Move.parse(a)).low > 0 and ev.difference(m, Move.parse(a)).mean
                         >= MARGIN for a in accepted for m in ev.moves if str(m) != a)
            if count == DEAL_STEPS[-1] or surely or (why is None and count >= MIN_SHIP_DEALS):
                break
        if why is not None:
            raise Refused(why)
        return accepted
    if len(_groups(position, list(points))) < 3:
        raise Refused("choices")
    why = "no deals"
    accepted = ()
    for count in DEAL_STEPS:
        ev = paired(position, count, seed)
        accepted, why = _verdict(ev)
        if count == DEAL_STEPS[-1] or _hopeless(position, ev) or (why is None and count >= MIN_SHIP_DEALS):
            break
    if why is not None:
        raise Refused(why)
    _filter(position, points, accepted)
    return accepted


def _candidate(kind: str, position: Position, draw: float) -> bool:
    if draw > CHANCE[kind]:
        return False
    layout = position.layout
    if layout.is_empty or len(position.legal_moves()) < 3:
        return False
    if kind == "endgame":
        sizes = [len(position.hand(p)) for p in range(position.players)]
        return position.boneyard == () and max(sizes) <= 7 and min(sizes) >= 2
    view = mover_view(position)
    hidden = sum(h.count for h in (*view.hands, view.boneyard) if isinstance(h, Hidden))
    return len(position.hand(position.turn)) <= HAND_LIMIT[kind] and hidden <= HIDDEN_LIMIT


def _positions(game_seed: int) -> Iterator[Position]:
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


def hand_v2(game_seed: int, kinds: tuple[str, ...]) -> list[tuple[str, str]]:
    """(kind, position code) of each puzzle version 2 made of one hand."""
    found: list[tuple[str, str]] = []
    taken: set[str] = set()
    for index, position in enumerate(_positions(game_seed)):
        for kind in kinds:
            if kind in taken:
                continue
            draw = random.Random(f"{game_seed}:{index}:{kind}").random()
            if not _candidate(kind, position, draw):
                continue
            shown = position if kind == "endgame" else mover_view(position)
            try:
                prove(kind, shown, game_seed)
            except Refused:
                continue
            taken.add(kind)
            found.append((kind, shown.code()))
    return found


def generate_v2(wanted: dict[str, int], seed: int) -> list[tuple[str, str]]:
    """As many move puzzles of each kind as `wanted` says, version 2's way, in one process."""
    found = {k: 0 for k in wanted}
    bank: list[tuple[str, str]] = []
    seen: set[str] = set()
    game = 0
    while any(found[k] < wanted[k] for k in wanted):
        kinds = tuple(k for k in MOVE_KINDS if k in wanted and found[k] < wanted[k])
        for kind, code in hand_v2(seed * 1_000_003 + game, kinds):
            if found[kind] < wanted[kind] and code not in seen:
                seen.add(code)
                found[kind] += 1
                bank.append((kind, code))
        game += 1
    return bank
