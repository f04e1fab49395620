"""Generating a bank on Dask's distributed scheduler: each hand's puzzles are a task,
run on a `LocalCluster` of worker processes on this machine by default, or on any
cluster whose scheduler address is given (`dask scheduler` and `dask worker ADDRESS`
on as many machines as there are, each with this trainer installed).

The bank is the same for a seed whatever the number of workers: a hand's puzzles
depend on its seed alone (`trainer.puzzles.generator`), tasks run in any order on any
worker, and their results are taken in the hands' order, each puzzle kept while its
kind, its game and its rating band still want one (`Plan`). A cache file (one JSON
line a hand, written as each hand comes back) lets an interrupted run resume where it
stopped without running a hand twice, and lets the bank be built across many runs.
Puzzles of an earlier bank (`keep`) are proven again first under today's criteria
and, when they pass, keep their ids.

>>> plan = Plan({"count": 0, "score-most": 2, "deny": 0, "best-play": 0, "endgame": 1})
>>> plan.total, plan.open_kinds("2-players", Tally())
(3, ('score-most', 'endgame'))
"""

from __future__ import annotations

import importlib
import json
import logging
import os
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Optional

from trainer.puzzles.generator import found_in_hand, game_of
from trainer.puzzles.kinds import make_puzzle, proven_again
from trainer.puzzles.legacy import VERSION as LEGACY_VERSION
from trainer.puzzles.legacy import found_again
from trainer.puzzles.rating import band
from trainer.puzzles.record import GAMES, GENERATOR_VERSION, KINDS, Kind, Puzzle, PuzzleError

HAND_STRIDE = 1_000_003  # hand n of seed s has the seed s * HAND_STRIDE + n
WINDOW = 6  # tasks in flight for each worker
SHARE: dict[Kind, float] = {"count": 0.12, "score-most": 0.14, "deny": 0.14, "best-play": 0.30,
                            "endgame": 0.30}
# the kinds made from the farm's hands; read puzzles come from `trainer.puzzles.reading`
FARM_KINDS: tuple[Kind, ...] = tuple(k for k in KINDS if k in SHARE)
GAME_CAP = 0.30  # of the move puzzles, at most this many from one game
# of the move puzzles, at most this share in a band: the bands the rating model fills
# most are held back, so that the hands go on until the others hold enough (every band
# from 1000 to 2000 at least 500 move puzzles, 2000 and above at least 150)
BAND_CAP: dict[str, float] = {"1200-1399": 0.18, "1400-1599": 0.22, "1600-1799": 0.25}


class FarmError(PuzzleError):
    """A generation run that cannot start or go on (no scheduler, a bad cache file)."""


@dataclass(frozen=True)
class Plan:
    """How many puzzles of each kind the bank holds (`kinds`), and at most how many
    move puzzles of each game (`games`) and of each rating band (`bands`, the bands of
    `trainer.puzzles.rating.band`); a game or band not named is not limited.

    `answers`, when given, asks for move puzzles of named cells only: a band and what
    the answer does about points now (`Puzzle.answer_kind`), written `1000-1199:trap`
    or `1800-1999:points`, each up to its count; the run is done when every cell is
    full. It is how a bank is balanced band by band (greedy traps where the answers
    take the points, and the other way round)."""

    kinds: Mapping[Kind, int]
    games: Mapping[str, int] = field(default_factory=dict)
    bands: Mapping[str, int] = field(default_factory=dict)
    answers: Mapping[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.kinds.values())

    def wants(self, puzzle: Puzzle, tally: Tally) -> bool:
        """Whether the bank still takes this puzzle."""
        if tally.kinds[puzzle.kind] >= self.kinds.get(puzzle.kind, 0):
            return False
        if puzzle.kind == "count":
            return True
        game, level = puzzle.game, band(puzzle.rating)
        if self.answers:
            named = cell(puzzle)
            if tally.answers[named] >= self.answers.get(named, 0):
                return False
        return (tally.games[game] < self.games.get(game, self.total)
                and tally.bands[level] < self.bands.get(level, self.total))

    def open_kinds(self, game: str, tally: Tally) -> tuple[Kind, ...]:
        """The kinds a hand of `game` may still give."""
        game_open = tally.games[game] < self.games.get(game, self.total)
        return tuple(k for k in FARM_KINDS if tally.kinds[k] < self.kinds.get(k, 0)
                     and (k == "count" or game_open))

    def done(self, tally: Tally) -> bool:
        if self.answers and all(tally.answers[c] >= n for c, n in self.answers.items()):
            return True
        return all(tally.kinds[k] >= n for k, n in self.kinds.items())


@dataclass
class Tally:
    """The bank so far, counted by kind, by game and by band (move puzzles)."""

    kinds: Counter[str] = field(default_factory=Counter)
    games: Counter[str] = field(default_factory=Counter)
    bands: Counter[str] = field(default_factory=Counter)
    answers: Counter[str] = field(default_factory=Counter)

    def add(self, puzzle: Puzzle) -> None:
        self.kinds[puzzle.kind] += 1
        if puzzle.kind != "count":
            self.games[puzzle.game] += 1
            self.bands[band(puzzle.rating)] += 1
            self.answers[cell(puzzle)] += 1


ANSWER_KINDS = ("trap", "points", "none")  # a cell's second part: `Puzzle.answer_kind`, or none


def cell(puzzle: Puzzle) -> str:
    """A move puzzle's band and answer kind, as `Plan.answers` names them:
    `1000-1199:trap`, `1800-1999:points`, or `1400-1599:none` where every move scores
    alike."""
    return f"{band(puzzle.rating)}:{puzzle.answer_kind() or 'none'}"


@dataclass
class Report:
    """A run: the bank, the hands it took (in order), and how many of them ran now or
    came from the cache; the earlier bank's puzzles proven again and kept."""

    puzzles: list[Puzzle]
    hands: int = 0
    computed: int = 0
    cached: int = 0
    kept: int = 0
    tried_again: int = 0


def quotas(count: int) -> dict[Kind, int]:
    """How many puzzles of each kind make `count` (SHARE, largest remainders)."""
    exact = {k: count * SHARE[k] for k in FARM_KINDS}
    out = {k: int(v) for k, v in exact.items()}
    for k in sorted(FARM_KINDS, key=lambda k: exact[k] - out[k], reverse=True)[:count - sum(out.values())]:
        out[k] += 1
    return out


def default_plan(kinds: Mapping[Kind, int]) -> Plan:
    """The plan for these kind counts: no game gives more than GAME_CAP of the move
    puzzles, no rating band more than its BAND_CAP share (a band not named: no limit)."""
    moves = sum(n for k, n in kinds.items() if k != "count")
    games = {g: max(1, round(GAME_CAP * moves)) for g in GAMES}
    bands = {b: max(1, round(share * moves)) for b, share in BAND_CAP.items()}
    return Plan(dict(kinds), games, bands)


# ----- the tasks, run on the workers -----

Found = dict[str, Optional[list[Any]]]  # kind -> [decision index, puzzle JSON] or None


def hand_task(game_seed: int, kinds: tuple[Kind, ...]) -> Found:
    """One hand's puzzles of `kinds`, as the cache keeps them."""
    found = {p.kind: [index, p.to_json()] for index, p in found_in_hand(game_seed, kinds)}
    return {k: found.get(k) for k in kinds}


def keep_task(line: str) -> Optional[str]:
    """A puzzle of an earlier bank proven again under today's criteria (its id kept),
    with today's themes and rating; None when it fails them. A puzzle of generator 2
    is found again in its replayed hand (its record does not hold the voids,
    `trainer.puzzles.legacy`; None when the hand does not reach it); a later one is
    proven again from its record (`trainer.puzzles.kinds.proven_again`)."""
    from trainer.puzzles.generator import finish  # the worker's own import, as the hand's

    old = Puzzle.from_json(line)
    origin = old.origin or (old.generator if old.generator != GENERATOR_VERSION else "")
    try:
        if old.kind == "count":
            fresh = make_puzzle("count", old.parsed(), seed=old.seed, origin=origin)
            return replace(fresh, rating=old.rating, tags=()).to_json()
        if old.generator == LEGACY_VERSION:
            position, voids = found_again(old)
            return finish(make_puzzle(old.kind, position, seed=old.seed, voids=voids,
                                      origin=LEGACY_VERSION)).to_json()
        return finish(proven_again(old)).to_json()
    except PuzzleError:
        return None


# ----- the cache -----

class Cache:
    """One JSON line a finished task, appended as it finishes: `{"hand": SEED, "found":
    {...}}` or `{"keep": ID, "puzzle": JSON or null}`. A line cut short by an
    interruption is ignored (its task runs again)."""

    def __init__(self, folder: Optional[str], seed: int) -> None:
        self.hands: dict[int, Found] = {}
        self.keeps: dict[str, Optional[str]] = {}
        self.path: Optional[Path] = None
        if folder is None:
            return
        try:
            Path(folder).mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise FarmError(f"--cache {folder}: {error.strerror}") from None
        self.path = Path(folder) / f"hands-v{GENERATOR_VERSION}-seed{seed}.jsonl"
        try:
            text = self.path.read_text(encoding="utf-8") if self.path.exists() else ""
        except OSError as error:
            raise FarmError(f"--cache {self.path}: {error.strerror}") from None
        for line in text.splitlines():
            try:
                entry = json.loads(line)
                if "hand" in entry:
                    self.hands.setdefault(int(entry["hand"]), {}).update(dict(entry["found"]))
                else:
                    self.keeps[str(entry["keep"])] = entry["puzzle"]
            except (ValueError, TypeError, KeyError, AttributeError):
                continue  # a line cut short: its task runs again

    def _write(self, entry: dict[str, Any]) -> None:
        if self.path is None:
            return
        with self.path.open("a", encoding="utf-8") as handle:
            handle.write(json.dumps(entry, sort_keys=True, separators=(",", ":")) + "\n")

    def add_hand(self, game_seed: int, found: Found) -> None:
        self.hands.setdefault(game_seed, {}).update(found)
        self._write({"hand": game_seed, "found": found})

    def add_keep(self, puzzle_id: str, line: Optional[str]) -> None:
        self.keeps[puzzle_id] = line
        self._write({"keep": puzzle_id, "puzzle": line})


# ----- the run -----

def _client(scheduler: Optional[str], workers: Optional[int]) -> tuple[Any, Any]:
    """A client of the given scheduler, or of a LocalCluster of `workers` processes."""
    dist = _distributed()
    if scheduler is not None:
        try:
            return dist.Client(scheduler, timeout="20s"), None
        except (OSError, TimeoutError, ValueError) as error:
            raise FarmError(f"--scheduler {scheduler}: no scheduler answers there ({error})") from None
    count = workers or max(1, os.cpu_count() or 1)
    cluster = dist.LocalCluster(n_workers=count, threads_per_worker=1, processes=True,
                                dashboard_address=None, silence_logs=logging.ERROR)
    return dist.Client(cluster), cluster


def _distributed() -> Any:
    """Dask's distributed package (not needed by the rest of the trainer)."""
    try:
        return importlib.import_module("distributed")
    except ImportError:
        raise FarmError("generating a bank needs Dask distributed: "
                        "pip install 'allfives-trainer[generate]'") from None


def _bar(total: int, show: bool) -> Any:
    """A progress bar of the puzzles found (tqdm), or a silent stand-in."""
    if show:
        try:
            tqdm = importlib.import_module("tqdm").tqdm
        except ImportError:
            pass
        else:
            tty = sys.stderr.isatty()
            return tqdm(total=total, unit="puzzle", desc="puzzles", file=sys.stderr,
                        mininterval=0.5 if tty else 30.0, dynamic_ncols=tty)
    return _Quiet()


class _Quiet:
    def update(self, n: int = 1) -> None: ...
    def set_postfix_str(self, text: str, refresh: bool = True) -> None: ...
    def close(self) -> None: ...


def generate(plan: Plan, seed: int, *, scheduler: Optional[str] = None, workers: Optional[int] = None,
             cache: Optional[str] = None, keep: Iterable[Puzzle] = (), progress: bool = True,
             stop_after: Optional[int] = None) -> Report:
    """The bank `plan` asks for, from hands seeded by `seed`, run on Dask: the puzzles of
    `keep` (an earlier bank) proven again first, then new hands until every kind's
    count is reached. `stop_after` ends the run after that many hands have run now
    (as an interruption would; the cache keeps them)."""
    store = Cache(cache, seed)
    bar = _bar(plan.total, progress)
    client, cluster = _client(scheduler, workers)
    report = Report([])
    tally = Tally()
    seen: set[str] = set()

    def take(puzzle: Puzzle) -> None:
        if puzzle.position in seen or not plan.wants(puzzle, tally):
            return
        seen.add(puzzle.position)
        tally.add(puzzle)
        report.puzzles.append(puzzle)
        bar.update(1)

    try:
        _keep(client, list(keep), store, report, take)
        _hands(client, plan, seed, store, report, tally, take, bar, stop_after,
               WINDOW * max(1, len(client.scheduler_info().get("workers", {})) or 1))
    finally:
        bar.close()
        client.close()
        if cluster is not None:
            cluster.close()
    return report


def _keep(client: Any, keep: list[Puzzle], store: Cache, report: Report,
          take: Callable[[Puzzle], None]) -> None:
    """The earlier bank's puzzles, proven again on the workers, taken in its order."""
    as_completed = _distributed().as_completed
    todo = [p for p in keep if p.id not in store.keeps]
    futures = {client.submit(keep_task, p.to_json(), key=f"keep-{p.id}", pure=False): p.id for p in todo}
    for future in as_completed(futures):
        store.add_keep(futures[future], future.result())
    report.tried_again = len(keep)
    for old in keep:
        line = store.keeps.get(old.id)
        if line is not None:
            before = len(report.puzzles)
            take(Puzzle.from_json(line))
            report.kept += len(report.puzzles) - before


def _hands(client: Any, plan: Plan, seed: int, store: Cache, report: Report, tally: Tally,
           take: Callable[[Puzzle], None], bar: Any, stop_after: Optional[int], window: int) -> None:
    """New hands, run `window` at a time, taken in their order until the plan is met.

    A hand is run for the kinds still open when it is sent (a kind full then is full
    when the hand's turn comes: the bank only grows); a hand found in the cache is run
    again only for kinds open then that the cache lacks (a cache of another plan, or a
    run that sent the hand when the kinds were fewer), so no hand's kind runs twice."""
    wait = _distributed().wait
    pending: dict[Any, int] = {}
    ready: dict[int, Found] = {}
    nxt = 0  # the next hand to take
    sent = 0  # the next hand to send
    run_now = 0

    def send(number: int, kinds: tuple[Kind, ...]) -> None:
        nonlocal run_now
        game_seed = seed * HAND_STRIDE + number
        future = client.submit(hand_task, game_seed, kinds, key=f"hand-{game_seed}-" + "-".join(kinds),
                               pure=False)
        pending[future] = number
        run_now += 1

    def may_send() -> bool:
        return stop_after is None or run_now < stop_after

    try:
        while not plan.done(tally):
            while len(pending) < window and sent - nxt < 8 * window and may_send():
                game_seed = seed * HAND_STRIDE + sent
                kinds = plan.open_kinds(game_of(game_seed).name, tally)
                known = store.hands.get(game_seed, {})
                missing = tuple(k for k in kinds if k not in known)
                if missing:
                    send(sent, missing)
                else:
                    ready[sent] = known
                report.cached += bool(known)
                sent += 1
            while nxt in ready:
                game_seed = seed * HAND_STRIDE + nxt
                found = ready[nxt]
                kinds = plan.open_kinds(game_of(game_seed).name, tally)
                missing = tuple(k for k in kinds if k not in found)
                if missing:  # a cached hand lacks a kind this plan wants of it now
                    if nxt not in pending.values() and may_send():
                        send(nxt, missing)
                    del ready[nxt]
                    break
                del ready[nxt]
                for kind in kinds:
                    entry = found.get(kind)
                    if entry is not None:
                        take(Puzzle.from_json(str(entry[1])))
                nxt += 1
                report.hands = nxt
                if plan.done(tally):
                    return
            bar.set_postfix_str(f"hands {report.hands:,} (run {report.computed:,}, cached {report.cached:,})",
                                refresh=False)
            if not pending:
                if not may_send():
                    return
                continue
            done, _ = wait(list(pending), return_when="FIRST_COMPLETED")
            for future in done:
                number = pending.pop(future)
                found = future.result()
                game_seed = seed * HAND_STRIDE + number
                store.add_hand(game_seed, found)
                ready[number] = dict(store.hands[game_seed])
                report.computed += 1
    finally:
        for future in pending:
            future.cancel()
