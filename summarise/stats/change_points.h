/* change_points.h — the change points of one series by E-divisive's hierarchical bisection
 * (Matteson and James, JASA 2014): the best split of the whole series is kept when its
 * permutation test says so, then each side is searched the same way, until no side has a
 * significant split or room for one (docs/history.md). */
#ifndef HB_CHANGE_POINTS_H
#define HB_CHANGE_POINTS_H

#include <stddef.h>

#include "ediv_null.h"

struct hb_change_search {
    size_t min_segment;  /* the fewest values a side of a split may have (>= 2) */
    size_t permutations; /* the most permutations one test draws */
    size_t stop_after;   /* a test ends once this many permutations reach its statistic (0: never) */
    double level;        /* a split is kept when its p-value is at or below this */
};

struct hb_change_point {
    size_t at; /* the first value after the change */
    double p;  /* of the test that kept it */
};

/* Finds the change points of x[0..n) (no NaN; any n). Returns how many, with *out (free it)
 * holding them in ascending order of position; *tests (may be NULL) receives the number of
 * windows tested. */
size_t hb_change_points(struct hb_ediv_nulls *nulls, const double *x, size_t n, const struct hb_change_search *search,
                        struct hb_change_point **out, size_t *tests);

#endif
