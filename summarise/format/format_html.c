/* format_html.c — the html format: one <table> per benchstat table, with the same scaled numbers,
 * ranges and footnotes as the text format, as a fragment that hbreport (report/) puts in a page.
 * Every cell carries its raw value in data-value so that a page can sort by it; a cell whose
 * samples are noisy has class "noisy", a significant change class "better" or "worse"; under -ranks
 * a rank column (class "rank", and "best" for a member of the best set) and a sentence per column. */
#include <math.h>
#include <stdio.h>

#include "footnotes.h"
#include "output.h"
#include "table_walk.h"
#include "units.h"

/* The footnote markers after a cell's text, when it has any. */
static void html_markers(struct hb_strbuf *out, const char *m)
{
    if (m && *m) {
        hb_strbuf_puts(out, " ");
        hb_markup_element(out, "sup", m, "class", "note", NULL);
    }
}

static void html_config_line(const char *name, const char *value, void *arg)
{
    struct hb_strbuf *out = arg;
    hb_strbuf_puts(out, "<div><dt>");
    hb_html_text(out, name);
    hb_strbuf_puts(out, "</dt><dd>");
    hb_html_text(out, value);
    hb_strbuf_puts(out, "</dd></div>\n");
}

static void html_begin(void *out, const char *unit)
{
    hb_strbuf_puts(out, "<table class=\"hbstat\" data-unit=\"");
    hb_html_text(out, unit);
    hb_strbuf_puts(out, "\">\n<thead><tr><th scope=\"col\">");
    hb_html_text(out, unit);
    hb_strbuf_puts(out, "</th>");
}

static void html_column(void *out, size_t col, const char *label)
{
    hb_strbuf_puts(out, "<th scope=\"col\" class=\"num\">");
    hb_html_text(out, label);
    hb_strbuf_puts(out, "</th>");
    if (col > 0)
        hb_strbuf_puts(out, "<th scope=\"col\" class=\"num\">vs base</th>");
}

static void html_header_end(void *out, size_t ncols, bool ranked)
{
    (void)ncols, (void)ranked;
    hb_strbuf_puts(out, "</tr></thead>\n<tbody>\n");
}

static void html_rank_column(void *out)
{
    hb_strbuf_puts(out, "<th scope=\"col\" class=\"num\">rank</th>");
}

/* A rank sorts by its lower bound; a best-set member has class "best". */
static void html_rank_cell(void *out, const struct hb_table_cell *cell, const char *rank)
{
    if (!rank) {
        hb_strbuf_puts(out, "<td class=\"num\"></td>");
        return;
    }
    hb_strbuf_printf(out, "<td class=\"num rank%s\"", cell->rank.best ? " best" : "");
    hb_markup_number_attribute(out, "data-value", (double)cell->rank.lo);
    hb_strbuf_puts(out, ">");
    hb_html_text(out, rank);
    hb_strbuf_puts(out, "</td>");
}

static void html_rank_line(void *out, const char *sentence)
{
    hb_strbuf_puts(out, "<p class=\"rank-set\">");
    hb_html_text(out, sentence);
    hb_strbuf_puts(out, "</p>\n");
}

static void html_row(void *out, const char *label)
{
    hb_strbuf_puts(out, "<tr><th scope=\"row\">");
    hb_html_text(out, label);
    hb_strbuf_puts(out, "</th>");
}

static void html_cell(void *out, const struct hb_table_cell *cell, const char *center, const char *range, const char *m)
{
    hb_strbuf_puts(out, "<td class=\"num");
    if (cell->present && cell->summary.noise_warning)
        hb_strbuf_puts(out, " noisy");
    hb_strbuf_puts(out, "\"");
    if (center) {
        hb_markup_number_attribute(out, "data-value", cell->summary.center);
        hb_strbuf_puts(out, "><span class=\"center\">");
        hb_html_text(out, center);
        hb_strbuf_puts(out, "</span>");
        /* A repeatable count is one exact value: "± 0%" would present it as an interval. */
        if (!(cell->summary.exact && cell->summary.lo == cell->summary.hi)) {
            hb_strbuf_puts(out, " <span class=\"range\">± ");
            hb_html_text(out, range);
            hb_strbuf_puts(out, "</span>");
        }
        html_markers(out, m);
    } else {
        hb_strbuf_puts(out, ">");
    }
    hb_strbuf_puts(out, "</td>");
}

static void html_comparison(void *out, const char *unit, const struct hb_table_cell *base_cell,
                            const struct hb_table_cell *cell, const char *delta, const char *comparison, const char *m)
{
    if (!delta) {
        hb_strbuf_puts(out, "<td class=\"num\"></td>");
        return;
    }
    double change = hb_comparison_delta(&cell->cmp, base_cell->summary.center, cell->summary.center);
    const char *mark = "";
    if (hb_comparison_significant(&cell->cmp) && change != 0 && !isnan(change))
        mark = (change > 0) == hb_unit_higher_is_better(unit) ? " better" : " worse";
    hb_strbuf_printf(out, "<td class=\"num delta%s\"", mark);
    if (!isnan(change))
        hb_markup_number_attribute(out, "data-value", change);
    hb_strbuf_puts(out, ">");
    hb_html_text(out, delta);
    hb_strbuf_puts(out, " <span class=\"p\">(");
    hb_html_text(out, comparison);
    hb_strbuf_puts(out, ")</span>");
    html_markers(out, m);
    hb_strbuf_puts(out, "</td>");
}

static void html_row_end(void *out)
{
    hb_strbuf_puts(out, "</tr>\n");
}

static void html_rows_end(void *out)
{
    hb_strbuf_puts(out, "</tbody>\n");
}

static void html_geomean(void *out)
{
    hb_strbuf_puts(out, "<tfoot><tr><th scope=\"row\">geomean</th>");
}

static void html_geomean_cell(void *out, const char *text, const char *m)
{
    hb_strbuf_puts(out, "<td class=\"num\">");
    if (text)
        hb_html_text(out, text);
    html_markers(out, m);
    hb_strbuf_puts(out, "</td>");
}

static void html_geomean_end(void *out)
{
    hb_strbuf_puts(out, "</tr></tfoot>\n");
}

static void html_end(void *out, const struct hb_footnotes *notes)
{
    hb_strbuf_puts(out, "</table>\n");
    if (!notes->n)
        return;
    hb_strbuf_puts(out, "<ol class=\"notes\">\n");
    for (size_t i = 0; i < notes->n; i++) {
        hb_strbuf_puts(out, "<li>");
        hb_superscript((unsigned)i + 1, out);
        hb_strbuf_puts(out, " ");
        hb_html_text(out, notes->texts[i]);
        hb_strbuf_puts(out, "</li>\n");
    }
    hb_strbuf_puts(out, "</ol>\n");
}

static const struct hb_table_walker html_table = {
    .begin = html_begin,
    .column = html_column,
    .header_end = html_header_end,
    .row = html_row,
    .cell = html_cell,
    .comparison = html_comparison,
    .row_end = html_row_end,
    .rows_end = html_rows_end,
    .geomean = html_geomean,
    .geomean_cell = html_geomean_cell,
    .geomean_ratio = html_geomean_cell,
    .geomean_end = html_geomean_end,
    .end = html_end,
    .rank_column = html_rank_column,
    .rank_cell = html_rank_cell,
    .rank_line = html_rank_line,
};

/* Declared through the writer type, so the compiler checks the signature against the table's. */
hb_format_writer hb_format_html;

void hb_format_html(const struct hb_tables *t, struct hb_strbuf *out, struct hb_strbuf *warnings)
{
    (void)warnings;
    struct hb_strbuf line = {0};
    hb_machine_variation_line(t, &line);
    if (line.len) {
        hb_strbuf_puts(out, "<p class=\"machine-variation\">");
        hb_html_text(out, hb_strbuf_cstr(&line));
        hb_strbuf_puts(out, "</p>\n");
    }
    hb_strbuf_free(&line);
    for (size_t i = 0; i < t->ntables; i++) {
        hb_strbuf_puts(out, "<section class=\"hbstat-table\">\n");
        size_t before = out->len;
        hb_strbuf_puts(out, "<dl class=\"config\">\n");
        size_t inner = out->len;
        hb_table_config_lines(t, &t->tables[i], i ? &t->tables[i - 1] : NULL, html_config_line, out);
        if (out->len == inner)
            out->len = before; /* no config lines: no list */
        else
            hb_strbuf_puts(out, "</dl>\n");
        hb_table_walk(t, &t->tables[i], &html_table, out);
        hb_strbuf_puts(out, "</section>\n");
    }
}
