/*
 * collisions.c — counting pairs of keys whose hashes are equal, at full output width and at the
 * low 32 bits of the bucketing value, against the birthday expectation n(n-1)/2 / 2^bits (the
 * exact mean of the pair count for a random function), with the Poisson upper tail as p-value.
 *
 * Both sort: values are radix-sorted (32-bit ones 16 bits a pass), equal neighbours make runs, and
 * a run of r equal values holds r(r-1)/2 pairs. Whole outputs are sorted by their leading bits and, where those agree,
 * compared byte for byte.
 */
#include "spread.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Wide outputs are sorted as one 64-bit word per key: the top 40 bits of the output's first 8
 * bytes above the key's index. HB_MAX_KEYS indices fit below. */
#define INDEX_BITS 24
#define INDEX_MASK (((uint64_t)1 << INDEX_BITS) - 1)
_Static_assert(HB_MAX_KEYS <= ((size_t)1 << INDEX_BITS), "key indices must fit in INDEX_BITS");

double hb_birthday_expected(size_t n, unsigned bits)
{
    double pairs = (double)n * ((double)n - 1) / 2;
    return ldexp(pairs, -(int)bits);
}

static uint64_t pairs_in_run(uint64_t run)
{
    return run * (run - 1) / 2;
}

/* LSD radix sort of v on its bytes from first_byte up, 8 bits a pass (256 counters stay in
 * cache); a byte equal in every value takes no pass. */
static void sort_from_byte(uint64_t *v, size_t n, unsigned first_byte)
{
    size_t(*count)[256] = hb_xcalloc(8, sizeof *count);
    for (size_t i = 0; i < n; i++)
        for (unsigned b = first_byte; b < 8; b++)
            count[b][(v[i] >> (8 * b)) & 0xff]++;
    uint64_t *scratch = hb_xmalloc(n * sizeof *scratch), *from = v, *to = scratch;
    for (unsigned b = first_byte; b < 8; b++) {
        if (count[b][(v[0] >> (8 * b)) & 0xff] == n)
            continue;
        size_t sum = 0;
        for (size_t d = 0; d < 256; d++) {
            size_t c = count[b][d];
            count[b][d] = sum;
            sum += c;
        }
        for (size_t i = 0; i < n; i++)
            to[count[b][(from[i] >> (8 * b)) & 0xff]++] = from[i];
        uint64_t *t = from;
        from = to;
        to = t;
    }
    if (from != v)
        memcpy(v, from, n * sizeof *v);
    free(scratch);
    free(count);
}

struct outputs {
    const uint8_t *bytes;
    size_t width;
};

/* Orders sorted words of one run by the whole outputs of the keys they index. */
static int compare_outputs(const void *a, const void *b, void *context)
{
    const struct outputs *o = context;
    size_t x = (size_t)(*(const uint64_t *)a & INDEX_MASK), y = (size_t)(*(const uint64_t *)b & INDEX_MASK);
    return memcmp(o->bytes + x * o->width, o->bytes + y * o->width, o->width);
}

typedef bool same_fn(const uint64_t *a, const uint64_t *b, const void *context);

/* Pairs among sorted words: neighbours that `same` finds equal make runs, r words r(r-1)/2 pairs. */
static uint64_t pairs_of_neighbours(const uint64_t *v, size_t n, same_fn *same, const void *context)
{
    uint64_t pairs = 0, run = 1;
    for (size_t i = 1; i <= n; i++) {
        if (i < n && same(&v[i], &v[i - 1], context)) {
            run++;
        } else {
            pairs += pairs_in_run(run);
            run = 1;
        }
    }
    return pairs;
}

static bool same_output(const uint64_t *a, const uint64_t *b, const void *context)
{
    return compare_outputs(a, b, (void *)context) == 0;
}

/* LSD radix sort of n 32-bit values, 11 bits a pass (2048 counters per pass, all three counted in
 * one read, and as many places written to at a time); scratch holds n values. */
#define U32_PASSES 3
#define U32_DIGIT  11
static void sort_u32(uint32_t *v, size_t n, uint32_t *scratch)
{
    const uint32_t mask = (1u << U32_DIGIT) - 1;
    size_t(*count)[1u << U32_DIGIT] = hb_xcalloc(U32_PASSES, sizeof *count);
    for (size_t i = 0; i < n; i++)
        for (unsigned pass = 0; pass < U32_PASSES; pass++)
            count[pass][(v[i] >> (U32_DIGIT * pass)) & mask]++;
    uint32_t *from = v, *to = scratch;
    for (unsigned pass = 0; pass < U32_PASSES; pass++) {
        size_t sum = 0;
        for (size_t d = 0; d <= mask; d++) {
            size_t c = count[pass][d];
            count[pass][d] = sum;
            sum += c;
        }
        for (size_t i = 0; i < n; i++)
            to[count[pass][(from[i] >> (U32_DIGIT * pass)) & mask]++] = from[i];
        uint32_t *t = from;
        from = to;
        to = t;
    }
    if (from != v)
        memcpy(v, from, n * sizeof *v);
    free(count);
}

/* Pairs of equal values among v's n (v is sorted; scratch holds n values). */
static uint64_t pairs_of_u32(uint32_t *v, size_t n, uint32_t *scratch)
{
    sort_u32(v, n, scratch);
    uint64_t pairs = 0, run = 1;
    for (size_t i = 1; i <= n; i++) {
        if (i < n && v[i] == v[i - 1]) {
            run++;
        } else {
            pairs += pairs_in_run(run);
            run = 1;
        }
    }
    return pairs;
}

uint64_t hb_equal_pairs_u32(const uint32_t *values, size_t n)
{
    if (n < 2)
        return 0;
    uint32_t *v = hb_xmalloc(2 * n * sizeof *v);
    memcpy(v, values, n * sizeof *v);
    uint64_t pairs = pairs_of_u32(v, n, v + n);
    free(v);
    return pairs;
}

uint64_t hb_equal_pairs_low32(const uint64_t *values, size_t n, uint32_t *work)
{
    if (n < 2)
        return 0;
    for (size_t i = 0; i < n; i++)
        work[i] = (uint32_t)values[i];
    return pairs_of_u32(work, n, work + n);
}

uint64_t hb_equal_pairs_bytes(const uint8_t *outs, size_t n, size_t width)
{
    if (n < 2)
        return 0;
    size_t head = width < 8 ? width : 8;
    uint64_t *v = hb_xmalloc(n * sizeof *v);
    for (size_t i = 0; i < n; i++) {
        uint64_t prefix = 0;
        for (size_t j = 0; j < 8; j++)
            prefix = (prefix << 8) | (j < head ? outs[i * width + j] : 0);
        v[i] = (prefix & ~INDEX_MASK) | i;
    }
    sort_from_byte(v, n, INDEX_BITS / 8);
    /* runs that agree in the top 40 bits (about n^2/2^41 pairs for a good hash) are sorted by
     * the whole outputs and their equal neighbours counted */
    struct outputs o = {outs, width};
    uint64_t pairs = 0;
    for (size_t start = 0, end; start < n; start = end) {
        for (end = start + 1; end < n && (v[end] >> INDEX_BITS) == (v[start] >> INDEX_BITS);)
            end++;
        if (end - start < 2)
            continue;
        qsort_r(v + start, end - start, sizeof *v, compare_outputs, &o);
        pairs += pairs_of_neighbours(v + start, end - start, same_output, &o);
    }
    free(v);
    return pairs;
}

void hb_collisions_of(uint64_t pairs, size_t n, unsigned bits, struct hb_collisions *c)
{
    c->bits = bits;
    c->pairs = pairs;
    c->expected = hb_birthday_expected(n, bits);
    c->log2_p = hb_log2_poisson_at_least(pairs, c->expected);
}
