/* ediv.c — the E-divisive statistic of every split of a window from running sums instead of the
 * n x n matrix of distances (Matteson and James compute the same sums from the matrix; MongoDB's
 * signal-processing code and Apache Otava update them split by split, as here).
 *
 * For the left part [0, t) and the right part [t, k), with W the sum of |r_i - r_j| over the pairs
 * inside [0, t), V over the pairs inside [t, k) and B over the pairs across,
 *   Q(t, k) = t (k - t) / k * (2 B / (t (k - t)) - W / C(t, 2) - V / C(k - t, 2))
 *           = 2 / k * (B - (k - t) W / (t - 1) - t V / (k - t - 1)).
 * One pass with a Fenwick tree over the ranks gives, for every t, the pairs inside [0, t) and the
 * summed distances of [0, t) to the whole window, from which B and V follow for k = n in O(1);
 * the full search adds, for every t, each value's distances to the values after it. Every sum is an
 * integer (ranks are doubled mid-ranks), exact in a double, so only Q's last line rounds, and it
 * rounds the same sequence of IEEE operations on every machine. */
#include "ediv.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sort_doubles.h"
#include "xalloc.h"

/* A tree node packs a count (at most 2^19, above bit 40) and a sum of ranks (at most 2n * n = 2^39). */
enum { COUNT_SHIFT = 40 };
#define SUM_MASK ((UINT64_C(1) << COUNT_SHIFT) - 1)

/* The first index of sorted[0..n) whose value is not below v, or (strictly) above v. */
static size_t sorted_bound(const double *sorted, size_t n, double v, bool above)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (above ? sorted[mid] <= v : sorted[mid] < v)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

bool hb_ediv_ranks(const double *x, size_t n, uint32_t *ranks2)
{
    /* A value's equal values occupy sorted[first..last): its mid-rank doubled is first + 1 + last. */
    double *sorted = hb_xmalloc((n ? n : 1) * sizeof *sorted);
    memcpy(sorted, x, n * sizeof *sorted);
    hb_sort_doubles(sorted, n);
    bool tied = false;
    for (size_t i = 0; i + 1 < n; i++)
        tied = tied || sorted[i] == sorted[i + 1];
    for (size_t i = 0; i < n; i++) {
        size_t first = sorted_bound(sorted, n, x[i], false),
               last = tied ? sorted_bound(sorted, n, x[i], true) : first + 1;
        ranks2[i] = (uint32_t)(first + 1 + last);
    }
    free(sorted);
    return tied;
}

void hb_ediv_window_prepare(struct hb_ediv_window *w, const uint32_t *ranks2, size_t n)
{
    size_t values = 2 * n + 1;
    if (values > w->cap) {
        hb_ediv_window_free(w);
        w->distance_to_all = hb_xmalloc(values * sizeof *w->distance_to_all);
        w->slot = hb_xmalloc(values * sizeof *w->slot);
        w->tree = hb_xmalloc(values * sizeof *w->tree);
        w->within = hb_xmalloc(values * sizeof *w->within);
        w->to_all = hb_xmalloc(values * sizeof *w->to_all);
        w->right = hb_xmalloc(values * sizeof *w->right);
        w->recip = hb_xmalloc(values * sizeof *w->recip);
        w->scratch = hb_xmalloc(values * sizeof *w->scratch);
        w->cap = values;
    }
    w->recip[0] = 0;
    for (size_t k = 1; k <= n; k++)
        w->recip[k] = 1.0 / (double)k;
    w->n = n;
    /* Counts by rank value, then one sweep up the values for the distance of each to all. */
    uint64_t *count = w->tree; /* borrowed until the first split */
    memset(count, 0, values * sizeof *count);
    uint64_t all_sum = 0;
    for (size_t i = 0; i < n; i++) {
        count[ranks2[i]]++;
        all_sum += ranks2[i];
    }
    uint64_t below_count = 0, below_sum = 0, total2 = 0;
    uint32_t slots = 0;
    for (size_t v = 0; v < values; v++) {
        if (!count[v])
            continue;
        uint64_t at_or_below_count = below_count + count[v], at_or_below_sum = below_sum + count[v] * v;
        w->distance_to_all[v] =
            (v * below_count - below_sum) + (all_sum - at_or_below_sum) - v * ((uint64_t)n - at_or_below_count);
        w->slot[v] = ++slots;
        total2 += count[v] * w->distance_to_all[v];
        below_count = at_or_below_count;
        below_sum = at_or_below_sum;
    }
    w->total = total2 / 2;
    w->slots = slots;
}

void hb_ediv_window_free(struct hb_ediv_window *w)
{
    free(w->distance_to_all);
    free(w->slot);
    free(w->tree);
    free(w->within);
    free(w->to_all);
    free(w->right);
    free(w->recip);
    free(w->scratch);
    *w = (struct hb_ediv_window){0};
}

/* Matteson and James's Q for the left part [0, t) and the right part [t, k), whose pairs sum to
 * right inside [t, k) and to across between the parts; left_per is the pairs inside [0, t) over
 * t - 1. Reciprocals come from the table, so that every machine rounds the same products. */
static inline double statistic(const double *recip, double t, size_t right_len, size_t k, double left_per, double right,
                               double across)
{
    return 2 * recip[k] * (across - (double)right_len * left_per - t * right * recip[right_len - 1]);
}

/* One pass over ranks2 with the Fenwick tree: within[t], the sum over the pairs inside [0, t), and
 * to_all[t], the summed distances of the values in [0, t) to every value of the window, for t = 0..n. */
static void prefix_sums(struct hb_ediv_window *w, const uint32_t *ranks2)
{
    size_t n = w->n, slots = w->slots;
    uint64_t *tree = w->tree;
    memset(tree, 0, (slots + 1) * sizeof *tree);
    uint64_t placed_sum = 0, within = 0, to_all = 0;
    w->within[0] = 0;
    w->to_all[0] = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t v = ranks2[i];
        size_t slot = w->slot[v];
        uint64_t packed = 0;
        for (size_t k = slot; k; k &= k - 1)
            packed += tree[k];
        uint64_t count = packed >> COUNT_SHIFT, sum = packed & SUM_MASK;
        within += (v * count - sum) + (placed_sum - sum) - v * ((uint64_t)i - count);
        to_all += w->distance_to_all[v];
        for (size_t k = slot; k <= slots; k += k & -k)
            tree[k] += (UINT64_C(1) << COUNT_SHIFT) | v;
        placed_sum += v;
        w->within[i + 1] = (double)within;
        w->to_all[i + 1] = (double)to_all;
    }
}

/* The right part runs to the window's end (k = n): O(n log n), as MongoDB and Otava search. */
static struct hb_ediv_split search_to_end(const struct hb_ediv_window *w, size_t min_segment)
{
    size_t n = w->n;
    double total = (double)w->total;
    struct hb_ediv_split best = {0, n, -INFINITY};
    for (size_t t = min_segment; t + min_segment <= n; t++) {
        double left = w->within[t], across = w->to_all[t] - 2 * left, right = total - left - across;
        double q = statistic(w->recip, (double)t, n - t, n, left * w->recip[t - 1], right, across);
        if (q > best.q)
            best = (struct hb_ediv_split){t, n, q};
    }
    return best;
}

/* Every right end k as well (Matteson and James's full search): O(n^2). Going down from the last
 * t, the value at t joins the front of every right part [t, k), adding its distances to the values
 * after it, summed as k grows. Ties go to the smallest t, then the smallest k. */
static struct hb_ediv_split search_all_ends(struct hb_ediv_window *w, const uint32_t *ranks2, size_t min_segment)
{
    size_t n = w->n;
    double *right = w->right; /* right[k]: the pairs inside [t, k) */
    memset(right, 0, (n + 1) * sizeof *right);
    struct hb_ediv_split best = {0, n, -INFINITY};
    for (size_t t = n - 1; t >= min_segment; t--) {
        double joining = ranks2[t], distances = 0;
        for (size_t k = t + 2; k <= n; k++) {
            distances += fabs(joining - ranks2[k - 1]);
            right[k] += distances;
        }
        if (t + min_segment > n)
            continue;
        /* All of this t's right ends first (a loop the compiler can vectorise), then the largest. */
        double left = w->within[t], left_per = left * w->recip[t - 1], *q = w->scratch;
        for (size_t k = t + min_segment; k <= n; k++)
            q[k] = statistic(w->recip, (double)t, k - t, k, left_per, right[k], w->within[k] - left - right[k]);
        for (size_t k = t + min_segment; k <= n; k++)
            if (q[k] > best.q || (q[k] == best.q && t < best.at))
                best = (struct hb_ediv_split){t, k, q[k]};
    }
    return best;
}

struct hb_ediv_split hb_ediv_best_split(struct hb_ediv_window *w, const uint32_t *ranks2, size_t min_segment)
{
    prefix_sums(w, ranks2);
    return w->n <= HB_EDIV_FULL_SEARCH ? search_all_ends(w, ranks2, min_segment) : search_to_end(w, min_segment);
}
