/*
 * collisions.c — counting pairs of keys whose hashes are equal, at full output width and at the
 * low 32 bits of the bucketing value, against the birthday expectation n(n-1)/2 / 2^bits (the
 * exact mean of the pair count for a random function), with the Poisson upper tail as p-value.
 *
 * Full width compares whole outputs: records are radix-sorted on their first 8 bytes, and only
 * runs that agree there (rare unless the hash is bad) are compared byte for byte.
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

uint64_t hb_equal_pairs_u32(uint32_t *values, uint32_t *scratch, size_t n)
{
    size_t *count = hb_xmalloc(DIGITS * sizeof *count);
    uint32_t *from = values, *to = scratch;
    for (unsigned shift = 0; shift < 32; shift += DIGIT_BITS) {
        memset(count, 0, DIGITS * sizeof *count);
        for (size_t i = 0; i < n; i++)
            count[(from[i] >> shift) & (DIGITS - 1)]++;
        size_t sum = 0;
        for (size_t d = 0; d < DIGITS; d++) {
            size_t c = count[d];
            count[d] = sum;
            sum += c;
        }
        for (size_t i = 0; i < n; i++)
            to[count[(from[i] >> shift) & (DIGITS - 1)]++] = from[i];
        uint32_t *t = from;
        from = to;
        to = t;
    }
    free(count);
    /* two passes: the sorted values are back in `values` */
    uint64_t pairs = 0, run = 1;
    for (size_t i = 1; i <= n; i++) {
        if (i < n && values[i] == values[i - 1]) {
            run++;
        } else {
            pairs += pairs_in_run(run);
            run = 1;
        }
    }
    return n == 0 ? 0 : pairs;
}

struct record {
    uint64_t prefix;
    size_t index;
};

/* LSD radix sort on prefix; passes where every record has the same digit are skipped. */
static void sort_records(struct record *r, struct record *scratch, size_t n)
{
    size_t *count = hb_xmalloc(DIGITS * sizeof *count);
    struct record *from = r, *to = scratch;
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

uint64_t hb_equal_pairs_bytes(const uint8_t *outs, size_t n, size_t width)
{
    if (n < 2)
        return 0;
    size_t head = width < 8 ? width : 8;
    struct record *r = hb_xmalloc(n * sizeof *r), *scratch = hb_xmalloc(n * sizeof *scratch);
    for (size_t i = 0; i < n; i++) {
        uint64_t v = 0;
        for (size_t j = 0; j < head; j++)
            v = (v << 8) | outs[i * width + j];
        r[i].prefix = v;
        r[i].index = i;
    }
    sort_records(r, scratch, n);
    free(scratch);
    struct byte_order order = {outs, width};
    uint64_t pairs = 0;
    for (size_t start = 0, end; start < n; start = end) {
        for (end = start + 1; end < n && r[end].prefix == r[start].prefix;)
            end++;
        size_t run = end - start;
        if (run < 2)
            continue;
        if (width <= 8) {
            pairs += pairs_in_run(run);
            continue;
        }
        qsort_r(r + start, run, sizeof *r, compare_outputs, &order);
        uint64_t equal = 1;
        for (size_t i = start + 1; i <= end; i++) {
            if (i < end && compare_outputs(&r[i], &r[i - 1], &order) == 0) {
                equal++;
            } else {
                pairs += pairs_in_run(equal);
                equal = 1;
            }
        }
    }
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
