/* median_ci.h — the median and its distribution-free confidence interval from order statistics,
 * choosing the orders exactly as benchstat does (docs/statistics.md, "Centre and interval"). */
#ifndef HB_MEDIAN_CI_H
#define HB_MEDIAN_CI_H

#include <stdbool.h>
#include <stddef.h>

/* 1-based order statistics bounding the interval; lo_order < 1 or hi_order > n is infinite. */
struct hb_median_ci {
    int lo_order, hi_order;
};

/* benchstat's orders for a sample of n at the given confidence, as hb_median_ci_compute gives them;
 * for n up to 200 each is computed once per confidence level and then remembered. n >= 1. */
struct hb_median_ci hb_median_ci_orders_for(int n, double confidence);

/* Computes the orders as benchstat's QuantileCI(n, 0.5, confidence) does: binomial terms in floating
 * point summed outwards from the mode for n <= 30, the normal approximation above. */
struct hb_median_ci hb_median_ci_compute(int n, double confidence);

/* Median (a + 0.5*(b - a) for even n) and interval bounds of the ascending sample sorted[0..n),
 * n >= 1; an infinite side is -INFINITY / +INFINITY. */
void hb_median_summary(const double *sorted, size_t n, double confidence, double *center, double *lo, double *hi);

/* The smallest n in 2..50 whose interval at confidence is finite on both sides, or 0 when there is
 * none up to 50 (benchstat then says "> 50"). */
int hb_median_ci_min_samples(double confidence);

/* Puts in place, by selection rather than a full sort, the order statistics hb_median_summary
 * reads from xs[0..n) (n >= 1), for when the sample need not be sorted otherwise. */
void hb_median_select(double *xs, size_t n, double confidence);

#endif
