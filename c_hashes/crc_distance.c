/*
 * crc_distance.c — the searches of hb_crc_distance.h: multiples of a CRC's generator g of a given
 * weight, by increasing degree, so that the first one found is the least.
 *
 * Residues modulo g are r-bit words (bit i: x^i); s(i) = x^i mod g. A multiple of weight w and
 * degree t is 1 + x^t + the sum of w - 2 terms x^i with 0 < i < t, that is a set S of w - 2
 * positions below t with s(0) ^ s(t) ^ (XOR of s(i) over S) = 0.
 *
 *  - w = 2: 1 + x^t, so x^t = 1: t is a multiple of the order of x modulo g, the least is the
 *    order; baby-step giant-step finds it below a limit L with sqrt(L) memory.
 *  - w >= 3: meet in the middle. For t = 1, 2, ...: a table holds the XOR of every k2-subset of
 *    positions 1..t-1 (grown by the subsets whose largest position is t-1), and every k1-subset
 *    (k1 + k2 = w - 2, k1 <= k2) of 1..t-1 is looked up as s(0) ^ s(t) ^ its XOR. A match with
 *    disjoint subsets is a multiple of weight w and degree t; since every smaller t was searched
 *    first, t is the least. The work grows as L^(k1 + 1), the memory as L^k2 (capped: the search
 *    then stops early and says how far it got). A bit filter before the table keeps most misses
 *    in cache.
 */
#include "hb_crc_distance.h"

#include <stdlib.h>
#include <string.h>

#include "hb_alloc.h"

#define MAX_SUBSET      3 /* k2 and k1 for weights up to 8 */
#define FILTER_MIN_LOG2 12
#define FILTER_MAX_LOG2 27
#define GOLDEN          UINT64_C(0x9E3779B97F4A7C15)

/* Arithmetic modulo g. */
struct residues {
    uint64_t poly, mask, top;
    unsigned r;
};

static struct residues residues_of(const struct hb_crc_code *c)
{
    struct residues f = {.poly = c->poly, .r = c->width};
    f.mask = c->width == 64 ? UINT64_MAX : (UINT64_C(1) << c->width) - 1;
    f.top = UINT64_C(1) << (c->width - 1);
    return f;
}

static uint64_t times_x(const struct residues *f, uint64_t a)
{
    uint64_t carry = a & f->top;
    a = (a << 1) & f->mask;
    return carry ? a ^ f->poly : a;
}

static uint64_t mul_mod(const struct residues *f, uint64_t a, uint64_t b)
{
    uint64_t p = 0;
    for (int i = (int)f->r - 1; i >= 0; i--) {
        p = times_x(f, p);
        if ((b >> i) & 1)
            p ^= a;
    }
    return p;
}

static uint64_t pow_mod(const struct residues *f, uint64_t base, uint64_t e)
{
    uint64_t p = 1;
    while (e) {
        if (e & 1)
            p = mul_mod(f, p, base);
        base = mul_mod(f, base, base);
        e >>= 1;
    }
    return p;
}

unsigned hb_crc_generator_weight(const struct hb_crc_code *c)
{
    return (unsigned)__builtin_popcountll(c->poly) + 1;
}

bool hb_crc_even_parity(const struct hb_crc_code *c)
{
    return hb_crc_generator_weight(c) % 2 == 0;
}

/* ---- a multimap from a residue to up to MAX_SUBSET positions, with a bit filter in front ---- */

struct entry {
    uint64_t key;
    uint32_t pos[MAX_SUBSET];
    uint32_t used; /* 0: empty slot */
};

struct table {
    struct entry *slots;
    unsigned log2;
    uint64_t count;
    uint64_t *filter;
    unsigned filter_log2;
};

static uint64_t mix(uint64_t key)
{
    return key * GOLDEN;
}

static void table_init(struct table *t, uint64_t expected)
{
    memset(t, 0, sizeof *t);
    t->log2 = 4;
    t->slots = hb_xcalloc((size_t)1 << t->log2, sizeof *t->slots);
    t->filter_log2 = FILTER_MIN_LOG2;
    while (t->filter_log2 < FILTER_MAX_LOG2 && ((uint64_t)1 << t->filter_log2) < 16 * expected)
        t->filter_log2++;
    t->filter = hb_xcalloc(((size_t)1 << t->filter_log2) / 64, sizeof *t->filter);
}

static void table_free(struct table *t)
{
    free(t->slots);
    free(t->filter);
}

static void table_place(struct table *t, const struct entry *e)
{
    size_t mask = ((size_t)1 << t->log2) - 1, i = (size_t)(mix(e->key) >> (64 - t->log2));
    while (t->slots[i].used)
        i = (i + 1) & mask;
    t->slots[i] = *e;
}

static void table_add(struct table *t, uint64_t key, const uint32_t *pos, unsigned npos)
{
    if (2 * (t->count + 1) > ((uint64_t)1 << t->log2)) {
        struct entry *old = t->slots;
        size_t n = (size_t)1 << t->log2;
        t->log2++;
        t->slots = hb_xcalloc((size_t)1 << t->log2, sizeof *t->slots);
        for (size_t i = 0; i < n; i++)
            if (old[i].used)
                table_place(t, &old[i]);
        free(old);
    }
    struct entry e = {.key = key, .used = 1};
    memcpy(e.pos, pos, npos * sizeof *pos);
    table_place(t, &e);
    t->count++;
    uint64_t b = mix(key) >> (64 - t->filter_log2);
    t->filter[b / 64] |= UINT64_C(1) << (b % 64);
}

static bool filter_may_hold(const struct table *t, uint64_t key)
{
    uint64_t b = mix(key) >> (64 - t->filter_log2);
    return (t->filter[b / 64] >> (b % 64)) & 1;
}

/* The first slot at or after key's home, for walking the entries of key. */
static size_t table_home(const struct table *t, uint64_t key)
{
    return (size_t)(mix(key) >> (64 - t->log2));
}

/* ---- weight 2: the order of x ---- */

static void search_order(const struct residues *f, uint64_t limit, struct hb_crc_weight *out, uint64_t *terms)
{
    uint64_t m = 1;
    while (m * m < limit)
        m++;
    struct table t;
    table_init(&t, m);
    uint64_t x = 1;
    for (uint64_t j = 1; j <= m && j < limit; j++) {
        x = times_x(f, x);
        if (x == 1) { /* the order is at most m: no giant step needed */
            out->degree = out->searched = j;
            terms[0] = 0, terms[1] = j;
            table_free(&t);
            return;
        }
        uint32_t pos = (uint32_t)j;
        table_add(&t, x, &pos, 1);
    }
    /* x^(i m + j) = 1 with x^j = x^(-i m): the least i first, and for it the only j */
    uint64_t x_inverse = (f->poly >> 1) | f->top, step = pow_mod(f, x_inverse, m), y = 1;
    size_t mask = ((size_t)1 << t.log2) - 1;
    for (uint64_t i = 1; i * m + 1 < limit; i++) {
        y = mul_mod(f, y, step);
        if (!filter_may_hold(&t, y))
            continue;
        for (size_t k = table_home(&t, y); t.slots[k].used; k = (k + 1) & mask) {
            uint64_t e = i * m + t.slots[k].pos[0];
            if (t.slots[k].key == y && e < limit) {
                out->degree = out->searched = e;
                terms[0] = 0, terms[1] = e;
                table_free(&t);
                return;
            }
        }
    }
    out->degree = 0;
    out->searched = limit;
    table_free(&t);
}

/* ---- weights 3 and up: meet in the middle ---- */

/* x^i mod g for i = 0..n-1, grown on demand. */
struct syndromes {
    const struct residues *f;
    uint64_t *s;
    size_t n, cap;
};

static uint64_t syndrome(struct syndromes *sy, size_t i)
{
    while (sy->n <= i) {
        if (sy->n == sy->cap) {
            sy->cap = sy->cap ? 2 * sy->cap : 1024;
            sy->s = hb_xrealloc(sy->s, sy->cap * sizeof *sy->s);
        }
        sy->s[sy->n] = sy->n == 0 ? 1 : times_x(sy->f, sy->s[sy->n - 1]);
        sy->n++;
    }
    return sy->s[i];
}

/* The next k-subset of 1..n in lexicographic order (c ascending); false after the last. */
static bool next_subset(uint32_t *c, unsigned k, uint64_t n)
{
    for (int i = (int)k - 1; i >= 0; i--) {
        if (c[i] < n - (k - 1 - (unsigned)i)) {
            c[i]++;
            for (unsigned j = (unsigned)i + 1; j < k; j++)
                c[j] = c[j - 1] + 1;
            return true;
        }
    }
    return false;
}

static bool first_subset(uint32_t *c, unsigned k, uint64_t n)
{
    if (k > n)
        return false;
    for (unsigned i = 0; i < k; i++)
        c[i] = i + 1;
    return true;
}

static uint64_t xor_of(struct syndromes *sy, const uint32_t *c, unsigned k)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < k; i++)
        v ^= syndrome(sy, c[i]);
    return v;
}

static bool disjoint(const uint32_t *a, unsigned ka, const uint32_t *b, unsigned kb)
{
    for (unsigned i = 0; i < ka; i++)
        for (unsigned j = 0; j < kb; j++)
            if (a[i] == b[j])
                return false;
    return true;
}

/* C(n, k), saturating. */
static uint64_t binomial_saturated(uint64_t n, unsigned k)
{
    if (k > n)
        return 0;
    long double c = 1;
    for (unsigned i = 0; i < k; i++)
        c = c * (long double)(n - i) / (long double)(i + 1);
    return c >= (long double)UINT64_MAX ? UINT64_MAX : (uint64_t)c;
}

static int ascending(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Looks s(0) ^ s(t) ^ XOR(q) up; on a disjoint match, writes the multiple's terms. */
static bool match(const struct table *t, struct syndromes *sy, uint64_t tpos, const uint32_t *q, unsigned k1,
                  unsigned k2, uint64_t *terms)
{
    uint64_t key = 1 ^ syndrome(sy, tpos) ^ xor_of(sy, q, k1);
    if (!filter_may_hold(t, key))
        return false;
    size_t mask = ((size_t)1 << t->log2) - 1;
    for (size_t k = table_home(t, key); t->slots[k].used; k = (k + 1) & mask) {
        const struct entry *e = &t->slots[k];
        if (e->key != key || !disjoint(q, k1, e->pos, k2))
            continue;
        unsigned n = 0;
        terms[n++] = 0;
        for (unsigned i = 0; i < k1; i++)
            terms[n++] = q[i];
        for (unsigned i = 0; i < k2; i++)
            terms[n++] = e->pos[i];
        terms[n++] = tpos;
        qsort(terms, n, sizeof *terms, ascending);
        return true;
    }
    return false;
}

static void search_middle(const struct residues *f, unsigned w, const struct hb_crc_search_bounds *b,
                          struct hb_crc_weight *out, uint64_t *terms)
{
    unsigned k = w - 2, k2 = (k + 1) / 2, k1 = k - k2;
    uint64_t limit = b->limit < UINT32_MAX ? b->limit : UINT32_MAX;
    uint64_t expected = binomial_saturated(limit, k2);
    struct table t;
    table_init(&t, expected < b->max_entries ? expected : b->max_entries);
    struct syndromes sy = {.f = f};
    out->degree = 0;
    out->searched = limit;
    for (uint64_t top = 1; top < limit; top++) {
        /* the table gains every k2-subset of 1..top-1 whose largest position is top-1 */
        if (top >= 2) {
            uint64_t adding = binomial_saturated(top - 2, k2 - 1);
            if (t.count + adding > b->max_entries) {
                out->searched = top;
                break;
            }
            uint32_t c[MAX_SUBSET];
            for (bool more = first_subset(c, k2 - 1, top - 2); more; more = next_subset(c, k2 - 1, top - 2)) {
                c[k2 - 1] = (uint32_t)(top - 1);
                table_add(&t, xor_of(&sy, c, k2), c, k2);
            }
        }
        uint32_t q[MAX_SUBSET];
        for (bool more = first_subset(q, k1, top - 1); more; more = next_subset(q, k1, top - 1)) {
            if (match(&t, &sy, top, q, k1, k2, terms)) {
                out->degree = out->searched = top;
                table_free(&t);
                free(sy.s);
                return;
            }
        }
    }
    table_free(&t);
    free(sy.s);
}

void hb_crc_search_weight(const struct hb_crc_code *c, unsigned w, const struct hb_crc_search_bounds *bounds,
                          struct hb_crc_weight *out, uint64_t terms[HB_CRC_MAX_WEIGHT])
{
    struct residues f = residues_of(c);
    if (w % 2 == 1 && hb_crc_even_parity(c)) {
        out->degree = 0;
        out->searched = HB_CRC_NEVER;
        return;
    }
    if (w == 2)
        search_order(&f, bounds->limit, out, terms);
    else
        search_middle(&f, w, bounds, out, terms);
}

void hb_crc_distance_at(const struct hb_crc_code *c, const struct hb_crc_weight weights[HB_CRC_MAX_WEIGHT + 1],
                        uint64_t data_bits, struct hb_crc_distance *out)
{
    uint64_t last = data_bits + c->width - 1; /* the highest degree of a codeword */
    out->at_most = hb_crc_generator_weight(c);
    for (unsigned w = 2; w <= HB_CRC_MAX_WEIGHT; w++)
        if (weights[w].degree && weights[w].degree <= last && w < out->at_most)
            out->at_most = w;
    out->exact = false;
    for (unsigned w = 2; w <= HB_CRC_MAX_WEIGHT; w++) {
        if (weights[w].degree && weights[w].degree <= last) {
            out->hd = w;
            out->exact = true;
            return;
        }
        if (weights[w].searched <= last) {
            out->hd = w; /* nothing lighter fits; weight w itself was not searched that far */
            out->exact = out->at_most == w;
            return;
        }
    }
    out->hd = HB_CRC_MAX_WEIGHT + 1;
    out->exact = out->at_most == out->hd;
}
