/* rank_stepdown.c — Romano and Wolf's step-down over the largest resampled deviation, and the rank
 * intervals its rejections give (rank_stepdown.h). */
#include "rank_stepdown.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hb_splitmix64.h"
#include "sort_doubles.h"
#include "xalloc.h"

double hb_rank_normal(uint64_t *rng)
{
    double u1 = ((double)(hb_splitmix64_next(rng) >> 11) + 0.5) * 0x1p-53;
    double u2 = ((double)(hb_splitmix64_next(rng) >> 11) + 0.5) * 0x1p-53;
    return sqrt(-2 * log(u1)) * cos(6.283185307179586 * u2);
}

int hb_rank_check_options(const struct hb_rank_options *opts, char **error)
{
    if (!(opts->confidence > 0 && opts->confidence < 1)) {
        *error = hb_xasprintf("rank confidence %g: must lie between 0 and 1", opts->confidence);
        return -1;
    }
    if (opts->resamples < 100) {
        *error = hb_xasprintf("rank resamples %u: at least 100 are needed", opts->resamples);
        return -1;
    }
    return 0;
}

/* The q quantile of sorted[0..n) by linear interpolation between order statistics (type 7), with
 * infinities kept: between a finite value and +inf the quantile is +inf, below it the finite one. */
static double quantile7(const double *sorted, size_t n, double q)
{
    double h = (double)(n - 1) * q;
    size_t lo = (size_t)floor(h);
    if (lo + 1 >= n)
        return sorted[n - 1];
    double a = sorted[lo], b = sorted[lo + 1], f = h - (double)lo;
    if (f == 0 || a == b)
        return a;
    if (isinf(b) && b > 0)
        return b;
    if (isinf(a))
        return a;
    return a + f * (b - a);
}

void hb_rank_stepdown(struct hb_rank_pair *pairs, size_t npairs, hb_rank_draw_fn *draw, void *ctx,
                      const struct hb_rank_options *opts, double *critical, unsigned *steps)
{
    bool *open_a = hb_xcalloc(npairs + 1, sizeof *open_a), *open_b = hb_xcalloc(npairs + 1, sizeof *open_b);
    bool *need = hb_xcalloc(npairs + 1, sizeof *need);
    double *dev = hb_xcalloc(npairs + 1, sizeof *dev);
    double *largest = hb_xmalloc(opts->resamples * sizeof *largest);
    size_t open = 0;
    for (size_t i = 0; i < npairs; i++) {
        pairs[i].a_slower = pairs[i].b_slower = false;
        open_a[i] = open_b[i] = pairs[i].testable;
        open += 2 * pairs[i].testable;
    }
    *critical = NAN;
    *steps = 0;
    while (open > 0) {
        for (size_t i = 0; i < npairs; i++)
            need[i] = pairs[i].in_max && (open_a[i] || open_b[i]);
        uint64_t rng = opts->seed;
        for (unsigned r = 0; r < opts->resamples; r++) {
            draw(ctx, &rng, need, dev);
            double m = -INFINITY;
            for (size_t i = 0; i < npairs; i++) {
                if (!need[i])
                    continue;
                if (open_a[i] && dev[i] > m)
                    m = dev[i];
                if (open_b[i] && -dev[i] > m)
                    m = -dev[i];
            }
            largest[r] = m;
        }
        hb_sort_doubles(largest, opts->resamples);
        double q = quantile7(largest, opts->resamples, opts->confidence);
        *critical = q;
        ++*steps;
        size_t rejected = 0;
        for (size_t i = 0; i < npairs; i++) {
            if (open_a[i] && pairs[i].t > q) {
                pairs[i].a_slower = true;
                open_a[i] = false;
                rejected++;
            }
            if (open_b[i] && -pairs[i].t > q) {
                pairs[i].b_slower = true;
                open_b[i] = false;
                rejected++;
            }
        }
        open -= rejected;
        if (rejected == 0)
            break;
    }
    free(open_a);
    free(open_b);
    free(need);
    free(dev);
    free(largest);
}

void hb_rank_result_alloc(struct hb_rank_result *out, size_t n)
{
    *out = (struct hb_rank_result){.ncandidates = n};
    out->center = hb_xcalloc(n + 1, sizeof *out->center);
    out->processes = hb_xcalloc(n + 1, sizeof *out->processes);
    out->rank_lo = hb_xcalloc(n + 1, sizeof *out->rank_lo);
    out->rank_hi = hb_xcalloc(n + 1, sizeof *out->rank_hi);
    out->fastest = hb_xcalloc(n + 1, sizeof *out->fastest);
    out->unseparable = hb_xcalloc(n + 1, sizeof *out->unseparable);
}

void hb_rank_intervals(const struct hb_rank_pair *pairs, size_t npairs, struct hb_rank_result *out)
{
    size_t n = out->ncandidates;
    for (size_t k = 0; k < n; k++) {
        out->rank_lo[k] = 1;
        out->rank_hi[k] = n;
    }
    for (size_t i = 0; i < npairs; i++) {
        const struct hb_rank_pair *p = &pairs[i];
        if (p->a_slower) {
            out->rank_lo[p->a]++;
            out->rank_hi[p->b]--;
        }
        if (p->b_slower) {
            out->rank_lo[p->b]++;
            out->rank_hi[p->a]--;
        }
    }
    out->nfastest = 0;
    for (size_t k = 0; k < n; k++) {
        out->fastest[k] = out->rank_lo[k] == 1;
        out->nfastest += out->fastest[k];
    }
}

void hb_rank_result_free(struct hb_rank_result *r)
{
    free(r->center);
    free(r->processes);
    free(r->rank_lo);
    free(r->rank_hi);
    free(r->fastest);
    free(r->unseparable);
    memset(r, 0, sizeof *r);
}
