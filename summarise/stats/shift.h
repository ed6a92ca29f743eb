/* shift.h — the change's own estimate and confidence interval (not in benchstat): the
 * Hodges-Lehmann estimate of the shift between two samples with the distribution-free interval
 * that inverts the test comparing them (docs/statistics.md, "The shift and its interval").
 * Unpaired: the differences y_j - x_i of every pair of values, with the Mann-Whitney U test's
 * null distribution; paired: the Walsh averages (d_i + d_j) / 2, i <= j, of the pairs'
 * differences, with the Wilcoxon signed-rank test's. */
#ifndef HB_SHIFT_H
#define HB_SHIFT_H

#include <stddef.h>
#include <stdint.h>

struct hb_shift {
    double estimate; /* the median of the differences (or Walsh averages); NaN without any */
    double lo, hi;   /* the interval: -inf and +inf when these sizes cannot reach the confidence */
};

/* The k-th smallest (k from 1) of the n1 * n2 differences y[j] - x[i]; x and y ascending. */
double hb_pairwise_kth(const double *x, size_t n1, const double *y, size_t n2, uint64_t k);
/* The k-th smallest (k from 1) of the n (n + 1) / 2 Walsh averages (d[i] + d[j]) / 2, i <= j; d
 * ascending. */
double hb_walsh_kth(const double *d, size_t n, uint64_t k);

/* The rank k of the interval's lower bound among the sorted differences (the upper bound is the
 * k-th from the top): the largest k with P(U <= k - 1) <= (1 - confidence) / 2 under the null
 * hypothesis, so that the interval covers with probability at least confidence; 0 when no such k
 * exists. U's null distribution is exact up to 50 values a side, else its normal approximation. */
uint64_t hb_shift_rank_unpaired(size_t n1, size_t n2, double confidence);
/* The same for n paired differences, from the signed-rank statistic T's null distribution (exact
 * up to 50 differences). */
uint64_t hb_shift_rank_paired(size_t n, double confidence);

/* Unpaired: x[0..n1) and y[0..n2) ascending, both non-empty. */
struct hb_shift hb_shift_unpaired(const double *x, size_t n1, const double *y, size_t n2, double confidence);
/* Paired: the differences d[0..n), any order (zeros kept); NaN estimate when n is 0. */
struct hb_shift hb_shift_paired(const double *d, size_t n, double confidence);

#endif
