"""The engine's fast path in pure Python: the same functions as the C extension
`trainer._fast`, with the same answers, for machines where it cannot be built.

Tiles are numbered as `Tile.ordinal`, sides E=0, W=1, N=2, S=3 and 4 for the lead, as
in trainer/_fast.c; random choices come from the same splitmix64 stream, so a seed
deals and plays exactly the same hands; the same checks refuse the same bad input.
The solver is a plainer alpha-beta search with a transposition table: its values and
moves are the C solver's, its node counts its own. It is many times slower:
`trainer._backend` uses it only when the extension is missing (or when
ALLFIVES_PURE_PYTHON=1 asks for it).

>>> simulate(3, 7, 2, 7, "standard") == simulate(3, 7, 2, 7, "standard")
True
"""

from __future__ import annotations

import time
from typing import Optional

Compact = tuple[int, int, int, tuple[int, int, int, int], tuple[int, int, int, int]]

MASK64 = (1 << 64) - 1
HIGH = tuple(h for h in range(7) for _ in range(h + 1))
LOW = tuple(low for h in range(7) for low in range(h + 1))
PIPS = tuple(h + low for h, low in zip(HIGH, LOW))
SUIT = tuple(sum(1 << i for i in range(28) if HIGH[i] == pip or LOW[i] == pip) for pip in range(7))
DOUBLES = sum(1 << i for i in range(28) if HIGH[i] == LOW[i])
LEAD = 4

# A state is one flat list of ints (cheap to copy): these are its fields.
HAND = 0                  # HAND + p: player p's tiles as a bitmask (4 slots)
BONEPOS, TURN, PASSES = 4, 5, 6
SPINNER, WEST, EAST = 7, 8, 9   # spinner pip (-1: none); line ends (WEST -1: empty table)
ARM, DBL = 10, 14         # ARM + k: outer pip of spinner arm k (-1 empty); DBL + k: it is a double
SCORE = 18                # SCORE + k: points of side k
STATE_SIZE = 22

State = list[int]


class Game:
    """What does not change during a hand: players, rules and the boneyard's order."""

    __slots__ = ("players", "partners", "winner_takes", "lead_double", "bone")

    def __init__(self, players: int, rules: str, bone: tuple[int, ...] = ()) -> None:
        check_rules(rules)
        self.players = players
        self.partners = rules == "partners"
        self.winner_takes = self.lead_double = rules == "cincos"
        self.bone = bone


def check_rules(rules: str) -> None:
    if rules not in ("standard", "partners", "cincos"):
        raise ValueError(f"unknown rules {rules}")


def rng_next(seed: list[int]) -> int:
    """The next number of the splitmix64 stream whose state is `seed[0]`."""
    z = seed[0] = (seed[0] + 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def bits(mask: int) -> list[int]:
    """The tile numbers of a bitmask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def side_of(game: Game, player: int) -> int:
    return player & 1 if game.partners else player


def open_ends(s: State) -> list[tuple[int, int]]:
    """(side, pip) of each open end."""
    if s[SPINNER] < 0:
        if s[WEST] < 0:
            return []
        return [(1, s[WEST]), (0, s[EAST])]
    n = 4 if s[ARM] >= 0 and s[ARM + 1] >= 0 else 2
    return [(k, s[ARM + k] if s[ARM + k] >= 0 else s[SPINNER]) for k in range(n)]


def gen_moves(game: Game, s: State) -> list[int]:
    """Legal moves of the mover as tile | side << 5."""
    hand = s[HAND + s[TURN]]
    ends = open_ends(s)
    if not ends:
        if game.lead_double:
            doubles = hand & DOUBLES
            return [(doubles.bit_length() - 1) | LEAD << 5] if doubles else []
        return [tile | LEAD << 5 for tile in bits(hand)]
    return [tile | side << 5 for side, pip in ends for tile in bits(hand & SUIT[pip])]


def playable_suits(s: State) -> int:
    suits = 0
    for _, pip in open_ends(s):
        suits |= SUIT[pip]
    return suits


def count(s: State) -> int:
    """The count of the layout: the sum of its open ends."""
    spinner = s[SPINNER]
    if spinner < 0:
        return 0 if s[WEST] < 0 else s[WEST] + s[EAST]
    c = 0
    for k in range(4):
        pip = s[ARM + k]
        if pip >= 0:
            c += 2 * pip if s[DBL + k] else pip
    if s[ARM] < 0 or s[ARM + 1] < 0:
        c += 2 * spinner
    return c


def apply_move(game: Game, s: State, move: int) -> int:
    """Place a move for the mover and score it; returns the points. The turn stays."""
    tile, k = move & 31, move >> 5
    hi, lo = HIGH[tile], LOW[tile]
    s[HAND + s[TURN]] &= ~(1 << tile)
    if k == LEAD:
        if hi == lo:
            s[SPINNER] = hi
        else:
            s[WEST], s[EAST] = hi, lo
    elif s[SPINNER] < 0:
        pip = s[WEST] if k == 1 else s[EAST]
        if hi == lo:
            s[SPINNER] = hi
            if k == 1:  # the line becomes the east arm
                s[ARM], s[ARM + 1] = s[EAST], -1
            else:       # the line becomes the west arm
                s[ARM], s[ARM + 1] = -1, s[WEST]
            s[DBL] = s[DBL + 1] = 0
        elif k == 1:
            s[WEST] = lo if hi == pip else hi
        else:
            s[EAST] = lo if hi == pip else hi
    else:
        pip = s[ARM + k] if s[ARM + k] >= 0 else s[SPINNER]
        s[ARM + k] = lo if hi == pip else hi
        s[DBL + k] = int(hi == lo)
    c = count(s)
    points = c if c > 0 and c % 5 == 0 else 0
    s[SCORE + side_of(game, s[TURN])] += points
    s[PASSES] = 0
    return points


def pips(mask: int) -> int:
    return sum(PIPS[tile] for tile in bits(mask))


def round5(p: int) -> int:
    return (p + 2) // 5 * 5


def settle(game: Game, s: State, winner: int) -> None:
    """End-of-hand scoring; `winner` went out, or -1 for a block."""
    held = [pips(s[HAND + p]) for p in range(game.players)]
    if not game.winner_takes:
        for p in range(game.players):
            s[SCORE + side_of(game, p)] -= round5(held[p])
        return
    if winner < 0:
        low = min(held)
        if held.count(low) > 1:
            return
        winner = held.index(low)
    s[SCORE + side_of(game, winner)] += round5(sum(held) - held[winner])


def draw_until_playable(game: Game, s: State) -> None:
    """Forced draws: until a tile fits or the boneyard is empty (not on an empty table)."""
    if s[SPINNER] < 0 and s[WEST] < 0:
        return
    suits = playable_suits(s)
    mover = HAND + s[TURN]
    while not s[mover] & suits and s[BONEPOS] < len(game.bone):
        s[mover] |= 1 << game.bone[s[BONEPOS]]
        s[BONEPOS] += 1


def run_playout(game: Game, s: State, rng: list[int], log: Optional[list[int]]) -> int:
    """Play to the end at random; `log` receives player << 8 | move per play.
    Returns the player who went out, or -1 for a block."""
    while True:
        draw_until_playable(game, s)
        moves = gen_moves(game, s)
        if not moves:
            s[PASSES] += 1
            if s[PASSES] >= game.players:
                settle(game, s, -1)
                return -1
            s[TURN] = (s[TURN] + 1) % game.players
            continue
        move = moves[rng_next(rng) % len(moves)]
        p = s[TURN]
        apply_move(game, s, move)
        if log is not None:
            log.append(p << 8 | move)
        if not s[HAND + p]:
            settle(game, s, p)
            return p
        s[TURN] = (p + 1) % game.players


def new_state() -> State:
    s = [0] * STATE_SIZE
    s[SPINNER] = s[WEST] = s[EAST] = -1
    for k in range(4):
        s[ARM + k] = -1
    return s


def deal(game: Game, rng: list[int], size: int) -> State:
    """A random deal: hands of `size`, the rest the boneyard (stored in `game`); cincos
    deals again until someone holds a double."""
    while True:
        tiles = list(range(28))
        for i in range(27, 0, -1):
            j = rng_next(rng) % (i + 1)
            tiles[i], tiles[j] = tiles[j], tiles[i]
        s = new_state()
        for p in range(game.players):
            s[HAND + p] = sum(1 << t for t in tiles[p * size:(p + 1) * size])
        game.bone = tuple(tiles[game.players * size:])
        if not game.lead_double:
            s[TURN] = rng_next(rng) % game.players
            return s
        best = -1
        for p in range(game.players):
            doubles = s[HAND + p] & DOUBLES
            if doubles and doubles.bit_length() - 1 > best:
                best = doubles.bit_length() - 1
                s[TURN] = p
        if best >= 0:
            return s


def simulate(hands: int, seed: int, players: int, size: int, rules: str) -> tuple[int, int]:
    """Deal and play `hands` random hands: (side 0's net points in all, hands dominoed)."""
    if hands < 0:
        raise ValueError("a negative number of hands")
    if players < 2 or players > 4 or size < 1 or size * players > 28:
        raise ValueError("2 to 4 players, hands of 1 tile or more, 28 tiles in all")
    game = Game(players, rules)
    rng = [seed & MASK64]
    total = dominoes = 0
    for _ in range(hands):
        s = deal(game, rng, size)
        if run_playout(game, s, rng, None) >= 0:
            dominoes += 1
        total += s[SCORE]
    return total, dominoes


SCORE_LIMIT = 1_000_000_000  # |score| bound: a hand adds far less


def read_int(value: object, lo: int, hi: int, what: str) -> int:
    """A whole number within [lo, hi], else TypeError or ValueError as in C."""
    if not isinstance(value, int):
        raise TypeError(f"{what} must be an int")
    if not lo <= value <= hi:
        raise ValueError(f"{what} out of range {lo} to {hi}")
    return int(value)


def check_layout(spinner: int, w: int, e: int, a: tuple[int, ...], d: tuple[int, ...]) -> None:
    """The layout checks of the C code, in its order and with its words."""
    why = ""
    if not all(-1 <= x <= 6 for x in (spinner, w, e)):
        why = "pip out of range -1 to 6"
    for k in range(4):
        if why:
            break
        if not -1 <= a[k] <= 6:
            why = "arm pip out of range -1 to 6"
        elif d[k] not in (0, 1):
            why = "arm double flag must be 0 or 1"
        elif d[k] and a[k] < 0:
            why = "an empty arm ends in no double"
    if not why:
        if spinner < 0:
            if (w < 0) != (e < 0):
                why = "a line has both ends or none"
            elif any(x >= 0 for x in a):
                why = "arms without a spinner"
        elif w >= 0 or e >= 0:
            why = "line ends beside a spinner"
        elif (a[0] < 0 or a[1] < 0) and (a[2] >= 0 or a[3] >= 0):
            why = "N or S open before E and W"
    if why:
        raise ValueError(f"bad layout: {why}")


def read_layout(layout: object) -> tuple[int, int, int, tuple[int, ...], tuple[int, ...]]:
    if not isinstance(layout, tuple):
        raise TypeError("layout is a tuple")
    if (len(layout) != 5 or not all(isinstance(x, tuple) and len(x) == 4 for x in layout[3:])
            or not all(isinstance(x, int) for x in (*layout[:3], *layout[3], *layout[4]))):
        raise TypeError("layout is (spinner, west, east, (4 arm pips), (4 arm doubles)) of ints")
    spinner, w, e, arms, doubles = layout
    if not all(-2**31 <= x < 2**31 for x in (spinner, w, e, *arms, *doubles)):
        raise OverflowError("signed integer is greater than maximum")
    check_layout(spinner, w, e, arms, doubles)
    return spinner, w, e, arms, doubles


def read_state(hands: tuple[int, ...], bone: tuple[int, ...], layout: Compact, turn: int,
               scores: tuple[int, ...], rules: str) -> tuple[Game, State]:
    """The game and state of a compact position, checked as the C code checks it: 2 to 4
    hands of tiles 0..27, a boneyard of at most 28 tile numbers, no tile twice, pips -1..6,
    the turn a player, scores bounded."""
    spinner, w, e, arms, doubles = read_layout(layout)
    check_rules(rules)
    if not isinstance(hands, tuple) or not isinstance(bone, tuple) or not isinstance(scores, tuple):
        raise TypeError("hands, bone and scores are tuples")
    if not 2 <= len(hands) <= 4:
        raise ValueError("2 to 4 hands")
    if len(bone) > 28:
        raise ValueError("a boneyard of at most 28 tiles")
    if len(scores) > 4:
        raise ValueError("at most 4 scores")
    if turn < 0 or turn >= len(hands):
        raise ValueError("the turn is not a player")
    s = new_state()
    seen = 0
    for p, hand in enumerate(hands):
        bits = read_int(hand, 0, (1 << 28) - 1, "a hand's tile bits")
        if bits & seen:
            raise ValueError("a tile in two places")
        s[HAND + p] = bits
        seen |= bits
    for item in bone:
        tile = read_int(item, 0, 27, "a boneyard tile")
        if seen >> tile & 1:
            raise ValueError("a tile in two places")
        seen |= 1 << tile
    for k, score in enumerate(scores):
        s[SCORE + k] = read_int(score, -SCORE_LIMIT, SCORE_LIMIT, "a score")
    game = Game(len(hands), rules, tuple(bone))
    for k in range(4):
        s[ARM + k], s[DBL + k] = arms[k], doubles[k]
    s[SPINNER], s[WEST], s[EAST], s[TURN] = spinner, w, e, turn
    return game, s


def playout(hands: tuple[int, ...], bone: tuple[int, ...], layout: Compact, turn: int,
            scores: tuple[int, ...], rules: str, seed: int) -> tuple[list[tuple[int, int, int]],
                                                                     tuple[int, ...], int]:
    """Play a compact position out at random: ([(player, tile, side)], scores, winner)."""
    game, s = read_state(hands, bone, layout, turn, scores, rules)
    log: list[int] = []
    winner = run_playout(game, s, [seed & MASK64], log)
    sides = 2 if game.partners else game.players
    return ([(entry >> 8, entry & 31, (entry & 255) >> 5) for entry in log],
            tuple(s[SCORE:SCORE + sides]), winner)


def moves(hands: tuple[int, ...], bone: tuple[int, ...], layout: Compact, turn: int,
          scores: tuple[int, ...], rules: str) -> list[tuple[int, int]]:
    """The mover's legal moves of a compact position: [(tile, side)]."""
    game, s = read_state(hands, bone, layout, turn, scores, rules)
    return [(move & 31, move >> 5) for move in gen_moves(game, s)]


# ===================== exact search =====================
# Alpha-beta (negamax between two teams) with a transposition table, as in _fast.c.
EXACT, LOWER, UPPER, INF = 0, 1, 2, 30000


class Search:
    """One call's search: the root player, the table and the counters."""

    def __init__(self, game: Game, root: int, table_bits: int, limit: int) -> None:
        self.game = game
        self.root = root
        self.mask = (1 << table_bits) - 1
        # slot -> (k0, k1, k2, value, flag, move); a fresh table holds nothing
        self.table: dict[int, tuple[int, int, int, int, int, int]] = {}
        self.nodes = self.probes = self.hits = 0
        self.limit = limit
        self.aborted = False
        self.deadline = 0.0  # time.monotonic() past which the search stops; 0: none
        self.cancel: Optional[bytearray] = None  # cancel[0] non-zero stops the search

    def team(self, player: int) -> int:
        return player & 1 if self.game.partners else int(player != self.root)

    def settle_value(self, s: State, winner: int, viewer: int) -> int:
        """End-of-hand scoring seen from `viewer`'s team."""
        game = self.game
        t = list(s)
        for k in range(4):
            t[SCORE + k] = 0
        settle(game, t, winner)
        me = self.team(viewer)
        value = 0
        for k in range(2 if game.partners else game.players):
            tk = k if game.partners else self.team(k)
            value += t[SCORE + k] if tk == me else -t[SCORE + k]
        return value

    def child_value(self, s: State, move: int, mover: int, alpha: int, beta: int,
                    root: bool = False) -> tuple[int, int]:
        """(points, value) of `move` for `mover`, searched within (alpha, beta); at the
        root, with the whole window."""
        child = list(s)
        p = apply_move(self.game, child, move)
        if not child[HAND + mover]:
            return p, p + self.settle_value(child, mover, mover)
        child[TURN] = (mover + 1) % self.game.players
        if self.team(child[TURN]) == self.team(mover):
            return p, p + (self.search(child, -INF, INF) if root else self.search(child, alpha - p, beta - p))
        return p, p - (self.search(child, -INF, INF) if root else self.search(child, p - beta, p - alpha))

    def search(self, start: State, alpha: int, beta: int) -> int:
        game = self.game
        s = list(start)
        if self.aborted:
            return 0
        self.nodes += 1
        if self.limit and self.nodes > self.limit:
            self.aborted = True
            return 0
        if self.nodes % 1024 == 0 and (
                (self.deadline and time.monotonic() > self.deadline) or (self.cancel and self.cancel[0])):
            self.aborted = True
            return 0
        draw_until_playable(game, s)
        moves = gen_moves(game, s)
        mover = s[TURN]
        if not moves:
            if s[PASSES] + 1 >= game.players:
                return self.settle_value(s, -1, mover)
            s[PASSES] += 1
            s[TURN] = (mover + 1) % game.players
            if self.team(s[TURN]) == self.team(mover):
                return self.search(s, alpha, beta)
            return -self.search(s, -beta, -alpha)
        k0 = s[HAND] | s[HAND + 1] << 32
        k1 = s[HAND + 2] | s[HAND + 3] << 32
        k2 = (layout_key(s) | s[BONEPOS] << 24 | mover << 30 | s[PASSES] << 33
              | self.root << 36)
        h = ((k0 * 0x9E3779B97F4A7C15) ^ (k1 * 0xC2B2AE3D27D4EB4F) ^ (k2 * 0x165667B19E3779F9)) & MASK64
        h ^= h >> 29
        slot = h & self.mask
        ttmove, a0 = -1, alpha
        self.probes += 1
        entry = self.table.get(slot)
        if entry is not None and entry[0] == k0 and entry[1] == k1 and entry[2] == k2:
            self.hits += 1
            value, flag = entry[3], entry[4]
            if flag == EXACT:
                return value
            if flag == LOWER and value > alpha:
                alpha = value
            if flag == UPPER and value < beta:
                beta = value
            if alpha >= beta:
                return value
            ttmove = entry[5]
        # order: the table's move first, then by points now (a stable sort, as in C)
        keys = []
        for move in moves:
            child = list(s)
            keys.append(apply_move(game, child, move) * 4 + (1000 if move == ttmove else 0))
        order = sorted(range(len(moves)), key=lambda i: -keys[i])
        moves = [moves[i] for i in order]
        best, bestmove = -INF, moves[0]
        for move in moves:
            _, v = self.child_value(s, move, mover, alpha, beta)
            if v > best:
                best, bestmove = v, move
            if best > alpha:
                alpha = best
            if alpha >= beta:
                break
        if self.aborted:
            return 0
        flag = UPPER if best <= a0 else LOWER if best >= beta else EXACT
        self.table[slot] = (k0, k1, k2, best, flag, bestmove)
        return best


def end_code(pip: int, double: int) -> int:
    return 0 if pip < 0 else 1 + pip * 2 + double


def layout_key(s: State) -> int:
    """What matters of the layout for the rest of the hand, with equivalent ends merged."""
    if s[SPINNER] < 0:
        if s[WEST] < 0:
            return 0
        a, b = sorted((s[WEST], s[EAST]))
        return 1 | a << 2 | b << 5
    e = [end_code(s[ARM + k], s[DBL + k]) for k in range(4)]
    e0, e1 = sorted(e[:2])
    e2, e3 = sorted(e[2:])
    return 2 | s[SPINNER] << 2 | e0 << 5 | e1 << 9 | e2 << 13 | e3 << 17


def solve(hands: tuple[int, ...], bone: tuple[int, ...], layout: Compact, turn: int, rules: str,
          table_bits: int, node_limit: int, time_limit: float = 0.0, mode: int = 0,
          cancel: Optional[bytearray] = None, threads: int = 2,
          ) -> tuple[int, list[tuple[int, int, int, int]], int, int, int, int]:
    """Exact values of a fully known position:
    (value, [(tile, side, points, value)], nodes, probes, hits, aborted).
    mode 0: every move with its exact value; mode 1: only the best moves.
    node_limit 0: no limit; time_limit in seconds, 0: none; past a limit, or once
    another thread sets cancel[0] non-zero, the search stops and `aborted` is 1 (no
    value, no moves). Values and moves are the C code's;
    the counts are this search's own (a plainer one)."""
    if table_bits < 10 or table_bits > 25:
        raise ValueError("table bits 10 to 25")
    if node_limit < 0:
        raise ValueError("a negative node limit")
    if not 0.0 <= time_limit <= 1e7:
        raise ValueError("time limit 0 to 1e7 seconds")
    if mode not in (0, 1):
        raise ValueError("mode 0 (all moves) or 1 (best only)")
    if threads not in (1, 2):  # one thread here: the answer is the same
        raise ValueError("threads 1 or 2")
    if cancel is not None and not (isinstance(cancel, bytearray) and len(cancel) >= 1):
        raise TypeError("cancel is None or a bytearray of 1 byte or more")
    game, s = read_state(hands, bone, layout, turn, (), rules)
    search = Search(game, turn, table_bits, node_limit)
    search.deadline = time.monotonic() + time_limit if time_limit else 0.0
    search.cancel = cancel
    found: list[tuple[int, int, int, int]] = []
    must_draw = (s[SPINNER] >= 0 or s[WEST] >= 0) and not s[HAND + turn] & playable_suits(s)
    root_moves = [] if must_draw else gen_moves(game, s)
    if not root_moves:  # he must draw or pass: no choice of move
        value = search.search(s, -INF, INF)
    else:
        value = -INF
        for move in root_moves:
            if search.aborted:
                break
            p, v = search.child_value(s, move, turn, -INF, INF, root=True)
            value = max(value, v)
            found.append((move & 31, move >> 5, p, v))
    if search.aborted:
        return (0, [], search.nodes, search.probes, search.hits, 1)
    if mode == 1:
        found = [m for m in found if m[3] == value]
    return (value, found, search.nodes, search.probes, search.hits, 0)
