"""The command line of notation.md: count, moves, simulate.

Every command prints one JSON object with `--json`; a bad argument prints a one-line
error on stderr and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, NoReturn, Optional

from trainer.errors import TrainerError
from trainer.game import Match
from trainer.layout import Layout
from trainer.players import PLAYERS, make_player
from trainer.position import Position
from trainer.rules import PRESETS, preset


class UsageError(Exception):
    """A bad argument: printed as one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


def cmd_count(args: argparse.Namespace) -> dict[str, Any]:
    layout = Layout.parse(args.layout)
    return {"layout": str(layout), "count": layout.count(), "points": layout.points()}


def show_count(result: dict[str, Any]) -> str:
    parts = Layout.parse(result["layout"]).count_parts()
    terms = " + ".join(f"{value} ({name})" for name, value in parts) or "0"
    return f"{result['layout']}: count {terms} = {result['count']}, scores {result['points']}"


def cmd_moves(args: argparse.Namespace) -> dict[str, Any]:
    position = Position.from_code(args.position)
    moves: list[dict[str, Any]] = []
    for move in position.legal_moves():
        layout = position.layout.place(move.tile, move.side)
        moves.append({"move": str(move), "points": layout.points(), "layout": str(layout)})
    moves.sort(key=lambda m: (-m["points"], m["move"]))
    return {"position": position.code(), "count": position.layout.count(), "moves": moves}


def show_moves(result: dict[str, Any]) -> str:
    lines = [f"{result['position']}  (count {result['count']})"]
    if not result["moves"]:
        lines.append("no legal move: the mover draws or passes")
    lines += [f"{m['move']:>8}  {m['points']:>3}  {m['layout']}" for m in result["moves"]]
    return "\n".join(lines)


def cmd_simulate(args: argparse.Namespace) -> dict[str, Any]:
    rules = preset(args.rules)
    if args.hand_sizes:
        rules = rules.with_hand_sizes(args.hand_sizes)
    match = Match(rules, args.players, args.seed, args.target)
    names = args.bots.split(",") if args.bots else ["greedy"] * args.players
    if len(names) == 1:
        names *= args.players
    if len(names) != args.players:
        raise UsageError(f"--bots: {len(names)} names for {args.players} players")
    bots = [make_player(name, args.seed * 10 + seat) for seat, name in enumerate(names)]
    limit = 10_000
    while not match.over and limit:
        limit -= 1
        match.play(bots[match.position.turn].choose(match.position))
    return {"rules": rules.name, "players": args.players, "seed": args.seed,
            "target": match.target, "bots": names, "hands": len(match.hands),
            "scores": list(match.scores), "winner": match.winner,
            "record": match.record().text()}


def show_simulate(result: dict[str, Any]) -> str:
    side = "side" if result["rules"] == "partners" else "player"
    return (str(result["record"]) + f"# final scores {','.join(map(str, result['scores']))}; "
            f"{side} {result['winner']} wins after {result['hands']} hands\n")


def build_parser() -> Parser:
    parser = Parser(prog="python -m trainer", description="All Fives: counts, moves, simulated matches.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    count = sub.add_parser("count", help="the count of a layout and what it scores")
    count.add_argument("layout", help="a layout, e.g. 5-5:5-2:::")
    moves = sub.add_parser("moves", help="the mover's legal moves with their points")
    moves.add_argument("position", help="a position code, quoted")
    sim = sub.add_parser("simulate", help="play a whole match between computer players")
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    sim.add_argument("--rules", default="standard", choices=tuple(PRESETS))
    sim.add_argument("--target", type=int, default=None)
    sim.add_argument("--hand-sizes", default=None, help="9-7-5, 5, 7-5 or 7")
    sim.add_argument("--bots", default=None,
                     help=f"comma list, one per player or one for all: {', '.join(PLAYERS)}")
    for p in (count, moves, sim):
        p.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


COMMANDS = {"count": (cmd_count, show_count), "moves": (cmd_moves, show_moves),
            "simulate": (cmd_simulate, show_simulate)}


def main(argv: Optional[Sequence[str]] = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        run, show = COMMANDS[args.command]
        result = run(args)
    except (UsageError, TrainerError) as error:
        print(f"error: {error}".replace("\n", " "), file=sys.stderr)
        return 2
    print(json.dumps(result) if args.json else show(result))
    return 0
