/* test_signed_rank.c — the Wilcoxon signed-rank test and its detectable effect (-sample paired)
 * against independent references: exact p-values and the null distribution against a brute-force
 * enumeration of all 2^n sign assignments (n up to 16); the published two-tailed 0.05 critical
 * values of the signed-rank table for n = 6..20, which the enumeration here confirms before they
 * are used; the normal approximation with ties against an example worked by hand below; the
 * comparison's footnotes; and for the detectable effect the textbook normal approximation
 * (z(1 - a/2) + z(0.8)) sigma / sqrt(n) / sqrt(3/pi) on a normal sample of log ratios; the
 * Hodges-Lehmann estimate against a published example and the Walsh-average identity. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "detectable.h"
#include "normal_dist.h"
#include "shift.h"
#include "signed_rank.h"
#include "stats/sign_patterns.h"
#include "summary.h"

static uint64_t rng = 424242;
static uint32_t next_random(void)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rng >> 33);
}

/* The null distribution, sum by sum, for every n up to 12. */
static void cdf_matches_enumeration(void **state)
{
    (void)state;
    for (int n = 1; n <= 12; n++)
        for (int t = -1; t <= n * (n + 1) / 2 + 1; t++) {
            double want = (double)sign_patterns_at_most(n, t) / (double)(1u << n);
            double got = hb_signed_rank_cdf(n, t);
            if (fabs(got - want) > 1e-15)
                fail_msg("n=%d t=%d: enumeration %.17g, hb_signed_rank_cdf %.17g", n, t, want, got);
        }
}

/* Random differences without ties (distinct magnitudes, random signs, some zeros that the test
 * must drop): the exact p is min(1, 2 P(T <= min(T+, T-))), P counted over all sign assignments. */
static void exact_p_matches_enumeration(void **state)
{
    (void)state;
    for (int trial = 0; trial < 300; trial++) {
        int n = 1 + (int)(next_random() % 16), zeros = (int)(next_random() % 3);
        double d[20];
        int used[1000] = {0};
        double t_plus = 0, t_minus = 0;
        for (int i = 0; i < n; i++) {
            int magnitude;
            do
                magnitude = 1 + (int)(next_random() % 999);
            while (used[magnitude]);
            used[magnitude] = 1;
            d[i] = (next_random() & 1 ? 1 : -1) * magnitude / 1000.0;
        }
        /* Ranks by counting smaller magnitudes: the definition, without sorting. */
        for (int i = 0; i < n; i++) {
            int rank = 1;
            for (int j = 0; j < n; j++)
                rank += fabs(d[j]) < fabs(d[i]);
            *(d[i] > 0 ? &t_plus : &t_minus) += rank;
        }
        for (int z = 0; z < zeros; z++)
            d[n + z] = 0;
        double t = fmin(t_plus, t_minus);
        double want = fmin(1, 2.0 * (double)sign_patterns_at_most(n, t) / (double)(1u << n));
        struct hb_signed_rank w = hb_signed_rank(d, (size_t)(n + zeros));
        if (w.all_zero || w.n != (size_t)n || w.t_plus != t_plus || w.t_minus != t_minus || fabs(w.p - want) > 1e-15)
            fail_msg("trial %d n=%d (+%d zeros): want T+=%g T-=%g p=%.17g, got n=%zu T+=%g T-=%g p=%.17g", trial, n,
                     zeros, t_plus, t_minus, want, w.n, w.t_plus, w.t_minus, w.p);
    }
}

/* The published critical values of the signed-rank table at two-tailed 0.05 (the largest T whose
 * two-sided p is at most 0.05), n = 6..20, each first confirmed by enumeration. */
static void published_critical_values(void **state)
{
    (void)state;
    static const int published[] = {0, 2, 3, 5, 8, 10, 13, 17, 21, 25, 29, 34, 40, 46, 52};
    for (int n = 6; n <= 20; n++) {
        int want = published[n - 6];
        double all = (double)(1u << n);
        double p_at = 2 * (double)sign_patterns_at_most(n, want) / all;
        double p_past = 2 * (double)sign_patterns_at_most(n, want + 1) / all;
        if (!(p_at <= 0.05 && p_past > 0.05))
            fail_msg("n=%d: enumeration does not confirm the table's %d (p %g, next %g)", n, want, p_at, p_past);
        if (hb_signed_rank_critical((size_t)n, 0.05) != want)
            fail_msg("n=%d: critical T %g, table %d", n, hb_signed_rank_critical((size_t)n, 0.05), want);
        /* A difference vector with exactly T- = want: ranks summing to want negative. */
        double d[20];
        int left = want;
        for (int r = n; r >= 1; r--) {
            int negative = r <= left;
            left -= negative ? r : 0;
            d[r - 1] = (negative ? -1 : 1) * (double)r;
        }
        assert_int_equal(left, 0);
        struct hb_signed_rank w = hb_signed_rank(d, (size_t)n);
        assert_true(w.t_minus == want);
        assert_true(w.p <= 0.05);
    }
    /* Below n = 6 nothing can reach 0.05: all of one sign gives 2 / 2^5 = 0.0625 at n = 5. */
    assert_true(hb_signed_rank_critical(5, 0.05) < 0);
    assert_true(hb_signed_rank_critical(0, 0.05) < 0);
    assert_int_equal(hb_signed_rank_min_pairs(0.05), 6);
    assert_int_equal(hb_signed_rank_min_pairs(0.01), 8);
}

/* Worked by hand. d = {0, 1, -1, 2, 2, 2, -3, 4}: the zero is dropped, n = 7. Sorted |d| =
 * 1 1 2 2 2 3 4; the two 1s share ranks 1-2 (1.5 each), the three 2s ranks 3-5 (4 each), 3 has
 * rank 6, 4 rank 7. T+ = 1.5 + 3 x 4 + 7 = 20.5, T- = 1.5 + 6 = 7.5 (together 28 = 7 x 8 / 2).
 * Ties force the normal approximation: mu = n(n + 1)/4 = 14; the variance is
 * n(n + 1)(2n + 1)/24 - sum(t^3 - t)/48 = 35 - (6 + 24)/48 = 34.375, sigma = 5.86302;
 * z = (|20.5 - 14| - 0.5) / sigma = 1.02336; p = 2 (1 - Phi(1.02336)) = 0.30614. */
static void normal_approximation_with_ties(void **state)
{
    (void)state;
    const double d[] = {0, 1, -1, 2, 2, 2, -3, 4};
    struct hb_signed_rank w = hb_signed_rank(d, 8);
    assert_int_equal(w.n, 7);
    assert_true(w.t_plus == 20.5 && w.t_minus == 7.5);
    if (fabs(w.p - 0.30614) > 1e-5)
        fail_msg("p=%.6f, worked by hand 0.30614", w.p);
    /* More than 50 differences and no ties: normal too. 60 positive 1..60 but ranks 1-10
	 * negative: T- = 55, mu = 915, sigma^2 = 60 x 61 x 121 / 24 = 18452.5, z = (860 - 0.5) /
	 * 135.840 = 6.3273, p = 2.495e-10. */
    double big[60];
    for (int i = 0; i < 60; i++)
        big[i] = (i < 10 ? -1 : 1) * (double)(i + 1);
    struct hb_signed_rank b = hb_signed_rank(big, 60);
    assert_true(b.t_minus == 55);
    if (fabs(b.p / 2.495e-10 - 1) > 0.001)
        fail_msg("n=60: p=%g, worked by hand 2.495e-10", b.p);
}

static void comparison_footnotes(void **state)
{
    (void)state;
    struct hb_comparison c;
    const double up[] = {0.01, 0.02, 0.03, 0.04, 0.05, 0.06};
    hb_compare_paired(up, 5, 0.05, &c); /* 2 / 2^5 */
    assert_true(c.paired && c.n1 == 5 && c.n2 == 5);
    assert_true(fabs(c.p - 0.0625) < 1e-15);
    assert_string_equal(c.warning, "need >= 6 pairs to detect a difference at alpha level 0.05");
    hb_comparison_clear(&c);
    hb_compare_paired(up, 6, 0.05, &c); /* 2 / 2^6 */
    assert_true(fabs(c.p - 0.03125) < 1e-15);
    assert_null(c.warning);
    assert_true(hb_comparison_significant(&c));
    char text[64];
    hb_format_comparison(&c, text, sizeof text);
    assert_string_equal(text, "p=0.031 n=6");
    hb_comparison_clear(&c);
    const double zeros[] = {0, 0, 0};
    hb_compare_paired(zeros, 3, 0.05, &c);
    assert_true(c.p == 1 && c.n1 == 0);
    assert_string_equal(c.warning, "all pairs are equal");
    hb_comparison_clear(&c);
    hb_compare_paired(NULL, 0, 0.05, &c);
    assert_true(c.p == 1);
    assert_string_equal(c.warning, "no pairs to compare");
    hb_comparison_clear(&c);
}

/* The Hodges-Lehmann estimate: the published example (Hollander and Wolfe, 1973, p. 29: the
 * depression scale before and after, 9 patients; the example of R's wilcox.test, whose paired
 * conf.int estimate is 0.46); for random samples without ties, the number of positive Walsh averages
 * equals the positive rank sum (a textbook identity, counted here independently of the estimate) and
 * the estimate's sign agrees with the larger rank sum; the change a paired comparison reports is it. */
static void hodges_lehmann(void **state)
{
    (void)state;
    const double x[] = {1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30};
    const double y[] = {0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29};
    double d[9];
    for (int i = 0; i < 9; i++)
        d[i] = x[i] - y[i];
    if (fabs(hb_hodges_lehmann(d, 9) - 0.46) > 1e-9)
        fail_msg("Hollander-Wolfe: %.6f, published 0.46", hb_hodges_lehmann(d, 9));
    /* The shift's estimate (-delta-ci) is the same median, found without listing the averages. */
    struct hb_shift s = hb_shift_paired(d, 9, 0.95);
    if (fabs(s.estimate - 0.46) > 1e-9)
        fail_msg("Hollander-Wolfe by hb_shift_paired: %.6f, published 0.46", s.estimate);
    assert_true(s.lo <= s.estimate && s.estimate <= s.hi);
    assert_true(isnan(hb_shift_paired(NULL, 0, 0.95).estimate));
    assert_true(isnan(hb_hodges_lehmann(NULL, 0)));
    const double two[] = {1, 4}; /* Walsh averages 1, 2.5, 4 */
    assert_true(hb_hodges_lehmann(two, 2) == 2.5);
    for (int trial = 0; trial < 200; trial++) {
        size_t n = 6 + next_random() % 30;
        double r[40], t_plus, t_minus, ties;
        for (size_t i = 0; i < n; i++) /* distinct magnitudes, centred a little above zero */
            r[i] = ((double)(next_random() % 100000) + (double)i / 64 - 45000) * 1e-5;
        hb_signed_rank_sums(r, n, &t_plus, &t_minus, &ties);
        if (ties != 0)
            continue; /* the identity holds without tied magnitudes; ties are rare here */
        size_t positive = 0;
        for (size_t i = 0; i < n; i++)
            for (size_t j = i; j < n; j++)
                positive += r[i] + r[j] > 0;
        assert_true((double)positive == t_plus);
        double hl = hb_hodges_lehmann(r, n);
        if (t_plus > t_minus)
            assert_true(hl > 0);
        else if (t_plus < t_minus)
            assert_true(hl < 0);
    }
    struct hb_comparison c;
    const double up[] = {log(1.10), log(1.02), log(1.03), log(1.04), log(1.05), log(0.70)};
    hb_compare_paired(up, 6, 0.05, &c);
    double want = expm1(hb_hodges_lehmann(up, 6)) * 100;
    assert_true(hb_comparison_delta(&c, 10, 8) == want); /* not the medians' -20% */
    assert_true(want > 0);
    hb_comparison_clear(&c);
}

static struct hb_comparison detect(const double *d, size_t n, double level)
{
    struct hb_comparison c = {.detectable = NAN};
    hb_detectable_effect_paired(d, n, level, &c);
    return c;
}

static void detectable_effect(void **state)
{
    (void)state;
    enum { N = 30 };
    const double sigma = 0.01;
    struct hb_normal standard = {0, 1};
    double d[N];
    for (int i = 0; i < N; i++) /* a normal sample of log ratios around a small real change */
        d[(i * 7) % N] = 0.001 + sigma * hb_normal_inv_cdf(standard, (i + 0.5) / N);
    double log_shift = (hb_normal_inv_cdf(standard, 0.975) + hb_normal_inv_cdf(standard, 0.8)) * sigma /
                       sqrt((double)N) / sqrt(3 / M_PI);
    double want = expm1(log_shift) * 100;
    struct hb_comparison c = detect(d, N, 0.05);
    print_message("detectable %.4f%%, normal approximation %.4f%%\n", c.detectable, want);
    assert_false(c.detectable_none);
    assert_true(fabs(c.detectable / want - 1) < 0.2);
    /* The same again: a fixed seed. */
    assert_true(detect(d, N, 0.05).detectable == c.detectable);
    /* A stricter level needs a larger change. */
    assert_true(detect(d, N, 0.05 / 100).detectable > c.detectable * 1.2);
    /* Five pairs cannot reach 0.05 at all, and no pairs give nothing to test. */
    struct hb_comparison few = detect(d, 5, 0.05);
    assert_true(few.detectable_none && isnan(few.detectable));
    assert_true(detect(d, 0, 0.05).detectable_none);
    /* Twice the spread, about twice the change (exactly so in log ratios). */
    double wide[N];
    for (int i = 0; i < N; i++)
        wide[i] = 2 * d[i];
    struct hb_comparison w = detect(wide, N, 0.05);
    if (fabs(log1p(w.detectable / 100) / log1p(c.detectable / 100) - 2) > 0.05)
        fail_msg("twice the spread: %.4f%% against %.4f%%", w.detectable, c.detectable);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cdf_matches_enumeration),
        cmocka_unit_test(exact_p_matches_enumeration),
        cmocka_unit_test(published_critical_values),
        cmocka_unit_test(normal_approximation_with_ties),
        cmocka_unit_test(comparison_footnotes),
        cmocka_unit_test(detectable_effect),
        cmocka_unit_test(hodges_lehmann),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
