/* normal_dist.h — the normal distribution functions benchstat's statistics use, with the same
 * formulas (erfc for the CDF, Acklam's inverse with one Halley refinement step). */
#ifndef HB_NORMAL_DIST_H
#define HB_NORMAL_DIST_H

struct hb_normal {
    double mu, sigma;
};

/* P(X <= x) for X ~ N(mu, sigma^2). */
double hb_normal_cdf(struct hb_normal d, double x);
/* The x with P(X <= x) = p; -inf at p = 0, +inf at p = 1, NaN outside [0, 1]. */
double hb_normal_inv_cdf(struct hb_normal d, double p);

#endif
