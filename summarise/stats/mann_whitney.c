/* mann_whitney.c — Mann-Whitney U test. Ranks are averaged over ties; the exact distribution without ties
 * follows Mann and Whitney's (1947) recurrence in floating point, as benchstat does, so that
 * borderline p-values compare with alpha the same way; with ties the exact distribution is counted
 * by dynamic programming over the tie groups. */
#include "mann_whitney.h"

#include <math.h>
#include <stdlib.h>

#include "normal_dist.h"
#include "xalloc.h"

enum { EXACT_LIMIT = 50, TIES_EXACT_LIMIT = 25 };

double hb_utest_cdf_no_ties(int n1, int n2, int u)
{
    if (u < 0)
        return 0;
    if (u >= n1 * n2)
        return 1;
    /* p_{n,m}(U) = (n p_{n-1,m}(U-m) + m p_{n,m-1}(U)) / (n+m), one row of n at a time, with
	 * p_{n,m} = p_{m,n} so that only n <= m is stored. */
    int small = n1 < n2 ? n1 : n2, large = n1 < n2 ? n2 : n1;
    double *memo = hb_xcalloc((size_t)(small + 1) * (size_t)(u + 1), sizeof *memo);
#define ROW(n) (memo + (size_t)(n) * (size_t)(u + 1))
    for (int m = 0; m <= large; m++) {
        ROW(0)[0] = 1;
        int nlim = small < m ? small : m;
        for (int n = 1; n <= nlim; n++) {
            const double *lp = ROW(n - 1);
            const double *rp = n <= m - 1 ? ROW(n) : ROW(m - 1);
            double *out = ROW(n);
            int ulim = n * m < u ? n * m : u;
            double nplusm = n + m;
            for (int v = ulim; v >= 0; v--) {
                double l = v - m >= 0 ? n * lp[v - m] : 0.0;
                double r = m * rp[v];
                out[v] = (l + r) / nplusm;
            }
        }
    }
    double p = 0;
    for (int v = 0; v <= u; v++)
        p += ROW(small)[v];
#undef ROW
    free(memo);
    return p;
}

double hb_utest_cdf_ties(int n1, const int *ties, size_t ngroups, int two_u)
{
    if (two_u < 0)
        return 0;
    /* ways[k][s]: assignments of k sample-1 values within the groups seen so far whose partial
	 * 2U is s. 2U only grows, so sums beyond two_u are dropped. */
    size_t width = (size_t)two_u + 1;
    double *ways = hb_xcalloc((size_t)(n1 + 1) * width, sizeof *ways);
    double *next = hb_xcalloc((size_t)(n1 + 1) * width, sizeof *next);
    ways[0] = 1;
    int before = 0, total = 0;
    for (size_t g = 0; g < ngroups; g++)
        total += ties[g];
    for (size_t g = 0; g < ngroups; g++) {
        int t = ties[g];
        int after = total - before - t;
        for (size_t i = 0; i < (size_t)(n1 + 1) * width; i++)
            next[i] = 0;
        for (int k = 0; k <= n1 && k <= before; k++) {
            double choose = 1; /* C(t, a), built up as a grows */
            for (int a = 0; a <= t && k + a <= n1; a++) {
                if (a > 0)
                    choose = choose * (t - a + 1) / a;
                if (n1 - (k + a) > after)
                    continue; /* the rest cannot hold the remaining sample-1 values */
                /* Each chosen value is above the (before - k) sample-2 values so far and ties
				 * with the (t - a) sample-2 values of its own group. */
                long add = (long)a * (2L * (before - k) + (t - a));
                for (size_t s = 0; s + (size_t)add < width; s++) {
                    double w = ways[(size_t)k * width + s];
                    if (w != 0)
                        next[(size_t)(k + a) * width + s + (size_t)add] += w * choose;
                }
            }
        }
        double *swap = ways;
        ways = next;
        next = swap;
        before += t;
    }
    double hits = 0, all = 1;
    for (size_t s = 0; s < width; s++)
        hits += ways[(size_t)n1 * width + s];
    for (int i = 1; i <= n1; i++)
        all = all * (total - n1 + i) / i;
    free(ways);
    free(next);
    return hits / all;
}

struct hb_utest hb_mann_whitney(const double *x1, size_t n1, const double *x2, size_t n2)
{
    struct hb_utest res = {1, 0, false};
    int *ties = hb_xmalloc((n1 + n2) * sizeof *ties);
    size_t ngroups = 0, i = 0, j = 0;
    double r1 = 0;
    bool has_ties = false;
    /* Walk the merged order one group of equal values at a time. */
    while (i < n1 || j < n2) {
        double v = j >= n2 || (i < n1 && x1[i] < x2[j]) ? x1[i] : x2[j];
        size_t start = i + j, in1 = 0;
        for (; i < n1 && x1[i] == v; i++)
            in1++;
        for (; j < n2 && x2[j] == v; j++)
            ;
        size_t end = i + j; /* ranks start+1 .. end */
        if (in1)
            r1 += (double)(start + 1 + end) / 2 * (double)in1;
        ties[ngroups++] = (int)(end - start);
        if (end - start > 1)
            has_ties = true;
    }
    double u1 = r1 - (double)(n1 * (n1 + 1)) / 2;
    double u2 = (double)(n1 * n2) - u1;
    res.u1 = u1;
    bool exact = has_ties ? n1 <= TIES_EXACT_LIMIT && n2 <= TIES_EXACT_LIMIT : n1 <= EXACT_LIMIT && n2 <= EXACT_LIMIT;
    if (exact) {
        if (ngroups == 1)
            res.all_equal = true;
        else if (u1 == u2)
            res.p = 1; /* symmetric about u1: the whole distribution */
        else if (has_ties)
            res.p = hb_utest_cdf_ties((int)n1, ties, ngroups, (int)(2 * fmin(u1, u2))) * 2;
        else
            res.p = hb_utest_cdf_no_ties((int)n1, (int)n2, (int)fmin(u1, u2)) * 2;
    } else {
        double t = 0;
        for (size_t g = 0; g < ngroups; g++)
            t += (double)ties[g] * ties[g] * ties[g] - ties[g];
        double n = (double)(n1 + n2);
        double mu = (double)(n1 * n2) / 2;
        double sigma = sqrt((double)(n1 * n2) * ((n + 1) - t / (n * (n - 1))) / 12);
        if (sigma == 0) {
            res.all_equal = true;
        } else {
            double numer = u1 - mu;
            if (numer > 0) /* continuity correction */
                numer -= 0.5;
            else if (numer < 0)
                numer += 0.5;
            struct hb_normal standard = {0, 1};
            double z = numer / sigma;
            res.p = 2 * fmin(hb_normal_cdf(standard, z), 1 - hb_normal_cdf(standard, z));
        }
    }
    free(ties);
    if (res.all_equal)
        res.p = 1;
    return res;
}
