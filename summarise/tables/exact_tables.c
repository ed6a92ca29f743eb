/* exact_tables.c — counted inputs' tables: their gate. */
#include "exact_tables.h"

#include <math.h>
#include <stdlib.h>

#include "units.h"
#include "xalloc.h"

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
