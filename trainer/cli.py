"""The command line of notation.md: count, moves, solve, read, simulate, review, puzzles, daily,
`app`, which starts the Streamlit app, and `admin`, which manages club mode's accounts
(the first teacher, operators, a forgotten password). Installed as `allfives`;
`python -m trainer` too.

Every command prints one JSON object with `--json`; a bad argument prints a one-line
error on stderr and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import date
from typing import Any, NoReturn, Optional

from trainer.engine.game import Match
from trainer.engine.layout import Layout
from trainer.engine.numbers import SCORE_LIMIT, SEED_LIMIT, whole
from trainer.engine.position import Position
from trainer.engine.record import Record
from trainer.engine.rules import PRESETS, preset
from trainer.engine.seatview import SeatRecord
from trainer.engine.voids import voids_from_turns
from trainer.errors import NotationError, TrainerError
from trainer.launcher import run_app
from trainer.play.hand_history import history_from_turns
from trainer.play.models import MODELS
from trainer.play.players import PLAYERS, make_player
from trainer.play.reading import DEALS, MAX_DEALS, read, rounded
from trainer.play.seat_review import decision, review_seat
from trainer.puzzles.bank import bank_path, shipped
from trainer.puzzles.composition import composition, table
from trainer.puzzles.daily import daily, parse_date
from trainer.puzzles.farm import ANSWER_KINDS, Report, default_plan, generate, quotas
from trainer.puzzles.kinds import KINDS, MOVE_KINDS, Kind, Puzzle, PuzzleError, load_bank, summary, verify
from trainer.puzzles.rating import BAND_NAMES, rating
from trainer.puzzles.reading import read_puzzles
from trainer.search.sampling import MAX_SAMPLES, estimate
from trainer.search.solver import solve
from trainer.store import ROLES, Store
from trainer.store.accounts import first_password

COUNT_CAP = 10_000  # puzzles one `puzzles generate` makes
FILE_CAP = 50_000_000  # bytes of a record or bank file
BUDGET_CAP = 60.0  # seconds a decision, at most, for `review`


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
    bots = [make_player(name, args.seed * 10 + seat, match.target) for seat, name in enumerate(names)]
    limit = 10_000
    while not match.over and limit:
        limit -= 1
        match.play(bots[match.position.turn].choose(match.position, match.voids()))
    return {"rules": rules.name, "players": args.players, "seed": args.seed,
            "target": match.target, "bots": names, "hands": len(match.hands),
            "scores": list(match.scores), "winner": match.winner,
            "record": match.record().text()}


def show_simulate(result: dict[str, Any]) -> str:
    side = "side" if result["rules"] == "partners" else "player"
    return (str(result["record"]) + f"# final scores {','.join(map(str, result['scores']))}; "
            f"{side} {result['winner']} wins after {result['hands']} hands\n")


def cmd_solve(args: argparse.Namespace) -> dict[str, Any]:
    position = Position.from_code(args.position)
    if args.samples is None:
        if args.seed is not None or args.record is not None:
            raise UsageError("--seed and --record go with --samples")
        solution = solve(position)
        return {"position": position.code(), "exact": True, "value": solution.value,
                "best": [str(m) for m in solution.best],
                "moves": [{"move": str(m.move), "points": m.points, "value": m.value}
                          for m in solution.moves]}
    voids = None
    if args.record is not None:
        text = read_text_file(args.record, "--record ")
        match = Match.replay(Record.parse(text))
        voids = voids_from_turns(match.starts[-1], tuple(match.hands[-1]))
    result = estimate(position, args.samples, args.seed or 0, voids)
    return {"position": position.code(), "exact": False, "samples": result.samples,
            "seed": result.seed, "value": round(result.value, 3),
            "best": [str(m) for m in result.best],
            "moves": [{"move": str(m.move), "points": m.points, "value": round(m.value, 3),
                       "spread": round(m.spread, 3)} for m in result.moves]}


def show_solve(result: dict[str, Any]) -> str:
    kind = "exact" if result["exact"] else f"estimate over {result['samples']} deals"
    lines = [f"{result['position']}", f"value {result['value']} ({kind}); best: "
             + (", ".join(result["best"]) or "forced draw or pass")]
    for m in result["moves"]:
        spread = f"  ±{m['spread']}" if "spread" in m else ""
        lines.append(f"{m['move']:>8}  points {m['points']:>3}  value {m['value']:>7}{spread}")
    return "\n".join(lines)


VOIDS_CAP = 200  # characters of a --voids argument


def parse_voids(text: str, players: int) -> dict[int, frozenset[int]]:
    """`1:1,4;2:0`: player 1 lacks 1s and 4s, player 2 blanks; raises UsageError.

    >>> parse_voids("1:1,4;2:0", 3)
    {1: frozenset({1, 4}), 2: frozenset({0})}
    """
    if len(text) > VOIDS_CAP:
        raise UsageError(f"--voids: longer than {VOIDS_CAP} characters")
    out: dict[int, frozenset[int]] = {}
    for part in text.split(";"):
        seat, colon, suits = part.strip().partition(":")
        seat = seat.strip()
        pips = [p.strip() for p in suits.split(",")]
        if (not colon or len(seat) != 1 or not seat.isdigit()
                or not all(len(p) == 1 and p in "0123456" for p in pips)):
            raise UsageError(f"--voids {text!r}: write SEAT:SUITS[;SEAT:SUITS...], e.g. 1:1,4;2:0 "
                             "(suits 0 to 6)")
        if int(seat) >= players:
            raise UsageError(f"--voids: there is no player {seat} among {players}")
        if int(seat) in out:
            raise UsageError(f"--voids: player {seat} named twice")
        out[int(seat)] = frozenset(int(p) for p in pips)
    return out


def cmd_read(args: argparse.Namespace) -> dict[str, Any]:
    position = Position.from_code(args.position)
    voids = parse_voids(args.voids, position.players) if args.voids is not None else {}
    so_far = None
    if args.record is not None:
        match = Match.replay(Record.parse(read_text_file(args.record, "--record ")))
        so_far = history_from_turns(match.starts[-1], tuple(match.hands[-1]))
    reading = read(position, voids, so_far, args.model, args.deals, args.seed)
    seats: dict[int, dict[str, float]] = {p: {} for p in reading.places if p is not None}
    boneyard: dict[str, float] = {}
    for tile in sorted(reading.chances, reverse=True):
        row = dict(zip(reading.places, rounded(reading.chances[tile])))
        for place, value in row.items():
            (boneyard if place is None else seats[place])[str(tile)] = value
        if None not in row:  # a boneyard shown or empty: no unseen tile in it
            boneyard[str(tile)] = 0.0
    result: dict[str, Any] = {
        "model": reading.model, "exact": reading.exact, "deals": reading.deals,
        "effective": round(reading.effective, 1),
        "seats": [{"seat": p, "tiles": tiles} for p, tiles in seats.items()], "boneyard": boneyard,
        "asked": reading.asked, "position": position.code()}
    if result["effective"] == int(result["effective"]):
        result["effective"] = int(result["effective"])
    if reading.margin is not None:
        result["margin"] = round(reading.margin, 4)
    if reading.note:
        result["note"] = reading.note
    return result


def show_read(result: dict[str, Any]) -> str:
    if result["exact"]:
        kind = f"exact over {result['deals']:,} deals"
        if result["effective"] != result["deals"]:
            kind += f" (effective {result['effective']:,})"
    else:
        kind = (f"{result['deals']:,} deals drawn, effective {result['effective']:,}, "
                f"each figure within ±{result['margin']}")
    asked = f" (asked: {result['asked']})" if result["asked"] != result["model"] else ""
    lines = [result["position"], f"model {result['model']}{asked}: {kind}"]
    if result.get("note"):
        lines.append(f"note: {result['note']}")
    heads = [f"seat {s['seat']}" for s in result["seats"]] + ["boneyard"]
    columns = [s["tiles"] for s in result["seats"]] + [result["boneyard"]]
    lines.append("tile  " + "".join(f"{h:>10}" for h in heads))
    for tile in result["boneyard"]:
        cells = [f"{column[tile]:>10.1%}" if tile in column else f"{'-':>10}" for column in columns]
        lines.append(f"{tile:<6}" + "".join(cells))
    return "\n".join(lines)


def cmd_review(args: argparse.Namespace) -> dict[str, Any]:
    text = read_text_file(args.file, "")
    record = SeatRecord.from_json(text) if text.lstrip().startswith("{") else SeatRecord.parse(text)
    reviews = review_seat(record, args.budget, args.seed)
    return {"seat": record.seat, "decisions": [decision(r) for r in reviews]}


def show_review(result: dict[str, Any]) -> str:
    decisions = result["decisions"]
    lines = [f"seat {result['seat']}: {len(decisions)} decision(s)"]
    for d in decisions:
        lost = "" if d["loss"] is None else f", lost {d['loss']:.1f}"
        best = ", ".join(d["best"]) or "not named"
        lines += [f"turn {d['turn']}: {d['played']} is {d['grade']}{lost} (basis: {d['basis']})",
                  f"    best: {best}", f"    position: {d['position']}"]
    return "\n".join(lines)


def seconds(text: str) -> float:
    """An argument type: seconds above 0 up to BUDGET_CAP."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value <= BUDGET_CAP:  # also NaN and infinity
        raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a number of seconds above 0 up to "
                                         f"{BUDGET_CAP:g}")
    return value


def build_parser(prog: str = "python -m trainer") -> Parser:
    parser = Parser(prog=prog, description="All Fives: counts, moves, solving, puzzles, "
                    "simulated matches, and the app.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    count = sub.add_parser("count", help="the count of a layout and what it scores")
    count.add_argument("layout", help="a layout, e.g. 5-5:5-2:::")
    moves = sub.add_parser("moves", help="the mover's legal moves with their points")
    moves.add_argument("position", help="a position code, quoted")
    sim = sub.add_parser("simulate", help="play a whole match between computer players")
    sim.add_argument("--seed", type=seed, default=0)
    sim.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    sim.add_argument("--rules", default="standard", choices=tuple(PRESETS))
    sim.add_argument("--target", type=target, default=None)
    sim.add_argument("--hand-sizes", default=None, help="9-7-5, 5, 7-5 or 7")
    sim.add_argument("--bots", default=None,
                     help=f"comma list, one per player or one for all: {', '.join(PLAYERS)}")
    sol = sub.add_parser("solve", help="exact value of every move (or an estimate by sampling)")
    sol.add_argument("position", help="a position code, quoted")
    sol.add_argument("--samples", type=samples, default=None,
                     help="estimate over N deals of the hidden tiles")
    sol.add_argument("--seed", type=seed, default=None, help="seed for the sampled deals")
    sol.add_argument("--record", default=None,
                     help="the hand's record file: suits players showed they lack")
    rd = sub.add_parser("read", help="where the tiles the mover cannot see are: each hand or the boneyard")
    rd.add_argument("position", help="a position code from the mover's view, quoted")
    rd.add_argument("--voids", default=None, help="suits players showed they lack: SEAT:SUITS[;...], "
                    "e.g. 1:1,4;2:0")
    rd.add_argument("--record", default=None,
                    help="the hand's record file: the voids and, under a model, the others' moves")
    rd.add_argument("--model", default="uniform", choices=tuple(MODELS),
                    help="how the other players choose (default: uniform, every deal alike)")
    rd.add_argument("--deals", type=deals_asked, default=DEALS,
                    help=f"deals weighed under a model (default {DEALS:,})")
    rd.add_argument("--seed", type=seed, default=0, help="seed for the deals drawn")
    rev = sub.add_parser("review", help="the coach's review of a hand as one player saw it",
                         description="Grade every move of the record's seat on what he could see then. "
                         "FILE holds the hand in the text or the JSON form of a seat record.")
    rev.add_argument("file", help="the hand's record (text, or JSON starting with '{')")
    rev.add_argument("--budget", type=seconds, default=0.5, help="seconds a decision (default 0.5)")
    rev.add_argument("--seed", type=seed, default=0, help="seed for the deals of the hidden tiles")
    puz = sub.add_parser("puzzles", help="generate, verify, count or rate again a puzzle bank")
    puz.add_argument("action", choices=("generate", "verify", "stats", "rate"))
    puz.add_argument("file", nargs="?", default=None,
                     help="the bank to verify, count or rate again (default: the shipped one)")
    puz.add_argument("--count", type=positive, default=None)
    puz.add_argument("--seed", type=seed, default=None)
    puz.add_argument("--out", default=None)
    puz.add_argument("--workers", type=positive, default=None,
                     help="generate: worker processes of the local Dask cluster (default: one a core)")
    puz.add_argument("--scheduler", default=None,
                     help="generate: the address of a Dask scheduler to run on instead (tcp://HOST:8786)")
    puz.add_argument("--quotas", default=None,
                     help="generate: how many of each kind, e.g. count=390,endgame=660 (default: by share)")
    puz.add_argument("--answers", default=None,
                     help="generate: only move puzzles of these cells, a band and what the answer does "
                     "about points now, e.g. 1000-1199:trap=120,1800-1999:points=40 (a bank balanced "
                     "band by band)")
    puz.add_argument("--hands", type=positive, default=None,
                     help="generate: stop after running this many new hands, whether or not the bank is full")
    puz.add_argument("--cache", default=None,
                     help="generate: a directory keeping each hand's puzzles, to resume an interrupted run")
    puz.add_argument("--keep", default=None,
                     help="generate: an earlier bank whose puzzles are proven again first and keep their ids")
    puz.add_argument("--quiet", action="store_true", help="generate: no progress bar")
    puz.add_argument("--sample", type=positive, default=None,
                     help="verify: only N puzzles, picked by --seed (default: every one)")
    day = sub.add_parser("daily", help="the puzzle of a day")
    day.add_argument("--date", default=None, help="YYYY-MM-DD (default: today)")
    adm = sub.add_parser("admin", help="club mode's accounts: add, reset, link, remove, list",
                         description="Manage club mode's accounts in the database of ALLFIVES_DB (or --db). "
                         "A first password is made and printed once unless --password-stdin gives one.")
    adm.add_argument("action", choices=("add", "reset", "link", "remove", "list"))
    adm.add_argument("name", nargs="?", default=None, help="the account's name (its sign-in name)")
    adm.add_argument("--role", choices=ROLES, default=None, help="add: the account's role")
    adm.add_argument("--password-stdin", action="store_true",
                     help="add, reset: read the password from the first line of standard input")
    adm.add_argument("--identity", default=None,
                     help="add, link: the identity of the organisation's sign-in (its e-mail address, "
                     "as OpenID Connect gives it)")
    adm.add_argument("--db", default=None, help="the database: a path or URL (default: ALLFIVES_DB)")
    for p in (count, moves, sim, sol, rd, rev, puz, day, adm):
        p.add_argument("--json", action="store_true", help="print one JSON object")
    sub.add_parser("app", help="start the app in the browser",
                   description="Start the All Fives app. Options for Streamlit may follow, "
                   "e.g. --server.port 8600 --server.headless true.")
    return parser


def cmd_puzzles(args: argparse.Namespace) -> dict[str, Any]:
    if args.action == "generate":
        if args.count is None or args.seed is None or args.out is None:
            raise UsageError("puzzles generate needs --count N --seed S --out FILE")
        kinds = parse_quotas(args.quotas, args.count) or quotas(args.count)
        keep = load_bank(read_text_file(args.keep, "--keep ")) if args.keep else ()
        if args.workers is not None and args.scheduler is not None:
            raise UsageError("puzzles generate: --workers is for the local cluster; with --scheduler "
                             "the cluster's workers do the work")
        reads = kinds.pop("read", 0)  # made from hands of their own, after the rest
        plan = default_plan(kinds)
        if args.answers is not None:  # the cells alone bound the bands
            plan = replace(plan, bands={}, answers=parse_answers(args.answers))
        run = (generate(plan, args.seed, scheduler=args.scheduler, workers=args.workers,
                        cache=args.cache, keep=keep, progress=not args.quiet and not args.json,
                        stop_after=args.hands)
               if sum(kinds.values()) else Report([]))
        bank = [*run.puzzles, *read_puzzles(reads, args.seed)]
        write_bank(args.out, bank)
        return {"action": "generate", "count": len(bank), "seed": args.seed, "out": args.out,
                "hands": run.hands, "run": run.computed, "cached": run.cached, "kept": run.kept}
    path = args.file or str(bank_path())
    puzzles = load_bank(read_text_file(path, ""))
    if args.action == "stats":
        return {"action": "stats", "file": path, "count": len(puzzles), **composition(puzzles)}
    if args.action == "rate":
        if args.out is None:
            raise UsageError("puzzles rate needs --out FILE")
        rated = [p if p.kind == "read" else replace(p, rating=rating(p)) for p in puzzles]
        write_bank(args.out, rated)
        changed = sum(a.rating != b.rating for a, b in zip(puzzles, rated))
        return {"action": "rate", "file": path, "count": len(rated), "changed": changed, "out": args.out}
    if args.sample is not None and args.sample < len(puzzles):
        puzzles = tuple(random.Random(args.seed or 0).sample(puzzles, args.sample))
    wrong = [p.id for p in puzzles if not proven(p)]
    return {"action": "verify", "file": path, "count": len(puzzles), "wrong": wrong}


def write_bank(path: str, bank: Sequence[Puzzle]) -> None:
    """Write a bank as JSON Lines to `--out`; a path that cannot be written is a usage error."""
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write("".join(p.to_json() + "\n" for p in bank))
    except OSError as error:
        raise UsageError(f"--out {path}: {error.strerror}") from None


def parse_quotas(text: Optional[str], count: int) -> Optional[dict[Kind, int]]:
    """`count=390,endgame=660`: how many puzzles of each kind; they must add up to --count."""
    if text is None:
        return None
    out: dict[Kind, int] = {}
    for part in text.split(","):
        name, _, number = part.partition("=")
        kind = next((k for k in KINDS if k == name.strip()), None)
        if kind is None or not number.strip().isdigit() or len(number.strip()) > 6:
            raise UsageError(f"--quotas {text!r}: write KIND=N,... with kinds {', '.join(KINDS)}")
        out[kind] = int(number)
    if sum(out.values()) != count:
        raise UsageError(f"--quotas add up to {sum(out.values())}, not --count {count}")
    return {k: out.get(k, 0) for k in KINDS}


def parse_answers(text: str) -> dict[str, int]:
    """`1000-1199:trap=120,1800-1999:points=40`: how many move puzzles of each band and
    answer kind (`trap`, `points` or `none`)."""
    out: dict[str, int] = {}
    for part in text.split(","):
        name, _, number = part.partition("=")
        level, _, kind = name.strip().partition(":")
        if level not in BAND_NAMES or kind not in ANSWER_KINDS or not number.strip().isdigit() \
                or len(number.strip()) > 6:
            shown = text if len(text) <= 60 else text[:60] + "..."
            raise UsageError(f"--answers {shown!r}: write BAND:KIND=N,... with bands {', '.join(BAND_NAMES)} "
                             f"and kinds {', '.join(ANSWER_KINDS)}")
        out[f"{level}:{kind}"] = int(number)
    return out


def proven(puzzle: Puzzle) -> bool:
    """Whether a puzzle still meets its kind's criterion with the same answers."""
    try:
        return verify(puzzle) == puzzle
    except PuzzleError:
        return False


def show_puzzles(result: dict[str, Any]) -> str:
    if result["action"] == "generate":
        return (f"wrote {result['count']} puzzles (seed {result['seed']}) to {result['out']}: "
                f"{result['kept']} kept from the earlier bank, {result['hands']:,} hands "
                f"({result['run']:,} run now, {result['cached']:,} from the cache)")
    if result["action"] == "rate":
        return (f"rated {result['count']:,} puzzles of {result['file']} again by today's rating model: "
                f"{result['changed']:,} changed; wrote {result['out']}")
    if result["action"] == "stats":
        moves = sum(n for k, n in result["kind"].items() if k in MOVE_KINDS)
        parts = [f"{result['file']}: {result['count']:,} puzzles, {moves:,} of them move puzzles",
                 "by kind (of all):", table(result["kind"], result["count"])]
        for name in ("rules", "players", "game", "band"):
            parts += [f"by {name} (of the move puzzles):", table(result[name], moves)]
        parts += ["by theme (of all):", table(result["theme"], result["count"]),
                  "kept from the earlier bank (ids unchanged):", table(result["kept"], result["count"])]
        return "\n".join(parts)
    status = "all verified" if not result["wrong"] else f"WRONG: {', '.join(result['wrong'])}"
    return f"{result['file']}: {result['count']} puzzles, {status}"


def cmd_admin(args: argparse.Namespace) -> dict[str, Any]:
    """Club mode's accounts. Passwords are printed only when made here (once)."""
    if args.action != "list" and not args.name:
        raise UsageError(f"admin {args.action} needs the account's name")
    password = None
    if args.password_stdin:
        password = sys.stdin.readline().rstrip("\r\n")
    with Store(args.db) as store:
        if args.action == "list":
            return {"action": "list", "accounts": [
                {"name": a.name, "role": a.role, "password": a.has_password, "identity": a.identity}
                for a in store.accounts()]}
        if args.action == "add":
            if args.role is None:
                raise UsageError("admin add needs --role " + "|".join(ROLES))
            made = password is None and args.identity is None
            word = first_password() if made else password
            made_account = store.create_account(args.name, args.role, password=word, identity=args.identity)
            return {"action": "add", "name": made_account.name, "role": made_account.role,
                    "password": word if made else None, "identity": made_account.identity}
        account = store.find_account(args.name)
        if account is None:
            raise UsageError(f"no account is named {args.name!r}")
        if args.action == "reset":
            if password is None:
                password = store.reset_password(account.id)
                return {"action": "reset", "name": account.name, "password": password}
            store.set_password(account.id, password)
            return {"action": "reset", "name": account.name, "password": None}
        if args.action == "link":
            store.set_identity(account.id, args.identity)
            return {"action": "link", "name": account.name, "identity": args.identity}
        store.delete_account(account.id)
        return {"action": "remove", "name": account.name}


def show_admin(result: dict[str, Any]) -> str:
    action = result["action"]
    if action == "list":
        return "\n".join(f"{a['role']:<9} {a['name']}" + (f"  ({a['identity']})" if a["identity"] else "")
                         for a in result["accounts"]) or "no accounts yet"
    if action == "remove":
        return f"removed {result['name']} and everything kept for him"
    if action == "link":
        return f"{result['name']} signs in as {result['identity']}" if result["identity"] else \
            f"{result['name']} has no identity linked now"
    said = (f"made {result['role']} {result['name']}" if action == "add"
            else f"new password for {result['name']}")
    if result.get("password"):
        said += f"; first password: {result['password']} (shown only now: hand it over)"
    return said


def cmd_daily(args: argparse.Namespace) -> dict[str, Any]:
    day = parse_date(args.date) if args.date is not None else date.today()
    puzzle = daily(shipped(), day)
    return {"date": day.isoformat(), **summary(puzzle)}


def show_daily(result: dict[str, Any]) -> str:
    accepted = ", ".join(result["accepted"])
    return (f"{result['date']}: puzzle {result['id']} ({result['kind']}, rating {result['rating']})\n"
            f"{result['position']}\nanswer: {accepted}")


def bounded(low: int, high: int) -> Callable[[str], int]:
    """An argument type: a whole number from `low` to `high` (`trainer.engine.numbers`)."""
    def read(text: str) -> int:
        try:
            return whole(text, "value", low, high)
        except NotationError:
            shown = text if len(text) <= 20 else text[:20] + "..."
            raise argparse.ArgumentTypeError(
                f"{shown!r} is not a whole number from {low:,} to {high:,}") from None
    return read


positive = bounded(1, COUNT_CAP)
seed = bounded(0, SEED_LIMIT - 1)
samples = bounded(1, MAX_SAMPLES)
target = bounded(1, SCORE_LIMIT)
deals_asked = bounded(1, MAX_DEALS)


def read_text_file(path: str, what: str) -> str:
    """A UTF-8 text file of at most FILE_CAP bytes; raises UsageError naming the fault."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(FILE_CAP + 1)
    except OSError as error:
        raise UsageError(f"{what}{path}: {error.strerror}") from None
    if len(data) > FILE_CAP:
        raise UsageError(f"{what}{path}: larger than {FILE_CAP // 1_000_000} MB, so not a file the trainer "
                         f"reads")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise UsageError(f"{what}{path}: not a text file (UTF-8)") from None


COMMANDS = {"count": (cmd_count, show_count), "moves": (cmd_moves, show_moves),
            "solve": (cmd_solve, show_solve), "read": (cmd_read, show_read),
            "puzzles": (cmd_puzzles, show_puzzles), "daily": (cmd_daily, show_daily),
            "admin": (cmd_admin, show_admin), "simulate": (cmd_simulate, show_simulate),
            "review": (cmd_review, show_review)}


def visible(text: str) -> str:
    r"""Text for the terminal: every control or invisible character (a carriage return,
    an escape code that would colour or move the cursor) written as its escape instead.

    >>> visible("x\ry\x1b[31mz\u200b")
    'x\\ry\\x1b[31mz\\u200b'
    """
    return "".join(repr(c)[1:-1] if unicodedata.category(c) in HIDDEN_CATEGORIES else c
                   for c in text)


HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def main(argv: Optional[Sequence[str]] = None, prog: str = "python -m trainer") -> int:
    try:
        parser = build_parser(prog)
        args, extra = parser.parse_known_args(argv)
        if args.command == "app":
            return run_app(extra)
        if extra:
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        run, show = COMMANDS[args.command]
        result = run(args)
    except (UsageError, TrainerError) as error:
        print(visible(f"error: {error}".replace("\n", " ")), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        return 130
    print(json.dumps(result) if args.json else show(result))
    return 0


def console() -> int:
    """The `allfives` command."""
    return main(prog="allfives")
