/* format_text.c — the text format: benchstat's table grid. Column group e starts at grid column
 * 1 (e = 0) or 4 + 6(e - 1); each group holds [center][range][warnings], and later groups add
 * [delta][(p=... n=...)][warnings]. Under -ranks each group's center part holds two columns more,
 * [rank][best-set marker], and a sentence under the table names each column's best set. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "footnotes.h"
#include "output.h"
#include "scale.h"
#include "hb_text_table.h"

enum { LABEL_COLS = 1, CENTER_COLS = 3, DELTA_COLS = 3, RANK_COLS = 2 };

/* The columns of a group's center part: 3, or 5 with the rank and its marker (-ranks). */
static size_t text_center_cols(const struct hb_tables *t)
{
    return CENTER_COLS + (t->rank_confidence > 0 ? RANK_COLS : 0);
}

static size_t text_start_col(const struct hb_tables *t, size_t group)
{
    return group == 0 ? LABEL_COLS
                      : LABEL_COLS + text_center_cols(t) + (group - 1) * (text_center_cols(t) + DELTA_COLS);
}

static void text_config_line(const char *name, const char *value, void *arg)
{
    hb_strbuf_printf(arg, "%s: %s\n", name, value);
}

/* Adds the footnote-marker cell for warnings[0..n). */
static void warn_cell(struct hb_text_table *o, struct hb_footnotes *notes, char *const *warnings, size_t n)
{
    struct hb_strbuf markers = {0};
    hb_footnotes_mark(notes, warnings, n, &markers);
    hb_text_table_cell(o, hb_strbuf_cstr(&markers), HB_ALIGN_LEFT, NULL);
    hb_strbuf_free(&markers);
}

static void header_rows(const struct hb_tables *t, const struct hb_table *table, struct hb_text_table *o)
{
    const struct hb_projection *proj = &t->proj->col;
    size_t levels = hb_projection_levels(proj), edge = text_start_col(t, table->ncols + 1);
    struct hb_strbuf value = {0}, cur = {0};
    for (size_t level = 0; level < levels; level++) {
        hb_text_table_row(o);
        /* A node is a run of columns equal in every level up to this one. */
        for (size_t start = 0, end; start < table->ncols; start = end) {
            for (end = start + 1; end < table->ncols; end++) {
                bool same = true;
                for (size_t l = 0; l <= level && same; l++) {
                    hb_key_level(proj, table->cols[start], l, t->in, &value);
                    hb_key_level(proj, table->cols[end], l, t->in, &cur);
                    same = strcmp(hb_strbuf_cstr(&value), hb_strbuf_cstr(&cur)) == 0;
                }
                if (!same)
                    break;
            }
            hb_key_level(proj, table->cols[start], level, t->in, &value);
            hb_text_table_col(o, text_start_col(t, start));
            hb_text_table_span(o, text_start_col(t, end) - text_start_col(t, start), hb_strbuf_cstr(&value),
                               HB_ALIGN_CENTER, " │ ");
        }
        hb_text_table_col(o, edge);
        hb_text_table_cell(o, "", HB_ALIGN_LEFT, " │");
    }
    hb_text_table_row(o);
    const char *unit = hb_str_text(t->in, table->unit);
    for (size_t i = 0; i < table->ncols; i++) {
        size_t l = text_start_col(t, i);
        hb_text_table_col(o, l);
        hb_text_table_span(o, CENTER_COLS, unit, HB_ALIGN_CENTER, " │ ");
        if (t->rank_confidence > 0)
            hb_text_table_span(o, RANK_COLS, "rank", HB_ALIGN_LEFT, "  ");
        if (i > 0)
            hb_text_table_span(o, DELTA_COLS, "vs base", HB_ALIGN_LEFT, "  ");
        /* A group's columns shrink, but its center and its rank, which a heading may widen. */
        for (size_t j = l + 1; j < hb_text_table_cur_col(o); j++)
            if (!(t->rank_confidence > 0 && j == l + CENTER_COLS))
                hb_text_table_set_shrink(o, j);
    }
    hb_text_table_col(o, edge);
    hb_text_table_cell(o, "", HB_ALIGN_LEFT, " │");
    hb_strbuf_free(&value);
    hb_strbuf_free(&cur);
}

static void data_rows(const struct hb_tables *t, const struct hb_table *table, struct hb_text_table *o,
                      struct hb_footnotes *notes)
{
    struct hb_strbuf label = {0};
    char text[256];
    for (size_t r = 0; r < table->nrows; r++) {
        hb_text_table_row(o);
        hb_key_label(&t->proj->row, table->rows[r], t->in, &label);
        hb_text_table_cell(o, hb_strbuf_cstr(&label), HB_ALIGN_LEFT, NULL);
        struct hb_scaler scaler = hb_table_row_scaler(t, table, r);
        for (size_t c = 0; c < table->ncols; c++) {
            const struct hb_table_cell *cell = hb_table_cell(table, r, c);
            if (!cell->present)
                continue;
            hb_text_table_col(o, text_start_col(t, c));
            hb_scaler_format(scaler, cell->summary.center, text, sizeof text);
            hb_text_table_cell(o, text, HB_ALIGN_RIGHT, NULL);
            hb_format_range(&cell->summary, text, sizeof text);
            hb_text_table_cell(o, text, HB_ALIGN_RIGHT, " ± ");
            char *warnings[3] = {cell->sample_warning, cell->summary.warning, cell->summary.noise_warning};
            warn_cell(o, notes, warnings, 3);
            if (t->rank_confidence > 0) {
                hb_rank_text(&cell->rank, text, sizeof text);
                hb_text_table_cell(o, text, HB_ALIGN_RIGHT, NULL);
                hb_text_table_cell(o, cell->rank.best ? HB_RANK_BEST_MARK : "", HB_ALIGN_LEFT, NULL);
            }
            if (c > 0 && cell->compared) {
                const struct hb_table_cell *base = hb_table_cell(table, r, 0);
                hb_format_delta(&cell->cmp, base->summary.center, cell->summary.center, text, sizeof text);
                hb_text_table_cell(o, text, HB_ALIGN_RIGHT, NULL);
                char cmp[96], shift[96] = "";
                hb_format_comparison(&cell->cmp, cmp, sizeof cmp);
                if (t->show_shift)
                    hb_format_shift(&cell->cmp, shift, sizeof shift);
                snprintf(text, sizeof text, "(%s%s%s)", cmp, *shift ? ", " : "", shift);
                hb_text_table_cell(o, text, HB_ALIGN_LEFT, NULL);
                char *cmp_warnings[3] = {cell->cmp.warning, cell->cmp.test_note, cell->cmp.adjust_note};
                warn_cell(o, notes, cmp_warnings, 3);
            }
        }
    }
    hb_strbuf_free(&label);
}

static void geomean_row(const struct hb_tables *t, const struct hb_table *table, struct hb_text_table *o,
                        struct hb_footnotes *notes)
{
    enum hb_unit_class cls = hb_unit_class_of(hb_str_text(t->in, table->unit));
    char text[64];
    hb_text_table_row(o);
    hb_text_table_cell(o, "geomean", HB_ALIGN_LEFT, NULL);
    for (size_t c = 0; c < table->ncols; c++) {
        const struct hb_column_summary *s = &table->summaries[c];
        if (s->has_summary) {
            hb_text_table_col(o, text_start_col(t, c));
            hb_scale(s->summary, cls, text, sizeof text);
            hb_text_table_cell(o, text, HB_ALIGN_RIGHT, NULL);
        }
        if (c > 0) {
            hb_text_table_col(o, text_start_col(t, c) + text_center_cols(t));
            if (s->has_ratio) {
                snprintf(text, sizeof text, "%+.2f%%", (s->ratio - 1) * 100);
                hb_text_table_cell(o, text, HB_ALIGN_RIGHT, NULL);
            } else {
                hb_text_table_cell(o, "?", HB_ALIGN_LEFT, NULL);
            }
        }
        hb_text_table_col(o, text_start_col(t, c + 1) - 1);
        size_t n = 0;
        while (n < 4 && s->warnings[n])
            n++;
        warn_cell(o, notes, s->warnings, n);
    }
}

/* Declared through the writer type, so the compiler checks the signature against the table's. */
hb_format_writer hb_format_text;

void hb_format_text(const struct hb_tables *t, struct hb_strbuf *out, struct hb_strbuf *warnings)
{
    (void)warnings;
    size_t before = out->len;
    hb_machine_variation_line(t, out);
    if (out->len != before)
        hb_strbuf_puts(out, "\n\n");
    for (size_t i = 0; i < t->ntables; i++) {
        const struct hb_table *table = &t->tables[i];
        if (i > 0)
            hb_strbuf_puts(out, "\n");
        hb_table_config_lines(t, table, i ? &t->tables[i - 1] : NULL, text_config_line, out);
        struct hb_text_table o = {0};
        struct hb_footnotes notes = {0};
        header_rows(t, table, &o);
        data_rows(t, table, &o, &notes);
        if (table->nrows > 1)
            geomean_row(t, table, &o, &notes);
        size_t len;
        char *text = hb_text_table_format(&o, &len);
        hb_strbuf_append(out, text, len);
        free(text);
        hb_footnotes_print(&notes, out);
        for (size_t c = 0; c < table->ncols; c++) {
            struct hb_strbuf line = {0};
            hb_rank_line(t, table, c, &line);
            if (line.len)
                hb_strbuf_printf(out, "%s %s\n", HB_RANK_BEST_MARK, hb_strbuf_cstr(&line));
            hb_strbuf_free(&line);
        }
        hb_footnotes_free(&notes);
        hb_text_table_free(&o);
    }
}
