/*
 * battery.c — the structure battery: what a hash does to keys that have structure in them,
 * whatever the user's own sample holds. Two parts, both on the bucketing value (hb_bucket_value:
 * the integer, or the first 8 output bytes of a wider output), seed 0:
 *
 *  - the linearity probe: h(a)^h(b)^h(c)^h(a^b^c) over fixed-seed random triples of equal length.
 *    A GF(2)-affine function (every CRC: h(x) = L(x) ^ k for one length, the preset and the final
 *    inversion folded into k) gives 0 for every triple, since the four k cancel; a random function
 *    gives 0 with probability 2^-bits per triple.
 *  - the keys i * 2^s (s = 0..16; ids, aligned addresses, strided offsets) in tables of 2^8 up to
 *    2^max buckets holding 7/8 as many keys (the first keys of the sequence), seen through each
 *    view of the table of designs (hb_designs.h): the buckets a view fills, the tags it gives, or
 *    for low32 the pairs of keys whose 32-bit values collide. Each key is hashed once (the first
 *    half of a stride's keys are the even keys of the stride before); every table size reads a
 *    prefix of those values. The keys are 8-byte integers, which a program's table holds by value:
 *    each is hashed with the entry's value entry for 8 bytes (hb_hash.h: std::hash<uint64_t>, the
 *    identity, for std-hash), the code the hashtable suite's tables run on such keys.
 *
 * Bounds (docs/spread.md says why): a bucket view fails when fewer buckets are occupied than a
 * random function's mean minus HB_BATTERY_SIGMAS standard deviations (exact mean and variance of
 * the occupancy of n keys in m buckets, m the view's bucket count: 2^b, or the prime of a prime
 * view); a tag view fails when the chi-square of its 128 tag counts, and low32 when the Poisson
 * tail of its colliding pairs, has p' <= 2^-20 after scaling by every test of the battery,
 * hbspread's own failure bound. A linear hash that spreads more evenly than random passes the
 * occupancy tests: the probe is what names it.
 */
#include "spread.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hb_splitmix64.h"

/* Fixed seed of the probe's triples; never change it (results would move between versions). */
#define PROBE_SEED         0x6862626174746572u
#define PROBE_TRIPLES_EACH 32

static const size_t probe_lengths[] = {8, 16, 64};

size_t hb_battery_keys(unsigned log2_buckets)
{
    return ((size_t)7 << log2_buckets) / 8;
}

unsigned hb_battery_log2_for(uint64_t keys)
{
    unsigned log2 = HB_BATTERY_DEFAULT_MAX_LOG2;
    while (log2 < HB_BATTERY_MAX_LOG2 && hb_battery_keys(log2) < keys)
        log2++;
    return log2;
}

/* low32 is tested once per stride (at the largest table), every other view at every size */
double hb_battery_tests(unsigned max_log2)
{
    double sizes = (double)(max_log2 - HB_BATTERY_MIN_LOG2 + 1);
    return (double)HB_BATTERY_STRIDES * (sizes * (HB_VIEWS - 1) + 1);
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

/* Buckets occupied by the first n values as view `view` places them in a table of 2^log2 with
 * `buckets` values; inlined once per view, so that each loop computes one view. */
static inline __attribute__((always_inline)) uint64_t occupied_as(enum hb_view view, const uint64_t *v, size_t n,
                                                                  unsigned log2, uint64_t buckets, uint64_t *bitmap)
{
    size_t words = (size_t)((buckets + 63) / 64);
    uint64_t count = 0;
    memset(bitmap, 0, words * sizeof *bitmap);
    for (size_t i = 0; i < n; i++) {
        uint64_t b = hb_view_reduce(view, v[i], log2, buckets);
        bitmap[b / 64] |= (uint64_t)1 << (b % 64);
    }
    for (size_t w = 0; w < words; w++)
        count += (uint64_t)__builtin_popcountll(bitmap[w]);
    return count;
}

static uint64_t occupied(const uint64_t *v, size_t n, enum hb_view view, unsigned log2, uint64_t buckets,
                         uint64_t *bitmap)
{
    switch (view) {
    case HB_VIEW_LOW: return occupied_as(HB_VIEW_LOW, v, n, log2, buckets, bitmap);
    case HB_VIEW_ABSL_H1: return occupied_as(HB_VIEW_ABSL_H1, v, n, log2, buckets, bitmap);
    case HB_VIEW_HIGH: return occupied_as(HB_VIEW_HIGH, v, n, log2, buckets, bitmap);
    case HB_VIEW_MOD_PRIME: return occupied_as(HB_VIEW_MOD_PRIME, v, n, log2, buckets, bitmap);
    case HB_VIEW_GLIB: return occupied_as(HB_VIEW_GLIB, v, n, log2, buckets, bitmap);
    default: return occupied_as(view, v, n, log2, buckets, bitmap);
    }
}

static void fail_view(struct hb_battery *bat, enum hb_view view, const struct hb_battery_failure *f)
{
    bat->views[view].failed = true;
    bat->views[view].first = *f;
}

static void check_buckets(struct hb_battery *bat, enum hb_view view, unsigned s, unsigned log2, const uint64_t *v,
                          uint64_t *bitmap)
{
    if (bat->views[view].failed)
        return;
    size_t n = hb_battery_keys(log2);
    uint64_t buckets = hb_view_buckets(view, log2);
    double m = (double)buckets, mean = hb_occupancy_mean(m, (double)n),
           bound = mean - HB_BATTERY_SIGMAS * sqrt(hb_occupancy_variance(m, (double)n));
    uint64_t got = occupied(v, n, view, log2, buckets, bitmap);
    if ((double)got < bound)
        fail_view(bat, view,
                  &(struct hb_battery_failure){.stride_log2 = s,
                                               .buckets_log2 = log2,
                                               .buckets = buckets,
                                               .keys = n,
                                               .occupied = got,
                                               .expected = mean,
                                               .bound = bound,
                                               .chi2 = NAN,
                                               .log2_p = NAN});
}

static void check_tags(struct hb_battery *bat, enum hb_view view, unsigned s, unsigned log2,
                       const uint64_t counts[HB_BATTERY_TAGS])
{
    if (bat->views[view].failed)
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
        fail_view(bat, view,
                  &(struct hb_battery_failure){.stride_log2 = s,
                                               .buckets_log2 = log2,
                                               .buckets = HB_BATTERY_TAGS,
                                               .keys = n,
                                               .occupied = distinct,
                                               .expected = hb_occupancy_mean(HB_BATTERY_TAGS, (double)n),
                                               .bound = NAN,
                                               .chi2 = chi2,
                                               .log2_p = log2_p});
}

/* low32: pairs among the n keys whose low 32 bits are equal, against the birthday bound, once per
 * stride at the largest table (a structured failure there shows at every smaller one too). */
static void check_low32(struct hb_battery *bat, unsigned s, const uint64_t *v, size_t n, uint32_t *work)
{
    if (bat->views[HB_VIEW_LOW32].failed)
        return;
    uint64_t pairs = hb_equal_pairs_low32(v, n, work);
    struct hb_collisions c;
    hb_collisions_of(pairs, n, 32, &c);
    if (hb_log2_scale(c.log2_p, hb_battery_tests(bat->max_log2)) <= HB_FAIL_LOG2_P)
        fail_view(bat, HB_VIEW_LOW32,
                  &(struct hb_battery_failure){.stride_log2 = s,
                                               .buckets_log2 = bat->max_log2,
                                               .buckets = (uint64_t)1 << 32,
                                               .keys = n,
                                               .occupied = pairs,
                                               .expected = c.expected,
                                               .bound = NAN,
                                               .chi2 = NAN,
                                               .log2_p = c.log2_p});
}

static bool all_failed(const struct hb_battery *bat)
{
    for (int v = 0; v < HB_VIEWS; v++)
        if (!bat->views[v].failed)
            return false;
    return true;
}

void hb_battery_measure(const struct hb_hash *h, unsigned max_log2, struct hb_battery *bat)
{
    memset(bat, 0, sizeof *bat);
    bat->max_log2 = max_log2;
    hb_linearity_probe(h, &bat->linearity);
    bat->hashes = 4 * (uint64_t)bat->linearity.triples;

    const struct hb_hash *by_value = hb_value_entry(h, 8);
    size_t nmax = hb_battery_keys(max_log2);
    uint64_t most = 0;
    for (int w = 0; w < HB_VIEWS; w++)
        if (hb_view_buckets((enum hb_view)w, max_log2) > most)
            most = hb_view_buckets((enum hb_view)w, max_log2);
    uint64_t *v = hb_xmalloc(nmax * sizeof *v);
    uint64_t *bitmap = hb_xmalloc((size_t)((most + 63) / 64) * sizeof *bitmap);
    uint32_t *work = hb_xmalloc(2 * nmax * sizeof *work);
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
            v[i] = hb_bucketing_value_of(by_value, bytes, 8);
        }
        bat->hashes += nmax - start;
        bat->strides_run = s + 1;
        /* the tags of the prefixes are counted as the prefix grows */
        uint64_t h2[HB_BATTERY_TAGS] = {0}, top7[HB_BATTERY_TAGS] = {0};
        size_t counted = 0;
        for (unsigned log2 = HB_BATTERY_MIN_LOG2; log2 <= max_log2; log2++) {
            for (size_t n = hb_battery_keys(log2); counted < n; counted++) {
                h2[hb_view_reduce(HB_VIEW_ABSL_H2, v[counted], log2, HB_BATTERY_TAGS)]++;
                top7[hb_view_reduce(HB_VIEW_TOP7, v[counted], log2, HB_BATTERY_TAGS)]++;
            }
            for (int view = 0; view < HB_VIEWS; view++) {
                if (view == HB_VIEW_ABSL_H2 || view == HB_VIEW_TOP7)
                    check_tags(bat, (enum hb_view)view, s, log2, view == HB_VIEW_TOP7 ? top7 : h2);
                else if (view != HB_VIEW_LOW32)
                    check_buckets(bat, (enum hb_view)view, s, log2, v, bitmap);
            }
        }
        check_low32(bat, s, v, nmax, work);
    }
    free(work);
    free(bitmap);
    free(v);
    bat->failed = bat->linearity.linear || hb_battery_first_failure(bat) != HB_VIEWS;
}

enum hb_view hb_battery_first_failure(const struct hb_battery *bat)
{
    enum hb_view first = HB_VIEWS;
    for (int d = 0; d < HB_VIEWS; d++) {
        const struct hb_battery_view *x = &bat->views[d];
        if (!x->failed)
            continue;
        const struct hb_battery_failure *f = &x->first, *g = first == HB_VIEWS ? NULL : &bat->views[first].first;
        if (g == NULL || f->stride_log2 < g->stride_log2 ||
            (f->stride_log2 == g->stride_log2 && f->buckets_log2 < g->buckets_log2))
            first = (enum hb_view)d;
    }
    return first;
}
