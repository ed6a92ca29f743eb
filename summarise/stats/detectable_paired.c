/* detectable_paired.c — the detectable effect for paired inputs, built as the unpaired estimate in
 * detectable.c is: the pairs' log ratios minus their median are the noise, a change δ adds
 * ln(1 + δ) to every one of them, and each of R resamples of n residuals (drawn once, the same for
 * every δ) is tested with the signed-rank test's own critical value; the answer is the smallest δ
 * rejected in at least 80% of the resamples. Zeros a shift produces are dropped as the test drops
 * them, so the critical value is looked up for each resample's count of non-zero differences. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "detectable.h"
#include "hb_splitmix64.h"
#include "median_ci.h"
#include "signed_rank.h"
#include "sort_doubles.h"
#include "xalloc.h"

struct paired_resamples {
    size_t n, count;
    double *e;        /* count x n residuals */
    double *critical; /* [0..n]: the largest T rejected with that many non-zero differences */
    double *shifted;  /* scratch: one resample plus the shift */
};

static double paired_power_at(const void *arg, double delta)
{
    const struct paired_resamples *r = arg;
    double shift = log1p(delta);
    size_t rejected = 0;
    for (size_t k = 0; k < r->count; k++) {
        for (size_t i = 0; i < r->n; i++)
            r->shifted[i] = r->e[k * r->n + i] + shift;
        double t_plus, t_minus, ties;
        size_t nz = hb_signed_rank_sums(r->shifted, r->n, &t_plus, &t_minus, &ties);
        rejected += r->critical[nz] >= 0 && fmin(t_plus, t_minus) <= r->critical[nz];
    }
    return (double)rejected / (double)r->count;
}

void hb_detectable_effect_paired(const double *d, size_t n, double level, struct hb_comparison *c)
{
    if (hb_signed_rank_critical(n, level) < 0) {
        c->detectable_none = true;
        return;
    }
    double *sorted = hb_xmalloc(n * sizeof *sorted), center, lo, hi;
    for (size_t i = 0; i < n; i++)
        sorted[i] = d[i];
    hb_sort_doubles(sorted, n);
    hb_median_summary(sorted, n, 0.5, &center, &lo, &hi);
    struct paired_resamples r = {n, hb_resample_count(n), NULL, NULL, NULL};
    r.critical = hb_xmalloc((n + 1) * sizeof *r.critical);
    for (size_t m = 0; m <= n; m++)
        r.critical[m] = hb_signed_rank_critical(m, level);
    r.e = hb_xmalloc(r.count * n * sizeof *r.e);
    r.shifted = hb_xmalloc(n * sizeof *r.shifted);
    uint64_t state = HB_DETECTABLE_SEED;
    for (size_t k = 0; k < r.count; k++)
        for (size_t i = 0; i < n; i++)
            r.e[k * n + i] = d[hb_splitmix64_next(&state) % n] - center;
    c->detectable = hb_smallest_powered(paired_power_at, &r) * 100;
    free(r.e);
    free(r.critical);
    free(r.shifted);
    free(sorted);
}
