/* rank_rows.c — -rank (hbstat's own): each table's rows by the baseline column's median, best
 * first. It runs after the tables are built, so every number, the geomean row included, is the
 * same with and without it; only the order of rows, and so of footnote numbers, changes. */
#include <stdlib.h>
#include <string.h>

#include "tables.h"
#include "units.h"
#include "xalloc.h"

struct ranked_row {
    size_t row; /* position before ranking: the tie-breaker, which keeps the -row order */
    bool has_baseline;
    double center;
};

/* qsort has no context argument; ranking runs single-threaded, so the direction is file-scoped. */
static bool higher_is_better;

static int rows_by_rank(const void *a, const void *b)
{
    const struct ranked_row *x = a, *y = b;
    if (x->has_baseline != y->has_baseline)
        return x->has_baseline ? -1 : 1;
    /* Centers are finite: the readers leave out NaN and infinite values. */
    if (x->has_baseline && x->center != y->center)
        return (higher_is_better ? x->center > y->center : x->center < y->center) ? -1 : 1;
    return (x->row > y->row) - (x->row < y->row);
}

static void rank_table(const struct hb_tables *t, struct hb_table *table)
{
    struct ranked_row *order = hb_xmalloc((table->nrows + 1) * sizeof *order);
    for (size_t r = 0; r < table->nrows; r++) {
        const struct hb_table_cell *base = hb_table_cell(table, r, 0);
        order[r] = (struct ranked_row){r, base->present, base->present ? base->summary.center : 0};
    }
    higher_is_better = hb_unit_higher_is_better(hb_str_text(t->in, table->unit));
    qsort(order, table->nrows, sizeof *order, rows_by_rank);

    hb_tuple *rows = hb_xmalloc((table->nrows + 1) * sizeof *rows);
    struct hb_table_cell *cells = hb_xmalloc((table->nrows * table->ncols + 1) * sizeof *cells);
    for (size_t r = 0; r < table->nrows; r++) {
        rows[r] = table->rows[order[r].row];
        memcpy(&cells[r * table->ncols], hb_table_cell(table, order[r].row, 0), table->ncols * sizeof *cells);
    }
    free(table->rows);
    free(table->cells);
    table->rows = rows;
    table->cells = cells;
    free(order);
}

void hb_tables_rank(struct hb_tables *t)
{
    for (size_t i = 0; i < t->ntables; i++)
        rank_table(t, &t->tables[i]);
}
