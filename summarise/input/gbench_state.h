/* gbench_state.h — the state the Google Benchmark JSON reader keeps while yajl walks a file, shared
 * by its two halves: gbench_json.c (the document's structure, through yajl's callbacks) and
 * gbench_row.c (what one iteration row means: its values, failures and configuration). Internal
 * to the reader. */
#ifndef HB_GBENCH_STATE_H
#define HB_GBENCH_STATE_H

#include <stdbool.h>
#include <stddef.h>

#include "hb_json_reader.h"
#include "reader.h"

/* Members of an iteration row that are not user counters. */
enum member {
    M_COUNTER, /* a user counter, if numeric */
    M_NAME,
    M_RUN_NAME,
    M_RUN_TYPE,
    M_AGGREGATE_NAME,
    M_ERROR_OCCURRED,
    M_ERROR_MESSAGE,
    M_SKIPPED,
    M_SKIP_MESSAGE,
    M_REAL_TIME,
    M_CPU_TIME,
    M_TIME_UNIT,
    M_BYTES_PER_SECOND,
    M_ITERATIONS,
    M_NOT_A_COUNTER,
};

struct counter {
    hb_str unit;
    double value;
};

struct row {
    hb_str name, run_name, message;
    bool has_name, has_run_name, aggregate, failed, skipped;
    bool not_iteration; /* run_type is there and is not "iteration" */
    double real_time, cpu_time, bytes_per_second;
    bool has_real_time, has_cpu_time, has_bytes_per_second;
    double seconds_per_unit; /* from time_unit; 0 when unknown */
    hb_str time_unit;
    bool has_time_unit;
    struct counter *counters;
    size_t ncounters, counters_cap;
};

/* A remembered string and its id, to skip hashing when the next row repeats it. */
struct name_cache {
    char text[192];
    size_t len;
    hb_str id;
    bool valid;
};

/* A row read before the context, kept until the file's configuration is known. */
struct staged {
    hb_str name;
    struct hb_value *values;
    size_t n;
};

struct parse_state {
    struct hb_read_context *ctx;
    const char *path;
    const struct hb_json_path *p; /* of the event being read (common's path reader) */
    int depth;                    /* containers open, counting one that opens or closes */
    bool in_context, in_benchmarks, in_row, saw_benchmarks;
    int top_key;        /* 1 context, 2 benchmarks, 0 other */
    int context_key;    /* index into config_keys, or -1 */
    bool variation_key; /* the context key being read is machine_variation */
    bool measure_key;   /* the context key being read is hashbench_measure */
    enum member row_member;
    struct row row;
    size_t row_index; /* of the current row in "benchmarks", from 1 */
    uint32_t *config; /* pairs */
    size_t nconfig, config_cap;
    hb_tuple config_id; /* of config, once config_id_valid */
    bool config_id_valid;
    bool config_final;
    struct staged *staged;
    size_t nstaged, staged_cap;
    struct hb_value *values;
    size_t values_cap;
    size_t nonfinite, iteration_rows;
    struct failure { /* consecutive error or skipped repetitions of one benchmark, noted as one line */
        hb_str name, message;
        bool skipped, has_message;
        size_t count;
    } failure;
    hb_str sec_per_op, bytes_per_second;
    char label[200];               /* hb_gbench_row_label's text */
    struct name_cache names[2];    /* the last name and run_name: rows come in blocks */
    struct name_cache counters[8]; /* the last row's counter keys, by position */
    size_t next_member;            /* members[] entry expected next in a row */
    char *error;
};

/* Records message as the reader's error (the first one wins) and returns 0, which stops yajl. */
int hb_gbench_fail(struct parse_state *s, char *message);
/* The current row's name for messages: run_name, else name, else "(no name)"; control bytes
 * escaped (\xNN) and a long name cut with "...", so that the message stays one short line. */
const char *hb_gbench_row_label(struct parse_state *s);
/* Turns the finished row into values for the collector (or notes, stages or skips it); returns 0
 * with s->error set when the row is unusable. */
int hb_gbench_finish_row(struct parse_state *s);
/* Notes the pending run of error or skipped repetitions, if any. */
void hb_gbench_note_failure(struct parse_state *s);
/* Hands the rows kept until the context was read to the collector. */
void hb_gbench_deliver_staged(struct parse_state *s);
/* Seconds per time_unit text ("ns", "us", "ms", "s"); 0 for anything else. */
double hb_gbench_seconds_per_unit(const char *unit, size_t len);
/* Interns text through a one-entry cache that skips hashing when a row repeats the last value. */
hb_str hb_gbench_cached_intern(struct hb_intern *in, struct name_cache *cache, const char *text, size_t len);
void hb_gbench_free_state(struct parse_state *s);

#endif
