/* signed_rank.h — the two-sided Wilcoxon signed-rank test of paired differences (not in
 * benchstat; -sample paired, docs/statistics.md "Paired inputs"): exact null distribution for
 * small samples without ties, normal approximation otherwise. */
#ifndef HB_SIGNED_RANK_H
#define HB_SIGNED_RANK_H

#include <stdbool.h>
#include <stddef.h>

struct hb_signed_rank {
    double p;               /* two-sided p-value */
    double t_plus, t_minus; /* rank sums of the positive and the negative differences (mid-ranks) */
    size_t n;               /* the non-zero differences, the ones ranked */
    bool all_zero;          /* no non-zero difference: no test possible, p = 1 */
};

/* Tests whether the differences d[0..n), in any order, are symmetric about zero. Zeros are dropped
 * (Wilcoxon's convention) and tied |d| get their average rank. Exact when no |d| ties and at most
 * 50 non-zero differences remain. */
struct hb_signed_rank hb_signed_rank(const double *d, size_t n);

/* P(T <= t) under the null hypothesis for n differences without ties (T either rank sum), by
 * counting the subsets of the ranks 1..n with each sum. n <= 60. */
double hb_signed_rank_cdf(int n, int t);

/* The rank sums of d[0..n) (any order): zeros dropped, tied |d| given their mid-rank; *ties gets
 * the sum of t^3 - t over the groups of t tied |d| (0 without ties). Returns how many non-zero
 * differences were ranked. */
size_t hb_signed_rank_sums(const double *d, size_t n, double *t_plus, double *t_minus, double *ties);

/* The largest T (the smaller rank sum) that the test rejects at level for n non-zero differences
 * without ties, or a negative value when no T can be rejected: from the exact distribution up to
 * 50, else from the normal approximation with continuity correction. */
double hb_signed_rank_critical(size_t n, double level);

/* The Hodges-Lehmann estimate of the shift that goes with the test: the median of the n(n+1)/2
 * Walsh averages (d[i] + d[j]) / 2, i <= j, of d[0..n) (any order; zeros kept). Its sign is the
 * side the positive rank sum leans to: it is positive exactly when more than half of the Walsh
 * averages are. Beyond HB_HL_MAX_PAIRS differences, the plain median of d (the Walsh averages would
 * not fit in memory). NaN when n is 0. */
enum { HB_HL_MAX_PAIRS = 4000 };
double hb_hodges_lehmann(const double *d, size_t n);

/* The smallest n at which the most extreme T (0) has an exact two-sided p (2 / 2^n) <= alpha. */
int hb_signed_rank_min_pairs(double alpha);

#endif
