/* tables.h — what the advisor knows of an entry in real hash tables (hashbench --suite hashtable on
 * the user's keys) and of its structure (hbspread --battery): the cost per key of a hit, a miss and
 * an insert in each design, and the battery's verdict with the first structured key set that
 * failed. The designs and operations are the suite's row names, in the order the outputs use. */
#ifndef HB_ADVICE_TABLES_H
#define HB_ADVICE_TABLES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "machine.h"

enum hb_table_design { HB_DESIGN_ABSL, HB_DESIGN_UTHASH, HB_DESIGN_OPEN_ADDRESSING, HB_DESIGNS };
enum hb_table_op { HB_OP_HIT, HB_OP_MISS, HB_OP_INSERT, HB_OPS };

/* "absl", "uthash", "open-addressing": the suite's design:X. */
const char *hb_table_design_name(enum hb_table_design d);
/* "hit", "miss", "insert": the suite's op:X. */
const char *hb_table_op_name(enum hb_table_op o);
/* The design called name, or HB_DESIGNS. */
enum hb_table_design hb_table_design_find(const char *name);
/* What bits of the hash each design consumes, in words (the contract of the suite). */
const char *hb_table_design_bits(enum hb_table_design d);

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
    bool present;   /* any row of the entry in the hashtable suite */
    uint64_t count; /* keys in the table (count:N) */
    struct hb_advice_table_cell cell[HB_DESIGNS][HB_OPS];
};

#endif
