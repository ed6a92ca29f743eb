/* ediv.h — the statistic of E-divisive (Matteson and James, JASA 2014) with exponent 1, applied
 * to ranks, for one window of a series: the energy distance between the runs before and after
 * every split, and the split that maximises it (docs/history.md). Ranks keep every sum an exact
 * integer, so the statistic is the same bit for bit on every machine, and make one outlying run
 * weigh no more than one rank; they also make the statistic's permutation distribution depend on
 * the window's length alone (ediv_null.h shares it between series). */
#ifndef HB_EDIV_H
#define HB_EDIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The longest window the statistic handles: its sums are packed in 64 bits (see ediv.c). */
enum { HB_EDIV_MAX_N = 1 << 19 };

/* Windows of at most this many values are searched over both ends of the right part, as Matteson
 * and James define E-divisive: the left part [0, t) against [t, k) for every k, which finds a
 * change that is later undone (a regression, then its fix). The search costs n^2 per permutation,
 * so a longer window compares [0, t) with [t, n) only, as MongoDB's and Otava's implementations
 * do, until a split has cut it to this length. */
enum { HB_EDIV_FULL_SEARCH = 64 };

/* Writes twice the mid-rank of each of x[0..n) into ranks2 (untied values get 2, 4, ..., 2n;
 * a group of tied values the sum of its first and last rank), so that ties stay integers.
 * Returns true when some values tie. x holds no NaN; n <= HB_EDIV_MAX_N. */
bool hb_ediv_ranks(const double *x, size_t n, uint32_t *ranks2);

/* What the statistic needs of a window's multiset of ranks, whatever their order: for each rank
 * value, its summed distance to every rank of the window, and the sum over all pairs. The
 * permutations of a window share it. Zero-initialise; free with hb_ediv_window_free. */
struct hb_ediv_window {
    size_t n;
    uint64_t *distance_to_all; /* indexed by rank value (0..2n) */
    uint32_t *slot;            /* rank value -> its place among the distinct values, from 1 */
    uint64_t *tree;            /* Fenwick tree over the slots: count << 40 | sum of ranks */
    uint64_t total;            /* sum of |r_i - r_j| over the pairs i < j */
    size_t slots;              /* distinct rank values */
    double *within, *to_all;   /* per split (0..n): the pairs inside [0, t); [0, t)'s distances to all */
    double *right;             /* the full search's pairs inside [t, k), per k */
    double *recip;             /* 1 / k for k = 1..n */
    double *scratch;           /* the full search's statistics of one t, per k */
    size_t cap;
};

/* Prepares w for windows holding the multiset of ranks2[0..n) (n >= 2, n <= HB_EDIV_MAX_N). */
void hb_ediv_window_prepare(struct hb_ediv_window *w, const uint32_t *ranks2, size_t n);
void hb_ediv_window_free(struct hb_ediv_window *w);

struct hb_ediv_split {
    size_t at;  /* the first index after the split: the left part is [0, at) */
    size_t end; /* the end of the right part it was compared with: [at, end) */
    double q;   /* Matteson and James's Q(at, end) */
};

/* The split of ranks2[0..n) (the multiset w was prepared with, in any order) that maximises Q
 * among those leaving at least min_segment values (>= 2) on each side, over every right end when
 * n <= HB_EDIV_FULL_SEARCH, else with the right part running to n; the smallest at (then end)
 * when several tie. n >= 2 * min_segment. */
struct hb_ediv_split hb_ediv_best_split(struct hb_ediv_window *w, const uint32_t *ranks2, size_t min_segment);

#endif
