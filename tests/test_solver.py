"""The exact solver against a brute-force oracle written here from the definition of the value.

The oracle is plain minimax over the public `Position` API (no pruning, no memo):
the mover plays one of `legal_moves()`, a mover with no move draws (`draw`) or passes
(`pass_turn`), and a finished hand is scored by `hand_end_scores()`. Values are seen
from the root mover: his side's points from now on minus the other side's; with three
players, or four playing alone, the root mover against all the others together.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Optional

import pytest

from trainer.engine.game import deal
from trainer.engine.layout import EMPTY, Layout
from trainer.engine.moves import Move
from trainer.engine.position import Position, size
from trainer.engine.rules import CINCOS, PARTNERS, STANDARD, RuleSet
from trainer.engine.tiles import ALL_TILES, Tile
from trainer.errors import HiddenInformationError, TrainerError
from trainer.search.solver import solve

ENDGAME = ("0-0:0-3,3-4,4-6,6-5,5-5,5-1,1-0:0-4,4-2,2-1,1-3,3-2,2-0,0-5,5-4::"
           "0-6,6-3,3-3,3-5,5-2,2-2,2-6,6-1 6-6,4-4/4-1,1-1 - 1 15,15")


# ----- the oracle -----
def team(position: Position, root: int, player: int) -> int:
    """0 for the root mover's side, 1 for the others (partners: 0+2 against 1+3)."""
    if position.rules.partners:
        return 0 if player % 2 == root % 2 else 1
    return 0 if player == root else 1


def root_gain(position: Position, root: int, deltas: Sequence[int]) -> int:
    """A change of the scores (one per side) as the root mover values it."""
    total = 0
    for side, delta in enumerate(deltas):
        # with partners, side k holds players k and k + 2; otherwise side k is player k
        total += delta if team(position, root, side) == 0 else -delta
    return total


class Oracle:
    def __init__(self, root: int) -> None:
        self.root = root
        self.ends: set[str] = set()
        self.nodes = 0

    def value(self, position: Position) -> int:
        """Root mover's points from here to the end of the hand minus the others'."""
        self.nodes += 1
        end = position.outcome()
        if end is not None:
            self.ends.add(end.kind)
            return root_gain(position, self.root, position.hand_end_scores())
        if position.must_draw:
            return self.value(position.draw())
        if position.must_pass:
            return self.value(position.pass_turn())
        values = [self.move_value(position, move) for move in position.legal_moves()]
        assert values, "a mover who cannot draw or pass has a move"
        ours = team(position, self.root, position.turn) == 0
        return max(values) if ours else min(values)

    def move_value(self, position: Position, move: Move) -> int:
        after = position.play(move)
        now = root_gain(position, self.root, [b - a for a, b in zip(position.scores, after.scores)])
        return now + self.value(after)


def oracle_moves(position: Position) -> tuple[dict[str, int], int, set[str]]:
    """Each root move's exact value, the root value and the ways the hand can end."""
    oracle = Oracle(position.turn)
    moves = {str(m): oracle.move_value(position, m) for m in position.legal_moves()}
    value = max(moves.values()) if moves else oracle.value(position)
    return moves, value, oracle.ends


# ----- reproducible small positions -----
def tiles_text(tiles: Sequence[Tile]) -> str:
    return ",".join(str(t) for t in sorted(tiles, reverse=True)) or "-"


def game_position(rules: RuleSet, players: int, seed: int, max_hand: int, max_total: int,
                  max_bone: int = 3) -> Optional[Position]:
    """Play a random hand from a random deal; the first position (drawing included) where
    every hand holds 2 to `max_hand` tiles, `max_total` in all, the boneyard at most
    `max_bone`, and the mover has a choice (or none at all: he must draw or pass).
    None if there is no such position in the hand."""
    rng = random.Random(seed)
    position = deal(rules, players, rng)
    while not position.is_over:
        hands = [size(h) for h in position.hands]
        if (2 <= min(hands) and max(hands) <= max_hand and sum(hands) <= max_total
                and size(position.boneyard) <= max_bone and len(position.legal_moves()) != 1):
            return Position.from_code(position.code())
        if position.must_draw:
            position = position.draw()
        elif position.must_pass:
            position = position.pass_turn()
        else:
            position = position.play(rng.choice(position.legal_moves()))
    return None


def random_layout(rng: random.Random, tiles: int, lead_double: bool, line: bool) -> Optional[Layout]:
    """A layout of `tiles` tiles placed at random where they fit; `line`: no double."""
    pool = [t for t in ALL_TILES if not (line and t.is_double)]
    rng.shuffle(pool)
    lead = next(t for t in pool if t.is_double) if lead_double else pool[0]
    pool.remove(lead)
    layout = EMPTY.place(lead, None)
    while len(layout) < tiles:
        fits = [(t, e.side) for t in pool for e in layout.open_ends() if t.has(e.pip)]
        if not fits:
            return None
        tile, side = rng.choice(fits)
        layout = layout.place(tile, side)
        pool.remove(tile)
    return layout


def built_position(rules: RuleSet, sizes: Sequence[int], bone: int, seed: int,
                   force: Optional[str] = None, line: bool = False) -> Position:
    """A random layout, the other tiles dealt into hands of `sizes` and a boneyard of
    `bone` tiles. force="draw": the mover holds nothing that fits and the first boneyard
    tile does not fit either; force="pass": nothing he holds or could draw fits."""
    rng = random.Random(seed)
    players = len(sizes)
    for _ in range(500):
        layout = random_layout(rng, 28 - sum(sizes) - bone, rules.lead == "highest-double", line)
        if layout is None:
            continue
        on_table = set(layout.tiles())
        rest = [t for t in ALL_TILES if t not in on_table]
        rng.shuffle(rest)
        turn = rng.randrange(players)
        pips = {e.pip for e in layout.open_ends()}
        dead = [t for t in rest if t.high not in pips and t.low not in pips]
        if force is not None:
            need = sizes[turn] + (1 if force == "draw" else bone)
            if len(dead) < need:
                continue
            # the mover's hand, then the boneyard's first tile(s), from tiles that do not fit
            chosen = dead[:need]
            rest = chosen + [t for t in rest if t not in chosen]
            mine, rest = rest[:sizes[turn]], rest[sizes[turn]:]
            boneyard, rest = rest[:bone], rest[bone:]
        else:
            boneyard, rest = rest[:bone], rest[bone:]
            mine, rest = rest[:sizes[turn]], rest[sizes[turn]:]
        hands = []
        for player in range(players):
            if player == turn:
                hands.append(mine)
            else:
                hands.append(rest[:sizes[player]])
                rest = rest[sizes[player]:]
        scores = ",".join(str(rng.randrange(0, 100, 5)) for _ in range(rules.sides(players)))
        bone_text = ",".join(str(t) for t in boneyard) or "-"
        code = (f"{layout} {'/'.join(tiles_text(h) for h in hands)} {bone_text} {turn} {scores} "
                f"{rules.name}")
        position = Position.from_code(code)
        if position.is_over:
            continue
        return position
    raise AssertionError(f"no position for {rules.name} {sizes} {bone} seed {seed}")


def first_game_positions(rules: RuleSet, players: int, count: int, max_hand: int,
                         max_total: int) -> list[Position]:
    found = []
    for seed in range(1000):
        position = game_position(rules, players, seed, max_hand, max_total)
        if position is not None:
            found.append(position)
            if len(found) == count:
                return found
    raise AssertionError(f"only {len(found)} positions for {rules.name} with {players} players")


# Positions that start a hand (lead on the empty table), small enough for the oracle.
LEADS = [
    "- 5-5,2-0/5-2,5-0/6-3,0-0/3-1,2-1 4-4,5-1,5-4,6-2,4-2,5-3,4-0,4-3,6-1,6-5,3-0,3-2,3-3,6-0,"
    "2-2,4-1,6-4,1-1,1-0,6-6 2 0,0,0,0",
    "- 3-3,2-2/6-1,3-2/6-5,3-1 4-4,5-4,6-6,6-3,4-3,6-4,5-0,6-0,0-0,3-0,5-1,6-2,5-3,4-1,2-0,5-2,"
    "1-1,1-0,5-5,4-2,2-1,4-0 0 0,0,0 cincos",
]


@cache
def cases() -> tuple[tuple[str, str], ...]:
    """(name, code) of every position compared with the oracle."""
    found: list[tuple[str, Position]] = [("rules.md endgame", Position.from_code(ENDGAME))]
    games = [(STANDARD, 2, 6, 4, 8), (PARTNERS, 4, 5, 3, 10), (CINCOS, 2, 5, 4, 8),
             (STANDARD, 3, 5, 3, 9), (CINCOS, 3, 3, 3, 9), (STANDARD, 4, 3, 3, 10),
             (CINCOS, 4, 3, 3, 10)]
    # a few larger ones: deeper searches, where pruning and the table matter
    games += [(STANDARD, 2, 2, 5, 10), (PARTNERS, 4, 2, 4, 12), (CINCOS, 2, 2, 5, 10),
              (STANDARD, 3, 2, 4, 11), (CINCOS, 4, 2, 4, 12)]
    for rules, players, count, max_hand, max_total in games:
        for i, p in enumerate(first_game_positions(rules, players, count, max_hand, max_total)):
            found.append((f"game {rules.name} {players}p to {max_total} #{i}", p))
    built = [
        (STANDARD, (4, 4), 2, None, False), (STANDARD, (4, 3), 2, "draw", False),
        (STANDARD, (3, 4), 3, "draw", True), (STANDARD, (4, 4), 1, None, True),
        (STANDARD, (3, 4), 2, "pass", False), (STANDARD, (3, 4), 0, "pass", False),
        (PARTNERS, (3, 2, 3, 3), 1, "draw", False), (PARTNERS, (3, 3, 2, 3), 2, None, False),
        (PARTNERS, (3, 2, 3, 2), 2, None, True), (PARTNERS, (2, 3, 3, 3), 0, "pass", False),
        (CINCOS, (4, 3), 3, "draw", False), (CINCOS, (3, 4), 2, "pass", False),
        (CINCOS, (4, 3), 0, "pass", False), (STANDARD, (3, 3, 2), 2, "draw", False),
        (STANDARD, (3, 3, 3), 1, None, True), (CINCOS, (3, 3, 3), 2, None, False),
        (STANDARD, (3, 2, 3, 2), 2, "draw", False), (CINCOS, (3, 3, 3, 2), 1, "draw", False),
    ]
    for seed, (rules, sizes, bone, force, line) in enumerate(built):
        shape = "line" if line else "layout"
        name = f"built {rules.name} {'-'.join(map(str, sizes))} bone {bone} {force or ''} {shape}"
        found.append((name, built_position(rules, sizes, bone, 100 + seed, force, line)))
    found += [(f"lead #{i}", Position.from_code(code)) for i, code in enumerate(LEADS)]
    return tuple((name, p.code()) for name, p in found)


CASES = cases()


def solver_moves(position: Position) -> dict[str, int]:
    return {str(m.move): m.value for m in solve(position).moves}


@pytest.mark.parametrize("code", [code for _, code in CASES],
                         ids=[name.replace(" ", "-") for name, _ in CASES])
def test_solver_matches_brute_force_oracle(code: str) -> None:
    position = Position.from_code(code)
    solution = solve(position)
    expected, value, _ = oracle_moves(position)
    assert {str(m.move): m.value for m in solution.moves} == expected, code
    assert solution.value == value, code
    # points are what the move scores at once; moves are best first; best is every best move
    for m in solution.moves:
        assert m.points == position.points(m.move)
    values = [m.value for m in solution.moves]
    assert values == sorted(values, reverse=True)
    assert set(solution.best) == {m.move for m in solution.moves if m.value == value}
    assert (len(solution.best) > 0) == bool(expected)
    assert solution.nodes >= 0 and 0.0 <= solution.hit_rate <= 1.0
    if not expected:
        assert solution.moves == () and solution.best == ()


def test_cases_cover_the_shapes_the_brief_names() -> None:
    """At least 30 positions; every preset and player count; forced draws and passes at
    the root; N/S arms open; a double at an open end; lines; boneyards; blocked ends."""
    assert len(CASES) >= 30
    positions = [Position.from_code(code) for _, code in CASES]
    kinds = {(p.rules.name, p.players) for p in positions}
    assert {("standard", 2), ("partners", 4), ("cincos", 2), ("standard", 3), ("cincos", 3),
            ("standard", 4), ("cincos", 4)} <= kinds
    assert sum(p.must_draw for p in positions) >= 4
    assert sum(p.must_pass for p in positions) >= 2
    assert any(p.must_draw and p.players >= 3 for p in positions)
    ns_open = [p for p in positions if p.layout.spinner is not None and p.layout.arms_open]
    assert len(ns_open) >= 10
    assert any(p.layout.arms[2] or p.layout.arms[3] for p in ns_open)
    assert any(not p.layout.arms[2] or not p.layout.arms[3] for p in ns_open)
    double_ends = [p for p in positions
                   if any(arm and arm[-1][0] == arm[-1][1] for arm in p.layout.arms)]
    assert len(double_ends) >= 3
    lines = [p for p in positions if p.layout.spinner is None and not p.layout.is_empty]
    assert len(lines) >= 3
    # the first double played on a line's end becomes the spinner during the search
    assert any(m.tile.is_double for p in lines for q in range(p.players) for m in p.moves_for(q))
    assert sum(p.layout.is_empty for p in positions) >= 2
    assert sum(len(p.boneyard) > 0 for p in positions if isinstance(p.boneyard, tuple)) >= 10
    # the hand can end blocked from some of them, and by going out from others
    ends: set[str] = set()
    blocked = 0
    for p in positions[:12]:
        _, _, seen = oracle_moves(p)
        ends |= seen
        blocked += "blocked" in seen
    assert ends == {"blocked", "domino"}
    assert blocked >= 3


def test_seeded_generation_is_reproducible() -> None:
    cases.cache_clear()
    assert cases() == CASES


def test_small_table_and_scores_do_not_change_values() -> None:
    """The value is the rest of the hand only: the scores so far do not matter, nor does
    the size of the transposition table."""
    for _, code in CASES[-20:]:
        position = Position.from_code(code)
        reference = solve(position)
        small = solve(position, table_bits=10)
        assert (small.value, small.moves) == (reference.value, reference.moves)
        fields = code.split(" ")
        fields[4] = ",".join(str(int(s) + 5 * (i + 1)) for i, s in enumerate(fields[4].split(",")))
        rescored = solve(Position.from_code(" ".join(fields)))
        assert (rescored.value, rescored.moves) == (reference.value, reference.moves)


# ----- the worked endgame of rules.md -----
def test_worked_endgame_of_rules_md() -> None:
    solution = solve(Position.from_code(ENDGAME))
    assert solution.value == 20
    assert [(str(m.move), m.points, m.value) for m in solution.moves] == [
        ("4-1@W", 0, 20), ("4-1@S", 0, 10), ("1-1@S", 0, 0)]
    assert [str(m) for m in solution.best] == ["4-1@W"]


def test_worked_endgame_lines() -> None:
    """The lines of the table: after 4-1@W player 0 must pass (value -20 for him); after
    4-1@S he plays 4-4 and the hand is blocked; after 1-1@S he scores 10 with 4-4@W."""
    start = Position.from_code(ENDGAME)
    after_w = start.play(Move.parse("4-1@W"))
    assert after_w.must_pass
    forced = solve(after_w)
    assert forced.moves == () and forced.best == () and forced.value == -20
    after_s = solve(start.play(Move.parse("4-1@S")))
    assert sorted((str(m.move), m.value) for m in after_s.moves) == [("4-4@S", -10), ("4-4@W", -10)]
    after_double = solve(start.play(Move.parse("1-1@S")))
    assert [(str(m.move), m.points, m.value) for m in after_double.moves] == [("4-4@W", 10, 0)]


def test_root_draw_then_play() -> None:
    """The mover holds nothing that fits: no moves, the value of the forced line."""
    position = Position.from_code(
        "0-0:0-3,3-4,4-6,6-5,5-5,5-1,1-0:0-4,4-2,2-1,1-3,3-2,2-0::"
        "0-6,6-3,3-3,3-5,5-2,2-2,2-6,6-1 6-6,5-4/4-1,1-1 0-5,4-4 0 15,15")
    assert position.must_draw
    solution = solve(position)
    expected, value, _ = oracle_moves(position)
    assert expected == {} and solution.moves == ()
    assert solution.value == value


# ----- bad input -----
@pytest.mark.parametrize("code", [
    "4-5,5-1 6-4,1-1/?7 ?17 0 0,0",
    "4-5,5-1 6-4,1-1/?7 6-6,6-5,6-3,6-2,6-1,6-0,5-5,5-3,5-2,5-0,4-4,4-3,4-2,4-0,3-3,3-2,3-1 0 0,0",
    ENDGAME.replace("6-6,4-4/4-1,1-1", "?2/4-1,1-1"),
    "0-0:0-3,3-4,4-6,6-5,5-5,5-1,1-0:0-4,4-2,2-1,1-3,3-2,2-0::"
    "0-6,6-3,3-3,3-5,5-2,2-2,2-6,6-1 6-6,5-4/4-1,1-1 ?2 0 15,15",
])
def test_hidden_information_is_refused(code: str) -> None:
    position = Position.from_code(code)
    with pytest.raises(HiddenInformationError) as info:
        solve(position)
    assert str(info.value)


def finished_positions() -> list[Position]:
    start = Position.from_code(ENDGAME)
    out = start.play(Move.parse("4-1@W")).pass_turn()
    out = out.play(out.legal_moves()[0])  # 1-1 goes out
    blocked = start.play(Move.parse("4-1@S")).play(Move.parse("4-4@W"))
    return [out, blocked]


@pytest.mark.parametrize("index", [0, 1], ids=["domino", "blocked"])
def test_finished_hand_is_refused(index: int) -> None:
    position = Position.from_code(finished_positions()[index].code())
    assert position.is_over
    with pytest.raises(TrainerError) as info:
        solve(position)
    assert isinstance(info.value, ValueError)
    assert str(info.value).strip()


# ----- symmetry -----
def test_lone_spinner_east_and_west_are_the_same() -> None:
    rng = random.Random(5)
    for players, hand in ((2, 3), (2, 5), (3, 3), (4, 3)):
        rest = [t for t in ALL_TILES if str(t) not in ("5-5", "5-2")]
        rng.shuffle(rest)
        hands = [[Tile(5, 2)] + rest[:hand - 1]]
        rest = rest[hand - 1:]
        for _ in range(players - 1):
            hands.append(rest[:hand])
            rest = rest[hand:]
        code = (f"5-5:::: {'/'.join(tiles_text(h) for h in hands)} "
                f"{','.join(map(str, rest))} 0 {','.join(['0'] * players)}")
        solution = solve(Position.from_code(code))
        values = {str(m.move): (m.points, m.value) for m in solution.moves}
        assert values["5-2@E"] == values["5-2@W"], code


def test_lone_spinner_symmetry_against_oracle() -> None:
    code = ("5-5:::: 5-2,3-1/6-6,4-0 6-5,6-4,6-3,6-2,6-1,6-0,5-4,5-3,5-1,5-0,4-4,4-3,4-2,4-1,3-3,"
            "3-2,3-0,2-2,2-1,2-0,1-1,1-0,0-0 0 0,0")
    position = Position.from_code(code)
    expected, _, _ = oracle_moves(position)
    assert expected["5-2@E"] == expected["5-2@W"]
    assert solver_moves(position) == expected


# ----- limits -----
def test_node_and_time_limits_raise_search_limit_error() -> None:
    """A whole hand from the lead needs far more than 1,000 nodes or 1 ms; past either
    limit the solver raises SearchLimitError naming it, and solves fine without."""
    from trainer.search.solver import SearchLimitError

    position = deal(STANDARD, 2, random.Random(3))
    with pytest.raises(SearchLimitError, match="1,000 nodes"):
        solve(position, node_limit=1000)
    with pytest.raises(SearchLimitError, match="0.001 s"):
        solve(position, time_limit=0.001)
    small = built_position(STANDARD, (3, 3), 0, 7)
    assert solve(small, node_limit=10**6, time_limit=60).moves == solve(small).moves
    with pytest.raises(ValueError):
        solve(small, node_limit=-1)
    with pytest.raises(ValueError):
        solve(small, table_bits=40)


@pytest.mark.parametrize("code", [code for _, code in CASES[::3]],
                         ids=[name.replace(" ", "-") for name, _ in CASES[::3]])
def test_best_only_gives_exactly_the_oracles_best_moves(code: str) -> None:
    """The cheaper mode: the root value and every best move (ties included) with its
    exact value, and no other move."""
    position = Position.from_code(code)
    expected, value, _ = oracle_moves(position)
    solution = solve(position, best_only=True)
    assert solution.value == value
    assert {str(m.move): m.value for m in solution.moves} == {
        move: v for move, v in expected.items() if v == value}
    assert set(solution.best) == {m.move for m in solution.moves}


@pytest.mark.c_speed
def test_best_only_agrees_with_every_move_on_bigger_hands() -> None:
    """Whole 2-player hands from the lead, too big for the oracle: the cheap mode finds
    the same value and the same best moves as the full one."""
    for seed in range(3):
        position = deal(STANDARD, 2, random.Random(seed))
        full, best = solve(position), solve(position, best_only=True)
        assert best.value == full.value
        assert set(best.best) == set(full.best) and len(best.moves) == len(full.best)


def test_threads_solve_in_parallel_with_the_same_answers() -> None:
    """The search releases the GIL and takes a table of the process's pool: four
    threads solving at once give what one thread alone gives."""
    from concurrent.futures import ThreadPoolExecutor

    positions = [built_position(STANDARD, (5, 5), 4, 300 + i) for i in range(8)]
    alone = [solve(p) for p in positions]
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(solve, positions))
    assert [(s.value, s.moves) for s in together] == [(s.value, s.moves) for s in alone]


@pytest.mark.c_speed  # the pure-Python search has one thread
def test_two_threads_on_one_solve_give_the_one_thread_answer() -> None:
    """Positions big enough for the root moves to be shared by two threads: every
    value as one thread alone finds it, in every preset."""
    shared = 0
    for seed, (rules, sizes, bone) in enumerate((
            (STANDARD, (7, 7), 3), (STANDARD, (7, 7), 4), (CINCOS, (7, 7), 3),
            (STANDARD, (5, 5, 5), 2), (PARTNERS, (4, 4, 4, 4), 1))):
        position = built_position(rules, sizes, bone, 500 + seed)
        one, two = solve(position, threads=1), solve(position, threads=2)
        assert (two.value, two.moves) == (one.value, one.moves), position.code()
        shared += one.nodes != two.nodes  # two tables searched: other counts
    assert shared


def test_a_cancelled_search_stops() -> None:
    from trainer.search.solver import SearchLimitError

    flag = bytearray(b"\x01")
    with pytest.raises(SearchLimitError, match="cancelled"):
        solve(deal(STANDARD, 2, random.Random(4)), cancel=flag)
    small = built_position(STANDARD, (3, 3), 0, 7)
    assert solve(small, cancel=bytearray(1)).moves == solve(small).moves


@pytest.mark.parametrize("code", [code for _, code in CASES[1::3]],
                         ids=[name.replace(" ", "-") for name, _ in CASES[1::3]])
def test_near_keeps_exact_what_is_near_the_best_and_bounds_the_rest(code: str) -> None:
    """With `near`, the root value and every move within `near` points of the best are
    the oracle's; a move flagged `bound` is more than `near` below the best and its
    figure is at least its true value; a move named in `exact` is never a bound."""
    position = Position.from_code(code)
    expected, value, _ = oracle_moves(position)
    for near in (5, 10, 20):
        solution = solve(position, near=near)
        assert solution.value == value
        for m in solution.moves:
            true = expected[str(m.move)]
            if m.bound:
                assert true <= m.value < value - near, (near, str(m.move))
            else:
                assert m.value == true, (near, str(m.move))
            if true >= value - near:
                assert not m.bound
        named = tuple(m.move for m in solution.moves if m.bound)
        if named:
            again = solve(position, near=near, exact=named)
            assert {str(m.move): m.value for m in again.moves if m.move in named} == {
                str(m): expected[str(m)] for m in named}
            assert not any(m.bound for m in again.moves if m.move in named)


@pytest.mark.c_speed
def test_near_bounds_the_far_moves_of_whole_hands_on_two_threads() -> None:
    """Whole hands from the lead, where a bad lead is the costliest to value exactly:
    with `near` on two threads the best moves and their values are those of the full
    solve, every other move is exact or bounded from above, and some are bounded."""
    bounded = 0
    for seed in range(4):
        position = deal(STANDARD, 2, random.Random(seed))
        full = {m.move: m.value for m in solve(position, threads=2).moves}
        near = solve(position, threads=2, near=20)
        assert near.value == max(full.values())
        for m in near.moves:
            assert full[m.move] <= m.value < near.value - 20 if m.bound else full[m.move] == m.value
        bounded += sum(m.bound for m in near.moves)
    assert bounded


def test_near_must_be_a_multiple_of_five() -> None:
    position = Position.from_code(ENDGAME)
    for bad in (-5, 3, 12):
        with pytest.raises(ValueError):
            solve(position, near=bad)
