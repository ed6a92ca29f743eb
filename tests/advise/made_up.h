/* made_up.h — figures written by hand for the advisor's unit tests, as the readers leave them:
 * per process a median (MADE_UP_PROCESSES processes), summarised over the processes. The pattern
 * across processes is the same for every entry, so two entries of different medians differ alike
 * in every process (the rank set separates them at any confidence) and two of the same median and
 * spread are identical (it never does). Tests that need real noise draw their own. */
#ifndef MADE_UP_H
#define MADE_UP_H

#include <math.h>

#include "machine.h"

#define MADE_UP_PROCESSES 8
#define NS                1e-9

/* The arrays every made-up interval borrows; made_up_teardown frees them after a group. */
static struct hb_advice_pool made_up_pool;

/* process values[0..n) (seconds; NAN: not timed) as a measure */
static inline struct hb_advice_interval made_up_values(const double *values, size_t n)
{
    struct hb_advice_interval x = {.process = hb_advice_pool_nans(&made_up_pool, n), .nprocesses = n};
    for (size_t p = 0; p < n; p++)
        x.process[p] = values[p];
    hb_advice_interval_summarise(&x);
    return x;
}

/* median m ns, process p at m * (1 + half * pattern[p]) */
static inline struct hb_advice_interval made_up_ns(double m, double half)
{
    static const double pattern[MADE_UP_PROCESSES] = {0, -1, 1, -0.5, 0.5, -0.25, 0.25, 0};
    double v[MADE_UP_PROCESSES];
    for (size_t p = 0; p < MADE_UP_PROCESSES; p++)
        v[p] = m * NS * (1 + half * pattern[p]);
    return made_up_values(v, MADE_UP_PROCESSES);
}

/* median m ns, processes within 2% of it */
static inline struct hb_advice_interval near(double m)
{
    return made_up_ns(m, 0.02);
}

static inline int made_up_teardown(void **state)
{
    (void)state;
    hb_advice_pool_free(&made_up_pool);
    return 0;
}

#endif
