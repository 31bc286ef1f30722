/* Regicide random self-play, compiled: a transcription of the reference simulator, nothing more.
 *
 * The rules live in rules.py and resolve.py; this file repeats, function for function, what
 * new_board() + random_step() do on a Board (same names, same order of effects) so that it plays the
 * very same games: it draws from a copy of the caller's random.Random state with CPython's own
 * Mersenne Twister, random() and shuffle(), and hands the state back at the end.
 * tests/engine/regicide/test_regicide_kernel.py compares it move for move with the Python path.
 *
 * Cards are the engine's ints (rank * 4 + suit, the Jester 0). Piles are top-last, as in Board.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

/* ------------------------------------------------------------------ CPython's random.Random */

#define MT_N 624
#define MT_M 397

typedef struct {
    uint32_t mt[MT_N];
    int index;
} Rng;

static uint32_t genrand_uint32(Rng *r) {  /* _randommodule.c, genrand_uint32 */
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t y;
    if (r->index >= MT_N) {
        int kk;
        for (kk = 0; kk < MT_N - MT_M; kk++) {
            y = (r->mt[kk] & 0x80000000U) | (r->mt[kk + 1] & 0x7fffffffU);
            r->mt[kk] = r->mt[kk + MT_M] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        for (; kk < MT_N - 1; kk++) {
            y = (r->mt[kk] & 0x80000000U) | (r->mt[kk + 1] & 0x7fffffffU);
            r->mt[kk] = r->mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        y = (r->mt[MT_N - 1] & 0x80000000U) | (r->mt[0] & 0x7fffffffU);
        r->mt[MT_N - 1] = r->mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 0x1U];
        r->index = 0;
    }
    y = r->mt[r->index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

static double rng_random(Rng *r) {  /* random.random() */
    uint32_t a = genrand_uint32(r) >> 5, b = genrand_uint32(r) >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

static int pick(Rng *r, int n) {  /* resolve.pick: int(rng.random() * n) */
    return (int)(rng_random(r) * n);
}

static int randbelow(Rng *r, int n) {  /* Random._randbelow_with_getrandbits (n <= 2**31) */
    int k = 0;
    while ((n >> k) != 0) k++;  /* n.bit_length() */
    uint32_t v = genrand_uint32(r) >> (32 - k);
    while (v >= (uint32_t)n) v = genrand_uint32(r) >> (32 - k);
    return (int)v;
}

static void shuffle(Rng *r, uint8_t *x, int n) {  /* Random.shuffle */
    for (int i = n - 1; i > 0; i--) {
        int j = randbelow(r, i + 1);
        uint8_t t = x[i];
        x[i] = x[j];
        x[j] = t;
    }
}

/* ---------------------------------------------------------------------------- cards, board */

enum { JOKER = 0, ACE = 1, JACK = 11, QUEEN = 12, KING = 13, SPADES = 3 };
enum { P_PLAY, P_DISCARD, P_CHOICE, P_WON, P_LOST };
enum { PLAY, YIELD, DISCARD, CHOOSE, SOLO_JESTER };
enum { S_YIELD_FLAGS_CLEARED = 1, S_RETRO_TOTAL = 2, S_JESTER_SELF = 4, S_SOLO_YIELD = 8, S_HEARTS_ALL = 16 };
#define H_BIT (1 << 2)
#define D_BIT (1 << 1)
#define C_BIT (1 << 0)
#define S_BIT (1 << 3)
#define PILE 64

static const int RANK_VALUE[14] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 15, 20};
static const int MAX_HAND[5] = {0, 8, 7, 6, 5};
static const int JESTERS_IN_TAVERN[5] = {0, 0, 0, 1, 2};
#define VALUE(c) (RANK_VALUE[(c) >> 2])
#define SUIT_BIT(c) ((c) < 4 ? 0 : 1 << ((c) & 3))
#define ATTACK(c) ((c) >> 2 == JACK ? 10 : (c) >> 2 == QUEEN ? 15 : (c) >> 2 == KING ? 20 : 0)
#define HEALTH(c) ((c) >> 2 == JACK ? 20 : (c) >> 2 == QUEEN ? 30 : (c) >> 2 == KING ? 40 : 0)

typedef struct {
    int n;
    uint8_t c[PILE];
} Pile;

typedef struct {
    int players, flags, max_hand;
    int enemy, damage, shield, immune, blocked;
    Pile table, castle, tavern, discard;
    Pile hands[4];
    int current, phase, need;
    int yielded[4];
    int solo, defeated;
} Board;

static void pile_remove(Pile *p, int card) {  /* list.remove: the first occurrence */
    for (int i = 0; i < p->n; i++)
        if (p->c[i] == card) {
            memmove(p->c + i, p->c + i + 1, (size_t)(p->n - i - 1));
            p->n--;
            return;
        }
}

static void pile_insort(Pile *p, int card) {  /* bisect.insort: after equal cards */
    int i = p->n;
    while (i > 0 && p->c[i - 1] > card) {
        p->c[i] = p->c[i - 1];
        i--;
    }
    p->c[i] = (uint8_t)card;
    p->n++;
}

static void pile_sort(Pile *p) {
    for (int i = 1; i < p->n; i++) {
        uint8_t v = p->c[i];
        int j = i;
        while (j > 0 && p->c[j - 1] > v) {
            p->c[j] = p->c[j - 1];
            j--;
        }
        p->c[j] = v;
    }
}

/* ------------------------------------------------------------------------------- rules.py */

static int can_yield(const Board *b, int seat) {  /* REG.yield.restriction, REG.solo.no_yield */
    if (b->players == 1) return (b->flags & S_SOLO_YIELD) != 0;
    for (int s = 0; s < b->players; s++)
        if (s != seat && !b->yielded[s]) return 1;
    return 0;
}

static int can_use_solo_jester(const Board *b) { return b->players == 1 && b->solo > 0; }

static int hand_value(const Pile *h) {
    int t = 0;
    for (int i = 0; i < h->n; i++) t += VALUE(h->c[i]);
    return t;
}

static void hearts_heal(Board *b, int x, Rng *r) {  /* REG.suit.hearts (rng given: shuffle first) */
    int n = b->discard.n;
    if (n < x && !(b->flags & S_HEARTS_ALL)) return;
    int k = x < n ? x : n;
    if (k == 0) return;
    shuffle(r, b->discard.c, n);
    /* moved = discard[n-k:], reversed, goes under the Tavern (index 0 is its bottom) */
    memmove(b->tavern.c + k, b->tavern.c, (size_t)b->tavern.n);
    for (int i = 0; i < k; i++) b->tavern.c[i] = b->discard.c[n - 1 - i];
    b->tavern.n += k;
    b->discard.n = n - k;
}

static void diamonds_draw(Board *b, int seat, int x) {  /* REG.suit.diamonds */
    int total = 0, skipped = 0;
    while (total < x && b->tavern.n) {
        Pile *h = &b->hands[seat];
        if (h->n < b->max_hand) {
            pile_insort(h, b->tavern.c[--b->tavern.n]);
            total++;
            skipped = 0;
        } else if (++skipped >= b->players) {
            break;
        }
        if (++seat == b->players) seat = 0;
    }
}

static void solo_refill(Board *b) {  /* REG.solo.jester_refill */
    Pile *h = &b->hands[0];
    memcpy(b->discard.c + b->discard.n, h->c, (size_t)h->n);
    b->discard.n += h->n;
    h->n = 0;
    int k = b->max_hand < b->tavern.n ? b->max_hand : b->tavern.n;
    if (k) {
        memcpy(h->c, b->tavern.c + b->tavern.n - k, (size_t)k);
        h->n = k;
        b->tavern.n -= k;
        pile_sort(h);
    }
}

/* Menus: the same options in the same order as rules.play_options / rules.discard_options.
 * An option is up to 8 hand indexes; MAX_OPTS covers every hand of at most 8 cards. */
#define MAX_OPTS 300
typedef struct {
    int n;
    uint8_t len[MAX_OPTS];
    uint8_t idx[MAX_OPTS][8];
} Menu;

static void menu_add(Menu *m, const uint8_t *idx, int len) {
    memcpy(m->idx[m->n], idx, (size_t)len);
    m->len[m->n++] = (uint8_t)len;
}

static int play_class(int card) {  /* rules.PLAY_CLASS */
    int r = card >> 2;
    return r <= 5 ? r : 6;
}

static void play_menu(const Pile *h, Menu *m) {
    int n = h->n, cls[8];
    uint8_t o[4];
    m->n = 0;
    for (int i = 0; i < n; i++) cls[i] = play_class(h->c[i]);
    for (int i = 0; i < n; i++) {  /* REG.play.single (two Jesters give one action) */
        if (cls[i] == 0 && i > 0 && cls[i - 1] == 0) continue;
        o[0] = (uint8_t)i;
        menu_add(m, o, 1);
    }
    for (int i = 0; i < n; i++) {  /* REG.play.companion */
        if (cls[i] != ACE) continue;
        for (int j = 0; j < n; j++) {
            if (j == i || cls[j] == 0 || (cls[j] == ACE && j < i)) continue;
            o[0] = (uint8_t)(i < j ? i : j);
            o[1] = (uint8_t)(i < j ? j : i);
            menu_add(m, o, 2);
        }
    }
    for (int r = 2; r < 6; r++) {  /* REG.play.combo: itertools.combinations order */
        int idx[8], k = 0;
        for (int i = 0; i < n; i++)
            if (cls[i] == r) idx[k++] = i;
        int top = k < 4 ? k : 4;
        for (int size = 2; size <= top; size++) {
            if (r * size > 10) continue;
            int pos[4];
            for (int a = 0; a < size; a++) pos[a] = a;
            for (;;) {
                for (int a = 0; a < size; a++) o[a] = (uint8_t)idx[pos[a]];
                menu_add(m, o, size);
                int a = size - 1;
                while (a >= 0 && pos[a] == k - size + a) a--;
                if (a < 0) break;
                pos[a]++;
                for (int c = a + 1; c < size; c++) pos[c] = pos[c - 1] + 1;
            }
        }
    }
}

typedef struct {
    const int *v;
    int n, need, low;
    uint8_t chosen[8];
    int len;
    Menu *m;
} DiscardWalk;

static void discard_extend(DiscardWalk *w, int start, int total) {
    if (w->low <= total) menu_add(w->m, w->chosen, w->len);
    for (int j = start; j < w->n; j++) {
        int t = total + w->v[j];
        if (t >= w->need) continue;
        w->chosen[w->len++] = (uint8_t)j;
        discard_extend(w, j + 1, t);
        w->len--;
    }
}

static void discard_menu(const Pile *h, int need, Menu *m) {  /* minimal sufficient discards */
    int v[8];
    DiscardWalk w = {v, h->n, need, 0, {0}, 0, m};
    m->n = 0;
    for (int i = 0; i < h->n; i++) {
        int x = VALUE(h->c[i]);
        v[i] = x < need ? x : need;
    }
    if (need <= 0) {
        menu_add(m, w.chosen, 0);
        return;
    }
    for (int i = 0; i < h->n; i++) {
        if (v[i] == 0) continue;
        w.low = need - v[i];
        w.chosen[0] = (uint8_t)i;
        if (w.low <= 0) {
            menu_add(m, w.chosen, 1);
            continue;
        }
        w.len = 1;
        for (int j = i + 1; j < h->n; j++) {
            if (v[j] >= need) continue;
            w.chosen[w.len++] = (uint8_t)j;
            discard_extend(&w, j + 1, v[j]);
            w.len--;
        }
    }
}

/* ----------------------------------------------------------------------------- resolve.py */

static void start_turn(Board *b, int seat) {
    b->current = seat;
    b->phase = P_PLAY;
    b->need = 0;
    if (!b->hands[seat].n && !can_yield(b, seat) && !can_use_solo_jester(b)) b->phase = P_LOST;
}

static void check_can_suffer(Board *b) {
    if (hand_value(&b->hands[b->current]) >= b->need || can_use_solo_jester(b)) return;
    b->phase = P_LOST;
}

static void pass_clockwise(Board *b) {
    int nxt = b->current + 1;
    if (nxt == b->players) nxt = 0;
    start_turn(b, nxt);
}

static void suffer(Board *b) {
    int attack = ATTACK(b->enemy);
    int need = attack > b->shield ? attack - b->shield : 0;
    if (need == 0) {
        pass_clockwise(b);
        return;
    }
    b->phase = P_DISCARD;
    b->need = need;
    check_can_suffer(b);
}

static void defeat(Board *b) {
    int enemy = b->enemy, exact = b->damage == HEALTH(enemy);
    b->defeated++;
    if (b->castle.n) {
        if (exact) b->tavern.c[b->tavern.n++] = (uint8_t)enemy;
        else b->discard.c[b->discard.n++] = (uint8_t)enemy;
    }
    memcpy(b->discard.c + b->discard.n, b->table.c, (size_t)b->table.n);
    b->discard.n += b->table.n;
    b->table.n = 0;
    if (!b->castle.n) {
        b->phase = P_WON;
        return;
    }
    b->enemy = b->castle.c[--b->castle.n];
    b->damage = b->shield = b->blocked = 0;
    b->immune = 1;
    start_turn(b, b->current);
}

static void play_jester(Board *b) {
    b->immune = 0;
    if (SUIT_BIT(b->enemy) == S_BIT && b->blocked) {
        b->shield += b->blocked;
        b->blocked = 0;
    }
    b->phase = P_CHOICE;
}

static void do_play(Board *b, const uint8_t *cards, int n, Rng *r) {
    int seat = b->current, enemy = b->enemy;
    for (int i = 0; i < n; i++) pile_remove(&b->hands[seat], cards[i]);
    memcpy(b->table.c + b->table.n, cards, (size_t)n);
    b->table.n += n;
    if (b->flags & S_YIELD_FLAGS_CLEARED) memset(b->yielded, 0, sizeof b->yielded);
    else b->yielded[seat] = 0;
    if (cards[0] == JOKER) {
        play_jester(b);
        return;
    }
    int x = 0, bits = 0;
    for (int i = 0; i < n; i++) {
        x += VALUE(cards[i]);
        bits |= SUIT_BIT(cards[i]);
    }
    int ebit = SUIT_BIT(enemy);
    if (b->immune && (bits & ebit) && ebit == S_BIT) {  /* rules.blocked_spade_amount */
        if (b->flags & S_RETRO_TOTAL) {
            b->blocked += x;
        } else {
            for (int i = 0; i < n; i++)
                if (cards[i] >= 4 && (cards[i] & 3) == SPADES) b->blocked += VALUE(cards[i]);
        }
    }
    int suits = b->immune ? bits & ~ebit : bits;
    if (suits & H_BIT) hearts_heal(b, x, r);
    if (suits & D_BIT) diamonds_draw(b, seat, x);
    if (suits & S_BIT) b->shield += x;
    b->damage += suits & C_BIT ? x + x : x;
    if (b->damage >= HEALTH(enemy)) defeat(b);
    else suffer(b);
}

static void do_yield(Board *b) {
    b->yielded[b->current] = 1;
    suffer(b);
}

static void do_discard(Board *b, const uint8_t *cards, int n) {
    Pile *h = &b->hands[b->current];
    for (int i = 0; i < n; i++) pile_remove(h, cards[i]);
    memcpy(b->discard.c + b->discard.n, cards, (size_t)n);
    b->discard.n += n;
    b->need = 0;
    pass_clockwise(b);
}

static void do_solo_jester(Board *b) {
    b->solo--;
    solo_refill(b);
    if (b->phase == P_PLAY) start_turn(b, 0);
    else check_can_suffer(b);
}

/* ------------------------------------------------------------------------ setup, one step */

static void new_board(Board *b, int players, int flags, Rng *r) {  /* game.new_board, first seat 0 */
    memset(b, 0, sizeof *b);
    b->players = players;
    b->flags = flags;
    b->max_hand = MAX_HAND[players];
    b->immune = 1;
    uint8_t castle[12];  /* REG.setup.castle: top first, Jacks, then Queens, then Kings */
    for (int g = 0; g < 3; g++) {
        for (int s = 0; s < 4; s++) castle[g * 4 + s] = (uint8_t)((JACK + g) * 4 + s);
        shuffle(r, castle + g * 4, 4);
    }
    for (int i = 0; i < 12; i++) b->castle.c[i] = castle[11 - i];
    b->castle.n = 12;
    uint8_t tavern[42];  /* REG.setup.tavern */
    int t = 0;
    for (int rank = ACE; rank <= 10; rank++)
        for (int s = 0; s < 4; s++) tavern[t++] = (uint8_t)(rank * 4 + s);
    for (int j = 0; j < JESTERS_IN_TAVERN[players]; j++) tavern[t++] = JOKER;
    shuffle(r, tavern, t);
    for (int i = 0; i < t; i++) b->tavern.c[i] = tavern[t - 1 - i];
    b->tavern.n = t;
    b->enemy = b->castle.c[--b->castle.n];
    if (players == 1) b->solo = 2;  /* REG.solo.setup */
    for (int k = 0; k < b->max_hand; k++)  /* REG.setup.hand_size, round-robin */
        for (int i = 0; i < players; i++) {
            Pile *h = &b->hands[i];
            h->c[h->n++] = b->tavern.c[--b->tavern.n];
        }
    for (int i = 0; i < players; i++) pile_sort(&b->hands[i]);
    start_turn(b, 0);
}

typedef struct {  /* the decisions of a game, for the move-for-move test */
    uint8_t *buf;
    Py_ssize_t n, cap;
    int failed;
} Trace;

static void trace_put(Trace *t, const uint8_t *bytes, int n) {
    if (!t || t->failed) return;
    if (t->n + n > t->cap) {
        Py_ssize_t cap = t->cap * 2 + 256;
        uint8_t *grown = PyMem_Realloc(t->buf, (size_t)cap);
        if (!grown) {
            t->failed = 1;
            return;
        }
        t->buf = grown;
        t->cap = cap;
    }
    memcpy(t->buf + t->n, bytes, (size_t)n);
    t->n += n;
}

static void trace_cards(Trace *t, int kind, const uint8_t *cards, int n) {
    uint8_t head[2] = {(uint8_t)kind, (uint8_t)n};
    trace_put(t, head, 2);
    trace_put(t, cards, n);
}

static void random_step(Board *b, Rng *r, Trace *t, Menu *m) {  /* resolve.random_step */
    Pile *hand = &b->hands[b->current];
    uint8_t cards[8];
    if (b->phase == P_PLAY) {
        play_menu(hand, m);
        int n = m->n, y = can_yield(b, b->current);
        int k = pick(r, n + y + (b->solo > 0));
        if (k < n) {
            for (int i = 0; i < m->len[k]; i++) cards[i] = hand->c[m->idx[k][i]];
            trace_cards(t, PLAY, cards, m->len[k]);
            do_play(b, cards, m->len[k], r);
        } else if (k == n && y) {
            trace_cards(t, YIELD, cards, 0);
            do_yield(b);
        } else {
            trace_cards(t, SOLO_JESTER, cards, 0);
            do_solo_jester(b);
        }
    } else if (b->phase == P_DISCARD) {
        discard_menu(hand, b->need, m);
        int n = m->n;
        int k = pick(r, n + (b->solo > 0));
        if (k < n) {
            for (int i = 0; i < m->len[k]; i++) cards[i] = hand->c[m->idx[k][i]];
            trace_cards(t, DISCARD, cards, m->len[k]);
            do_discard(b, cards, m->len[k]);
        } else {
            trace_cards(t, SOLO_JESTER, cards, 0);
            do_solo_jester(b);
        }
    } else {
        int seat;
        if (b->flags & S_JESTER_SELF) {
            seat = pick(r, b->players);
        } else {
            int k = pick(r, b->players - 1);
            seat = k + (k >= b->current);
        }
        uint8_t choose[2] = {CHOOSE, (uint8_t)seat};
        trace_put(t, choose, 2);
        start_turn(b, seat);
    }
}

/* ------------------------------------------------------------------------------- Python API */

static int rng_from_state(PyObject *state, Rng *r) {
    if (!PyTuple_Check(state) || PyTuple_GET_SIZE(state) != MT_N + 1) {
        PyErr_SetString(PyExc_ValueError, "state must be the 625-int tuple of random.Random.getstate()[1]");
        return -1;
    }
    for (int i = 0; i <= MT_N; i++) {
        unsigned long v = PyLong_AsUnsignedLong(PyTuple_GET_ITEM(state, i));
        if (v == (unsigned long)-1 && PyErr_Occurred()) return -1;
        if (i < MT_N) r->mt[i] = (uint32_t)v;
        else r->index = (int)v;
    }
    if (r->index < 0 || r->index > MT_N) {
        PyErr_SetString(PyExc_ValueError, "bad Mersenne Twister index");
        return -1;
    }
    return 0;
}

static PyObject *rng_to_state(const Rng *r) {
    PyObject *out = PyTuple_New(MT_N + 1);
    if (!out) return NULL;
    for (int i = 0; i <= MT_N; i++) {
        PyObject *v = PyLong_FromUnsignedLong(i < MT_N ? r->mt[i] : (unsigned long)r->index);
        if (!v) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, v);
    }
    return out;
}

static PyObject *play(PyObject *self, PyObject *args) {
    int players, flags, want_trace;
    long long games;
    PyObject *state;
    if (!PyArg_ParseTuple(args, "iLOip", &players, &games, &state, &flags, &want_trace)) return NULL;
    if (players < 1 || players > 4 || games < 0) {
        PyErr_SetString(PyExc_ValueError, "players must be 1-4 and games >= 0");
        return NULL;
    }
    Rng r;
    if (rng_from_state(state, &r) < 0) return NULL;
    Trace trace = {NULL, 0, 0, 0}, *t = want_trace ? &trace : NULL;
    long long wins = 0, defeated = 0, decisions = 0;
    Board b;
    Menu *m = PyMem_Malloc(sizeof(Menu));
    if (!m) return PyErr_NoMemory();
    Py_BEGIN_ALLOW_THREADS
    for (long long g = 0; g < games; g++) {
        new_board(&b, players, flags, &r);
        while (b.phase < P_WON) {
            random_step(&b, &r, t, m);
            decisions++;
        }
        wins += b.phase == P_WON;
        defeated += b.defeated;
        uint8_t end[3] = {255, (uint8_t)b.phase, (uint8_t)b.defeated};
        trace_put(t, end, 3);
    }
    Py_END_ALLOW_THREADS
    PyMem_Free(m);
    if (trace.failed) {
        PyMem_Free(trace.buf);
        return PyErr_NoMemory();
    }
    PyObject *new_state = rng_to_state(&r);
    PyObject *trace_bytes = want_trace ? PyBytes_FromStringAndSize((const char *)trace.buf, trace.n) : Py_NewRef(Py_None);
    PyMem_Free(trace.buf);
    if (!new_state || !trace_bytes) {
        Py_XDECREF(new_state);
        Py_XDECREF(trace_bytes);
        return NULL;
    }
    return Py_BuildValue("LLLNN", wins, defeated, decisions, new_state, trace_bytes);
}

static PyMethodDef methods[] = {
    {"play", play, METH_VARARGS,
     "play(players, games, mt_state, settings_flags, trace) -> (wins, defeated, decisions, mt_state, trace|None)\n\n"
     "Uniformly random games, exactly as engine.regicide.simulate.play_random_games plays them."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_kernel", NULL, -1, methods};

PyMODINIT_FUNC PyInit__kernel(void) { return PyModule_Create(&module); }
