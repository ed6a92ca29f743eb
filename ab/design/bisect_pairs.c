/* bisect_pairs.c — a bisection step's sample size from the test itself: p comes from
 * hb_signed_rank on the pattern, and significance from hb_p_adjust over the step's rows, so the
 * number is what the step's comparison would decide rather than a restated formula. */
#include "bisect_pairs.h"

#include <stdlib.h>

#include "signed_rank.h"
#include "xalloc.h"

double hb_bisect_one_odd_round_p(size_t n)
{
    double *d = hb_xmalloc(n * sizeof *d);
    for (size_t i = 0; i < n; i++)
        d[i] = (double)(i + 1); /* distinct magnitudes: rank i + 1 */
    d[2] = -3;
    double p = hb_signed_rank(d, n).p;
    free(d);
    return p;
}

size_t hb_bisect_pairs(double alpha, size_t m, enum hb_adjust method)
{
    double *p = hb_xmalloc(m * sizeof *p), *q = hb_xmalloc(m * sizeof *q);
    size_t found = 0;
    for (size_t n = HB_BISECT_MIN_PAIRS; n <= HB_BISECT_MAX_PAIRS && !found; n += 2) {
        p[0] = hb_bisect_one_odd_round_p(n);
        for (size_t i = 1; i < m; i++)
            p[i] = 1;
        hb_p_adjust(method, p, m, q);
        if (q[0] <= alpha)
            found = n;
    }
    free(p);
    free(q);
    return found;
}
