/* change_points.h — the change points of one series by E-divisive's hierarchical bisection
 * (Matteson and James, JASA 2014): the best split of the whole series is kept when its
 * permutation test says so, then each side is searched the same way, until no side has a
 * significant split or room for one (docs/history.md). The first test is apart, so that a caller
 * can decide it over a family of series (hbstat -history adjusts it with Benjamini-Hochberg). */
#ifndef HB_CHANGE_POINTS_H
#define HB_CHANGE_POINTS_H

#include <stddef.h>

#include "ediv_null.h"

struct hb_change_search {
    size_t min_segment;  /* the fewest values a side of a split may have (>= 2) */
    size_t permutations; /* the most permutations one test draws */
    size_t stop_after;   /* a test ends once this many permutations reach its statistic (0: never) */
    double level;        /* a split is kept when its p-value is at or below this (hb_change_test: placed
                   * without spikes, when asked, only then) */
    /* Place a split found significant from the window without its spikes (stats/spikes.h): the
     * test uses every value, so its p-value stays a permutation p-value, but where the change lies
     * is judged without the odd runs that can pull it a few runs off. */
    bool place_without_spikes;
};

struct hb_change_point {
    size_t at; /* the first value after the change */
    double p;  /* of the test that kept it */
};

/* The test of the whole of x[0..n) (no NaN): its best split and that split's p-value; {0, 1}
 * when n < 2 * min_segment leaves no room for a split. The caller decides what p is enough;
 * search->level only says up to which p the split is worth placing without spikes. */
struct hb_change_point hb_change_test(struct hb_ediv_nulls *nulls, const double *x, size_t n,
                                      const struct hb_change_search *search);

/* The change points of x[0..n) given that the whole window's test, first, was kept: first, then
 * those found by searching each side at search->level, recursively. Returns how many, with *out
 * (free it) holding them in ascending order of position; *tests (may be NULL) receives the
 * number of windows tested after the first. */
size_t hb_change_points_after(struct hb_ediv_nulls *nulls, const double *x, size_t n,
                              const struct hb_change_search *search, struct hb_change_point first,
                              struct hb_change_point **out, size_t *tests);

/* The whole procedure for one series: the first test at search->level too. */
size_t hb_change_points(struct hb_ediv_nulls *nulls, const double *x, size_t n, const struct hb_change_search *search,
                        struct hb_change_point **out, size_t *tests);

#endif
