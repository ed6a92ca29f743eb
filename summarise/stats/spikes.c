/* spikes.c — the spike rule of spikes.h, with small medians worked out by sorting copies. */
#include "spikes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sort_doubles.h"
#include "xalloc.h"

/* The median of v[0..n), n >= 1, by selection rather than a full sort (v is reordered). */
static double middle_of(double *v, size_t n)
{
    size_t ks[2] = {n / 2, n / 2 - (n % 2 == 0)};
    hb_select_doubles(v, n, ks, n % 2 ? 1 : 2);
    return n % 2 ? v[n / 2] : v[n / 2 - 1] + 0.5 * (v[n / 2] - v[n / 2 - 1]);
}

/* The median of x[from..to) (at most HB_SPIKE_NEIGHBOURS values), NaN when empty. */
_Static_assert(HB_SPIKE_NEIGHBOURS == 3, "side_median handles up to three values");
static double side_median(const double *x, size_t from, size_t to)
{
    switch (to - from) {
    case 0: return NAN;
    case 1: return x[from];
    case 2: {
        double low = fmin(x[from], x[from + 1]), high = fmax(x[from], x[from + 1]);
        return low + 0.5 * (high - low);
    }
    default: {
        double a = x[from], b = x[from + 1], c = x[from + 2];
        return fmax(fmin(a, b), fmin(fmax(a, b), c));
    }
    }
}

size_t hb_find_spikes(const double *x, size_t n, bool *spike)
{
    memset(spike, 0, n * sizeof *spike);
    if (n < 3)
        return 0;
    double *d = hb_xmalloc((n - 1) * sizeof *d);
    for (size_t i = 1; i < n; i++)
        d[i - 1] = fabs(x[i] - x[i - 1]);
    double sigma = 1.4826 * middle_of(d, n - 1) / sqrt(2.0), bound = HB_SPIKE_SIGMAS * sigma;
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

size_t hb_neutralise_spikes(double *x, size_t n, bool *spike)
{
    size_t found = hb_find_spikes(x, n, spike), m = 0;
    if (!found || n - found < 2)
        return found;
    double *rest = hb_xmalloc((n - found) * sizeof *rest);
    for (size_t i = 0; i < n; i++)
        if (!spike[i])
            rest[m++] = x[i];
    hb_sort_doubles(rest, m);
    /* The middle value and the next one up (odd m), or the two middle values (even m). */
    double low = rest[(m - 1) / 2], high = rest[m / 2 + m % 2];
    free(rest);
    for (size_t i = 0, j = 0; i < n; i++)
        if (spike[i])
            x[i] = low + (high - low) * (double)++j / (double)(found + 1);
    return found;
}
