/* normal_dist.c — normal CDF and inverse CDF. The inverse is Peter Acklam's rational approximation
 * (relative error 1.15e-9) refined by one step of Halley's method, as benchstat computes it. */
#include "normal_dist.h"

#include <math.h>

double hb_normal_cdf(struct hb_normal d, double x)
{
    return erfc(-(x - d.mu) / (d.sigma * M_SQRT2)) / 2;
}

/* Acklam's coefficients: central region a/b, tails c/d. */
static const double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,  -2.759285104469687e+02,
                           1.383577518672690e+02,  -3.066479806614716e+01, 2.506628277459239e+00};
static const double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02, 6.680131188771972e+01,
                           -1.328068155288572e+01};
static const double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                           -2.549732539343734e+00, 4.374664141464968e+00,  2.938163982698783e+00};
static const double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00};

static double tail(double q)
{
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
           ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
}

double hb_normal_inv_cdf(struct hb_normal dist, double p)
{
    const double plow = 0.02425, phigh = 1 - plow;
    if (p < 0 || p > 1)
        return NAN;
    if (p == 0)
        return -INFINITY;
    if (p == 1)
        return INFINITY;
    double x;
    if (p < plow) {
        x = tail(sqrt(-2 * log(p)));
    } else if (phigh < p) {
        x = -tail(sqrt(-2 * log(1 - p)));
    } else {
        double q = p - 0.5, r = q * q;
        x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
            (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
    }
    double e = 0.5 * erfc(-x / M_SQRT2) - p;
    double u = e * sqrt(2 * M_PI) * exp(x * x / 2);
    x = x - u / (1 + x * u / 2);
    return x * dist.sigma + dist.mu;
}
