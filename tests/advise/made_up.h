/* made_up.h — figures written by hand for the advisor's unit tests, as the readers leave them:
 * per process a median (MADE_UP_PROCESSES processes), summarised over the processes. The pattern
 * across processes is the same for every entry, so two entries of different medians differ alike
 * in every process (the rank set separates them at any confidence) and two of the same median and
 * spread are identical (it never does). Tests that need real noise draw their own. */
#ifndef MADE_UP_H
#define MADE_UP_H

#include <math.h>
#include <string.h>

#include "hb_alloc.h"
#include "advice_machine.h"
#include "advice_tables.h"

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

/* An empty machine of 100,000 keys from a file, 5 repetitions, with latency rows, and hashtable rows
 * when tables, before its entries are added. */
static inline void made_up_table_machine(struct hb_advice_machine *m, bool tables)
{
    memset(m, 0, sizeof *m);
    m->dir = hb_xstrdup("m");
    m->rows = hb_xstrdup("keys");
    m->has_latency = true;
    m->has_tables = tables;
    m->repetitions = 5;
    m->keys = (struct hb_advice_keys){.from_file = true, .in_file = 100000, .used = 100000};
    m->spread.buckets = 131072;
}

/* Appends to m the entry name/c with its tables t (m's from then on), time per key and chain
 * latency near latency / 2 and latency ns, and a spread that passes every test, with a battery
 * that finds it linear or not and no view failing yet. Returns the battery, for the caller's views. */
static inline struct hb_spread_battery *made_up_table_entry(struct hb_advice_machine *m, const char *name,
                                                            struct hb_advice_tables *t, double latency, bool linear)
{
    m->timings = hb_xrealloc(m->timings, (m->ntimings + 1) * sizeof *m->timings);
    m->timings[m->ntimings++] = (struct hb_advice_timing){
        hb_xstrdup(name), hb_xstrdup("c"), near(latency / 2), near(latency), {0}, t, {0}, {0}};
    m->spread.algorithms =
        hb_xrealloc(m->spread.algorithms, (m->spread.nalgorithms + 1) * sizeof *m->spread.algorithms);
    struct hb_spread_algorithm *s = &m->spread.algorithms[m->spread.nalgorithms++];
    *s = (struct hb_spread_algorithm){.name = hb_xstrdup(name), .impl = hb_xstrdup("c"), .out_bits = 64};
    for (int k = 0; k < HB_TESTS; k++)
        s->verdict[k] = HB_VERDICT_PASS;
    s->battery = hb_xcalloc(1, sizeof *s->battery);
    *s->battery = (struct hb_spread_battery){
        .present = true, .linear = linear, .fail = linear, .triples = 4096, .zero = linear ? 4096 : 0};
    return s->battery;
}

static inline int made_up_teardown(void **state)
{
    (void)state;
    hb_advice_pool_free(&made_up_pool);
    return 0;
}

#endif
