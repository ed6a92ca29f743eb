/*
 * test_battery_views.c — the structure battery's views (hb_designs.h) on hashes built so that one
 * view sees their structure, each first failure predicted here, and rust-lang/rust #135477.
 *
 *  - mod-prime and glib: a hash that is a multiple of the view's modulus at 2^12 (libstdc++'s bucket
 *    count; GLib's prime, after its x 11) puts every key in bucket 0 there and nowhere earlier
 *    (the smaller tables' primes are coprime to it and above their keys): the first failure is
 *    s = 0, 2^12, one bucket;
 *  - low32: a hash whose low 32 bits are the key's low byte: the pairs of equal low-32 values at
 *    s = 0 are counted here and must be the battery's;
 *  - rustc-hash's FxHasher on a usize key, test-only functions written from the crate's published
 *    description: 2.x hashes one word as hash = (0 + key) * K, K = 0xf1357aea2e62a9c5 (wrapping),
 *    and finishes with hash.rotate_left(20) in 2.0. rustc-hash 2.1.1's CHANGELOG: "Change the
 *    internal algorithm to better accomodate large hashmaps. This mitigates a regression with 2.0
 *    in rustc (rust-lang/rust#135477)"; its pull request #56: "Increase 64-bit rotation from 20 to
 *    26 bits on finalizer". hashbrown takes the bucket from the low bits: after rotate_left(20),
 *    bucket bit 20 is the product's bit 0, which is 0 for every even key (K is odd, so the
 *    product's low zero bits are the key's), and 8-byte-aligned keys (s = 3) reach at most half
 *    of a table of 2^21 or 2^22 buckets; with rotate_left(26) they reach the upper half. That is
 *    the regression, reproduced on the low view. The battery fails both finishers all the same,
 *    each first where the occupancy counted here says: a product's middle bits on the keys i * 2^s
 *    fall on a lattice (2.0's on consecutive keys at 2^17, 2.1.1's on aligned keys at 2^9).
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

#include "spread.h"

#define SMALL_LOG2 12
#define FX_K       UINT64_C(0xf1357aea2e62a9c5)

static int init(void **state)
{
    (void)state;
    char err[256];
    return hb_init(err, sizeof err) ? 0 : -1;
}

static uint64_t key_of(const void *in, size_t len)
{
    const uint8_t *p = in;
    uint64_t v = 0;
    for (size_t i = 0; i < len && i < 8; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

static uint64_t rotl(uint64_t x, unsigned r)
{
    return x << r | x >> (64 - r);
}

static uint64_t mod_prime_at_12;
static uint64_t glib_at_12; /* key * p * 11^-1 mod 2^32: times 11, key * p below 2^32 */

static uint64_t inverse_mod_2_32(uint32_t a)
{
    uint32_t x = a; /* Newton's iteration: each step doubles the correct low bits */
    for (int i = 0; i < 5; i++)
        x *= 2 - a * x;
    return x;
}

static uint64_t fx20(const void *in, size_t len, uint64_t seed)
{
    (void)seed;
    return rotl(key_of(in, len) * FX_K, 20);
}

static uint64_t fx26(const void *in, size_t len, uint64_t seed)
{
    (void)seed;
    return rotl(key_of(in, len) * FX_K, 26);
}

static uint64_t by_mod_prime(const void *in, size_t len, uint64_t seed)
{
    (void)seed;
    return key_of(in, len) * mod_prime_at_12;
}

static uint64_t by_glib(const void *in, size_t len, uint64_t seed)
{
    (void)seed;
    return (uint32_t)(key_of(in, len) * glib_at_12);
}

static uint64_t low_byte(const void *in, size_t len, uint64_t seed)
{
    (void)seed;
    uint64_t k = key_of(in, len);
    return k << 32 | (k & 0xff);
}

/* Each test hash is integer-valued: its bucketing value is hash64's. */
#define TEST_HASH(fn, text)                                                                                            \
    static void fn##_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)                                  \
    {                                                                                                                  \
        uint64_t v = fn(in, len, seed);                                                                                \
        for (int i = 0; i < 8; i++)                                                                                    \
            out[i] = (uint8_t)(v >> (56 - 8 * i));                                                                     \
    }                                                                                                                  \
    static const struct hb_hash fn##_hash = {.name = #fn,                                                              \
                                             .impl = "test",                                                           \
                                             .family = "test",                                                         \
                                             .summary = text,                                                          \
                                             .kind = HB_KIND_NONCRYPTO,                                                \
                                             .out_bits = 64,                                                           \
                                             .flags = HB_FLAG_INTEGER,                                                 \
                                             .oneshot = fn##_oneshot,                                                  \
                                             .hash64 = fn};

TEST_HASH(fx20, "rustc-hash 2.0's FxHasher on a usize")
TEST_HASH(fx26, "rustc-hash 2.1.1's FxHasher on a usize")
TEST_HASH(by_mod_prime, "the key times libstdc++'s bucket count at 2^12")
TEST_HASH(by_glib, "the key times GLib's prime at 2^12 over 11")
TEST_HASH(low_byte, "the key above, its low byte below")

static void expect_first(const struct hb_battery *bat, enum hb_view v, unsigned s, unsigned b, uint64_t occupied)
{
    const struct hb_battery_view *x = &bat->views[v];
    if (!x->failed || x->first.stride_log2 != s || x->first.buckets_log2 != b || x->first.occupied != occupied)
        fail_msg("%s: predicted s=%u 2^%u %llu, the battery says %s s=%u 2^%u %llu", hb_view_name(v), s, b,
                 (unsigned long long)occupied, x->failed ? "FAIL" : "pass", x->first.stride_log2, x->first.buckets_log2,
                 (unsigned long long)x->first.occupied);
}

static void expect_pass(const struct hb_battery *bat, enum hb_view v, const char *what)
{
    const struct hb_battery_failure *f = &bat->views[v].first;
    if (bat->views[v].failed)
        fail_msg("%s: %s fails at s=%u 2^%u: %llu of %llu buckets where a random function fills %.0f (bound %.0f)",
                 what, hb_view_name(v), f->stride_log2, f->buckets_log2, (unsigned long long)f->occupied,
                 (unsigned long long)f->buckets, f->expected, f->bound);
}

static void prime_views_fail_where_their_modulus_divides(void **state)
{
    (void)state;
    mod_prime_at_12 = hb_view_buckets(HB_VIEW_MOD_PRIME, SMALL_LOG2);
    glib_at_12 = (uint64_t)hb_view_prime(SMALL_LOG2) * inverse_mod_2_32(11) % ((uint64_t)1 << 32);
    for (unsigned b = HB_BATTERY_MIN_LOG2; b < SMALL_LOG2; b++) {
        /* the premise: each smaller table's modulus is a prime other than the one at 2^12, above its keys */
        assert_true(hb_view_buckets(HB_VIEW_MOD_PRIME, b) > hb_battery_keys(b));
        assert_true(hb_view_buckets(HB_VIEW_MOD_PRIME, b) != mod_prime_at_12);
        assert_true(hb_view_prime(b) > hb_battery_keys(b));
    }
    assert_true((uint64_t)hb_battery_keys(SMALL_LOG2) * hb_view_prime(SMALL_LOG2) < ((uint64_t)1 << 32));
    struct hb_battery bat;
    hb_battery_measure(&by_mod_prime_hash, SMALL_LOG2, &bat);
    expect_first(&bat, HB_VIEW_MOD_PRIME, 0, SMALL_LOG2, 1);
    assert_int_equal(bat.views[HB_VIEW_MOD_PRIME].first.buckets, mod_prime_at_12);
    hb_battery_measure(&by_glib_hash, SMALL_LOG2, &bat);
    expect_first(&bat, HB_VIEW_GLIB, 0, SMALL_LOG2, 1);
    assert_int_equal(bat.views[HB_VIEW_GLIB].first.buckets, hb_view_prime(SMALL_LOG2));
}

static void low32_counts_the_pairs(void **state)
{
    (void)state;
    size_t n = hb_battery_keys(SMALL_LOG2);
    uint64_t count[256] = {0}, pairs = 0;
    for (size_t i = 0; i < n; i++)
        count[i & 0xff]++;
    for (int v = 0; v < 256; v++)
        pairs += count[v] ? count[v] * (count[v] - 1) / 2 : 0;
    struct hb_battery bat;
    hb_battery_measure(&low_byte_hash, SMALL_LOG2, &bat);
    expect_first(&bat, HB_VIEW_LOW32, 0, SMALL_LOG2, pairs);
    const struct hb_battery_failure *f = &bat.views[HB_VIEW_LOW32].first;
    assert_int_equal(f->keys, n);
    assert_true(fabs(f->expected - (double)n * (double)(n - 1) / 2 / 4294967296.0) < 1e-9);
}

/* Buckets of 2^b the keys i * 2^s (i below the table's keys) reach through the low view. */
static uint64_t low_occupied(uint64_t (*fn)(const void *, size_t, uint64_t), unsigned s, unsigned b)
{
    size_t n = hb_battery_keys(b), m = (size_t)1 << b, occupied = 0;
    uint8_t *seen = calloc(m, 1);
    assert_non_null(seen);
    for (size_t i = 0; i < n; i++) {
        uint8_t key[8];
        for (int j = 0; j < 8; j++)
            key[j] = (uint8_t)(((uint64_t)i << s) >> (8 * j));
        uint64_t bucket = hb_view_value(HB_VIEW_LOW, fn(key, 8, 0), b);
        occupied += !seen[bucket];
        seen[bucket] = 1;
    }
    free(seen);
    return occupied;
}

static double low_bound(unsigned b)
{
    double m = (double)((uint64_t)1 << b), n = (double)hb_battery_keys(b);
    return hb_occupancy_mean(m, n) - HB_BATTERY_SIGMAS * sqrt(hb_occupancy_variance(m, n));
}

/* The battery's first low-view failure up to 2^max_log2 must be the first (s, 2^b) in its order
 * where the occupancy counted here falls below the bound. */
static bool low_first_failure_as_counted(uint64_t (*fn)(const void *, size_t, uint64_t), const struct hb_hash *h,
                                         unsigned max_log2)
{
    struct hb_battery bat;
    hb_battery_measure(h, max_log2, &bat);
    for (unsigned s = 0; s < HB_BATTERY_STRIDES; s++)
        for (unsigned b = HB_BATTERY_MIN_LOG2; b <= max_log2; b++) {
            uint64_t occupied = low_occupied(fn, s, b);
            if ((double)occupied < low_bound(b)) {
                expect_first(&bat, HB_VIEW_LOW, s, b, occupied);
                return true;
            }
        }
    expect_pass(&bat, HB_VIEW_LOW, h->summary);
    return false;
}

/* rust-lang/rust #135477: rustc-hash 2.0's finisher leaves bucket bit 20 (and up) 0 for keys with
 * zero low bits, so 8-byte-aligned keys (s = 3) reach at most 2^20 buckets of 2^21 or 2^22 and
 * fail the low view's bound there; 2.1.1's reach the upper half and stay within a tenth of a
 * random function's mean. */
static void rustc_hash_2_0_leaves_large_tables_half_empty(void **state)
{
    (void)state;
    for (unsigned b = 21; b <= 22; b++) {
        uint64_t old = low_occupied(fx20, 3, b), now = low_occupied(fx26, 3, b);
        double mean = hb_occupancy_mean((double)((uint64_t)1 << b), (double)hb_battery_keys(b));
        if (old > (uint64_t)1 << 20 || (double)old >= low_bound(b))
            fail_msg("2^%u, s=3: rustc-hash 2.0 reaches %llu buckets (bound %.0f)", b, (unsigned long long)old,
                     low_bound(b));
        if (now <= (uint64_t)1 << (b - 1) || (double)now < 0.9 * mean)
            fail_msg("2^%u, s=3: rustc-hash 2.1.1 reaches %llu buckets of a random function's %.0f", b,
                     (unsigned long long)now, mean);
    }
}

/* Both finishers fail the battery's low view, each first where the count here says: 2.0 on
 * consecutive keys before its bits run out, 2.1.1 on aligned keys in a small table (a product's
 * middle bits on i * 2^s fall on a lattice, fewer buckets than a random function fills). */
static void rustc_hash_low_view_fails_where_counted(void **state)
{
    (void)state;
    assert_true(low_first_failure_as_counted(fx20, &fx20_hash, 18));
    assert_true(low_first_failure_as_counted(fx26, &fx26_hash, 12));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(prime_views_fail_where_their_modulus_divides),
        cmocka_unit_test(low32_counts_the_pairs),
        cmocka_unit_test(rustc_hash_2_0_leaves_large_tables_half_empty),
        cmocka_unit_test(rustc_hash_low_view_fails_where_counted),
    };
    return cmocka_run_group_tests(tests, init, NULL);
}
