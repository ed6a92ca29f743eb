/* advice.h — what the rules conclude for one need: the entries that qualify, one per algorithm
 * name, ranked, each with why it stands where it does; the names left out, each with the first
 * rule it failed; on one machine, or on a fleet (qualifies on every machine, figures of its
 * slowest machine). */
#ifndef HB_ADVICE_ADVICE_H
#define HB_ADVICE_ADVICE_H

#include <stdbool.h>
#include <stddef.h>

#include "hb_hash.h"
#include "machine.h"
#include "needs.h"
#include "tables.h"

/* What the rules know of the algorithms: a registry (hb_registry, or a test's made-up entries)
 * and whether this CPU runs an entry (hb_can_run, or a test's stand-in). */
struct hb_advice_registry {
    const struct hb_hash *const *entries;
    size_t n;
    bool (*can_run)(const struct hb_hash *h, char *why_not, size_t len);
};

/* An algorithm/implementation as the rules see it. */
struct hb_advice_entry {
    const char *name, *impl;     /* borrowed from the registry or the run */
    const struct hb_hash *props; /* an entry of its name in the registry (the algorithm's properties) */
    size_t order;                /* registry order (a name's default implementation first) */
    struct hb_advice_interval throughput, latency, ram; /* a fleet's: each from its slowest machine */
    struct hb_advice_interval bulk;                     /* throughput at 64 KiB, when measured */
    bool has_spread;
    struct hb_spread_algorithm spread; /* a fleet's: the worst verdict of each test (strings borrowed) */
    struct hb_advice_tables tables;    /* real tables (present false: none); a fleet's: each cell's slowest machine */
    struct hb_advice_interval table_score; /* HB_MEASURE_TABLE: the combination of table_rank.h */
};

struct hb_advice_pick {
    struct hb_advice_entry entry;
    size_t implementations; /* how many implementations of its name qualify (this one is the fastest) */
    bool tied;              /* its ranking interval overlaps the first entry's */
    char *why;              /* its place in words */
    /* checksum, a CRC (need_facts.h): its guaranteed Hamming distance at the record length (0: the
     * source gives no figure there) and the source, borrowed */
    bool crc;
    unsigned hamming_distance, burst_bits;
    const char *hamming_source;
};

struct hb_advice_exclusion {
    char *name;
    enum hb_gate gate;
    char *reason;
    bool has_entry;               /* table needs: the entry's figures, shown beside the reason */
    struct hb_advice_entry entry; /* the implementation that got furthest, when has_entry */
};

struct hb_advice_result {
    const struct hb_need_rule *rule;
    enum hb_measure rank_by, tie_break; /* the rule's, unless the run has no latency rows */
    char *bound;                        /* fingerprint: the birthday bound at these keys, in words */
    char *fallback;                     /* why the ranking is not the rule's, or NULL */
    char *noise;                        /* the intervals are wide: what that means for the order, or NULL */
    struct hb_advice_pick *ranked;      /* ranked[0] is the pick */
    size_t nranked;
    struct hb_advice_exclusion *excluded; /* in registry order of the names */
    size_t nexcluded;
    char *rule_words;   /* the rule's words, numbers filled in (hb_need_words) */
    char *advice_words; /* the rule's advice, numbers filled in, or NULL */
    char *lead;         /* said first, before the list (need_extras.c), or NULL */
    char **notes;       /* what the need's facts say at these keys (need_extras.c), in order */
    size_t nnotes;
    enum hb_design design; /* table needs: the design ranked by (HB_DESIGNS: every design combined) */
    char *combination;     /* table needs: what the table lookup time is, in words, or NULL */
};

/* What the user says besides the keys (hbadvise --record-size, --volume, --shards). */
struct hb_advice_params {
    uint64_t record_size;  /* checksum: bytes per record; 0: the keys' median length */
    double volume;         /* checksum: corrupted records per year that reach the check; 0: not given */
    unsigned shards;       /* shard: the shard count the folder's shards.json was measured at (said) */
    enum hb_design design; /* table needs: --table's design (HB_DESIGNS: every design combined) */
};
#define HB_DEFAULT_SHARDS 16
/* checksum: a width is too few at a volume whose expected undetected corruptions per year exceed this */
#define HB_CHECKSUM_MAX_UNDETECTED 1e-3
/* mac: tags narrower than this are for short-lived tags only, listed after the wider ones */
#define HB_MAC_LONG_TAG_BITS 128

/* The need's notes (password cost, mac rules, shard spread, checksum error figures) and, for
 * checksum, each CRC's Hamming distance and the order a volume imposes (need_extras.c). */
void hb_advice_need_extras(struct hb_advice_result *r, const struct hb_advice_params *p,
                           const struct hb_advice_machine *const *machines, size_t nmachines);

/* The shard need's measured gate: the buckets test over the shard count passed on m's keys. */
enum hb_gate hb_advice_shard_gate(const struct hb_advice_machine *m, const char *name, char **reason);

/* Applies rule to the machines (one: that machine's advice; several: the fleet's). */
void hb_advice_evaluate(const struct hb_need_rule *rule, const struct hb_advice_registry *reg,
                        const struct hb_advice_machine *const *machines, size_t nmachines,
                        struct hb_advice_result *out);
/* The same, the table needs ranked by one design's lookups (HB_DESIGNS: every design combined). */
void hb_advice_evaluate_design(const struct hb_need_rule *rule, const struct hb_advice_registry *reg,
                               const struct hb_advice_machine *const *machines, size_t nmachines, enum hb_design design,
                               struct hb_advice_result *out);
void hb_advice_result_free(struct hb_advice_result *r);

/* Orders r->ranked (one entry per name, unordered) by r->rank_by: the entry with the least median
 * and every entry tied with it (90% intervals overlap, medians within HB_TIE_MAX_RATIO) form a
 * group, listed by r->tie_break (or by the median when there is none); then the next group from
 * what is left. Writes each entry's why and tied, and r->noise when intervals are wide. */
void hb_advice_rank(struct hb_advice_result *r);

/* Whether a and b are tied: finite intervals that overlap, medians within HB_TIE_MAX_RATIO. */
bool hb_advice_tied(const struct hb_advice_interval *a, const struct hb_advice_interval *b);

/* The median and interval of measure m of an entry. */
const struct hb_advice_interval *hb_advice_measure(const struct hb_advice_entry *e, enum hb_measure m);

/* Whether h passes the rule's gates on properties alone (what to measure for it beside the keys). */
bool hb_advice_property_qualifies(const struct hb_need_rule *rule, const struct hb_hash *h);

/* "m1", "m2", ...: how the fleet's outputs name machine i (from 0). */
void hb_advice_machine_tag(size_t i, char *out, size_t len);

#endif
