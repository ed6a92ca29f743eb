/* summary.c — cell summaries and comparisons. Footnote texts and number layouts are benchstat's,
 * word for word, since users read them side by side. */
#include "summary.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "go_float_format.h"
#include "median_ci.h"
#include "mann_whitney.h"
#include "signed_rank.h"
#include "xalloc.h"

/* The smallest n whose minimum possible U-test p-value (two samples of n) is <= alpha: benchstat's
 * table of 2 / C(2n, n) for n = 1..9. */
static const double utest_min_p[] = {
    0,
    1,
    0.3333333333333333,
    0.1,
    0.02857142857142857,
    0.007936507936507936,
    0.0021645021645021645,
    0.0005827505827505828,
    0.0001554001554001554,
    4.113533525298231e-05,
};
enum { UTEST_MIN_P_COUNT = sizeof utest_min_p / sizeof *utest_min_p };

void hb_summarise(const double *sorted, size_t n, double confidence, struct hb_summary *out)
{
    hb_median_summary(sorted, n, confidence, &out->center, &out->lo, &out->hi);
    out->warning = NULL;
    out->noise_warning = NULL;
    if (isinf(out->lo) || isinf(out->hi)) {
        char level[HB_GO_G_MAX];
        hb_format_go_g(confidence, level);
        int need = hb_median_ci_min_samples(confidence);
        out->warning = need ? hb_xasprintf("need >= %d samples for confidence interval at level %s", need, level)
                            : hb_xasprintf("need > 50 samples for confidence interval at level %s", level);
    }
}

void hb_summary_clear(struct hb_summary *s)
{
    free(s->warning);
    free(s->noise_warning);
    s->warning = s->noise_warning = NULL;
}

void hb_summary_note_noise(const double *values, size_t n, double pct, struct hb_summary *s)
{
    if (pct <= 0 || n < 2)
        return;
    double mean = 0, m2 = 0; /* Welford: stable for values far from zero */
    for (size_t i = 0; i < n; i++) {
        double d = values[i] - mean;
        mean += d / (double)(i + 1);
        m2 += d * (values[i] - mean);
    }
    double cv = sqrt(m2 / (double)(n - 1)) / fabs(mean);
    if (mean != 0 && cv * 100 > pct) {
        char level[HB_GO_G_MAX];
        hb_format_go_g(pct, level);
        s->noise_warning = hb_xasprintf("noisy: coefficient of variation above %s%%", level);
    }
}

void hb_summary_note_uncertain(double pct, struct hb_summary *s)
{
    if (pct <= 0 || s->noise_warning || isinf(s->lo) || isinf(s->hi) || !(s->center > 0))
        return;
    double reach = fmax(s->hi / s->center - 1, 1 - s->lo / s->center);
    if (reach * 100 > pct) {
        char level[HB_GO_G_MAX];
        hb_format_go_g(pct, level);
        s->noise_warning = hb_xasprintf("uncertain: interval beyond ±%s%% of the median", level);
    }
}

void hb_compare(const double *base, size_t n1, const double *other, size_t n2, double alpha, struct hb_comparison *out)
{
    struct hb_utest u = hb_mann_whitney(base, n1, other, n2);
    *out = (struct hb_comparison){.p = u.p,
                                  .n1 = (int)n1,
                                  .n2 = (int)n2,
                                  .alpha = alpha,
                                  .q = u.p,
                                  .detectable = NAN,
                                  .shift = NAN,
                                  .shift_lo = NAN,
                                  .shift_hi = NAN};
    if (u.all_equal) {
        out->warning = hb_xstrdup("all samples are equal");
        return;
    }
    if (out->p > alpha) {
        /* Say so when not even maximally separated samples of these sizes could reach alpha. */
        int need = 0;
        for (int n = 1; n < UTEST_MIN_P_COUNT && !need; n++)
            if (utest_min_p[n] <= alpha)
                need = n;
        char level[HB_GO_G_MAX];
        hb_format_go_g(alpha, level);
        if (!need && out->n1 < UTEST_MIN_P_COUNT && out->n2 < UTEST_MIN_P_COUNT)
            out->warning =
                hb_xasprintf("need > %d samples to detect a difference at alpha level %s", UTEST_MIN_P_COUNT, level);
        else if (need && out->n1 < need && out->n2 < need)
            out->warning = hb_xasprintf("need >= %d samples to detect a difference at alpha level %s", need, level);
    }
}

void hb_compare_paired(const double *d, size_t n, double alpha, struct hb_comparison *out)
{
    struct hb_signed_rank w = hb_signed_rank(d, n);
    *out = (struct hb_comparison){
        .p = w.p,
        .n1 = (int)w.n,
        .n2 = (int)w.n,
        .alpha = alpha,
        .q = w.p,
        .detectable = NAN,
        .shift = NAN,
        .shift_lo = NAN,
        .shift_hi = NAN,
        .paired = true,
        .log_shift = hb_hodges_lehmann(d, n),
    };
    if (n == 0) {
        out->warning = hb_xstrdup("no pairs to compare");
        return;
    }
    if (w.all_zero) {
        out->warning = hb_xstrdup("all pairs are equal");
        return;
    }
    /* As for the U test: say so when even pairs that all agree could not reach alpha. */
    int need = hb_signed_rank_min_pairs(alpha);
    if (out->p > alpha && need && (int)w.n < need) {
        char level[HB_GO_G_MAX];
        hb_format_go_g(alpha, level);
        out->warning = hb_xasprintf("need >= %d pairs to detect a difference at alpha level %s", need, level);
    }
}

void hb_comparison_clear(struct hb_comparison *c)
{
    free(c->warning);
    free(c->adjust_note);
    free(c->test_note);
    c->warning = c->adjust_note = c->test_note = NULL;
}

bool hb_comparison_significant(const struct hb_comparison *c)
{
    if (c->exact)
        return !c->not_repeatable && fabs(c->exact_delta) > c->threshold;
    return !(c->q > c->alpha);
}

static int shift_sign(double x)
{
    return (x > 0) - (x < 0);
}

void hb_format_range(const struct hb_summary *s, char *out, size_t size)
{
    if (isinf(s->lo) || isinf(s->hi))
        snprintf(out, size, "∞");
    else if (shift_sign(s->center) != shift_sign(s->lo) || shift_sign(s->center) != shift_sign(s->hi))
        snprintf(out, size, "?");
    else if (s->center == 0)
        snprintf(out, size, "0%%");
    else
        snprintf(out, size, "%.0f%%", 100 * fmax(s->hi / s->center - 1, 1 - s->lo / s->center));
}

double hb_comparison_delta(const struct hb_comparison *c, double old_center, double new_center)
{
    if (c->exact)
        return c->exact_delta;
    if (c->paired && !isnan(c->log_shift))
        return expm1(c->log_shift) * 100.0;
    if (old_center == new_center)
        return 0;
    return old_center == 0 ? NAN : (new_center / old_center - 1.0) * 100.0;
}

void hb_format_delta(const struct hb_comparison *c, double old_center, double new_center, char *out, size_t size)
{
    double delta = hb_comparison_delta(c, old_center, new_center);
    if (c->exact && c->not_repeatable)
        snprintf(out, size, "not repeatable");
    else if (c->exact && delta != 0 && fabs(delta) < 1) /* exact: two digits of a small change, never +0.00% */
        snprintf(out, size, "%+.2g%%", delta);
    else if (c->exact)
        snprintf(out, size, isnan(delta) ? "?" : delta == 0 ? "0.00%%" : "%+.2f%%", delta);
    else if (!hb_comparison_significant(c))
        snprintf(out, size, "~");
    else if (delta == 0)
        snprintf(out, size, "0.00%%");
    else if (isnan(delta))
        snprintf(out, size, "?");
    else
        snprintf(out, size, "%+.2f%%", delta);
}

void hb_format_comparison(const struct hb_comparison *c, char *out, size_t size)
{
    int used = 0;
    if (c->exact && !c->not_repeatable)
        used = snprintf(out, size, "exact ");
    else if (c->exact)
        ;
    else if (c->q != 0)
        used = snprintf(out, size, "p=%0.3f ", c->q);
    if (c->n1 == c->n2)
        used += snprintf(out + used, size - (size_t)used, "n=%d", c->n1);
    else
        used += snprintf(out + used, size - (size_t)used, "n=%d+%d", c->n1, c->n2);
    if (c->detectable_none)
        snprintf(out + used, size - (size_t)used, ", none detectable");
    else if (!isnan(c->detectable))
        /* Two significant digits at most: the estimate is no finer than that. */
        snprintf(out + used, size - (size_t)used,
                 c->detectable >= 10  ? ", ≥%.0f%%"
                 : c->detectable >= 1 ? ", ≥%.1f%%"
                                      : ", ≥%.2f%%",
                 c->detectable);
}

void hb_format_shift(const struct hb_comparison *c, char *out, size_t size)
{
    if (c->exact || isnan(c->shift)) {
        snprintf(out, size, "%s", "");
        return;
    }
    /* As many decimals as show the interval's width (one, up to three for a narrow one), and at
     * least two below 1%. */
    double width = c->shift_hi - c->shift_lo;
    double reach = fmax(fabs(c->shift), fmax(fabs(c->shift_lo), fabs(c->shift_hi)));
    int decimals = !(width < 1) ? 1 : width >= 0.1 ? 2 : 3;
    if (reach < 1 && decimals < 2)
        decimals = 2;
    if (isinf(c->shift_lo) || isinf(c->shift_hi))
        snprintf(out, size, "shift %+.*f%% [too few samples]", decimals, c->shift);
    else
        snprintf(out, size, "shift %+.*f%% [%+.*f, %+.*f]", decimals, c->shift, decimals, c->shift_lo, decimals,
                 c->shift_hi);
}

double hb_geomean(const double *xs, size_t n)
{
    if (n == 0)
        return NAN;
    double m = 0;
    for (size_t i = 0; i < n; i++) {
        if (!(xs[i] > 0))
            return NAN;
        m += (log(xs[i]) - m) / (double)(i + 1);
    }
    return exp(m);
}
