/* advice.h — what the rules conclude for one need: the entries that qualify, one per algorithm
 * name, ranked by a fastest set (each entry's rank interval from the spread between processes),
 * each with why it stands where it does, and whether the answer held in both halves of the
 * processes; the names left out, each with the first rule it failed; on one machine, or on a
 * fleet (qualifies on every machine, figures of its slowest machine, the set from the machines'). */
#ifndef HB_ADVICE_ADVICE_H
#define HB_ADVICE_ADVICE_H

#include <stdbool.h>
#include <stddef.h>

#include "hb_hash.h"
#include "advice_machine.h"
#include "needs.h"
#include "advice_tables.h"

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
    /* its place among the entries ranked with it (its tier): the simultaneous rank interval (1 is
     * the fastest; summarise/ranks), whether it is in the fastest set, and the processes that
     * timed its ranking measure */
    size_t rank_lo, rank_hi, processes;
    bool fastest;
    unsigned tier; /* 0, or 1 when the need lists it after every entry of tier 0 whatever its speed */
    char *why;     /* its place in words */
    /* checksum: its error model at the record length (need_extras.c). A CRC (hb_crc_distance.h):
     * its Hamming distance, exact or a lower bound (then at most hamming_at_most), how it was
     * computed and the published profile it agrees with (borrowed, or NULL); any other entry has
     * no guaranteed distance (crc false, hamming_source says so). */
    bool error_model, crc, hamming_exact;
    unsigned hamming_distance, hamming_at_most, burst_bits;
    const char *hamming_source, *hamming_published;
};

/* The answer checking itself: the need's ranking done again on the odd processes alone and on the
 * even ones alone (each half ranks the entries it timed in at least HB_HALF_MIN_PROCESSES of its
 * processes). It held when the pick is in both halves' fastest sets and each half's pick is in
 * the other half's set. */
struct hb_advice_halves {
    bool checked;        /* both halves had enough processes to rank anything */
    bool held;           /* checked, and it held */
    size_t processes[2]; /* odd, even */
    char **set[2];       /* each half's fastest set, "name/impl" */
    size_t nset[2];
    char *pick[2];           /* each half's pick */
    bool pick_in_half[2];    /* the whole ranking's pick is in half h's set */
    char *machines_not_held; /* a fleet: the machines whose halves did not hold ("m2, m3"), or NULL */
};

struct hb_advice_exclusion {
    char *name;
    enum hb_gate gate;
    char *reason;
    bool has_entry;               /* table needs: the entry's figures, shown beside the reason */
    struct hb_advice_entry entry; /* the implementation that got furthest, when has_entry */
};

/* A table need ranked by one design, against that design's default hash (against.h). */
enum hb_against_verdict {
    HB_AGAINST_NONE,         /* not a ranking by one design's tables: nothing said */
    HB_AGAINST_NO_DEFAULT,   /* the design's default hash is not in this build's registry */
    HB_AGAINST_NOT_TIMED,    /* the run has no hit row of the default in the design */
    HB_AGAINST_KEEP,         /* the default is in the fastest set */
    HB_AGAINST_SAVING,       /* ranked, outside the set: the pick's saving per hit against it */
    HB_AGAINST_NOT_THE_PICK, /* left out by a gate (reason), its saving beside when timed */
    HB_AGAINST_FLEET,        /* a fleet: no per-process pairing across machines */
};

struct hb_advice_against {
    enum hb_against_verdict verdict;
    const char *name, *impl; /* the default (borrowed; impl NULL when not timed) */
    const char *text;        /* as its programs know it ("absl::Hash"; the table of designs) */
    const char *reason;      /* NOT_THE_PICK and NOT_TIMED: the gate's reason (borrowed from the result) */
    bool capped;             /* the default's hits in the design hit the suite's cap (never a number) */
    /* the pick's saving per hit against the default in percent, 100 (1 - pick / default) of each
     * process's hit medians, over the processes that timed both (present false: not paired) */
    struct hb_advice_interval saving;
    struct hb_advice_interval default_hit, pick_hit; /* the hit times compared */
};

struct hb_advice_result {
    const struct hb_need_rule *rule;
    enum hb_measure rank_by, tie_break; /* the rule's, unless the run has no latency rows */
    char *bound;                        /* fingerprint: the birthday bound at these keys, in words */
    char *fallback;                     /* why the ranking is not the rule's, or NULL */
    char *noise;                        /* the processes disagree widely: what that means, or NULL */
    struct hb_advice_pick *ranked;      /* ranked[0] is the pick; ranked[0..nfastest) its fastest set */
    size_t nranked, nfastest;
    double confidence;   /* of the fastest set and the rank intervals */
    size_t processes;    /* the processes the ranking's measure comes from (the most of any entry) */
    size_t fleet;        /* a fleet: its machines, whose sets formed its own (hb_advice_rank_fleet); else 0 */
    bool fleet_disagree; /* a fleet whose machines' sets share no entry: the set is their union */
    struct hb_advice_halves halves;
    struct hb_advice_exclusion *excluded; /* in registry order of the names */
    size_t nexcluded;
    char *rule_words;   /* the rule's words, numbers filled in (hb_need_words) */
    char *advice_words; /* the rule's advice, numbers filled in, or NULL */
    char *lead;         /* said first, before the list (need_extras.c), or NULL */
    char **notes;       /* what the need's facts say at these keys (need_extras.c), in order */
    size_t nnotes;
    enum hb_design design;            /* table needs: the design ranked by (HB_DESIGNS: every design combined) */
    char *combination;                /* table needs: what the table lookup time is, in words, or NULL */
    struct hb_advice_against against; /* table needs ranked by one design: against its default */
    struct hb_advice_result *bulk;    /* crypto: the same names ranked at 64 KiB (bulk-P.json), or NULL */
    struct hb_advice_pool pool;       /* the per-process arrays of the entries' combined measures */
    uint64_t record_size;             /* checksum: the record its error figures are at, in bytes */
};

/* What the user says besides the keys (hbadvise --record-size, --volume, --shards, --table), and
 * how the rules run. */
struct hb_advice_params {
    uint64_t record_size;     /* checksum: bytes per record; 0: not given, HB_DEFAULT_RECORD_SIZE */
    double volume;            /* checksum: corrupted records per year that reach the check; 0: not given */
    unsigned shards;          /* shard: the user's shard count (said when spread.json did not test it) */
    enum hb_design design;    /* table needs: --table's design (HB_DESIGNS: every design combined) */
    double confidence;        /* of the fastest sets; 0: HB_FASTEST_CONFIDENCE */
    bool each_implementation; /* rank every qualifying implementation, not one per name (--contenders) */
};
#define HB_DEFAULT_SHARDS 16
/* checksum: the record a check covers when --record-size does not say (a page, a block) */
#define HB_DEFAULT_RECORD_SIZE 4096
/* checksum: a width is too few at a volume whose expected undetected corruptions per year exceed this */
#define HB_CHECKSUM_MAX_UNDETECTED 1e-3
/* mac: tags narrower than this are for short-lived tags only, listed after the wider ones */
#define HB_MAC_LONG_TAG_BITS 128

/* The need's notes (password cost, mac rules, shard spread, checksum error figures) and, for
 * checksum, each CRC's Hamming distance and the order a volume imposes (need_extras.c). */
void hb_advice_need_extras(struct hb_advice_result *r, const struct hb_advice_params *p,
                           const struct hb_advice_machine *const *machines, size_t nmachines);

/* The tier of an entry of h's properties in rule's list (hb_advice_pick.tier): 1 for those the need
 * lists after every other whatever their speed (checksum: a width too few for the user's --volume;
 * mac: a tag narrower than HB_MAC_LONG_TAG_BITS), else 0. Where the need has tiers, *why (free it)
 * says which an entry is in ("of the tags of 128 bits or more"; tier 1: why it is listed later);
 * else NULL. */
unsigned hb_advice_tier(const struct hb_need_rule *rule, const struct hb_advice_params *p, const struct hb_hash *h,
                        char **why);
/* checksum: fills pick's error model at the record (--record-size, or HB_DEFAULT_RECORD_SIZE) before
 * it is ranked, so that the pick of a fastest set never prefers a CRC for its bits over another of
 * a higher Hamming distance there (rank.c); other needs: nothing. */
void hb_advice_error_model(const struct hb_need_rule *rule, const struct hb_advice_params *p,
                           struct hb_advice_pick *pick);

/* The shard need's measured gate (shard_rules.c), from m's spread.json: HB_GATE_BATTERY when the
 * entry is linear or the battery fails for the bits h mod N consumes; HB_GATE_SHARDS when its
 * spread over a shard count tested or over rendezvous servers does not pass (or was not measured). */
enum hb_gate hb_advice_shard_gate(const struct hb_advice_machine *m, const char *name, char **reason);
/* The shard need's notes: the counts and servers tested, each ranked entry's specification. */
void hb_advice_shard_extras(struct hb_advice_result *r, const struct hb_advice_params *p,
                            const struct hb_advice_machine *const *machines, size_t nmachines);
/* The shard counts to measure for a user's count, "2,3,4,5,8,12,16,...,1024" with shards among
 * them (hbadvise --shard-counts), and the rendezvous server counts, "3,5" (--rendezvous-servers). */
void hb_advice_shard_counts(unsigned shards, char *out, size_t len);
void hb_advice_rendezvous_servers(char *out, size_t len);
/* The same in words, for the rule's text: "2, 3, 4, ..., 512 and 1024" (the standard counts), or
 * with servers "3 and 5". */
void hb_advice_shard_words(bool servers, char *out, size_t len);

/* Applies rule to the machines (one: that machine's advice; several: the fleet's) with the user's
 * parameters (NULL: the defaults; params->design ranks the table needs by one design's lookups). */
void hb_advice_evaluate(const struct hb_need_rule *rule, const struct hb_advice_registry *reg,
                        const struct hb_advice_machine *const *machines, size_t nmachines,
                        const struct hb_advice_params *params, struct hb_advice_result *out);
void hb_advice_result_free(struct hb_advice_result *r);

/* Fills e's figures and spread from the machines (one: its own; several: each figure from its
 * slowest machine, each verdict the worst), its combined table measure's per-process values in
 * pool. */
void hb_advice_gather(struct hb_advice_entry *e, const struct hb_advice_machine *const *machines, size_t nmachines,
                      enum hb_design design, bool at_record_size, struct hb_advice_pool *pool);

/* Orders r->ranked (unordered, each pick's tier set) on one machine by r->rank_by at confidence:
 * each tier on its own, tier 0 first; in a tier, the rank confidence set over its entries'
 * per-process values (summarise/ranks): each entry's rank interval and whether it is in the
 * fastest set; the pick is the fastest set's member r->tie_break prefers (then the least median,
 * then registry order), the other members follow by their medians, then the rest by theirs.
 * Writes each pick's why, r->nfastest, r->processes, r->noise and, with halves, r->halves (of the
 * first non-empty tier). A pick's why already set says its tier (hb_advice_tier): where both tiers
 * have entries, tier 0's pick and every tier-1 pick keep it before their place. */
void hb_advice_rank(struct hb_advice_result *r, double confidence, bool halves);

/* A fleet's order: machines[0..nmachines) hold the same entries as fleet, each ranked on its own
 * machine (hb_advice_rank at 1 - (1 - confidence) / nmachines, with its halves, so that every machine's statement
 * holds at once at confidence). The fleet's fastest set is the entries in every machine's set;
 * when no entry is, the machines disagree and it is the union of their sets. Rank intervals are
 * the hull of the machines', processes the fewest of any machine. The pick is the set's member
 * r->tie_break prefers, then the least median on its slowest machine; the rest as hb_advice_rank
 * orders them. */
void hb_advice_rank_fleet(struct hb_advice_result *fleet, const struct hb_advice_result *machines, size_t nmachines,
                          double confidence);

/* The median and interval of measure m of an entry. */
const struct hb_advice_interval *hb_advice_measure(const struct hb_advice_entry *e, enum hb_measure m);

/* Whether h passes the rule's gates on properties alone (what to measure for it beside the keys). */
bool hb_advice_property_qualifies(const struct hb_need_rule *rule, const struct hb_hash *h);

/* Adds text (owned from then on) to r's notes. */
void hb_advice_note(struct hb_advice_result *r, char *text);

/* "m1", "m2", ...: how the fleet's outputs name machine i (from 0). */
void hb_advice_machine_tag(size_t i, char *out, size_t len);

#endif
