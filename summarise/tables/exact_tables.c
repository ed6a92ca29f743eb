/* exact_tables.c — counted inputs' tables: exact summaries and comparisons, and their gate. */
#include "exact_tables.h"

#include <math.h>
#include <stdlib.h>

#include "units.h"
#include "xalloc.h"

/* A not-repeatable row has no one count: its median would move the geomean by an amount that is
 * not a change of the code, so the geomean row leaves it out, in every column, and says so. */
static void leave_out_unrepeatable(struct hb_table *table)
{
    bool *leave_out = hb_xcalloc(table->nrows ? table->nrows : 1, sizeof *leave_out);
    size_t n = 0;
    for (size_t r = 0; r < table->nrows; r++) {
        for (size_t c = 0; c < table->ncols; c++) {
            const struct hb_table_cell *cell = hb_table_cell(table, r, c);
            if (cell->present && (cell->summary.lo != cell->summary.hi || (cell->compared && cell->cmp.not_repeatable)))
                leave_out[r] = true;
        }
        n += leave_out[r];
    }
    if (n) {
        hb_table_resummarise(table, leave_out);
        for (size_t c = 0; c < table->ncols; c++) {
            struct hb_column_summary *s = &table->summaries[c];
            size_t w = 0;
            while (w < 3 && s->warnings[w])
                w++;
            s->warnings[w] =
                hb_xasprintf("geomean leaves out %zu not-repeatable row%s (their counts differ)", n, n == 1 ? "" : "s");
        }
    }
    free(leave_out);
}

void hb_tables_exact(struct hb_tables *t, double threshold)
{
    for (size_t i = 0; i < t->ntables; i++) {
        struct hb_table *table = &t->tables[i];
        for (size_t r = 0; r < table->nrows; r++) {
            const struct hb_table_cell *base = hb_table_cell(table, r, 0);
            for (size_t c = 0; c < table->ncols; c++) {
                struct hb_table_cell *cell = hb_table_cell(table, r, c);
                if (!cell->present)
                    continue;
                hb_summary_clear(&cell->summary);
                hb_summarise_exact(cell->values, cell->n, &cell->summary);
                if (!cell->compared)
                    continue;
                hb_comparison_clear(&cell->cmp);
                hb_compare_exact(base->values, base->n, cell->values, cell->n, threshold, &cell->cmp);
            }
        }
        leave_out_unrepeatable(table);
    }
}

bool hb_find_exact_regressions(const struct hb_tables *t, double pct, struct hb_strbuf *report)
{
    struct hb_strbuf row = {0}, col = {0};
    bool found = false;
    for (size_t i = 0; i < t->ntables; i++) {
        const struct hb_table *table = &t->tables[i];
        const char *unit = hb_str_text(t->in, table->unit);
        for (size_t r = 0; r < table->nrows; r++)
            for (size_t c = 1; c < table->ncols; c++) {
                const struct hb_table_cell *cell = hb_table_cell(table, r, c);
                if (!cell->compared || !cell->cmp.exact || !hb_comparison_significant(&cell->cmp))
                    continue;
                double delta = cell->cmp.exact_delta;
                if (!hb_worse_beyond(unit, delta, pct))
                    continue;
                found = true;
                hb_key_label(&t->proj->row, table->rows[r], t->in, &row);
                hb_key_label(&t->proj->col, table->cols[c], t->in, &col);
                hb_strbuf_printf(report,
                                 "hbstat: regression beyond %g%%: %s [%s] %s %+.4g%% (exact; a change beyond %g%%)\n",
                                 pct, hb_strbuf_cstr(&row), hb_strbuf_cstr(&col), unit, delta, cell->cmp.threshold);
            }
    }
    hb_strbuf_free(&row);
    hb_strbuf_free(&col);
    return found;
}
