/* The fast internal path of the All Fives engine: whole hands on tile bitmasks.
 *
 * It implements the same rules as trainer/engine/position.py (tests hold the two together)
 * for playing out random hands by the million. Tiles are numbered as Tile.ordinal:
 * high*(high+1)/2 + low. Sides are numbered E=0, W=1, N=2, S=3; 4 is the lead.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pythread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
#include <pthread.h>

static int HIGH[28], LOW[28];
static uint32_t SUIT[7], DOUBLES;

typedef struct {
    uint32_t hand[4];
    int8_t bone[28];
    int nbone, bonepos;
    int players, turn, passes;
    int spinner;          /* -1: no spinner */
    int w, e;             /* line ends; w == -1: empty table */
    int arm[4], dbl[4];   /* spinner arms: outer pip (-1 empty), last tile a double */
    int score[4];         /* per side */
    int partners, winner_takes, lead_double;
} State;

static uint64_t rng_next(uint64_t *s) {  /* splitmix64 */
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static inline int side_of(const State *s, int p) { return s->partners ? p & 1 : p; }

static int open_ends(const State *s, int *side, int *pip) {
    if (s->spinner < 0) {
        if (s->w < 0) return 0;
        side[0] = 1; pip[0] = s->w; side[1] = 0; pip[1] = s->e;
        return 2;
    }
    int n = (s->arm[0] >= 0 && s->arm[1] >= 0) ? 4 : 2;
    for (int k = 0; k < n; k++) { side[k] = k; pip[k] = s->arm[k] >= 0 ? s->arm[k] : s->spinner; }
    return n;
}

/* Legal moves of the mover as tile | side << 5; returns how many. */
static int gen_moves(const State *s, int *moves) {
    uint32_t hand = s->hand[s->turn];
    int n = 0, side[4], pip[4];
    int ne = open_ends(s, side, pip);
    if (ne == 0) {
        if (s->lead_double) {
            uint32_t d = hand & DOUBLES;
            if (d) moves[n++] = (31 - __builtin_clz(d)) | 4 << 5;
            return n;
        }
        for (uint32_t m = hand; m; m &= m - 1) moves[n++] = __builtin_ctz(m) | 4 << 5;
        return n;
    }
    for (int k = 0; k < ne; k++)
        for (uint32_t m = hand & SUIT[pip[k]]; m; m &= m - 1) moves[n++] = __builtin_ctz(m) | side[k] << 5;
    return n;
}

static uint32_t playable_suits(const State *s) {
    int side[4], pip[4], ne = open_ends(s, side, pip);
    uint32_t suits = 0;
    for (int k = 0; k < ne; k++) suits |= SUIT[pip[k]];
    return suits;
}

static int count(const State *s) {
    if (s->spinner < 0) return s->w < 0 ? 0 : s->w + s->e;
    int c = 0;
    for (int k = 0; k < 4; k++)
        if (s->arm[k] >= 0) c += s->dbl[k] ? 2 * s->arm[k] : s->arm[k];
    if (s->arm[0] < 0 || s->arm[1] < 0) c += 2 * s->spinner;
    return c;
}

/* Place a move for the mover, score it, pass the turn on; returns the points. */
static int apply_move(State *s, int move) {
    int tile = move & 31, k = move >> 5, hi = HIGH[tile], lo = LOW[tile];
    s->hand[s->turn] &= ~(1u << tile);
    if (k == 4) {
        if (hi == lo) s->spinner = hi; else { s->w = hi; s->e = lo; }
    } else if (s->spinner < 0) {
        int pip = k == 1 ? s->w : s->e;
        if (hi == lo) {
            s->spinner = hi;
            if (k == 1) { s->arm[0] = s->e; s->arm[1] = -1; }   /* line becomes the east arm */
            else { s->arm[0] = -1; s->arm[1] = s->w; }          /* line becomes the west arm */
            s->dbl[0] = s->dbl[1] = 0;
        } else if (k == 1) s->w = hi == pip ? lo : hi;
        else s->e = hi == pip ? lo : hi;
    } else {
        int pip = s->arm[k] >= 0 ? s->arm[k] : s->spinner;
        s->arm[k] = hi == pip ? lo : hi;
        s->dbl[k] = hi == lo;
    }
    int c = count(s), pts = (c > 0 && c % 5 == 0) ? c : 0;
    s->score[side_of(s, s->turn)] += pts;
    s->passes = 0;
    return pts;
}

static int pips(uint32_t m) {
    int t = 0;
    for (; m; m &= m - 1) { int i = __builtin_ctz(m); t += HIGH[i] + LOW[i]; }
    return t;
}

static inline int round5(int p) { return (p + 2) / 5 * 5; }

/* End-of-hand scoring; winner is the player who went out, or -1 for a block. */
static void settle(State *s, int winner) {
    int p, pp[4], total = 0;
    for (p = 0; p < s->players; p++) { pp[p] = pips(s->hand[p]); total += pp[p]; }
    if (!s->winner_takes) {
        for (p = 0; p < s->players; p++) s->score[side_of(s, p)] -= round5(pp[p]);
        return;
    }
    if (winner < 0) {
        int low = 1000, n = 0;
        for (p = 0; p < s->players; p++) if (pp[p] < low) { low = pp[p]; winner = p; }
        for (p = 0; p < s->players; p++) n += pp[p] == low;
        if (n > 1) return;
    }
    s->score[side_of(s, winner)] += round5(total - pp[winner]);
}

enum { LOG_SIZE = 64 };  /* more than the 28 plays a hand of distinct tiles can hold */

/* Play to the end at random; log (if given, LOG_SIZE long) receives player << 8 | move
 * per play. Returns the player who went out, or -1 for a block. */
static int playout(State *s, uint64_t *rng, int *log, int *nlog) {
    int moves[112];
    for (;;) {
        if (s->spinner >= 0 || s->w >= 0) {
            uint32_t suits = playable_suits(s);
            while (!(s->hand[s->turn] & suits) && s->bonepos < s->nbone)
                s->hand[s->turn] |= 1u << s->bone[s->bonepos++];
        }
        int n = gen_moves(s, moves);
        if (!n) {
            if (++s->passes >= s->players) { settle(s, -1); return -1; }
            s->turn = (s->turn + 1) % s->players;
            continue;
        }
        int mv = moves[rng_next(rng) % (uint64_t)n], p = s->turn;
        apply_move(s, mv);
        if (log && *nlog < LOG_SIZE) log[(*nlog)++] = p << 8 | mv;
        if (!s->hand[p]) { settle(s, p); return p; }
        s->turn = (p + 1) % s->players;
    }
}

static int preset_flags(State *s, const char *rules) {
    s->partners = s->winner_takes = s->lead_double = 0;
    if (!strcmp(rules, "partners")) s->partners = 1;
    else if (!strcmp(rules, "cincos")) s->winner_takes = s->lead_double = 1;
    else if (strcmp(rules, "standard")) { PyErr_Format(PyExc_ValueError, "unknown rules %s", rules); return -1; }
    return 0;
}

/* Deal at random: hands of `size`, the rest the boneyard; cincos deals again without a double. */
static void deal(State *s, uint64_t *rng, int size) {
    int8_t t[28];
    for (;;) {
        for (int i = 0; i < 28; i++) t[i] = (int8_t)i;
        for (int i = 27; i > 0; i--) { int j = (int)(rng_next(rng) % (uint64_t)(i + 1)); int8_t x = t[i]; t[i] = t[j]; t[j] = x; }
        for (int p = 0; p < 4; p++) s->hand[p] = 0;
        for (int p = 0; p < s->players; p++)
            for (int i = 0; i < size; i++) s->hand[p] |= 1u << t[p * size + i];
        s->nbone = 0; s->bonepos = 0;
        for (int i = s->players * size; i < 28; i++) s->bone[s->nbone++] = t[i];
        if (!s->lead_double) { s->turn = (int)(rng_next(rng) % (uint64_t)s->players); break; }
        int best = -1;
        for (int p = 0; p < s->players; p++) {
            uint32_t d = s->hand[p] & DOUBLES;
            if (d && (int)(31 - __builtin_clz(d)) > best) { best = 31 - __builtin_clz(d); s->turn = p; }
        }
        if (best >= 0) break;
    }
    s->spinner = s->w = s->e = -1;
    for (int k = 0; k < 4; k++) { s->arm[k] = -1; s->dbl[k] = 0; s->score[k] = 0; }
    s->passes = 0;
}

/* simulate(hands, seed, players, size, rules) -> (total of side 0's net points, dominoes) */
static PyObject *py_simulate(PyObject *self, PyObject *args) {
    long long n; unsigned long long seed; int players, size; const char *rules;
    if (!PyArg_ParseTuple(args, "LKiis", &n, &seed, &players, &size, &rules)) return NULL;
    if (n < 0) { PyErr_SetString(PyExc_ValueError, "a negative number of hands"); return NULL; }
    if (players < 2 || players > 4 || size < 1 || size * players > 28) {
        PyErr_SetString(PyExc_ValueError, "2 to 4 players, hands of 1 tile or more, 28 tiles in all");
        return NULL;
    }
    State s; s.players = players;
    if (preset_flags(&s, rules) < 0) return NULL;
    uint64_t rng = seed;
    long long total = 0, dominoes = 0;
    for (long long i = 0; i < n; i++) {
        if ((i & 4095) == 4095 && PyErr_CheckSignals() < 0) return NULL;   /* Ctrl-C */
        deal(&s, &rng, size);
        if (playout(&s, &rng, NULL, NULL) >= 0) dominoes++;
        total += s.score[0];
    }
    return Py_BuildValue("LL", total, dominoes);
}

/* A whole number argument within [lo, hi]; -1 with ValueError/TypeError set otherwise. */
static int read_int(PyObject *o, long long lo, long long hi, long long *out, const char *what) {
    if (!PyLong_Check(o)) { PyErr_Format(PyExc_TypeError, "%s must be an int", what); return -1; }
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (overflow || v < lo || v > hi) {
        PyErr_Format(PyExc_ValueError, "%s out of range %lld to %lld", what, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

enum { SCORE_LIMIT = 1000000000 };  /* |score| bound: a hand adds far less, so no int wraps */

/* Check a layout (spinner, w, e, arms, doubles) as fastplay.compact_layout gives it. */
static int check_layout(int spinner, int w, int e, const int *a, const int *d) {
    const char *why = NULL;
    if (spinner < -1 || spinner > 6 || w < -1 || w > 6 || e < -1 || e > 6) why = "pip out of range -1 to 6";
    for (int k = 0; k < 4 && !why; k++) {
        if (a[k] < -1 || a[k] > 6) why = "arm pip out of range -1 to 6";
        else if (d[k] != 0 && d[k] != 1) why = "arm double flag must be 0 or 1";
        else if (d[k] && a[k] < 0) why = "an empty arm ends in no double";
    }
    if (!why) {
        if (spinner < 0) {
            if ((w < 0) != (e < 0)) why = "a line has both ends or none";
            for (int k = 0; k < 4 && !why; k++) if (a[k] >= 0) why = "arms without a spinner";
        } else {
            if (w >= 0 || e >= 0) why = "line ends beside a spinner";
            else if ((a[0] < 0 || a[1] < 0) && (a[2] >= 0 || a[3] >= 0)) why = "N or S open before E and W";
        }
    }
    if (why) { PyErr_Format(PyExc_ValueError, "bad layout: %s", why); return -1; }
    return 0;
}

/* Read (hands, bone, layout, turn, scores, rules) into a State; layout is
 * (spinner, w, e, (arm E, W, N, S), (dbl E, W, N, S)) as fastplay.compact_layout gives.
 * Everything is checked before use: 2 to 4 hands of tiles 0..27, a boneyard of at most
 * 28 tile numbers, no tile twice, pips -1..6, the turn a player, scores bounded. */
static int read_state(State *out, PyObject *hands, PyObject *bone, PyObject *layout, int turn,
                      PyObject *scores, const char *rules) {
    State s;
    int spinner, w, e, a[4], d[4];
    long long v;
    memset(&s, 0, sizeof s);
    if (!PyTuple_Check(layout)) { PyErr_SetString(PyExc_TypeError, "layout is a tuple"); return -1; }
    if (!PyArg_ParseTuple(layout, "iii(iiii)(iiii)", &spinner, &w, &e, &a[0], &a[1], &a[2], &a[3],
                          &d[0], &d[1], &d[2], &d[3]))
        return -1;
    if (check_layout(spinner, w, e, a, d) < 0) return -1;
    if (preset_flags(&s, rules) < 0) return -1;
    if (!PyTuple_Check(hands) || !PyTuple_Check(bone) || !PyTuple_Check(scores)) {
        PyErr_SetString(PyExc_TypeError, "hands, bone and scores are tuples"); return -1;
    }
    Py_ssize_t players = PyTuple_Size(hands), nbone = PyTuple_Size(bone), nscores = PyTuple_Size(scores);
    if (players < 2 || players > 4) { PyErr_SetString(PyExc_ValueError, "2 to 4 hands"); return -1; }
    if (nbone > 28) { PyErr_SetString(PyExc_ValueError, "a boneyard of at most 28 tiles"); return -1; }
    if (nscores > 4) { PyErr_SetString(PyExc_ValueError, "at most 4 scores"); return -1; }
    if (turn < 0 || turn >= players) { PyErr_SetString(PyExc_ValueError, "the turn is not a player"); return -1; }
    s.players = (int)players;
    uint32_t seen = 0;
    for (int p = 0; p < s.players; p++) {
        if (read_int(PyTuple_GET_ITEM(hands, p), 0, (1LL << 28) - 1, &v, "a hand's tile bits") < 0) return -1;
        if ((uint32_t)v & seen) { PyErr_SetString(PyExc_ValueError, "a tile in two places"); return -1; }
        s.hand[p] = (uint32_t)v; seen |= (uint32_t)v;
    }
    for (Py_ssize_t i = 0; i < nbone; i++) {
        if (read_int(PyTuple_GET_ITEM(bone, i), 0, 27, &v, "a boneyard tile") < 0) return -1;
        if (seen >> v & 1) { PyErr_SetString(PyExc_ValueError, "a tile in two places"); return -1; }
        seen |= 1u << v;
        s.bone[i] = (int8_t)v;
    }
    s.nbone = (int)nbone; s.bonepos = 0;
    for (Py_ssize_t k = 0; k < nscores; k++) {
        if (read_int(PyTuple_GET_ITEM(scores, k), -SCORE_LIMIT, SCORE_LIMIT, &v, "a score") < 0) return -1;
        s.score[k] = (int)v;
    }
    for (int k = 0; k < 4; k++) { s.arm[k] = a[k]; s.dbl[k] = d[k]; }
    s.spinner = spinner; s.w = w; s.e = e; s.turn = turn; s.passes = 0;
    *out = s;
    return 0;
}

/* playout(hands, bone, layout, turn, scores, rules, seed) -> (log, scores, winner) */
static PyObject *py_playout(PyObject *self, PyObject *args) {
    PyObject *hands, *bone, *layout, *scores; int turn; const char *rules; unsigned long long seed;
    if (!PyArg_ParseTuple(args, "OOOiOsK", &hands, &bone, &layout, &turn, &scores, &rules, &seed)) return NULL;
    State s;
    if (read_state(&s, hands, bone, layout, turn, scores, rules) < 0) return NULL;
    uint64_t rng = seed;
    int log[LOG_SIZE], nlog = 0;
    int winner = playout(&s, &rng, log, &nlog);
    PyObject *out = PyList_New(nlog);
    for (int i = 0; i < nlog; i++) {
        int m = log[i] & 255;
        PyList_SET_ITEM(out, i, Py_BuildValue("(iii)", log[i] >> 8, m & 31, m >> 5));
    }
    int sides = s.partners ? 2 : s.players;
    PyObject *sc = PyTuple_New(sides);
    for (int k = 0; k < sides; k++) PyTuple_SET_ITEM(sc, k, PyLong_FromLong(s.score[k]));
    return Py_BuildValue("(NNi)", out, sc, winner);
}

/* moves(hands, bone, layout, turn, scores, rules) -> [(tile, side)] the mover's legal moves */
static PyObject *py_moves(PyObject *self, PyObject *args) {
    PyObject *hands, *bone, *layout, *scores; int turn; const char *rules;
    if (!PyArg_ParseTuple(args, "OOOiOs", &hands, &bone, &layout, &turn, &scores, &rules)) return NULL;
    State s;
    if (read_state(&s, hands, bone, layout, turn, scores, rules) < 0) return NULL;
    int moves[112], n = gen_moves(&s, moves);
    PyObject *out = PyList_New(n);
    for (int i = 0; i < n; i++) PyList_SET_ITEM(out, i, Py_BuildValue("(ii)", moves[i] & 31, moves[i] >> 5));
    return out;
}


/* ===================== exact search =====================
 * Alpha-beta (negamax between two teams, fail-soft, null windows) with a transposition
 * table, to the end of the hand, every hand and the boneyard order known. A value is
 * what the mover's team scores from now on minus what the other team scores, end-of-hand
 * pip scoring included. Teams: partners 0+2 against 1+3; otherwise the root player
 * against all the others together (with two players: the opponent).
 *
 * Every point in All Fives is a multiple of five, so the search counts in fives: a null
 * window (b - 1, b) asks "is the value at least b?" and MTD(f) finds exact values with
 * a few such searches. Root moves get exact values one by one (the coach needs each);
 * mode BEST proves only which moves are best.
 */
enum { INF = 30000, MAXMOVES = 32, NOMOVE = 255 };
/* From how many tiles in play (hands and boneyard) a node orders its moves by the
 * reply each allows, and probes its children's entries (enhanced transposition cutoff):
 * below, the work costs more than the nodes it saves. */
enum { ORDER_MIN = 6, ETC_MIN = 7 };
/* Move ordering weights (a five of points now counts 4096): each reply the move leaves
 * the opponent costs as much as 4 fives; a move that leaves him none goes last. */
enum { PER_REPLY = 16384, STUCK_LAST = 1 << 22 };
enum { MODE_ALL = 0, MODE_BEST = 1 };

typedef struct {          /* what changes during the search: 32 bytes */
    uint32_t hand[4];
    int8_t bonepos, turn, passes, spinner, w, e;
    int8_t arm[4], dbl[4];
} Node;

/* A bucket of three entries in one cache line. Key: k0 = tiles held | tiles of players
 * 1 and 3 << 28 | bonepos << 56 | mover << 61; k1 = tiles of players 2 and 3 | layout
 * << 28 | passes << 49, with the table's generation << 51 and the work (log2 of the
 * nodes below) << 59 in the spare bits. The hands are exactly recoverable from the
 * three masks, so a match is never a collision. Bounds lo <= value <= hi in fives. */
typedef struct {
    uint64_t k0[3], k1[3];
    int16_t lo[3], hi[3];
    uint8_t move[3], pad;
} Bucket;

#define KEY1_MASK ((1ULL << 59) - 1)
#define GEN_SHIFT 51

typedef struct {
    Bucket *table, *raw; uint64_t nbuckets; unsigned gen;
    PyThread_type_lock lock;
} Table;

enum { POOL = 2 };          /* tables shared by all calls: one per core here, bounded memory */
#define HUGE_PAGE ((size_t)2 << 20)
static Table POOL_TABLES[POOL];

typedef struct {
    int8_t bone[28];
    int nbone, players, partners, winner_takes, lead_double, root;
    Bucket *table; uint64_t mask, gen;
    long long nodes, probes, hits, limit;
    int aborted;          /* 1: node or time limit or cancelled; 2: a signal's handler raised (Ctrl-C) */
    double deadline;      /* monotonic seconds; 0: none */
    PyThreadState *ts;    /* this thread's state while the GIL is released; NULL: keep it */
    const volatile char *cancel;   /* the caller sets it non-zero to stop the search */
    volatile int *stop_all;        /* shared by the threads of one solve: one stops, all stop */
    const volatile long long *peer_nodes;   /* the other thread's count, for the node limit */
    int *watch;           /* a root move also searched by the other thread: non-zero once it has its value */
    long long cap_at;     /* node count past which a capped exact search stops (CAPPED); LLONG_MAX: none */
    int history[32][5];
    int shared;           /* the table is shared with another thread: buckets locked */
    int8_t team[4];       /* each player's team: partners 0+2 against 1+3, else the root against the rest */
} Search;

static unsigned long MAIN_THREAD = 0;

static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

enum { DROPPED = 3 };   /* `aborted`: the other thread valued the root move first */
enum { CAPPED = 4 };    /* `aborted`: a root move's exact search passed its node cap */

/* Every CHECK_EVERY nodes: past the time limit? Ctrl-C (in the main thread, where
 * Python handles signals, with the GIL taken back for the check)? */
enum { CHECK_EVERY = 1 << 14 };
static int check_stop(Search *c) {
    if (c->deadline > 0 && now_seconds() > c->deadline) { c->aborted = 1; return 1; }
    if (c->cancel && *c->cancel) { c->aborted = 1; return 1; }
    if (c->stop_all && *c->stop_all) { c->aborted = 1; return 1; }
    if (c->watch && __atomic_load_n(c->watch, __ATOMIC_ACQUIRE)) { c->aborted = DROPPED; return 1; }
    if (c->limit && c->peer_nodes && c->nodes + *c->peer_nodes > c->limit) { c->aborted = 1; return 1; }
    if (c->ts && PyThread_get_thread_ident() == MAIN_THREAD) {
        PyEval_RestoreThread(c->ts);
        int bad = PyErr_CheckSignals();
        c->ts = PyEval_SaveThread();
        if (bad < 0) { c->aborted = 2; return 1; }
    }
    return 0;
}

static inline int tteam(const Search *S, int p) { return S->team[p]; }

static inline int node_ends(const Node *n, int *side, int *pip) {
    if (n->spinner < 0) {
        if (n->w < 0) return 0;
        side[0] = 1; pip[0] = n->w; side[1] = 0; pip[1] = n->e;
        return 2;
    }
    int sp = n->spinner, a0 = n->arm[0], a1 = n->arm[1];
    side[0] = 0; pip[0] = a0 >= 0 ? a0 : sp;
    side[1] = 1; pip[1] = a1 >= 0 ? a1 : sp;
    if (a0 < 0 || a1 < 0) return 2;
    side[2] = 2; pip[2] = n->arm[2] >= 0 ? n->arm[2] : sp;
    side[3] = 3; pip[3] = n->arm[3] >= 0 ? n->arm[3] : sp;
    return 4;
}

/* The tiles that fit an open end (none on an empty table). */
static inline uint32_t node_suits(const Node *n) {
    if (n->spinner < 0) return n->w < 0 ? 0 : SUIT[(int)n->w] | SUIT[(int)n->e];
    int sp = n->spinner, a0 = n->arm[0], a1 = n->arm[1];
    uint32_t suits = SUIT[a0 >= 0 ? a0 : sp] | SUIT[a1 >= 0 ? a1 : sp];
    if (a0 >= 0 && a1 >= 0) suits |= SUIT[n->arm[2] >= 0 ? n->arm[2] : sp] | SUIT[n->arm[3] >= 0 ? n->arm[3] : sp];
    return suits;
}

/* The mover draws until a tile fits or the boneyard is empty (not on an empty table). */
static inline void node_draw(const Search *S, Node *n) {
    if (n->spinner < 0 && n->w < 0) return;
    uint32_t suits = node_suits(n);
    while (!(n->hand[n->turn] & suits) && n->bonepos < S->nbone)
        n->hand[n->turn] |= 1u << S->bone[(int)n->bonepos++];
}

static inline int node_moves(const Search *S, const Node *n, int *moves) {
    uint32_t hand = n->hand[(int)n->turn];
    int c = 0, side[4], pip[4], k = node_ends(n, side, pip);
    if (k == 0) {
        if (S->lead_double) {
            uint32_t d = hand & DOUBLES;
            if (d) moves[c++] = (31 - __builtin_clz(d)) | 4 << 5;
            return c;
        }
        for (uint32_t m = hand; m; m &= m - 1) moves[c++] = __builtin_ctz(m) | 4 << 5;
        return c;
    }
    for (int i = 0; i < k; i++)
        for (uint32_t m = hand & SUIT[pip[i]]; m; m &= m - 1) moves[c++] = __builtin_ctz(m) | side[i] << 5;
    return c;
}

/* What a spinner arm's end adds to the count. */
static inline int arm_count(int arm, int dbl) { return arm < 0 ? 0 : dbl ? 2 * arm : arm; }

/* The spinner's arms' ends together (the spinner itself not counted). */
static inline int arms_count(const Node *n) {
    return arm_count(n->arm[0], n->dbl[0]) + arm_count(n->arm[1], n->dbl[1]) +
           arm_count(n->arm[2], n->dbl[2]) + arm_count(n->arm[3], n->dbl[3]);
}

static inline int node_count(const Node *n) {
    if (n->spinner < 0) return n->w < 0 ? 0 : n->w + n->e;
    int c = arms_count(n);
    if (n->arm[0] < 0 || n->arm[1] < 0) c += 2 * n->spinner;
    return c;
}

/* Place a move for the mover (the turn does not pass); returns the points in fives. */
static inline int node_apply(Node *n, int move) {
    int tile = move & 31, k = move >> 5, hi = HIGH[tile], lo = LOW[tile];
    n->hand[(int)n->turn] &= ~(1u << tile);
    if (k == 4) {
        if (hi == lo) n->spinner = (int8_t)hi; else { n->w = (int8_t)hi; n->e = (int8_t)lo; }
    } else if (n->spinner < 0) {
        int pip = k == 1 ? n->w : n->e;
        if (hi == lo) {
            n->spinner = (int8_t)hi;
            if (k == 1) { n->arm[0] = n->e; n->arm[1] = -1; } else { n->arm[0] = -1; n->arm[1] = n->w; }
            n->dbl[0] = n->dbl[1] = 0;
            n->w = n->e = -1;
        } else if (k == 1) n->w = (int8_t)(hi == pip ? lo : hi);
        else n->e = (int8_t)(hi == pip ? lo : hi);
    } else {
        int pip = n->arm[k] >= 0 ? n->arm[k] : n->spinner;
        n->arm[k] = (int8_t)(hi == pip ? lo : hi);
        n->dbl[k] = hi == lo;
    }
    int c = node_count(n);
    n->passes = 0;
    return (c > 0 && c % 5 == 0) ? c / 5 : 0;
}

/* End-of-hand scoring in fives seen from `viewer`'s team; winner -1: a block. */
static int node_settle(const Search *S, const Node *n, int winner, int viewer) {
    int pp[4], total = 0, sc[4] = {0, 0, 0, 0};
    for (int p = 0; p < S->players; p++) { pp[p] = pips(n->hand[p]); total += pp[p]; }
    if (!S->winner_takes) {
        for (int p = 0; p < S->players; p++) sc[S->partners ? p & 1 : p] -= (pp[p] + 2) / 5;
    } else {
        if (winner < 0) {
            int low = 1000, ties = 0;
            for (int p = 0; p < S->players; p++) if (pp[p] < low) { low = pp[p]; winner = p; }
            for (int p = 0; p < S->players; p++) ties += pp[p] == low;
            if (ties > 1) return 0;
        }
        sc[S->partners ? winner & 1 : winner] += (total - pp[winner] + 2) / 5;
    }
    int v = 0, me = tteam(S, viewer), sides = S->partners ? 2 : S->players;
    for (int k = 0; k < sides; k++) {
        int tk = S->partners ? k : tteam(S, k);
        v += tk == me ? sc[k] : -sc[k];
    }
    return v;
}

static inline uint64_t arm_code(int arm, int dbl) { return arm < 0 ? 0 : (uint64_t)(1 + arm * 2 + dbl); }

static inline uint64_t node_layout_key(const Node *n) {
    if (n->spinner < 0) {
        if (n->w < 0) return 0;
        int a = n->w, b = n->e;
        if (a > b) { int x = a; a = b; b = x; }
        return 1 | (uint64_t)a << 2 | (uint64_t)b << 5;
    }
    uint64_t e0 = arm_code(n->arm[0], n->dbl[0]), e1 = arm_code(n->arm[1], n->dbl[1]);
    uint64_t e2 = arm_code(n->arm[2], n->dbl[2]), e3 = arm_code(n->arm[3], n->dbl[3]);
    uint64_t lo01 = e0 < e1 ? e0 : e1, hi01 = e0 < e1 ? e1 : e0;
    uint64_t lo23 = e2 < e3 ? e2 : e3, hi23 = e2 < e3 ? e3 : e2;
    return 2 | (uint64_t)n->spinner << 2 | lo01 << 5 | hi01 << 9 | lo23 << 13 | hi23 << 17;
}

static inline void node_key(const Node *n, uint64_t *k0, uint64_t *k1) {
    uint64_t h0 = n->hand[0], h1 = n->hand[1], h2 = n->hand[2], h3 = n->hand[3];
    *k0 = (h0 | h1 | h2 | h3) | (h1 | h3) << 28 | (uint64_t)n->bonepos << 56 | (uint64_t)n->turn << 61;
    *k1 = (h2 | h3) | node_layout_key(n) << 28 | (uint64_t)n->passes << 49;
}

static inline Bucket *bucket_of(const Search *S, uint64_t k0, uint64_t k1) {
    uint64_t h = (k0 ^ (k1 * 0xC2B2AE3D27D4EB4FULL)) * 0x9E3779B97F4A7C15ULL;
    h ^= h >> 29;
    return &S->table[(h >> 7) & S->mask];
}

static inline int bucket_find(const Bucket *b, uint64_t k0, uint64_t k1g) {
    for (int i = 0; i < 3; i++)
        if (b->k0[i] == k0 && ((b->k1[i] ^ k1g) & KEY1_MASK) == 0) return i;
    return -1;
}

/* A table shared by two threads: each bucket is read and written under its own lock
 * (its spare byte), so that no thread sees an entry half written. */
static inline void bucket_lock(const Search *S, Bucket *b) {
    if (!S->shared) return;
    while (__atomic_test_and_set(&b->pad, __ATOMIC_ACQUIRE))
        while (__atomic_load_n(&b->pad, __ATOMIC_RELAXED)) {}
}

static inline void bucket_unlock(const Search *S, Bucket *b) {
    if (S->shared) __atomic_clear(&b->pad, __ATOMIC_RELEASE);
}

/* The bounds and move kept for a key: 1 if found. */
static inline int probe(const Search *S, Bucket *b, uint64_t k0, uint64_t k1g, int *lo, int *hi, int *move) {
    bucket_lock(S, b);
    int i = bucket_find(b, k0, k1g);
    if (i >= 0) { *lo = b->lo[i]; *hi = b->hi[i]; *move = b->move[i]; }
    bucket_unlock(S, b);
    return i >= 0;
}

/* Keep what was learnt: the same key's entry (bounds intersected), else a stale entry,
 * else the one with the least work below it. */
static void store(Search *S, uint64_t k0, uint64_t k1, int lo, int hi, int move, long long work) {
    Bucket *b = bucket_of(S, k0, k1);
    uint64_t k1g = k1 | S->gen;
    int w = 0;
    while (work > 1 && w < 31) { work >>= 1; w++; }
    bucket_lock(S, b);
    int i = bucket_find(b, k0, k1g);
    if (i >= 0) {
        if (b->lo[i] > lo) lo = b->lo[i];
        if (b->hi[i] < hi) hi = b->hi[i];
        int old = (int)(b->k1[i] >> 59);
        if (old > w) w = old;
    } else {
        int worst = 99;
        for (int j = 0; j < 3; j++) {
            int wj = ((b->k1[j] ^ S->gen) & (255ULL << GEN_SHIFT)) ? -1 : (int)(b->k1[j] >> 59);
            if (wj < worst) { worst = wj; i = j; }
        }
    }
    b->k0[i] = k0; b->k1[i] = k1g | (uint64_t)w << 59;
    b->lo[i] = (int16_t)lo; b->hi[i] = (int16_t)hi; b->move[i] = (uint8_t)move;
    bucket_unlock(S, b);
}

static int ab(Search *S, const Node *in, int alpha, int beta);

/* What a move scores at once, in fives, without playing it (as node_apply counts);
 * `arms` is arms_count(n) when there is a spinner. */
static inline int move_points(const Node *n, int move, int arms) {
    int tile = move & 31, k = move >> 5, hi = HIGH[tile], lo = LOW[tile], c;
    if (k == 4) c = hi + lo;
    else if (n->spinner < 0) {
        int pip = k == 1 ? n->w : n->e, far = k == 1 ? n->e : n->w;
        c = far + (hi == lo ? 2 * hi : (hi == pip ? lo : hi));
    } else {
        int pip = n->arm[k] >= 0 ? n->arm[k] : n->spinner, other = hi == pip ? lo : hi;
        c = arms - arm_count(n->arm[k], n->dbl[k]) + (hi == lo ? 2 * other : other);
        if (!((k == 0 || n->arm[0] >= 0) && (k == 1 || n->arm[1] >= 0))) c += 2 * n->spinner;
    }
    return (c > 0 && c % 5 == 0) ? c / 5 : 0;
}

/* The most the player to move in `c` scores at once (in fives), and how many moves he
 * has (`options`); -1 if he has none (he must draw or pass). */
static int best_reply(const Node *c, int *options) {
    int side[4], pip[4], k = node_ends(c, side, pip), best = 0;   /* a child: never an empty table */
    uint32_t hand = c->hand[(int)c->turn];
    if (!(hand & node_suits(c))) return -1;   /* he must draw or pass */
    int arms = c->spinner < 0 ? 0 : arms_count(c);
    for (int i = 0; i < k; i++)
        for (uint32_t m = hand & SUIT[pip[i]]; m; m &= m - 1) {
            int p = move_points(c, __builtin_ctz(m) | side[i] << 5, arms);
            if (p > best) best = p;
            (*options)++;
        }
    return best;
}

/* How promising a move is, by its child `c` (`p` points now, in fives; `same`: the
 * child's mover is on the move's team): an opponent left few replies first (the fewer,
 * the smaller his tree and the likelier a cutoff), one left none, who must draw, last;
 * then points now less the best reply (a partner's added). */
static inline int reply_score(const Node *c, int p, int same) {
    int options = 0, reply = best_reply(c, &options);
    if (same) return (p + (reply > 0 ? reply : 0)) * 4096;
    return (p - (reply > 0 ? reply : 0)) * 4096 - (reply < 0 ? STUCK_LAST : options * PER_REPLY);
}

/* The value of a move's child for the mover (points p already in fives), in (alpha, beta). */
static inline int child_value(Search *S, Node *c, int mover, int p, int alpha, int beta) {
    if (!c->hand[mover]) return p + node_settle(S, c, mover, mover);
    if (tteam(S, c->turn) == tteam(S, mover)) return p + ab(S, c, alpha - p, beta - p);
    return p - ab(S, c, p - beta, p - alpha);
}

static inline void history_add(Search *S, int move, int tiles) {
    int t = move & 31, k = move >> 5;
    S->history[t][k] += tiles * tiles;
    if (S->history[t][k] > 4000) for (int x = 0; x < 32 * 5; x++) S->history[x / 5][x % 5] /= 2;
}

static int ab(Search *S, const Node *in, int alpha, int beta) {
    if (S->aborted) return 0;
    Node n = *in;
    long long start = ++S->nodes;
    if (S->limit && start > S->limit) { S->aborted = 1; return 0; }
    if (start > S->cap_at) { S->aborted = CAPPED; return 0; }
    if ((start & (CHECK_EVERY - 1)) == 0 && check_stop(S)) return 0;
    node_draw(S, &n);
    int moves[MAXMOVES], cnt = node_moves(S, &n, moves), mover = n.turn;
    if (!cnt) {
        if (n.passes + 1 >= S->players) return node_settle(S, &n, -1, mover);
        n.passes++;
        n.turn = (int8_t)((mover + 1) % S->players);
        if (tteam(S, n.turn) == tteam(S, mover)) return ab(S, &n, alpha, beta);
        return -ab(S, &n, -beta, -alpha);
    }
    int next = (mover + 1) % S->players;
    if (cnt == 1) {        /* a forced move: nothing to learn here that the child's entry lacks */
        Node c = n;
        int p = node_apply(&c, moves[0]);
        c.turn = (int8_t)next;
        return child_value(S, &c, mover, p, alpha, beta);
    }
    uint64_t k0, k1;
    node_key(&n, &k0, &k1);
    Bucket *b = bucket_of(S, k0, k1);
    int tiles = __builtin_popcount(n.hand[0] | n.hand[1] | n.hand[2] | n.hand[3]) + S->nbone - n.bonepos;
    int same = tteam(S, next) == tteam(S, mover), etc = tiles >= ETC_MIN;
    int lo, hi, ttmove = NOMOVE;
    S->probes++;
    if (probe(S, b, k0, k1 | S->gen, &lo, &hi, &ttmove)) {
        S->hits++;
        if (lo >= beta) return lo;
        if (hi <= alpha) return hi;
        if (lo == hi) return lo;
        if (lo > alpha) alpha = lo;
        if (hi < beta) beta = hi;
    }
    int best = -INF, bestmove = NOMOVE, searched = 0, a0 = alpha;
    uint64_t ttkey = 0;
    if (ttmove != NOMOVE) {   /* the move that was best here before: tried before the others are made */
        int legal = 0;
        for (int i = 0; i < cnt && !legal; i++) legal = moves[i] == ttmove;
        if (legal) {
            Node c = n;
            int p = node_apply(&c, ttmove);
            c.turn = (int8_t)next;
            ttkey = node_layout_key(&c);
            int v = child_value(S, &c, mover, p, alpha, beta);
            if (S->aborted) return 0;
            best = v; bestmove = ttmove; searched = 1;
            if (best > alpha) alpha = best;
            if (alpha >= beta) {
                history_add(S, ttmove, tiles);
                store(S, k0, k1, best, INF, bestmove, S->nodes - start);
                return best;
            }
        } else ttmove = NOMOVE;
    }
    /* the children, and their table buckets fetched from memory all at once */
    Node kids[MAXMOVES];
    Bucket *cb[MAXMOVES];
    uint64_t c0[MAXMOVES], c1[MAXMOVES];
    int pts[MAXMOVES], score[MAXMOVES], order[MAXMOVES];
    uint64_t lkey[MAXMOVES];
    int kept = 0;
    for (int i = 0; i < cnt; i++) {
        int j = kept;
        Node *c = &kids[j];
        *c = n;
        moves[j] = moves[i];
        pts[j] = node_apply(c, moves[j]);
        c->turn = (int8_t)next;
        /* the same tile on another end giving the same table, up to its mirror: the
         * same child (its value is the same), searched once */
        lkey[j] = node_layout_key(c);
        int dup = ttmove != NOMOVE && (moves[j] & 31) == (ttmove & 31) && lkey[j] == ttkey;
        for (int x = 0; x < j && !dup; x++)
            dup = (moves[x] & 31) == (moves[j] & 31) && lkey[x] == lkey[j];
        if (dup) continue;
        kept++;
        order[j] = j;
        cb[j] = NULL;
        if (etc && c->hand[mover]) {
            if (!(c->hand[next] & node_suits(c)) && c->bonepos < S->nbone) {
                Node d = *c;
                node_draw(S, &d);
                node_key(&d, &c0[j], &c1[j]);
            } else node_key(c, &c0[j], &c1[j]);
            cb[j] = bucket_of(S, c0[j], c1[j]);
            __builtin_prefetch(cb[j]);
        }
    }
    cnt = kept;
    for (int j = 0; j < cnt; j++) {
        Node *c = &kids[j];
        int p = pts[j], tile = moves[j] & 31;
        if (!c->hand[mover]) {   /* going out: its value is known at once */
            int v = p + node_settle(S, c, mover, mover);
            if (v >= beta) { store(S, k0, k1, v, INF, moves[j], 1); return v; }
            score[j] = 1 << 28;
        } else {
            /* the replies it leaves, then the history of cutoffs, heavier tiles */
            score[j] = (tiles >= ORDER_MIN ? reply_score(c, p, same) : p * 4096) + S->history[tile][moves[j] >> 5]
                       + HIGH[tile] + LOW[tile];
        }
    }
    for (int j = 0; j < cnt; j++) {   /* enhanced transposition cutoff: a child's bound may settle it */
        if (!cb[j]) continue;
        int clo, chi, cmove;
        if (probe(S, cb[j], c0[j], c1[j] | S->gen, &clo, &chi, &cmove)) {
            int v = same ? pts[j] + clo : pts[j] - chi;
            if (v >= beta) { store(S, k0, k1, v, INF, moves[j], 1); return v; }
        }
    }
    for (int j = 1; j < cnt; j++) {
        int o = order[j], sc = score[o], m = j - 1;
        while (m >= 0 && score[order[m]] < sc) { order[m + 1] = order[m]; m--; }
        order[m + 1] = o;
    }
    if (bestmove == NOMOVE && cnt) bestmove = moves[order[0]];
    for (int j = 0; j < cnt; j++) {
        int o = order[j], p = pts[o], v;
        Node *c = &kids[o];
        if ((j == 0 && !searched) || beta - alpha <= 1) v = child_value(S, c, mover, p, alpha, beta);
        else {
            v = child_value(S, c, mover, p, alpha, alpha + 1);
            if (v > alpha && v < beta && !S->aborted) v = child_value(S, c, mover, p, v - 1, beta);
        }
        if (S->aborted) return 0;
        if (v > best) { best = v; bestmove = moves[o]; }
        if (best > alpha) alpha = best;
        if (alpha >= beta) { history_add(S, moves[o], tiles); break; }
    }
    store(S, k0, k1, best <= a0 ? -INF : best, best >= beta ? INF : best, bestmove, S->nodes - start);
    return best;
}

/* The exact value of a node by null-window searches from `guess` (MTD(f)): one five
 * past the bound found while only one side is known (wider steps cost more than they
 * save: the searches far from the value are cheap, those near it are not), then
 * halving the interval. */
static void narrow(Search *S, const Node *n, int guess, int *lo, int *hi) {
    int b = guess;
    while (*lo < *hi && !S->aborted) {
        if (*lo > -INF && *hi < INF) b = *lo + (*hi - *lo + 1) / 2;
        else if (*lo > -INF) b = *lo + 1;
        else if (*hi < INF) b = *hi;
        int g = ab(S, n, b - 1, b);
        if (S->aborted) return;   /* an unfinished search proves nothing */
        if (g >= b) *lo = g; else *hi = g;
    }
}

static int exact_value(Search *S, const Node *n, int guess, int lo, int hi) {
    narrow(S, n, guess, &lo, &hi);
    return lo;
}

/* The exact value of a root move for the mover, its child prepared; `known` is a
 * lower bound on it already found (-INF: none). With `cap` (nodes, 0: none), a search
 * that passes it having proven an upper bound below `ceiling` (so the move is not the
 * best) stops there: that bound is returned and `*capped` set; else it goes on uncapped. */
static int move_exact(Search *S, Node *c, int mover, int p, int guess, int known, long long cap,
                      int ceiling, int *capped) {
    if (!c->hand[mover]) return p + node_settle(S, c, mover, mover);
    int same = tteam(S, c->turn) == tteam(S, mover);   /* the child's value: the mover's less p, or p less it */
    int lo = same ? (known > -INF ? known - p : -INF) : -INF, hi = same ? INF : (known > -INF ? p - known : INF);
    if (cap) S->cap_at = S->nodes + cap;
    narrow(S, c, same ? guess - p : p - guess, &lo, &hi);
    S->cap_at = LLONG_MAX;
    if (S->aborted == CAPPED) {
        S->aborted = 0;
        int upper = same ? (hi < INF ? p + hi : INF) : (lo > -INF ? p - lo : INF);
        if (upper < ceiling) { *capped = 1; return upper; }
        narrow(S, c, 0, &lo, &hi);
    }
    return same ? p + lo : p - lo;
}

/* Is the root move's value at least b? Returns a fail-soft bound. */
static int move_test(Search *S, Node *c, int mover, int p, int b) {
    return child_value(S, c, mover, p, b - 1, b);
}

/* A free slot of the pool, held without touching its table (NULL if none is free). */
static Table *pool_reserve(void) {
    for (int i = 0; i < POOL; i++)
        if (PyThread_acquire_lock(POOL_TABLES[i].lock, NOWAIT_LOCK)) return &POOL_TABLES[i];
    return NULL;
}

/* Acquire a table of the pool (waiting, without the GIL, if all are busy and `wait`;
 * NULL if not), sized 2**bits entries, with a fresh generation. */
static Table *pool_take(int bits, int wait) {
    Table *t = pool_reserve();
    if (!t && !wait) return NULL;
    if (!t) {
        t = &POOL_TABLES[PyThread_get_thread_ident() % POOL];
        PyThread_acquire_lock(t->lock, WAIT_LOCK);
    }
    uint64_t want = (uint64_t)1 << (bits - 2);
    if (!t->table || t->nbuckets != want) {
        free(t->raw);
        t->table = t->raw = NULL; t->nbuckets = 0; t->gen = 0;
        size_t bytes = want * sizeof(Bucket), align = bytes >= HUGE_PAGE ? HUGE_PAGE : 64;
        void *p = NULL;
        if (posix_memalign(&p, align, bytes) == 0) {
#ifdef MADV_HUGEPAGE
            if (align == HUGE_PAGE) madvise(p, bytes, MADV_HUGEPAGE);   /* fewer TLB misses */
#endif
            memset(p, 0, bytes);
            t->raw = t->table = p; t->nbuckets = want;
        }
    }
    if (t->table && ++t->gen > 255) { memset(t->table, 0, t->nbuckets * sizeof(Bucket)); t->gen = 1; }
    return t;
}

/* Exact values of root moves taken one by one from a shared counter, by one or two
 * threads, each with a search of its own, in one table. A thread that finds none left
 * to start searches the last one still under way too (each learns from the other's
 * table entries); the first to value it wins and the other drops it. */
typedef struct {
    Search *S;
    Node *kids;
    const int *order, *pts;
    int *vals, n, turn, *next;
    int *done;            /* per move: 1 once valued */
    int near;             /* > 0: a move found more than `near` fives below the best so far
                           * keeps only its upper bound (in vals), flagged in `bound` */
    int *best;            /* the best exact value so far, shared by the threads */
    int *bound;
    const int *must;      /* per move: 1 if it is to be exact whatever `near` says, 2 the same up to `cap` */
    long long cap;        /* nodes: the exact search of a move with `must` 2 past it keeps its upper bound (0: none) */
} RootWork;

static void raise_best(int *best, int v) {
    int old = __atomic_load_n(best, __ATOMIC_RELAXED);
    while (v > old && !__atomic_compare_exchange_n(best, &old, v, 0, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) {}
}

static void root_all(RootWork *w) {
    Search *S = w->S;
    int best = -INF, last = -INF;   /* a search starts from the value of the move valued before it:
                                     * moves come in order of promise, neighbours' values are close */
    for (;;) {
        if (S->aborted || (S->stop_all && *S->stop_all)) break;
        int j = __atomic_fetch_add(w->next, 1, __ATOMIC_RELAXED), o = -1;
        if (j < w->n) o = w->order[j];
        else {
            for (int k = w->n - 1; k >= 0 && o < 0; k--)
                if (!__atomic_load_n(&w->done[w->order[k]], __ATOMIC_ACQUIRE)) o = w->order[k];
            if (o < 0) break;
            S->watch = &w->done[o];
        }
        int shared = w->near > 0 ? __atomic_load_n(w->best, __ATOMIC_ACQUIRE) : -INF, v, far = 0, capped = 0,
            known = -INF;   /* a lower bound the test found: the exact search need not find it again */
        if (shared > -INF && !w->must[o]) {   /* far below the best? then its bound is enough */
            int b = shared - w->near;
            v = move_test(S, &w->kids[o], w->turn, w->pts[o], b);
            far = v < b;
            if (!far) known = v;
        }
        if (!far && !S->aborted)
            v = move_exact(S, &w->kids[o], w->turn, w->pts[o], last > -INF ? last : 0, known,
                           w->must[o] == 2 ? w->cap : 0, shared, &capped);
        S->watch = NULL;
        if (S->aborted == DROPPED) { S->aborted = 0; continue; }
        if (S->aborted) break;
        w->vals[o] = v;
        if (far || capped) w->bound[o] = far ? 1 : 2;
        else if (w->near > 0) raise_best(w->best, v);
        __atomic_store_n(&w->done[o], 1, __ATOMIC_RELEASE);
        if (!far && !capped && v > best) best = v;
        if (!far && !capped) last = v;
    }
    if ((S->aborted || (S->stop_all && *S->stop_all)) && S->stop_all) { *S->stop_all = 1; if (!S->aborted) S->aborted = 1; }
}

static void *root_thread(void *arg) { root_all((RootWork *)arg); return NULL; }

enum { PARALLEL_MIN = 16 };   /* tiles in play from which a lone solve uses a second core */

/* The moves (tile | side << 5) of a sequence of (tile, side) pairs, or None; -1: an error set. */
static int read_pairs(PyObject *pairs, const char *what, int *out, int *n) {
    if (pairs == Py_None) return 0;
    PyObject *seq = PySequence_Fast(pairs, "exact and capped are sequences of (tile, side) pairs");
    if (!seq) return -1;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(seq);
    for (Py_ssize_t i = 0; i < len; i++) {
        int tile, side;
        PyObject *item = PySequence_Fast_GET_ITEM(seq, i);
        if (*n >= MAXMOVES || !PyTuple_Check(item) || !PyArg_ParseTuple(item, "ii", &tile, &side)
            || tile < 0 || tile > 27 || side < 0 || side > 4) {
            Py_DECREF(seq);
            if (!PyErr_Occurred()) PyErr_Format(PyExc_ValueError, "%s: at most 32 pairs (tile 0-27, side 0-4)", what);
            return -1;
        }
        out[(*n)++] = tile | side << 5;
    }
    Py_DECREF(seq);
    return 0;
}

/* solve(hands, bone, layout, turn, rules, table_bits, node_limit, time_limit=0.0, mode=0,
 *       cancel=None, threads=2, near=0, exact=None, capped=None, cap=0)
 *   -> (value, [(tile, side, points, value[, bound])], nodes, probes, hits, aborted)
 * threads 2: in mode 0, root moves are shared with a second thread, searching in the same
 * table, when no other solve is running and the position is big enough.
 * mode 0: every move with its exact value; mode 1: only the best moves (cheaper).
 * near (points, a multiple of 5; 0: off), mode 0: a move found more than `near` below the
 * best so far keeps only an upper bound (much cheaper), flagged 1 in a fifth field of its
 * tuple; the moves in `exact`, (tile, side) pairs, are exact whatever `near` says, and so
 * are those in `capped`, except that with `cap` (nodes, 0: none) one whose exact search
 * passes `cap` nodes, once it is proven below the best so far, keeps the upper bound
 * proven by then, flagged 2.
 * node_limit 0: no limit; time_limit in seconds, 0: none. Past a limit, or once another
 * thread sets the first byte of `cancel` (a bytearray) non-zero, the search stops and
 * `aborted` is 1. Ctrl-C (a signal whose handler raises) stops it within a second
 * with that exception. The GIL is released while searching: solves run in parallel,
 * each with a table of a small shared pool. */
static PyObject *py_solve(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"hands", "bone", "layout", "turn", "rules", "table_bits", "node_limit",
                             "time_limit", "mode", "cancel", "threads", "near", "exact", "capped", "cap", NULL};
    PyObject *hands, *bone, *layout, *cancel = Py_None, *exact = Py_None, *capped = Py_None;
    int turn, bits, mode = MODE_ALL, threads = 2, near = 0;
    const char *rules; long long limit, cap = 0; double seconds = 0.0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOOisiL|diOiiOOL", kwlist, &hands, &bone, &layout, &turn,
                                     &rules, &bits, &limit, &seconds, &mode, &cancel, &threads, &near, &exact,
                                     &capped, &cap))
        return NULL;
    if (cap < 0) { PyErr_SetString(PyExc_ValueError, "a negative cap"); return NULL; }
    if (!near) cap = 0;   /* capped moves are bounded: only with `near` */
    if (near < 0 || near % 5) { PyErr_SetString(PyExc_ValueError, "near is 0 or a positive multiple of 5"); return NULL; }
    int wanted[MAXMOVES], nwanted = 0, tried[MAXMOVES], ntried = 0;   /* moves (tile | side << 5) */
    if (read_pairs(exact, "exact", wanted, &nwanted) < 0 || read_pairs(capped, "capped", tried, &ntried) < 0)
        return NULL;
    if (threads != 1 && threads != 2) { PyErr_SetString(PyExc_ValueError, "threads 1 or 2"); return NULL; }
    if (cancel != Py_None && !(PyByteArray_Check(cancel) && PyByteArray_GET_SIZE(cancel) >= 1)) {
        PyErr_SetString(PyExc_TypeError, "cancel is None or a bytearray of 1 byte or more"); return NULL;
    }
    if (bits < 10 || bits > 25) { PyErr_SetString(PyExc_ValueError, "table bits 10 to 25"); return NULL; }
    if (limit < 0) { PyErr_SetString(PyExc_ValueError, "a negative node limit"); return NULL; }
    if (!(seconds >= 0.0 && seconds <= 1e7)) { PyErr_SetString(PyExc_ValueError, "time limit 0 to 1e7 seconds"); return NULL; }
    if (mode != MODE_ALL && mode != MODE_BEST) { PyErr_SetString(PyExc_ValueError, "mode 0 (all moves) or 1 (best only)"); return NULL; }
    PyObject *zeros = PyTuple_New(0);
    if (!zeros) return NULL;
    State s;
    int bad = read_state(&s, hands, bone, layout, turn, zeros, rules);
    Py_DECREF(zeros);
    if (bad < 0) return NULL;
    Search *S = calloc(1, sizeof(Search));
    if (!S) return PyErr_NoMemory();
    memcpy(S->bone, s.bone, sizeof S->bone);
    S->nbone = s.nbone; S->players = s.players; S->partners = s.partners;
    S->winner_takes = s.winner_takes; S->lead_double = s.lead_double; S->root = turn;
    for (int p = 0; p < 4; p++) S->team[p] = (int8_t)(s.partners ? (p & 1) : (p == turn ? 0 : 1));
    S->limit = limit; S->cap_at = LLONG_MAX;
    Py_buffer flag = {0};   /* held while searching: the bytearray cannot be resized meanwhile */
    if (cancel != Py_None) {
        if (PyObject_GetBuffer(cancel, &flag, PyBUF_SIMPLE) < 0) { free(S); return NULL; }
        S->cancel = (const volatile char *)flag.buf;
    }
    S->deadline = seconds > 0 ? now_seconds() + seconds : 0;
    Node root;
    memset(&root, 0, sizeof root);
    for (int p = 0; p < 4; p++) root.hand[p] = s.hand[p];
    root.bonepos = 0; root.turn = (int8_t)turn; root.passes = 0;
    root.spinner = (int8_t)s.spinner; root.w = (int8_t)s.w; root.e = (int8_t)s.e;
    for (int k = 0; k < 4; k++) { root.arm[k] = (int8_t)s.arm[k]; root.dbl[k] = (int8_t)s.dbl[k]; }
    int moves[MAXMOVES], pts[MAXMOVES], vals[MAXMOVES], keep[MAXMOVES], bound[MAXMOVES] = {0}, n = 0, value = 0;
    int must[MAXMOVES] = {0};
    Table *t;
    Py_BEGIN_ALLOW_THREADS
    S->ts = _save;
    t = pool_take(bits, 1);
    if (t->table) {
        S->table = t->table; S->mask = t->nbuckets - 1; S->gen = (uint64_t)t->gen << GEN_SHIFT;
        Node r = root;
        node_draw(S, &r);
        int must_draw = r.bonepos > 0;   /* he must draw or pass: no choice of move */
        n = must_draw ? 0 : node_moves(S, &root, moves);
        if (n == 0) value = exact_value(S, &root, 0, -INF, INF);
        else {
            /* root moves best first by a shallow look: the replies each leaves (as in the
             * search), then heavier tiles */
            Node kids[MAXMOVES];
            int order[MAXMOVES], score[MAXMOVES];
            for (int i = 0; i < n; i++) {
                kids[i] = root;
                pts[i] = node_apply(&kids[i], moves[i]);
                kids[i].turn = (int8_t)((turn + 1) % S->players);
                int same = tteam(S, kids[i].turn) == tteam(S, turn);
                score[i] = (kids[i].hand[turn] ? reply_score(&kids[i], pts[i], same) : pts[i] * 4096)
                           + HIGH[moves[i] & 31] + LOW[moves[i] & 31];
                order[i] = i; keep[i] = mode == MODE_ALL;
                for (int k = 0; k < ntried; k++) if (tried[k] == moves[i]) must[i] = 2;
                for (int k = 0; k < nwanted; k++) if (wanted[k] == moves[i]) must[i] = 1;
                /* the moves kept exact first, so that the best comes early; the capped ones after
                 * those named `exact`, so that a best is known when they start (none is capped before) */
                if (near && must[i]) score[i] += must[i] == 1 ? 1 << 26 : 1 << 25;
            }
            for (int j = 1; j < n; j++) {
                int o = order[j], m = j - 1;
                while (m >= 0 && score[order[m]] < score[o]) { order[m + 1] = order[m]; m--; }
                order[m + 1] = o;
            }
            value = -INF;
            int tiles = __builtin_popcount(root.hand[0] | root.hand[1] | root.hand[2] | root.hand[3]) + S->nbone;
            if (mode == MODE_ALL) {
                /* a second core, when no other solve is running (the pool's other slot is
                 * free); it searches in this solve's table, beside the first thread */
                Table *t2 = threads > 1 && n >= 2 && tiles >= PARALLEL_MIN ? pool_reserve() : NULL;
                Search *S2 = NULL;
                pthread_t helper;
                volatile int stop_all = 0;
                int next = 0, started = 0, shared_best = -INF;
                int done[MAXMOVES] = {0};
                RootWork w1 = {S, kids, order, pts, vals, n, turn, &next, done, near / 5, &shared_best, bound, must,
                               cap},
                         w2 = w1;
                if (t2 && (S2 = malloc(sizeof(Search)))) {
                    *S2 = *S;
                    S->shared = S2->shared = 1;   /* one table for both: each learns what the other found */
                    S2->nodes = S2->probes = S2->hits = 0; S2->ts = NULL;
                    memset(S2->history, 0, sizeof S2->history);
                    S->stop_all = S2->stop_all = &stop_all;
                    S->peer_nodes = &S2->nodes; S2->peer_nodes = &S->nodes;
                    w2.S = S2;
                    started = pthread_create(&helper, NULL, root_thread, &w2) == 0;
                }
                root_all(&w1);
                if (started) {
                    pthread_join(helper, NULL);
                    S->nodes += S2->nodes; S->probes += S2->probes; S->hits += S2->hits;
                    if (S2->aborted && !S->aborted) S->aborted = S2->aborted;
                }
                S->stop_all = NULL; S->peer_nodes = NULL;
                free(S2);
                if (t2) PyThread_release_lock(t2->lock);
                for (int j = 0; j < n; j++) if (!bound[j] && vals[j] > value) value = vals[j];
            }
            for (int j = 0; j < n && !S->aborted && mode == MODE_BEST; j++) {
                int o = order[j];
                if (j == 0) {
                    vals[o] = value = move_exact(S, &kids[o], turn, pts[o], 0, -INF, 0, INF, NULL);
                    keep[o] = 1;
                } else if (move_test(S, &kids[o], turn, pts[o], value) >= value) {
                    if (move_test(S, &kids[o], turn, pts[o], value + 1) > value) {
                        value = move_exact(S, &kids[o], turn, pts[o], value + 1, -INF, 0, INF, NULL);
                        for (int m = 0; m < j; m++) keep[order[m]] = 0;
                    }
                    vals[o] = value; keep[o] = 1;
                }
            }
        }
    }
    _save = S->ts;
    Py_END_ALLOW_THREADS
    int ok = t->table != NULL;
    PyThread_release_lock(t->lock);
    PyObject *list = NULL;
    if (ok && S->aborted != 2) {
        list = PyList_New(0);
        for (int i = 0; list && i < n && !S->aborted; i++) {
            if (!keep[i]) continue;
            PyObject *item = near ? Py_BuildValue("(iiiii)", moves[i] & 31, moves[i] >> 5, pts[i] * 5, vals[i] * 5, bound[i])
                                  : Py_BuildValue("(iiii)", moves[i] & 31, moves[i] >> 5, pts[i] * 5, vals[i] * 5);
            if (!item || PyList_Append(list, item) < 0) { Py_XDECREF(item); Py_CLEAR(list); break; }
            Py_DECREF(item);
        }
    } else if (!ok) PyErr_NoMemory();
    PyObject *out = list ? Py_BuildValue("(iNLLLi)", S->aborted ? 0 : value * 5, list, S->nodes, S->probes,
                                         S->hits, S->aborted) : NULL;
    if (cancel != Py_None) PyBuffer_Release(&flag);
    free(S);
    return out;
}

/* ===================== play-outs by a policy =====================
 * The rest of a hand played out with every player choosing on what he can see: his own
 * hand, the table, and the suits each player showed he lacks (a draw shows that he had
 * no tile for the open ends then, and starts his voids afresh; a pass adds the ends'
 * suits). POLICY_RANDOM: any legal move. POLICY_GREEDY: the most points now; ties
 * broken by the least any tile he cannot see could score next, then by the heaviest
 * tile, then at random (as the greedy player of trainer/play/players.py).
 * POLICY_GUARDED: points now less the most the next player could score in reply (with
 * any tile the mover cannot see that holds no suit the next player showed he lacks),
 * then points now, then the heaviest tile, then at random. */
enum { POLICY_RANDOM = 0, POLICY_GREEDY = 1, POLICY_GUARDED = 2, POLICIES = 3 };
enum { MAX_PLAYOUT_DEALS = 100000 };

/* What a move would score at once, in points, without playing it (as apply_move counts). */
static int points_if(const State *s, int move) {
    int tile = move & 31, k = move >> 5, hi = HIGH[tile], lo = LOW[tile], c;
    if (k == 4) c = hi + lo;
    else if (s->spinner < 0) {
        int pip = k == 1 ? s->w : s->e, far = k == 1 ? s->e : s->w;
        c = far + (hi == lo ? 2 * hi : (hi == pip ? lo : hi));
    } else {
        int pip = s->arm[k] >= 0 ? s->arm[k] : s->spinner, other = hi == pip ? lo : hi;
        c = hi == lo ? 2 * other : other;
        for (int j = 0; j < 4; j++)
            if (j != k && s->arm[j] >= 0) c += s->dbl[j] ? 2 * s->arm[j] : s->arm[j];
        if (!((k == 0 || s->arm[0] >= 0) && (k == 1 || s->arm[1] >= 0))) c += 2 * s->spinner;
    }
    return (c > 0 && c % 5 == 0) ? c : 0;
}

/* The most any of `tiles` would score placed next on the table of `s`. */
static int most_next(const State *s, uint32_t tiles) {
    int side[4], pip[4], ne = open_ends(s, side, pip), best = 0;
    for (int k = 0; k < ne; k++)
        for (uint32_t m = tiles & SUIT[pip[k]]; m; m &= m - 1) {
            int p = points_if(s, __builtin_ctz(m) | side[k] << 5);
            if (p > best) best = p;
        }
    return best;
}

/* The pips of the open ends as a mask of suits (bit p: pip p). */
static int end_pips(const State *s) {
    int side[4], pip[4], ne = open_ends(s, side, pip), mask = 0;
    for (int k = 0; k < ne; k++) mask |= 1 << pip[k];
    return mask;
}

static uint32_t tiles_of_suits(int suits) {
    uint32_t tiles = 0;
    for (int p = 0; p < 7; p++) if (suits >> p & 1) tiles |= SUIT[p];
    return tiles;
}

/* The move `policy` chooses among the mover's `n` legal moves; `lacks` holds the suits
 * each player showed he lacks. */
static int policy_move(const State *s, int policy, const int *lacks, const int *moves, int n, uint64_t *rng) {
    if (n == 1) return moves[0];
    if (policy == POLICY_RANDOM) return moves[rng_next(rng) % (uint64_t)n];
    int p = s->turn, next = (p + 1) % s->players;
    uint32_t unseen = 0;
    for (int q = 0; q < s->players; q++) if (q != p) unseen |= s->hand[q];
    for (int i = s->bonepos; i < s->nbone; i++) unseen |= 1u << s->bone[i];
    uint32_t could = policy == POLICY_GUARDED ? unseen & ~tiles_of_suits(lacks[next]) : unseen;
    int key[112][3], best[3] = {0, 0, 0}, tied[112], nt = 0;
    for (int i = 0; i < n; i++) {
        State c = *s;
        int tile = moves[i] & 31, pts = points_if(s, moves[i]);
        apply_move(&c, moves[i]);
        int reply = most_next(&c, could);
        key[i][0] = policy == POLICY_GUARDED ? pts - reply : pts;   /* the larger the better */
        key[i][1] = policy == POLICY_GUARDED ? pts : -reply;
        key[i][2] = HIGH[tile] + LOW[tile];
    }
    for (int i = 0; i < n; i++) {
        int better = nt == 0;
        if (!better) {
            int d = 0;
            for (int j = 0; j < 3 && !d; j++) d = key[i][j] - best[j];
            if (d == 0) { tied[nt++] = i; continue; }
            if (d < 0) continue;
        }
        for (int j = 0; j < 3; j++) best[j] = key[i][j];
        nt = 0; tied[nt++] = i;
    }
    return moves[tied[nt == 1 ? 0 : rng_next(rng) % (uint64_t)nt]];
}

/* Play `s` to the end of the hand, each player by his policy; `lacks` (updated) holds
 * the suits each showed he lacks. Returns the player who went out, or -1 for a block. */
static int policy_playout(State *s, const int *policy, int *lacks, uint64_t *rng) {
    int moves[112];
    for (;;) {
        if (s->spinner >= 0 || s->w >= 0) {
            uint32_t suits = playable_suits(s);
            if (!(s->hand[s->turn] & suits)) {
                int ends = end_pips(s);
                if (s->bonepos < s->nbone) lacks[s->turn] = ends; else lacks[s->turn] |= ends;
            }
            while (!(s->hand[s->turn] & suits) && s->bonepos < s->nbone)
                s->hand[s->turn] |= 1u << s->bone[s->bonepos++];
        }
        int n = gen_moves(s, moves);
        if (!n) {
            if (++s->passes >= s->players) { settle(s, -1); return -1; }
            s->turn = (s->turn + 1) % s->players;
            continue;
        }
        int p = s->turn;
        apply_move(s, policy_move(s, policy[p], lacks, moves, n, rng));
        if (!s->hand[p]) { settle(s, p); return p; }
        s->turn = (p + 1) % s->players;
    }
}

/* What the side of `mover` scored from `before` to `after`, less what the others did. */
static int margin_of(const State *before, const State *after, int mover) {
    int sides = before->partners ? 2 : before->players, mine = side_of(before, mover), m = 0;
    for (int k = 0; k < sides; k++) {
        int d = after->score[k] - before->score[k];
        m += k == mine ? d : -d;
    }
    return m;
}

/* policy_playouts(deals, layout, turn, scores, rules, moves, policies, lacks, seed)
 *   -> ((margin per deal) per move)
 * Each deal (hands, bone) of the same table is played out once per root move: the move
 * played, then the rest of the hand by each player's policy (0 random, 1 greedy, 2
 * guarded), his known voids `lacks` (a mask of suits per player) kept up to date. A
 * margin is what the mover's side scores from now on, end-of-hand scoring included,
 * less what the others score. Every move of a deal is played out from the same random
 * stream (seed and deal number), so the moves are compared on the same luck. With no
 * root move, each deal is played out once from where it stands. The GIL is released
 * while playing. */
static PyObject *py_policy_playouts(PyObject *self, PyObject *args) {
    PyObject *deals, *layout, *scores, *moves_in, *policies, *lacks_in; int turn; const char *rules;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "OOiOsOOOK", &deals, &layout, &turn, &scores, &rules, &moves_in, &policies,
                          &lacks_in, &seed))
        return NULL;
    if (!PyList_Check(deals) && !PyTuple_Check(deals)) {
        PyErr_SetString(PyExc_TypeError, "deals is a list of (hands, bone)"); return NULL;
    }
    Py_ssize_t nd = PySequence_Size(deals);
    if (nd < 1 || nd > MAX_PLAYOUT_DEALS) {
        PyErr_Format(PyExc_ValueError, "1 to %d deals", MAX_PLAYOUT_DEALS); return NULL;
    }
    int root[MAXMOVES], nroot = 0;
    if (read_pairs(moves_in, "moves", root, &nroot) < 0) return NULL;
    if (!PyTuple_Check(policies) || !PyTuple_Check(lacks_in)) {
        PyErr_SetString(PyExc_TypeError, "policies and lacks are tuples of ints, one per player"); return NULL;
    }
    State *start = malloc((size_t)nd * sizeof(State));
    if (!start) return PyErr_NoMemory();
    int policy[4] = {0, 0, 0, 0}, lacks[4] = {0, 0, 0, 0};
    for (Py_ssize_t d = 0; d < nd; d++) {
        PyObject *deal = PySequence_GetItem(deals, d), *hands, *bone;
        int bad = !deal || !PyTuple_Check(deal) || PyTuple_Size(deal) != 2;
        if (!bad) {
            hands = PyTuple_GET_ITEM(deal, 0); bone = PyTuple_GET_ITEM(deal, 1);
            bad = read_state(&start[d], hands, bone, layout, turn, scores, rules) < 0;
        } else if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "a deal is (hands, bone)");
        Py_XDECREF(deal);
        if (bad) { free(start); return NULL; }
        if (start[d].players != start[0].players) {
            free(start); PyErr_SetString(PyExc_ValueError, "every deal has the same players"); return NULL;
        }
        int legal[112], nl = gen_moves(&start[d], legal);
        for (int i = 0; i < nroot; i++) {
            int ok = 0;
            for (int j = 0; j < nl && !ok; j++) ok = legal[j] == root[i];
            if (!ok) { free(start); PyErr_SetString(PyExc_ValueError, "a root move that is not legal"); return NULL; }
        }
    }
    int players = start[0].players;
    if (PyTuple_Size(policies) != players || PyTuple_Size(lacks_in) != players) {
        free(start); PyErr_SetString(PyExc_ValueError, "one policy and one mask of voids per player"); return NULL;
    }
    for (int p = 0; p < players; p++) {
        long long v;
        if (read_int(PyTuple_GET_ITEM(policies, p), 0, POLICIES - 1, &v, "a policy") < 0) { free(start); return NULL; }
        policy[p] = (int)v;
        if (read_int(PyTuple_GET_ITEM(lacks_in, p), 0, 127, &v, "a mask of voids") < 0) { free(start); return NULL; }
        lacks[p] = (int)v;
    }
    int rows = nroot ? nroot : 1;
    int *out = malloc((size_t)rows * (size_t)nd * sizeof(int));
    if (!out) { free(start); return PyErr_NoMemory(); }
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t d = 0; d < nd; d++) {
        uint64_t stream = seed ^ ((uint64_t)d * 0xD1B54A32D192ED03ULL);
        for (int r = 0; r < rows; r++) {
            State s = start[d];
            int known[4] = {lacks[0], lacks[1], lacks[2], lacks[3]};
            uint64_t rng = stream;
            if (nroot) {
                apply_move(&s, root[r]);
                if (!s.hand[turn]) settle(&s, turn);
                else { s.turn = (turn + 1) % s.players; policy_playout(&s, policy, known, &rng); }
            } else policy_playout(&s, policy, known, &rng);
            out[(size_t)r * (size_t)nd + (size_t)d] = margin_of(&start[d], &s, turn);
        }
    }
    Py_END_ALLOW_THREADS
    free(start);
    PyObject *result = PyTuple_New(rows);
    for (int r = 0; result && r < rows; r++) {
        PyObject *row = PyTuple_New(nd);
        if (!row) { Py_CLEAR(result); break; }
        for (Py_ssize_t d = 0; d < nd; d++) PyTuple_SET_ITEM(row, d, PyLong_FromLong(out[(size_t)r * (size_t)nd + (size_t)d]));
        PyTuple_SET_ITEM(result, r, row);
    }
    free(out);
    return result;
}

static PyMethodDef METHODS[] = {
    {"solve", (PyCFunction)(void (*)(void))py_solve, METH_VARARGS | METH_KEYWORDS,
     "exact values of a fully known position: (value, [(tile, side, points, value)], nodes, probes, hits, aborted)"},
    {"moves", py_moves, METH_VARARGS, "the mover's legal moves of a compact position: [(tile, side)]"},
    {"simulate", py_simulate, METH_VARARGS, "simulate(hands, seed, players, size, rules) -> (side 0 net total, dominoes)"},
    {"playout", py_playout, METH_VARARGS, "play a compact position out at random: (log, scores, winner)"},
    {"policy_playouts", py_policy_playouts, METH_VARARGS,
     "play deals out by each player's policy after each root move: ((margin per deal) per move)"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef MODULE = {PyModuleDef_HEAD_INIT, "_fast", "Fast internal path of the engine.", -1, METHODS};

PyMODINIT_FUNC PyInit__fast(void) {
    for (int h = 0, i = 0; h <= 6; h++)
        for (int l = 0; l <= h; l++, i++) {
            HIGH[i] = h; LOW[i] = l;
            SUIT[h] |= 1u << i; SUIT[l] |= 1u << i;
            if (h == l) DOUBLES |= 1u << i;
        }
    MAIN_THREAD = PyThread_get_thread_ident();
    for (int i = 0; i < POOL; i++) {
        POOL_TABLES[i].lock = PyThread_allocate_lock();
        if (!POOL_TABLES[i].lock) return PyErr_NoMemory();
    }
    return PyModule_Create(&MODULE);
}
