/* text_tables.c — the table needs' figures in real tables, for the text output: one line per
 * ranked entry (the first few) and per entry listed but never ranked (a linear hash, a battery
 * failure, a capped row), each with the combination the list is ranked by and the median hit,
 * miss and insert time per key in every design the run measured, its rank interval and whether it
 * is in the fastest set; a capped row reads "capped", never a number. */
#include "text_tables.h"

#include <stdio.h>
#include <stdlib.h>

#include "describe.h"
#include "hb_text_table.h"
#include "table_rank.h"

#define SHORTLIST 5

/* "12.0/8.10/30.2": hit, miss and insert in one design ("-" absent, "capped" capped). */
static void design_cell(struct hb_text_table *t, const struct hb_advice_tables *x, enum hb_design d)
{
    char text[3][32];
    for (int o = 0; o < HB_OPS; o++) {
        const struct hb_advice_table_cell *c = &x->cell[d][o];
        if (c->capped)
            snprintf(text[o], sizeof text[o], "capped");
        else
            hb_advice_ns(text[o], sizeof text[o], c->x.median, c->x.present);
    }
    hb_text_table_cellf(t, HB_ALIGN_RIGHT, "  ", "%s/%s/%s", text[0], text[1], text[2]);
}

/* An entry's row, the designs of `designs` only; p is its pick (NULL for one listed, never ranked). */
static void text_entry_row(struct hb_text_table *t, unsigned designs, const char *place,
                           const struct hb_advice_entry *e, const struct hb_advice_pick *p, const char *note)
{
    char label[160], score[32], ci[48], rank[32] = "-", processes[24] = "-";
    hb_advice_entry_label(e, label, sizeof label);
    hb_advice_ns(score, sizeof score, e->table_score.median, e->table_score.present);
    hb_advice_ns_interval(ci, sizeof ci, &e->table_score);
    if (p) {
        hb_advice_rank_text(rank, sizeof rank, p);
        snprintf(processes, sizeof processes, "%zu", p->processes);
    }
    hb_text_table_row(t);
    hb_text_table_cell(t, place, HB_ALIGN_LEFT, "  ");
    hb_text_table_cell(t, label, HB_ALIGN_LEFT, "  ");
    hb_text_table_cell(t, p && p->fastest ? "*" : "", HB_ALIGN_LEFT, "  ");
    hb_text_table_cell(t, rank, HB_ALIGN_RIGHT, "  ");
    hb_text_table_cell(t, processes, HB_ALIGN_RIGHT, "  ");
    hb_text_table_cell(t, score, HB_ALIGN_RIGHT, "  ");
    hb_text_table_cell(t, ci, HB_ALIGN_RIGHT, "  ");
    for (int d = 0; d < HB_DESIGNS; d++)
        if (designs >> d & 1)
            design_cell(t, &e->tables, (enum hb_design)d);
    hb_text_table_trailing(t, note, "  ");
}

void hb_advice_text_tables(const struct hb_advice_result *r, struct hb_strbuf *out)
{
    struct hb_text_table t = {0};
    const unsigned designs = hb_hashtable_designs_shown(r);
    static const char *const heads[] = {"#", "name/impl", "set", "rank", "processes", "table ns", "90% interval"};
    for (size_t c = 0; c < sizeof heads / sizeof *heads; c++)
        hb_text_table_cell(&t, heads[c], c < 3 ? HB_ALIGN_LEFT : HB_ALIGN_RIGHT, "  ");
    for (int d = 0; d < HB_DESIGNS; d++)
        if (designs >> d & 1)
            hb_text_table_cellf(&t, HB_ALIGN_RIGHT, "  ", "%s hit/miss/insert", hb_design_name((enum hb_design)d));
    hb_text_table_cell(&t, "", HB_ALIGN_LEFT, "  ");
    size_t rows = 0;
    for (size_t i = 0; i < r->nranked && i < SHORTLIST; i++, rows++) {
        char place[24], note[160];
        snprintf(place, sizeof place, "%zu", i + 1);
        hb_hashtable_unranked_failures(&r->ranked[i].entry, note, sizeof note);
        text_entry_row(&t, designs, place, &r->ranked[i].entry, &r->ranked[i], note);
    }
    for (size_t i = 0; i < r->nexcluded; i++) {
        const struct hb_advice_exclusion *x = &r->excluded[i];
        if (!x->has_entry || !x->entry.tables.present || (x->gate != HB_GATE_BATTERY && x->gate != HB_GATE_CAPPED))
            continue;
        text_entry_row(&t, designs, "-", &x->entry, NULL,
                       x->gate == HB_GATE_BATTERY ? "never the pick: structure (below)" : "capped (below)");
        rows++;
    }
    if (!rows) {
        hb_text_table_free(&t);
        return;
    }
    hb_strbuf_printf(out,
                     "  In real tables on these keys, ns per key (medians of the process medians; set: * in the "
                     "fastest set): table ns is %s.\n",
                     r->combination);
    size_t len;
    char *text = hb_text_table_format(&t, &len);
    hb_strbuf_append(out, text, len);
    free(text);
    hb_text_table_free(&t);
}
