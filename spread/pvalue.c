/*
 * pvalue.c — the tail probabilities behind every verdict, computed in log space: a constant hash
 * gives p-values like 2^-10^13, which no double holds but whose logarithm is an ordinary number.
 *
 * Chi-square and Poisson tails are both regularized incomplete gamma functions (Q(df/2, x/2)
 * and P(k, lambda)), evaluated by the power series below a+1 and by the continued fraction above
 * it (modified Lentz), each where it converges fast and the other tail is not tiny.
 */
#include "spread.h"

#include <math.h>

#define MAX_TERMS 10000000
#define EPSILON   1e-16
#define TINY      1e-300

static double ln_gamma(double a)
{
    int sign;
    return lgamma_r(a, &sign);
}

/* ln P(a, x) and ln Q(a, x). */
static void ln_gamma_pq(double a, double x, double *ln_p, double *ln_q)
{
    if (x <= 0) {
        *ln_p = -INFINITY;
        *ln_q = 0;
        return;
    }
    /* x^a e^-x / Gamma(a), the factor both expansions share */
    double ln_front = a * log(x) - x - ln_gamma(a);
    if (x < a + 1) {
        /* P = front * sum_{n>=0} x^n / (a (a+1) ... (a+n)) */
        double term = 1 / a, sum = term;
        for (long n = 1; n < MAX_TERMS; n++) {
            term *= x / (a + n);
            sum += term;
            if (term < sum * EPSILON)
                break;
        }
        *ln_p = ln_front + log(sum);
        *ln_q = log1p(-exp(*ln_p));
    } else {
        /* Q = front * 1/(x+1-a- 1(1-a)/(x+3-a- 2(2-a)/(x+5-a- ...))) */
        double b = x + 1 - a, c = 1 / TINY, d = 1 / b, h = d;
        for (long i = 1; i < MAX_TERMS; i++) {
            double an = -i * (i - a);
            b += 2;
            d = an * d + b;
            if (fabs(d) < TINY)
                d = TINY;
            c = b + an / c;
            if (fabs(c) < TINY)
                c = TINY;
            d = 1 / d;
            double delta = d * c;
            h *= delta;
            if (fabs(delta - 1) < EPSILON)
                break;
        }
        *ln_q = ln_front + log(h);
        *ln_p = log1p(-exp(*ln_q));
    }
}

double hb_log2_gamma_p(double a, double x)
{
    double ln_p, ln_q;
    ln_gamma_pq(a, x, &ln_p, &ln_q);
    return ln_p / M_LN2;
}

double hb_log2_gamma_q(double a, double x)
{
    double ln_p, ln_q;
    ln_gamma_pq(a, x, &ln_p, &ln_q);
    return ln_q / M_LN2;
}

double hb_log2_chi2_upper(double x, double df)
{
    return hb_log2_gamma_q(df / 2, x / 2);
}

double hb_log2_bucket_chi2_upper(double chi2, size_t buckets, size_t keys)
{
    /* Pearson's statistic for n keys in B equally likely buckets has mean B-1, variance
     * 2(B-1)(1-1/n), and (summing the third cumulant of (o-e)(o-e-1)/e over Poisson(e) loads,
     * e = n/B) third cumulant B(8 + 4/e). At e = 64 that is the chi-square's own skewness; at
     * e well below 1 it is several times larger, and the plain chi-square tail would call a
     * random function's bucket with three keys in it a failure. So fit shift + scale * chi2(nu)
     * to those three moments and take its tail. */
    double b = (double)buckets, n = (double)keys, e = n / b;
    if (keys < 2 || buckets < 2)
        return 0;
    double mean = b - 1, var = 2 * (b - 1) * (1 - 1 / n), k3 = b * (8 + 4 / e);
    double skew = k3 / pow(var, 1.5);
    double nu = 8 / (skew * skew), scale = sqrt(var / (2 * nu)), shift = mean - scale * nu;
    double y = (chi2 - shift) / scale;
    return y <= 0 ? 0 : hb_log2_chi2_upper(y, nu);
}

double hb_log2_poisson_at_least(uint64_t k, double lambda)
{
    if (k == 0)
        return 0;
    if (lambda <= 0)
        return -INFINITY;
    /* P(X >= k) = P(k, lambda): the k-th arrival of a unit-rate process comes before lambda */
    return hb_log2_gamma_p((double)k, lambda);
}

static double ln_choose(uint64_t n, uint64_t k)
{
    return ln_gamma((double)n + 1) - ln_gamma((double)k + 1) - ln_gamma((double)(n - k) + 1);
}

double hb_log2_coin_two_sided(uint64_t heads, uint64_t n)
{
    uint64_t k = heads > n - heads ? heads : n - heads; /* the upper tail's edge */
    if (2 * k <= n + 1)
        return 0; /* within half a toss of n/2: nothing to see */
    /* P(X >= k) = C(n,k)/2^n * sum_j t_j/t_k, with t_{j+1}/t_j = (n-j)/(j+1), terms falling */
    double ratio = 1, sum = 1;
    for (uint64_t j = k; j < n; j++) {
        ratio *= (double)(n - j) / (double)(j + 1);
        sum += ratio;
        if (ratio < sum * EPSILON)
            break;
    }
    double ln_tail = ln_choose(n, k) - (double)n * M_LN2 + log(sum);
    double log2_two_sided = 1 + ln_tail / M_LN2;
    return log2_two_sided < 0 ? log2_two_sided : 0;
}

double hb_log2_scale(double log2_p, double m)
{
    if (m <= 1 || log2_p >= 0)
        return log2_p < 0 ? log2_p : 0;
    if (log2_p < -40) /* 1-(1-p)^m = m p (1 - (m-1)p/2 + ...), the correction below 2^-40 * m */
        return log2_p + log2(m);
    double p = exp2(log2_p);
    return log2(-expm1(m * log1p(-p)));
}

long hb_caret(double log2_p)
{
    if (!(log2_p < 0))
        return 0;
    double n = floor(-log2_p);
    return n > 1e15 ? (long)1e15 : (long)n;
}
