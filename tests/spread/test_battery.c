/*
 * test_battery.c — the structure battery against references it does not share code with:
 *  - the occupancy mean and variance against exhaustive enumeration of every way n keys fall
 *    into m buckets;
 *  - the identity (the key as its integer, a hash outside the registry), whose occupancy at
 *    every (s, 2^b) is known in closed form: the first failure of each view is predicted here
 *    and must be the one the battery names, and the views a prime modulus or distinct low 32 bits
 *    keep whole (mod-prime, glib, low32) pass;
 *  - CRC-32C fails (linear, and each low-bits view's first failure occupies no more buckets than
 *    2^rank of the CRC's low bits on those keys, the rank found by Gaussian elimination over
 *    GF(2) on the CRC of single-bit keys; a 32-bit value has one top7 tag and one high group);
 *  - SHA-256, the random-function reference, passes every view and is not linear;
 *  - the JSON member the advisor reads, read back by yajl's tree parser, and the text line.
 * test_battery_views.c checks the views on hashes built to fail each of them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <math.h>
#include <yajl/yajl_tree.h>

#include "spread.h"
#include "test_json.h"

#define SMALL_LOG2 12 /* the battery's largest table in these tests: quick, and every failure below is earlier */

/* The key's first 8 bytes as a little-endian integer (zero-padded), stored big-endian as an
 * integer-valued hash: its bucketing value is the key itself. */
static void identity_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    (void)seed;
    const uint8_t *p = in;
    uint64_t v = 0;
    for (size_t i = 0; i < len && i < 8; i++)
        v |= (uint64_t)p[i] << (8 * i);
    for (int i = 0; i < 8; i++)
        out[i] = (uint8_t)(v >> (56 - 8 * i));
}

static const struct hb_hash identity_hash = {
    .name = "identity",
    .impl = "test",
    .family = "test",
    .summary = "the key as its integer",
    .kind = HB_KIND_NONCRYPTO,
    .out_bits = 64,
    .flags = HB_FLAG_INTEGER,
    .oneshot = identity_oneshot,
};

static int init(void **state)
{
    (void)state;
    char err[256];
    return hb_init(err, sizeof err) ? 0 : -1;
}

/* Every one of the m^n assignments of n keys to m buckets, counting the occupied buckets. */
static void enumerate(unsigned m, unsigned n, double *mean, double *variance)
{
    unsigned long total = 1;
    for (unsigned i = 0; i < n; i++)
        total *= m;
    double sum = 0, squares = 0;
    for (unsigned long a = 0; a < total; a++) {
        unsigned seen = 0, occupied = 0;
        for (unsigned long x = a, i = 0; i < n; i++, x /= m) {
            unsigned bucket = (unsigned)(x % m);
            occupied += !(seen >> bucket & 1);
            seen |= 1u << bucket;
        }
        sum += occupied;
        squares += (double)occupied * occupied;
    }
    *mean = sum / (double)total;
    *variance = squares / (double)total - *mean * *mean;
}

static void occupancy_moments_match_enumeration(void **state)
{
    (void)state;
    static const unsigned cases[][2] = {{2, 2}, {3, 2}, {4, 3}, {5, 7}, {8, 6}, {7, 9}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        double mean, variance;
        enumerate(cases[c][0], cases[c][1], &mean, &variance);
        if (fabs(mean - hb_occupancy_mean(cases[c][0], cases[c][1])) > 1e-9 ||
            fabs(variance - hb_occupancy_variance(cases[c][0], cases[c][1])) > 1e-9) {
            print_error("m=%u n=%u: enumeration %.12f/%.12f, formulas %.12f/%.12f\n", cases[c][0], cases[c][1], mean,
                        variance, hb_occupancy_mean(cases[c][0], cases[c][1]),
                        hb_occupancy_variance(cases[c][0], cases[c][1]));
            fail();
        }
    }
}

static double bound(unsigned log2)
{
    double m = (double)((size_t)1 << log2), n = (double)hb_battery_keys(log2);
    return hb_occupancy_mean(m, n) - HB_BATTERY_SIGMAS * sqrt(hb_occupancy_variance(m, n));
}

/* The identity's occupied buckets at (s, 2^b): low keeps i * 2^s mod 2^b, distinct for
 * i < min(n, 2^(b-s)); absl-h1 keeps (i * 2^s >> 7) mod 2^b, one value per run of 2^(7-s) keys
 * while s < 7 (the top of the table is not reached at these n). */
static uint64_t identity_occupied(enum hb_view bits, unsigned s, unsigned b)
{
    uint64_t n = hb_battery_keys(b);
    if (bits == HB_VIEW_LOW)
        return s >= b ? 1 : (n < ((uint64_t)1 << (b - s)) ? n : (uint64_t)1 << (b - s));
    if (s >= 7 + b)
        return 1;
    if (s >= 7)
        return n < ((uint64_t)1 << (b - (s - 7))) ? n : (uint64_t)1 << (b - (s - 7));
    uint64_t per = (uint64_t)1 << (7 - s);
    return (n + per - 1) / per;
}

static void expect_first(const struct hb_battery *bat, enum hb_view bits)
{
    for (unsigned s = 0; s < HB_BATTERY_STRIDES; s++)
        for (unsigned b = HB_BATTERY_MIN_LOG2; b <= SMALL_LOG2; b++)
            if ((double)identity_occupied(bits, s, b) < bound(b)) {
                const struct hb_battery_view *d = &bat->views[bits];
                if (!d->failed || d->first.stride_log2 != s || d->first.buckets_log2 != b ||
                    d->first.occupied != identity_occupied(bits, s, b)) {
                    print_error("identity %s: predicted first failure s=%u 2^%u with %llu, battery says %s s=%u 2^%u "
                                "%llu\n",
                                hb_view_name(bits), s, b, (unsigned long long)identity_occupied(bits, s, b),
                                d->failed ? "FAIL" : "pass", d->first.stride_log2, d->first.buckets_log2,
                                (unsigned long long)d->first.occupied);
                    fail();
                }
                return;
            }
    fail_msg("identity %s: no failure predicted", hb_view_name(bits));
}

static void identity_fails_where_predicted(void **state)
{
    (void)state;
    struct hb_battery bat;
    hb_battery_measure(&identity_hash, SMALL_LOG2, &bat);
    assert_true(bat.linearity.linear);
    assert_int_equal(bat.linearity.zero, bat.linearity.triples);
    expect_first(&bat, HB_VIEW_LOW);
    expect_first(&bat, HB_VIEW_ABSL_H1);
    /* high and top7 are always 0 (keys below 2^(64-12)): one bucket, one tag, from the first table */
    assert_true(bat.views[HB_VIEW_HIGH].failed);
    assert_int_equal(bat.views[HB_VIEW_HIGH].first.stride_log2, 0);
    assert_int_equal(bat.views[HB_VIEW_HIGH].first.buckets_log2, HB_BATTERY_MIN_LOG2);
    assert_int_equal(bat.views[HB_VIEW_HIGH].first.occupied, 1);
    /* i * 2^s mod p, and i * 2^s * 11 mod p below 2^32, are distinct for i < p (p an odd prime above
     * 11, above the keys); the keys' low 32 bits are the keys (below 2^28): no pairs */
    assert_false(bat.views[HB_VIEW_MOD_PRIME].failed);
    assert_false(bat.views[HB_VIEW_GLIB].failed);
    assert_false(bat.views[HB_VIEW_LOW32].failed);
    /* tags: top7 is always 0 (keys below 2^57); absl-h2 at s = 1 holds the 64 even tags only */
    assert_true(bat.views[HB_VIEW_TOP7].failed);
    assert_int_equal(bat.views[HB_VIEW_TOP7].first.stride_log2, 0);
    assert_int_equal(bat.views[HB_VIEW_TOP7].first.buckets_log2, HB_BATTERY_MIN_LOG2);
    assert_int_equal(bat.views[HB_VIEW_TOP7].first.occupied, 1);
    assert_true(bat.views[HB_VIEW_ABSL_H2].failed);
    assert_int_equal(bat.views[HB_VIEW_ABSL_H2].first.stride_log2, 1);
    assert_int_equal(bat.views[HB_VIEW_ABSL_H2].first.occupied, 64);
    assert_true(bat.failed);
}

/* GF(2) rank of the low `bits` bits (after `shift`) of crc(key) ^ crc(0) over the single-bit
 * keys 2^(s+j), j < b: keys i * 2^s with i < 2^b reach 2^rank buckets. */
static unsigned crc_rank(const struct hb_hash *h, unsigned s, unsigned b, unsigned shift)
{
    uint8_t key[8] = {0}, out[HB_MAX_OUT_BYTES];
    h->oneshot(key, 8, 0, out);
    uint64_t zero = hb_bucket_value(h, out), rows[64];
    uint64_t mask = ((uint64_t)1 << b) - 1;
    for (unsigned j = 0; j < b; j++) {
        uint64_t k = (uint64_t)1 << (s + j);
        for (int i = 0; i < 8; i++)
            key[i] = (uint8_t)(k >> (8 * i));
        h->oneshot(key, 8, 0, out);
        rows[j] = ((hb_bucket_value(h, out) ^ zero) >> shift) & mask;
    }
    unsigned rank = 0;
    for (unsigned bit = 0; bit < b; bit++) {
        uint64_t pivot = (uint64_t)1 << bit;
        unsigned r = rank;
        while (r < b && !(rows[r] & pivot))
            r++;
        if (r == b)
            continue;
        uint64_t t = rows[r];
        rows[r] = rows[rank];
        rows[rank] = t;
        for (unsigned q = 0; q < b; q++)
            if (q != rank && (rows[q] & pivot))
                rows[q] ^= t;
        rank++;
    }
    return rank;
}

static void crc32c_fails_and_names_its_first_failure(void **state)
{
    (void)state;
    const struct hb_hash *crc = hb_lookup("crc32c");
    assert_non_null(crc);
    struct hb_battery bat;
    hb_battery_measure(crc, SMALL_LOG2, &bat);
    assert_true(bat.failed);
    assert_true(bat.linearity.linear);
    assert_true(bat.linearity.triples >= 96);
    /* a 32-bit value's top 7 bits of 64 are 0: one tag from the first table on */
    assert_true(bat.views[HB_VIEW_TOP7].failed);
    assert_int_equal(bat.views[HB_VIEW_TOP7].first.stride_log2, 0);
    assert_int_equal(bat.views[HB_VIEW_TOP7].first.buckets_log2, HB_BATTERY_MIN_LOG2);
    assert_int_equal(bat.views[HB_VIEW_TOP7].first.occupied, 1);
    /* and h >> (64 - b) is 0: one group */
    assert_true(bat.views[HB_VIEW_HIGH].failed);
    assert_int_equal(bat.views[HB_VIEW_HIGH].first.buckets_log2, HB_BATTERY_MIN_LOG2);
    assert_int_equal(bat.views[HB_VIEW_HIGH].first.occupied, 1);
    static const struct {
        enum hb_view bits;
        unsigned shift;
    } designs[] = {{HB_VIEW_LOW, 0}, {HB_VIEW_ABSL_H1, 7}};
    for (size_t d = 0; d < 2; d++) {
        const struct hb_battery_view *x = &bat.views[designs[d].bits];
        assert_true(x->failed);
        const struct hb_battery_failure *f = &x->first;
        unsigned rank = crc_rank(crc, f->stride_log2, f->buckets_log2, designs[d].shift);
        if (f->occupied > ((uint64_t)1 << rank) || (double)f->occupied >= f->bound) {
            print_error("crc32c %s: first failure s=%u 2^%u occupied %llu, bound %.1f, rank %u\n",
                        hb_view_name(designs[d].bits), f->stride_log2, f->buckets_log2, (unsigned long long)f->occupied,
                        f->bound, rank);
            fail();
        }
        /* where 2^rank is below the bound the battery cannot pass: every (s, 2^b) before the
         * first failure reaches enough buckets */
        for (unsigned s = 0; s <= f->stride_log2; s++)
            for (unsigned b = HB_BATTERY_MIN_LOG2; b <= SMALL_LOG2 && (s < f->stride_log2 || b < f->buckets_log2); b++)
                if ((double)((uint64_t)1 << crc_rank(crc, s, b, designs[d].shift)) < bound(b))
                    fail_msg("crc32c %s: rank at s=%u 2^%u is below the bound, yet no failure there",
                             hb_view_name(designs[d].bits), s, b);
    }
    assert_int_equal(hb_battery_first_failure(&bat), HB_VIEW_TOP7);
}

static void sha256_passes_as_a_random_function(void **state)
{
    (void)state;
    const struct hb_hash *sha = hb_lookup("sha256");
    assert_non_null(sha);
    struct hb_battery bat;
    hb_battery_measure(sha, 16, &bat);
    assert_false(bat.linearity.linear);
    assert_int_equal(bat.linearity.zero, 0);
    for (int d = 0; d < HB_VIEWS; d++)
        if (bat.views[d].failed)
            fail_msg("sha256 failed %s at s=%u 2^%u", hb_view_name((enum hb_view)d), bat.views[d].first.stride_log2,
                     bat.views[d].first.buckets_log2);
    assert_false(bat.failed);
    assert_int_equal(bat.strides_run, HB_BATTERY_STRIDES);
    /* each key hashed once: the first stride whole, every later one its odd half */
    assert_int_equal(bat.hashes, 4 * bat.linearity.triples + hb_battery_keys(16) * (HB_BATTERY_STRIDES + 1) / 2);
}

static void reports_carry_the_battery(void **state)
{
    (void)state;
    struct hb_run run = {.threads = 2, .battery_log2 = SMALL_LOG2};
    struct hb_algo_row rows[] = {{.hash = hb_lookup("crc32c"), .runnable = true},
                                 {.hash = hb_lookup("sha256"), .runnable = true}};
    run.algos = rows;
    run.nalgos = 2;
    hb_bucket_plan_init(&run.plan, HB_BUCKET_MOD, 256);
    hb_run_execute(&run);
    char *json = NULL, *text = NULL;
    size_t len;
    FILE *out = open_memstream(&json, &len);
    assert_true(hb_report_json(out, &run, "test-version"));
    fclose(out);
    out = open_memstream(&text, &len);
    hb_report_text(out, &run);
    fclose(out);

    char errbuf[256];
    yajl_val root = yajl_tree_parse(json, errbuf, sizeof errbuf);
    if (root == NULL)
        fail_msg("JSON does not parse: %s", errbuf);
    assert_int_equal(
        YAJL_GET_INTEGER(at(root, (const char *[]){"battery_rule", "max_buckets_log2", NULL}, yajl_t_number)),
        SMALL_LOG2);
    yajl_val algos = at(root, (const char *[]){"algorithms", NULL}, yajl_t_array);
    assert_int_equal(algos->u.array.len, 2);
    static const char *const verdict[] = {"fail", "pass"};
    static const char *const names[] = {"low", "absl-h1", "absl-h2", "top7", "high", "mod-prime", "glib", "low32"};
    assert_int_equal(sizeof names / sizeof names[0], HB_VIEWS);
    for (size_t a = 0; a < 2; a++) {
        yajl_val bat = at(algos->u.array.values[a], (const char *[]){"battery", NULL}, yajl_t_object);
        assert_string_equal(YAJL_GET_STRING(at(bat, (const char *[]){"verdict", NULL}, yajl_t_string)), verdict[a]);
        assert_int_equal(YAJL_GET_INTEGER(at(bat, (const char *[]){"linearity", "triples", NULL}, yajl_t_number)),
                         run.battery[a].linearity.triples);
        assert_int_equal(YAJL_GET_INTEGER(at(bat, (const char *[]){"linearity", "zero", NULL}, yajl_t_number)),
                         run.battery[a].linearity.zero);
        yajl_val linear = at(bat, (const char *[]){"linearity", "linear", NULL}, yajl_t_any);
        assert_true(a == 0 ? YAJL_IS_TRUE(linear) : YAJL_IS_FALSE(linear));
        yajl_val designs = at(bat, (const char *[]){"designs", NULL}, yajl_t_array);
        assert_int_equal(designs->u.array.len, HB_VIEWS);
        for (int d = 0; d < HB_VIEWS; d++) {
            yajl_val x = designs->u.array.values[d];
            const struct hb_battery_view *want = &run.battery[a].views[d];
            assert_string_equal(YAJL_GET_STRING(at(x, (const char *[]){"bits", NULL}, yajl_t_string)), names[d]);
            assert_string_equal(YAJL_GET_STRING(at(x, (const char *[]){"verdict", NULL}, yajl_t_string)),
                                want->failed ? "fail" : "pass");
            yajl_val first = at(x, (const char *[]){"first_failure", NULL}, yajl_t_any);
            if (!want->failed) {
                assert_true(YAJL_IS_NULL(first));
                continue;
            }
            assert_int_equal(YAJL_GET_INTEGER(at(first, (const char *[]){"stride_log2", NULL}, yajl_t_number)),
                             want->first.stride_log2);
            assert_int_equal(YAJL_GET_INTEGER(at(first, (const char *[]){"buckets_log2", NULL}, yajl_t_number)),
                             want->first.buckets_log2);
            const char *counted = d == HB_VIEW_LOW32 ? "pairs" : "occupied";
            assert_int_equal(YAJL_GET_INTEGER(at(first, (const char *[]){counted, NULL}, yajl_t_number)),
                             want->first.occupied);
            assert_int_equal(YAJL_GET_INTEGER(at(first, (const char *[]){"buckets", NULL}, yajl_t_number)),
                             want->first.buckets);
            assert_true(fabs(YAJL_GET_DOUBLE(at(first, (const char *[]){"expected", NULL}, yajl_t_number)) -
                             want->first.expected) < 1e-9);
        }
    }
    yajl_tree_free(root);

    /* one line per entry; crc32c's names its first failure: top7's single tag in the first table */
    assert_non_null(strstr(text, "\n  sha256/"));
    const char *crc = strstr(text, "\n  crc32c/");
    assert_non_null(crc);
    const char *end = strchr(crc + 1, '\n');
    assert_non_null(end);
    char line[512];
    snprintf(line, sizeof line, "%.*s", (int)(end - crc - 1), crc + 1);
    if (strstr(line, "FAIL, linear: first s=0, 2^8 buckets, top7") == NULL)
        fail_msg("crc32c's battery line: '%s'", line);
    free(json);
    free(text);
    hb_run_free(&run);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(occupancy_moments_match_enumeration),
        cmocka_unit_test(identity_fails_where_predicted),
        cmocka_unit_test(crc32c_fails_and_names_its_first_failure),
        cmocka_unit_test(sha256_passes_as_a_random_function),
        cmocka_unit_test(reports_carry_the_battery),
    };
    return cmocka_run_group_tests(tests, init, NULL);
}
