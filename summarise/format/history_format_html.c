/* history_format_html.c — hbstat -history's report as an HTML fragment for a report page: the
 * runs and configuration changes as paragraphs, one <table> of change points per unit with the
 * text format's numbers and footnotes (raw values in data-value, so a page can sort; a change
 * classed "worse" or "better" by its unit's direction), and each unit's summary line. */
#include <math.h>

#include "history_formats.h"
#include "history_walk.h"

static void html_text(struct hb_strbuf *out, const char *text)
{
    for (; *text; text++) {
        switch (*text) {
        case '<': hb_strbuf_puts(out, "&lt;"); break;
        case '>': hb_strbuf_puts(out, "&gt;"); break;
        case '&': hb_strbuf_puts(out, "&amp;"); break;
        case '"': hb_strbuf_puts(out, "&quot;"); break;
        default: hb_strbuf_append(out, text, 1);
        }
    }
}

static void data_value(struct hb_strbuf *out, double v)
{
    if (isfinite(v))
        hb_strbuf_printf(out, " data-value=\"%.17g\"", v);
}

static void paragraph(struct hb_strbuf *out, const char *class, const char *text)
{
    hb_strbuf_printf(out, "<p class=\"%s\">", class);
    html_text(out, text);
    hb_strbuf_puts(out, "</p>\n");
}

static void runs(void *out, const char *text)
{
    paragraph(out, "runs", text);
}

static void config_change(void *out, const struct hb_history_config_change *change, const char *text)
{
    hb_strbuf_printf(out, "<p class=\"config-change\" data-index=\"%zu\">", change->index);
    html_text(out, text);
    hb_strbuf_puts(out, "</p>\n");
}

static void table(void *out, const char *unit)
{
    hb_strbuf_puts(out, "<table class=\"hbstat-history\" data-unit=\"");
    html_text(out, unit);
    hb_strbuf_puts(out, "\">\n<thead><tr><th scope=\"col\">");
    html_text(out, unit);
    hb_strbuf_puts(out, "</th><th scope=\"col\" class=\"num\">run</th><th scope=\"col\">commit</th>"
                        "<th scope=\"col\" class=\"num\">before</th><th scope=\"col\" class=\"num\">after</th>"
                        "<th scope=\"col\" class=\"num\">change</th></tr></thead>\n<tbody>\n");
}

static void side(struct hb_strbuf *out, double value, const char *centre, const char *range, const char *notes)
{
    hb_strbuf_puts(out, "<td class=\"num\"");
    data_value(out, value);
    hb_strbuf_puts(out, "><span class=\"center\">");
    html_text(out, centre);
    hb_strbuf_puts(out, "</span> <span class=\"range\">± ");
    html_text(out, range);
    hb_strbuf_puts(out, "</span>");
    if (*notes) {
        hb_strbuf_puts(out, " <sup class=\"note\">");
        html_text(out, notes);
        hb_strbuf_puts(out, "</sup>");
    }
    hb_strbuf_puts(out, "</td>");
}

static void row(void *out, const struct hb_history_row *r)
{
    hb_strbuf_puts(out, "<tr><th scope=\"row\">");
    html_text(out, r->name);
    hb_strbuf_printf(out, "</th><td class=\"num\">%s</td><td>", r->run);
    html_text(out, r->commit);
    hb_strbuf_puts(out, "</td>");
    side(out, r->point->before.center, r->before, r->before_range, r->before_notes);
    side(out, r->point->after.center, r->after, r->after_range, r->after_notes);
    hb_strbuf_printf(out, "<td class=\"num delta%s%s\"", *r->direction ? " " : "", r->direction);
    data_value(out, r->change);
    hb_strbuf_puts(out, ">");
    html_text(out, r->delta);
    hb_strbuf_puts(out, " <span class=\"p\">(");
    html_text(out, r->test);
    hb_strbuf_puts(out, ")</span></td></tr>\n");
}

static void table_end(void *out, const struct hb_footnotes *notes)
{
    hb_strbuf_puts(out, "</tbody>\n</table>\n");
    if (!notes->n)
        return;
    hb_strbuf_puts(out, "<ol class=\"notes\">\n");
    for (size_t i = 0; i < notes->n; i++) {
        hb_strbuf_puts(out, "<li>");
        hb_superscript((unsigned)i + 1, out);
        hb_strbuf_puts(out, " ");
        html_text(out, notes->texts[i]);
        hb_strbuf_puts(out, "</li>\n");
    }
    hb_strbuf_puts(out, "</ol>\n");
}

static void summary(void *out, const char *text)
{
    paragraph(out, "summary", text);
}

static const struct hb_history_walker html_walker = {
    .runs = runs,
    .config_change = config_change,
    .table = table,
    .row = row,
    .table_end = table_end,
    .summary = summary,
};

/* Declared through the writer type, so the compiler checks the signature against the table's. */
hb_history_writer hb_history_format_html;

void hb_history_format_html(const struct hb_history *h, const struct hb_history_changes *c, const char *order,
                            struct hb_strbuf *out)
{
    hb_strbuf_puts(out, "<section class=\"hbstat-history\">\n");
    hb_history_walk(h, c, order, &html_walker, out);
    hb_strbuf_puts(out, "</section>\n");
}
