/* ediv.c — the E-divisive statistic of every split of a window in O(n log n), from running sums
 * instead of the n x n matrix of distances (Matteson and James compute the same sums from the
 * matrix; MongoDB's signal-processing code and Apache Otava update them split by split, as here).
 *
 * With the left part L = [0, t) and the right part R = [t, n), W the sum of |r_i - r_j| over the
 * pairs inside L, V over the pairs inside R and B over the pairs across, Matteson and James's
 *   Q(t) = t (n - t) / n * (2 B / (t (n - t)) - W / C(t, 2) - V / C(n - t, 2))
 *        = 2 / n * (B - (n - t) W / (t - 1) - t V / (n - t - 1)).
 * Moving the value r_t from R to L adds its distance to the values before it to W and takes its
 * distance to the values after it from V; a Fenwick tree over the ranks gives the count and sum of
 * the values before it that are not larger, from which that distance follows. Every sum is an
 * integer (ranks are doubled mid-ranks), so only the last line is floating point, and it is the
 * same sequence of IEEE operations on every machine. */
#include "ediv.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

/* A tree node packs a count (at most 2^19, above bit 40) and a sum of ranks (at most 2n * n = 2^39). */
enum { COUNT_SHIFT = 40 };
#define SUM_MASK ((UINT64_C(1) << COUNT_SHIFT) - 1)

struct ranked {
    double value;
    size_t index;
};

/* By value, then by position: a total order, so the ranks never depend on the sort's algorithm. */
static int by_value(const void *a, const void *b)
{
    const struct ranked *x = a, *y = b;
    if (x->value != y->value)
        return x->value < y->value ? -1 : 1;
    return (x->index > y->index) - (x->index < y->index);
}

bool hb_ediv_ranks(const double *x, size_t n, uint32_t *ranks2)
{
    struct ranked *order = hb_xmalloc(n * sizeof *order);
    for (size_t i = 0; i < n; i++)
        order[i] = (struct ranked){x[i], i};
    qsort(order, n, sizeof *order, by_value);
    bool tied = false;
    for (size_t first = 0, last; first < n; first = last + 1) {
        for (last = first; last + 1 < n && order[last + 1].value == order[first].value;)
            last++;
        tied = tied || last > first;
        for (size_t k = first; k <= last; k++)
            ranks2[order[k].index] = (uint32_t)(first + 1 + last + 1);
    }
    free(order);
    return tied;
}

void hb_ediv_window_prepare(struct hb_ediv_window *w, const uint32_t *ranks2, size_t n)
{
    size_t values = 2 * n + 1;
    if (values > w->cap) {
        free(w->distance_to_all);
        free(w->slot);
        free(w->tree);
        w->distance_to_all = hb_xmalloc(values * sizeof *w->distance_to_all);
        w->slot = hb_xmalloc(values * sizeof *w->slot);
        w->tree = hb_xmalloc(values * sizeof *w->tree);
        w->cap = values;
    }
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
    *w = (struct hb_ediv_window){0};
}

struct hb_ediv_split hb_ediv_best_split(struct hb_ediv_window *w, const uint32_t *ranks2, size_t min_segment)
{
    size_t n = w->n, slots = w->slots;
    uint64_t *tree = w->tree;
    memset(tree, 0, (slots + 1) * sizeof *tree);
    uint64_t placed_sum = 0, within_left = 0, within_right = w->total;
    struct hb_ediv_split best = {0, -INFINITY};
    for (size_t i = 0; i + min_segment < n; i++) {
        uint64_t v = ranks2[i];
        size_t slot = w->slot[v];
        uint64_t packed = 0;
        for (size_t k = slot; k; k &= k - 1)
            packed += tree[k];
        uint64_t count = packed >> COUNT_SHIFT, sum = packed & SUM_MASK;
        uint64_t to_left = (v * count - sum) + (placed_sum - sum) - v * ((uint64_t)i - count);
        within_left += to_left;
        within_right -= w->distance_to_all[v] - to_left;
        for (size_t k = slot; k <= slots; k += k & -k)
            tree[k] += (UINT64_C(1) << COUNT_SHIFT) | v;
        placed_sum += v;
        size_t at = i + 1;
        if (at < min_segment)
            continue;
        uint64_t across = w->total - within_left - within_right;
        double q = (double)across - (double)(n - at) * (double)within_left / (double)(at - 1) -
                   (double)at * (double)within_right / (double)(n - at - 1);
        if (q > best.q)
            best = (struct hb_ediv_split){at, q};
    }
    return best;
}
