"""A strength ladder: duplicate matches between the computer players, rated together.

    python benchmarks/ladder.py [--games standard,three,partners,cincos] [--boards 10]
                                [--budget 0.25] [--players random,greedy,...]
                                [--pairs expert:reading,...] [--out FILE] [--minutes 0]
                                [--report]

Every pairing of the players meets over `--boards` boards (one seed each) in each kind
of game, each match played to the rules' usual target with the seats rotated, so that
both players hold every seat of the same deals:

- standard: 2 players, A in seat 0 then in seat 1 (2 matches a board);
- three: 3 players of standard, A in one seat and B in two, then B in one and A in two,
  each rotated through the seats (6 matches a board);
- partners: A's partnership then B's in seats 0 and 2 (2 matches a board);
- cincos: 2 players (2 matches a board).

A board's result for A is the share of its matches won by one of A's seats (even
players score 0.5 in every kind of game) and the mean margin of A's seats' scores over
B's, in points, per match. Every board is written to `--out` (JSON Lines) as it ends, and
a run started again with the same file goes on where it stopped; `--report` only prints.

Ratings are a Bradley-Terry fit over every board's shares, half a win and half a loss
added to each pairing so that a rung that wins everything still gets a finite rating,
on an Elo scale (400 log10 of the strength) with random at 0; their 95% intervals come
from refitting on boards drawn again with replacement within each pairing (BOOTSTRAP
times). The players: random, greedy and guarded (`trainer.play.players`), the expert
(exact solving of uniform deals), the expert reading the hand (deals weighed by the
others' plays under the club model, `trainer.play.inferred`) and the expert on
play-outs (the rest of the hand played out on each deal, every player choosing on his
own information), the three experts at `--budget` seconds a move.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from trainer.engine.game import Match
from trainer.engine.rules import RuleSet, preset
from trainer.play.hand_history import hand_so_far
from trainer.play.players import ExpertPlayer, GreedyPlayer, GuardedPlayer, Player, RandomPlayer

GAMES = {"standard": ("standard", 2), "three": ("standard", 3), "partners": ("partners", 4),
         "cincos": ("cincos", 2)}
RUNGS = ("random", "greedy", "guarded", "expert", "reading", "playouts")
BOOTSTRAP = 200


def make(name: str, seed: int, target: int, budget: float) -> Player:
    """A rung's player, told the target and its time a move."""
    if name == "random":
        return RandomPlayer(seed)
    if name == "greedy":
        return GreedyPlayer(seed)
    if name == "guarded":
        return GuardedPlayer(seed)
    if name == "expert":
        return ExpertPlayer(seed, budget, target)
    if name == "reading":
        return ExpertPlayer(seed, budget, target, model="club")
    if name == "playouts":
        return ExpertPlayer(seed, budget, target, yardstick="played")
    raise SystemExit(f"unknown player {name!r}: choose from {', '.join(RUNGS)}")


def seatings(game: str) -> Iterator[tuple[bool, ...]]:
    """For each match of a board, which seats A holds."""
    players = GAMES[game][1]
    if game == "partners":
        yield (True, False, True, False)
        yield (False, True, False, True)
    elif players == 2:
        yield (True, False)
        yield (False, True)
    else:
        for lone in (True, False):
            for seat in range(players):
                yield tuple((p == seat) == lone for p in range(players))


def match(game: str, seed: int, a: str, b: str, a_seats: tuple[bool, ...],
          budget: float) -> tuple[int, float]:
    """One match of the board `seed`: (1 if one of A's seats won else 0, A's margin)."""
    rules_name, players = GAMES[game]
    rules: RuleSet = preset(rules_name)
    m = Match(rules, players, seed=seed)
    seats = [make(a if mine else b, seed * 7 + p, m.target, budget) for p, mine in enumerate(a_seats)]
    while not m.over:
        seat = seats[m.position.turn]
        so_far = hand_so_far(m) if isinstance(seat, ExpertPlayer) and seat.model is not None else None
        m.play(seat.choose(m.position, m.voids(), so_far))
    sides = [rules.side_of(p) for p in range(players)]
    mine = {s for s, here in zip(sides, a_seats) if here}
    theirs = {s for s, here in zip(sides, a_seats) if not here}
    margin = (statistics.fmean(m.scores[s] for s in mine) - statistics.fmean(m.scores[s] for s in theirs))
    return int(m.winner in mine), margin


@dataclass(frozen=True)
class Board:
    game: str
    a: str
    b: str
    seed: int
    share: float
    margin: float
    matches: int

    def flipped(self) -> Board:
        return Board(self.game, self.b, self.a, self.seed, 1 - self.share, -self.margin, self.matches)


def play_board(game: str, a: str, b: str, seed: int, budget: float) -> Board:
    results = [match(game, seed, a, b, seats, budget) for seats in seatings(game)]
    return Board(game, a, b, seed, statistics.fmean(r[0] for r in results),
                 statistics.fmean(r[1] for r in results), len(results))


def bradley_terry(boards: list[Board], names: list[str]) -> dict[str, float]:
    """Elo-scale ratings (random, or the first name, at 0) from the boards' shares."""
    wins = {n: 0.0 for n in names}
    meetings: dict[tuple[str, str], float] = {}
    for a, b in itertools.combinations(names, 2):
        if any({x.a, x.b} == {a, b} for x in boards):
            meetings[(a, b)] = 1.0  # the prior: half a win each way
            wins[a] += 0.5
            wins[b] += 0.5
    for x in boards:
        wins[x.a] += x.share
        wins[x.b] += 1 - x.share
        key = (x.a, x.b) if (x.a, x.b) in meetings else (x.b, x.a)
        meetings[key] += 1
    gamma = {n: 1.0 for n in names}
    for _ in range(2000):
        new = {}
        for n in names:
            denominator = sum(count / (gamma[a] + gamma[b])
                              for (a, b), count in meetings.items() if n in (a, b))
            new[n] = wins[n] / denominator if denominator else gamma[n]
        scale = math.exp(statistics.fmean(math.log(max(v, 1e-300)) for v in new.values()))
        new = {n: v / scale for n, v in new.items()}
        done = max(abs(math.log(new[n] / gamma[n])) for n in names) < 1e-10
        gamma = new
        if done:
            break
    anchor = names[0]
    return {n: 400 * math.log10(gamma[n] / gamma[anchor]) for n in names}


def intervals(boards: list[Board], names: list[str], seed: int = 1) -> dict[str, tuple[float, float]]:
    """95% bootstrap intervals of the ratings, boards drawn again within each pairing."""
    rng = random.Random(seed)
    by_pair: dict[tuple[str, str], list[Board]] = {}
    for x in boards:
        by_pair.setdefault((x.a, x.b), []).append(x)
    draws: dict[str, list[float]] = {n: [] for n in names}
    for _ in range(BOOTSTRAP):
        again = [rng.choice(group) for group in by_pair.values() for _ in group]
        for n, r in bradley_terry(again, names).items():
            draws[n].append(r)
    out = {}
    for n, values in draws.items():
        values.sort()
        out[n] = (values[int(0.025 * (len(values) - 1))], values[int(0.975 * (len(values) - 1))])
    return out


def report(boards: list[Board], names: list[str], out: Callable[[str], None] = print) -> None:
    """Every pairing's boards, share and margin with their 95% intervals, then the ratings,
    for each kind of game in `boards`."""
    for game in GAMES:
        mine = [x for x in boards if x.game == game]
        if not mine:
            continue
        rules_name, players = GAMES[game]
        out(f"\n{game} ({rules_name}, {players} players)")
        out(f"{'pairing':<24}{'boards':>7}{'matches':>8}{'A share':>10}{'95% interval':>18}"
            f"{'A margin':>10}{'95% interval':>18}")
        for a, b in itertools.combinations(names, 2):
            pair = [x if x.a == a else x.flipped() for x in mine if {x.a, x.b} == {a, b}]
            if not pair:
                continue
            shares = [x.share for x in pair]
            margins = [x.margin for x in pair]
            s_mean, s_half = _mean_half(shares)
            m_mean, m_half = _mean_half(margins)
            out(f"{a + ' v ' + b:<24}{len(pair):>7}{sum(x.matches for x in pair):>8}{s_mean:>10.2f}"
                f"{f'[{s_mean - s_half:.2f}, {s_mean + s_half:.2f}]':>18}{m_mean:>+10.1f}"
                f"{f'[{m_mean - m_half:+.1f}, {m_mean + m_half:+.1f}]':>18}")
        present = [n for n in names if any(n in (x.a, x.b) for x in mine)]
        ratings = bradley_terry(mine, present)
        spans = intervals(mine, present)
        out(f"{'player':<12}{'rating':>8}{'95% interval':>20}")
        for n in sorted(present, key=ratings.__getitem__, reverse=True):
            low, high = spans[n]
            out(f"{n:<12}{ratings[n]:>8.0f}{f'[{low:.0f}, {high:.0f}]':>20}")


def _mean_half(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return mean, half


def load(path: Optional[Path]) -> list[Board]:
    if path is None or not path.exists():
        return []
    return [Board(**json.loads(line)) for line in path.read_text().splitlines() if line.strip()]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--boards", type=int, default=10)
    parser.add_argument("--budget", type=float, default=0.25, help="the experts' seconds a move")
    parser.add_argument("--players", default=",".join(RUNGS))
    parser.add_argument("--pairs", default="", help="only these pairings, as a:b,c:d")
    parser.add_argument("--first", type=int, default=1000, help="the first board's seed")
    parser.add_argument("--out", type=Path, default=None, help="JSON Lines of the boards (resumed)")
    parser.add_argument("--minutes", type=float, default=0.0, help="stop starting boards after this long")
    parser.add_argument("--report", action="store_true", help="print the ladder from --out and stop")
    args = parser.parse_args()
    names = [n for n in args.players.split(",") if n]
    for n in names:
        make(n, 0, 100, args.budget)  # an unknown name stops here
    games = [g for g in args.games.split(",") if g]
    for g in games:
        if g not in GAMES:
            raise SystemExit(f"unknown game {g!r}: choose from {', '.join(GAMES)}")
    boards = load(args.out)
    if not args.report:
        pairs = ([tuple(p.split(":")) for p in args.pairs.split(",") if p]
                 or list(itertools.combinations(names, 2)))
        start = time.perf_counter()
        stopped = False
        for game in games:
            for a, b in pairs:
                done = {x.seed for x in boards if x.game == game and {x.a, x.b} == {a, b}}
                for seed in range(args.first, args.first + args.boards):
                    if seed in done:
                        continue
                    if args.minutes and time.perf_counter() - start > args.minutes * 60:
                        stopped = True
                        break
                    board = play_board(game, a, b, seed, args.budget)
                    boards.append(board)
                    if args.out is not None:
                        with args.out.open("a") as f:
                            f.write(json.dumps(board.__dict__) + "\n")
                    print(f"  {game} {a} v {b} board {seed}: share {board.share:.2f}, "
                          f"margin {board.margin:+.1f} ({time.perf_counter() - start:.0f} s)", flush=True)
        if stopped:
            print(f"stopped after {args.minutes} minutes", file=sys.stderr)
    print(f"\nladder: experts at {args.budget} s a move")
    report(boards, [n for n in RUNGS if n in names] + [n for n in names if n not in RUNGS])


if __name__ == "__main__":
    main()
