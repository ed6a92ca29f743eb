/* test_bisect_pairs.c — hbab pairs-needed (hb_bisect_pairs) against a brute-force enumeration
 * of the signed-rank test's sign patterns: the exact two-sided p of "every round but one, the odd
 * one the third smallest change" is 2 x (patterns whose positive rank sum is at most 3) / 2^n,
 * counted over all 2^n assignments of signs to the ranks 1..n; the pairs needed are then the
 * smallest even n >= 8 whose p passes the adjustment's bar for one row among m (Holm's and
 * Benjamini-Hochberg's alpha/m for the smallest p with the rest at 1, none's alpha). Beyond the
 * enumeration's reach the count stays 5 ({}, {1}, {2}, {3}, {1,2}), which the enumeration
 * confirms for every n it reaches, so larger m are checked against 10 / 2^n. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "bisect_pairs.h"
#include "stats/sign_patterns.h"

enum { ENUMERATED = 20 };

static double enumerated_p[ENUMERATED + 1];

static int enumerate(void **state)
{
    (void)state;
    for (int n = 3; n <= ENUMERATED; n++)
        enumerated_p[n] = fmin(1, 2.0 * (double)sign_patterns_at_most(n, 3) / ldexp(1, n));
    return 0;
}

static void odd_round_p_matches_enumeration(void **state)
{
    (void)state;
    for (int n = 3; n <= ENUMERATED; n++) {
        double got = hb_bisect_one_odd_round_p((size_t)n);
        if (fabs(got - enumerated_p[n]) > 1e-15 * enumerated_p[n])
            fail_msg("n=%d: enumeration %.17g, hb_bisect_one_odd_round_p %.17g", n, enumerated_p[n], got);
        if (n >= 3 && sign_patterns_at_most(n, 3) != 5)
            fail_msg("n=%d: %llu patterns with a rank sum of 3 or less, not 5", n,
                     (unsigned long long)sign_patterns_at_most(n, 3));
    }
}

/* The smallest even n >= 8 whose p, adjusted as method would for one moved row of m, is <= alpha;
 * p from the enumeration up to ENUMERATED, then 10 / 2^n. */
static size_t expected_pairs(double alpha, size_t m, enum hb_adjust method)
{
    for (int n = 8; n <= 200; n += 2) {
        double p = n <= ENUMERATED ? enumerated_p[n] : ldexp(10, -n);
        double adjusted = method == HB_ADJUST_NONE ? p : fmin(1, (double)m * p);
        if (adjusted <= alpha)
            return (size_t)n;
    }
    return 0;
}

static void pairs_match_enumeration(void **state)
{
    (void)state;
    static const double alphas[] = {0.1, 0.05, 0.01, 0.001};
    static const enum hb_adjust methods[] = {HB_ADJUST_HOLM, HB_ADJUST_BH, HB_ADJUST_NONE};
    static const size_t rows[] = {1, 2, 3, 5, 6, 7, 12, 13, 25, 26, 51, 52, 100, 102, 103, 204, 205, 409, 1000, 5000};
    for (size_t a = 0; a < sizeof alphas / sizeof *alphas; a++)
        for (size_t k = 0; k < sizeof methods / sizeof *methods; k++)
            for (size_t r = 0; r < sizeof rows / sizeof *rows; r++) {
                size_t want = expected_pairs(alphas[a], rows[r], methods[k]);
                size_t got = hb_bisect_pairs(alphas[a], rows[r], methods[k]);
                if (got != want)
                    fail_msg("alpha %g, %zu rows, %s: want %zu pairs, got %zu", alphas[a], rows[r],
                             hb_adjust_name(methods[k]), want, got);
            }
}

/* What docs/ab.md and ab.sh's --help promise at alpha 0.05 under Holm: 8 pairs for one row, 10
 * for 2 to 5 (10/2^10 = 0.0098 <= 0.05/5), 12 for 6 to 12; and no n when alpha is out of reach. */
static void documented_figures(void **state)
{
    (void)state;
    assert_int_equal(hb_bisect_pairs(0.05, 1, HB_ADJUST_HOLM), 8);
    assert_int_equal(hb_bisect_pairs(0.05, 2, HB_ADJUST_HOLM), 10);
    assert_int_equal(hb_bisect_pairs(0.05, 5, HB_ADJUST_HOLM), 10);
    assert_int_equal(hb_bisect_pairs(0.05, 6, HB_ADJUST_HOLM), 12);
    assert_int_equal(hb_bisect_pairs(1e-300, 3, HB_ADJUST_HOLM), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(odd_round_p_matches_enumeration),
        cmocka_unit_test(pairs_match_enumeration),
        cmocka_unit_test(documented_figures),
    };
    return cmocka_run_group_tests(tests, enumerate, NULL);
}
