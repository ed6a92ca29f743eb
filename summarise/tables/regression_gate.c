/* regression_gate.c — the CI gate over the comparisons already in the tables. Without an
 * adjustment a run of about a hundred rows at alpha 0.05 each would trip on identical code every
 * few runs; Holm's adjustment keeps the chance of any false trip at alpha. */
#include "regression_gate.h"

#include <math.h>
#include <stdlib.h>

#include "exact_tables.h"
#include "tables_adjust.h"
#include "units.h"
#include "xalloc.h"

/* One family for the whole gate: every comparison of every unit. Holm per unit would keep each
 * unit's false trips at alpha, but a gate looking at four units (sec/op, B/s, cycles/B,
 * cycles/hash) would then trip on identical code up to four times as often; over their union the
 * chance of any false trip stays at alpha, whatever the units and rows. */
struct gate_family {
    struct hb_family_member *members;
    size_t m;
};

static void add_unit(const struct hb_tables *t, hb_str unit, void *arg)
{
    struct gate_family *g = arg;
    size_t m;
    struct hb_family_member *family = hb_tables_family(t, unit, &m);
    g->members = hb_xreallocarray(g->members, g->m + m + 1, sizeof *g->members);
    for (size_t k = 0; k < m; k++)
        g->members[g->m++] = family[k];
    free(family);
}

bool hb_find_regressions(const struct hb_tables *t, double pct, enum hb_adjust method, struct hb_strbuf *report)
{
    struct gate_family g = {NULL, 0};
    hb_tables_each_unit(t, add_unit, &g);
    double *q = hb_family_adjusted(t, g.members, g.m, method);
    struct hb_strbuf row = {0}, col = {0};
    bool found = false;
    for (size_t k = 0; k < g.m; k++) {
        const struct hb_table *table = &t->tables[g.members[k].table];
        const struct hb_table_cell *cell = hb_table_cell(table, g.members[k].row, g.members[k].col);
        double old = hb_table_cell(table, g.members[k].row, 0)->summary.center;
        double delta = hb_comparison_delta(&cell->cmp, old, cell->summary.center);
        if (q[k] > cell->cmp.alpha || isnan(delta))
            continue;
        const char *unit_text = hb_str_text(t->in, table->unit);
        if (!hb_worse_beyond(unit_text, delta, pct))
            continue;
        found = true;
        hb_key_label(&t->proj->row, table->rows[g.members[k].row], t->in, &row);
        hb_key_label(&t->proj->col, table->cols[g.members[k].col], t->in, &col);
        hb_strbuf_printf(report, "hbstat: regression beyond %g%%: %s [%s] %s %+.2f%% (p=%.3g", pct,
                         hb_strbuf_cstr(&row), hb_strbuf_cstr(&col), unit_text, delta, q[k]);
        if (method == HB_ADJUST_NONE)
            hb_strbuf_puts(report, ", not adjusted)\n");
        else
            hb_strbuf_printf(report, " adjusted by %s over the gate's %zu comparison%s, raw p=%.3g)\n",
                             method == HB_ADJUST_HOLM ? "Holm" : "Benjamini-Hochberg", g.m, g.m == 1 ? "" : "s",
                             cell->cmp.p);
    }
    hb_strbuf_free(&row);
    hb_strbuf_free(&col);
    free(q);
    free(g.members);
    /* Exact comparisons (counted inputs) have no p: a change is one beyond their threshold. */
    if (hb_find_exact_regressions(t, pct, report))
        found = true;
    return found;
}
