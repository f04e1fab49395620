"""The two yardsticks for decisions over hidden tiles, side by side, and the expert's
strength, from one run.

    python benchmarks/yardsticks.py [--decisions 150] [--deals 100] [--playouts 2000]
                                    [--games 100] [--budget 0.5] [--yardstick exact]
                                    [--part policy,agreement,greedy,today] [--minutes 0]

policy:    the play-out policy (guarded) against greedy, and greedy against random, in
           mirrored hands of 2-player standard, partners and cincos: the mean margin a
           hand with its 95% interval.
agreement: decisions from real play (2-player standard hands between quick experts:
           every first lead, one other decision in four with a choice), each judged by
           both yardsticks: `--deals` deals of the tiles the mover cannot see solved
           exactly (every move exact), and `--playouts` deals played out on each
           player's own information. By stage of the hand: how often they name the same
           best move (twins merged); where they name different ones (each puts its own
           ahead), which of them is sure of it beyond its 95% margin: the exact deals
           only, the play-outs only, neither, or both (they contradict); and, of the
           pairs of moves both tell apart beyond their margins, the share told apart
           alike. A deal that takes over 3 s to solve is
           left out for every move.
greedy:    the expert (told the target) against greedy, games to 250, each deal played
           twice with the seats swapped: games won with a 95% (Wilson) interval and the
           mean margin a game with its 95% interval.
today:     the expert against today's expert (the expert as it was before the uniform
           dealer: the same exact solver, deals filled greedily, hand by hand), the
           same way.
screen:    each yardstick of the expert (exact, played, both) against `exact`, in
           mirrored hands (not games): the mean margin a hand (a quick look, not a part
           of the default run).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Optional

from trainer.engine.game import Match, deal
from trainer.engine.moves import Move
from trainer.engine.position import Hidden, Position
from trainer.engine.rules import CINCOS, PARTNERS, STANDARD
from trainer.engine.tiles import ALL_TILES
from trainer.engine.twins import twin_key
from trainer.engine.voids import Voids
from trainer.play.players import ExpertPlayer, GreedyPlayer, mover_view
from trainer.search.dealing import Dealer
from trainer.search.evidence import Evidence
from trainer.search.fastplay import policy_playouts
from trainer.search.finish import winning_moves
from trainer.search.played_out import played_out
from trainer.search.sampling import solve_deals
from trainer.search.solver import SearchLimitError, Solution, solve
from trainer.search.yardsticks import compare

sys.path.insert(0, str(Path(__file__).resolve().parent))
from strength import TARGET, mirrored, report  # noqa: E402

DEAL_LIMIT = 3.0  # seconds: a deal that takes longer to solve is left out for every move
COLUMNS = ("same", "exact_only", "played_only", "neither", "contradicted")
STAGES = (("first lead", 0, 0), ("1 to 4 tiles on the table", 1, 4), ("5 to 8", 5, 8),
          ("9 to 14", 9, 14), ("15 or more", 15, 28))


# ----- today's expert, as it was -----

def greedy_fill(position: Position, rng: random.Random, voids: Voids) -> Position:
    """The dealer as it was: the unseen tiles shuffled, the hands with voids filled
    first from the front of the pool, the rest left in pool order as the boneyard (the
    void suits pile up at the top of it; tests/test_dealing.py holds the same)."""
    seen = set(position.layout.tiles())
    for hand in position.hands:
        if not isinstance(hand, Hidden):
            seen.update(hand)
    pool = [t for t in ALL_TILES if t not in seen]
    sizes = {p: h.count for p, h in enumerate(position.hands) if isinstance(h, Hidden)}
    for _ in range(2000):
        rng.shuffle(pool)
        left = list(pool)
        hands = list(position.hands)
        for p in sorted(sizes, key=lambda q: -len(voids.get(q, ()))):
            lacks = voids.get(p, frozenset())
            chosen = [t for t in left if t.high not in lacks and t.low not in lacks][:sizes[p]]
            if len(chosen) < sizes[p]:
                break
            for tile in chosen:
                left.remove(tile)
            hands[p] = tuple(sorted(chosen, reverse=True))
        else:
            return Position(position.layout, tuple(hands), tuple(left), position.turn, position.scores,
                            position.rules)
    raise ValueError("no deal fits")


class TodaysExpert:
    """The expert before the uniform dealer: deals filled greedily, each solved exactly
    on every core within the budget, the best mean played; greedy when no deal is solved."""

    name = "expert (today's)"

    def __init__(self, seed: int = 0, budget: float = 0.5, target: Optional[int] = None) -> None:
        self.rng = random.Random(seed)
        self.budget = budget
        self.target = target
        self.fallback = GreedyPlayer(seed)

    def choose(self, position: Position, voids: Optional[Voids] = None) -> Move:
        moves = position.legal_moves()
        if len(moves) == 1:
            return moves[0]
        winning = winning_moves(position, self.target)
        if winning:
            return winning[0]
        view = mover_view(position)
        others = {p: v for p, v in (voids or {}).items() if p != position.turn}
        deals = (greedy_fill(view, self.rng, others) for _ in range(400))
        totals: dict[Move, float] = {}
        samples = 0
        for solution in solve_deals(deals, time.perf_counter() + self.budget, ordered=False):
            samples += 1
            for m in solution.moves:
                totals[m.move] = totals.get(m.move, 0.0) + m.value
        if not samples:
            return self.fallback.choose(position)
        top = max(totals.values())
        return sorted((m for m, v in totals.items() if v == top), key=str)[0]


# ----- the play-out policy -----

def policy_part(hands: int, seed: int) -> None:
    print(f"the play-out policy, mirrored hands ({hands} deals, each played with the seats swapped):")
    print(f"  {'rules':22}{'guarded - greedy':>26}{'greedy - random':>26}")
    for rules, players in ((STANDARD, 2), (PARTNERS, 4), (CINCOS, 2)):
        rng = random.Random(seed)
        rows: dict[str, list[float]] = {"greedy": [], "random": []}
        for _ in range(hands):
            position = deal(rules, players, rng)
            masks = tuple(sum(1 << t.ordinal for t in position.hand(p)) for p in range(players))
            bone = tuple(t.ordinal for t in position.known_boneyard())
            stream = rng.getrandbits(64)
            for weak, strong in (("greedy", "guarded"), ("random", "greedy")):
                total = 0
                for even, odd in ((strong, weak), (weak, strong)):
                    seats = tuple(even if p % 2 == 0 else odd for p in range(players))
                    ((margin,),) = policy_playouts(position, [(masks, bone)], (), seats, {}, stream)
                    total += margin if (position.turn % 2 == 0) == (even == strong) else -margin
                rows[weak].append(total / 2)
        name = f"{rules.name} ({players} players)"
        print(f"  {name:22}{interval(rows['greedy']):>26}{interval(rows['random']):>26}")


def interval(xs: list[float]) -> str:
    if len(xs) < 2:
        return "-"
    mean, half = statistics.fmean(xs), 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
    return f"{mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}]"


# ----- agreement -----

def decisions(count: int, seed: int) -> Iterator[tuple[Position, Voids, bool]]:
    """Decisions from 2-player standard hands between quick experts: (the mover's view,
    the voids known then, whether anyone has drawn yet this hand)."""
    rng = random.Random(seed)
    found = 0
    game = seed
    while found < count:
        game += 1
        match = Match(STANDARD, 2, seed=game, target=100_000)
        quick = ExpertPlayer(game, 0.05)
        while not match.results and found < count:
            position = match.position
            first = position.layout.is_empty
            if len(position.legal_moves()) > 1 and (first or rng.random() < 0.25):
                drawn = any(turn.draws for turn in match.hands[-1])
                found += 1
                yield mover_view(position), match.voids(), drawn
            match.play(quick.choose(position, match.voids()))


def stage_of(view: Position) -> str:
    tiles = sum(1 for _ in view.layout.tiles())
    return next(name for name, low, high in STAGES if low <= tiles <= high)


def exact_evidence(view: Position, voids: Voids, deals: int, seed: int,
                   pool: ThreadPoolExecutor) -> Evidence:
    """Every move on `deals` deals solved exactly (paired); a deal that takes over
    DEAL_LIMIT seconds is left out for every move."""
    dealer = Dealer(view, voids)
    rng = random.Random(seed)
    dealt = [dealer.deal(rng) for _ in range(deals)]

    def one(deal: Position) -> Optional[Solution]:
        try:
            return solve(deal, time_limit=DEAL_LIMIT)
        except SearchLimitError:
            return None

    solved = [s for s in pool.map(one, dealt) if s is not None]
    moves = tuple(sorted(view.legal_moves(), key=str))
    found = [{m.move: m for m in s.moves} for s in solved]
    values = tuple(tuple(f[m].value for f in found) for m in moves)
    return Evidence(moves, tuple(view.points(m) for m in moves), values)


def judge_both(view: Position, voids: Voids, deals: int, playouts: int, seed: int,
               pool: ThreadPoolExecutor) -> dict[str, float]:
    played = played_out(view, playouts, seed, voids)
    exact = exact_evidence(view, voids, deals, seed, pool)
    a, b = exact.best(), played.best()
    same = twin_key(view, a) == twin_key(view, b)
    row = {k: 0.0 for k in COLUMNS}
    row["same"] = float(same)
    if not same:  # a leads b by the exact deals, b leads a by the play-outs: who is sure?
        found = compare(exact, played, a, b)
        sure_exact, sure_played = found.exact.low > 0, found.played.high < 0
        key = ("contradicted" if sure_exact and sure_played else "exact_only" if sure_exact
               else "played_only" if sure_played else "neither")
        row[key] = 1.0
    alike, told = pairs_told_apart(view, exact, played)
    row["told"], row["alike"] = told, alike
    return row


def pairs_told_apart(view: Position, exact: Evidence, played: Evidence) -> tuple[float, float]:
    """Of the pairs of distinct choices (twins merged) both yardsticks tell apart beyond
    their margins, how many they tell apart alike; and how many there are."""
    firsts = {}
    for m in exact.moves:
        firsts.setdefault(twin_key(view, m), m)
    moves = list(firsts.values())
    told = alike = 0
    for i, a in enumerate(moves):
        for b in moves[i + 1:]:
            x, y = exact.difference(a, b), played.difference(a, b)
            if (x.low > 0 or x.high < 0) and (y.low > 0 or y.high < 0):
                told += 1
                alike += (x.mean > 0) == (y.mean > 0)
    return float(alike), float(told)


def agreement_part(count: int, deals: int, playouts: int, seed: int) -> None:
    start = time.perf_counter()
    rows: list[tuple[str, bool, dict[str, float]]] = []
    with ThreadPoolExecutor(max_workers=2) as pool:
        for n, (view, voids, drawn) in enumerate(decisions(count, seed), 1):
            rows.append((stage_of(view), drawn, judge_both(view, voids, deals, playouts, seed + n, pool)))
            if n % 10 == 0:
                print(f"  {n} decisions judged, {time.perf_counter() - start:.0f} s", flush=True)
    print(f"agreement of the yardsticks: {len(rows)} decisions from real play, {deals} deals solved exactly "
          f"and {playouts} played out each, {time.perf_counter() - start:.0f} s")
    print(f"  {'':35}{'':>11}{'different best moves, sure beyond the margin:':>48}")
    print(f"  {'stage':30}{'n':>5}{'same best':>11}{'exact only':>12}{'played only':>13}{'neither':>9}"
          f"{'both (contradict)':>19}{'pairs alike':>16}")
    groups = [(name, lambda s, d, name=name: s == name) for name, _, _ in STAGES]
    groups += [("after a draw, 1 to 8 on the table",
                lambda s, d: d and s in ("1 to 4 tiles on the table", "5 to 8")),
               ("all", lambda s, d: True)]
    for name, keep in groups:
        chosen = [r for s, d, r in rows if keep(s, d)]
        if not chosen:
            continue
        share = {k: sum(r[k] for r in chosen) / len(chosen) for k in COLUMNS}
        told = sum(r["told"] for r in chosen)
        alike = f"{sum(r['alike'] for r in chosen) / told:.0%} of {told:.0f}" if told else "-"
        print(f"  {name:30}{len(chosen):>5}{share['same']:>11.0%}{share['exact_only']:>12.0%}"
              f"{share['played_only']:>13.0%}{share['neither']:>9.0%}{share['contradicted']:>19.0%}"
              f"{alike:>16}")


# ----- strength -----

def screen_part(hands: int, budget: float, minutes: float) -> None:
    for yardstick in ("played", "both"):
        start = time.perf_counter()
        margins = mirrored(40_000, hands // 2,
                           (lambda s, y=yardstick: ExpertPlayer(s, budget, yardstick=y),
                            lambda s: ExpertPlayer(s + 7, budget, yardstick="exact")),
                           minutes, f"hands, {yardstick} against exact", 100_000, one_hand=True)
        report(f"hands, the expert by {yardstick} against the expert by exact", margins, budget,
               time.perf_counter() - start, "hands")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--decisions", type=int, default=150)
    parser.add_argument("--deals", type=int, default=100, help="deals solved exactly a decision")
    parser.add_argument("--playouts", type=int, default=2000, help="deals played out a decision")
    parser.add_argument("--policy-hands", type=int, default=20_000)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--hands", type=int, default=200, help="screen: hands per yardstick")
    parser.add_argument("--budget", type=float, default=0.5, help="seconds a move for each expert")
    parser.add_argument("--yardstick", default="exact", help="the expert's (trainer.play.players.YARDSTICKS)")
    parser.add_argument("--part", default="policy,agreement,greedy,today")
    parser.add_argument("--minutes", type=float, default=0.0, help="stop a strength part after this long")
    parser.add_argument("--seed", type=int, default=60_000)
    args = parser.parse_args()
    parts = set(args.part.split(","))
    budget, yardstick = args.budget, args.yardstick
    if "policy" in parts:
        policy_part(args.policy_hands, args.seed)
    if "agreement" in parts:
        agreement_part(args.decisions, args.deals, args.playouts, args.seed)
    if "screen" in parts:
        screen_part(args.hands, budget, args.minutes)
    if "greedy" in parts:
        start = time.perf_counter()
        margins = mirrored(20_000, args.games // 2,
                           (lambda s: ExpertPlayer(s, budget, TARGET, yardstick), GreedyPlayer),
                           args.minutes, "games, expert against greedy")
        report(f"games to 250, the expert ({yardstick}) against greedy", margins, budget,
               time.perf_counter() - start, "games")
    if "today" in parts:
        start = time.perf_counter()
        margins = mirrored(30_000, args.games // 2,
                           (lambda s: ExpertPlayer(s, budget, TARGET, yardstick),
                            lambda s: TodaysExpert(s + 7, budget, TARGET)),
                           args.minutes, "games, expert against today's expert")
        report(f"games to 250, the expert ({yardstick}) against today's expert", margins, budget,
               time.perf_counter() - start, "games")


if __name__ == "__main__":
    main()
