/* history_exact.c — every series of a counted history walked once per configuration: a change
 * wherever a value leaves its stretch's first value by more than the threshold. Comparing with
 * the stretch's first value rather than the run before keeps a slow creep of small moves from
 * passing unseen. */
#include "history_exact.h"

#include <math.h>
#include <stdlib.h>

#include "summary.h"
#include "xalloc.h"

static bool moved(double from, double to, double threshold)
{
    if (from == to)
        return false;
    if (from == 0)
        return true;
    return fabs(to / from - 1) * 100 > threshold;
}

/* The exact summary of series s's values in runs [from, to); the number of values. */
static size_t summarise_runs_exact(const struct hb_series *s, size_t from, size_t to, double *scratch,
                                   struct hb_summary *out)
{
    size_t n = 0;
    for (size_t i = from; i < to; i++)
        if (!isnan(s->values[i]))
            scratch[n++] = s->values[i];
    if (n)
        hb_summarise_exact(scratch, n, out);
    else
        *out = (struct hb_summary){.center = NAN, .lo = NAN, .hi = NAN};
    return n;
}

/* Series s's changes in runs [from, to) of one configuration, appended to out. */
static void find_piece(const struct hb_history *h, size_t s, size_t from, size_t to, double threshold, double *scratch,
                       size_t *at, struct hb_history_changes *out, struct hb_history_family *f)
{
    const struct hb_series *series = &h->series[s];
    size_t n = 0, present = 0;
    double first = NAN;
    for (size_t i = from; i < to; i++) {
        double v = series->values[i];
        if (isnan(v))
            continue;
        present++;
        if (isnan(first))
            first = v;
        else if (moved(first, v, threshold)) {
            at[n++] = i;
            first = v;
        }
    }
    f->pieces += present >= 2;
    f->changed_pieces += n > 0;
    for (size_t j = 0; j < n; j++) {
        size_t before = j ? at[j - 1] : from, after = j + 1 < n ? at[j + 1] : to;
        struct hb_history_change change = {.series = s, .index = at[j], .p = NAN};
        change.nbefore = summarise_runs_exact(series, before, at[j], scratch, &change.before);
        change.nafter = summarise_runs_exact(series, at[j], after, scratch, &change.after);
        hb_grow((void **)&out->changes, &out->changes_cap, out->nchanges + 1, sizeof *out->changes);
        out->changes[out->nchanges++] = change;
    }
}

void hb_history_find_exact_changes(const struct hb_history *h, double threshold, struct hb_history_changes *out)
{
    *out = (struct hb_history_changes){.alpha = NAN, .confidence = NAN, .exact = true, .exact_change = threshold};
    size_t cap = h->nruns ? h->nruns : 1;
    double *scratch = hb_xmalloc(cap * sizeof *scratch);
    size_t *at = hb_xmalloc(cap * sizeof *at);
    out->families = hb_xcalloc(h->nunits ? h->nunits : 1, sizeof *out->families);
    size_t s = 0;
    for (size_t u = 0; u < h->nunits; u++) {
        struct hb_history_family *f = hb_history_family_open(h, out, u, s);
        for (size_t k = s; k < s + f->nseries; k++)
            for (size_t from = 0, to; from < h->nruns; from = to) {
                for (to = from + 1; to < h->nruns && h->runs[to].config == h->runs[from].config;)
                    to++;
                find_piece(h, k, from, to, threshold, scratch, at, out, f);
            }
        s += f->nseries;
        hb_history_family_close(out, f);
    }
    free(at);
    free(scratch);
}
