/* format_markdown.c — the markdown format: one GitHub table per benchstat table, the same scaled
 * numbers and footnotes as the text format, for READMEs and pull-request comments. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "footnotes.h"
#include "output.h"
#include "table_walk.h"

/* Appends text with the characters that would break a table cell escaped. */
static void markdown_cell_text(struct hb_strbuf *out, const char *text)
{
    for (; *text; text++) {
        if (*text == '|')
            hb_strbuf_puts(out, "\\|");
        else if (*text == '\n')
            hb_strbuf_puts(out, " ");
        else
            hb_strbuf_append(out, text, 1);
    }
}

/* " ¹ ²" after a cell's text, when it has footnotes. */
static void markdown_markers(struct hb_strbuf *out, const char *m)
{
    if (m && *m) {
        hb_strbuf_puts(out, " ");
        hb_strbuf_puts(out, m);
    }
}

static void markdown_config_line(const char *name, const char *value, void *arg)
{
    struct hb_strbuf *out = arg;
    hb_strbuf_puts(out, "- ");
    markdown_cell_text(out, name);
    hb_strbuf_puts(out, ": ");
    markdown_cell_text(out, value);
    hb_strbuf_puts(out, "\n");
}

static void markdown_begin(void *out, const char *unit)
{
    hb_strbuf_puts(out, "| ");
    markdown_cell_text(out, unit);
    hb_strbuf_puts(out, " |");
}

static void markdown_column(void *out, size_t col, const char *label)
{
    hb_strbuf_puts(out, " ");
    markdown_cell_text(out, label);
    hb_strbuf_puts(out, col > 0 ? " | vs base |" : " |");
}

static void markdown_header_end(void *out, size_t ncols, bool ranked)
{
    hb_strbuf_puts(out, "\n|:--|");
    for (size_t c = 0; c < ncols; c++) {
        hb_strbuf_puts(out, ranked ? "--:|:-:|" : "--:|");
        if (c > 0)
            hb_strbuf_puts(out, "--:|");
    }
    hb_strbuf_puts(out, "\n");
}

static void markdown_rank_column(void *out)
{
    hb_strbuf_puts(out, " rank |");
}

/* A best-set member's rank is in bold. */
static void markdown_rank_cell(void *out, const struct hb_table_cell *cell, const char *rank)
{
    if (!rank)
        hb_strbuf_puts(out, "  |");
    else
        hb_strbuf_printf(out, cell->rank.best ? " **%s** |" : " %s |", rank);
}

static void markdown_row(void *out, const char *label)
{
    hb_strbuf_puts(out, "| ");
    markdown_cell_text(out, label);
    hb_strbuf_puts(out, " |");
}

static void markdown_cell(void *out, const struct hb_table_cell *cell, const char *center, const char *range,
                          const char *m)
{
    (void)cell;
    hb_strbuf_puts(out, " ");
    if (center) {
        hb_strbuf_printf(out, "%s ± %s", center, range);
        markdown_markers(out, m);
    }
    hb_strbuf_puts(out, " |");
}

static void markdown_comparison(void *out, const char *unit, const struct hb_table_cell *base,
                                const struct hb_table_cell *cell, const char *delta, const char *comparison,
                                const char *m)
{
    (void)unit, (void)base, (void)cell;
    hb_strbuf_puts(out, " ");
    if (delta) {
        hb_strbuf_printf(out, "%s (%s)", delta, comparison);
        markdown_markers(out, m);
    }
    hb_strbuf_puts(out, " |");
}

static void markdown_line_end(void *out)
{
    hb_strbuf_puts(out, "\n");
}

static void markdown_geomean(void *out)
{
    hb_strbuf_puts(out, "| geomean |");
}

static void markdown_geomean_cell(void *out, const char *text, const char *m)
{
    hb_strbuf_puts(out, " ");
    if (text)
        hb_strbuf_puts(out, text);
    markdown_markers(out, m);
    hb_strbuf_puts(out, " |");
}

static void markdown_geomean_ratio(void *out, const char *ratio, const char *m)
{
    hb_strbuf_printf(out, " %s", ratio);
    markdown_markers(out, m);
    hb_strbuf_puts(out, " |");
}

static void markdown_end(void *out, const struct hb_footnotes *notes)
{
    if (!notes->n)
        return;
    hb_strbuf_puts(out, "\n");
    for (size_t i = 0; i < notes->n; i++) {
        hb_strbuf_puts(out, "- ");
        hb_superscript((unsigned)i + 1, out);
        hb_strbuf_puts(out, " ");
        markdown_cell_text(out, notes->texts[i]);
        hb_strbuf_puts(out, "\n");
    }
}

static void markdown_rank_line(void *out, const char *sentence)
{
    hb_strbuf_puts(out, "\n");
    markdown_cell_text(out, sentence);
    hb_strbuf_puts(out, "\n");
}

static const struct hb_table_walker markdown_table = {
    .begin = markdown_begin,
    .column = markdown_column,
    .header_end = markdown_header_end,
    .row = markdown_row,
    .cell = markdown_cell,
    .comparison = markdown_comparison,
    .row_end = markdown_line_end,
    .geomean = markdown_geomean,
    .geomean_cell = markdown_geomean_cell,
    .geomean_ratio = markdown_geomean_ratio,
    .geomean_end = markdown_line_end,
    .end = markdown_end,
    .rank_column = markdown_rank_column,
    .rank_cell = markdown_rank_cell,
    .rank_line = markdown_rank_line,
};

/* Declared through the writer type, so the compiler checks the signature against the table's. */
hb_format_writer hb_format_markdown;

void hb_format_markdown(const struct hb_tables *t, struct hb_strbuf *out, struct hb_strbuf *warnings)
{
    (void)warnings;
    struct hb_strbuf line = {0};
    hb_machine_variation_line(t, &line);
    if (line.len) {
        markdown_cell_text(out, hb_strbuf_cstr(&line));
        hb_strbuf_puts(out, "\n\n");
    }
    hb_strbuf_free(&line);
    for (size_t i = 0; i < t->ntables; i++) {
        if (i > 0)
            hb_strbuf_puts(out, "\n");
        size_t before = out->len;
        hb_table_config_lines(t, &t->tables[i], i ? &t->tables[i - 1] : NULL, markdown_config_line, out);
        if (out->len != before)
            hb_strbuf_puts(out, "\n");
        hb_table_walk(t, &t->tables[i], &markdown_table, out);
    }
}
