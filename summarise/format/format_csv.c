/* format_csv.c — the csv format: benchstat's CSV tables (unscaled, shortest round-trip numbers,
 * CI columns), every table row padded to the table's full width, and warnings on the side as
 * spreadsheet cell references counted from the file's first line. Under -ranks each column group
 * holds rank_lo, rank_hi and fastest after CI. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "go_float_format.h"
#include "output.h"
#include "xalloc.h"

enum { LABEL_COLS = 1, CENTER_COLS = 2, DELTA_COLS = 2, RANK_COLS = 3 };

/* A column group's value part: the value and CI, and under -ranks rank_lo, rank_hi and fastest. */
static size_t csv_center_cols(const struct hb_tables *t)
{
    return CENTER_COLS + (t->rank_confidence > 0 ? RANK_COLS : 0);
}

static size_t csv_start_col(const struct hb_tables *t, size_t group)
{
    return group == 0 ? LABEL_COLS : LABEL_COLS + csv_center_cols(t) + (group - 1) * (csv_center_cols(t) + DELTA_COLS);
}

struct record {
    char **fields;
    size_t n, cap;
};

struct csv {
    struct hb_strbuf *out, *warnings;
    size_t line; /* 1-based number of the next line written */
    struct record rec;
};

static void csv_add(struct csv *w, const char *field)
{
    hb_grow((void **)&w->rec.fields, &w->rec.cap, w->rec.n + 1, sizeof *w->rec.fields);
    w->rec.fields[w->rec.n++] = hb_xstrdup(field);
}

static void clear_to(struct csv *w, size_t col)
{
    while (w->rec.n < col)
        csv_add(w, "");
}

/* Quotes as Go's encoding/csv does: fields with a comma, quote or line break, a leading space, or
 * exactly "\." (an end-of-data marker to some databases). */
static void write_field(struct hb_strbuf *out, const char *f)
{
    bool quote = f[0] && (strpbrk(f, ",\"\r\n") || isspace((unsigned char)f[0]) || strcmp(f, "\\.") == 0);
    if (!quote) {
        hb_strbuf_puts(out, f);
        return;
    }
    hb_strbuf_puts(out, "\"");
    for (; *f; f++) {
        if (*f == '"')
            hb_strbuf_puts(out, "\""); /* a quote doubles */
        hb_strbuf_append(out, f, 1);
    }
    hb_strbuf_puts(out, "\"");
}

static void emit(struct csv *w, size_t width)
{
    clear_to(w, width);
    for (size_t i = 0; i < w->rec.n; i++) {
        if (i)
            hb_strbuf_puts(w->out, ",");
        write_field(w->out, w->rec.fields[i]);
        free(w->rec.fields[i]);
    }
    hb_strbuf_puts(w->out, "\n");
    w->rec.n = 0;
    w->line++;
}

/* Warnings for the cell about to be added at column rec.n of the current line. */
static void warn(struct csv *w, char *const *warnings, size_t n)
{
    char letters[16];
    size_t pos = sizeof letters - 1;
    letters[pos] = '\0';
    for (size_t x = w->rec.n; x > 0; x /= 26)
        letters[--pos] = (char)('A' + x % 26);
    if (pos == sizeof letters - 1)
        letters[--pos] = 'A';
    for (size_t i = 0; i < n; i++)
        if (warnings[i])
            hb_strbuf_printf(w->warnings, "%s%zu: %s\n", letters + pos, w->line, warnings[i]);
}

static void csv_config_line(const char *name, const char *value, void *arg)
{
    struct csv *w = arg;
    char *line = hb_xasprintf("%s: %s", name, value);
    csv_add(w, line);
    free(line);
    emit(w, 1);
}

static void write_table(const struct hb_tables *t, const struct hb_table *table, struct csv *w)
{
    size_t width = csv_start_col(t, table->ncols);
    const struct hb_projection *cols = &t->proj->col;
    struct hb_strbuf value = {0}, label = {0};
    char num[HB_GO_G_MAX], text[96];
    for (size_t level = 0; level < hb_projection_levels(cols); level++) {
        for (size_t c = 0; c < table->ncols; c++) {
            clear_to(w, csv_start_col(t, c));
            hb_key_level(cols, table->cols[c], level, t->in, &value);
            csv_add(w, hb_strbuf_cstr(&value));
        }
        emit(w, width);
    }
    for (size_t c = 0; c < table->ncols; c++) {
        clear_to(w, csv_start_col(t, c));
        csv_add(w, hb_str_text(t->in, table->unit));
        csv_add(w, "CI");
        if (t->rank_confidence > 0) {
            csv_add(w, "rank_lo");
            csv_add(w, "rank_hi");
            csv_add(w, "fastest");
        }
        if (c > 0) {
            csv_add(w, "vs base");
            csv_add(w, "P");
        }
    }
    emit(w, width);
    for (size_t r = 0; r < table->nrows; r++) {
        hb_key_label(&t->proj->row, table->rows[r], t->in, &label);
        csv_add(w, hb_strbuf_cstr(&label));
        for (size_t c = 0; c < table->ncols; c++) {
            const struct hb_table_cell *cell = hb_table_cell(table, r, c);
            if (!cell->present)
                continue;
            clear_to(w, csv_start_col(t, c));
            warn(w, &cell->sample_warning, 1);
            warn(w, &cell->summary.warning, 1);
            warn(w, &cell->summary.noise_warning, 1);
            csv_add(w, hb_format_go_g(cell->summary.center, num));
            hb_format_range(&cell->summary, text, sizeof text);
            csv_add(w, text);
            if (t->rank_confidence > 0) {
                clear_to(w, csv_start_col(t, c) + CENTER_COLS);
                if (cell->rank.ranked) {
                    snprintf(text, sizeof text, "%zu", cell->rank.lo);
                    csv_add(w, text);
                    snprintf(text, sizeof text, "%zu", cell->rank.hi);
                    csv_add(w, text);
                    csv_add(w, cell->rank.best ? "true" : "false");
                }
                clear_to(w, csv_start_col(t, c) + csv_center_cols(t));
            }
            if (c > 0 && cell->compared) {
                warn(w, &cell->cmp.warning, 1);
                warn(w, &cell->cmp.test_note, 1);
                warn(w, &cell->cmp.adjust_note, 1);
                hb_format_delta(&cell->cmp, hb_table_cell(table, r, 0)->summary.center, cell->summary.center, text,
                                sizeof text);
                csv_add(w, text);
                hb_format_comparison(&cell->cmp, text, sizeof text);
                csv_add(w, text);
            }
        }
        emit(w, width);
    }
    csv_add(w, "geomean");
    for (size_t c = 0; c < table->ncols; c++) {
        const struct hb_column_summary *s = &table->summaries[c];
        clear_to(w, csv_start_col(t, c));
        size_t n = 0;
        while (n < 4 && s->warnings[n])
            n++;
        warn(w, s->warnings, n);
        if (s->has_summary)
            csv_add(w, hb_format_go_g(s->summary, num));
        if (c > 0) {
            clear_to(w, csv_start_col(t, c) + csv_center_cols(t));
            if (s->has_ratio)
                snprintf(text, sizeof text, "%+.2f%%", (s->ratio - 1) * 100);
            else
                snprintf(text, sizeof text, "?");
            csv_add(w, text);
        }
    }
    emit(w, width);
    hb_strbuf_free(&value);
    hb_strbuf_free(&label);
}

/* Declared through the writer type, so the compiler checks the signature against the table's. */
hb_format_writer hb_format_csv;

void hb_format_csv(const struct hb_tables *t, struct hb_strbuf *out, struct hb_strbuf *warnings)
{
    struct csv w = {out, warnings, 1, {0}};
    for (size_t i = 0; i < t->ntables; i++) {
        if (i > 0) {
            csv_add(&w, "");
            emit(&w, 1);
        }
        hb_table_config_lines(t, &t->tables[i], i ? &t->tables[i - 1] : NULL, csv_config_line, &w);
        write_table(t, &t->tables[i], &w);
    }
    free(w.rec.fields);
}
