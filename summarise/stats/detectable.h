/* detectable.h — the detectable effect of a comparison found not significant: the smallest change
 * that the U test (or, for paired inputs, the signed-rank test), at the level the decision used,
 * would have detected with 80% power given the samples' spread and sizes, estimated by resampling
 * (docs in README "Did my change make it faster?" and docs/statistics.md). */
#ifndef HB_DETECTABLE_H
#define HB_DETECTABLE_H

#include <stddef.h>
#include <stdint.h>

#include "summary.h"

/* Sets c->detectable (percent of the base median) or c->detectable_none from the ascending samples
 * base[0..n1) and other[0..n2), for a two-sided test that rejects at p <= level. Leaves both
 * unset when the base median is 0 (no relative change exists). Deterministic: a fixed seed. */
void hb_detectable_effect(const double *base, size_t n1, const double *other, size_t n2, double level,
                          struct hb_comparison *c);

/* The largest U (the smaller of U1 and U2) that the test rejects at level for samples of sizes n1
 * and n2 without ties, or a negative value when no U can be rejected. Exported for the tests. */
double hb_utest_critical_u(size_t n1, size_t n2, double level);

/* The same for -sample paired: the smallest change that the signed-rank test at level would detect
 * with 80% power, from the log ratios d[0..n) of the pairs (any order); detectable_none when no
 * T can be rejected with n pairs. Model: d = median(d) + e, the residuals e resampled n at a time
 * with replacement, a change δ adding ln(1 + δ) to each. Deterministic: a fixed seed. */
void hb_detectable_effect_paired(const double *d, size_t n, double level, struct hb_comparison *c);

/* What both estimates share: how many resamples for n values in all, the seed of their draws, and
 * the search for the smallest δ at which power(arg, δ), non-decreasing in δ, reaches 80%
 * (doubling from 0.01%, then bisection). */
size_t hb_resample_count(size_t n);
#define HB_DETECTABLE_SEED UINT64_C(0x6861736862656e63) /* fixed: the same figure every time */
double hb_smallest_powered(double (*power)(const void *arg, double delta), const void *arg);

#endif
