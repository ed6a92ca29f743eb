/* table_ranks.c — -ranks (hbstat's own): within each table and column, each row's rank interval
 * and the best set (the fastest, for times and rates), simultaneous over the column's rows, from
 * summarise/ranks on the values each input gave (docs/statistics.md, "Rankings"). The inputs of a
 * label are its processes; a row's values from the k-th input are paired with every other row's. */
#include <math.h>
#include <stdlib.h>

#include "ranks.h"
#include "tables.h"
#include "units.h"
#include "xalloc.h"

/* Ranks column col of table: 0, 1 when it has no rows, -1 with *error when it has fewer than two
 * inputs. */
static int rank_one_column(struct hb_tables *t, struct hb_table *table, size_t col, double confidence, char **error)
{
    struct hb_column_rank *summary = &table->summaries[col].rank;
    size_t n = 0, P = 0;
    bool positive = true;
    for (size_t r = 0; r < table->nrows; r++) {
        const struct hb_table_cell *cell = hb_table_cell(table, r, col);
        if (!cell->present || cell->unranked)
            continue;
        n++;
        P = cell->nby_input > P ? cell->nby_input : P;
        for (size_t k = 0; k < cell->nby_input; k++)
            positive = positive && (isnan(cell->by_input[k]) || cell->by_input[k] > 0);
    }
    if (n == 0)
        return 1;
    if (P < 2) {
        struct hb_strbuf label = {0};
        hb_key_label(&t->proj->col, table->cols[col], t->in, &label);
        *error = hb_xasprintf("-ranks: column \"%s\" (%s) has values from %zu input; ranking needs at least 2 per "
                              "column, one per process (hashbench --process K, scripts/lib/replicate.sh)",
                              hb_strbuf_cstr(&label), hb_str_text(t->in, table->unit), P);
        hb_strbuf_free(&label);
        return -1;
    }
    if (!positive) {
        summary->not_ranked = "values <= 0, which have no logarithm";
        return 0;
    }
    bool higher = hb_unit_higher_is_better(hb_str_text(t->in, table->unit));
    double *x = hb_xmalloc(n * P * sizeof *x);
    size_t *row_of = hb_xmalloc(n * sizeof *row_of);
    for (size_t r = 0, i = 0; r < table->nrows; r++) {
        const struct hb_table_cell *cell = hb_table_cell(table, r, col);
        if (!cell->present || cell->unranked)
            continue;
        for (size_t k = 0; k < P; k++) {
            double v = k < cell->nby_input ? cell->by_input[k] : NAN;
            x[i * P + k] = higher && !isnan(v) ? 1 / v : v;
        }
        row_of[i++] = r;
    }
    struct hb_rank_input in = {n, P, x};
    struct hb_rank_options opts = HB_RANK_OPTIONS_DEFAULT;
    opts.confidence = confidence;
    struct hb_rank_result result;
    char *why = NULL;
    if (hb_rank_set(&in, &opts, &result, &why) != 0) {
        /* Only a row without any value could be refused, and a present cell has one. */
        summary->not_ranked = "the ranking refused its values";
        free(why);
    } else {
        for (size_t i = 0; i < n; i++) {
            struct hb_table_cell *cell = hb_table_cell(table, row_of[i], col);
            cell->rank = (struct hb_cell_rank){true, result.rank_lo[i], result.rank_hi[i], result.fastest[i],
                                               result.processes[i]};
        }
        *summary = (struct hb_column_rank){.ranked = true,
                                           .rows = n,
                                           .best = result.nfastest,
                                           .processes = P,
                                           .unseparable_pairs = result.unseparable_pairs};
        hb_rank_result_free(&result);
    }
    free(x);
    free(row_of);
    return 0;
}

int hb_tables_ranks(struct hb_tables *t, double confidence, char **error)
{
    t->rank_confidence = confidence;
    for (size_t i = 0; i < t->ntables; i++)
        for (size_t col = 0; col < t->tables[i].ncols; col++)
            if (rank_one_column(t, &t->tables[i], col, confidence, error) < 0)
                return -1;
    return 0;
}
