/* rank_normal.c — the rank confidence set from estimates and their covariance (ranks.h), as the R
 * package csranks computes it: each resample draws the estimates' errors from the normal
 * distribution with that covariance (through its Cholesky factor), and each pair's deviation is the
 * difference of its errors over the pair's known standard deviation. It is how the method is checked
 * against csranks' published example (tests/summarise/ranks/). */
#include <math.h>
#include <stdlib.h>

#include "rank_stepdown.h"
#include "ranks.h"
#include "xalloc.h"

struct normal_data {
    size_t n;
    const double *chol; /* lower triangle, row-major */
    double *u, *e;      /* one resample's standard normals and errors */
    const struct hb_rank_pair *pairs;
    const double *sd; /* per pair */
    size_t npairs;
};

static void draw_normal(void *ctx, uint64_t *rng, const bool *need, double *dev)
{
    struct normal_data *d = ctx;
    for (size_t k = 0; k < d->n; k++)
        d->u[k] = hb_rank_normal(rng);
    for (size_t k = 0; k < d->n; k++) {
        double s = 0;
        for (size_t j = 0; j <= k; j++)
            s += d->chol[k * d->n + j] * d->u[j];
        d->e[k] = s;
    }
    for (size_t i = 0; i < d->npairs; i++)
        if (need[i])
            dev[i] = (d->e[d->pairs[i].a] - d->e[d->pairs[i].b]) / d->sd[i];
}

/* The Cholesky factor L (L L^T = c) of the n x n matrix c into l; -1 when c is not symmetric
 * positive definite. */
static int cholesky(const double *c, size_t n, double *l)
{
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j <= i; j++) {
            if (c[i * n + j] != c[j * n + i])
                return -1;
            double s = c[i * n + j];
            for (size_t k = 0; k < j; k++)
                s -= l[i * n + k] * l[j * n + k];
            if (i == j) {
                if (!(s > 0))
                    return -1;
                l[i * n + i] = sqrt(s);
            } else {
                l[i * n + j] = s / l[j * n + j];
            }
        }
    return 0;
}

int hb_rank_set_normal(const double *estimate, const double *covariance, size_t n, const struct hb_rank_options *opts,
                       struct hb_rank_result *out, char **error)
{
    static const struct hb_rank_options defaults = HB_RANK_OPTIONS_DEFAULT;
    if (opts == NULL)
        opts = &defaults;
    *out = (struct hb_rank_result){0};
    if (hb_rank_check_options(opts, error) != 0)
        return -1;
    if (n == 0) {
        *error = hb_xasprintf("nothing to rank: no estimates");
        return -1;
    }
    double *chol = hb_xcalloc(n * n, sizeof *chol);
    if (cholesky(covariance, n, chol) != 0) {
        *error = hb_xasprintf("the covariance of the %zu estimates is not symmetric positive definite", n);
        free(chol);
        return -1;
    }
    size_t npairs = n * (n - 1) / 2;
    struct hb_rank_pair *pairs = hb_xcalloc(npairs + 1, sizeof *pairs);
    double *sd = hb_xcalloc(npairs + 1, sizeof *sd);
    for (size_t a = 0, i = 0; a < n; a++)
        for (size_t b = a + 1; b < n; b++, i++) {
            sd[i] = sqrt(covariance[a * n + a] + covariance[b * n + b] - 2 * covariance[a * n + b]);
            pairs[i] = (struct hb_rank_pair){.a = (uint32_t)a, .b = (uint32_t)b, .testable = true, .in_max = true};
            pairs[i].t = (estimate[a] - estimate[b]) / sd[i];
        }
    struct normal_data d = {.n = n,
                            .chol = chol,
                            .u = hb_xcalloc(n, sizeof *d.u),
                            .e = hb_xcalloc(n, sizeof *d.e),
                            .pairs = pairs,
                            .sd = sd,
                            .npairs = npairs};
    hb_rank_result_alloc(out, n);
    for (size_t k = 0; k < n; k++)
        out->center[k] = estimate[k];
    hb_rank_stepdown(pairs, npairs, draw_normal, &d, opts, &out->critical, &out->steps);
    hb_rank_intervals(pairs, npairs, out);
    free(d.u);
    free(d.e);
    free(pairs);
    free(sd);
    free(chol);
    return 0;
}
