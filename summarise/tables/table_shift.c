/* table_shift.c — every timed comparison's shift and interval (hb_shift), on the log scale: a
 * change in speed is a ratio, and on logs a ratio is a shift, which is what the estimate and its
 * interval assume. */
#include <math.h>
#include <stdlib.h>

#include "shift.h"
#include "tables.h"
#include "xalloc.h"

/* ln of the ascending values[0..n), or NULL when one is <= 0 (no ratio exists). */
static double *logs_of(const double *values, size_t n)
{
    if (n == 0 || !(values[0] > 0))
        return NULL;
    double *logs = hb_xmalloc(n * sizeof *logs);
    for (size_t i = 0; i < n; i++)
        logs[i] = log(values[i]);
    return logs;
}

static void set_shift(struct hb_comparison *c, struct hb_shift s)
{
    c->shift = isnan(s.estimate) ? NAN : expm1(s.estimate) * 100;
    c->shift_lo = isinf(s.lo) ? -INFINITY : expm1(s.lo) * 100;
    c->shift_hi = isinf(s.hi) ? INFINITY : expm1(s.hi) * 100;
}

static void shift_cell(const struct hb_table_cell *base, struct hb_table_cell *cell, double confidence)
{
    if (cell->cmp.paired) {
        if (cell->npairs)
            set_shift(&cell->cmp, hb_shift_paired(cell->log_ratios, cell->npairs, confidence));
        return;
    }
    double *x = logs_of(base->values, base->n), *y = logs_of(cell->values, cell->n);
    if (x && y)
        set_shift(&cell->cmp, hb_shift_unpaired(x, base->n, y, cell->n, confidence));
    free(x);
    free(y);
}

void hb_tables_shift(struct hb_tables *t)
{
    for (size_t i = 0; i < t->ntables; i++) {
        const struct hb_table *table = &t->tables[i];
        for (size_t r = 0; r < table->nrows; r++)
            for (size_t c = 1; c < table->ncols; c++) {
                struct hb_table_cell *cell = hb_table_cell(table, r, c);
                if (cell->compared && !cell->cmp.exact)
                    shift_cell(hb_table_cell(table, r, 0), cell, t->confidence);
            }
    }
}
