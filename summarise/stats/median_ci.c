/* median_ci.c — order statistics for the median's confidence interval. With B ~ Binomial(n, 1/2),
 * the interval [X(l), X(r)] covers the population median with probability P(l <= B < r). */
#include "median_ci.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "log_gamma.h"
#include "normal_dist.h"
#include "sort_doubles.h"

/* The approximation threshold of benchstat's statistics code. */
enum { EXACT_LIMIT = 30 };

/* n choose k the way benchstat's floating-point code gets it: exact factorials up to 20, then the
 * exponential of log-gamma differences, unrounded. Its last-bit errors make mirror-image terms
 * differ, which is what moves a few intervals (n = 24 at 0.95 gives (8, 18), not (7, 17)). The
 * log-gammas are fdlibm's, as Go's math.Lgamma computes them (log_gamma.c), the same bits on every
 * machine: the C library's lgamma differs by architecture (glibc's on AArch64 gave (9, 18) for
 * n = 25 at 0.9, benchstat (8, 17)). Mirror terms go through the same exp, which keeps their order
 * (distinct arguments, all above 3, are at least 2 ulps apart after it), so the C library's exp serves.
 * The unit test compares every order with benchstat's for n = 1..200 at 0.9, 0.95, 0.99. */
static double choose(int n, int k)
{
    if (k == 0 || k == n)
        return 1;
    if (k < 0 || n < k)
        return 0;
    if (n <= 20) {
        uint64_t fact[21] = {1};
        for (int i = 1; i <= 20; i++)
            fact[i] = fact[i - 1] * (uint64_t)i;
        return (double)(fact[n] / (fact[n - k] * fact[k]));
    }
    return exp(hb_log_gamma_integer(n + 1) - hb_log_gamma_integer(k + 1) - hb_log_gamma_integer(n - k + 1));
}

static double binomial_half_pmf(int n, int k)
{
    if (k < 0 || k > n)
        return 0;
    return choose(n, k) * pow(0.5, k) * pow(0.5, n - k);
}

struct hb_median_ci hb_median_ci_compute(int n, double confidence)
{
    int l, r;
    if (confidence >= 1)
        return (struct hb_median_ci){0, n + 1};
    if (n <= EXACT_LIMIT) {
        /* Start at the (lower) mode and take the heavier neighbour until the mass reaches the
		 * confidence; equal neighbours go left. */
        int x = (int)ceil((n + 1) * 0.5) - 1;
        double accum = binomial_half_pmf(n, x);
        l = x;
        r = x + 1;
        double lp = binomial_half_pmf(n, l - 1), rp = binomial_half_pmf(n, r);
        while (accum < confidence && (lp > 0 || rp > 0)) {
            if (lp >= rp) {
                accum += lp;
                l--;
                lp = binomial_half_pmf(n, l - 1);
            } else {
                accum += rp;
                r++;
                rp = binomial_half_pmf(n, r);
            }
        }
    } else {
        /* Normal approximation with continuity correction: round [l1, r1] out to k +- 0.5 bands,
		 * then try the left-biased interval one order narrower. */
        struct hb_normal norm = {n * 0.5, sqrt(n * 0.25)};
        double l1 = hb_normal_inv_cdf(norm, (1 - confidence) / 2);
        double r1 = 2 * norm.mu - l1;
        l = (int)floor(floor(l1 - 0.5) + 0.5) + 1;
        r = (int)floor(ceil(r1 - 0.5) + 0.5) + 1;
        double achieved = hb_normal_cdf(norm, r - 0.5) - hb_normal_cdf(norm, l - 0.5);
        double biased = hb_normal_cdf(norm, r - 1 - 0.5) - hb_normal_cdf(norm, l - 0.5);
        if (biased >= confidence && biased < achieved)
            r--;
    }
    if (l < 0)
        l = 0;
    if (r > n + 1)
        r = n + 1;
    return (struct hb_median_ci){l, r};
}

/* Every cell of a table asks for the orders of its n at the same confidence. */
enum { CACHED_N = 200 };
static struct {
    double confidence;
    bool known[CACHED_N + 1];
    struct hb_median_ci ci[CACHED_N + 1];
} cache;

struct hb_median_ci hb_median_ci_orders_for(int n, double confidence)
{
    if (n > CACHED_N)
        return hb_median_ci_compute(n, confidence);
    if (cache.confidence != confidence) {
        memset(&cache, 0, sizeof cache);
        cache.confidence = confidence;
    }
    if (!cache.known[n]) {
        cache.ci[n] = hb_median_ci_compute(n, confidence);
        cache.known[n] = true;
    }
    return cache.ci[n];
}

void hb_median_summary(const double *sorted, size_t n, double confidence, double *center, double *lo, double *hi)
{
    if (n % 2)
        *center = sorted[n / 2];
    else {
        double a = sorted[n / 2 - 1], b = sorted[n / 2];
        *center = a + 0.5 * (b - a);
    }
    struct hb_median_ci ci = hb_median_ci_orders_for((int)n, confidence);
    *lo = ci.lo_order < 1 ? -INFINITY : sorted[ci.lo_order - 1];
    *hi = ci.hi_order > (int)n ? INFINITY : sorted[ci.hi_order - 1];
}

int hb_median_ci_min_samples(double confidence)
{
    for (int n = 2; n <= 50; n++) {
        struct hb_median_ci ci = hb_median_ci_orders_for(n, confidence);
        if (ci.lo_order > 0 && ci.hi_order <= n)
            return n;
    }
    return 0;
}

void hb_median_select(double *xs, size_t n, double confidence)
{
    struct hb_median_ci ci = hb_median_ci_orders_for((int)n, confidence);
    size_t ks[4], nk = 0;
    ks[nk++] = n / 2;
    if (n % 2 == 0)
        ks[nk++] = n / 2 - 1;
    if (ci.lo_order >= 1)
        ks[nk++] = (size_t)ci.lo_order - 1;
    if (ci.hi_order <= (int)n)
        ks[nk++] = (size_t)ci.hi_order - 1;
    hb_select_doubles(xs, n, ks, nk);
}
