/* spikes.c — the spike rule of spikes.h, with small medians worked out by sorting copies. */
#include "spikes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sort_doubles.h"
#include "xalloc.h"

static double median_of(double *v, size_t n)
{
    hb_sort_doubles(v, n);
    return n % 2 ? v[n / 2] : v[n / 2 - 1] + 0.5 * (v[n / 2] - v[n / 2 - 1]);
}

/* The median of x[from..to), NaN when empty. */
static double side_median(const double *x, size_t from, size_t to)
{
    double v[HB_SPIKE_NEIGHBOURS];
    size_t n = to - from;
    if (!n)
        return NAN;
    memcpy(v, x + from, n * sizeof *v);
    return median_of(v, n);
}

size_t hb_find_spikes(const double *x, size_t n, bool *spike)
{
    memset(spike, 0, n * sizeof *spike);
    if (n < 3)
        return 0;
    double *d = hb_xmalloc((n - 1) * sizeof *d);
    for (size_t i = 1; i < n; i++)
        d[i - 1] = fabs(x[i] - x[i - 1]);
    double sigma = 1.4826 * median_of(d, n - 1) / sqrt(2.0), bound = HB_SPIKE_SIGMAS * sigma;
    free(d);
    size_t found = 0;
    for (size_t i = 0; i < n; i++) {
        double left = side_median(x, i >= HB_SPIKE_NEIGHBOURS ? i - HB_SPIKE_NEIGHBOURS : 0, i);
        size_t end = i + 1 + HB_SPIKE_NEIGHBOURS < n ? i + 1 + HB_SPIKE_NEIGHBOURS : n;
        double right = side_median(x, i + 1, end);
        double from_left = x[i] - (isnan(left) ? right : left), from_right = x[i] - (isnan(right) ? left : right);
        spike[i] = (from_left > bound && from_right > bound) || (from_left < -bound && from_right < -bound);
        found += spike[i];
    }
    return found;
}
