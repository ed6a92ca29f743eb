/* spread_file.h — what a reader of hbspread --format json (spread.json) keeps of it: the config,
 * the verdict rule's bounds, the keysets, and per algorithm its verdicts and full-width collisions
 * (on the first keyset and on the headline keyset), or why it was skipped. report_json.c writes
 * the file; read_spread.c reads it back for hbadvise and hbreport. Each algorithm's spread over
 * shard counts and rendezvous servers is kept too (read_shards.c). */
#ifndef HB_SPREAD_FILE_H
#define HB_SPREAD_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "spread_battery.h"

enum hb_spread_test { HB_TEST_BUCKETS, HB_TEST_COLLISIONS, HB_TEST_LOW32, HB_TEST_AVALANCHE, HB_TESTS };
enum hb_spread_verdict { HB_VERDICT_NONE, HB_VERDICT_PASS, HB_VERDICT_WARN, HB_VERDICT_FAIL };

/* "buckets", "collisions", "low-32 collisions", "avalanche". */
const char *hb_spread_test_title(enum hb_spread_test t);
/* hbspread's key of the test: "buckets", "collisions", "collisions_low32", "avalanche". */
const char *hb_spread_test_key(enum hb_spread_test t);
/* "-", "pass", "warn", "FAIL" (hbspread's spelling). */
const char *hb_spread_verdict_name(enum hb_spread_verdict v);

/* Colliding pairs at full width on one keyset, and the birthday bound's expectation there. */
struct hb_spread_collisions {
    bool present;
    uint64_t pairs;
    double expected;
};

/* One algorithm's spread (hbspread measures a name's default implementation; every
 * implementation of a name gives the same output). */
struct hb_spread_algorithm {
    char *name, *impl;
    unsigned out_bits;
    char *skipped; /* hbspread could not run it: why; else NULL */
    enum hb_spread_verdict verdict[HB_TESTS];
    double scaled_log2_p[HB_TESTS];
    uint64_t pairs;                       /* colliding pairs at full width on the first keyset */
    double expected;                      /* and the birthday bound's expectation there */
    struct hb_spread_collisions headline; /* the same on the file's headline keyset */
    struct hb_spread_battery *battery;    /* hbspread --battery (spread_battery.h), or NULL when it did not run */
    struct hb_spread_shards *shards;      /* hbspread --shards, --rendezvous, or NULL when neither ran */
};

/* The keys over one shard count (h mod count) or one rendezvous server count, hbspread --shards
 * and --rendezvous: the worst keyset's verdict and shares. */
struct hb_spread_shard {
    uint64_t shards; /* the count, or the servers */
    enum hb_spread_verdict verdict;
    double max_share, min_share;
};

#define HB_SPREAD_MAX_SHARD_COUNTS 32
#define HB_SPREAD_MAX_RENDEZVOUS   8

struct hb_spread_shards {
    struct hb_spread_shard counts[HB_SPREAD_MAX_SHARD_COUNTS];
    size_t ncounts;
    struct hb_spread_shard rendezvous[HB_SPREAD_MAX_RENDEZVOUS];
    size_t nrendezvous;
};

struct hb_spread_keyset {
    char *spec, *title;
    uint64_t keys;
};

struct hb_spread_file {
    uint64_t buckets, avalanche_keys;
    char *bucketing;
    double warn_log2_p, fail_log2_p;                   /* the verdict rule's bounds on a scaled p-value, as log2 */
    uint64_t headline_keyset;                          /* the keyset a one-line summary quotes */
    uint64_t shard_counts[HB_SPREAD_MAX_SHARD_COUNTS]; /* config.shard_counts: --shards */
    size_t nshard_counts;
    uint64_t rendezvous_servers[HB_SPREAD_MAX_RENDEZVOUS]; /* config.rendezvous_servers: --rendezvous */
    size_t nrendezvous_servers;
    struct hb_spread_keyset *keysets;
    size_t nkeysets;
    struct hb_spread_algorithm *algorithms;
    size_t nalgorithms;
};

void hb_spread_file_free(struct hb_spread_file *f);

/* A JSON count as hbspread writes them (decimal digits, no sign, within 64 bits) into *out; false
 * for anything else. The readers of the file's members share it. */
bool hb_spread_count_of(const char *text, size_t len, uint64_t *out);

#endif
