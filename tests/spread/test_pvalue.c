/*
 * test_pvalue.c — every tail probability against a reference computed another way: closed forms
 * (chi-square with 2 and with even degrees of freedom, with 1 through erfc), a published table
 * value, the Wilson-Hilferty approximation at large df, direct Poisson and binomial sums, and a
 * simulation of bucket loads for the fitted bucket chi-square.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "spread.h"

/* |a - b| <= tol, with the values in the failure message. */
#define assert_close(a, b, tol, ...)                                                                                   \
    do {                                                                                                               \
        double a_ = (a), b_ = (b);                                                                                     \
        if (!(fabs(a_ - b_) <= (tol))) {                                                                               \
            print_error("%s = %.12g, expected %.12g (tolerance %g) for ", #a, a_, b_, (double)(tol));                  \
            print_error(__VA_ARGS__);                                                                                  \
            print_error("\n");                                                                                         \
            fail();                                                                                                    \
        }                                                                                                              \
    } while (0)

static void chi2_two_degrees_is_exp(void **state)
{
    (void)state;
    static const double xs[] = {0.01, 0.5, 2, 7.5, 10, 100, 1000, 20000};
    for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++) {
        double expected = -xs[i] / 2 / M_LN2; /* log2 exp(-x/2) */
        assert_close(hb_log2_chi2_upper(xs[i], 2), expected, 1e-9 * (1 + fabs(expected)), "x=%g", xs[i]);
    }
}

/* Q(k/2, x/2) = exp(-x/2) sum_{j<k/2} (x/2)^j / j! for even k. */
static double even_df_survival(double x, int k)
{
    double term = exp(-x / 2), sum = 0;
    for (int j = 0; j < k / 2; j++) {
        sum += term;
        term *= (x / 2) / (j + 1);
    }
    return sum;
}

static void chi2_even_degrees_is_a_finite_poisson_sum(void **state)
{
    (void)state;
    static const int dfs[] = {4, 10, 30, 100};
    static const double xs[] = {1, 5, 18.307, 40, 90, 150};
    for (size_t d = 0; d < sizeof dfs / sizeof dfs[0]; d++)
        for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++) {
            double expected = log2(even_df_survival(xs[i], dfs[d]));
            assert_close(hb_log2_chi2_upper(xs[i], dfs[d]), expected, 1e-8 * (1 + fabs(expected)), "df=%d x=%g", dfs[d],
                         xs[i]);
        }
}

static void chi2_published_table_values(void **state)
{
    (void)state;
    /* upper 5% and 1% points of common tables (4 significant digits there) */
    assert_close(exp2(hb_log2_chi2_upper(18.307, 10)), 0.05, 2e-5, "chi2(0.95, 10)");
    assert_close(exp2(hb_log2_chi2_upper(3.841, 1)), 0.05, 2e-5, "chi2(0.95, 1)");
    assert_close(exp2(hb_log2_chi2_upper(6.635, 1)), 0.01, 2e-5, "chi2(0.99, 1)");
    assert_close(exp2(hb_log2_chi2_upper(124.342, 100)), 0.05, 2e-5, "chi2(0.95, 100)");
    assert_close(exp2(hb_log2_chi2_upper(135.807, 100)), 0.01, 2e-5, "chi2(0.99, 100)");
}

static void chi2_one_degree_is_erfc(void **state)
{
    (void)state;
    static const double xs[] = {0.1, 1, 4, 16, 50};
    for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++) {
        double expected = log2(erfc(sqrt(xs[i] / 2)));
        assert_close(hb_log2_chi2_upper(xs[i], 1), expected, 1e-8 * (1 + fabs(expected)), "x=%g", xs[i]);
    }
}

/* Wilson-Hilferty: (X/k)^(1/3) is nearly normal with mean 1-2/(9k), variance 2/(9k). */
static double wilson_hilferty_log2(double x, double k)
{
    double v = 2 / (9 * k), z = (cbrt(x / k) - (1 - v)) / sqrt(v);
    return log2(0.5 * erfc(z / M_SQRT2));
}

static void chi2_large_degrees_matches_wilson_hilferty(void **state)
{
    (void)state;
    double k = 16383;
    static const double sigmas[] = {-1, 0, 1, 3, 4.5, 6};
    for (size_t i = 0; i < sizeof sigmas / sizeof sigmas[0]; i++) {
        double x = k + sigmas[i] * sqrt(2 * k);
        double expected = wilson_hilferty_log2(x, k);
        assert_close(hb_log2_chi2_upper(x, k), expected, 0.02 * (1 + fabs(expected)), "df=%g x=%g", k, x);
    }
}

static void gamma_p_and_q_add_up(void **state)
{
    (void)state;
    static const double as[] = {0.5, 1, 3.5, 40, 8191.5};
    for (size_t i = 0; i < sizeof as / sizeof as[0]; i++)
        for (double f = 0.5; f <= 1.5; f += 0.25) {
            double x = as[i] * f;
            double sum = exp2(hb_log2_gamma_p(as[i], x)) + exp2(hb_log2_gamma_q(as[i], x));
            assert_close(sum, 1, 1e-10, "a=%g x=%g", as[i], x);
        }
}

static void bucket_chi2_is_the_chi2_at_large_loads(void **state)
{
    (void)state;
    /* expected load 64: the fitted distribution must agree with chi2(B-1) closely */
    size_t b = 16384, n = b * 64;
    for (double s = 0; s <= 6; s += 1.5) {
        double x = (double)(b - 1) + s * sqrt(2.0 * (double)(b - 1));
        double plain = hb_log2_chi2_upper(x, (double)(b - 1));
        assert_close(hb_log2_bucket_chi2_upper(x, b, n), plain, 0.05 * (1 + fabs(plain)), "x=%g", x);
    }
}

/* The bucket p-value simulated: random loads at a low expected load, the fraction of runs at
 * p <= 2^-6 must be near 2^-6 (the plain chi-square gives far more; see pvalue.c). */
static void bucket_chi2_is_calibrated_at_low_loads(void **state)
{
    (void)state;
    const size_t b = 4096, n = 1024, trials = 4000;
    uint32_t *loads = calloc(b, sizeof *loads);
    uint64_t rng = 42;
    size_t low = 0;
    for (size_t t = 0; t < trials; t++) {
        memset(loads, 0, b * sizeof *loads);
        for (size_t i = 0; i < n; i++) {
            rng = rng * 6364136223846793005u + 1442695040888963407u;
            loads[(rng >> 33) % b]++;
        }
        struct hb_bucket_stats st;
        hb_bucket_stats_of(loads, b, n, &st);
        low += st.log2_p <= -6;
    }
    free(loads);
    /* expected 4000/64 = 62.5; a Poisson count stays within 30..100 but for a 1-in-10^5 fluke */
    if (low < 30 || low > 100) {
        print_error("%zu of %zu simulated runs at p <= 2^-6, expected about %zu\n", low, trials, trials / 64);
        fail();
    }
}

/* P(X >= k) by summing the pmf e^-lambda lambda^j / j!: above k when k is past the mean (no
 * cancellation), else 1 - the sum below k. */
static double poisson_at_least(unsigned k, double lambda)
{
    double term = exp(-lambda), below = 0;
    for (unsigned j = 0; j < k; j++) {
        below += term;
        term *= lambda / (j + 1);
    }
    if (k <= lambda)
        return 1 - below;
    double above = 0;
    for (unsigned j = k; j < k + 400; j++) {
        above += term;
        term *= lambda / (j + 1);
    }
    return above;
}

static void poisson_tail_by_direct_summation(void **state)
{
    (void)state;
    static const double lambdas[] = {0.5, 3, 20, 128};
    for (size_t i = 0; i < sizeof lambdas / sizeof lambdas[0]; i++)
        for (unsigned k = 1; k < 3 * lambdas[i] + 8; k += 1 + (unsigned)(lambdas[i] / 8)) {
            double expected = poisson_at_least(k, lambdas[i]);
            assert_close(exp2(hb_log2_poisson_at_least(k, lambdas[i])) / expected, 1, 1e-7, "k=%u lambda=%g", k,
                         lambdas[i]);
        }
    assert_close(hb_log2_poisson_at_least(0, 5), 0, 0, "k=0");
}

static void poisson_tail_far_out(void **state)
{
    (void)state;
    /* tiny lambda: P(X >= 1) = 1 - e^-lambda, P(X >= k) ~ lambda^k / k! */
    double lambda = ldexp(1, -25);
    assert_close(hb_log2_poisson_at_least(1, lambda), log2(-expm1(-lambda)), 1e-9, "k=1");
    assert_close(hb_log2_poisson_at_least(3, lambda), (3 * log(lambda) - log(6)) / M_LN2, 1e-6, "k=3");
    /* a constant hash's 5.5e11 pairs: finite, and about k log2(lambda) - log2(k!) */
    double k = 549755289600.0, got = hb_log2_poisson_at_least((uint64_t)k, 128);
    double stirling = (k * log(128) - 128 - (k * log(k) - k + 0.5 * log(2 * M_PI * k))) / M_LN2;
    assert_close(got / stirling, 1, 1e-9, "k=%g", k);
}

static void coin_two_sided_exact_for_small_n(void **state)
{
    (void)state;
    /* n = 20 tosses: binomial coefficients exactly, in integers */
    const unsigned n = 20;
    uint64_t choose[21];
    choose[0] = 1;
    for (unsigned k = 1; k <= n; k++)
        choose[k] = choose[k - 1] * (n - k + 1) / k;
    for (unsigned heads = 0; heads <= n; heads++) {
        unsigned d = heads > n / 2 ? heads - n / 2 : n / 2 - heads;
        uint64_t tail = 0; /* outcomes at least d from n/2, both sides */
        for (unsigned k = 0; k <= n; k++)
            if ((k > n / 2 ? k - n / 2 : n / 2 - k) >= d)
                tail += choose[k];
        double expected = log2((double)tail / (double)(1u << n));
        assert_close(hb_log2_coin_two_sided(heads, n), expected, 1e-9, "heads=%u of %u", heads, n);
    }
}

static void scaling_worst_of_m(void **state)
{
    (void)state;
    assert_close(hb_log2_scale(-1, 2), log2(0.75), 1e-12, "p=1/2 m=2");
    assert_close(hb_log2_scale(-30, 16), -26, 1e-6, "p=2^-30 m=16");
    assert_close(hb_log2_scale(-5000, 13), -5000 + log2(13), 1e-9, "p=2^-5000 m=13");
    assert_close(hb_log2_scale(-3, 1), -3, 0, "m=1");
    assert_close(hb_log2_scale(0, 100), 0, 0, "p=1");
}

static void caret_is_floor_of_minus_log2(void **state)
{
    (void)state;
    assert_int_equal(hb_caret(0), 0);
    assert_int_equal(hb_caret(-15.99), 15);
    assert_int_equal(hb_caret(-16), 16);
    assert_int_equal(hb_caret(-20.5), 20);
    assert_int_equal(hb_verdict_of(-15.99), HB_PASS);
    assert_int_equal(hb_verdict_of(-16), HB_WARN);
    assert_int_equal(hb_verdict_of(-19.99), HB_WARN);
    assert_int_equal(hb_verdict_of(-20), HB_FAIL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(chi2_two_degrees_is_exp),
        cmocka_unit_test(chi2_even_degrees_is_a_finite_poisson_sum),
        cmocka_unit_test(chi2_published_table_values),
        cmocka_unit_test(chi2_one_degree_is_erfc),
        cmocka_unit_test(chi2_large_degrees_matches_wilson_hilferty),
        cmocka_unit_test(gamma_p_and_q_add_up),
        cmocka_unit_test(bucket_chi2_is_the_chi2_at_large_loads),
        cmocka_unit_test(bucket_chi2_is_calibrated_at_low_loads),
        cmocka_unit_test(poisson_tail_by_direct_summation),
        cmocka_unit_test(poisson_tail_far_out),
        cmocka_unit_test(coin_two_sided_exact_for_small_n),
        cmocka_unit_test(scaling_worst_of_m),
        cmocka_unit_test(caret_is_floor_of_minus_log2),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
