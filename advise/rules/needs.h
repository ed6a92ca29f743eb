/* needs.h — the needs, as data: what each is for, the gates an entry must pass, what ranks the
 * entries that pass, and the rule stated in words (docs/advice.md says why each rule is so). */
#ifndef HB_ADVICE_NEEDS_H
#define HB_ADVICE_NEEDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "advice_machine.h"

enum hb_need {
    HB_NEED_TABLE,
    HB_NEED_TABLE_UNTRUSTED,
    HB_NEED_CHECKSUM,
    HB_NEED_FINGERPRINT,
    HB_NEED_CRYPTO,
    HB_NEED_PASSWORD,
    HB_NEED_MAC,
    HB_NEED_SHARD,
    HB_NEEDS
};

/* What the entries of a need are ranked by (all on the user's keys, medians per key). */
enum hb_measure {
    HB_MEASURE_NONE,
    HB_MEASURE_LATENCY,    /* latency/...: the dependent chain, what a lookup waits for */
    HB_MEASURE_THROUGHPUT, /* throughput/.../load:cpu: independent calls, time per key */
    HB_MEASURE_BITS,       /* output bits, the more the better: a tie-break only, between the members of
                            * a fastest set (their times cannot be told apart) */
    HB_MEASURE_TABLE,      /* hashtable/...: lookups (hit and miss) in real tables, combined over the designs
                            * (table_rank.h) */
    HB_MEASURE_BULK,       /* throughput at 64 KiB (bulk-P.json): crypto's long-message list */
};

/* The reasons an entry can be left out, in the order they are tried: an entry's reason is the
 * first gate it fails. The first six look at the algorithm's properties (the registry), the others
 * at the measurements (structure: the battery in spread.json, a property of the algorithm measured
 * there, tried before the spread on the keys so that a linear hash is listed for its structure). */
enum hb_gate {
    HB_GATE_UNKNOWN, /* the run names an algorithm this build's registry does not have */
    HB_GATE_KIND,    /* crypto: not a cryptographic hash */
    HB_GATE_BROKEN,  /* crypto: collisions can be made on purpose */
    HB_GATE_DOS,     /* table-untrusted: not a pseudo-random function */
    HB_GATE_OUTPUT,  /* checksum, fingerprint: output versioned */
    HB_GATE_NEEDS,   /* checksum, fingerprint: needs CPU features, no portable code */
    HB_GATE_BITS,    /* too wide for a table, too narrow for a checksum or for the birthday bound */
    HB_GATE_CPU,     /* this CPU cannot run it */
    HB_GATE_TIMED,   /* no timing of the ranking measure in the run */
    HB_GATE_BATTERY, /* table: linear, or the structure battery failed (or did not run): listed, never ranked */
    HB_GATE_SPREAD,  /* a spread test the need requires did not pass on these keys */
    HB_GATE_SLOW,    /* password: a general hash is fast by design, which is what a guesser wants */
    HB_GATE_MAC,     /* mac: not a keyed MAC (need_facts.c names the MACs and their key and tag rules) */
    HB_GATE_SPEC,    /* shard: no published specification another language can implement */
    HB_GATE_SHARDS,  /* shard: the spread over the shard count did not pass on these keys */
    HB_GATE_CAPPED,  /* table: a lookup row hit the hashtable suite's cap (the table became a list) */
    HB_GATES
};

#define HB_GATE(g) (1u << (g))
#define HB_TEST(t) (1u << (t))

struct hb_need_rule {
    enum hb_need need;
    const char *name;        /* "table", "table-untrusted", ... (--need) */
    const char *what;        /* who it is for, one line */
    const char *summary;     /* the rule in a line or two, for --help and --describe-needs */
    const char *rule;        /* the rule in words, as the outputs state it */
    unsigned gates;          /* HB_GATE() of every gate besides UNKNOWN, CPU and TIMED, which all apply */
    unsigned spread_tests;   /* HB_TEST() of every spread test that must pass */
    unsigned mixing_tests;   /* and those a general hash must pass besides (not a checksum algorithm: a CRC's
                              * guarantees come from its polynomial, not from mixing) */
    unsigned max_bits;       /* HB_GATE_BITS: at most this many output bits (0: no limit) */
    unsigned min_bits;       /* HB_GATE_BITS: at least this many */
    bool birthday;           /* HB_GATE_BITS: enough bits by the birthday bound (hb_fingerprint_*) */
    enum hb_measure rank_by; /* what ranks the entries that pass */
    enum hb_measure tie_break;
    bool at_record_size; /* throughput read at the record size where the folder has it (record.json) */
    const char *advice;  /* said with the pick, or NULL */
    const char *none;    /* what to use when nothing here qualifies (the brief's line), or NULL */
};

extern const struct hb_need_rule hb_need_rules[HB_NEEDS];

/* The need called name, or NULL. */
const struct hb_need_rule *hb_need_find(const char *name);
/* The needs' names, comma-separated, in the table's order (for messages). */
const char *hb_need_names(void);

/* A need's words (its summary, rule, advice or none) with each {name} replaced by the number the
 * rule applies ({max_bits}, {confidence}, {growth}, {long_tag}, ...: need_words.c lists them); a new string
 * to free, NULL for NULL words. A brace that names no value is left as written. */
char *hb_need_words(const struct hb_need_rule *r, const char *words);
/* Every need, its name then what it is for and its summary, wrapped at width (hbadvise --help and
 * --describe-needs, which advise.sh --help prints). */
void hb_need_describe(FILE *to, const char *indent, unsigned width);

/* "unknown", "kind", "broken", "dos", "output", "needs", "bits", "cpu", "timed", "structure", "spread",
 * "slow", "mac", "spec", "shards", "capped" */
const char *hb_gate_name(enum hb_gate g);
/* "chain latency", "time per key", "output bits", "table lookup time", "time per 64 KiB" */
const char *hb_measure_title(enum hb_measure m);

/* The birthday bound of the fingerprint need: n keys drawn into 2^bits values expect
 * n(n-1)/2 / 2^bits colliding pairs; a fingerprint qualifies when that is at most
 * HB_FINGERPRINT_MAX_PAIRS at n = HB_FINGERPRINT_GROWTH x the user's distinct keys. */
#define HB_FINGERPRINT_GROWTH    10
#define HB_FINGERPRINT_MAX_PAIRS 1e-6
double hb_birthday_pairs(double n, unsigned bits);
/* The fewest output bits that keep n keys within HB_FINGERPRINT_MAX_PAIRS. */
unsigned hb_fingerprint_min_bits(double n);

/* The confidence of every fastest set and rank interval the advice prints, simultaneous over the
 * entries ranked together (summarise/ranks; docs/advice.md, "The fastest set"). */
#define HB_FASTEST_CONFIDENCE 0.95
/* The stricter confidence racing drops entries at (hbadvise --contenders): an entry leaves the race
 * only when it is outside the fastest set at this level, so that dropping is conservative. */
#define HB_CONTENDER_CONFIDENCE 0.99
/* A half of the processes ranks the entries it timed in at least this many of its processes (two
 * cannot tell two entries apart). */
#define HB_HALF_MIN_PROCESSES 3
/* An interval wider than this share of its median on either side is said to be noisy. */
#define HB_NOISY_HALF_WIDTH 0.10
/* A need's tie-break (more output bits, less time per key) prefers only among the fastest set's
 * members whose median is within this factor of the least median of the set: the rest of a wide
 * set could not be told apart from the fastest, but are not picked for it. */
#define HB_TIE_BREAK_REACH 1.10

/* Below this many distinct keys the spread tests pass good and mediocre hashes alike. */
#define HB_FEW_KEYS 1000

#endif
