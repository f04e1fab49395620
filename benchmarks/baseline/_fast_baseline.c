/* The fast internal path of the All Fives engine: whole hands on tile bitmasks.
 *
 * It implements the same rules as trainer/position.py (tests hold the two together)
 * for playing out random hands by the million. Tiles are numbered as Tile.ordinal:
 * high*(high+1)/2 + low. Sides are numbered E=0, W=1, N=2, S=3; 4 is the lead.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pythread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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

/* Play to the end at random; log (if given) receives player << 8 | move per play.
 * Returns the player who went out, or -1 for a block. */
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
        if (log) log[(*nlog)++] = p << 8 | mv;
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
    if (players < 2 || players > 4 || size * players > 28) { PyErr_SetString(PyExc_ValueError, "bad players or hand size"); return NULL; }
    State s; s.players = players;
    if (preset_flags(&s, rules) < 0) return NULL;
    uint64_t rng = seed;
    long long total = 0, dominoes = 0;
    for (long long i = 0; i < n; i++) {
        deal(&s, &rng, size);
        if (playout(&s, &rng, NULL, NULL) >= 0) dominoes++;
        total += s.score[0];
    }
    return Py_BuildValue("LL", total, dominoes);
}

/* Read (hands, bone, layout, turn, scores, rules) into a State; layout is
 * (spinner, w, e, (arm E, W, N, S), (dbl E, W, N, S)) as fastplay.compact_layout gives. */
static int read_state(State *out, PyObject *hands, PyObject *bone, PyObject *layout, int turn,
                      PyObject *scores, const char *rules) {
    State s;
    int spinner, w, e, a[4], d[4];
    if (!PyArg_ParseTuple(layout, "iii(iiii)(iiii)", &spinner, &w, &e, &a[0], &a[1], &a[2], &a[3],
                          &d[0], &d[1], &d[2], &d[3]))
        return -1;
    if (preset_flags(&s, rules) < 0) return -1;
    if (!PyTuple_Check(hands) || !PyTuple_Check(bone) || !PyTuple_Check(scores)) {
        PyErr_SetString(PyExc_TypeError, "hands, bone and scores are tuples"); return -1;
    }
    s.players = (int)PyTuple_Size(hands);
    if (s.players < 2 || s.players > 4) { PyErr_SetString(PyExc_ValueError, "2 to 4 hands"); return -1; }
    for (int p = 0; p < s.players; p++) s.hand[p] = (uint32_t)PyLong_AsUnsignedLong(PyTuple_GetItem(hands, p));
    s.nbone = (int)PyTuple_Size(bone); s.bonepos = 0;
    for (int i = 0; i < s.nbone; i++) s.bone[i] = (int8_t)PyLong_AsLong(PyTuple_GetItem(bone, i));
    for (int k = 0; k < 4; k++) { s.arm[k] = a[k]; s.dbl[k] = d[k]; s.score[k] = 0; }
    for (int k = 0; k < (int)PyTuple_Size(scores) && k < 4; k++) s.score[k] = (int)PyLong_AsLong(PyTuple_GetItem(scores, k));
    s.spinner = spinner; s.w = w; s.e = e; s.turn = turn; s.passes = 0;
    if (PyErr_Occurred()) return -1;
    if (turn < 0 || turn >= s.players || s.nbone > 28) { PyErr_SetString(PyExc_ValueError, "bad turn or boneyard"); return -1; }
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
    int log[64], nlog = 0;
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
 * Alpha-beta (negamax between two teams) with a transposition table, to the end
 * of the hand, every hand and the boneyard order known. A value is what the
 * mover's team scores from now on minus what the other team scores, end-of-hand
 * pip scoring included. Teams: partners 0+2 against 1+3; otherwise the root
 * player against all the others together (with two players: the opponent).
 */
enum { EXACT = 0, LOWER = 1, UPPER = 2, INF = 30000 };

typedef struct { uint64_t k0, k1, k2; int16_t value; uint8_t flag, move, gen, used; } Entry;

static Entry *TABLE = NULL;
static uint64_t TABLE_SIZE = 0;
static uint8_t TABLE_GEN = 0;
static PyThread_type_lock TABLE_LOCK = NULL;

typedef struct {
    Entry *table; uint64_t mask; uint8_t gen;
    int root;
    long long nodes, probes, hits, limit;
    int aborted;
} Ctx;


static inline int team(const Ctx *c, const State *s, int p) {
    return s->partners ? (p & 1) : (p == c->root ? 0 : 1);
}

/* End-of-hand scoring seen from `viewer`'s team. */
static int settle_value(const Ctx *c, const State *s, int winner, int viewer) {
    State t = *s;
    for (int k = 0; k < 4; k++) t.score[k] = 0;
    settle(&t, winner);
    int v = 0, me = team(c, s, viewer), sides = s->partners ? 2 : s->players;
    for (int k = 0; k < sides; k++) {
        int tk = s->partners ? k : team(c, s, k);
        v += tk == me ? t.score[k] : -t.score[k];
    }
    return v;
}

static inline int end_code(int pip, int dbl) { return pip < 0 ? 0 : 1 + pip * 2 + dbl; }

/* What matters of the layout for the rest of the hand, with equivalent ends merged. */
static uint64_t layout_key(const State *s) {
    if (s->spinner < 0) {
        if (s->w < 0) return 0;
        int a = s->w, b = s->e;
        if (a > b) { int x = a; a = b; b = x; }
        return 1 | (uint64_t)a << 2 | (uint64_t)b << 5;
    }
    int e[4];
    for (int k = 0; k < 4; k++) e[k] = end_code(s->arm[k], s->dbl[k]);
    if (e[0] > e[1]) { int x = e[0]; e[0] = e[1]; e[1] = x; }
    if (e[2] > e[3]) { int x = e[2]; e[2] = e[3]; e[3] = x; }
    return 2 | (uint64_t)s->spinner << 2 | (uint64_t)e[0] << 5 | (uint64_t)e[1] << 9 |
           (uint64_t)e[2] << 13 | (uint64_t)e[3] << 17;
}

static int search(Ctx *c, const State *in, int alpha, int beta) {
    State s = *in;
    if (++c->nodes > c->limit && c->limit) { c->aborted = 1; return 0; }
    if (s.spinner >= 0 || s.w >= 0) {   /* forced draws: until a tile fits or the boneyard is empty */
        uint32_t suits = playable_suits(&s);
        while (!(s.hand[s.turn] & suits) && s.bonepos < s.nbone)
            s.hand[s.turn] |= 1u << s.bone[s.bonepos++];
    }
    int moves[112], n = gen_moves(&s, moves), mover = s.turn;
    if (!n) {
        if (s.passes + 1 >= s.players) return settle_value(c, &s, -1, mover);
        s.passes++;
        s.turn = (mover + 1) % s.players;
        if (team(c, &s, s.turn) == team(c, &s, mover)) return search(c, &s, alpha, beta);
        return -search(c, &s, -beta, -alpha);
    }
    uint64_t k0 = s.hand[0] | (uint64_t)s.hand[1] << 32, k1 = s.hand[2] | (uint64_t)s.hand[3] << 32;
    uint64_t k2 = layout_key(&s) | (uint64_t)s.bonepos << 24 | (uint64_t)mover << 30 |
                  (uint64_t)s.passes << 33 | (uint64_t)c->root << 36;
    uint64_t h = (k0 * 0x9E3779B97F4A7C15ULL) ^ (k1 * 0xC2B2AE3D27D4EB4FULL) ^ (k2 * 0x165667B19E3779F9ULL);
    h ^= h >> 29;
    Entry *en = &c->table[h & c->mask];
    int ttmove = -1, a0 = alpha;
    c->probes++;
    if (en->used && en->gen == c->gen && en->k0 == k0 && en->k1 == k1 && en->k2 == k2) {
        c->hits++;
        int v = en->value;
        if (en->flag == EXACT) return v;
        if (en->flag == LOWER && v > alpha) alpha = v;
        if (en->flag == UPPER && v < beta) beta = v;
        if (alpha >= beta) return v;
        ttmove = en->move;
    }
    /* order: the table's move first, then by points now */
    int pts[112];
    State child[1];
    for (int i = 0; i < n; i++) {
        *child = s;
        pts[i] = apply_move(child, moves[i]) * 4 + (moves[i] == ttmove ? 1000 : 0);
    }
    for (int i = 1; i < n; i++) {
        int m = moves[i], p = pts[i], j = i - 1;
        while (j >= 0 && pts[j] < p) { moves[j + 1] = moves[j]; pts[j + 1] = pts[j]; j--; }
        moves[j + 1] = m; pts[j + 1] = p;
    }
    int best = -INF, bestmove = moves[0];
    for (int i = 0; i < n; i++) {
        *child = s;
        int p = apply_move(child, moves[i]), v;
        if (!child->hand[mover]) v = p + settle_value(c, child, mover, mover);
        else {
            child->turn = (mover + 1) % s.players;
            if (team(c, child, child->turn) == team(c, child, mover)) v = p + search(c, child, alpha - p, beta - p);
            else v = p - search(c, child, p - beta, p - alpha);
        }
        if (v > best) { best = v; bestmove = moves[i]; }
        if (best > alpha) alpha = best;
        if (alpha >= beta) break;
    }
    if (c->aborted) return 0;
    en->k0 = k0; en->k1 = k1; en->k2 = k2; en->value = (int16_t)best; en->move = (uint8_t)bestmove;
    en->gen = c->gen; en->used = 1;
    en->flag = best <= a0 ? UPPER : best >= beta ? LOWER : EXACT;
    return best;
}

/* solve(hands, bone, layout, turn, rules, table_bits, node_limit)
 *   -> (value, [(tile, side, points, value)], nodes, probes, hits, aborted)
 * node_limit 0: no limit; past the limit the search stops and `aborted` is 1. */
static PyObject *py_solve(PyObject *self, PyObject *args) {
    PyObject *hands, *bone, *layout; int turn, bits; const char *rules; long long limit;
    if (!PyArg_ParseTuple(args, "OOOisiL", &hands, &bone, &layout, &turn, &rules, &bits, &limit)) return NULL;
    if (bits < 10 || bits > 25) { PyErr_SetString(PyExc_ValueError, "table bits 10 to 25"); return NULL; }
    PyObject *zeros = PyTuple_New(0);
    State s;
    int bad = read_state(&s, hands, bone, layout, turn, zeros, rules);
    Py_DECREF(zeros);
    if (bad < 0) return NULL;
    /* The shared table, reused from call to call by its generation number, when no
     * other thread holds it; otherwise a table of this call's own. */
    uint64_t size = (uint64_t)1 << bits;
    Entry *table; uint8_t gen = 1;
    int shared = PyThread_acquire_lock(TABLE_LOCK, NOWAIT_LOCK);
    if (shared) {
        if (!TABLE || TABLE_SIZE != size) {
            free(TABLE); TABLE_SIZE = size; TABLE_GEN = 0;
            TABLE = calloc(size, sizeof(Entry));
        }
        if (TABLE && ++TABLE_GEN == 0) { memset(TABLE, 0, size * sizeof(Entry)); TABLE_GEN = 1; }
        table = TABLE; gen = TABLE_GEN;
    } else table = calloc(size, sizeof(Entry));
    if (!table) { if (shared) PyThread_release_lock(TABLE_LOCK); return PyErr_NoMemory(); }
    Ctx c = {table, size - 1, gen, turn, 0, 0, 0, limit, 0};
    int moves[112], n = 0, value;
    PyObject *list = PyList_New(0);
    Py_BEGIN_ALLOW_THREADS
    if (s.spinner >= 0 || s.w >= 0) {
        uint32_t suits = playable_suits(&s);
        if (!(s.hand[s.turn] & suits)) n = -1;   /* he must draw or pass: no choice of move */
    }
    if (n == 0) n = gen_moves(&s, moves);
    if (n <= 0) { n = 0; value = search(&c, &s, -INF, INF); }
    else value = -INF;
    Py_END_ALLOW_THREADS
    for (int i = 0; i < n; i++) {
        State child = s;
        int p = apply_move(&child, moves[i]), v;
        Py_BEGIN_ALLOW_THREADS
        if (!child.hand[turn]) v = p + settle_value(&c, &child, turn, turn);
        else {
            child.turn = (turn + 1) % s.players;
            if (team(&c, &child, child.turn) == team(&c, &child, turn)) v = p + search(&c, &child, -INF, INF);
            else v = p - search(&c, &child, -INF, INF);
        }
        Py_END_ALLOW_THREADS
        if (v > value) value = v;
        PyObject *item = Py_BuildValue("(iiii)", moves[i] & 31, moves[i] >> 5, p, v);
        PyList_Append(list, item);
        Py_DECREF(item);
    }
    if (shared) PyThread_release_lock(TABLE_LOCK); else free(table);
    return Py_BuildValue("(iNLLLi)", value, list, c.nodes, c.probes, c.hits, c.aborted);
}

static PyMethodDef METHODS[] = {
    {"solve", py_solve, METH_VARARGS, "exact values of a fully known position: (value, [(tile, side, points, value)], nodes, probes, hits)"},
    {"moves", py_moves, METH_VARARGS, "the mover's legal moves of a compact position: [(tile, side)]"},
    {"simulate", py_simulate, METH_VARARGS, "simulate(hands, seed, players, size, rules) -> (side 0 net total, dominoes)"},
    {"playout", py_playout, METH_VARARGS, "play a compact position out at random: (log, scores, winner)"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef MODULE = {PyModuleDef_HEAD_INIT, "_fast_baseline", "The solver as it was before the speed work (benchmark baseline).", -1, METHODS};

PyMODINIT_FUNC PyInit__fast_baseline(void) {
    for (int h = 0, i = 0; h <= 6; h++)
        for (int l = 0; l <= h; l++, i++) {
            HIGH[i] = h; LOW[i] = l;
            SUIT[h] |= 1u << i; SUIT[l] |= 1u << i;
            if (h == l) DOUBLES |= 1u << i;
        }
    TABLE_LOCK = PyThread_allocate_lock();
    if (!TABLE_LOCK) return PyErr_NoMemory();
    return PyModule_Create(&MODULE);
}
