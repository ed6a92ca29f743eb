/* bisect_pairs.h — how many pairs of processes a step of scripts/ab.sh --bisect needs (docs/ab.md
 * "Which commit made it slower?"): enough that a slowdown seen in every round but one is
 * significant for one row of the m compared, by the signed-rank test and the adjustment that the
 * step's comparison uses. */
#ifndef HB_BISECT_PAIRS_H
#define HB_BISECT_PAIRS_H

#include <stddef.h>

#include "padjust.h"

/* The fewest pairs any step takes, and the most this searches: beyond it the test has long left
 * its exact distribution and a bisection step would take hours. */
enum { HB_BISECT_MIN_PAIRS = 8, HB_BISECT_MAX_PAIRS = 1000 };

/* The two-sided signed-rank p (hb_signed_rank) of n pairs that all moved one way but the one
 * whose change has rank 3 (the third smallest |change|): the largest p of an odd round among the
 * three smallest changes, the case the bisection promises to see (rank 1 or 2 gives a smaller
 * p; an odd round of rank 4 or more, a change against the others larger than three of theirs, is
 * not promised). n >= 3. */
double hb_bisect_one_odd_round_p(size_t n);

/* The fewest pairs, even and at least HB_BISECT_MIN_PAIRS, at which hb_bisect_one_odd_round_p is
 * significant at alpha after method's adjustment over m rows of which only this one moved (the
 * other m - 1 with p = 1: the hardest case for Holm and Benjamini-Hochberg, whose bar is then
 * alpha / m). Even so that a run of two revisions fills whole blocks of its balanced order.
 * Returns 0 when no n up to HB_BISECT_MAX_PAIRS is enough. m >= 1. */
size_t hb_bisect_pairs(double alpha, size_t m, enum hb_adjust method);

#endif
