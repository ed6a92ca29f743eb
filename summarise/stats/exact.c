/* exact.c — summaries and comparisons of exact values (instruction counts under valgrind), which
 * repeat to the instruction when the code and the valgrind are the same: no interval is estimated
 * and no test is made, since neither describes anything a second count would not reproduce. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "go_float_format.h"
#include "sort_doubles.h"
#include "summary.h"
#include "xalloc.h"

static void min_max(const double *values, size_t n, double *lo, double *hi)
{
    *lo = *hi = values[0];
    for (size_t i = 1; i < n; i++) {
        *lo = fmin(*lo, values[i]);
        *hi = fmax(*hi, values[i]);
    }
}

void hb_summarise_exact(const double *values, size_t n, struct hb_summary *out)
{
    double *sorted = hb_xmalloc(n * sizeof *sorted);
    memcpy(sorted, values, n * sizeof *sorted);
    hb_sort_doubles(sorted, n);
    double a = sorted[(n - 1) / 2], b = sorted[n / 2];
    *out = (struct hb_summary){.center = a + 0.5 * (b - a), .lo = sorted[0], .hi = sorted[n - 1], .exact = true};
    if (out->lo != out->hi) {
        char lo[HB_GO_G_MAX], hi[HB_GO_G_MAX];
        out->warning = hb_xasprintf("not repeatable: the counts of these inputs differ, from %s to %s",
                                    hb_format_go_g(out->lo, lo), hb_format_go_g(out->hi, hi));
    }
    free(sorted);
}

void hb_compare_exact(const double *base, size_t n1, const double *other, size_t n2, double threshold,
                      struct hb_comparison *out)
{
    double base_lo, base_hi, other_lo, other_hi;
    min_max(base, n1, &base_lo, &base_hi);
    min_max(other, n2, &other_lo, &other_hi);
    *out = (struct hb_comparison){.p = NAN,
                                  .q = NAN,
                                  .n1 = (int)n1,
                                  .n2 = (int)n2,
                                  .detectable = NAN,
                                  .log_shift = NAN,
                                  .exact = true,
                                  .threshold = threshold,
                                  .exact_delta = NAN,
                                  .shift = NAN,
                                  .shift_lo = NAN,
                                  .shift_hi = NAN};
    if (base_lo != base_hi || other_lo != other_hi) {
        out->not_repeatable = true;
        out->warning = hb_xstrdup("not repeatable: a side's counts differ, so the row is not compared");
    } else if (other_lo == base_lo) {
        out->exact_delta = 0;
    } else if (base_lo != 0) {
        out->exact_delta = (other_lo / base_lo - 1) * 100;
    }
    out->shift = out->shift_lo = out->shift_hi = out->exact_delta;
}
