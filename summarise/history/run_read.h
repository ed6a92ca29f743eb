/* run_read.h — one run of a history, read on its own: its context (date, version, machine and
 * build) and, for every benchmark and unit it has, the median of its repetitions, which is the
 * run's one value of that series (repetitions inside one process are not independent samples).
 * A run is read with an interner and collector of its own and keeps only plain text and numbers,
 * so that runs can be read at the same time and merged in order. */
#ifndef HB_RUN_READ_H
#define HB_RUN_READ_H

#include <stdbool.h>
#include <stddef.h>

#include "filter.h"
#include "hb_strbuf.h"

/* The context members a run keeps: its date (Google Benchmark's), its version (hashbench's git
 * describe), then the members that name its machine and build: a change in any of these restarts
 * every series, and is reported as a change of configuration, not of performance. */
enum {
    HB_RUN_DATE,
    HB_RUN_VERSION,
    HB_RUN_CONFIG_FIRST,
    HB_RUN_CONTEXT_KEYS = HB_RUN_CONFIG_FIRST + 9,
};
extern const char *const hb_run_context_keys[HB_RUN_CONTEXT_KEYS];

struct hb_history_input_value {
    size_t name, unit; /* offsets of NUL-terminated strings in the run's text */
    double median;     /* of the run's repetitions of this benchmark in this unit */
};

struct hb_history_input {
    char *arg, *file, *label;              /* as given, the file read, the name (run_path.h) */
    char *context[HB_RUN_CONTEXT_KEYS];    /* NULL when the context lacks the member */
    struct hb_strbuf text;                 /* names and units, each NUL-terminated */
    struct hb_history_input_value *values; /* in order of first appearance */
    size_t nvalues, values_cap;
    struct hb_strbuf notes; /* the reader's notes (rows left out, ...), for stderr */
    bool counted;           /* its context says hashbench_measure: instructions (exact counts) */
};

/* Reads the run named by arg (a folder or a file, run_path.h), keeping the values that filter
 * passes (NULL: all), sec/op from cpu_time when cpu_time is set. Returns 0, or -1 with *error;
 * either way free run with hb_history_input_free. Safe to call from several threads at once. */
int hb_history_input_read(struct hb_history_input *run, const char *arg, const struct hb_filter *filter, bool cpu_time,
                          char **error);
void hb_history_input_free(struct hb_history_input *run);

#endif
