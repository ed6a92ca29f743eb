/* table_walk.c — one table, piece by piece, for the formats written row by row. */
#include "table_walk.h"

#include <stdio.h>
#include <string.h>

#include "output.h"
#include "scale.h"

/* Numbers the warnings[0..n) that are set and returns their markers (in m, reset first). */
static const char *mark(struct hb_footnotes *notes, char *const *warnings, size_t n, struct hb_strbuf *m)
{
    if (m->text)
        m->text[0] = '\0';
    m->len = 0;
    hb_footnotes_mark(notes, warnings, n, m);
    return hb_strbuf_cstr(m);
}

static void rows(const struct hb_tables *t, const struct hb_table *table, const struct hb_table_walker *w, void *arg,
                 struct hb_footnotes *notes)
{
    struct hb_strbuf label = {0}, m = {0};
    const char *unit = hb_str_text(t->in, table->unit);
    char center[128], range[128], delta[128], comparison[256], rank[64];
    bool ranked = t->rank_confidence > 0;
    for (size_t r = 0; r < table->nrows; r++) {
        hb_key_label(&t->proj->row, table->rows[r], t->in, &label);
        w->row(arg, hb_strbuf_cstr(&label));
        struct hb_scaler scaler = hb_table_row_scaler(t, table, r);
        for (size_t c = 0; c < table->ncols; c++) {
            const struct hb_table_cell *cell = hb_table_cell(table, r, c);
            if (cell->present) {
                hb_scaler_format(scaler, cell->summary.center, center, sizeof center);
                hb_format_range(&cell->summary, range, sizeof range);
                char *warnings[3] = {cell->sample_warning, cell->summary.warning, cell->summary.noise_warning};
                w->cell(arg, cell, center, range, mark(notes, warnings, 3, &m));
            } else {
                w->cell(arg, cell, NULL, NULL, NULL);
            }
            if (ranked) {
                hb_rank_text(&cell->rank, rank, sizeof rank);
                w->rank_cell(arg, cell, cell->present && cell->rank.ranked ? rank : NULL);
            }
            if (c == 0)
                continue;
            const struct hb_table_cell *base = hb_table_cell(table, r, 0);
            if (cell->compared) {
                hb_format_delta(&cell->cmp, base->summary.center, cell->summary.center, delta, sizeof delta);
                char shift[96];
                size_t used;
                hb_format_comparison(&cell->cmp, comparison, sizeof comparison);
                hb_format_shift(&cell->cmp, shift, sizeof shift);
                used = strlen(comparison);
                if (*shift)
                    snprintf(comparison + used, sizeof comparison - used, ", %s", shift);
                char *warnings[3] = {cell->cmp.warning, cell->cmp.test_note, cell->cmp.adjust_note};
                w->comparison(arg, unit, base, cell, delta, comparison, mark(notes, warnings, 3, &m));
            } else {
                w->comparison(arg, unit, base, cell, NULL, NULL, NULL);
            }
        }
        w->row_end(arg);
    }
    hb_strbuf_free(&label);
    hb_strbuf_free(&m);
}

static void walk_geomean_row(const struct hb_tables *t, const struct hb_table *table, const struct hb_table_walker *w,
                             void *arg, struct hb_footnotes *notes)
{
    enum hb_unit_class cls = hb_unit_class_of(hb_str_text(t->in, table->unit));
    struct hb_strbuf m = {0};
    char text[128];
    w->geomean(arg);
    for (size_t c = 0; c < table->ncols; c++) {
        const struct hb_column_summary *s = &table->summaries[c];
        size_t n = 0;
        while (n < 4 && s->warnings[n])
            n++;
        if (s->has_summary)
            hb_scale(s->summary, cls, text, sizeof text);
        /* The first column's footnotes sit on its geomean, a later column's on its ratio. */
        w->geomean_cell(arg, s->has_summary ? text : NULL, c == 0 ? mark(notes, s->warnings, n, &m) : "");
        if (t->rank_confidence > 0)
            w->rank_cell(arg, NULL, NULL);
        if (c == 0)
            continue;
        if (s->has_ratio)
            snprintf(text, sizeof text, "%+.2f%%", (s->ratio - 1) * 100);
        else
            snprintf(text, sizeof text, "?");
        w->geomean_ratio(arg, text, mark(notes, s->warnings, n, &m));
    }
    w->geomean_end(arg);
    hb_strbuf_free(&m);
}

void hb_table_walk(const struct hb_tables *t, const struct hb_table *table, const struct hb_table_walker *w, void *arg)
{
    struct hb_footnotes notes = {0};
    struct hb_strbuf label = {0};
    w->begin(arg, hb_str_text(t->in, table->unit));
    for (size_t c = 0; c < table->ncols; c++) {
        hb_key_label(&t->proj->col, table->cols[c], t->in, &label);
        w->column(arg, c, hb_strbuf_cstr(&label));
        if (t->rank_confidence > 0)
            w->rank_column(arg);
    }
    w->header_end(arg, table->ncols, t->rank_confidence > 0);
    rows(t, table, w, arg, &notes);
    if (w->rows_end)
        w->rows_end(arg);
    if (table->nrows > 1)
        walk_geomean_row(t, table, w, arg, &notes);
    w->end(arg, &notes);
    for (size_t c = 0; c < table->ncols && t->rank_confidence > 0; c++) {
        struct hb_strbuf line = {0};
        hb_rank_line(t, table, c, &line);
        if (line.len)
            w->rank_line(arg, hb_strbuf_cstr(&line));
        hb_strbuf_free(&line);
    }
    hb_footnotes_free(&notes);
    hb_strbuf_free(&label);
}
