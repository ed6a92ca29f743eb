/* test_shift.c — the shift's estimate and interval (hb_shift) against independent references: every
 * pairwise difference and Walsh average listed and sorted here, and the tests' null distributions
 * counted here by enumerating every assignment of ranks (all C(n1 + n2, n1) subsets for U, all 2^n
 * sign patterns for T), for small sizes; the normal approximation's rank against its formula; and
 * the interval's coverage over simulated samples with a known shift. (The paired estimate against
 * Hollander and Wolfe's published example is in test_signed_rank.c, beside the estimate the paired
 * delta uses.) */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "normal_dist.h"
#include "shift.h"

static uint64_t rng = 20261204;
static double uniform(void)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return ((double)(rng >> 11) + 0.5) / 9007199254740992.0;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* U's null distribution by enumeration: how many of the C(n1+n2, n1) rank subsets of sample 1 give
 * U <= u, for every u (counts[u]); returns the total. */
static uint64_t u_counts(int n1, int n2, uint64_t *counts)
{
    int n = n1 + n2;
    uint64_t total = 0;
    for (int u = 0; u <= n1 * n2; u++)
        counts[u] = 0;
    for (uint32_t set = 0; set < (1u << n); set++) {
        if (__builtin_popcount(set) != n1)
            continue;
        int rank_sum = 0;
        for (int r = 0; r < n; r++)
            if (set >> r & 1)
                rank_sum += r + 1;
        counts[rank_sum - n1 * (n1 + 1) / 2]++;
        total++;
    }
    for (int u = 1; u <= n1 * n2; u++)
        counts[u] += counts[u - 1];
    return total;
}

/* The largest k with P(U <= k - 1) <= (1 - confidence) / 2, from the enumeration. */
static uint64_t enumerated_rank_u(int n1, int n2, double confidence)
{
    uint64_t counts[26 * 26 + 1];
    uint64_t total = u_counts(n1, n2, counts), k = 0;
    for (int u = 0; u <= n1 * n2; u++)
        if ((double)counts[u] / (double)total <= (1 - confidence) / 2)
            k = (uint64_t)u + 1;
    return k;
}

static uint64_t enumerated_rank_t(int n, double confidence)
{
    int max = n * (n + 1) / 2;
    uint64_t *at_most = calloc((size_t)max + 1, sizeof *at_most), k = 0;
    for (uint32_t signs = 0; signs < (1u << n); signs++) {
        int sum = 0;
        for (int r = 1; r <= n; r++)
            if (signs >> (r - 1) & 1)
                sum += r;
        at_most[sum]++;
    }
    for (int t = 1; t <= max; t++)
        at_most[t] += at_most[t - 1];
    for (int t = 0; t <= max; t++)
        if ((double)at_most[t] / (double)(1u << n) <= (1 - confidence) / 2)
            k = (uint64_t)t + 1;
    free(at_most);
    return k;
}

static void ranks_match_enumeration(void **state)
{
    (void)state;
    const double levels[] = {0.8, 0.9, 0.95, 0.99};
    for (int l = 0; l < 4; l++) {
        for (int n1 = 1; n1 <= 9; n1++)
            for (int n2 = 1; n2 <= 9; n2++) {
                uint64_t want = enumerated_rank_u(n1, n2, levels[l]);
                uint64_t got = hb_shift_rank_unpaired((size_t)n1, (size_t)n2, levels[l]);
                if (want != got)
                    fail_msg("U rank n1=%d n2=%d at %g: enumeration %llu, got %llu", n1, n2, levels[l],
                             (unsigned long long)want, (unsigned long long)got);
            }
        for (int n = 1; n <= 16; n++) {
            uint64_t want = enumerated_rank_t(n, levels[l]), got = hb_shift_rank_paired((size_t)n, levels[l]);
            if (want != got)
                fail_msg("T rank n=%d at %g: enumeration %llu, got %llu", n, levels[l], (unsigned long long)want,
                         (unsigned long long)got);
        }
    }
    /* 6 + 6 at 0.95: P(U <= 5) = 19/924 <= 0.025 < P(U <= 6) = 30/924 (the counts of the 924
     * subsets with U at most 5 and 6), so the interval runs from the 6th to the 31st of the 36. */
    assert_int_equal(hb_shift_rank_unpaired(6, 6, 0.95), 6);
    /* 3 + 3 cannot reach 0.95: P(U <= 0) = 1/20 > 0.025. */
    assert_int_equal(hb_shift_rank_unpaired(3, 3, 0.95), 0);
}

static double median_sorted(const double *v, size_t n)
{
    return n % 2 ? v[n / 2] : v[n / 2 - 1] + 0.5 * (v[n / 2] - v[n / 2 - 1]);
}

/* Random samples, with ties now and then: every order statistic of the listed differences and Walsh
 * averages, then the estimate and interval from the listed ones and the enumerated ranks. */
static void order_statistics_match_listing(void **state)
{
    (void)state;
    for (int trial = 0; trial < 300; trial++) {
        size_t n1 = 1 + (size_t)(uniform() * 9), n2 = 1 + (size_t)(uniform() * 9);
        double x[9], y[9], d[81];
        for (size_t i = 0; i < n1; i++)
            x[i] = trial % 3 ? uniform() * 10 - 5 : floor(uniform() * 4);
        for (size_t j = 0; j < n2; j++)
            y[j] = trial % 3 ? uniform() * 10 - 4 : floor(uniform() * 4);
        qsort(x, n1, sizeof *x, by_value);
        qsort(y, n2, sizeof *y, by_value);
        size_t m = 0;
        for (size_t i = 0; i < n1; i++)
            for (size_t j = 0; j < n2; j++)
                d[m++] = y[j] - x[i];
        qsort(d, m, sizeof *d, by_value);
        for (size_t k = 1; k <= m; k++)
            if (hb_pairwise_kth(x, n1, y, n2, k) != d[k - 1])
                fail_msg("pairwise k=%zu of %zu: %.17g, listed %.17g", k, m, hb_pairwise_kth(x, n1, y, n2, k),
                         d[k - 1]);
        struct hb_shift s = hb_shift_unpaired(x, n1, y, n2, 0.9);
        assert_true(s.estimate == median_sorted(d, m));
        uint64_t k = enumerated_rank_u((int)n1, (int)n2, 0.9);
        if (k == 0) {
            assert_true(isinf(s.lo) && isinf(s.hi));
        } else {
            assert_true(s.lo == d[k - 1]);
            assert_true(s.hi == d[m - k]);
        }

        size_t n = n1 + 3, w = 0;
        double p[12], walsh[78];
        for (size_t i = 0; i < n; i++)
            p[i] = trial % 3 ? uniform() * 2 - 0.8 : floor(uniform() * 3) - 1;
        qsort(p, n, sizeof *p, by_value);
        for (size_t i = 0; i < n; i++)
            for (size_t j = i; j < n; j++)
                walsh[w++] = (p[i] + p[j]) / 2;
        qsort(walsh, w, sizeof *walsh, by_value);
        for (size_t kk = 1; kk <= w; kk++)
            assert_true(hb_walsh_kth(p, n, kk) == walsh[kk - 1]);
        struct hb_shift ps = hb_shift_paired(p, n, 0.9);
        assert_true(ps.estimate == median_sorted(walsh, w));
        uint64_t kt = enumerated_rank_t((int)n, 0.9);
        if (kt == 0) {
            assert_true(isinf(ps.lo) && isinf(ps.hi));
        } else {
            assert_true(ps.lo == walsh[kt - 1]);
            assert_true(ps.hi == walsh[w - kt]);
        }
    }
}

/* Beyond 50 a side the rank comes from the normal approximation with continuity correction:
 * k = floor(mu - 0.5 - z sigma) + 1. */
static void normal_approximation_rank(void **state)
{
    (void)state;
    double z = hb_normal_inv_cdf((struct hb_normal){0, 1}, 0.975);
    double mu = 60.0 * 70 / 2, sigma = sqrt(60.0 * 70 * 131 / 12);
    assert_int_equal(hb_shift_rank_unpaired(60, 70, 0.95), (uint64_t)floor(mu - 0.5 - z * sigma) + 1);
    double n = 80, tmu = n * (n + 1) / 4, tsigma = sqrt(n * (n + 1) * (2 * n + 1) / 24);
    assert_int_equal(hb_shift_rank_paired(80, 0.95), (uint64_t)floor(tmu - 0.5 - z * tsigma) + 1);
}

/* Normal samples 10 + 12 with a true shift of 0.3: the 0.9 interval covers it in at least 90% of
 * 2000 simulated pairs of samples, less three standard errors (the exact interval is conservative). */
static void coverage(void **state)
{
    (void)state;
    int covered = 0, trials = 2000;
    for (int t = 0; t < trials; t++) {
        double x[10], y[12];
        for (int i = 0; i < 10; i++)
            x[i] = hb_normal_inv_cdf((struct hb_normal){0, 1}, uniform());
        for (int j = 0; j < 12; j++)
            y[j] = 0.3 + hb_normal_inv_cdf((struct hb_normal){0, 1}, uniform());
        qsort(x, 10, sizeof *x, by_value);
        qsort(y, 12, sizeof *y, by_value);
        struct hb_shift s = hb_shift_unpaired(x, 10, y, 12, 0.9);
        covered += s.lo <= 0.3 && 0.3 <= s.hi;
    }
    double share = (double)covered / trials, se = sqrt(0.9 * 0.1 / trials);
    if (share < 0.9 - 3 * se)
        fail_msg("coverage %.3f below 0.9", share);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ranks_match_enumeration),
        cmocka_unit_test(order_statistics_match_listing),

        cmocka_unit_test(normal_approximation_rank),
        cmocka_unit_test(coverage),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
