/* advice_tables.h — what the advisor knows of an entry in real hash tables (hashbench --suite hashtable on
 * the user's keys) and of its structure (hbspread --battery): the cost per key of a hit, a miss and
 * an insert in each design, and the battery's verdict with the first structured key set that
 * failed. The designs (the table of designs, hb_designs.h) and operations are the suite's row names,
 * in the order the outputs use. */
#ifndef HB_ADVICE_TABLES_H
#define HB_ADVICE_TABLES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hb_designs.h"
#include "advice_machine.h"

enum hb_hashtable_op { HB_OP_HIT, HB_OP_MISS, HB_OP_INSERT, HB_OPS };

/* "hit", "miss", "insert": the suite's op:X. */
const char *hb_hashtable_op_name(enum hb_hashtable_op o);
/* "absl::flat_hash_set (Abseil 20220623): H1 = ..." : what design d is and the bits of the hash it
 * consumes, from the table of designs (hb_designs.h); static storage. */
const char *hb_advice_design_text(enum hb_design d);

/* Frees t and its capped messages (NULL is fine). */
struct hb_advice_tables;
void hb_advice_tables_free(struct hb_advice_tables *t);

/* One (design, op) of an entry: the median time per key with its 90% interval, or the suite's cap
 * when the table degenerated (capped: the row's message, never a number). */
struct hb_advice_table_cell {
    struct hb_advice_interval x;
    char *capped; /* owned by the machine; borrowed by the rules */
};

struct hb_advice_tables {
    bool present;     /* any row of the entry in the hashtable suite */
    uint64_t count;   /* keys in the table (count:N) */
    unsigned designs; /* bit d: the run has rows of design d (of any entry): the designs it measured */
    struct hb_advice_table_cell cell[HB_DESIGNS][HB_OPS];
};

#endif
