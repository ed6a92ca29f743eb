/* test_exact.c — exact values (counted inputs): the change is other/base - 1 in percent, worked out
 * here by hand from the counts; no p-value; a change only beyond the threshold; a side whose
 * values differ is not repeatable and not compared; the texts each format shows. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "summary.h"

/* Three instructions more in FNV-1a over 1 KiB: 4623 / 4620 - 1 = 3 / 4620 = 0.0649350649...% */
static void three_instructions(void **state)
{
    (void)state;
    const double base[] = {4620}, other[] = {4623};
    struct hb_comparison c;
    hb_compare_exact(base, 1, other, 1, 0.02, &c);
    assert_true(c.exact && !c.not_repeatable);
    assert_true(isnan(c.p) && isnan(c.q));
    assert_true(fabs(hb_comparison_delta(&c, 4620, 4623) - 300.0 / 4620) < 1e-12);
    assert_true(hb_comparison_significant(&c));
    char text[64];
    hb_format_delta(&c, 4620, 4623, text, sizeof text);
    assert_string_equal(text, "+0.065%");
    hb_format_comparison(&c, text, sizeof text);
    assert_string_equal(text, "exact n=1");
    assert_null(c.warning);
    hb_comparison_clear(&c);
    /* The same change under a threshold above it is no change; one instruction fewer is -0.0216%. */
    hb_compare_exact(base, 1, other, 1, 0.07, &c);
    assert_false(hb_comparison_significant(&c));
    hb_comparison_clear(&c);
    const double fewer[] = {4619};
    hb_compare_exact(base, 1, fewer, 1, 0.02, &c);
    assert_true(fabs(c.exact_delta + 100.0 / 4620) < 1e-12);
    assert_true(hb_comparison_significant(&c));
    hb_comparison_clear(&c);
}

static void identical_and_repeated(void **state)
{
    (void)state;
    const double base[] = {95, 95}, other[] = {95};
    struct hb_comparison c;
    hb_compare_exact(base, 2, other, 1, 0, &c);
    assert_true(c.exact_delta == 0);
    assert_false(hb_comparison_significant(&c)); /* |0| > 0 is false: equal is never a change */
    char text[64];
    hb_format_delta(&c, 95, 95, text, sizeof text);
    assert_string_equal(text, "0.00%");
    hb_format_comparison(&c, text, sizeof text);
    assert_string_equal(text, "exact n=2+1");
    hb_comparison_clear(&c);
    struct hb_summary s;
    hb_summarise_exact(base, 2, &s);
    assert_true(s.center == 95 && s.lo == 95 && s.hi == 95);
    assert_null(s.warning);
    hb_summary_clear(&s);
}

static void not_repeatable(void **state)
{
    (void)state;
    const double base[] = {4620, 4620}, other[] = {4625, 4623};
    struct hb_comparison c;
    hb_compare_exact(base, 2, other, 2, 0.02, &c);
    assert_true(c.not_repeatable);
    assert_true(isnan(hb_comparison_delta(&c, 4620, 4624)));
    assert_false(hb_comparison_significant(&c));
    char text[64];
    hb_format_delta(&c, 4620, 4624, text, sizeof text);
    assert_string_equal(text, "not repeatable");
    assert_non_null(c.warning);
    hb_comparison_clear(&c);
    struct hb_summary s;
    hb_summarise_exact(other, 2, &s);
    assert_true(s.center == 4624 && s.lo == 4623 && s.hi == 4625);
    assert_string_equal(s.warning, "not repeatable: the counts of these inputs differ, from 4623 to 4625");
    hb_summary_clear(&s);
    /* The baseline side not repeating is as bad. */
    const double one[] = {4623};
    hb_compare_exact(other, 2, one, 1, 0.02, &c);
    assert_true(c.not_repeatable);
    hb_comparison_clear(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(three_instructions),
        cmocka_unit_test(identical_and_repeated),
        cmocka_unit_test(not_repeatable),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
