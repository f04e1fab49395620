"""Positions the solver proves, for the best-move questions of the strategy course: taken
from hands of real play and judged on what the player to move can know.

- `exact`: every tile is known to him (two players, the boneyard empty: the tiles he
  cannot see on the table or in his hand are his opponent's). Each offered move's
  exact value, and the solved line after it (`trainer.teach.lines`), from which the
  explanation is drawn.
- `sampled`: from the middle of a hand, the boneyard not empty, the opponent's hand
  hidden: too many deals fit to solve them all, so both yardsticks judge it on
  sampled deals (`trainer.teach.sampled`): the spinner's topic, whose decisions come
  early in a hand, and some of the set-ups' and the defence's positions.
- `deals`: some tiles are hidden (partners: how the unseen tiles lie among the other
  three). Every deal consistent with what he knows (the hand sizes, the suits a player
  showed he lacks) is solved exactly, all equally likely (`trainer.teach.deals`): each
  move's mean value over them is an exact expectation, and how many of them it is best
  in. Positions sampled from the middle of a hand come in the same form.

A position is kept for a topic when the moves it offers (3 or 4 real choices, twins
merged) differ in the way the topic is about (one scores more, one opens the spinner,
one blocks, ...), and the best of them beats the second by 5 points or more. Which
kind of move wins is left to the solver: the lessons then mix the kinds
(`trainer.teach.strategy`). No hand of real play gives more than one position to the
whole bank, so no position, nor two moments of one hand, appears twice in an attempt
of the course.

The bank (`proven_bank.jsonl` beside this module, package data, one entry a line as
`proven_bank.schema.json` describes it; written by `python -m trainer.teach.proven`)
holds them; the tests prove a sample again and `benchmarks/course_verify.py` all.

>>> entry = bank("blocking")[0]
>>> best, second = entry.options[:2]
>>> entry.topic, len(entry.options) in (3, 4), entry.value(best) >= entry.value(second) + 5
('blocking', True, True)
>>> problems(entry)
[]
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from importlib.resources import files
from typing import Optional

from trainer.engine.game import deal
from trainer.engine.moves import Move
from trainer.engine.position import Hidden, Position, size
from trainer.engine.record import Turn
from trainer.engine.rules import CINCOS, PARTNERS, STANDARD, RuleSet
from trainer.engine.tiles import Tile
from trainer.engine.voids import Voids, voids_from_turns
from trainer.errors import NotationError
from trainer.play.players import make_player
from trainer.search.solver import Solution, solve
from trainer.teach.deals import deal_count, every_deal
from trainer.teach.lines import Line, blocks, move_kind, opens_spinner, replay, sheds, solved_line

BANK = "proven_bank.jsonl"  # package data beside this module, one entry a line (proven_bank.schema.json)
MARGIN = 5  # points by which the best offered move beats the second
MOST_CHOICES = 4
MOST_DEALS = 3000  # hidden positions with more consistent deals are left out


@dataclass(frozen=True)
class Option:
    """A move offered: what it scores now, its value (exact, or the total over every
    deal: the mean is `total / deals`), in how many deals it is a best move, the solved
    line after it (exact positions only), and, along the solved lines (the total over
    every deal when hidden), what the next player's reply scores and what the mover's
    partner scores."""

    move: Move
    points: int
    total: int
    best_in: int
    line: str
    reply: int = 0
    partner: int = 0
    played: int = 0  # sampled entries: the total over the play-outs
    exact_margin: float = 0.0  # sampled: the 95% half-width of the best's lead over it, per deal
    played_margin: float = 0.0  # sampled: the same, played out


@dataclass(frozen=True)
class Proven:
    """A proven position of a topic, as the player to move sees it."""

    topic: str
    code: str
    options: tuple[Option, ...]  # best first
    deals: int  # 0: every tile known to the mover; else every consistent deal, solved
    voids: str  # "1:5,6 3:2": suits a player showed he lacks (hidden positions)
    seed: int  # the hand of real play it was taken from
    playouts: int = 0  # sampled: `deals` uniform deals solved, and this many played out
    sample: int = 0  # sampled: the seed that draws the deals
    example: str = ""  # sampled: the representative deal, every tile filled in

    @property
    def sampled(self) -> bool:
        """Judged over sampled deals by both yardsticks (`trainer.teach.sampled`)."""
        return self.playouts > 0

    def played_value(self, option: Option) -> float:
        """A sampled option's mean over the play-outs."""
        return option.played / self.playouts

    @property
    def position(self) -> Position:
        return _parse(self.code)

    @property
    def exact(self) -> bool:
        return self.deals == 0

    def value(self, option: Option) -> float:
        """The option's value: exact, or its mean over every deal."""
        return option.total if self.exact else option.total / self.deals

    @property
    def best(self) -> Option:
        return self.options[0]

    @cached_property
    def kind(self) -> str:
        """What kind of move the answer is (`trainer.teach.lines.move_kind`)."""
        return move_kind(self.position, self.best.move)

    @cached_property
    def flag(self) -> bool:
        """The topic's own question about the answer (does it open the spinner, block,
        shed, score the most now, ...): the lessons mix yes and no."""
        return FLAGS[self.topic](self, self.best)

    def voids_map(self) -> Voids:
        return read_voids(self.voids)


@lru_cache(maxsize=4096)
def _parse(code: str) -> Position:
    return Position.from_code(code)


def read_voids(text: str) -> Voids:
    """`"1:5,6 3:2"` -> {1: {5, 6}, 3: {2}}."""
    voids: dict[int, frozenset[int]] = {}
    for part in text.split():
        seat, suits = part.split(":")
        voids[int(seat)] = frozenset(int(s) for s in suits.split(","))
    return voids


def write_voids(voids: Voids) -> str:
    return " ".join(f"{p}:{','.join(map(str, sorted(s)))}" for p, s in sorted(voids.items()) if s)


# ----- what a move does, for the topics -----
def reply_points(position: Position, move: Move) -> int:
    """The most the next player can score with his reply to `move` (0 if he cannot play
    or the hand is over); every hand must be known."""
    after = position.play(move)
    if after.is_over:
        return 0
    return max((after.points(reply) for reply in after.legal_moves()), default=0)


def line_goes_out(entry: Proven, option: Option) -> bool:
    """Whether the mover goes out along the solved line after the option."""
    if not option.line:
        return False
    end = replay(entry.position, option.line).ending
    return end.kind == "domino" and end.player == entry.position.turn


def _most_points(entry: Proven, option: Option) -> bool:
    return option.points == max(o.points for o in entry.options)


def _least_reply(entry: Proven, option: Option) -> bool:
    if entry.sampled:  # the replies are totals over the deals
        return option.reply == min(o.reply for o in entry.options)
    position = entry.position
    return reply_points(position, option.move) == min(reply_points(position, o.move) for o in entry.options)


FLAGS: dict[str, Callable[[Proven, Option], bool]] = {
    "setups": _most_points,
    "defence": _least_reply,
    "shedding": lambda e, o: sheds(e.position, o.move),
    "spinner": lambda e, o: opens_spinner(e.position, o.move),
    "blocking": lambda e, o: blocks(e.position, o.move),
    "going_out": line_goes_out,
    "partners": _most_points,
    "cincos": _most_points,
}


def _varies(entry: Proven, test: Callable[[Proven, Option], bool]) -> bool:
    return len({test(entry, o) for o in entry.options}) == 2


def relevant(entry: Proven) -> bool:
    """Whether the options differ in the way the topic is about."""
    if entry.topic in ("setups", "partners", "cincos"):
        return max(o.points for o in entry.options) > 0 and _varies(entry, _most_points)
    if entry.topic == "defence":
        if entry.sampled:  # means over the deals: some choice lets him score 5 at once on average,
            replies = [o.reply / entry.deals for o in entry.options]  # and they differ by 2 or more
            return max(replies) >= 5 and max(replies) - min(replies) >= 2 and _varies(entry, _least_reply)
        most = max(reply_points(entry.position, o.move) for o in entry.options)
        return most >= 10 and _varies(entry, _least_reply)
    return _varies(entry, FLAGS[entry.topic])


# ----- the topics: where their positions come from -----
@dataclass(frozen=True)
class Source:
    """Where a topic's positions come from: the rules, the players of the hands, the
    largest hand and boneyard a position may have (a boneyard is hidden), and whether
    the topic needs every tile known (its explanation follows the solved line)."""

    rules: RuleSet
    bots: tuple[str, ...]
    most: int
    bone: int
    exact: bool
    sampled: bool = False  # from the middle of a hand: judged over sampled deals (`trainer.teach.sampled`)


TWO = Source(STANDARD, ("greedy", "greedy"), 6, 3, False)
TWO_EXACT = Source(STANDARD, ("greedy", "greedy"), 6, 0, True)
MIDDLE = Source(STANDARD, ("greedy", "greedy"), 9, 14, False, sampled=True)  # the boneyard never empty
TOPICS: dict[str, Source] = {
    "setups": TWO, "defence": TWO_EXACT, "shedding": TWO, "blocking": TWO_EXACT,
    "spinner": MIDDLE,
    "going_out": TWO_EXACT,
    "partners": Source(PARTNERS, ("greedy", "greedy", "greedy", "greedy"), 3, 0, False),
    "cincos": Source(CINCOS, ("greedy", "greedy"), 6, 0, True),
}
PER_FLAG = 18  # entries of each topic whose answer does, and does not, do the topic's thing
SAMPLED: dict[str, int] = {"spinner": 12, "defence": 6, "setups": 6}  # topics with positions from the
# middle of a hand, and how many of them per flag


def worth_solving(topic: str, view: Position) -> bool:
    """A cheap first look, on what the mover sees: could the moves differ in the
    topic's way at all?"""
    moves = view.legal_moves()
    if len({m.tile for m in moves}) < 3 and len(moves) < 3:
        return False
    if topic in ("setups", "partners", "cincos"):
        return len({view.points(m) for m in moves}) > 1
    if topic == "spinner":
        return len({opens_spinner(view, m) for m in moves}) == 2
    if topic == "shedding":
        return len({sheds(view, m) for m in moves}) == 2
    return True


def played(source: Source, seed: int) -> Iterator[tuple[Position, Voids]]:
    """Each position of the seeded hand where the mover has a choice, with the suits
    the record shows each player lacks."""
    rng = random.Random(seed)
    start = deal(source.rules, len(source.bots), rng)
    bots = [make_player(name, rng.getrandbits(32)) for name in source.bots]
    position = start
    turns: list[Turn] = []
    drawn: list[Tile] = []
    while not position.is_over:
        if position.legal_moves():
            if len(position.legal_moves()) >= 3 and size(position.boneyard) <= source.bone:
                yield position, voids_from_turns(start, tuple(turns))
            move = bots[position.turn].choose(position)
            turns.append(Turn(position.turn, tuple(drawn), move))
            drawn = []
            position = position.play(move)
        elif position.must_draw:
            assert isinstance(position.boneyard, tuple)
            drawn.append(position.boneyard[0])
            position = position.draw()
        else:
            turns.append(Turn(position.turn, tuple(drawn), None))
            drawn = []
            position = position.pass_turn()


def seen_by_mover(position: Position) -> Position:
    """The position as its mover sees it: the others' hands and the boneyard hidden,
    unless every tile he cannot see is in one hand (two players, the boneyard empty)."""
    others = [p for p in range(position.players) if p != position.turn]
    if position.boneyard == () and len(others) == 1:
        return position
    hands = tuple(h if p == position.turn else Hidden(len(position.hand(p)))
                  for p, h in enumerate(position.hands))
    boneyard = Hidden(size(position.boneyard)) if size(position.boneyard) else ()  # nor the boneyard's order
    return Position(position.layout, hands, boneyard, position.turn, position.scores, position.rules)


def _twins_merged(solution: Solution) -> list[tuple[Move, int, int]]:
    """(move, points, value) best first, one of each pair of twins (the same tile,
    points and value: the same table up to a mirror)."""
    kept: list[tuple[Move, int, int]] = []
    for m in solution.moves:
        if not any(k[0].tile == m.move.tile and k[1] == m.points and k[2] == m.value for k in kept):
            kept.append((m.move, m.points, m.value))
    return kept


def offered(position: Position, values: Sequence[tuple[Move, int, float]], topic: str) -> list[Move]:
    """Up to MOST_CHOICES moves, best first: the best, the one that scores most now,
    one that differs from the best in the topic's way, then the next best."""
    moves = [m for m, _, _ in values]
    points = {m: p for m, p, _ in values}
    chosen = [moves[0]]

    def add(move: Optional[Move]) -> None:
        if move is not None and move not in chosen and len(chosen) < MOST_CHOICES:
            chosen.append(move)

    add(max(moves, key=lambda m: points[m]))
    test: Optional[Callable[[Move], bool]] = {
        "spinner": lambda m: opens_spinner(position, m),
        "blocking": lambda m: blocks(position, m),
        "shedding": lambda m: sheds(position, m),
    }.get(topic)
    if test is not None:
        add(next((m for m in moves if test(m) != test(moves[0])), None))
    for move in moves:
        add(move)
    return chosen


def reply_of(line: Line) -> int:
    """What the next player scores with his turn after the line's first move."""
    reply = line.reply()
    return 0 if reply is None else reply.points


def _option(move: Move, points: int, total: int, best_in: int, lines: list[Line], keep_line: bool) -> Option:
    return Option(move, points, total, best_in, lines[0].text() if keep_line else "",
                  sum(reply_of(line) for line in lines), sum(line.partner_points() for line in lines))


def judge(topic: str, position: Position, voids: Voids, seed: int) -> Optional[Proven]:
    """The position as a bank entry of `topic`, or None when it does not teach it."""
    view = seen_by_mover(position)
    if view.is_fully_known:
        solution = solve(position)
        values = _twins_merged(solution)
        if len(values) < 3:
            return None
        chosen = offered(position, [(m, p, float(v)) for m, p, v in values], topic)
        by_move = {m: (p, v) for m, p, v in values}
        options = tuple(_option(m, by_move[m][0], by_move[m][1], int(by_move[m][1] == solution.value),
                                [solved_line(position, m)], keep_line=True) for m in chosen)
        deals = 0
    else:
        if deal_count(view) > MOST_DEALS:
            return None
        totals: dict[Move, int] = {}
        best_in: dict[Move, int] = {}
        deals = 0
        for full in every_deal(view, voids):
            solution = solve(full)
            deals += 1
            for m in solution.moves:
                totals[m.move] = totals.get(m.move, 0) + m.value
                best_in[m.move] = best_in.get(m.move, 0) + int(m.value == solution.value)
        if not deals:
            return None
        ranked = sorted(totals, key=lambda mv: (-totals[mv], -view.points(mv), str(mv)))
        merged: list[Move] = []
        for move in ranked:
            if not any(k.tile == move.tile and totals[k] == totals[move] for k in merged):
                merged.append(move)
        if len(merged) < 3:
            return None
        chosen = offered(view, [(mv, view.points(mv), totals[mv] / deals) for mv in merged], topic)
        lines = {m: [solved_line(full, m) for full in every_deal(view, voids)] for m in chosen}
        options = tuple(_option(m, view.points(m), totals[m], best_in[m], lines[m], keep_line=False)
                        for m in chosen)
    options = tuple(sorted(options, key=lambda o: (-o.total, -o.points, str(o.move))))
    entry = Proven(topic, view.code(), options, deals, write_voids(voids) if deals else "", seed)
    gap = entry.value(options[0]) - entry.value(options[1])
    if gap < MARGIN or not relevant(entry):
        return None
    return entry


def candidates(topic: str, source: Source, seed: int) -> Iterator[tuple[Position, Voids, Position]]:
    """The positions of the seeded hand small enough for `source` whose moves could
    differ in the topic's way, with their voids and the mover's view."""
    for position, voids in played(source, seed):
        if size(position.boneyard) > source.bone or max(len(position.hand(p))
                                                       for p in range(position.players)) > source.most:
            continue
        view = seen_by_mover(position)
        if (source.exact and not view.is_fully_known) or not worth_solving(topic, view):
            continue
        yield position, voids, view


def search(topic: str, seeds: range, used: set[int], per_flag: int = PER_FLAG,
           source: Optional[Source] = None) -> list[Proven]:
    """Up to `per_flag` entries of `topic` whose answer does the topic's thing and as
    many whose answer does not, one from each hand of `seeds` not in `used`: its first
    position that teaches the topic (from `source`, else the topic's own)."""
    source = source or TOPICS[topic]
    found: list[Proven] = []
    for seed in seeds:
        if seed in used:
            continue
        for position, voids, view in candidates(topic, source, seed):
            if source.sampled:
                from trainer.teach.sampled import judge_sampled  # it builds on this module
                if not size(position.boneyard) or len(position.layout) < 2 or deal_count(view) <= MOST_DEALS:
                    continue  # not from the middle of a hand, or small enough to solve every deal
                entry = judge_sampled(topic, position, voids, seed)
            else:
                entry = judge(topic, position, voids, seed)
            if entry is not None and sum(e.flag == entry.flag for e in found) < per_flag:
                found.append(entry)
                used.add(seed)
                break
        if len(found) == 2 * per_flag:
            break
    return found


def problems(entry: Proven) -> list[str]:
    """What is wrong with an entry, searched again from scratch (empty: proven): each
    option's value (exact, or its total and best count over every deal), its solved line
    (played again, every move of it a best move where it is played), the margin of the
    best, and the topic's test."""
    if entry.sampled:
        from trainer.teach.sampled import sampled_problems  # it builds on this module
        return sampled_problems(entry)
    found: list[str] = []
    position = entry.position
    if entry.exact:
        solution = solve(position)
        values = {m.move: m.value for m in solution.moves}
        for option in entry.options:
            if values.get(option.move) != option.total:
                found.append(f"{option.move}: value {values.get(option.move)} is not {option.total}")
            try:
                line = replay(position, option.line)
            except NotationError as error:
                found.append(f"{option.move}: {error}")
                continue
            if line.value != option.total or line != solved_line(position, option.move):
                found.append(f"{option.move}: the line is not the solver's")
        if entry.best.total != solution.value:
            found.append(f"the best offered move is not the best ({solution.value})")
    else:
        totals: dict[Move, int] = {}
        best_in: dict[Move, int] = {}
        deals = 0
        for full in every_deal(position, entry.voids_map()):
            solution = solve(full)
            deals += 1
            for m in solution.moves:
                totals[m.move] = totals.get(m.move, 0) + m.value
                best_in[m.move] = best_in.get(m.move, 0) + int(m.value == solution.value)
        if deals != entry.deals:
            found.append(f"{deals} deals, not {entry.deals}")
        for option in entry.options:
            if (totals.get(option.move), best_in.get(option.move)) != (option.total, option.best_in):
                found.append(f"{option.move}: {totals.get(option.move)} in {best_in.get(option.move)} deals")
        if totals and max(totals.values()) != entry.best.total:
            found.append("the best offered move is not the best")
    if entry.value(entry.options[0]) < entry.value(entry.options[1]) + MARGIN:
        found.append("the best does not beat the second by the margin")
    if not relevant(entry):
        found.append("the moves do not differ in the topic's way")
    return found


def bank(topic: str) -> tuple[Proven, ...]:
    """The banked entries of `topic`."""
    return _bank()[topic]


@lru_cache(maxsize=1)
def _bank() -> dict[str, tuple[Proven, ...]]:
    grouped: dict[str, list[Proven]] = {topic: [] for topic in TOPICS}
    text = files("trainer.teach").joinpath(BANK).read_text(encoding="utf-8")
    for entry in read_bank(text, BANK):
        grouped[entry.topic].append(entry)
    return {topic: tuple(entries) for topic, entries in grouped.items()}


def write_bank(path: str, topics: Sequence[str] = (), seeds: range = range(60_000),
               middle: bool = False) -> None:
    """Search `topics` (all when none) and write the bank (JSON Lines), keeping the
    entries of the other topics that `path` holds; it is written again after each topic.
    With `middle`, only the positions from the middle of a hand (`SAMPLED`) are searched
    again, the topic's other entries kept."""
    kept: dict[str, list[Proven]] = {topic: [] for topic in TOPICS}
    try:
        with open(path, encoding="utf-8") as source:
            for entry in read_bank(source.read(), path):
                kept[entry.topic].append(entry)
    except OSError:
        pass
    wanted = [t for t in topics or TOPICS if not middle or t in SAMPLED]
    for topic in wanted:
        kept[topic] = [e for e in kept[topic] if middle and not e.sampled]
    used = {entry.seed for entries in kept.values() for entry in entries}
    for topic in wanted:
        if middle or TOPICS[topic].sampled:
            kept[topic] += search(topic, seeds, used, SAMPLED[topic], MIDDLE)
        else:
            kept[topic] = search(topic, seeds, used)
        print(topic, len(kept[topic]), file=sys.stderr)
        with open(path, "w", encoding="utf-8") as out:
            out.writelines(json.dumps(entry_json(entry), ensure_ascii=False) + "\n"
                           for topic in TOPICS for entry in kept[topic])


def entry_json(entry: Proven) -> dict[str, object]:
    """One entry as a line of the bank (`proven_bank.schema.json`)."""
    def option(o: Option) -> dict[str, object]:
        row: dict[str, object] = {"move": str(o.move), "points": o.points, "total": o.total,
                                  "best_in": o.best_in, "reply": o.reply, "partner": o.partner,
                                  "line": o.line}
        if entry.sampled:
            row.update(played=o.played, exact_margin=o.exact_margin, played_margin=o.played_margin)
        return row
    out: dict[str, object] = {"topic": entry.topic, "position": entry.code, "deals": entry.deals,
                              "voids": entry.voids, "seed": entry.seed,
                              "options": [option(o) for o in entry.options]}
    if entry.sampled:
        out.update(playouts=entry.playouts, sample=entry.sample, example=entry.example)
    return out


def read_bank(text: str, where: str) -> Iterator[Proven]:
    """The entries of a bank's text; raises ValueError naming the line that does not fit
    the schema's shape."""
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            yield entry_from_json(json.loads(line))
        except (ValueError, KeyError, TypeError) as error:
            raise ValueError(f"{where}, line {number}: {error}") from None


def entry_from_json(row: dict[str, object]) -> Proven:
    """An entry from a line of the bank.

    >>> e = entry_from_json({"topic": "setups", "position": "- 3-3/3-2 - 1 0,0", "deals": 0, "voids": "",
    ...     "seed": 1, "options": [{"move": "3-3", "points": 0, "total": 5, "best_in": 1, "reply": 0,
    ...     "partner": 0, "line": "3-3 0"}]})
    >>> e.topic, str(e.options[0].move), e.sampled
    ('setups', '3-3', False)
    """
    def whole(value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{value!r} is not a whole number")
        return value

    def text(value: object) -> str:
        if not isinstance(value, str):
            raise TypeError(f"{value!r} is not text")
        return value

    topic = text(row["topic"])
    if topic not in TOPICS:
        raise ValueError(f"unknown topic {topic!r}")
    options = row["options"]
    if not isinstance(options, list) or not options:
        raise TypeError("options must be a list of at least one move")
    made = tuple(Option(Move.parse(text(o["move"])), whole(o["points"]), whole(o["total"]),
                        whole(o["best_in"]), text(o["line"]), whole(o["reply"]), whole(o["partner"]),
                        whole(o.get("played", 0)),
                        float(o.get("exact_margin", 0.0)), float(o.get("played_margin", 0.0)))
                 for o in options)
    return Proven(topic, text(row["position"]), made, whole(row["deals"]), text(row["voids"]),
                  whole(row["seed"]), whole(row.get("playouts", 0)), whole(row.get("sample", 0)),
                  text(row.get("example", "")))


if __name__ == "__main__":  # pragma: no cover - `python -m trainer.teach.proven [PATH] [--middle] [TOPIC]...`
    arguments = sys.argv[1:]
    middle = "--middle" in arguments
    arguments = [a for a in arguments if a != "--middle"]
    write_bank(arguments[0] if arguments else f"trainer/teach/{BANK}", arguments[1:], middle=middle)
