/* ediv_null.h — the permutation test of a window's best split, as Matteson and James test it: the
 * best split's statistic against the best splits of random permutations of the same window. The
 * ranks of a window without ties are a permutation of 2, 4, ..., 2n, so its permutation
 * distribution depends on n alone: the statistics of the permutations are drawn once per length
 * from a fixed seed and shared by every window of that length, in every series. That is what
 * lets a history of hundreds of series afford the thousands of permutations that a per-series
 * level of alpha/m needs (docs/history.md). A window with ties draws permutations of its own.
 * Each permutation has a seed of its own (the length and its number), so they can be drawn on
 * several threads and the p-values do not depend on how many. */
#ifndef HB_EDIV_NULL_H
#define HB_EDIV_NULL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The default early stop of a test: once this many permutations have a statistic at least the
 * observed one, the p-value is clearly above any level that matters (Besag and Clifford, 1991). */
enum { HB_EDIV_STOP_AFTER = 10 };

/* The seed of every permutation stream (mixed with the window's length); it must not change, so
 * that a history gives the same p-values every time and everywhere. */
#define HB_EDIV_SEED UINT64_C(0x6864697374727921)

struct hb_ediv_nulls;

/* The most threads that draw permutations at once. */
enum { HB_EDIV_MAX_THREADS = 8 };

/* Permutation statistics for best splits leaving at least min_segment (>= 2) values a side, drawn
 * on up to `threads` threads (at most HB_EDIV_MAX_THREADS; 1: on the caller's alone). */
struct hb_ediv_nulls *hb_ediv_nulls_new(size_t min_segment, unsigned threads);
void hb_ediv_nulls_free(struct hb_ediv_nulls *nulls);

/* The p-value of a best split with statistic q (hb_ediv_best_split's) of the window whose ranks
 * are ranks2[0..n) (tied: as hb_ediv_ranks returned), from at most `permutations` random
 * permutations of the window: (1 + the number whose best split is at least q) / (permutations +
 * 1), or, as soon as stop_after (> 0) of them have been, that count over the permutations drawn
 * (Besag and Clifford's sequential p-value, valid as it is). n >= 2 * min_segment. */
double hb_ediv_p_value(struct hb_ediv_nulls *nulls, const uint32_t *ranks2, size_t n, bool tied, double q,
                       size_t permutations, size_t stop_after);

/* The permutations drawn so far, over all lengths (for the benchmark's report). */
uint64_t hb_ediv_nulls_drawn(const struct hb_ediv_nulls *nulls);

#endif
