/* output_brief.c — the pick per need, one line each (bench.sh prints it after its tables). */
#include "describe.h"
#include "hb_text_table.h"
#include "output_formats.h"

#include <stdio.h>
#include <stdlib.h>

void hb_advice_write_brief(const struct hb_advice_report *rep, const struct hb_advice_output_options *o,
                           struct hb_strbuf *out)
{
    (void)o;
    struct hb_text_table t = {0};
    for (size_t k = 0; k < HB_NEEDS; k++) {
        if (!rep->wanted[k])
            continue;
        const struct hb_advice_result *r = &rep->need[k];
        char label[160] = "nothing qualifies";
        if (!r->nranked && r->rule->none)
            snprintf(label, sizeof label, "%s", r->rule->none);
        if (r->nranked)
            hb_advice_entry_label(&r->ranked[0].entry, label, sizeof label);
        hb_text_table_row(&t);
        hb_text_table_cell(&t, r->rule->name, HB_ALIGN_LEFT, "  ");
        hb_text_table_cell(&t, label, HB_ALIGN_LEFT, "  ");
    }
    size_t len;
    char *text = hb_text_table_format(&t, &len);
    hb_strbuf_append(out, text, len);
    free(text);
    hb_text_table_free(&t);
}
