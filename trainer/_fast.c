/* The fast internal path of the All Fives engine: whole hands on tile bitmasks.
 *
 * It implements the same rules as trainer/position.py (tests hold the two together)
 * for playing out random hands by the million. Tiles are numbered as Tile.ordinal:
 * high*(high+1)/2 + low. Sides are numbered E=0, W=1, N=2, S=3; 4 is the lead.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

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

static PyMethodDef METHODS[] = {
    {"moves", py_moves, METH_VARARGS, "the mover's legal moves of a compact position: [(tile, side)]"},
    {"simulate", py_simulate, METH_VARARGS, "simulate(hands, seed, players, size, rules) -> (side 0 net total, dominoes)"},
    {"playout", py_playout, METH_VARARGS, "play a compact position out at random: (log, scores, winner)"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef MODULE = {PyModuleDef_HEAD_INIT, "_fast", "Fast internal path of the engine.", -1, METHODS};

PyMODINIT_FUNC PyInit__fast(void) {
    for (int h = 0, i = 0; h <= 6; h++)
        for (int l = 0; l <= h; l++, i++) {
            HIGH[i] = h; LOW[i] = l;
            SUIT[h] |= 1u << i; SUIT[l] |= 1u << i;
            if (h == l) DOUBLES |= 1u << i;
        }
    return PyModule_Create(&MODULE);
}
