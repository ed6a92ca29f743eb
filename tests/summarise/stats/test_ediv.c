/* test_ediv.c — the E-divisive statistic and its permutation test against independent references:
 * the mid-ranks against counting (rank = 1 + the values below + half the other equal values),
 * the best split against Matteson and James's definition of Q(t, k) evaluated term by term from
 * all pairwise distances for every t and k (O(n^2) per split, no running sums), windows of both
 * sizes (every right end k up to HB_EDIV_FULL_SEARCH values, k = n beyond), and the permutation p-value
 * against the exact permutation distribution enumerated over all 8! orders of a small window.
 * Inputs come from a fixed-seed generator; a failure prints the seed and the sizes. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ediv.h"
#include "ediv_null.h"
#include "hb_splitmix64.h"

/* Matteson and James's Q(t, k) for [0, t) against [t, k) of x, from its definition. */
static double reference_q(const double *x, size_t k, size_t t)
{
    size_t n = k;
    double across = 0, left = 0, right = 0;
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++) {
            double d = fabs(x[i] - x[j]);
            if (j < t)
                left += d;
            else if (i >= t)
                right += d;
            else
                across += d;
        }
    double a = (double)t, b = (double)(n - t);
    double e = 2 * across / (a * b) - left / (a * (a - 1) / 2) - right / (b * (b - 1) / 2);
    return a * b / (double)n * e;
}

static void ranks_by_counting(void **state)
{
    (void)state;
    uint64_t seed = 0x1234;
    for (int trial = 0; trial < 200; trial++) {
        size_t n = 1 + hb_splitmix64_next(&seed) % 40;
        unsigned distinct = 1 + (unsigned)(hb_splitmix64_next(&seed) % 12);
        double x[40];
        uint32_t r2[40];
        for (size_t i = 0; i < n; i++)
            x[i] = (double)(hb_splitmix64_next(&seed) % distinct);
        bool tied = hb_ediv_ranks(x, n, r2);
        bool any_tie = false;
        for (size_t i = 0; i < n; i++) {
            size_t below = 0, equal = 0;
            for (size_t j = 0; j < n; j++) {
                below += x[j] < x[i];
                equal += x[j] == x[i] && j != i;
                any_tie = any_tie || (x[j] == x[i] && j != i);
            }
            /* 2 * (1 + below + equal / 2) */
            if (r2[i] != 2 + 2 * below + equal) {
                print_error("trial %d (n=%zu distinct=%u): rank2[%zu] = %u, want %zu\n", trial, n, distinct, i, r2[i],
                            2 + 2 * below + equal);
                fail();
            }
        }
        assert_int_equal(tied, any_tie);
    }
}

static void every_split_matches_the_definition(void **state)
{
    (void)state;
    uint64_t seed = 0xed1f;
    struct hb_ediv_window w = {0};
    for (int trial = 0; trial < 300; trial++) {
        size_t min_segment = 2 + hb_splitmix64_next(&seed) % 4;
        size_t n = 2 * min_segment + hb_splitmix64_next(&seed) % 90;
        bool ties = trial % 2;
        double x[200], rx[200];
        uint32_t r2[200];
        for (size_t i = 0; i < n; i++)
            x[i] = ties ? (double)(hb_splitmix64_next(&seed) % 7) : (double)(hb_splitmix64_next(&seed) >> 11);
        hb_ediv_ranks(x, n, r2);
        for (size_t i = 0; i < n; i++)
            rx[i] = r2[i];
        hb_ediv_window_prepare(&w, r2, n);
        struct hb_ediv_split got = hb_ediv_best_split(&w, r2, min_segment);
        /* Up to HB_EDIV_FULL_SEARCH values every right end k counts, beyond it only k = n. */
        bool every_end = n <= HB_EDIV_FULL_SEARCH;
        double want_q = -INFINITY;
        for (size_t t = min_segment; t + min_segment <= n; t++)
            for (size_t k = every_end ? t + min_segment : n; k <= n; k++) {
                double q = reference_q(rx, k, t);
                if (q > want_q)
                    want_q = q;
            }
        /* Splits whose Q is equal in exact arithmetic may differ in the last bits here: the split found
         * must be one of the maximisers. */
        double q_there = got.at ? reference_q(rx, got.end, got.at) : -INFINITY;
        double tolerance = 1e-9 * fabs(want_q) + 1e-9;
        if (fabs(got.q - want_q) > tolerance || fabs(q_there - want_q) > tolerance) {
            print_error("trial %d (n=%zu min_segment=%zu ties=%d): best split %zu..%zu (q=%.17g, %.17g there), "
                        "want q=%.17g\n",
                        trial, n, min_segment, ties, got.at, got.end, got.q, q_there, want_q);
            fail();
        }
    }
    hb_ediv_window_free(&w);
}

/* Heap's algorithm over all n! orders of a, counting those whose best split is at least q. */
static size_t count_at_least(uint32_t *a, size_t n, struct hb_ediv_window *w, size_t min_segment, double q,
                             size_t *orders)
{
    size_t c[16] = {0}, count = 0;
    *orders = 1;
    count += hb_ediv_best_split(w, a, min_segment).q >= q;
    for (size_t i = 1; i < n;) {
        if (c[i] < i) {
            size_t j = i % 2 ? c[i] : 0;
            uint32_t t = a[j];
            a[j] = a[i];
            a[i] = t;
            count += hb_ediv_best_split(w, a, min_segment).q >= q;
            ++*orders;
            c[i]++;
            i = 1;
        } else {
            c[i++] = 0;
        }
    }
    return count;
}

static void p_value_matches_the_exact_permutation_distribution(void **state)
{
    (void)state;
    /* Three windows of eight: a step (extreme), a milder pattern and a shuffled one. */
    static const double windows[3][8] = {
        {1, 2, 3, 4, 10, 11, 12, 13}, {1, 5, 2, 3, 9, 4, 11, 12}, {5, 1, 7, 3, 8, 2, 6, 4}};
    struct hb_ediv_nulls *nulls = hb_ediv_nulls_new(2, 1);
    struct hb_ediv_window w = {0};
    for (int k = 0; k < 3; k++) {
        uint32_t r2[8], perm[8];
        hb_ediv_ranks(windows[k], 8, r2);
        hb_ediv_window_prepare(&w, r2, 8);
        double q = hb_ediv_best_split(&w, r2, 2).q;
        memcpy(perm, r2, sizeof perm);
        size_t orders;
        double exact = (double)count_at_least(perm, 8, &w, 2, q, &orders) / 40320.0;
        assert_int_equal(orders, 40320);
        const size_t permutations = 199999;
        double p = hb_ediv_p_value(nulls, r2, 8, false, q, permutations, 0);
        /* A Monte Carlo p of P draws has a standard error sqrt(p (1 - p) / P); allow five. */
        double tolerance = 5 * sqrt(exact * (1 - exact) / permutations) + 2.0 / permutations;
        if (fabs(p - exact) > tolerance) {
            print_error("window %d: p = %.6f, exact permutation p = %.6f (tolerance %.6f)\n", k, p, exact, tolerance);
            fail();
        }
    }
    hb_ediv_window_free(&w);
    hb_ediv_nulls_free(nulls);
}

static void p_value_is_reproducible_and_tied_windows_work(void **state)
{
    (void)state;
    double x[30];
    uint32_t r2[30];
    uint64_t seed = 99;
    for (int i = 0; i < 30; i++)
        x[i] = (double)(hb_splitmix64_next(&seed) % 5) + (i >= 15 ? 3 : 0);
    bool tied = hb_ediv_ranks(x, 30, r2);
    assert_true(tied);
    struct hb_ediv_window w = {0};
    hb_ediv_window_prepare(&w, r2, 30);
    double q = hb_ediv_best_split(&w, r2, 3).q;
    struct hb_ediv_nulls *a = hb_ediv_nulls_new(3, 1), *b = hb_ediv_nulls_new(3, 4);
    double pa = hb_ediv_p_value(a, r2, 30, tied, q, 999, HB_EDIV_STOP_AFTER);
    double pb = hb_ediv_p_value(b, r2, 30, tied, q, 999, HB_EDIV_STOP_AFTER);
    if (pa != pb || pa > 0.01) {
        print_error("tied step: p = %g then %g, want equal and <= 0.01\n", pa, pb);
        fail();
    }
    hb_ediv_nulls_free(a);
    hb_ediv_nulls_free(b);
    hb_ediv_window_free(&w);
}

/* The permutations have seeds of their own: drawn on one thread or four, a p-value is the same. */
static void p_value_does_not_depend_on_threads(void **state)
{
    (void)state;
    uint64_t seed = 3;
    double x[80];
    uint32_t r2[80];
    for (int i = 0; i < 80; i++)
        x[i] = (double)(hb_splitmix64_next(&seed) >> 11) + (i >= 50 ? 0x1.0p50 : 0);
    hb_ediv_ranks(x, 80, r2);
    struct hb_ediv_window w = {0};
    hb_ediv_window_prepare(&w, r2, 80);
    double q = hb_ediv_best_split(&w, r2, 3).q;
    for (size_t permutations = 999; permutations <= 9999; permutations += 9000) {
        struct hb_ediv_nulls *one = hb_ediv_nulls_new(3, 1), *four = hb_ediv_nulls_new(3, 4);
        /* A statistic in the middle of the null too, so that early stops are compared as well. */
        double p1 = hb_ediv_p_value(one, r2, 80, false, q, permutations, 0);
        double p4 = hb_ediv_p_value(four, r2, 80, false, q, permutations, 0);
        double m1 = hb_ediv_p_value(one, r2, 80, false, q / 8, permutations, HB_EDIV_STOP_AFTER);
        double m4 = hb_ediv_p_value(four, r2, 80, false, q / 8, permutations, HB_EDIV_STOP_AFTER);
        if (p1 != p4 || m1 != m4) {
            print_error("P=%zu: p %.17g on one thread, %.17g on four; %.17g and %.17g\n", permutations, p1, p4, m1, m4);
            fail();
        }
        hb_ediv_nulls_free(one);
        hb_ediv_nulls_free(four);
    }
    hb_ediv_window_free(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ranks_by_counting),
        cmocka_unit_test(every_split_matches_the_definition),
        cmocka_unit_test(p_value_matches_the_exact_permutation_distribution),
        cmocka_unit_test(p_value_is_reproducible_and_tied_windows_work),
        cmocka_unit_test(p_value_does_not_depend_on_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
