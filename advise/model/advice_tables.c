/* advice_tables.c — the names of the hashtable suite's operations, and each design in words from the table
 * of designs (hb_designs.h). */
#include "advice_tables.h"

#include <stdio.h>
#include <stdlib.h>

static const char *const ops[HB_OPS] = {"hit", "miss", "insert"};

const char *hb_advice_design_text(enum hb_design d)
{
    static char text[HB_DESIGNS][512];
    if ((unsigned)d >= HB_DESIGNS)
        return "?";
    const struct hb_design_row *r = &hb_designs[d];
    if (!text[d][0])
        snprintf(text[d], sizeof text[d], "%s (%s%s%s): %s", r->container, r->library, r->version ? " " : "",
                 r->version ? r->version : "", r->bits);
    return text[d];
}

const char *hb_hashtable_op_name(enum hb_hashtable_op o)
{
    return o < HB_OPS ? ops[o] : "?";
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
