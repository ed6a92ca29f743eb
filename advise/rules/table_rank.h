/* table_rank.h — the table needs' measure and their gates on the real tables and the structure
 * battery: what "table lookup time" is (the combination of hit and miss over the designs), which
 * battery bits each design consumes, and the reasons in table terms. */
#ifndef HB_ADVICE_TABLE_RANK_H
#define HB_ADVICE_TABLE_RANK_H

#include "advice.h"

/* e->table_score from e->tables: per process, for design d the geometric mean of that process's
 * hit and miss medians per key, for HB_DESIGNS the geometric mean over every design's (the
 * 2*HB_DESIGNS-th root of the product of their medians), NAN in a process that did not time every
 * part (its values in pool); then its median and 90% interval over the processes, as every
 * measure's. Absent when a part is absent or capped. */
void hb_hashtable_score(struct hb_advice_entry *e, enum hb_design design, struct hb_advice_pool *pool);

/* The combination in words, as the outputs state it (from the table of designs): design's, or for
 * HB_DESIGNS the one over the designs the run measured (`measured`, a bit per design). Allocated. */
char *hb_hashtable_combination(enum hb_design design, unsigned measured);

/* HB_GATE_TIMED for a table need ranked by tables: t has a hit and a miss row (or a capped one) in
 * every design the ranking covers. Returns HB_GATES or HB_GATE_TIMED with *reason. */
enum hb_gate hb_hashtable_timed_gate(const struct hb_advice_timing *t, enum hb_design design, char **reason);
/* HB_GATE_CAPPED: no hit or miss row the ranking covers hit the suite's cap. */
enum hb_gate hb_hashtable_capped_gate(const struct hb_advice_timing *t, enum hb_design design, char **reason);
/* HB_GATE_BITS: a hash of 32 output bits or fewer (h) where the ranking covers a design that
 * consumes bits above the 32nd (excludes_32bit in the table of designs: a tag from the top 7 bits of
 * 64, a group from the high bits); the reason names the design and what it does to every key. */
enum hb_gate hb_hashtable_width_gate(const struct hb_hash *h, const struct hb_advice_timing *t, enum hb_design design,
                                     char **reason);
/* HB_GATE_BATTERY: the battery ran, the entry is not linear, and every bits selection the designs
 * the ranking covers consume passes (of the designs t's run measured; without table rows, every
 * design). The reason names the first (s, size, bits) that failed. */
enum hb_gate hb_hashtable_structure_gate(const struct hb_spread_algorithm *s, const struct hb_advice_timing *t,
                                         enum hb_design design, char **reason);

/* The designs the run measured (a bit per design), over every entry r lists: the outputs' columns. */
unsigned hb_hashtable_designs_shown(const struct hb_advice_result *r);

/* A fleet: each cell of t kept from its slowest machine (a capped cell stays capped). */
void hb_hashtable_keep_slowest(struct hb_advice_tables *fleet, const struct hb_advice_tables *t, bool first);

/* "battery: top7 fails (a tag from the top 7 bits: hashbrown, current Abseil)" for the bits selections
 * an entry that qualifies still fails (none the ranked designs consume); "" when none. */
void hb_hashtable_unranked_failures(const struct hb_advice_entry *e, char *out, size_t len);

#endif
