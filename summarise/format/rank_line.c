/* rank_line.c — what every format says of -ranks beyond each cell's numbers: the text of a rank
 * interval, and the sentence that names a column's best set with its confidence. */
#include <stdio.h>
#include <string.h>

#include "output.h"
#include "units.h"

void hb_rank_text(const struct hb_cell_rank *r, char *buf, size_t size)
{
    if (r->ranked)
        snprintf(buf, size, "[%zu,%zu]", r->lo, r->hi);
    else if (size > 0)
        buf[0] = '\0';
}

const char *hb_rank_best_word(const char *unit)
{
    size_t n = strlen(unit);
    bool rate = n >= 2 && strcmp(unit + n - 2, "/s") == 0;
    if (rate || strcmp(unit, "sec/op") == 0 || strncmp(unit, "cycles/", 7) == 0)
        return "fastest";
    return hb_unit_higher_is_better(unit) ? "highest" : "lowest";
}

void hb_rank_line(const struct hb_tables *t, const struct hb_table *table, size_t col, struct hb_strbuf *out)
{
    const struct hb_column_rank *rank = &table->summaries[col].rank;
    if (t->rank_confidence <= 0 || (!rank->ranked && !rank->not_ranked))
        return;
    struct hb_strbuf label = {0};
    if (table->ncols > 1) {
        hb_key_label(&t->proj->col, table->cols[col], t->in, &label);
        hb_strbuf_printf(out, "%s: ", hb_strbuf_cstr(&label));
    }
    if (!rank->ranked) {
        hb_strbuf_printf(out, "not ranked: %s", rank->not_ranked);
        hb_strbuf_free(&label);
        return;
    }
    hb_strbuf_printf(out, "%s at %g%%, simultaneously over %zu row%s and %zu processes (%zu of %zu):",
                     hb_rank_best_word(hb_str_text(t->in, table->unit)), t->rank_confidence * 100, rank->rows,
                     rank->rows == 1 ? "" : "s", rank->processes, rank->best, rank->rows);
    const char *sep = " ";
    for (size_t r = 0; r < table->nrows; r++) {
        const struct hb_table_cell *cell = hb_table_cell(table, r, col);
        if (!cell->present || !cell->rank.best)
            continue;
        hb_key_label(&t->proj->row, table->rows[r], t->in, &label);
        hb_strbuf_printf(out, "%s%s", sep, hb_strbuf_cstr(&label));
        sep = ", ";
    }
    if (rank->unseparable_pairs)
        hb_strbuf_printf(out, "; %zu pairs of rows share fewer than 3 processes and cannot be told apart",
                         rank->unseparable_pairs);
    hb_strbuf_free(&label);
}
