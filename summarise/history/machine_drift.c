/* machine_drift.c — the drift as a median across steady series, run by run. Each series is first
 * centred on its own median, so series of any speed count alike; the median across them ignores a
 * series that happens to be odd at a run. */
#include "machine_drift.h"

#include <math.h>
#include <stdlib.h>

#include "sort_doubles.h"
#include "xalloc.h"

static double drift_median(double *v, size_t n)
{
    hb_sort_doubles(v, n);
    return n % 2 ? v[n / 2] : v[n / 2 - 1] + 0.5 * (v[n / 2] - v[n / 2 - 1]);
}

/* The median log value of series s over [from, to), or NaN when it has a value <= 0 or none. */
static double centre_of(const struct hb_series *s, size_t from, size_t to, double *scratch)
{
    size_t n = 0;
    for (size_t i = from; i < to; i++) {
        double v = s->values[i];
        if (isnan(v))
            continue;
        if (!(v > 0))
            return NAN;
        scratch[n++] = log(v);
    }
    return n ? drift_median(scratch, n) : NAN;
}

size_t hb_machine_drift(const struct hb_history *h, size_t first, size_t n, const bool *steady, size_t from, size_t to,
                        double *drift)
{
    double *centre = hb_xmalloc((n ? n : 1) * sizeof *centre);
    double *scratch = hb_xmalloc(((to - from) > n ? (to - from) : n) * sizeof *scratch + sizeof *scratch);
    size_t used = 0;
    for (size_t k = 0; k < n; k++) {
        centre[k] = steady[k] ? centre_of(&h->series[first + k], from, to, scratch) : NAN;
        used += !isnan(centre[k]);
    }
    for (size_t i = from; i < to; i++) {
        size_t m = 0;
        for (size_t k = 0; k < n && used >= HB_DRIFT_MIN_SERIES; k++) {
            double v = h->series[first + k].values[i];
            if (!isnan(centre[k]) && !isnan(v))
                scratch[m++] = log(v) - centre[k];
        }
        drift[i] = m ? drift_median(scratch, m) : 0;
    }
    free(scratch);
    free(centre);
    return used >= HB_DRIFT_MIN_SERIES ? used : 0;
}
