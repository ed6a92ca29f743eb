/*
 * spread.h — the measures of hbspread as a library (hb_spread): keysets, bucketing, collisions,
 * avalanche, p-values and verdicts, and the runner that spreads the work over threads.
 *
 * Every measure is a function of a `const struct hb_hash *`, so tests can measure hashes that are
 * not in the registry (a constant, an identity) exactly as the tool measures registered ones.
 * p-values are carried as log2(p): the worst results are far below what a double can hold as p.
 */
#ifndef HB_SPREAD_H
#define HB_SPREAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hb_alloc.h" /* every measure allocates with the wrappers that cannot fail */
#include "hb_designs.h"
#include "hb_hash.h"

/* ---- keysets (keysets.c, keyfile.c) ---- */

/* Largest key count any keyset may have: outputs of 2^24 keys x 64 bytes are 1 GiB per thread. */
#define HB_MAX_KEYS             ((size_t)1 << 24)
#define HB_DEFAULT_KEYS         ((size_t)1 << 20)
#define HB_DEFAULT_ZERO_LENGTHS ((size_t)4096)
#define HB_MAX_ZERO_LENGTHS     ((size_t)65536)

enum hb_keyset_kind {
    HB_KEYS_SEQ,
    HB_KEYS_INTS,
    HB_KEYS_RAND,
    HB_KEYS_SPARSE,
    HB_KEYS_WORDS,
    HB_KEYS_ZEROS,
    HB_KEYS_FILE
};

/* n keys; key i is the len[i] bytes at bytes + start[i]. Read-only once built, so threads share it. */
struct hb_keyset {
    enum hb_keyset_kind kind;
    char *spec;  /* as the user wrote it: "seq:user:", "ints:4", "file:words.txt" */
    char *title; /* reads after the key count: "sequential keys \"user:N\"" */
    size_t n;
    const uint8_t *bytes;
    size_t *start;
    size_t *len;
    size_t lines;       /* file: keys read (a sample when file_keys is larger) */
    uint64_t file_keys; /* file: keys in the file */
    size_t duplicates;  /* file: lines equal to an earlier line, left out so that every key is distinct */
    size_t value_width; /* 4, 8 or 16 when a program holds these keys by value (ints:W, file: of fixed:N at
                         * those widths): each entry hashes them with hb_value_entry(h, value_width); 0:
                         * strings, hashed as bytes */
    uint8_t *storage;   /* what bytes points into */
};

/* Builds the keyset a spec names (see hbspread --help). keys: the --n value, 0 when not given
 * (then the keyset's default). Returns false with one line in err (no prefix) on a bad spec, a
 * count the keyset cannot give, an unreadable or empty file. */
bool hb_keyset_build(const char *spec, size_t keys, struct hb_keyset *ks, char *err, size_t errlen);
void hb_keyset_free(struct hb_keyset *ks);

/* The file: keyset, read as user_keys.h says (format set by hb_keyset_set_file_format, lines by
 * default); repeated keys are kept once. Called by hb_keyset_build. */
bool hb_keyset_read_file(const char *path, struct hb_keyset *ks, char *err, size_t errlen);
/* "lines", "nul" or "fixed:N" for every later file: keyset; false on anything else. */
bool hb_keyset_set_file_format(const char *text);

/* ---- bucketing (buckets.c) ---- */

enum hb_bucketing { HB_BUCKET_MOD, HB_BUCKET_PRIME, HB_BUCKET_HIGH };

struct hb_bucket_plan {
    enum hb_bucketing how;
    size_t requested; /* --buckets */
    size_t used;      /* requested, or for prime the largest prime not above it */
};

/* Fills plan->used. requested must be at least 2. */
void hb_bucket_plan_init(struct hb_bucket_plan *plan, enum hb_bucketing how, size_t requested);
const char *hb_bucketing_name(enum hb_bucketing how); /* "mod", "prime", "high" */
size_t hb_largest_prime_at_most(size_t n);            /* n >= 2 */
/* The bucket of a bucketing value that has value_bits significant bits (min(64, out_bits)). */
size_t hb_bucket_of(const struct hb_bucket_plan *plan, uint64_t value, unsigned value_bits);
/* The bucketing value of key under h, seed 0: hash64 where the entry has it, else the one-shot
 * output as hb_bucket_value reads it (the battery and the shards hash each key through it). */
uint64_t hb_bucketing_value_of(const struct hb_hash *h, const uint8_t *key, size_t len);

struct hb_bucket_stats {
    size_t buckets, keys;
    uint64_t min, max;
    double expected;      /* keys / buckets */
    double std_dev;       /* of the loads, population form */
    double ideal_std_dev; /* sqrt(expected): a random function's */
    double chi2;          /* sum (load - expected)^2 / expected */
    double log2_p;        /* hb_log2_bucket_chi2_upper: upper tail only, more even than random is no failure */
};

void hb_bucket_stats_of(const uint32_t *loads, size_t buckets, size_t keys, struct hb_bucket_stats *st);

/* ---- collisions (collisions.c) ---- */

struct hb_collisions {
    unsigned bits;   /* width compared */
    uint64_t pairs;  /* pairs of keys with equal values at that width */
    double expected; /* birthday expectation n(n-1)/2 / 2^bits */
    double log2_p;   /* Poisson tail P(X >= pairs), upper tail only */
};

double hb_birthday_expected(size_t n, unsigned bits);
/* Pairs of equal values among n. */
uint64_t hb_equal_pairs_u32(const uint32_t *values, size_t n);
/* Pairs among n values whose low 32 bits are equal; work holds 2n 32-bit values of scratch. */
uint64_t hb_equal_pairs_low32(const uint64_t *values, size_t n, uint32_t *work);
/* Pairs of equal width-byte records among n consecutive ones (outs is not modified). */
uint64_t hb_equal_pairs_bytes(const uint8_t *outs, size_t n, size_t width);
void hb_collisions_of(uint64_t pairs, size_t n, unsigned bits, struct hb_collisions *c);

/* ---- avalanche (avalanche.c) ---- */

#define HB_AVALANCHE_SIZES        4
#define HB_DEFAULT_AVALANCHE_KEYS ((size_t)10000)
extern const size_t hb_avalanche_key_bytes[HB_AVALANCHE_SIZES]; /* 4, 8, 16, 64 */

/* One key size: every (input bit, output bit) cell's flip count over `keys` random keys. */
struct hb_avalanche_size {
    size_t key_bytes;
    size_t cells;             /* input bits x output bits */
    double worst_bias;        /* max over cells of |2 flips/keys - 1| */
    unsigned in_bit, out_bit; /* the worst cell; output bit 8j+k is bit k of output byte j */
    uint64_t flips;           /* its flip count */
    double log2_p;            /* of that one cell, two-sided binomial, not yet scaled by cells */
    uint64_t hashes;
};

struct hb_avalanche {
    size_t keys; /* per size */
    struct hb_avalanche_size sizes[HB_AVALANCHE_SIZES];
    double worst_bias;
    size_t cells;  /* all sizes */
    double log2_p; /* worst cell of all sizes, scaled by cells */
};

/* Measures one key size (hb_avalanche_key_bytes[size_index]) with `keys` fixed-seed random keys. */
void hb_avalanche_measure_size(const struct hb_hash *h, size_t size_index, size_t keys, struct hb_avalanche_size *out);
/* Combines the sizes measured into a->worst_bias, cells and log2_p. */
void hb_avalanche_combine(struct hb_avalanche *a);

/* ---- the structure battery (battery.c) ---- */

/* Keys i * 2^s, 8-byte little-endian, for s = 0..HB_BATTERY_MAX_STRIDE, in tables of 2^8 up to
 * 2^max buckets, each holding 7/8 as many keys as it has buckets (the first keys of the sequence),
 * seen through each view of the table of designs (hb_designs.h). */
#define HB_BATTERY_MAX_STRIDE       16
#define HB_BATTERY_STRIDES          (HB_BATTERY_MAX_STRIDE + 1)
#define HB_BATTERY_MIN_LOG2         8
#define HB_BATTERY_MAX_LOG2         24
#define HB_BATTERY_DEFAULT_MAX_LOG2 20
/* A bucket view fails when fewer buckets are occupied than a random function's mean minus this
 * many of its standard deviations. */
#define HB_BATTERY_SIGMAS 7.0
#define HB_BATTERY_TAGS   128

struct hb_linearity {
    size_t triples; /* random (a, b, c) of equal length */
    size_t zero;    /* those with h(a)^h(b)^h(c)^h(a^b^c) == 0 on the bucketing value */
    bool linear;    /* every one: GF(2)-affine on keys of one length */
};

struct hb_battery_failure {
    unsigned stride_log2, buckets_log2;
    uint64_t buckets;  /* the values the view takes: hb_view_buckets(view, buckets_log2), 2^32 for low32 */
    size_t keys;       /* in the table: hb_battery_keys(buckets_log2) */
    uint64_t occupied; /* buckets holding a key, distinct tags, or for low32 pairs of equal values */
    double expected;   /* a random function's mean of the same */
    double bound;      /* bucket views: the fewest a pass allows */
    double chi2;       /* tag views: the tags' chi-square */
    double log2_p;     /* tag views and low32: log2 p before scaling */
};

struct hb_battery_view {
    bool failed;
    struct hb_battery_failure first; /* the smallest (stride, size) that failed, when failed */
};

struct hb_battery {
    unsigned max_log2;
    struct hb_linearity linearity;
    struct hb_battery_view views[HB_VIEWS];
    unsigned strides_run; /* strides hashed: the battery stops once every view has failed */
    bool failed;          /* linear, or a view failed */
    uint64_t hashes;
};

/* Keys in a table of 2^log2 buckets: 7/8 of them. */
size_t hb_battery_keys(unsigned log2_buckets);
/* Tests per entry that scale a p-value: strides x (sizes x views, low32 once per stride). */
double hb_battery_tests(unsigned max_log2);
/* Buckets occupied when n keys fall into m buckets at random: mean and variance. */
double hb_occupancy_mean(double m, double n);
double hb_occupancy_variance(double m, double n);
/* The linearity probe alone (fixed-seed triples of 8, 16 and 64 bytes, seed 0). */
void hb_linearity_probe(const struct hb_hash *h, struct hb_linearity *out);
/* The whole battery on h, tables up to 2^max_log2 buckets. */
void hb_battery_measure(const struct hb_hash *h, unsigned max_log2, struct hb_battery *out);
/* The view of the first failure in (stride, size, view) order, or HB_VIEWS. */
enum hb_view hb_battery_first_failure(const struct hb_battery *b);
/* The largest table the battery needs for a key count: 2^b buckets holding 7/8 x 2^b keys, b the
 * least that holds `keys`, kept within 2^HB_BATTERY_DEFAULT_MAX_LOG2 .. 2^HB_BATTERY_MAX_LOG2. */
unsigned hb_battery_log2_for(uint64_t keys);

/* ---- shards (shards.c) ---- */

/* Keys over a shard count (bucket h mod count) or over rendezvous servers (each key to the server s
 * of the highest weight h(key || s), s an 8-byte little-endian index 0..servers-1, the lowest on a
 * tie), on the bucketing value: how evenly, as a chi-square against a uniform spread. */
#define HB_MAX_SHARD_COUNTS 32
#define HB_MAX_RENDEZVOUS   8
#define HB_MAX_SHARDS       65536 /* a shard or server count at most */

struct hb_shard_plan {
    unsigned counts[HB_MAX_SHARD_COUNTS]; /* h mod count */
    size_t ncounts;
    unsigned servers[HB_MAX_RENDEZVOUS]; /* rendezvous over that many servers */
    size_t nservers;
};

struct hb_shard_result {
    unsigned shards;             /* the count, or the servers */
    double chi2, log2_p;         /* the loads' chi-square and its upper tail, before scaling */
    double max_share, min_share; /* of the keys: the fullest shard's and the emptiest's */
};

/* Every count of the plan, then every server count, into out (ncounts + nservers results). */
void hb_measure_shards(const struct hb_hash *h, const struct hb_keyset *ks, const struct hb_shard_plan *plan,
                       struct hb_shard_result *out);

/* ---- p-values (pvalue.c), all as log2(p) ---- */

/* Regularized incomplete gamma functions, lower P(a, x) and upper Q(a, x); a > 0, x >= 0. */
double hb_log2_gamma_p(double a, double x);
double hb_log2_gamma_q(double a, double x);
/* Chi-square survival P(X >= x) with df degrees of freedom. */
double hb_log2_chi2_upper(double x, double df);
/* Upper tail of the bucket chi-square statistic of `keys` keys in `buckets` buckets: the
 * chi-square distribution fitted to the statistic's exact mean, variance and skewness (equal to
 * the plain chi-square with buckets-1 degrees of freedom when the expected load is large). */
double hb_log2_bucket_chi2_upper(double chi2, size_t buckets, size_t keys);
/* Poisson P(X >= k) with mean lambda. */
double hb_log2_poisson_at_least(uint64_t k, double lambda);
/* Fair coin, n tosses, `heads` seen: P(|X - n/2| >= |heads - n/2|). */
double hb_log2_coin_two_sided(uint64_t heads, uint64_t n);
/* The worst of m independent results: p' = 1 - (1 - p)^m. */
double hb_log2_scale(double log2_p, double m);
/* "^N" as printed: floor(-log2 p), so that N >= 16 is a warning and N >= 20 a failure. */
long hb_caret(double log2_p);

/* ---- verdicts (verdict.c) ---- */

#define HB_WARN_LOG2_P (-16.0)
#define HB_FAIL_LOG2_P (-20.0)

enum hb_verdict { HB_PASS, HB_WARN, HB_FAIL };
enum hb_measure {
    HB_MEASURE_BUCKETS,
    HB_MEASURE_COLLISIONS,
    HB_MEASURE_LOW32,
    HB_MEASURE_AVALANCHE,
    HB_MEASURE_SHARDS,     /* --shards: the worst count */
    HB_MEASURE_RENDEZVOUS, /* --rendezvous: the worst server count */
    HB_MEASURES
};

enum hb_verdict hb_verdict_of(double scaled_log2_p);
const char *hb_verdict_name(enum hb_verdict v); /* "pass", "warn", "FAIL" */
/* "buckets", "collisions", "low-32 collisions", "avalanche", "shards", "rendezvous" */
const char *hb_measure_name(enum hb_measure m);
/* JSON keys: "buckets", "collisions", "collisions_low32", "avalanche", "shards", "rendezvous" */
const char *hb_measure_key(enum hb_measure m);

/* ---- a run (runner.c) ---- */

struct hb_keyset_result {
    struct hb_bucket_stats buckets;
    struct hb_collisions full, low32;
};

/* One row: an algorithm the user asked for; `why_not` says why it was skipped. */
struct hb_algo_row {
    const struct hb_hash *hash;
    bool runnable;
    char why_not[128];
};

/* A verdict on one measure: the worst keyset's p-value, scaled by the run's test count. */
struct hb_measure_verdict {
    bool measured;
    double log2_p; /* scaled */
    enum hb_verdict verdict;
    size_t keyset; /* which keyset gave it (not for avalanche) */
};

struct hb_run {
    /* what to do */
    struct hb_algo_row *algos;
    size_t nalgos;
    struct hb_keyset *keysets;
    size_t nkeysets;
    struct hb_bucket_plan plan;
    size_t avalanche_keys;       /* 0: no avalanche test */
    unsigned battery_log2;       /* 0: no structure battery; else its largest table, 2^battery_log2 buckets */
    struct hb_shard_plan shards; /* --shards, --rendezvous (none: not measured) */
    unsigned threads;
    /* what came out */
    struct hb_keyset_result *results;      /* nalgos x nkeysets, row-major */
    struct hb_avalanche *avalanche;        /* nalgos */
    struct hb_battery *battery;            /* nalgos, when battery_log2 > 0 */
    struct hb_shard_result *shard_results; /* nalgos x nkeysets x (ncounts + nservers), when shards are planned */
    struct hb_measure_verdict (*verdicts)[HB_MEASURES]; /* nalgos */
    enum hb_verdict *overall;                           /* nalgos */
    size_t tests_per_algorithm;                         /* N of the scaling */
    uint64_t hashes;                                    /* hash calls made */
    double wall_seconds, cpu_seconds;
};

/* Measures one algorithm on one keyset: hashes every key, then buckets and collisions. */
void hb_measure_keyset(const struct hb_hash *h, const struct hb_keyset *ks, const struct hb_bucket_plan *plan,
                       struct hb_keyset_result *r);

/* Allocates the results and runs every (algorithm, keyset), avalanche and battery task on run->threads
 * threads (the calling thread is one of them), then the verdicts. */
void hb_run_execute(struct hb_run *run);
/* Tests per algorithm in this run: three per keyset (buckets, collisions, low-32 collisions), one
 * per keyset and shard or server count, plus one for avalanche. */
size_t hb_run_test_count(const struct hb_run *run);
/* The shard plan's size (counts and server counts), and an algorithm's results on a keyset. */
size_t hb_run_shard_tests(const struct hb_run *run);
const struct hb_shard_result *hb_run_shard_results(const struct hb_run *run, size_t algo, size_t keyset);
/* Fills verdicts and overall from the results (called by hb_run_execute). */
void hb_run_verdicts(struct hb_run *run);
void hb_run_free(struct hb_run *run);

/* ---- reports (report_text.c, report_json.c) ---- */

/* The keyset whose plain table comes first: seq when present, else the first. */
size_t hb_headline_keyset(const struct hb_run *run);
void hb_report_text(FILE *to, const struct hb_run *run);
/* Returns false when the JSON writer failed. */
bool hb_report_json(FILE *to, const struct hb_run *run, const char *version);

#endif /* HB_SPREAD_H */
