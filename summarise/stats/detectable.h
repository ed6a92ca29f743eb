/* detectable.h — the detectable effect of a comparison found not significant: the smallest change
 * that the U test, at the level the decision used, would have detected with 80% power given the
 * two samples' spread and sizes, estimated by resampling (docs in README "Did my change make it
 * faster?"). */
#ifndef HB_DETECTABLE_H
#define HB_DETECTABLE_H

#include <stddef.h>

#include "summary.h"

/* Sets c->detectable (percent of the base median) or c->detectable_none from the ascending samples
 * base[0..n1) and other[0..n2), for a two-sided test that rejects at p <= level. Leaves both
 * unset when the base median is 0 (no relative change exists). Deterministic: a fixed seed. */
void hb_detectable_effect(const double *base, size_t n1, const double *other, size_t n2, double level,
                          struct hb_comparison *c);

/* The largest U (the smaller of U1 and U2) that the test rejects at level for samples of sizes n1
 * and n2 without ties, or a negative value when no U can be rejected. Exported for the tests. */
double hb_utest_critical_u(size_t n1, size_t n2, double level);

#endif
