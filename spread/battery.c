/*
 * battery.c — the structure battery: what a hash does to keys that have structure in them,
 * whatever the user's own sample holds. Two parts, both on the bucketing value (hb_bucket_value:
 * the integer, or the first 8 output bytes of a wider output), seed 0:
 *
 *  - the linearity probe: h(a)^h(b)^h(c)^h(a^b^c) over fixed-seed random triples of equal length.
 *    A GF(2)-affine function (every CRC: h(x) = L(x) ^ k for one length, the preset and the final
 *    inversion folded into k) gives 0 for every triple, since the four k cancel; a random function
 *    gives 0 with probability 2^-bits per triple.
 *  - occupancy as a table grows: the keys i * 2^s (s = 0..16; ids, aligned addresses, strided
 *    offsets) in tables of 2^8 up to 2^max buckets holding 7/8 as many keys (the first keys of the
 *    sequence), seen through the bits each table design consumes. Each key is hashed once (the
 *    first half of a stride's keys are the even keys of the stride before); every table size reads
 *    a prefix of those values.
 *
 * Bounds (docs/spread.md says why): a bucket design fails when fewer buckets are occupied than a
 * random function's mean minus HB_BATTERY_SIGMAS standard deviations (exact mean and variance of
 * the occupancy of n keys in m buckets); a tag design fails when the chi-square of its 128 tag
 * counts has p' <= 2^-20 after scaling by every test of the battery, hbspread's own failure bound.
 * A linear hash that spreads more evenly than random passes the occupancy tests: the probe is
 * what names it.
 */
#include "spread.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hb_splitmix64.h"

/* Fixed seed of the probe's triples; never change it (results would move between versions). */
#define PROBE_SEED         0x6862626174746572u
#define PROBE_TRIPLES_EACH 32
#define TAG_BITS           7
#define ABSL_H1_SHIFT      7

static const size_t probe_lengths[] = {8, 16, 64};

const char *hb_battery_bits_name(enum hb_battery_bits bits)
{
    static const char *const names[HB_BATTERY_DESIGNS] = {
        [HB_BITS_LOW] = "low", [HB_BITS_ABSL_H1] = "absl-h1", [HB_BITS_ABSL_H2] = "absl-h2", [HB_BITS_TOP7] = "top7"};
    return names[bits];
}

size_t hb_battery_keys(unsigned log2_buckets)
{
    return ((size_t)7 << log2_buckets) / 8;
}

double hb_battery_tests(unsigned max_log2)
{
    return (double)HB_BATTERY_STRIDES * (double)(max_log2 - HB_BATTERY_MIN_LOG2 + 1) * HB_BATTERY_DESIGNS;
}

/* The number of empty buckets Y is a sum of m indicators, each empty with q1 = (1 - 1/m)^n, a pair
 * both empty with q2 = (1 - 2/m)^n; occupied = m - Y has the mean m(1 - q1) and the variance of Y. */
double hb_occupancy_mean(double m, double n)
{
    return m * -expm1(n * log1p(-1 / m));
}

double hb_occupancy_variance(double m, double n)
{
    long double lm = m, q1 = expl((long double)n * log1pl(-1 / lm)), q2 = expl((long double)n * log1pl(-2 / lm));
    long double v = lm * q1 + lm * (lm - 1) * q2 - lm * lm * q1 * q1;
    return v > 0 ? (double)v : 0;
}

void hb_linearity_probe(const struct hb_hash *h, struct hb_linearity *out)
{
    uint64_t rng = PROBE_SEED;
    uint8_t a[64], b[64], c[64], d[64];
    out->triples = 0;
    out->zero = 0;
    for (size_t l = 0; l < sizeof probe_lengths / sizeof probe_lengths[0]; l++) {
        size_t len = probe_lengths[l];
        for (int t = 0; t < PROBE_TRIPLES_EACH; t++) {
            for (size_t i = 0; i < len; i += 8) {
                uint64_t x = hb_splitmix64_next(&rng), y = hb_splitmix64_next(&rng), z = hb_splitmix64_next(&rng);
                memcpy(a + i, &x, 8);
                memcpy(b + i, &y, 8);
                memcpy(c + i, &z, 8);
            }
            for (size_t i = 0; i < len; i++)
                d[i] = (uint8_t)(a[i] ^ b[i] ^ c[i]);
            uint64_t sum = hb_bucketing_value_of(h, a, len) ^ hb_bucketing_value_of(h, b, len) ^
                           hb_bucketing_value_of(h, c, len) ^ hb_bucketing_value_of(h, d, len);
            out->triples++;
            out->zero += sum == 0;
        }
    }
    out->linear = out->zero == out->triples;
}

/* Buckets of 2^log2 occupied by the first n values, taking `shift` low bits off each first. */
static uint64_t occupied(const uint64_t *v, size_t n, unsigned log2, unsigned shift, uint64_t *bitmap)
{
    size_t words = ((size_t)1 << log2) / 64;
    uint64_t mask = ((uint64_t)1 << log2) - 1, count = 0;
    memset(bitmap, 0, words * sizeof *bitmap);
    for (size_t i = 0; i < n; i++) {
        uint64_t b = (v[i] >> shift) & mask;
        bitmap[b / 64] |= (uint64_t)1 << (b % 64);
    }
    for (size_t w = 0; w < words; w++)
        count += (uint64_t)__builtin_popcountll(bitmap[w]);
    return count;
}

static void fail_design(struct hb_battery *bat, enum hb_battery_bits bits, const struct hb_battery_failure *f)
{
    bat->designs[bits].failed = true;
    bat->designs[bits].first = *f;
}

static void check_buckets(struct hb_battery *bat, enum hb_battery_bits bits, unsigned s, unsigned log2,
                          const uint64_t *v, uint64_t *bitmap)
{
    if (bat->designs[bits].failed)
        return;
    size_t n = hb_battery_keys(log2);
    double m = (double)((size_t)1 << log2);
    double mean = hb_occupancy_mean(m, (double)n),
           bound = mean - HB_BATTERY_SIGMAS * sqrt(hb_occupancy_variance(m, (double)n));
    uint64_t got = occupied(v, n, log2, bits == HB_BITS_ABSL_H1 ? ABSL_H1_SHIFT : 0, bitmap);
    if ((double)got < bound)
        fail_design(bat, bits,
                    &(struct hb_battery_failure){.stride_log2 = s,
                                                 .buckets_log2 = log2,
                                                 .keys = n,
                                                 .occupied = got,
                                                 .expected = mean,
                                                 .bound = bound,
                                                 .chi2 = NAN,
                                                 .log2_p = NAN});
}

static void check_tags(struct hb_battery *bat, enum hb_battery_bits bits, unsigned s, unsigned log2,
                       const uint64_t counts[HB_BATTERY_TAGS])
{
    if (bat->designs[bits].failed)
        return;
    size_t n = hb_battery_keys(log2);
    double e = (double)n / HB_BATTERY_TAGS, chi2 = 0;
    uint64_t distinct = 0;
    for (int t = 0; t < HB_BATTERY_TAGS; t++) {
        double d = (double)counts[t] - e;
        chi2 += d * d / e;
        distinct += counts[t] != 0;
    }
    double log2_p = hb_log2_bucket_chi2_upper(chi2, HB_BATTERY_TAGS, n);
    if (hb_log2_scale(log2_p, hb_battery_tests(bat->max_log2)) <= HB_FAIL_LOG2_P)
        fail_design(bat, bits,
                    &(struct hb_battery_failure){.stride_log2 = s,
                                                 .buckets_log2 = log2,
                                                 .keys = n,
                                                 .occupied = distinct,
                                                 .expected = hb_occupancy_mean(HB_BATTERY_TAGS, (double)n),
                                                 .bound = NAN,
                                                 .chi2 = chi2,
                                                 .log2_p = log2_p});
}

static bool all_failed(const struct hb_battery *bat)
{
    for (int d = 0; d < HB_BATTERY_DESIGNS; d++)
        if (!bat->designs[d].failed)
            return false;
    return true;
}

void hb_battery_measure(const struct hb_hash *h, unsigned max_log2, struct hb_battery *bat)
{
    memset(bat, 0, sizeof *bat);
    bat->max_log2 = max_log2;
    hb_linearity_probe(h, &bat->linearity);
    bat->hashes = 4 * (uint64_t)bat->linearity.triples;

    size_t nmax = hb_battery_keys(max_log2);
    uint64_t *v = hb_xmalloc(nmax * sizeof *v);
    uint64_t *bitmap = hb_xmalloc(((size_t)1 << max_log2) / 8);
    for (unsigned s = 0; s < HB_BATTERY_STRIDES && !all_failed(bat); s++) {
        /* stride s's first half is stride s-1's even keys: (2i) * 2^(s-1) = i * 2^s */
        size_t start = 0;
        if (s > 0) {
            for (size_t i = 0; i < nmax / 2; i++)
                v[i] = v[2 * i];
            start = nmax / 2;
        }
        for (size_t i = start; i < nmax; i++) {
            uint64_t key = (uint64_t)i << s;
            uint8_t bytes[8];
            for (int j = 0; j < 8; j++)
                bytes[j] = (uint8_t)(key >> (8 * j));
            v[i] = hb_bucketing_value_of(h, bytes, 8);
        }
        bat->hashes += nmax - start;
        bat->strides_run = s + 1;
        /* the tags of the prefixes are counted as the prefix grows */
        uint64_t h2[HB_BATTERY_TAGS] = {0}, top7[HB_BATTERY_TAGS] = {0};
        size_t counted = 0;
        for (unsigned log2 = HB_BATTERY_MIN_LOG2; log2 <= max_log2; log2++) {
            check_buckets(bat, HB_BITS_LOW, s, log2, v, bitmap);
            check_buckets(bat, HB_BITS_ABSL_H1, s, log2, v, bitmap);
            for (size_t n = hb_battery_keys(log2); counted < n; counted++) {
                h2[v[counted] & (HB_BATTERY_TAGS - 1)]++;
                top7[v[counted] >> (64 - TAG_BITS)]++;
            }
            check_tags(bat, HB_BITS_ABSL_H2, s, log2, h2);
            check_tags(bat, HB_BITS_TOP7, s, log2, top7);
        }
    }
    free(bitmap);
    free(v);
    bat->failed = bat->linearity.linear || hb_battery_first_failure(bat) != HB_BATTERY_DESIGNS;
}

enum hb_battery_bits hb_battery_first_failure(const struct hb_battery *bat)
{
    enum hb_battery_bits first = HB_BATTERY_DESIGNS;
    for (int d = 0; d < HB_BATTERY_DESIGNS; d++) {
        const struct hb_battery_design *x = &bat->designs[d];
        if (!x->failed)
            continue;
        const struct hb_battery_failure *f = &x->first,
                                        *g = first == HB_BATTERY_DESIGNS ? NULL : &bat->designs[first].first;
        if (g == NULL || f->stride_log2 < g->stride_log2 ||
            (f->stride_log2 == g->stride_log2 && f->buckets_log2 < g->buckets_log2))
            first = (enum hb_battery_bits)d;
    }
    return first;
}
