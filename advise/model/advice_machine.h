/* advice_machine.h — what the advisor knows of one machine's advice folder, once read: the timings of
 * every algorithm/implementation on the keys (per process, a median of its repetitions; over the
 * processes, their median and its 90% interval), the keys' facts the run recorded, and each
 * algorithm's spread verdicts on the same keys. The rules (rules/) read only this, so a test
 * builds it by hand. */
#ifndef HB_ADVICE_MACHINE_H
#define HB_ADVICE_MACHINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "spread_file.h"

struct hb_advice_tables; /* advice_tables.h */

/* One measure of one entry, in seconds per key. The unit of replication is the process: process[p]
 * is the median of process p's repetitions (NAN where process p did not time it: racing stops
 * timing the entries that can no longer be the fastest), and median, lo and hi are the median of
 * those process medians and its distribution-free 90% interval (-inf/+inf when too few processes
 * for one: fewer than 5 at 90%). process is borrowed from the machine that read it (its pool), or
 * NULL with nprocesses 0 where no per-process values exist. */
struct hb_advice_interval {
    bool present;
    double median, lo, hi;
    size_t n;        /* processes that timed it */
    double *process; /* nprocesses per-process medians, NAN where not timed */
    size_t nprocesses;
};

/* The fewest processes whose median has a 90% interval (the order statistics of fewer cannot
 * reach it) */
#define HB_INTERVAL_MIN_PROCESSES 5

/* Whether the interval is finite on both sides. */
bool hb_advice_interval_finite(const struct hb_advice_interval *x);
/* Two finite intervals that overlap. */
bool hb_advice_intervals_overlap(const struct hb_advice_interval *a, const struct hb_advice_interval *b);
/* The fleet's figure, machine by machine: x replaces *fleet when first, or when x is present and
 * slower than *fleet (or *fleet is absent), so that the slowest machine's median and interval stay. */
void hb_advice_keep_slowest(struct hb_advice_interval *fleet, const struct hb_advice_interval *x, bool first);
/* Sets x's median, lo, hi, n and present from its per-process medians (present false when no
 * process timed it). */
void hb_advice_interval_summarise(struct hb_advice_interval *x);

/* Allocations that live as long as the machine or result holding the pool: the per-process
 * arrays intervals borrow. */
struct hb_advice_pool {
    void **blocks;
    size_t n, cap;
};
/* n doubles, every one NAN, freed with the pool. */
double *hb_advice_pool_nans(struct hb_advice_pool *pool, size_t n);
void hb_advice_pool_free(struct hb_advice_pool *pool);

/* The files an advice folder holds one of per process (docs/advice.md, "The folder"), each
 * KIND-P.json for P = 1..N: what their timings rank. */
enum hb_advice_file {
    HB_FILE_RUN,    /* run-P.json: hashbench --keys FILE --size keys (throughput, latency, baseline) */
    HB_FILE_TABLES, /* tables-P.json: hashbench --suite hashtable --keys FILE */
    HB_FILE_RECORD, /* record-P.json: the checksum candidates at --record-size */
    HB_FILE_BULK,   /* bulk-P.json: the crypto candidates at 64 KiB */
    HB_FILES
};
/* "run", "tables", "record", "bulk" */
const char *hb_advice_file_name(enum hb_advice_file f);
/* The kind called name, or HB_FILES. */
enum hb_advice_file hb_advice_file_find(const char *name);

/* One algorithm/implementation's rows in the run. */
struct hb_advice_timing {
    char *name, *impl;
    struct hb_advice_interval throughput; /* throughput/.../load:cpu: independent calls, keys in cache */
    struct hb_advice_interval latency;    /* latency/...: each call waits for the previous one's hash */
    struct hb_advice_interval ram;        /* throughput/.../load:ram: keys from DRAM, when it ran */
    struct hb_advice_tables *tables;      /* hashtable/...: real tables on the keys (advice_tables.h), or NULL */
    struct hb_advice_interval record;     /* throughput at the record size (record-P.json), when measured */
    struct hb_advice_interval bulk;       /* throughput at 64 KiB (bulk-P.json), when measured */
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
    char *dir;                      /* the folder, as given; a machine pooled from several runs: "A, B" */
    size_t nruns;                   /* the folders (runs on this machine) its processes come from */
    char *host, *cpu_model;         /* from the run's context ("" when absent) */
    char *rows;                     /* the size the timings come from: "keys", "16" */
    size_t repetitions;             /* the most repetitions of any row in one process */
    size_t processes;               /* the processes of each kind (every kind present has as many) */
    bool has_latency;               /* the run has latency rows at that size */
    bool has_tables;                /* the run has hashtable rows on the keys (keys:file) */
    struct hb_advice_interval noop; /* the loop's own cost per key (baseline noop) */
    struct hb_advice_keys keys;
    struct hb_advice_timing *timings;
    size_t ntimings;
    struct hb_spread_file spread; /* spread.json, as spread/'s reader reads it (with the shard counts) */
    /* what one Argon2id login costs on this machine (password-cost.txt, hbadvise --time-password),
     * when the folder has it: the parameters and the median and range of the repetitions, seconds */
    bool has_password_cost;
    unsigned argon2_memory_kib, argon2_iterations, argon2_lanes, argon2_repetitions;
    double argon2_median, argon2_min, argon2_max;
    /* the sizes record-P.json and bulk-P.json were read at (0: the folder has no such files) */
    uint64_t record_rows, bulk_rows;
    struct hb_advice_pool pool; /* the per-process arrays of every interval above */
};

/* The long-message size the crypto need is also timed at (bulk-P.json) */
#define HB_BULK_BYTES 65536

/* The keys the birthday bound and the few-keys note count: the distinct keys of the file (of the
 * file, not the sample, when a sample was used), else the largest spread keyset. */
uint64_t hb_advice_distinct_keys(const struct hb_advice_machine *m);

/* The timing of name/impl, or NULL. */
const struct hb_advice_timing *hb_advice_find_timing(const struct hb_advice_machine *m, const char *name,
                                                     const char *impl);
/* The timing of name/impl, added (empty) when m has none. */
struct hb_advice_timing *hb_advice_timing_of(struct hb_advice_machine *m, const char *name, const char *impl);
/* The spread of name, or NULL. */
const struct hb_spread_algorithm *hb_advice_find_spread(const struct hb_advice_machine *m, const char *name);

/* Sets every measure of m (timings, table cells, noop) from its per-process medians. */
void hb_advice_machine_summarise(struct hb_advice_machine *m);

/* Whether a and b were measured on one machine: the same host name and CPU model in their runs'
 * contexts. Runs of one machine are pooled (hb_advice_machine_append); different machines are a
 * fleet. */
bool hb_advice_same_machine(const struct hb_advice_machine *a, const struct hb_advice_machine *b);
/* Appends from's processes after into's (another run on the same machine and keys, read on its
 * own) and summarises every measure again over them all. Returns 0, or -1 with *error, one line
 * naming both folders, when the runs' keys or record sizes differ (nothing pooled then). from is
 * left as it was. */
int hb_advice_machine_append(struct hb_advice_machine *into, const struct hb_advice_machine *from, char **error);

void hb_advice_machine_free(struct hb_advice_machine *m);

#endif
