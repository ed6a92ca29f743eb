/* test_median_ci.c — the confidence interval of the median picks benchstat's order statistics for
 * every (n, confidence) of benchstat-median-ci-orders.tsv, both through the remembered orders and
 * by direct computation, and gives the bounds docs/statistics.md documents; the sort and selection that find those
 * order statistics agree with qsort; the log-gamma behind the intervals is fdlibm's.
 * Usage: test_median_ci REFERENCE_DIR */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "log_gamma.h"
#include "median_ci.h"
#include "sort_doubles.h"
#include "summary.h"
#include "tsv.h"

static const char *reference_dir;

static struct tsv_row *read_orders(size_t *n)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/benchstat-median-ci-orders.tsv", reference_dir);
    return tsv_read(path, n);
}

static void check_every_reference_row(bool computed)
{
    size_t n;
    struct tsv_row *rows = read_orders(&n);
    assert_int_equal(n, 600);
    for (size_t i = 0; i < n; i++) {
        int samples = atoi(rows[i].fields[0]);
        double confidence = strtod(rows[i].fields[1], NULL);
        int lo = atoi(rows[i].fields[2]), hi = atoi(rows[i].fields[3]);
        struct hb_median_ci ci =
            computed ? hb_median_ci_compute(samples, confidence) : hb_median_ci_orders_for(samples, confidence);
        if (ci.lo_order != lo || ci.hi_order != hi)
            fail_msg("line %zu: n=%d confidence=%g: expected (%d,%d), got (%d,%d)", rows[i].line, samples, confidence,
                     lo, hi, ci.lo_order, ci.hi_order);
    }
    tsv_free(rows, n);
}

static void remembered_orders_match_reference(void **state)
{
    (void)state;
    check_every_reference_row(false);
}

/* The computation reproduces benchstat's floating-point choices too, so sizes and confidences
 * beyond the table follow the same rules. */
static void computation_matches_reference(void **state)
{
    (void)state;
    check_every_reference_row(true);
}

static void documented_orders(void **state)
{
    (void)state;
    static const struct {
        int n, lo, hi;
    } cases[] = {{6, 1, 6}, {10, 2, 9}, {20, 6, 15}, {24, 8, 18}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        struct hb_median_ci ci = hb_median_ci_orders_for(cases[i].n, 0.95);
        assert_int_equal(ci.lo_order, cases[i].lo);
        assert_int_equal(ci.hi_order, cases[i].hi);
    }
    for (int n = 1; n <= 5; n++) {
        struct hb_median_ci ci = hb_median_ci_orders_for(n, 0.95);
        assert_true(ci.lo_order < 1 || ci.hi_order > n);
    }
}

/* The footnote's N is the smallest sample size whose interval is finite on both sides. */
static void minimum_samples_from_reference(void **state)
{
    (void)state;
    size_t n;
    struct tsv_row *rows = read_orders(&n);
    const double levels[] = {0.9, 0.95, 0.99};
    for (size_t l = 0; l < 3; l++) {
        int expected = 0;
        for (size_t i = 0; i < n && !expected; i++) {
            int samples = atoi(rows[i].fields[0]);
            if (strtod(rows[i].fields[1], NULL) == levels[l] && samples >= 2 && atoi(rows[i].fields[2]) >= 1 &&
                atoi(rows[i].fields[3]) <= samples)
                expected = samples;
        }
        assert_int_equal(hb_median_ci_min_samples(levels[l]), expected);
    }
    tsv_free(rows, n);
}

static void median_and_bounds(void **state)
{
    (void)state;
    const double odd[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
    const double even[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    double center, lo, hi;
    hb_median_summary(even, 10, 0.95, &center, &lo, &hi);
    assert_true(center == 5.5 && lo == 2 && hi == 9);
    hb_median_summary(odd, 11, 0.95, &center, &lo, &hi);
    assert_true(center == 6);
    hb_median_summary(odd, 3, 0.95, &center, &lo, &hi);
    assert_true(center == 2 && isinf(lo) && isinf(hi));
    /* a + 0.5*(b - a), not (a + b)/2: these differ for huge values of equal sign. */
    const double huge[] = {1.5e308, 1.7e308};
    hb_median_summary(huge, 2, 0.95, &center, &lo, &hi);
    assert_true(isfinite(center) && center == 1.5e308 + 0.5 * (1.7e308 - 1.5e308));
}

/* -noisy: the sample coefficient of variation, worked by hand. {90, 110}: mean 100, sample
 * standard deviation sqrt(200) = 14.14, so CV 14.1%; {99, 100, 101}: sd 1, CV 1%. */
static void noise_footnote(void **state)
{
    (void)state;
    const double wide[] = {90, 110}, tight[] = {99, 100, 101}, one[] = {5};
    struct hb_summary s = {0};
    hb_summary_note_noise(wide, 2, 5, &s);
    assert_non_null(s.noise_warning);
    assert_string_equal(s.noise_warning, "noisy: coefficient of variation above 5%");
    hb_summary_clear(&s);
    hb_summary_note_noise(wide, 2, 14.2, &s); /* 14.14% is not above 14.2% */
    assert_null(s.noise_warning);
    hb_summary_note_noise(wide, 2, 14.1, &s);
    assert_non_null(s.noise_warning);
    hb_summary_clear(&s);
    hb_summary_note_noise(tight, 3, 5, &s);
    assert_null(s.noise_warning);
    hb_summary_note_noise(tight, 3, 0.99, &s);
    assert_non_null(s.noise_warning);
    hb_summary_clear(&s);
    hb_summary_note_noise(wide, 2, 0, &s); /* off */
    hb_summary_note_noise(one, 1, 5, &s);  /* a single sample has no spread */
    assert_null(s.noise_warning);
}

static void range_text(void **state)
{
    (void)state;
    char text[16];
    struct hb_summary s = {100, 97, 105, NULL, NULL, false};
    hb_format_range(&s, text, sizeof text);
    assert_string_equal(text, "5%");
    s = (struct hb_summary){100, -INFINITY, 105, NULL, NULL, false};
    hb_format_range(&s, text, sizeof text);
    assert_string_equal(text, "∞");
    s = (struct hb_summary){1, -1, 2, NULL, NULL, false};
    hb_format_range(&s, text, sizeof text);
    assert_string_equal(text, "?");
    s = (struct hb_summary){0, 0, 0, NULL, NULL, false};
    hb_format_range(&s, text, sizeof text);
    assert_string_equal(text, "0%");
    struct hb_summary few;
    const double three[] = {1, 2, 3};
    hb_summarise(three, 3, 0.95, &few);
    assert_string_equal(few.warning, "need >= 6 samples for confidence interval at level 0.95");
    hb_summary_clear(&few);
    hb_summarise(three, 3, 0.9, &few);
    assert_string_equal(few.warning, "need >= 5 samples for confidence interval at level 0.9");
    hb_summary_clear(&few);
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Sorting and selection put the same values where qsort does, for sizes around the insertion-sort
 * cut-off and far beyond it, with many ties or none; selection agrees with the sorted sample's
 * summary. */
static void sort_and_select_agree_with_qsort(void **state)
{
    (void)state;
    uint64_t rng = 42;
    for (size_t n = 1; n < 3000; n += n < 40 ? 1 : 97) {
        for (int ties = 0; ties < 2; ties++) {
            double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *c = malloc(n * sizeof *c);
            for (size_t i = 0; i < n; i++) {
                rng = rng * 6364136223846793005ull + 1442695040888963407ull;
                a[i] = (double)((rng >> 33) % (ties ? 7 : 1000000007));
            }
            memcpy(b, a, n * sizeof *a);
            memcpy(c, a, n * sizeof *a);
            qsort(a, n, sizeof *a, compare_doubles);
            hb_sort_doubles(b, n);
            assert_memory_equal(a, b, n * sizeof *a);
            hb_median_select(c, n, 0.95);
            double center, lo, hi, center2, lo2, hi2;
            hb_median_summary(a, n, 0.95, &center, &lo, &hi);
            hb_median_summary(c, n, 0.95, &center2, &lo2, &hi2);
            if (center != center2 || lo != lo2 || hi != hi2)
                fail_msg("n=%zu ties=%d: selection gives %g [%g, %g], sorting %g [%g, %g]", n, ties, center2, lo2, hi2,
                         center, lo, hi);
            free(a);
            free(b);
            free(c);
        }
    }
}

/* log_gamma.c is fdlibm's arithmetic, not an approximation of its own: within 2 ulps of the C
 * library's log and 4 of its lgamma (fdlibm's own error; a wrong constant would be far off),
 * exactly 0 at 1 and 2, and log(2) = ln2_hi + ln2_lo, the double nearest ln 2. */
static void log_gamma_is_fdlibms(void **state)
{
    (void)state;
    for (int x = 1; x <= 1000; x++) {
        double ours = hb_log_gamma_integer(x), libm = lgamma((double)x);
        double ulp = libm == 0 ? DBL_TRUE_MIN : nextafter(fabs(libm), INFINITY) - fabs(libm);
        if (fabs(ours - libm) > 4 * ulp)
            fail_msg("x=%d: log-gamma %a, the C library %a", x, ours, libm);
    }
    for (double v = 1e-300; v < 1e300; v *= 1.37) {
        double ours = hb_fdlibm_log(v), libm = log(v);
        if (fabs(ours - libm) > 2 * (nextafter(fabs(libm), INFINITY) - fabs(libm)))
            fail_msg("v=%a: log %a, the C library %a", v, ours, libm);
    }
    assert_true(hb_log_gamma_integer(1) == 0 && hb_log_gamma_integer(2) == 0);
    assert_true(hb_fdlibm_log(2) == 0x1.62e42fefa39efp-1);
    assert_true(hb_log_gamma_integer(3) == 0x1.62e42fefa39efp-1);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_median_ci REFERENCE_DIR\n");
        return 2;
    }
    reference_dir = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(remembered_orders_match_reference),
        cmocka_unit_test(computation_matches_reference),
        cmocka_unit_test(documented_orders),
        cmocka_unit_test(minimum_samples_from_reference),
        cmocka_unit_test(median_and_bounds),
        cmocka_unit_test(range_text),
        cmocka_unit_test(noise_footnote),
        cmocka_unit_test(sort_and_select_agree_with_qsort),
        cmocka_unit_test(log_gamma_is_fdlibms),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
