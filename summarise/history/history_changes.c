/* history_changes.c — every unit's family in turn: count its testable pieces (m), test each piece
 * as it is, estimate the machine's drift from the pieces that do not change, test every piece
 * again without it, keep those Holm lets through and bisect them at alpha / m. The permutation
 * statistics are shared by every piece of a length, in every family, so a history's cost grows
 * with the number of distinct lengths tested, not with the number of series. */
#include "history_changes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "change_points.h"
#include "ediv_null.h"
#include "machine_drift.h"
#include "padjust.h"
#include "run_pool.h"
#include "sort_doubles.h"
#include "spikes.h"
#include "xalloc.h"

/* Runs [from, to) of one configuration. */
struct piece {
    size_t from, to;
};

static size_t config_pieces(const struct hb_history *h, struct piece **out)
{
    *out = hb_xmalloc((h->nconfigs ? h->nconfigs : 1) * sizeof **out);
    size_t n = 0;
    for (size_t i = 0; i < h->nruns; i++) {
        if (i == 0 || h->runs[i].config != h->runs[i - 1].config)
            (*out)[n++] = (struct piece){i, i};
        (*out)[n - 1].to = i + 1;
    }
    return n;
}

/* The values of series s in runs [from, to), with the run each comes from. */
static size_t present(const struct hb_series *s, struct piece p, double *x, size_t *run)
{
    size_t n = 0;
    for (size_t i = p.from; i < p.to; i++)
        if (!isnan(s->values[i])) {
            x[n] = s->values[i];
            run[n++] = i;
        }
    return n;
}

/* What the search sees of one piece of a series: the logarithms of its values less the machine's
 * drift (when every value is positive; else the values as they are), spikes given the middle
 * ranks (stats/spikes.h), with the run of each. The search works on ranks, so the logarithm only
 * makes the spike rule relative. Spikes keep their places, so every piece of a length shares its
 * permutations with the others. */
struct searched {
    double *x;
    size_t *run;
    bool *spike;
    size_t n;
};

static void searchable(const struct hb_series *s, struct piece p, const double *drift, struct searched *out)
{
    out->n = present(s, p, out->x, out->run);
    bool positive = true;
    for (size_t i = 0; i < out->n; i++)
        positive = positive && out->x[i] > 0;
    for (size_t i = 0; positive && i < out->n; i++)
        out->x[i] = log(out->x[i]) - (drift ? drift[out->run[i]] : 0);
    hb_neutralise_spikes(out->x, out->n, out->spike);
}

size_t hb_history_permutations(size_t m, double alpha)
{
    if (m == 0 || !(alpha > 0))
        return 1999;
    double need = 2.0 * (double)m / alpha;
    double thousands = need > 200000 ? 200 : ceil(need / 1000);
    size_t total = (size_t)thousands * 1000;
    return (total < 2000 ? 2000 : total) - 1;
}

static void add_change(struct hb_history_changes *c, const struct hb_history_change *change)
{
    hb_grow((void **)&c->changes, &c->changes_cap, c->nchanges + 1, sizeof *c->changes);
    c->changes[c->nchanges++] = *change;
}

/* The summary of series s's values in runs [from, to). */
static size_t summarise_runs_interval(const struct hb_series *s, size_t from, size_t to, double confidence,
                                      double *scratch, struct hb_summary *out)
{
    size_t n = 0;
    for (size_t i = from; i < to; i++)
        if (!isnan(s->values[i]))
            scratch[n++] = s->values[i];
    hb_sort_doubles(scratch, n);
    hb_summarise(scratch, n, confidence, out);
    return n;
}

/* Records the change points of series s's piece [p.from, p.to) after its first split: their runs,
 * and the runs between neighbouring changes (spikes included) before and after each. */
static void record_piece(const struct hb_history *h, struct hb_history_changes *c, struct hb_ediv_nulls *nulls,
                         const struct hb_change_search *search, size_t s, struct piece p, const struct searched *kept,
                         struct hb_change_point first, double *scratch, struct hb_history_family *f)
{
    struct hb_change_point *points;
    size_t tests;
    size_t found = hb_change_points_after(nulls, kept->x, kept->n, search, first, &points, &tests);
    f->tests += tests;
    for (size_t j = 0; j < found; j++) {
        size_t from = j ? kept->run[points[j - 1].at] : p.from, at = kept->run[points[j].at];
        size_t to = j + 1 < found ? kept->run[points[j + 1].at] : p.to;
        struct hb_history_change change = {.series = s, .index = at, .p = points[j].p};
        change.nbefore = summarise_runs_interval(&h->series[s], from, at, c->confidence, scratch, &change.before);
        change.nafter = summarise_runs_interval(&h->series[s], at, to, c->confidence, scratch, &change.after);
        add_change(c, &change);
    }
    free(points);
}

/* A piece's first test: which series and configuration, and its best split with p. */
struct first_test {
    size_t series, piece;
    struct hb_change_point point;
};

/* Every piece's first test, with Holm's adjustment over them: which pieces change at all. The
 * tests go to tests[0..m) (m returned), adjusted p-values to q. */
static size_t first_tests(const struct hb_history *h, const struct hb_history_family *f, const struct piece *pieces,
                          size_t npieces, const double *drift, struct hb_ediv_nulls *nulls,
                          const struct hb_change_search *search, double alpha, struct searched *kept,
                          struct first_test *tests, double *q)
{
    /* Holm keeps no first split whose own p is above alpha: only those are worth placing. */
    struct hb_change_search first = *search;
    first.level = alpha;
    size_t m = 0;
    for (size_t s = f->first_series; s < f->first_series + f->nseries; s++)
        for (size_t p = 0; p < npieces && m < f->pieces; p++) {
            searchable(&h->series[s], pieces[p], drift, kept);
            if (kept->n < 2 * HB_HISTORY_MIN_SEGMENT)
                continue;
            tests[m] = (struct first_test){s, p, hb_change_test(nulls, kept->x, kept->n, &first)};
            q[m] = tests[m].point.p;
            m++;
        }
    hb_p_adjust(HB_ADJUST_HOLM, q, m, q);
    return m;
}

/* The machine's drift in each piece, from the series whose first test found no change there. */
static void estimate_drift(const struct hb_history *h, struct hb_history_family *f, const struct piece *pieces,
                           size_t npieces, const struct first_test *tests, const double *q, size_t m, double alpha,
                           double *drift)
{
    bool *steady = hb_xmalloc((f->nseries ? f->nseries : 1) * sizeof *steady);
    for (size_t p = 0; p < npieces; p++) {
        for (size_t k = 0; k < f->nseries; k++)
            steady[k] = true;
        for (size_t i = 0; i < m; i++)
            if (tests[i].piece == p && q[i] <= alpha)
                steady[tests[i].series - f->first_series] = false;
        size_t used = hb_machine_drift(h, f->first_series, f->nseries, steady, pieces[p].from, pieces[p].to, drift);
        if (used && (!f->drift_pieces++ || used < f->drift_series))
            f->drift_series = used;
    }
    free(steady);
}

static void find_family(const struct hb_history *h, const struct piece *pieces, size_t npieces, double alpha,
                        struct hb_ediv_nulls *nulls, struct hb_history_changes *out, struct hb_history_family *f,
                        struct searched *kept, double *scratch)
{
    for (size_t s = f->first_series; s < f->first_series + f->nseries; s++)
        for (size_t p = 0; p < npieces; p++)
            f->pieces += present(&h->series[s], pieces[p], kept->x, kept->run) >= 2 * HB_HISTORY_MIN_SEGMENT;
    f->permutations = hb_history_permutations(f->pieces, alpha);
    f->level = f->pieces ? alpha / (double)f->pieces : alpha;
    struct hb_change_search search = {HB_HISTORY_MIN_SEGMENT, f->permutations, HB_EDIV_STOP_AFTER, f->level, true};
    struct first_test *tests = hb_xmalloc((f->pieces ? f->pieces : 1) * sizeof *tests);
    double *q = hb_xmalloc((f->pieces ? f->pieces : 1) * sizeof *q);
    double *drift = hb_xcalloc(h->nruns ? h->nruns : 1, sizeof *drift);
    /* First as the runs are, to tell steady series from changing ones; then again without the
     * drift that the steady series share. */
    size_t m = first_tests(h, f, pieces, npieces, NULL, nulls, &search, alpha, kept, tests, q);
    estimate_drift(h, f, pieces, npieces, tests, q, m, alpha, drift);
    if (f->drift_pieces)
        m = first_tests(h, f, pieces, npieces, drift, nulls, &search, alpha, kept, tests, q);
    f->tests = m;
    for (size_t i = 0; i < m; i++) {
        if (!(q[i] <= alpha))
            continue;
        f->changed_pieces++;
        struct piece p = pieces[tests[i].piece];
        searchable(&h->series[tests[i].series], p, f->drift_pieces ? drift : NULL, kept);
        record_piece(h, out, nulls, &search, tests[i].series, p, kept, tests[i].point, scratch, f);
    }
    free(drift);
    free(q);
    free(tests);
}

struct hb_history_family *hb_history_family_open(const struct hb_history *h, struct hb_history_changes *out, size_t u,
                                                 size_t first_series)
{
    struct hb_history_family *f = &out->families[out->nfamilies++];
    *f = (struct hb_history_family){.unit = h->units[u], .first_series = first_series, .first_change = out->nchanges};
    while (first_series + f->nseries < h->nseries && h->series[first_series + f->nseries].unit == f->unit)
        f->nseries++;
    return f;
}

void hb_history_family_close(const struct hb_history_changes *out, struct hb_history_family *f)
{
    f->nchanges = out->nchanges - f->first_change;
    for (size_t k = f->first_change; k < out->nchanges; k++)
        f->changed_series += k == f->first_change || out->changes[k].series != out->changes[k - 1].series;
}

void hb_history_find_changes(const struct hb_history *h, double alpha, double confidence,
                             struct hb_history_changes *out)
{
    *out = (struct hb_history_changes){.alpha = alpha, .confidence = confidence, .min_segment = HB_HISTORY_MIN_SEGMENT};
    struct piece *pieces;
    size_t npieces = config_pieces(h, &pieces);
    size_t cap = h->nruns ? h->nruns : 1;
    double *scratch = hb_xmalloc(cap * sizeof *scratch);
    struct searched kept = {hb_xmalloc(cap * sizeof *kept.x), hb_xmalloc(cap * sizeof *kept.run),
                            hb_xmalloc(cap * sizeof *kept.spike), 0};
    struct hb_ediv_nulls *nulls = hb_ediv_nulls_new(HB_HISTORY_MIN_SEGMENT, hb_run_pool_threads());
    out->families = hb_xcalloc(h->nunits ? h->nunits : 1, sizeof *out->families);
    size_t s = 0;
    for (size_t u = 0; u < h->nunits; u++) {
        struct hb_history_family *f = hb_history_family_open(h, out, u, s);
        find_family(h, pieces, npieces, alpha, nulls, out, f, &kept, scratch);
        s += f->nseries;
        hb_history_family_close(out, f);
    }
    out->permutations_drawn = hb_ediv_nulls_drawn(nulls);
    hb_ediv_nulls_free(nulls);
    free(pieces);
    free(scratch);
    free(kept.x);
    free(kept.run);
    free(kept.spike);
}

void hb_history_changes_free(struct hb_history_changes *c)
{
    for (size_t i = 0; i < c->nchanges; i++) {
        hb_summary_clear(&c->changes[i].before);
        hb_summary_clear(&c->changes[i].after);
    }
    free(c->changes);
    free(c->families);
    *c = (struct hb_history_changes){0};
}

void hb_history_piece_medians(const struct hb_history *h, const struct hb_history_changes *c, size_t s, double *out)
{
    const struct hb_series *series = &h->series[s];
    /* Where a piece starts: at each configuration change and at each of the series' changes. */
    bool *starts = hb_xcalloc(h->nruns + 1, sizeof *starts);
    for (size_t i = 0; i < h->nruns; i++)
        starts[i] = i == 0 || h->runs[i].config != h->runs[i - 1].config;
    for (size_t k = 0; k < c->nchanges; k++)
        if (c->changes[k].series == s)
            starts[c->changes[k].index] = true;
    double *x = hb_xmalloc((h->nruns ? h->nruns : 1) * sizeof *x);
    for (size_t from = 0, to; from < h->nruns; from = to) {
        for (to = from + 1; to < h->nruns && !starts[to];)
            to++;
        size_t n = 0;
        for (size_t i = from; i < to; i++)
            if (!isnan(series->values[i]))
                x[n++] = series->values[i];
        double centre = NAN;
        if (n) {
            hb_sort_doubles(x, n);
            centre = n % 2 ? x[n / 2] : x[n / 2 - 1] + 0.5 * (x[n / 2] - x[n / 2 - 1]);
        }
        for (size_t i = from; i < to; i++)
            out[i] = isnan(series->values[i]) ? NAN : centre;
    }
    free(x);
    free(starts);
}
