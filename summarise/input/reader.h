/* reader.h — what the input readers share: where results go and how the file is named. */
#ifndef HB_READER_H
#define HB_READER_H

#include <stdbool.h>
#include <stdio.h>

#include "collect.h"
#include "chunked_file.h"

/* Limits of every input (hbstat --help states them): the longest Go text line, the most blank
 * space before the first content, the longest JSON string and the deepest JSON nesting. */
enum { HB_MAX_LINE = 1 << 20, HB_MAX_LEADING_BLANK = 1 << 20, HB_MAX_JSON_STRING = 1 << 20, HB_MAX_JSON_DEPTH = 64 };

struct hb_read_context {
    struct hb_collector *collector;
    struct hb_intern *in;
    hb_str label;  /* .file of this input */
    bool cpu_time; /* -metric cpu_time: report cpu_time instead of real_time */
    FILE *notes;   /* where notes about skipped rows and values go (stderr) */
    /* When set, called with every scalar member of a Google Benchmark JSON file's "context" (a number
     * or boolean as written), in file order: hbstat -history keeps a run's date, version and build. */
    void (*context_member)(void *arg, const char *key, size_t key_len, const char *value, size_t value_len);
    void *context_arg;
    /* When set, called with every error or skipped repetition of a Google Benchmark JSON file (which
     * is never a sample): its name and its message ("" when it has none). hbadvise shows the hashtable
     * suite's capped rows as capped. */
    void (*failed_row)(void *arg, const char *name, const char *message, bool skipped);
    void *failed_arg;
    /* Out: the context key machine_variation of Google Benchmark JSON (hashbench writes it: how far
     * apart its reference row's repetitions came out), in percent; NaN when the input has none or
     * its value is not a percentage ("12.3%"). hb_read_path sets it. */
    double machine_variation;
    /* Out: the context says hashbench_measure: instructions (a counted run, docs/statistics.md
     * "Counted inputs"): only its exact counts (hb_unit_exact_count) were collected, its times left
     * out. hb_read_path sets it. */
    bool counted;
};

/* Reads Google Benchmark JSON from in (whose buffer may already hold its first bytes). Returns 0,
 * or -1 with *error naming the file, the position and the cause. */
int hb_read_gbench_json(struct hb_input *in, struct hb_read_context *ctx, char **error);

/* Reads Go benchmark text from in. Returns 0, or -1 with *error. Malformed benchmark lines are
 * noted on ctx->notes and skipped, as benchstat does. */
int hb_read_gotext(struct hb_input *in, struct hb_read_context *ctx, char **error);

/* Opens path, tells the format from its first non-blank byte ("{" or "[" is JSON, anything else
 * Go text) and reads it. Empty files, unreadable paths and files in neither format are errors. */
int hb_read_path(const char *path, struct hb_read_context *ctx, char **error);

#endif
