/* mann_whitney.h — the two-sided Mann-Whitney U test as benchstat applies it (docs/statistics.md, "Comparing
 * columns"): exact null distribution for small samples, normal approximation otherwise. */
#ifndef HB_MANN_WHITNEY_H
#define HB_MANN_WHITNEY_H

#include <stdbool.h>
#include <stddef.h>

struct hb_utest {
    double p;       /* two-sided p-value */
    double u1;      /* U statistic of the first sample (ties count one half) */
    bool all_equal; /* every value of both samples is the same: no test possible, p = 1 */
};

/* Tests whether x1[0..n1) and x2[0..n2), each sorted ascending and non-empty, come from the same
 * distribution. Exact when (no ties and n1, n2 <= 50) or (ties and n1, n2 <= 25). */
struct hb_utest hb_mann_whitney(const double *x1, size_t n1, const double *x2, size_t n2);

/* P(U <= u) under the null hypothesis without ties, by Mann and Whitney's recurrence. */
double hb_utest_cdf_no_ties(int n1, int n2, int u);

/* P(2U <= two_u) under the null hypothesis for the tie-group sizes ties[0..ngroups) in ascending
 * value order (summing to n1 + n2), counting the assignments of sample 1 exactly. */
double hb_utest_cdf_ties(int n1, const int *ties, size_t ngroups, int two_u);

#endif
