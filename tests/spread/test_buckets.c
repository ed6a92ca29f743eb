/*
 * test_buckets.c — the three bucketings (modulo with its power-of-two mask, the largest prime,
 * the top bits for 32- and 64-bit values) and the load statistics on loads worked out by hand.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <math.h>

#include "spread.h"

static void largest_primes(void **state)
{
    (void)state;
    assert_int_equal(hb_largest_prime_at_most(2), 2);
    assert_int_equal(hb_largest_prime_at_most(10), 7);
    assert_int_equal(hb_largest_prime_at_most(1024), 1021);
    assert_int_equal(hb_largest_prime_at_most(16384), 16381);
    assert_int_equal(hb_largest_prime_at_most(65537), 65537);
    struct hb_bucket_plan plan;
    hb_bucket_plan_init(&plan, HB_BUCKET_PRIME, 16384);
    assert_int_equal(plan.used, 16381);
    assert_int_equal(hb_bucket_of(&plan, 16381 * 5 + 3, 64), 3);
}

static void mod_masks_powers_of_two(void **state)
{
    (void)state;
    struct hb_bucket_plan pow2, other;
    hb_bucket_plan_init(&pow2, HB_BUCKET_MOD, 1024);
    hb_bucket_plan_init(&other, HB_BUCKET_MOD, 1000);
    uint64_t v = 0x0123456789abcdefu;
    for (int i = 0; i < 1000; i++, v = v * 0x9e3779b97f4a7c15u + 1) {
        assert_int_equal(hb_bucket_of(&pow2, v, 64), v & 1023);
        assert_int_equal(hb_bucket_of(&other, v, 64), v % 1000);
    }
}

static void high_takes_the_top_bits(void **state)
{
    (void)state;
    struct hb_bucket_plan plan;
    hb_bucket_plan_init(&plan, HB_BUCKET_HIGH, 16384);
    assert_int_equal(hb_bucket_of(&plan, 0xfedcba9876543210u, 64), 0xfedcba9876543210u >> 50);
    assert_int_equal(hb_bucket_of(&plan, 0xfedcba98u, 32), 0xfedcba98u >> 18); /* a 32-bit hash's own top */
    assert_int_equal(hb_bucket_of(&plan, 0, 64), 0);
    assert_int_equal(hb_bucket_of(&plan, UINT64_MAX, 64), 16383);
    hb_bucket_plan_init(&plan, HB_BUCKET_HIGH, 3); /* not a power of two: thirds of the range */
    assert_int_equal(hb_bucket_of(&plan, UINT64_MAX / 3 - 1, 64), 0);
    assert_int_equal(hb_bucket_of(&plan, UINT64_MAX / 3 * 2 + 2, 64), 2);
}

static void load_statistics_by_hand(void **state)
{
    (void)state;
    /* 12 keys in 4 buckets: expected 3, deviations -3 -1 1 3, squares sum 20 */
    const uint32_t loads[] = {0, 2, 4, 6};
    struct hb_bucket_stats st;
    hb_bucket_stats_of(loads, 4, 12, &st);
    assert_int_equal(st.min, 0);
    assert_int_equal(st.max, 6);
    assert_true(fabs(st.expected - 3) < 1e-12);
    assert_true(fabs(st.std_dev - sqrt(5.0)) < 1e-12);
    assert_true(fabs(st.ideal_std_dev - sqrt(3.0)) < 1e-12);
    assert_true(fabs(st.chi2 - 20.0 / 3) < 1e-12);
    /* perfectly even loads: chi2 0, p 1 (more even than random is no failure) */
    const uint32_t even[] = {3, 3, 3, 3};
    hb_bucket_stats_of(even, 4, 12, &st);
    assert_true(st.chi2 == 0 && st.log2_p == 0 && st.std_dev == 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(largest_primes),
        cmocka_unit_test(mod_masks_powers_of_two),
        cmocka_unit_test(high_takes_the_top_bits),
        cmocka_unit_test(load_statistics_by_hand),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
