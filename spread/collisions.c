/*
 * collisions.c — counting pairs of keys whose hashes are equal, at full output width and at the
 * low 32 bits of the bucketing value, against the birthday expectation n(n-1)/2 / 2^bits (the
 * exact mean of the pair count for a random function), with the Poisson upper tail as p-value.
 *
 * Both sort: values (or the first 8 bytes of whole outputs) are radix-sorted, equal neighbours
 * make runs, and a run of r equal values holds r(r-1)/2 pairs.
 */
#include "spread.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define DIGIT_BITS 16
#define DIGITS ((size_t)1 << DIGIT_BITS)

double hb_birthday_expected(size_t n, unsigned bits)
{
    double pairs = (double)n * ((double)n - 1) / 2;
    return ldexp(pairs, -(int)bits);
}

static uint64_t pairs_in_run(uint64_t run)
{
    return run * (run - 1) / 2;
}

struct record {
    uint64_t prefix; /* the value, or the first 8 bytes of a wider one, big-endian */
    size_t index;
};

/* LSD radix sort on prefix; passes where every record has the same digit are skipped (the
 * upper half of a 32-bit value, for one). */
static void sort_records(struct record *r, size_t n)
{
    size_t *count = hb_xmalloc(DIGITS * sizeof *count);
    struct record *scratch = hb_xmalloc(n * sizeof *scratch), *from = r, *to = scratch;
    for (unsigned shift = 0; shift < 64; shift += DIGIT_BITS) {
        memset(count, 0, DIGITS * sizeof *count);
        for (size_t i = 0; i < n; i++)
            count[(from[i].prefix >> shift) & (DIGITS - 1)]++;
        if (count[(from[0].prefix >> shift) & (DIGITS - 1)] == n)
            continue;
        size_t sum = 0;
        for (size_t d = 0; d < DIGITS; d++) {
            size_t c = count[d];
            count[d] = sum;
            sum += c;
        }
        for (size_t i = 0; i < n; i++)
            to[count[(from[i].prefix >> shift) & (DIGITS - 1)]++] = from[i];
        struct record *t = from;
        from = to;
        to = t;
    }
    if (from != r)
        memcpy(r, from, n * sizeof *r);
    free(scratch);
    free(count);
}

struct byte_order {
    const uint8_t *outs;
    size_t width;
};

static int compare_outputs(const void *a, const void *b, void *context)
{
    const struct byte_order *o = context;
    const struct record *x = a, *y = b;
    return memcmp(o->outs + x->index * o->width, o->outs + y->index * o->width, o->width);
}

/* Equal pairs among sorted records. whole == NULL: the prefix is the whole value. Otherwise a
 * run of equal prefixes (rare unless the hash is bad) is sorted by the whole outputs and counted
 * again. */
static uint64_t pairs_in_sorted(struct record *r, size_t n, const struct byte_order *whole)
{
    uint64_t pairs = 0;
    for (size_t start = 0, end; start < n; start = end) {
        for (end = start + 1; end < n && r[end].prefix == r[start].prefix;)
            end++;
        if (end - start < 2)
            continue;
        if (whole == NULL) {
            pairs += pairs_in_run(end - start);
            continue;
        }
        qsort_r(r + start, end - start, sizeof *r, compare_outputs, (void *)whole);
        uint64_t equal = 1;
        for (size_t i = start + 1; i <= end; i++) {
            if (i < end && compare_outputs(&r[i], &r[i - 1], (void *)whole) == 0) {
                equal++;
            } else {
                pairs += pairs_in_run(equal);
                equal = 1;
            }
        }
    }
    return pairs;
}

uint64_t hb_equal_pairs_u32(const uint32_t *values, size_t n)
{
    if (n < 2)
        return 0;
    struct record *r = hb_xmalloc(n * sizeof *r);
    for (size_t i = 0; i < n; i++)
        r[i] = (struct record){values[i], i};
    sort_records(r, n);
    uint64_t pairs = pairs_in_sorted(r, n, NULL);
    free(r);
    return pairs;
}

uint64_t hb_equal_pairs_bytes(const uint8_t *outs, size_t n, size_t width)
{
    if (n < 2)
        return 0;
    size_t head = width < 8 ? width : 8;
    struct record *r = hb_xmalloc(n * sizeof *r);
    for (size_t i = 0; i < n; i++) {
        uint64_t v = 0;
        for (size_t j = 0; j < head; j++)
            v = (v << 8) | outs[i * width + j];
        r[i] = (struct record){v, i};
    }
    sort_records(r, n);
    struct byte_order order = {outs, width};
    uint64_t pairs = pairs_in_sorted(r, n, width <= 8 ? NULL : &order);
    free(r);
    return pairs;
}

void hb_collisions_of(uint64_t pairs, size_t n, unsigned bits, struct hb_collisions *c)
{
    c->bits = bits;
    c->pairs = pairs;
    c->expected = hb_birthday_expected(n, bits);
    c->log2_p = hb_log2_poisson_at_least(pairs, c->expected);
}
