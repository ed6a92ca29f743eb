/*
 * options.h — hbspread's command line, parsed into one struct (options.c). Bad input ends the
 * program there, with one line on stderr and exit status 2.
 */
#ifndef HB_SPREAD_OPTIONS_H
#define HB_SPREAD_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "hb_out_files.h"
#include "spread.h"

struct spread_options {
    char **keys; /* keyset specs, in order; NULL when none given */
    size_t nkeys;
    size_t n; /* --n, 0 when not given */
    size_t buckets;
    enum hb_bucketing bucketing;
    size_t avalanche_keys;
    unsigned battery_log2;       /* 0: no --battery; else the largest table's log2 */
    bool battery_log2_given;     /* --battery-max-buckets given: else file keysets may raise it */
    struct hb_shard_plan shards; /* --shards, --rendezvous */
    const char *algo;            /* --algo list, or NULL for every name */
    bool json;                   /* --format json: standard output's format */
    bool to_stdout;              /* false when only --output files are written */
    struct hb_out_files outputs;
    unsigned threads;
    bool exit_code_on_fail;
};

/* The keysets of a run without --keys. */
extern const char *const spread_default_keysets[];
extern const size_t spread_default_keyset_count;

/* Parses argv; prints --help/--version and exits 0, or a bad option and exits 2. */
void spread_parse_options(int argc, char **argv, struct spread_options *o);
void spread_options_free(struct spread_options *o);

#endif /* HB_SPREAD_OPTIONS_H */
