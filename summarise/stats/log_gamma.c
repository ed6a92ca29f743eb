/* log_gamma.c — fdlibm's log and its lgamma at the integers, operation for operation as Go's
 * math.Log and math.Lgamma write them. This file is compiled with -ffp-contract=off
 * (summarise/stats/CMakeLists.txt): a fused multiply-add would round differently. */
#include "log_gamma.h"

#include <math.h>

double hb_fdlibm_log(double x)
{
    const double ln2_hi = 6.93147180369123816490e-01; /* 3fe62e42 fee00000 */
    const double ln2_lo = 1.90821492927058770002e-10; /* 3dea39ef 35793c76 */
    const double l1 = 6.666666666666735130e-01;       /* 3FE55555 55555593 */
    const double l2 = 3.999999999940941908e-01;       /* 3FD99999 9997FA04 */
    const double l3 = 2.857142874366239149e-01;       /* 3FD24924 94229359 */
    const double l4 = 2.222219843214978396e-01;       /* 3FCC71C5 1D8E78AF */
    const double l5 = 1.818357216161805012e-01;       /* 3FC74664 96CB03DE */
    const double l6 = 1.531383769920937332e-01;       /* 3FC39A09 D078C69F */
    const double l7 = 1.479819860511658591e-01;       /* 3FC2F112 DF3E5244 */
    /* reduce: x = 2^k (1 + f), sqrt(2)/2 <= 1 + f < sqrt(2) */
    int ki;
    double f1 = frexp(x, &ki);
    if (f1 < 0x1.6a09e667f3bcdp-1) { /* sqrt(2)/2 rounded, as Go's Sqrt2/2 */
        f1 *= 2;
        ki--;
    }
    double f = f1 - 1;
    double k = (double)ki;
    double s = f / (2 + f);
    double s2 = s * s;
    double s4 = s2 * s2;
    double t1 = s2 * (l1 + s4 * (l3 + s4 * (l5 + s4 * l7)));
    double t2 = s4 * (l2 + s4 * (l4 + s4 * l6));
    double r = t1 + t2;
    double hfsq = 0.5 * f * f;
    return k * ln2_hi - ((hfsq - (s * (hfsq + r) + k * ln2_lo)) - f);
}

double hb_log_gamma_integer(int x)
{
    /* Stirling's series beyond 8 (fdlibm's w0..w6) */
    static const double w[] = {
        4.18938533204672725052e-01,  /* 0x3FDACFE390C97D69 */
        8.33333333333329678849e-02,  /* 0x3FB555555555553B */
        -2.77777777728775536470e-03, /* 0xBF66C16C16B02E5C */
        7.93650558643019558500e-04,  /* 0x3F4A019F98CF38B6 */
        -5.95187557450339963135e-04, /* 0xBF4380CB8C0FE741 */
        8.36339918996282139126e-04,  /* 0x3F4B67BA4CDAD5D1 */
        -1.63092934096575273989e-03, /* 0xBF5AB89D0B9E43E4 */
    };
    if (x <= 2)
        return 0;
    if (x < 8) {
        /* lgamma(x) = log((x-1)!) with the fraction y = 0: fdlibm's rational term is 0.5*0 + 0/1 */
        double z = 1;
        for (int i = x - 1; i >= 2; i--)
            z *= (double)i;
        return 0.0 + hb_fdlibm_log(z);
    }
    double xd = (double)x;
    double t = hb_fdlibm_log(xd);
    double z = 1 / xd;
    double y = z * z;
    double sum = w[0] + z * (w[1] + y * (w[2] + y * (w[3] + y * (w[4] + y * (w[5] + y * w[6])))));
    return (xd - 0.5) * (t - 1) + sum;
}
