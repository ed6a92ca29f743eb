/* history.h — a history of runs as hbstat -history analyses it: the runs in the order chosen, each
 * with its context and configuration (machine and build), and one series per benchmark and unit,
 * holding each run's value (the median of its repetitions). */
#ifndef HB_HISTORY_H
#define HB_HISTORY_H

#include <stdbool.h>
#include <stddef.h>

#include "intern.h"
#include "run_read.h"
#include "u32map.h"

struct hb_history_run {
    char *arg, *file, *label;           /* as given, the file read, its name (run_path.h) */
    char *context[HB_RUN_CONTEXT_KEYS]; /* NULL when absent */
    size_t given;                       /* its place among the RUN arguments, from 0 */
    size_t config;                      /* its configuration: runs of one number follow each other and
                                         * share every configuration member */
    bool counted;                       /* a counted run (hashbench_measure: instructions) */
};

struct hb_series {
    hb_str name, unit;
    double *values; /* one per run, in the history's order; NaN where the run lacks the benchmark */
};

struct hb_history {
    struct hb_intern *in;
    struct hb_history_run *runs; /* in the order analysed once arranged, else as given */
    size_t nruns, added;
    struct hb_series *series; /* by unit in table order (hb_history_arrange), then first appearance */
    size_t nseries, series_cap;
    struct hb_u32map series_index; /* (name, unit) tuple -> series */
    hb_str *units;                 /* in table order once arranged: sec/op, B/s, then first appearance */
    size_t nunits, units_cap;
    size_t nconfigs;
    size_t *last_order; /* the series of each value of the run added last, in its order */
    size_t last_order_len, last_order_cap;
};

/* Starts an empty history of nruns runs. */
void hb_history_init(struct hb_history *h, size_t nruns);
void hb_history_free(struct hb_history *h);

/* Adds the next run in the order given (the runs must come in that order), taking its context
 * and values; run is left to be freed. */
void hb_history_add(struct hb_history *h, struct hb_history_input *run);

enum hb_run_order { HB_RUN_ORDER_GIVEN, HB_RUN_ORDER_DATE, HB_RUN_ORDER_COMMIT };

/* Parses -order's "given", "date" or "commit"; -1 for anything else. */
int hb_run_order_parse(const char *name, enum hb_run_order *out);

/* Once every run is added: puts the runs in order (stable: equal keys keep the order given),
 * numbers their configurations, and orders the series by unit. Returns 0, or -1 with *error
 * naming the first run whose date or version cannot be placed. */
int hb_history_arrange(struct hb_history *h, enum hb_run_order order, char **error);

/* What a run is called: its hashbench_version, else its folder's name. */
const char *hb_history_commit(const struct hb_history_run *run);

/* Whether two runs share every configuration member (an absent member equals only an absent one). */
bool hb_history_same_config(const struct hb_history_run *a, const struct hb_history_run *b);

#endif
