/* tables.c — the names of the hashtable suite's designs and operations, and what bits each design
 * consumes (the suite's contract, docs/advice.md). */
#include "tables.h"

#include <stdlib.h>
#include <string.h>

static const struct {
    const char *name, *bits;
} designs[HB_DESIGNS] = {
    {"absl", "absl::flat_hash_map (Abseil 20220623): H1 = hash >> 7, salted with the table's address, picks the "
             "group; H2 = the low 7 bits is the tag"},
    {"uthash", "uthash: the low bits of a 32-bit hashv (the hash truncated to 32 bits), chained buckets"},
    {"open-addressing", "open addressing: the low bits (h & (m - 1)), linear probing"},
};

static const char *const ops[HB_OPS] = {"hit", "miss", "insert"};

const char *hb_table_design_name(enum hb_table_design d)
{
    return d < HB_DESIGNS ? designs[d].name : "?";
}

const char *hb_table_design_bits(enum hb_table_design d)
{
    return d < HB_DESIGNS ? designs[d].bits : "?";
}

const char *hb_table_op_name(enum hb_table_op o)
{
    return o < HB_OPS ? ops[o] : "?";
}

enum hb_table_design hb_table_design_find(const char *name)
{
    for (int d = 0; d < HB_DESIGNS; d++)
        if (strcmp(designs[d].name, name) == 0)
            return (enum hb_table_design)d;
    return HB_DESIGNS;
}

void hb_advice_tables_free(struct hb_advice_tables *t)
{
    if (!t)
        return;
    for (int d = 0; d < HB_DESIGNS; d++)
        for (int o = 0; o < HB_OPS; o++)
            free(t->cell[d][o].capped);
    free(t);
}
