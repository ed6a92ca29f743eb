/* test_padjust.c — multiple-comparison adjustment and the detectable effect against independent
 * references: Benjamini and Hochberg's (1995, section 4) fifteen p-values, whose Holm and BH
 * adjusted values below were worked out by hand from the definitions (Holm 1979: running maximum
 * of (m - j + 1) p(j); BH: running minimum from the top of m p(j) / j), BH's own conclusion (four
 * rejections at 0.05); the published two-tailed 0.05 critical values of the Mann-Whitney U table
 * (n = 10 + 10: 23; n = 20 + 20: 127); and for the detectable effect the textbook normal
 * approximation (z(1 - a/2) + z(0.8)) sigma sqrt(2/n) / sqrt(3/pi) on a normal sample. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "detectable.h"
#include "normal_dist.h"
#include "padjust.h"
#include "summary.h"

/* BH (1995)'s example, shuffled so that the input order is not the sorted order. */
static const size_t shuffle[15] = {9, 0, 14, 3, 7, 1, 12, 5, 10, 2, 13, 6, 8, 11, 4};
static const double sorted_p[15] = {0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344,
                                    0.0459, 0.3240, 0.4262, 0.5719, 0.6528, 0.7590, 1.000};
static const double holm_q[15] = {0.0015, 0.0056, 0.0247, 0.114, 0.2211, 0.278, 0.278, 0.278, 0.3213, 1, 1, 1, 1, 1, 1};
static const double bh_q[15] = {
    0.0015, 0.003,  0.0095, 0.035625,         0.0603,           15 * 0.0298 / 7,  15 * 0.0298 / 7,
    0.0645, 0.0765, 0.486,  15 * 0.4262 / 11, 15 * 0.5719 / 12, 15 * 0.6528 / 13, 15 * 0.7590 / 14,
    1};

static void check_method(enum hb_adjust method, const double *expected_sorted, int expected_rejections)
{
    double p[15], q[15];
    for (size_t i = 0; i < 15; i++)
        p[i] = sorted_p[shuffle[i]];
    hb_p_adjust(method, p, 15, q);
    int rejections = 0;
    for (size_t i = 0; i < 15; i++) {
        double want = expected_sorted[shuffle[i]];
        if (fabs(q[i] - want) > 1e-12 * want) {
            print_error("%s: q for p=%g is %.17g, want %.17g\n", hb_adjust_name(method), p[i], q[i], want);
            fail();
        }
        assert_true(q[i] >= p[i]);
        rejections += q[i] <= 0.05;
    }
    assert_int_equal(rejections, expected_rejections);
}

static void holm_published(void **state)
{
    (void)state;
    check_method(HB_ADJUST_HOLM, holm_q, 3);
}

static void bh_published(void **state)
{
    (void)state;
    check_method(HB_ADJUST_BH, bh_q, 4);
}

static void none_and_single(void **state)
{
    (void)state;
    double p[3] = {0.3, 0.01, 0.04}, q[3];
    hb_p_adjust(HB_ADJUST_NONE, p, 3, q);
    for (int i = 0; i < 3; i++)
        assert_true(q[i] == p[i]);
    /* One comparison is its own family: nothing to adjust. */
    for (enum hb_adjust m = HB_ADJUST_HOLM; m <= HB_ADJUST_BH; m++) {
        hb_p_adjust(m, p + 1, 1, q);
        assert_true(q[0] == 0.01);
    }
    /* Ties: equal p-values get equal adjusted values. Holm of {0.01, 0.01, 0.04}: 0.03, 0.03, 0.04. */
    double tied[3] = {0.01, 0.04, 0.01};
    hb_p_adjust(HB_ADJUST_HOLM, tied, 3, q);
    assert_true(fabs(q[0] - 0.03) < 1e-15 && fabs(q[2] - 0.03) < 1e-15 && fabs(q[1] - 0.04) < 1e-15);
    enum hb_adjust parsed;
    assert_int_equal(hb_adjust_parse("holm", &parsed), 0);
    assert_int_equal(parsed, HB_ADJUST_HOLM);
    assert_int_equal(hb_adjust_parse("bonferroni", &parsed), -1);
}

static void critical_values(void **state)
{
    (void)state;
    assert_true(hb_utest_critical_u(3, 3, 0.05) < 0);  /* the smallest two-sided p at 3 + 3 is 0.1 */
    assert_true(hb_utest_critical_u(4, 4, 0.05) == 0); /* 2/70 = 0.029 */
    assert_true(hb_utest_critical_u(10, 10, 0.05) == 23);
    assert_true(hb_utest_critical_u(20, 20, 0.05) == 127);
}

static struct hb_comparison detect(const double *a, size_t n1, const double *b, size_t n2, double level)
{
    struct hb_comparison c = {.detectable = NAN};
    hb_detectable_effect(a, n1, b, n2, level, &c);
    return c;
}

static void detectable_effect(void **state)
{
    (void)state;
    enum { N = 40 };
    const double sigma = 0.01;
    double x[N];
    struct hb_normal standard = {0, 1};
    for (int i = 0; i < N; i++)
        x[i] = 1 + sigma * hb_normal_inv_cdf(standard, (i + 0.5) / N);
    double want = (hb_normal_inv_cdf(standard, 0.975) + hb_normal_inv_cdf(standard, 0.8)) * sigma * sqrt(2.0 / N) /
                  sqrt(3 / M_PI) * 100;
    struct hb_comparison c = detect(x, N, x, N, 0.05);
    print_message("detectable %.4f%%, normal approximation %.4f%%\n", c.detectable, want);
    assert_false(c.detectable_none);
    assert_true(fabs(c.detectable / want - 1) < 0.2);
    /* A stricter level needs a larger change. */
    struct hb_comparison strict = detect(x, N, x, N, 0.05 / 100);
    assert_true(strict.detectable > c.detectable * 1.2);
    /* Too few samples: no change at all is detectable. */
    struct hb_comparison few = detect(x, 3, x + 10, 3, 0.05);
    assert_true(few.detectable_none);
    assert_true(isnan(few.detectable));
    /* Twice the spread, twice the detectable effect (the model scales). */
    double wide[N];
    for (int i = 0; i < N; i++)
        wide[i] = 1 + 2 * (x[i] - 1);
    struct hb_comparison w = detect(wide, N, wide, N, 0.05);
    assert_true(fabs(w.detectable / c.detectable - 2) < 0.05);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(holm_published),  cmocka_unit_test(bh_published),      cmocka_unit_test(none_and_single),
        cmocka_unit_test(critical_values), cmocka_unit_test(detectable_effect),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
