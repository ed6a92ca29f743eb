/* html_tables.c — the table needs' real tables in the HTML fragment: what the list is ranked by, a
 * plot per design (plot_tables_svg.c), and a table the page can sort of every ranked entry and
 * every entry listed but never ranked, with its hit, miss and insert time per key in each design
 * (median, 90% interval beside it, the raw median in data-value; "capped" for a capped row). */
#include "html_tables.h"

#include <stdio.h>
#include <stdlib.h>

#include "describe.h"
#include "hb_alloc.h"
#include "hb_markup.h"
#include "plot_tables_svg.h"
#include "table_rank.h"

void hb_advice_html_ns_cell(struct hb_strbuf *out, const struct hb_advice_interval *x, const char *capped)
{
    char text[32], raw[40], range[64];
    if (capped) {
        hb_markup_element(out, "td", "capped", "class", "num capped", "title", capped, NULL);
        return;
    }
    hb_advice_ns(text, sizeof text, x->median, x->present);
    hb_advice_ns_exact(raw, sizeof raw, x->median);
    hb_markup_open(out, "td", "class", "num", "data-value", x->present && raw[0] ? raw : NULL, NULL);
    hb_markup_element(out, "span", text, "class", "median", NULL);
    if (hb_advice_interval_finite(x)) {
        hb_advice_ns_interval(range, sizeof range, x);
        hb_strbuf_puts(out, " ");
        hb_markup_element(out, "span", range, "class", "range", NULL);
    }
    hb_markup_close(out, "td");
}

/* An entry's row, the designs of `designs` only; p is its pick, NULL for one listed, never ranked. */
static void html_entry_row(struct hb_strbuf *out, unsigned designs, const char *place, const struct hb_advice_entry *e,
                           const struct hb_advice_pick *p, const char *note)
{
    char label[160], rank[32] = "-", processes[24] = "-";
    hb_advice_entry_label(e, label, sizeof label);
    if (p) {
        hb_advice_rank_text(rank, sizeof rank, p);
        snprintf(processes, sizeof processes, "%zu", p->processes);
    }
    hb_markup_open(out, "tr", "class", !p ? "listed" : p->fastest ? "fastest" : NULL, NULL);
    hb_markup_element(out, "td", place, "class", "num", NULL);
    hb_markup_element(out, "td", label, NULL);
    hb_markup_element(out, "td", p && p->fastest ? "in" : "", NULL);
    hb_markup_element(out, "td", rank, "class", "num", NULL);
    hb_markup_element(out, "td", processes, "class", "num", NULL);
    hb_advice_html_ns_cell(out, &e->table_score, NULL);
    for (int d = 0; d < HB_DESIGNS; d++)
        for (int o = 0; o < HB_OPS && (designs >> d & 1); o++)
            hb_advice_html_ns_cell(out, &e->tables.cell[d][o].x, e->tables.cell[d][o].capped);
    hb_advice_html_ns_cell(out, &e->latency, NULL);
    hb_markup_element(out, "td", note, "class", "why", NULL);
    hb_markup_close(out, "tr");
    hb_strbuf_puts(out, "\n");
}

static void html_design_table(const struct hb_advice_result *r, unsigned designs, struct hb_strbuf *out)
{
    hb_markup_open(out, "table", "class", "advice-tables", "data-need", r->rule->name, NULL);
    hb_strbuf_puts(out, "\n");
    hb_markup_open(out, "thead", NULL);
    hb_markup_open(out, "tr", NULL);
    hb_markup_element(out, "th", "#", "scope", "col", "class", "num", NULL);
    hb_markup_element(out, "th", "name/impl", "scope", "col", NULL);
    hb_markup_element(out, "th", "set", "scope", "col", NULL);
    hb_markup_element(out, "th", "rank", "scope", "col", "class", "num", NULL);
    hb_markup_element(out, "th", "processes", "scope", "col", "class", "num", NULL);
    hb_markup_element(out, "th", "table ns", "scope", "col", "class", "num", NULL);
    for (int d = 0; d < HB_DESIGNS; d++)
        for (int o = 0; o < HB_OPS && (designs >> d & 1); o++) {
            char head[64];
            snprintf(head, sizeof head, "%s %s", hb_design_name((enum hb_design)d),
                     hb_hashtable_op_name((enum hb_hashtable_op)o));
            hb_markup_element(out, "th", head, "scope", "col", "class", "num", NULL);
        }
    hb_markup_element(out, "th", "latency ns (shown, not used)", "scope", "col", "class", "num", NULL);
    hb_markup_element(out, "th", "note", "scope", "col", NULL);
    hb_markup_close(out, "tr");
    hb_markup_close(out, "thead");
    hb_markup_open(out, "tbody", NULL);
    hb_strbuf_puts(out, "\n");
    for (size_t i = 0; i < r->nranked; i++) {
        char place[24], note[160];
        snprintf(place, sizeof place, "%zu", i + 1);
        hb_hashtable_unranked_failures(&r->ranked[i].entry, note, sizeof note);
        html_entry_row(out, designs, place, &r->ranked[i].entry, &r->ranked[i], note);
    }
    for (size_t i = 0; i < r->nexcluded; i++) {
        const struct hb_advice_exclusion *x = &r->excluded[i];
        if (x->has_entry && x->entry.tables.present && (x->gate == HB_GATE_BATTERY || x->gate == HB_GATE_CAPPED))
            html_entry_row(out, designs, "-", &x->entry, NULL, x->reason);
    }
    hb_markup_close(out, "tbody");
    hb_markup_close(out, "table");
    hb_strbuf_puts(out, "\n");
}

void hb_advice_html_tables(const struct hb_advice_result *r, struct hb_strbuf *out)
{
    if (!r->combination)
        return;
    char *text = hb_xasprintf("Ranked by the table lookup time: %s. The pick is never a linear hash or one the "
                              "structure battery fails; those are listed below the ranked entries with their "
                              "figures and reason.",
                              r->combination);
    hb_markup_element(out, "p", text, "class", "tables-rule", NULL);
    hb_strbuf_puts(out, "\n");
    free(text);
    const unsigned designs = hb_hashtable_designs_shown(r);
    for (int d = 0; d < HB_DESIGNS; d++) {
        if (!(designs >> d & 1))
            continue;
        char id[96];
        snprintf(id, sizeof id, "plot-%s-%s", r->rule->name, hb_design_name((enum hb_design)d));
        hb_markup_open(out, "figure", "class", "advice-plot-table", NULL);
        hb_strbuf_puts(out, "\n");
        if (hb_advice_plot_tables_svg(r, (enum hb_design)d, id, out)) {
            hb_strbuf_puts(out, "\n");
            char *caption = hb_xasprintf("Lookups in %s per entry on these keys: %s.",
                                         hb_design_name((enum hb_design)d), hb_advice_design_text((enum hb_design)d));
            hb_markup_element(out, "figcaption", caption, NULL);
            free(caption);
        } else {
            hb_markup_element(out, "figcaption", "No plot: no entry has lookups measured in this design.", NULL);
        }
        hb_markup_close(out, "figure");
        hb_strbuf_puts(out, "\n");
    }
    html_design_table(r, designs, out);
}
