/* history_format_text.c — hbstat -history's text report: the runs and configuration changes as
 * lines, then per unit a benchstat-like grid (laid out by common/'s text-table engine) with one
 * line per change point: series, run, commit, the median before and after with their intervals,
 * and the change with its p-value, followed by the footnotes and the unit's summary line. */
#include <stdio.h>
#include <stdlib.h>

#include "footnotes.h"
#include "hb_text_table.h"
#include "history_formats.h"
#include "history_walk.h"

/* Grid columns: the name, run, commit, then before and after as [median][± range][notes], then
 * the change and its test. */
enum {
    COL_RUN = 1,
    COL_COMMIT,
    COL_BEFORE,
    COL_AFTER = COL_BEFORE + 3,
    COL_CHANGE = COL_AFTER + 3,
    NCOLS = COL_CHANGE + 2
};

struct text {
    struct hb_strbuf *out;
    struct hb_text_table table;
    bool blank_before; /* a table or summary was written: the next table starts after a blank line */
};

static void history_text_runs(void *arg, const char *line)
{
    struct text *t = arg;
    hb_strbuf_printf(t->out, "%s\n", line);
}

static void history_text_config_change(void *arg, const struct hb_history_config_change *change, const char *line)
{
    (void)change;
    history_text_runs(arg, line);
}

static void history_text_table(void *arg, const char *unit)
{
    struct text *t = arg;
    hb_strbuf_puts(t->out, "\n");
    struct hb_text_table *o = &t->table;
    *o = (struct hb_text_table){0};
    hb_text_table_row(o);
    hb_text_table_col(o, COL_RUN);
    hb_text_table_cell(o, "run", HB_ALIGN_CENTER, " │ ");
    hb_text_table_cell(o, "commit", HB_ALIGN_CENTER, " │ ");
    hb_text_table_span(o, 3, "before", HB_ALIGN_CENTER, " │ ");
    hb_text_table_span(o, 3, "after", HB_ALIGN_CENTER, " │ ");
    hb_text_table_span(o, 2, "change", HB_ALIGN_LEFT, " │ ");
    hb_text_table_row(o);
    hb_text_table_col(o, COL_RUN);
    hb_text_table_cell(o, "", HB_ALIGN_CENTER, " │ ");
    hb_text_table_cell(o, "", HB_ALIGN_CENTER, " │ ");
    hb_text_table_span(o, 3, unit, HB_ALIGN_CENTER, " │ ");
    hb_text_table_span(o, 3, unit, HB_ALIGN_CENTER, " │ ");
    hb_text_table_span(o, 2, "after/before - 1", HB_ALIGN_LEFT, " │ ");
    /* As in benchstat's grid, the header's spans widen the medians, never the ranges or notes. */
    for (size_t col = COL_BEFORE + 1; col < NCOLS; col++)
        if (col != COL_AFTER)
            hb_text_table_set_shrink(o, col);
}

static void history_text_row(void *arg, const struct hb_history_row *r)
{
    struct text *t = arg;
    struct hb_text_table *o = &t->table;
    char test[64];
    hb_text_table_row(o);
    hb_text_table_cell(o, r->name, HB_ALIGN_LEFT, NULL);
    hb_text_table_cell(o, r->run, HB_ALIGN_RIGHT, NULL);
    hb_text_table_cell(o, r->commit, HB_ALIGN_LEFT, NULL);
    hb_text_table_cell(o, r->before, HB_ALIGN_RIGHT, NULL);
    hb_text_table_cell(o, r->before_range, HB_ALIGN_RIGHT, " ± ");
    hb_text_table_cell(o, r->before_notes, HB_ALIGN_LEFT, NULL);
    hb_text_table_cell(o, r->after, HB_ALIGN_RIGHT, NULL);
    hb_text_table_cell(o, r->after_range, HB_ALIGN_RIGHT, " ± ");
    hb_text_table_cell(o, r->after_notes, HB_ALIGN_LEFT, NULL);
    hb_text_table_cell(o, r->delta, HB_ALIGN_RIGHT, NULL);
    snprintf(test, sizeof test, "(%s)", r->test);
    hb_text_table_cell(o, test, HB_ALIGN_LEFT, NULL);
}

static void history_text_table_end(void *arg, const struct hb_footnotes *notes)
{
    struct text *t = arg;
    size_t len;
    char *text = hb_text_table_format(&t->table, &len);
    hb_strbuf_append(t->out, text, len);
    free(text);
    hb_text_table_free(&t->table);
    hb_footnotes_print(notes, t->out);
    t->blank_before = false;
}

static void history_text_summary(void *arg, const char *line)
{
    history_text_runs(arg, line);
}

static const struct hb_history_walker text_walker = {
    .runs = history_text_runs,
    .config_change = history_text_config_change,
    .table = history_text_table,
    .row = history_text_row,
    .table_end = history_text_table_end,
    .summary = history_text_summary,
};

/* Declared through the writer type, so the compiler checks the signature against the table's. */
hb_history_writer hb_history_format_text;

void hb_history_format_text(const struct hb_history *h, const struct hb_history_changes *c, const char *order,
                            struct hb_strbuf *out)
{
    struct text t = {.out = out};
    hb_history_walk(h, c, order, &text_walker, &t);
}
