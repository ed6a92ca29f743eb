/* rank_set.c — the rank confidence set from per-process values (ranks.h): the pairs' paired
 * differences on logarithms, and the resamples of their standardised deviations.
 *
 * A resample is a new set of processes built from the observed ones: new process p' deviates by
 * sum over p of g[p'][p] r[p] / sqrt(m - 1), where r holds the observed processes' residuals (each
 * value's logarithm less its candidate's mean over the processes it ran), g is a matrix of
 * independent standard normals drawn once per resample and used for every candidate, and m counts
 * the processes the residuals span. Every candidate's new processes therefore have the spread its
 * processes had, and any two candidates the dependence they had (the same weights move both), and
 * each pair's deviation is standardised by the standard error of its own resample, as the
 * observed difference is: under normal errors that deviation has exactly Student's t distribution
 * with m - 1 degrees of freedom, which a handful of processes need (with five, a normal critical
 * value would call an A/A pair different about three times as often as the confidence allows). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rank_stepdown.h"
#include "ranks.h"
#include "xalloc.h"

/* What the resamples read: per candidate its processes (an index list into 0..P) and residuals, a
 * group shared by the candidates that ran exactly the same processes; per pair whether its
 * candidates share a group (then its new processes are the difference of theirs) or, if not, its
 * own common processes and the residuals of its differences there. */
struct rank_data {
    size_t n, P;
    size_t *own; /* n x P: candidate k's processes, own_count[k] of them */
    size_t *own_count;
    double *resid; /* n x P, at the candidate's own processes */
    size_t *group; /* the first candidate with the same processes */
    double *z;     /* n x P: one resample's new processes of each candidate */
    double *g;     /* P x P: one resample's weights */
    struct hb_rank_pair *pairs;
    size_t npairs;
    size_t *common; /* npairs x P: each pair's common processes, common_count[i] of them */
    size_t *common_count;
    double *pair_resid; /* npairs x P: their differences' residuals there */
    double *diff;       /* P: one pair's new processes */
};

/* The mean of xs[0..m) over its standard error (sample standard deviation over sqrt(m)); 0 when
 * the values do not spread. */
static double standardised_mean(const double *xs, size_t m)
{
    double mean = 0, ss = 0;
    for (size_t i = 0; i < m; i++)
        mean += xs[i];
    mean /= (double)m;
    for (size_t i = 0; i < m; i++)
        ss += (xs[i] - mean) * (xs[i] - mean);
    double se = sqrt(ss / (double)(m - 1) / (double)m);
    return se > 0 ? mean / se : 0;
}

/* One resample's new processes over the processes at[0..m): out[j] = sum over l of
 * g[at[j]][at[l]] resid[at[l]] / sqrt(m - 1). */
static void new_processes(const double *g, size_t P, const size_t *at, size_t m, const double *resid, double *out)
{
    double scale = 1 / sqrt((double)(m - 1));
    for (size_t j = 0; j < m; j++) {
        const double *row = &g[at[j] * P];
        double s = 0;
        for (size_t l = 0; l < m; l++)
            s += row[at[l]] * resid[at[l]];
        out[j] = s * scale;
    }
}

static void draw_processes(void *ctx, uint64_t *rng, const bool *need, double *dev)
{
    struct rank_data *d = ctx;
    size_t P = d->P;
    for (size_t i = 0; i < P * P; i++)
        d->g[i] = hb_rank_normal(rng);
    for (size_t k = 0; k < d->n; k++)
        if (d->own_count[k] >= HB_RANK_MIN_COMMON) /* else in no testable pair */
            new_processes(d->g, P, &d->own[k * P], d->own_count[k], &d->resid[k * P], &d->z[k * P]);
    for (size_t i = 0; i < d->npairs; i++) {
        if (!need[i])
            continue;
        const struct hb_rank_pair *p = &d->pairs[i];
        size_t m = d->common_count[i];
        if (d->group[p->a] == d->group[p->b]) {
            /* The same processes: the pair's residuals are the difference of its candidates', and
             * so are its new processes. */
            for (size_t j = 0; j < m; j++)
                d->diff[j] = d->z[p->a * P + j] - d->z[p->b * P + j];
        } else {
            new_processes(d->g, P, &d->common[i * P], m, &d->pair_resid[i * P], d->diff);
        }
        dev[i] = standardised_mean(d->diff, m);
    }
}

/* Reads the values into logarithms, each candidate's processes, residuals and center; -1 with
 * *error on a value that cannot be ranked or a candidate without any. */
static int read_values(const struct hb_rank_input *in, struct rank_data *d, double *logs, struct hb_rank_result *out,
                       char **error)
{
    size_t n = d->n, P = d->P;
    for (size_t k = 0; k < n; k++) {
        size_t m = 0;
        double sum = 0;
        for (size_t p = 0; p < P; p++) {
            double v = in->x[k * P + p];
            if (isnan(v)) {
                logs[k * P + p] = NAN;
                continue;
            }
            if (!(v > 0) || isinf(v)) {
                *error = hb_xasprintf("candidate %zu, process %zu: value %g cannot be ranked (finite and > 0, or NAN "
                                      "where it did not run)",
                                      k + 1, p + 1, v);
                return -1;
            }
            logs[k * P + p] = log(v);
            d->own[k * P + m++] = p;
            sum += logs[k * P + p];
        }
        if (m == 0) {
            *error = hb_xasprintf("candidate %zu has no value in any of the %zu processes", k + 1, P);
            return -1;
        }
        d->own_count[k] = m;
        out->processes[k] = m;
        out->center[k] = exp(sum / (double)m);
        for (size_t i = 0; i < m; i++)
            d->resid[k * P + d->own[k * P + i]] = logs[k * P + d->own[k * P + i]] - sum / (double)m;
        d->group[k] = k;
        for (size_t j = 0; j < k; j++)
            if (d->own_count[j] == m && memcmp(&d->own[j * P], &d->own[k * P], m * sizeof *d->own) == 0) {
                d->group[k] = d->group[j];
                break;
            }
    }
    return 0;
}

/* Pair i of a < b: its differences over the processes both ran, their mean over its standard error,
 * and what the resamples need of it. */
static void make_pair(struct rank_data *d, const double *logs, size_t i, size_t a, size_t b, struct hb_rank_result *out)
{
    size_t P = d->P, m = 0;
    size_t *c = &d->common[i * P];
    double *r = &d->pair_resid[i * P];
    struct hb_rank_pair *pair = &d->pairs[i];
    *pair = (struct hb_rank_pair){.a = (uint32_t)a, .b = (uint32_t)b};
    double mean = 0;
    for (size_t p = 0; p < P; p++)
        if (!isnan(logs[a * P + p]) && !isnan(logs[b * P + p])) {
            c[m++] = p;
            mean += logs[a * P + p] - logs[b * P + p];
        }
    d->common_count[i] = m;
    if (m < HB_RANK_MIN_COMMON) {
        out->unseparable[a]++;
        out->unseparable[b]++;
        out->unseparable_pairs++;
        return;
    }
    mean /= (double)m;
    double ss = 0;
    for (size_t j = 0; j < m; j++) {
        r[c[j]] = logs[a * P + c[j]] - logs[b * P + c[j]] - mean;
        ss += r[c[j]] * r[c[j]];
    }
    double se = sqrt(ss / (double)(m - 1) / (double)m);
    if (se > 0) {
        pair->t = mean / se;
        pair->testable = pair->in_max = true;
    } else if (mean != 0) {
        /* The same difference in every process: certain, and no spread to resample. */
        pair->t = mean > 0 ? INFINITY : -INFINITY;
        pair->testable = true;
    }
}

int hb_rank_set(const struct hb_rank_input *in, const struct hb_rank_options *opts, struct hb_rank_result *out,
                char **error)
{
    static const struct hb_rank_options defaults = HB_RANK_OPTIONS_DEFAULT;
    if (opts == NULL)
        opts = &defaults;
    *out = (struct hb_rank_result){0};
    if (hb_rank_check_options(opts, error) != 0)
        return -1;
    if (in->ncandidates == 0 || in->nprocesses == 0) {
        *error = hb_xasprintf("nothing to rank: %zu candidates in %zu processes", in->ncandidates, in->nprocesses);
        return -1;
    }
    size_t n = in->ncandidates, P = in->nprocesses;
    struct rank_data d = {.n = n, .P = P, .npairs = n * (n - 1) / 2};
    double *logs = hb_xcalloc(n * P, sizeof *logs);
    d.own = hb_xcalloc(n * P, sizeof *d.own);
    d.own_count = hb_xcalloc(n, sizeof *d.own_count);
    d.resid = hb_xcalloc(n * P, sizeof *d.resid);
    d.group = hb_xcalloc(n, sizeof *d.group);
    d.z = hb_xcalloc(n * P, sizeof *d.z);
    d.g = hb_xcalloc(P * P, sizeof *d.g);
    d.diff = hb_xcalloc(P, sizeof *d.diff);
    d.pairs = hb_xcalloc(d.npairs + 1, sizeof *d.pairs);
    d.common = hb_xcalloc(d.npairs * P + 1, sizeof *d.common);
    d.common_count = hb_xcalloc(d.npairs + 1, sizeof *d.common_count);
    d.pair_resid = hb_xcalloc(d.npairs * P + 1, sizeof *d.pair_resid);
    hb_rank_result_alloc(out, n);
    int rc = read_values(in, &d, logs, out, error);
    if (rc == 0) {
        for (size_t a = 0, i = 0; a < n; a++)
            for (size_t b = a + 1; b < n; b++)
                make_pair(&d, logs, i++, a, b, out);
        hb_rank_stepdown(d.pairs, d.npairs, draw_processes, &d, opts, &out->critical, &out->steps);
        hb_rank_intervals(d.pairs, d.npairs, out);
    } else {
        hb_rank_result_free(out);
    }
    free(logs);
    free(d.own);
    free(d.own_count);
    free(d.resid);
    free(d.group);
    free(d.z);
    free(d.g);
    free(d.diff);
    free(d.pairs);
    free(d.common);
    free(d.common_count);
    free(d.pair_resid);
    return rc;
}
