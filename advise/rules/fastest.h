/* fastest.h — the rank confidence set (summarise/ranks) on the advisor's per-process values: which
 * entries could be the fastest, and each one's rank interval, simultaneously over all of them. */
#ifndef HB_ADVICE_FASTEST_H
#define HB_ADVICE_FASTEST_H

#include <stdbool.h>
#include <stddef.h>

/* x holds n rows of nprocesses values (seconds per key, lower is better; NAN where the process did
 * not time the entry); the processes are the unit of resampling, and one process's values are
 * paired. Fills, per row, its simultaneous rank interval [rank_lo, rank_hi] (1 is the fastest),
 * whether it is in the fastest set at confidence, and the processes that timed it. Deterministic:
 * the bootstrap's seed is fixed. */
void hb_advice_fastest_set(const double *x, size_t n, size_t nprocesses, double confidence, size_t *rank_lo,
                           size_t *rank_hi, size_t *processes, bool *fastest);

#endif
