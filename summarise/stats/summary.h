/* summary.h — what one cell of a table says about its sample (median, interval, footnotes) and
 * what a later column says against its baseline (p-value, delta, footnotes), as benchstat's
 * "assume nothing" statistics define them (docs/statistics.md). */
#ifndef HB_SUMMARY_H
#define HB_SUMMARY_H

#include <stdbool.h>
#include <stddef.h>

struct hb_summary {
    double center, lo, hi; /* lo/hi are -inf/+inf when the sample is too small */
    char *warning;         /* "need >= N samples for confidence interval at level L", or NULL */
    char *noise_warning;   /* "noisy: coefficient of variation above P%" (-noisy), "uncertain: ..."
                            * (-uncertain), or NULL */
    bool exact;            /* hb_summarise_exact: a count, not a sample's median; no interval */
};

struct hb_comparison {
    double p;
    int n1, n2;
    double alpha;
    char *warning;     /* "all samples are equal", "need >= 4 samples to detect ...", or NULL */
    double q;          /* the p-value decided on and shown: p, or p adjusted for its family (-adjust) */
    char *adjust_note; /* "p adjusted ... (Holm)" under -adjust, or NULL */
    /* -detectable: for a change found not significant, the smallest change in percent that this
	 * comparison would have detected with 80% power (NaN: not worked out); detectable_none when no
	 * change at all could have been detected at these sample sizes. */
    double detectable;
    bool detectable_none;
    /* -sample paired: p (and n1 = n2, the pairs ranked) come from the Wilcoxon signed-rank test of
     * the pairs' log ratios; test_note is the footnote naming that test, set by the table builder. */
    bool paired;
    char *test_note;
    /* -sample paired: the Hodges-Lehmann estimate of the log ratio (hb_hodges_lehmann), NaN
     * without pairs or without pairing; hb_comparison_delta reports it as the change. */
    double log_shift;
    /* Counted inputs (hb_compare_exact): exact values, no test and no p (p and q are NaN). The
     * change is exact_delta, in percent; it is a change (significant) when |exact_delta| exceeds
     * threshold percent. not_repeatable: a side's values differ (its inputs counted differently),
     * so the row is reported and not compared (exact_delta NaN). */
    bool exact, not_repeatable;
    double exact_delta, threshold;
    /* The change's own estimate and interval, in percent (hb_tables_shift; docs/statistics.md "The
     * shift and its interval"): exp of the Hodges-Lehmann estimate of the log ratio, minus 1, and
     * the same of its distribution-free interval's bounds. NaN when not worked out (a value <= 0,
     * no pairs); shift_lo -inf and shift_hi +inf when the sizes cannot reach the confidence. Exact
     * comparisons: the exact change, with both bounds equal to it. */
    double shift, shift_lo, shift_hi;
};

/* Summarises the ascending sample sorted[0..n), n >= 1. Free with hb_summary_clear. */
void hb_summarise(const double *sorted, size_t n, double confidence, struct hb_summary *out);
void hb_summary_clear(struct hb_summary *s);
/* Sets s->noise_warning when pct > 0, n >= 2 and the sample's coefficient of variation (sample
 * standard deviation over |mean|) exceeds pct percent. values[0..n) in any order. */
void hb_summary_note_noise(const double *values, size_t n, double pct, struct hb_summary *s);
/* Sets s->noise_warning, when it is not set yet, pct > 0 and the interval is finite, to
 * "uncertain: interval beyond ±P% of the median" when the interval reaches further than pct
 * percent from the center on either side (the range cell's figure, before rounding). */
void hb_summary_note_uncertain(double pct, struct hb_summary *s);

/* Compares the ascending samples base[0..n1) and other[0..n2) (both non-empty). Free with
 * hb_comparison_clear. */
void hb_compare(const double *base, size_t n1, const double *other, size_t n2, double alpha, struct hb_comparison *out);
/* Compares by the Wilcoxon signed-rank test of the log ratios d[0..n) (ln(other/base) of each
 * pair, any order): p from that test, n1 = n2 = the non-zero differences it ranked. */
void hb_compare_paired(const double *d, size_t n, double alpha, struct hb_comparison *out);
void hb_comparison_clear(struct hb_comparison *c);

/* Summarises the exact values[0..n) (n >= 1, any order) of a counted input: center the median,
 * lo and hi the smallest and largest value; when they differ, warning says the counts are not
 * repeatable. Free with hb_summary_clear. */
void hb_summarise_exact(const double *values, size_t n, struct hb_summary *out);
/* Compares exact values: base[0..n1) and other[0..n2), any order, both non-empty. When every value
 * of each side is the same, the change is other/base - 1 in percent (0 when equal, NaN when base is
 * 0), a change when its magnitude exceeds threshold percent; otherwise the row is not repeatable.
 * Free with hb_comparison_clear. */
void hb_compare_exact(const double *base, size_t n1, const double *other, size_t n2, double threshold,
                      struct hb_comparison *out);

/* True when the change is statistically significant: q <= alpha (q is p unless adjusted); for
 * exact values, when it is repeatable and its magnitude exceeds the threshold. */
bool hb_comparison_significant(const struct hb_comparison *c);

/* The range cell: "∞" (an infinite side), "?" (a bound of another sign than the center), "0%"
 * (center 0) or the larger relative distance to a bound as "%.0f%%". */
void hb_format_range(const struct hb_summary *s, char *out, size_t size);
/* The change in percent that a comparison reports: under -sample paired (log_shift known) the
 * Hodges-Lehmann estimate of the pairs' ratio, exp(log_shift) - 1, whose sign always agrees with
 * the signed-rank test's; otherwise benchstat's ratio of the two medians (0 when they are equal,
 * NaN when the old one is 0). */
double hb_comparison_delta(const struct hb_comparison *c, double old_center, double new_center);
/* The delta cell: "~" when not significant, else "0.00%", "?" (old is 0) or "%+.2f%%", from
 * hb_comparison_delta. */
void hb_format_delta(const struct hb_comparison *c, double old_center, double new_center, char *out, size_t size);
/* "p=0.002 n=10", "p=0.002 n=5+20", or without the p part when p is exactly 0 (p being q); with a
 * detectable effect worked out, ", ≥1.8%" or ", none detectable" follows. */
void hb_format_comparison(const struct hb_comparison *c, char *out, size_t size);

/* The shift cell: "shift -3.1% [-4.0, -2.2]" (one decimal, two for an interval narrower than 1%
 * or within ±1%, three for one narrower than 0.1%), "shift -3.1% [too few samples]" when the
 * interval is infinite, or "" when there is no shift or the comparison is exact (its change is the
 * delta already). */
void hb_format_shift(const struct hb_comparison *c, char *out, size_t size);

/* Geometric mean of xs[0..n) by the incremental mean of logarithms; NaN when n is 0 or any value
 * is <= 0. */
double hb_geomean(const double *xs, size_t n);

#endif
