/* machine.h — what the advisor knows of one machine's advice folder, once read: the timings of
 * every algorithm/implementation on the keys (median and 90% interval of the repetitions), the
 * keys' facts the run recorded, and each algorithm's spread verdicts on the same keys. The rules
 * (rules/) read only this, so a test builds it by hand. */
#ifndef HB_ADVICE_MACHINE_H
#define HB_ADVICE_MACHINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "spread_file.h"

struct hb_advice_tables; /* tables.h */

/* A median and its distribution-free 90% interval, in seconds per key. lo and hi are -inf/+inf
 * when the repetitions are too few for an interval (fewer than 5 at 90%). */
struct hb_advice_interval {
    bool present;
    double median, lo, hi;
    size_t n; /* repetitions */
};

/* Whether the interval is finite on both sides, so that it can call a tie. */
bool hb_advice_interval_finite(const struct hb_advice_interval *x);
/* Two finite intervals that overlap: the medians cannot be told apart. */
bool hb_advice_intervals_overlap(const struct hb_advice_interval *a, const struct hb_advice_interval *b);

/* One algorithm/implementation's rows in the run. */
struct hb_advice_timing {
    char *name, *impl;
    struct hb_advice_interval throughput; /* throughput/.../load:cpu: independent calls, keys in cache */
    struct hb_advice_interval latency;    /* latency/...: each call waits for the previous one's hash */
    struct hb_advice_interval ram;        /* throughput/.../load:ram: keys from DRAM, when it ran */
    struct hb_advice_tables *tables;      /* hashtable/...: real tables on the keys (tables.h), or NULL */
    struct hb_advice_interval record;     /* throughput at the record size (record.json), when measured */
    struct hb_advice_interval bulk;       /* throughput at 64 KiB (bulk.json), when measured */
};

/* The keys' facts hashbench --keys records in the run's context (keys_*); from_file is false for a
 * run without them (bench.sh's synthetic inputs). */
struct hb_advice_keys {
    bool from_file;
    uint64_t in_file, used, duplicates, empty, crlf, not_utf8;
    uint64_t length_min, length_median, length_p99, length_max;
    bool sampled; /* keys_used says a fixed-seed sample was used */
    char *file, *format, *load_ram;
};

struct hb_advice_machine {
    char *dir;                      /* the folder, as given */
    char *host, *cpu_model;         /* from the run's context ("" when absent) */
    char *rows;                     /* the size the timings come from: "keys", "16" */
    size_t repetitions;             /* the most repetitions of any row */
    bool has_latency;               /* the run has latency rows at that size */
    bool has_tables;                /* the run has hashtable rows on the keys (keys:file) */
    struct hb_advice_interval noop; /* the loop's own cost per key (baseline noop) */
    struct hb_advice_keys keys;
    struct hb_advice_timing *timings;
    size_t ntimings;
    struct hb_spread_file spread; /* spread.json, as spread/'s reader reads it */
    /* the spread over the shard count (shards.json: hbspread --buckets SHARDS on the same keys),
     * when the folder has it; its buckets are the shard count */
    struct hb_spread_file shards;
    /* what one Argon2id login costs on this machine (password-cost.txt, hbadvise --time-password),
     * when the folder has it: the parameters and the median and range of the repetitions, seconds */
    bool has_password_cost;
    unsigned argon2_memory_kib, argon2_iterations, argon2_lanes, argon2_repetitions;
    double argon2_median, argon2_min, argon2_max;
    /* the sizes record.json and bulk.json were read at (0: the folder has no such file) */
    uint64_t record_rows, bulk_rows;
};

/* The long-message size the crypto need is also timed at (bulk.json) */
#define HB_BULK_BYTES 65536

/* The keys the birthday bound and the few-keys note count: the distinct keys of the file (of the
 * file, not the sample, when a sample was used), else the largest spread keyset. */
uint64_t hb_advice_distinct_keys(const struct hb_advice_machine *m);

/* The timing of name/impl, or NULL. */
const struct hb_advice_timing *hb_advice_find_timing(const struct hb_advice_machine *m, const char *name,
                                                     const char *impl);
/* The spread of name, or NULL. */
const struct hb_spread_algorithm *hb_advice_find_spread(const struct hb_advice_machine *m, const char *name);

void hb_advice_machine_free(struct hb_advice_machine *m);

#endif
