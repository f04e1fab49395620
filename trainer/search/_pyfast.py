"""The engine's fast path in pure Python: the same functions as the C extension
`trainer.search._fast`, with the same answers, for machines where it cannot be built.

Tiles are numbered as `Tile.ordinal`, sides E=0, W=1, N=2, S=3 and 4 for the lead, as
in trainer/search/_fast.c; random choices come from the same splitmix64 stream, so a seed
deals and plays exactly the same hands; the same checks refuse the same bad input.
The solver is the C solver's search step for step (MTD(f) in fives, the same table
of buckets, cutoffs and move order): the same values and moves, and with one thread in
C the same node counts. It is many times slower:
`trainer.search._backend` uses it only when the extension is missing (or when
ALLFIVES_PURE_PYTHON=1 asks for it).

>>> simulate(3, 7, 2, 7, "standard") == simulate(3, 7, 2, 7, "standard")
True
"""

from __future__ import annotations

import time
from collections.abc import Sequence
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
# The search of _fast.c step for step, so that values, moves and node counts agree:
# alpha-beta in fives (every point is a multiple of five) between two teams, exact
# values by null-window searches (MTD(f)), a table of three-entry buckets kept by the
# work below each entry, enhanced transposition cutoffs, the table's move tried before
# the others are made, then moves ordered by the replies they leave the opponent, points
# now less the best reply and a history of cutoffs.
INF = 30000
ORDER_MIN = 6   # tiles left from which moves are ordered by the reply they allow
ETC_MIN = 7     # tiles left from which children's table entries are looked at first
PER_REPLY = 16384  # ordering: each reply a move leaves the opponent costs as much as 4 fives
STUCK_LAST = 1 << 22  # ordering: a move that leaves the opponent no reply goes last
CHECK_EVERY = 1024

Entry = list[int]  # [k0, k1, lo, hi, move, work]


def move_points(s: State, move: int) -> int:
    """What a move scores at once, in fives, without playing it."""
    tile, k = move & 31, move >> 5
    hi, lo = HIGH[tile], LOW[tile]
    if k == LEAD:
        c = hi + lo
    elif s[SPINNER] < 0:
        pip, far = (s[WEST], s[EAST]) if k == 1 else (s[EAST], s[WEST])
        c = far + (2 * hi if hi == lo else (lo if hi == pip else hi))
    else:
        pip = s[ARM + k] if s[ARM + k] >= 0 else s[SPINNER]
        other = lo if hi == pip else hi
        c = 2 * other if hi == lo else other
        for j in range(4):
            if j != k and s[ARM + j] >= 0:
                c += 2 * s[ARM + j] if s[DBL + j] else s[ARM + j]
        if not ((k == 0 or s[ARM] >= 0) and (k == 1 or s[ARM + 1] >= 0)):
            c += 2 * s[SPINNER]
    return c // 5 if c > 0 and c % 5 == 0 else 0


def node_key(s: State) -> tuple[int, int]:
    """The table key of a node: the hands exactly, the layout's ends, the boneyard's
    place, the mover and the passes."""
    h0, h1, h2, h3 = s[HAND], s[HAND + 1], s[HAND + 2], s[HAND + 3]
    k0 = (h0 | h1 | h2 | h3) | (h1 | h3) << 28 | s[BONEPOS] << 56 | s[TURN] << 61
    k1 = (h2 | h3) | layout_key(s) << 28 | s[PASSES] << 49
    return k0, k1


class Search:
    """One call's search: the root player, the table, the history and the counters."""

    def __init__(self, game: Game, root: int, table_bits: int, limit: int) -> None:
        self.game = game
        self.root = root
        self.mask = (1 << (table_bits - 2)) - 1
        # bucket number -> up to three entries; a fresh table holds nothing
        self.table: dict[int, list[Entry]] = {}
        self.history = [[0] * 5 for _ in range(32)]
        self.nodes = self.probes = self.hits = 0
        self.limit = limit
        self.cap_at = 0  # node count past which a capped exact search stops (`capped`); 0: none
        self.capped = False
        self.aborted = False
        self.deadline = 0.0  # time.monotonic() past which the search stops; 0: none
        self.cancel: Optional[bytearray] = None  # cancel[0] non-zero stops the search

    def team(self, player: int) -> int:
        return player & 1 if self.game.partners else int(player != self.root)

    def settle(self, s: State, winner: int, viewer: int) -> int:
        """End-of-hand scoring in fives seen from `viewer`'s team; winner -1: a block."""
        game = self.game
        held = [pips(s[HAND + p]) for p in range(game.players)]
        sc = [0, 0, 0, 0]
        if not game.winner_takes:
            for p in range(game.players):
                sc[side_of(game, p)] -= (held[p] + 2) // 5
        else:
            if winner < 0:
                low = min(held)
                if held.count(low) > 1:
                    return 0
                winner = held.index(low)
            sc[side_of(game, winner)] += (sum(held) - held[winner] + 2) // 5
        me = self.team(viewer)
        value = 0
        for k in range(2 if game.partners else game.players):
            tk = k if game.partners else self.team(k)
            value += sc[k] if tk == me else -sc[k]
        return value

    def bucket(self, k0: int, k1: int) -> int:
        h = ((k0 ^ ((k1 * 0xC2B2AE3D27D4EB4F) & MASK64)) * 0x9E3779B97F4A7C15) & MASK64
        h ^= h >> 29
        return (h >> 7) & self.mask

    def find(self, bucket: int, k0: int, k1: int) -> Optional[Entry]:
        for entry in self.table.get(bucket, ()):
            if entry[0] == k0 and entry[1] == k1:
                return entry
        return None

    def store(self, k0: int, k1: int, lo: int, hi: int, move: int, work: int) -> None:
        """Keep what was learnt: the same key's entry (bounds intersected), else a free
        place, else the entry with the least work below it."""
        w = 0
        while work > 1 and w < 31:
            work >>= 1
            w += 1
        entries = self.table.setdefault(self.bucket(k0, k1), [])
        entry = next((e for e in entries if e[0] == k0 and e[1] == k1), None)
        if entry is not None:
            entry[2] = max(entry[2], lo)
            entry[3] = min(entry[3], hi)
            entry[4] = move
            entry[5] = max(entry[5], w)
        elif len(entries) < 3:
            entries.append([k0, k1, lo, hi, move, w])
        else:
            least = min(range(3), key=lambda j: entries[j][5])  # the first of the least
            entries[least] = [k0, k1, lo, hi, move, w]

    def best_reply(self, s: State) -> tuple[int, int]:
        """The most the player to move scores at once (in fives), and how many moves he
        has; -1 if he has none (he must draw or pass)."""
        replies = [move_points(s, m) for m in gen_moves(self.game, s)]
        return (max(replies), len(replies)) if replies else (-1, 0)

    def reply_score(self, c: State, p: int, same: bool) -> int:
        """How promising a move is, by its child `c` (`p` points now, in fives; `same`:
        the child's mover is on the move's team): an opponent left few replies first,
        one left none (he must draw) last; then points now less the best reply (a
        partner's added)."""
        reply, options = self.best_reply(c)
        if same:
            return (p + max(reply, 0)) * 4096
        return (p - max(reply, 0)) * 4096 - (STUCK_LAST if reply < 0 else options * PER_REPLY)

    def child_value(self, c: State, mover: int, p: int, alpha: int, beta: int) -> int:
        """The value of a move's child for the mover (points p in fives), in (alpha, beta)."""
        if not c[HAND + mover]:
            return p + self.settle(c, mover, mover)
        if self.team(c[TURN]) == self.team(mover):
            return p + self.ab(c, alpha - p, beta - p)
        return p - self.ab(c, p - beta, p - alpha)

    def stopped(self) -> bool:
        """Past the time limit, or cancelled?"""
        if (self.deadline and time.monotonic() > self.deadline) or (self.cancel and self.cancel[0]):
            self.aborted = True
        return self.aborted

    def ab(self, start: State, alpha: int, beta: int) -> int:
        if self.aborted:
            return 0
        game = self.game
        n = list(start)
        self.nodes += 1
        first = self.nodes
        if self.limit and first > self.limit:
            self.aborted = True
            return 0
        if self.cap_at and first > self.cap_at:
            self.aborted = self.capped = True
            return 0
        if first % CHECK_EVERY == 0 and self.stopped():
            return 0
        draw_until_playable(game, n)
        moves = gen_moves(game, n)
        mover = n[TURN]
        if not moves:
            if n[PASSES] + 1 >= game.players:
                return self.settle(n, -1, mover)
            n[PASSES] += 1
            n[TURN] = (mover + 1) % game.players
            if self.team(n[TURN]) == self.team(mover):
                return self.ab(n, alpha, beta)
            return -self.ab(n, -beta, -alpha)
        following = (mover + 1) % game.players
        if len(moves) == 1:  # a forced move: nothing to learn here that the child's entry lacks
            c = list(n)
            p = apply_move(game, c, moves[0]) // 5
            c[TURN] = following
            return self.child_value(c, mover, p, alpha, beta)
        k0, k1 = node_key(n)
        tiles = ((n[HAND] | n[HAND + 1] | n[HAND + 2] | n[HAND + 3]).bit_count()
                 + len(game.bone) - n[BONEPOS])
        same = self.team(following) == self.team(mover)
        etc = tiles >= ETC_MIN
        entry = self.find(self.bucket(k0, k1), k0, k1)
        ttmove = -1
        self.probes += 1
        if entry is not None:
            self.hits += 1
            lo, hi = entry[2], entry[3]
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            alpha, beta = max(alpha, lo), min(beta, hi)
            ttmove = entry[4]
        best, bestmove, searched, a0 = -INF, -1, False, alpha
        tttable = -1
        if ttmove in moves:  # the move that was best here before: tried before the others are made
            c = list(n)
            p = apply_move(game, c, ttmove) // 5
            c[TURN] = following
            tttable = layout_key(c)
            best = self.child_value(c, mover, p, alpha, beta)
            if self.aborted:
                return 0
            bestmove, searched = ttmove, True
            alpha = max(alpha, best)
            if alpha >= beta:
                self.history_add(ttmove, tiles)
                self.store(k0, k1, best, INF, bestmove, self.nodes - first)
                return best
        else:
            ttmove = -1
        kids: list[State] = []
        pts: list[int] = []
        keys: list[Optional[tuple[int, int]]] = []
        kept: list[int] = []
        tables: list[int] = []
        for move in moves:
            c = list(n)
            p = apply_move(game, c, move) // 5
            c[TURN] = following
            # the same tile on another end giving the same table, up to its mirror: the
            # same child (its value is the same), searched once
            table = layout_key(c)
            if ttmove >= 0 and (move & 31) == (ttmove & 31) and table == tttable:
                continue
            if any((m & 31) == (move & 31) and t == table for m, t in zip(kept, tables)):
                continue
            kept.append(move)
            tables.append(table)
            pts.append(p)
            kids.append(c)
            key = None
            if etc and c[HAND + mover]:
                d = list(c)
                draw_until_playable(game, d)
                key = node_key(d)
            keys.append(key)
        moves = kept
        score = []
        for move, c, p in zip(moves, kids, pts):
            if not c[HAND + mover]:  # going out: its value is known at once
                v = p + self.settle(c, mover, mover)
                if v >= beta:
                    self.store(k0, k1, v, INF, move, 1)
                    return v
                score.append(1 << 28)
            else:
                # the replies it leaves, then the history of cutoffs, heavier tiles
                tile = move & 31
                score.append((self.reply_score(c, p, same) if tiles >= ORDER_MIN else p * 4096)
                             + self.history[tile][move >> 5] + HIGH[tile] + LOW[tile])
        for move, key, p in zip(moves, keys, pts):  # enhanced transposition cutoff
            if key is None:
                continue
            child = self.find(self.bucket(*key), *key)
            if child is not None:
                v = p + child[2] if same else p - child[3]
                if v >= beta:
                    self.store(k0, k1, v, INF, move, 1)
                    return v
        order = sorted(range(len(moves)), key=lambda j: -score[j])  # stable, as C's insertion sort
        if bestmove < 0 and moves:
            bestmove = moves[order[0]]
        for j, o in enumerate(order):
            p, c = pts[o], kids[o]
            if (j == 0 and not searched) or beta - alpha <= 1:
                v = self.child_value(c, mover, p, alpha, beta)
            else:
                v = self.child_value(c, mover, p, alpha, alpha + 1)
                if alpha < v < beta and not self.aborted:
                    v = self.child_value(c, mover, p, v - 1, beta)
            if self.aborted:
                return 0
            if v > best:
                best, bestmove = v, moves[o]
            alpha = max(alpha, best)
            if alpha >= beta:
                self.history_add(moves[o], tiles)
                break
        self.store(k0, k1, -INF if best <= a0 else best, INF if best >= beta else best, bestmove,
                   self.nodes - first)
        return best

    def history_add(self, move: int, tiles: int) -> None:
        """A cutoff by `move`: its history grows by the square of the tiles in play."""
        row = self.history[move & 31]
        row[move >> 5] += tiles * tiles
        if row[move >> 5] > 4000:
            for r in self.history:
                r[:] = [x // 2 for x in r]

    def narrow(self, s: State, guess: int, lo: int, hi: int) -> tuple[int, int]:
        """The bounds `lo` <= value <= `hi` of a node narrowed by null-window searches
        from `guess` until they meet (or the search stops): stepping by one while only
        one bound is known, then halving the interval."""
        b = guess
        while lo < hi and not self.aborted:
            if lo > -INF and hi < INF:
                b = lo + (hi - lo + 1) // 2
            elif lo > -INF:
                b = lo + 1
            elif hi < INF:
                b = hi
            g = self.ab(s, b - 1, b)
            if self.aborted:  # an unfinished search proves nothing
                break
            if g >= b:
                lo = g
            else:
                hi = g
        return lo, hi

    def exact_value(self, s: State, guess: int, lo: int = -INF, hi: int = INF) -> int:
        """The exact value of a node (`narrow`)."""
        return self.narrow(s, guess, lo, hi)[0]

    def move_exact(self, c: State, mover: int, p: int, guess: int, known: int = -INF,
                   cap: int = 0, ceiling: int = INF) -> tuple[int, bool]:
        """The exact value of a root move for the mover, its child prepared; `known` is
        a lower bound on it already found (-INF: none). With `cap` (nodes, 0: none), a
        search that passes it having proven an upper bound below `ceiling` stops there:
        (that bound, True); else it goes on uncapped."""
        if not c[HAND + mover]:
            return p + self.settle(c, mover, mover), False
        same = self.team(c[TURN]) == self.team(mover)
        lo = known - p if same and known > -INF else -INF
        hi = p - known if not same and known > -INF else INF
        self.cap_at = self.nodes + cap if cap else 0
        lo, hi = self.narrow(c, guess - p if same else p - guess, lo, hi)
        self.cap_at = 0
        if self.capped:
            self.aborted = self.capped = False
            upper = (p + hi if hi < INF else INF) if same else (p - lo if lo > -INF else INF)
            if upper < ceiling:
                return upper, True
            lo, hi = self.narrow(c, 0, lo, hi)
        return (p + lo if same else p - lo), False


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


def read_pairs(pairs: Optional[Sequence[tuple[int, int]]], what: str) -> set[tuple[int, int]]:
    """The (tile, side) pairs named, checked as the C module checks them."""
    if pairs is None:
        return set()
    try:
        items = list(pairs)
    except TypeError:
        raise TypeError("exact and capped are sequences of (tile, side) pairs") from None
    for count, item in enumerate(items):
        if count >= 32 or not isinstance(item, tuple) or len(item) != 2 or not all(
                isinstance(x, int) for x in item) or not (0 <= item[0] <= 27 and 0 <= item[1] <= 4):
            raise ValueError(f"{what}: at most 32 pairs (tile 0-27, side 0-4)")
    return set(items)


def solve(hands: tuple[int, ...], bone: tuple[int, ...], layout: Compact, turn: int, rules: str,
          table_bits: int, node_limit: int, time_limit: float = 0.0, mode: int = 0,
          cancel: Optional[bytearray] = None, threads: int = 2, near: int = 0,
          exact: Optional[Sequence[tuple[int, int]]] = None,
          capped: Optional[Sequence[tuple[int, int]]] = None, cap: int = 0,
          ) -> tuple[int, list[tuple[int, ...]], int, int, int, int]:
    """Exact values of a fully known position:
    (value, [(tile, side, points, value)], nodes, probes, hits, aborted).
    mode 0: every move with its exact value; mode 1: only the best moves. With `near`
    (points, 0: off) in mode 0, a move found more than `near` below the best so far
    keeps only an upper bound, flagged 1 in a fifth field of its tuple; the moves in
    `exact` ((tile, side) pairs) are exact whatever `near` says, and so are those in
    `capped`, except that with `cap` (nodes, 0: none) one whose exact search passes `cap`
    nodes, once it is proven below the best so far, keeps the upper bound proven by
    then, flagged 2.
    node_limit 0: no limit; time_limit in seconds, 0: none; past a limit, or once
    another thread sets cancel[0] non-zero, the search stops and `aborted` is 1 (no
    value, no moves). One thread here: `threads` changes nothing; the answer, and the
    counts, are those of the C search on one thread."""
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
    if near < 0 or near % 5:
        raise ValueError("near is 0 or a positive multiple of 5")
    if cap < 0:
        raise ValueError("a negative cap")
    if not near:
        cap = 0  # capped moves are bounded: only with `near`
    if cancel is not None and not (isinstance(cancel, bytearray) and len(cancel) >= 1):
        raise TypeError("cancel is None or a bytearray of 1 byte or more")
    game, s = read_state(hands, bone, layout, turn, (), rules)
    search = Search(game, turn, table_bits, node_limit)
    search.deadline = time.monotonic() + time_limit if time_limit else 0.0
    search.cancel = cancel
    drawn = list(s)
    draw_until_playable(game, drawn)
    moves = [] if drawn[BONEPOS] > 0 else gen_moves(game, s)  # he must draw: no choice of move
    pts, values, keep = [0] * len(moves), [0] * len(moves), [mode == 0] * len(moves)
    far = [0] * len(moves)  # 1 or 2 (capped): values[i] is only an upper bound (see `near`)
    wanted = read_pairs(exact, "exact")
    tried = read_pairs(capped, "capped") - wanted
    if not moves:
        value = search.exact_value(s, 0)
    else:
        kids = []
        for i, move in enumerate(moves):
            kid = list(s)
            pts[i] = apply_move(game, kid, move) // 5
            kid[TURN] = (turn + 1) % game.players
            kids.append(kid)
        # root moves best first by a shallow look: the replies each leaves (as in the
        # search), then heavier tiles; with `near`, the moves kept exact first
        def promise(i: int) -> int:
            kid = kids[i]
            same = search.team(kid[TURN]) == search.team(turn)
            score = search.reply_score(kid, pts[i], same) if kid[HAND + turn] else pts[i] * 4096
            pair = (moves[i] & 31, moves[i] >> 5)
            first = (1 << 26 if pair in wanted else 1 << 25 if pair in tried else 0) if near else 0
            return score + PIPS[moves[i] & 31] + first
        order = sorted(range(len(moves)), key=lambda i: -promise(i))
        value = last = -INF  # a search starts from the value of the move valued before it
        for j, o in enumerate(order):
            if search.aborted:
                break
            if mode == 0:
                known = -INF  # a lower bound the test found: the exact search need not find it again
                pair = (moves[o] & 31, moves[o] >> 5)
                if near and j and pair not in wanted | tried:  # far below: a bound
                    b = value - near // 5
                    bound = search.child_value(kids[o], turn, pts[o], b - 1, b)
                    if bound < b and not search.aborted:
                        values[o], far[o] = bound, 1
                        continue
                    known = bound
                values[o], stopped = search.move_exact(
                    kids[o], turn, pts[o], last if last > -INF else 0, known, cap if pair in tried else 0,
                    value if near else -INF)
                if stopped:  # past the cap: its bound
                    far[o] = 2
                    continue
                last = values[o]
                value = max(value, values[o])
            elif j == 0:
                values[o] = value = search.move_exact(kids[o], turn, pts[o], 0)[0]
                keep[o] = True
            elif search.child_value(kids[o], turn, pts[o], value - 1, value) >= value:
                if search.child_value(kids[o], turn, pts[o], value, value + 1) > value:
                    value = search.move_exact(kids[o], turn, pts[o], value + 1)[0]
                    for m in order[:j]:
                        keep[m] = False
                values[o], keep[o] = value, True
    if search.aborted:
        return (0, [], search.nodes, search.probes, search.hits, 1)
    found: list[tuple[int, ...]] = [
        (move & 31, move >> 5, 5 * pts[i], 5 * values[i]) + ((far[i],) if near else ())
        for i, move in enumerate(moves) if keep[i]]
    return (5 * value, found, search.nodes, search.probes, search.hits, 0)


# ===================== play-outs by a policy =====================
# As in _fast.c: the rest of a hand with every player choosing on what he can see.
POLICY_RANDOM, POLICY_GREEDY, POLICY_GUARDED = 0, 1, 2
POLICIES = 3
MAX_PLAYOUT_DEALS = 100_000


def most_next(s: State, tiles: int) -> int:
    """The most any of `tiles` would score placed next on the table of `s` (points)."""
    best = 0
    for side, pip in open_ends(s):
        for tile in bits(tiles & SUIT[pip]):
            best = max(best, move_points(s, tile | side << 5) * 5)
    return best


def end_pips(s: State) -> int:
    mask = 0
    for _, pip in open_ends(s):
        mask |= 1 << pip
    return mask


def tiles_of_suits(suits: int) -> int:
    tiles = 0
    for pip in range(7):
        if suits >> pip & 1:
            tiles |= SUIT[pip]
    return tiles


def policy_move(game: Game, s: State, policy: int, lacks: list[int], moves: list[int],
                rng: list[int]) -> int:
    """The move `policy` chooses among the mover's legal `moves`."""
    if len(moves) == 1:
        return moves[0]
    if policy == POLICY_RANDOM:
        return moves[rng_next(rng) % len(moves)]
    p = s[TURN]
    unseen = 0
    for q in range(game.players):
        if q != p:
            unseen |= s[HAND + q]
    for i in range(s[BONEPOS], len(game.bone)):
        unseen |= 1 << game.bone[i]
    could = unseen & ~tiles_of_suits(lacks[(p + 1) % game.players]) if policy == POLICY_GUARDED else unseen
    keys = []
    for move in moves:
        pts = move_points(s, move) * 5
        child = list(s)
        apply_move(game, child, move)
        reply = most_next(child, could)
        tile = move & 31
        keys.append((pts - reply, pts, PIPS[tile]) if policy == POLICY_GUARDED else (pts, -reply, PIPS[tile]))
    best = max(keys)
    tied = [i for i, key in enumerate(keys) if key == best]
    return moves[tied[0] if len(tied) == 1 else tied[rng_next(rng) % len(tied)]]


def policy_playout(game: Game, s: State, policy: Sequence[int], lacks: list[int], rng: list[int]) -> int:
    """Play `s` to the end of the hand, each player by his policy, `lacks` kept up to
    date; returns the player who went out, or -1 for a block."""
    while True:
        if s[SPINNER] >= 0 or s[WEST] >= 0:
            suits = playable_suits(s)
            if not s[HAND + s[TURN]] & suits:
                ends = end_pips(s)
                lacks[s[TURN]] = ends if s[BONEPOS] < len(game.bone) else lacks[s[TURN]] | ends
            draw_until_playable(game, s)
        moves = gen_moves(game, s)
        if not moves:
            s[PASSES] += 1
            if s[PASSES] >= game.players:
                settle(game, s, -1)
                return -1
            s[TURN] = (s[TURN] + 1) % game.players
            continue
        p = s[TURN]
        apply_move(game, s, policy_move(game, s, policy[p], lacks, moves, rng))
        if not s[HAND + p]:
            settle(game, s, p)
            return p
        s[TURN] = (p + 1) % game.players


def margin_of(game: Game, before: State, after: State, mover: int) -> int:
    """What the side of `mover` scored from `before` to `after`, less what the others did."""
    mine = side_of(game, mover)
    total = 0
    for k in range(2 if game.partners else game.players):
        d = after[SCORE + k] - before[SCORE + k]
        total += d if k == mine else -d
    return total


def policy_playouts(deals: Sequence[tuple[tuple[int, ...], tuple[int, ...]]], layout: Compact, turn: int,
                    scores: tuple[int, ...], rules: str, moves: Optional[Sequence[tuple[int, int]]],
                    policies: tuple[int, ...], lacks: tuple[int, ...],
                    seed: int) -> tuple[tuple[int, ...], ...]:
    """Play each deal out once per root move by each player's policy: ((margin per deal)
    per move); with no root move, each deal once from where it stands (see _fast.c)."""
    if not isinstance(deals, (list, tuple)):
        raise TypeError("deals is a list of (hands, bone)")
    if not 1 <= len(deals) <= MAX_PLAYOUT_DEALS:
        raise ValueError(f"1 to {MAX_PLAYOUT_DEALS} deals")
    root = [tile | side << 5 for tile, side in ordered_pairs(moves, "moves")]
    if not isinstance(policies, tuple) or not isinstance(lacks, tuple):
        raise TypeError("policies and lacks are tuples of ints, one per player")
    starts: list[tuple[Game, State]] = []
    for deal in deals:
        if not isinstance(deal, tuple) or len(deal) != 2:
            raise TypeError("a deal is (hands, bone)")
        game, s = read_state(deal[0], deal[1], layout, turn, scores, rules)
        if starts and game.players != starts[0][0].players:
            raise ValueError("every deal has the same players")
        legal = gen_moves(game, s)
        if any(move not in legal for move in root):
            raise ValueError("a root move that is not legal")
        starts.append((game, s))
    players = starts[0][0].players
    if len(policies) != players or len(lacks) != players:
        raise ValueError("one policy and one mask of voids per player")
    policy, known = [], []
    for p in range(players):  # in the C module's order
        policy.append(read_int(policies[p], 0, POLICIES - 1, "a policy"))
        known.append(read_int(lacks[p], 0, 127, "a mask of voids"))
    rows: list[list[int]] = [[] for _ in range(len(root) or 1)]
    for d, (game, start) in enumerate(starts):
        stream = (seed ^ (d * 0xD1B54A32D192ED03)) & MASK64
        for r, row in enumerate(rows):
            s = list(start)
            rng = [stream]
            voids = list(known)
            if root:
                apply_move(game, s, root[r])
                if not s[HAND + turn]:
                    settle(game, s, turn)
                else:
                    s[TURN] = (turn + 1) % game.players
                    policy_playout(game, s, policy, voids, rng)
            else:
                policy_playout(game, s, policy, voids, rng)
            row.append(margin_of(game, start, s, turn))
    return tuple(tuple(row) for row in rows)


def ordered_pairs(pairs: Optional[Sequence[tuple[int, int]]], what: str) -> list[tuple[int, int]]:
    """The (tile, side) pairs named, in order, checked as the C module checks them."""
    read_pairs(pairs, what)
    return [] if pairs is None else list(pairs)
