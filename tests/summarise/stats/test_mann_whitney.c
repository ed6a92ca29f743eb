/* test_mann_whitney.c — the Mann-Whitney U test gives benchstat's p-values (benchstat-utest-pvalues.tsv:
 * ties, unequal sizes, exact and normal regimes), agrees with a brute-force enumeration of every
 * assignment of ranks for small samples with and without ties, and its normal approximation
 * stays close to the exact distribution where both apply.
 * Usage: test_utest REFERENCE_DIR */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "sort_doubles.h"
#include "summary.h"
#include "mann_whitney.h"
#include "tsv.h"

static const char *reference_dir;

static void reference_pvalues(void **state)
{
    (void)state;
    char path[4096];
    snprintf(path, sizeof path, "%s/benchstat-utest-pvalues.tsv", reference_dir);
    size_t n;
    struct tsv_row *rows = tsv_read(path, &n);
    assert_true(n >= 15);
    for (size_t i = 0; i < n; i++) {
        size_t n1, n2;
        double *x1 = tsv_numbers(rows[i].fields[4], &n1), *x2 = tsv_numbers(rows[i].fields[5], &n2);
        assert_int_equal(n1, (size_t)atoi(rows[i].fields[2]));
        assert_int_equal(n2, (size_t)atoi(rows[i].fields[3]));
        hb_sort_doubles(x1, n1);
        hb_sort_doubles(x2, n2);
        struct hb_utest u = hb_mann_whitney(x1, n1, x2, n2);
        if (strncmp(rows[i].fields[0], "ERR", 3) == 0) {
            if (!u.all_equal)
                fail_msg("line %zu: expected all samples equal", rows[i].line);
        } else {
            double p = strtod(rows[i].fields[0], NULL), u1 = strtod(rows[i].fields[1], NULL);
            if (u.all_equal || fabs(u.p - p) > 1e-12 * fmax(1, p) || u.u1 != u1)
                fail_msg("line %zu (n=%zu+%zu): expected p=%.17g U=%g, got p=%.17g U=%g", rows[i].line, n1, n2, p, u1,
                         u.p, u.u1);
        }
        free(x1);
        free(x2);
    }
    tsv_free(rows, n);
}

/* The U statistic of x1 against x2 by its definition: pairs with x1 above, plus half the ties. */
static double u_by_pairs(const double *x1, size_t n1, const double *x2, size_t n2)
{
    double u = 0;
    for (size_t i = 0; i < n1; i++)
        for (size_t j = 0; j < n2; j++)
            u += x1[i] > x2[j] ? 1 : x1[i] == x2[j] ? 0.5 : 0;
    return u;
}

/* Exact two-sided p by enumerating every way to draw sample 1 from the pooled values. */
static double p_by_enumeration(const double *x1, size_t n1, const double *x2, size_t n2)
{
    size_t total = n1 + n2;
    double pooled[32], a[32], b[32];
    memcpy(pooled, x1, n1 * sizeof *x1);
    memcpy(pooled + n1, x2, n2 * sizeof *x2);
    double u_obs = u_by_pairs(x1, n1, x2, n2);
    double u_small = fmin(u_obs, (double)(n1 * n2) - u_obs);
    if (u_obs == (double)(n1 * n2) - u_obs)
        return 1;
    size_t hits = 0, all = 0;
    for (uint32_t mask = 0; mask < (1u << total); mask++) {
        if ((size_t)__builtin_popcount(mask) != n1)
            continue;
        size_t na = 0, nb = 0;
        for (size_t k = 0; k < total; k++) {
            if (mask >> k & 1)
                a[na++] = pooled[k];
            else
                b[nb++] = pooled[k];
        }
        all++;
        hits += u_by_pairs(a, na, b, nb) <= u_small;
    }
    return 2.0 * (double)hits / (double)all;
}

static uint64_t rng = 12345;
static uint32_t next_random(void)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rng >> 33);
}

static void small_cases_match_enumeration(void **state)
{
    (void)state;
    for (int trial = 0; trial < 400; trial++) {
        size_t n1 = 1 + next_random() % 7, n2 = 1 + next_random() % 7;
        /* Half of the trials draw from few distinct values, so that ties are common. */
        unsigned range = trial % 2 ? 4 : 1000000;
        double x1[8], x2[8];
        for (size_t i = 0; i < n1; i++)
            x1[i] = next_random() % range;
        for (size_t i = 0; i < n2; i++)
            x2[i] = next_random() % range;
        hb_sort_doubles(x1, n1);
        hb_sort_doubles(x2, n2);
        struct hb_utest u = hb_mann_whitney(x1, n1, x2, n2);
        bool all_equal = true;
        for (size_t i = 0; i < n1; i++)
            all_equal &= x1[i] == x1[0];
        for (size_t i = 0; i < n2; i++)
            all_equal &= x2[i] == x1[0];
        if (all_equal) {
            assert_true(u.all_equal);
            continue;
        }
        double expected = p_by_enumeration(x1, n1, x2, n2);
        if (u.all_equal || fabs(u.p - expected) > 1e-12)
            fail_msg("trial %d n=%zu+%zu range=%u: enumeration p=%.17g, hb_mann_whitney p=%.17g", trial, n1, n2, range,
                     expected, u.p);
        assert_true(u.u1 == u_by_pairs(x1, n1, x2, n2));
    }
}

/* Past the exact limits the normal approximation applies; just below them both are available and
 * must agree to within the approximation's error. */
static void normal_approximation_tracks_exact(void **state)
{
    (void)state;
    double x1[50], x2[50];
    for (int trial = 0; trial < 20; trial++) {
        for (size_t i = 0; i < 50; i++) {
            x1[i] = next_random() % 1000000 + 0.25;
            x2[i] = next_random() % 1000000 + 0.75 + trial * 5000.0;
        }
        hb_sort_doubles(x1, 50);
        hb_sort_doubles(x2, 50);
        struct hb_utest exact = hb_mann_whitney(x1, 50, x2, 50);
        double u = exact.u1, n = 100, mu = 1250, sigma = sqrt(2500 * (n + 1) / 12);
        double numer = u - mu;
        numer -= numer > 0 ? 0.5 : numer < 0 ? -0.5 : 0;
        double z = numer / sigma;
        double approx = erfc(fabs(z) / sqrt(2));
        if (fabs(exact.p - approx) > 0.002)
            fail_msg("trial %d: exact p=%g, normal approximation %g", trial, exact.p, approx);
    }
    /* 51 values each: the normal approximation with tie correction, computed independently. */
    double y1[51], y2[51];
    for (size_t i = 0; i < 51; i++) {
        y1[i] = (double)(i % 13);
        y2[i] = (double)(i % 11) + 1;
    }
    hb_sort_doubles(y1, 51);
    hb_sort_doubles(y2, 51);
    struct hb_utest big = hb_mann_whitney(y1, 51, y2, 51);
    double u = u_by_pairs(y1, 51, y2, 51), n = 102, t = 0;
    for (int v = 0; v <= 13; v++) {
        int count = 0;
        for (size_t i = 0; i < 51; i++)
            count += (y1[i] == v) + (y2[i] == v);
        t += (double)count * count * count - count;
    }
    double sigma = sqrt(51.0 * 51 * ((n + 1) - t / (n * (n - 1))) / 12), numer = u - 51.0 * 51 / 2;
    numer -= numer > 0 ? 0.5 : -0.5;
    double expected = erfc(fabs(numer / sigma) / sqrt(2));
    assert_true(fabs(big.p - expected) < 1e-12);
}

static void comparison_footnotes(void **state)
{
    (void)state;
    const double a[] = {1, 2, 3}, b[] = {4, 5, 6}, same[] = {5, 5, 5};
    struct hb_comparison c;
    hb_compare(a, 3, b, 3, 0.05, &c);
    assert_true(fabs(c.p - 0.1) < 1e-12);
    assert_string_equal(c.warning, "need >= 4 samples to detect a difference at alpha level 0.05");
    char text[64];
    hb_format_comparison(&c, text, sizeof text);
    assert_string_equal(text, "p=0.100 n=3");
    hb_format_delta(&c, 2, 5, text, sizeof text);
    assert_string_equal(text, "~");
    hb_comparison_clear(&c);
    hb_compare(same, 3, same, 3, 0.05, &c);
    assert_true(c.p == 1);
    assert_string_equal(c.warning, "all samples are equal");
    hb_comparison_clear(&c);
    const double five[] = {1, 2, 3, 4, 5},
                 twenty[] = {11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30};
    hb_compare(five, 5, twenty, 20, 0.05, &c);
    assert_null(c.warning);
    hb_format_comparison(&c, text, sizeof text);
    assert_string_equal(text, "p=0.000 n=5+20");
    hb_format_delta(&c, 3, 20.5, text, sizeof text);
    assert_string_equal(text, "+583.33%");
    hb_format_delta(&c, 0, 1, text, sizeof text);
    assert_string_equal(text, "?");
    hb_format_delta(&c, 2, 2, text, sizeof text);
    assert_string_equal(text, "0.00%");
    hb_comparison_clear(&c);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_utest REFERENCE_DIR\n");
        return 2;
    }
    reference_dir = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reference_pvalues),
        cmocka_unit_test(small_cases_match_enumeration),
        cmocka_unit_test(normal_approximation_tracks_exact),
        cmocka_unit_test(comparison_footnotes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
