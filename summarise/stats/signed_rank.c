/* signed_rank.c — Wilcoxon signed-rank test. The exact null distribution counts, for each sum s,
 * the subsets of the ranks 1..n that sum to s (each subset is one equally likely assignment of
 * signs); the counts stay below 2^50 for n <= 50, so doubles hold them exactly. */
#include "signed_rank.h"

#include <math.h>
#include <stdlib.h>

#include "normal_dist.h"
#include "sort_doubles.h"
#include "xalloc.h"

enum { EXACT_LIMIT = 50 };

/* counts[s] for s = 0..limit: the subsets of {1..n} summing to s. Sums only grow as ranks are
 * added, so sums past limit are never needed. Free the result. */
static double *subset_sum_counts(int n, int limit)
{
    double *counts = hb_xcalloc((size_t)limit + 1, sizeof *counts);
    counts[0] = 1;
    for (int r = 1; r <= n; r++)
        for (int s = limit; s >= r; s--)
            counts[s] += counts[s - r];
    return counts;
}

double hb_signed_rank_cdf(int n, int t)
{
    int max = n * (n + 1) / 2;
    if (t < 0)
        return 0;
    if (t >= max)
        return 1;
    double *counts = subset_sum_counts(n, t), hits = 0;
    for (int s = 0; s <= t; s++)
        hits += counts[s];
    free(counts);
    return ldexp(hits, -n);
}

double hb_signed_rank_critical(size_t n, double level)
{
    if (n == 0)
        return -1;
    if (n <= EXACT_LIMIT) {
        /* The exact p of T = t is 2 P(T <= t); walk up while it stays within level. */
        int half = (int)(n * (n + 1) / 4);
        double *counts = subset_sum_counts((int)n, half), hits = 0;
        int t = -1;
        for (int s = 0; s <= half; s++) {
            hits += counts[s];
            if (2 * ldexp(hits, -(int)n) > level)
                break;
            t = s;
        }
        free(counts);
        return t;
    }
    /* The normal approximation rejects when |T - mu| - 0.5 >= z sigma. */
    double m = (double)n, mu = m * (m + 1) / 4, sigma = sqrt(m * (m + 1) * (2 * m + 1) / 24);
    double z = hb_normal_inv_cdf((struct hb_normal){0, 1}, 1 - level / 2);
    double t = mu - 0.5 - z * sigma;
    return t >= 0 ? t : -1;
}

int hb_signed_rank_min_pairs(double alpha)
{
    for (int n = 1; n <= 1000; n++)
        if (fmin(1, ldexp(2, -n)) <= alpha)
            return n;
    return 0;
}

size_t hb_signed_rank_sums(const double *d, size_t n, double *t_plus, double *t_minus, double *ties)
{
    /* |d| of every non-zero difference, and |d| of the positive ones, both ascending: one merge
	 * then gives each group of equal |d| its mid-rank and how many of it are positive. */
    double *all = hb_xmalloc((n + 1) * sizeof *all), *pos = hb_xmalloc((n + 1) * sizeof *pos);
    size_t nz = 0, np = 0;
    for (size_t i = 0; i < n; i++) {
        if (d[i] == 0)
            continue;
        all[nz++] = fabs(d[i]);
        if (d[i] > 0)
            pos[np++] = d[i];
    }
    hb_sort_doubles(all, nz);
    hb_sort_doubles(pos, np);
    *t_plus = *ties = 0;
    for (size_t i = 0, j = 0; i < nz;) {
        size_t end = i;
        while (end < nz && all[end] == all[i])
            end++;
        size_t in_pos = 0;
        for (; j < np && pos[j] == all[i]; j++)
            in_pos++;
        double size = (double)(end - i);
        *t_plus += (double)(i + 1 + end) / 2 * (double)in_pos; /* ranks i+1 .. end */
        *ties += size * size * size - size;
        i = end;
    }
    double total = (double)nz * (double)(nz + 1) / 2;
    *t_minus = total - *t_plus;
    free(all);
    free(pos);
    return nz;
}

struct hb_signed_rank hb_signed_rank(const double *d, size_t n)
{
    struct hb_signed_rank res = {1, 0, 0, 0, false};
    double ties;
    res.n = hb_signed_rank_sums(d, n, &res.t_plus, &res.t_minus, &ties);
    if (res.n == 0) {
        res.all_zero = true;
        return res;
    }
    double t = fmin(res.t_plus, res.t_minus);
    if (ties == 0 && res.n <= EXACT_LIMIT) {
        res.p = fmin(1, 2 * hb_signed_rank_cdf((int)res.n, (int)t));
        return res;
    }
    double m = (double)res.n, mu = m * (m + 1) / 4;
    double sigma = sqrt(m * (m + 1) * (2 * m + 1) / 24 - ties / 48);
    /* The continuity correction moves T half a rank towards mu, never past it. */
    double z = fmax(0, fabs(res.t_plus - mu) - 0.5) / sigma;
    res.p = fmin(1, 2 * hb_normal_cdf((struct hb_normal){0, 1}, -z));
    return res;
}

/* The median of xs[0..n), n >= 1, which it reorders. */
static double median_reordering(double *xs, size_t n)
{
    hb_sort_doubles(xs, n);
    return n % 2 ? xs[n / 2] : (xs[n / 2 - 1] + xs[n / 2]) / 2;
}

double hb_hodges_lehmann(const double *d, size_t n)
{
    if (n == 0)
        return NAN;
    size_t m = n > HB_HL_MAX_PAIRS ? n : n * (n + 1) / 2, k = 0;
    double *w = hb_xmalloc(m * sizeof *w);
    if (n > HB_HL_MAX_PAIRS) {
        for (size_t i = 0; i < n; i++)
            w[i] = d[i];
    } else {
        for (size_t i = 0; i < n; i++)
            for (size_t j = i; j < n; j++)
                w[k++] = (d[i] + d[j]) / 2;
    }
    double estimate = median_reordering(w, m);
    free(w);
    return estimate;
}
