/* history_format_markdown.c — hbstat -history's report as markdown, for a pull request or a
 * README: the runs and configuration changes as a list, one GitHub table of change points per unit
 * with the text format's numbers and footnotes, and each unit's summary line. */
#include "history_formats.h"
#include "history_walk.h"

/* Text with what would break a table cell escaped. */
static void history_markdown_cell_text(struct hb_strbuf *out, const char *text)
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

static void line(void *out, const char *text)
{
    hb_strbuf_puts(out, "- ");
    history_markdown_cell_text(out, text);
    hb_strbuf_puts(out, "\n");
}

static void history_markdown_config_change(void *out, const struct hb_history_config_change *change, const char *text)
{
    (void)change;
    line(out, text);
}

static void history_markdown_table(void *out, const char *unit)
{
    hb_strbuf_puts(out, "\n| ");
    history_markdown_cell_text(out, unit);
    hb_strbuf_puts(out, " | run | commit | before | after | change |\n|:--|--:|:--|--:|--:|--:|\n");
}

static void history_markdown_side(struct hb_strbuf *out, const char *centre, const char *range, const char *notes)
{
    hb_strbuf_printf(out, " %s ± %s", centre, range);
    if (*notes)
        hb_strbuf_printf(out, " %s", notes);
    hb_strbuf_puts(out, " |");
}

static void history_markdown_row(void *out, const struct hb_history_row *r)
{
    hb_strbuf_puts(out, "| ");
    history_markdown_cell_text(out, r->name);
    hb_strbuf_printf(out, " | %s | ", r->run);
    history_markdown_cell_text(out, r->commit);
    hb_strbuf_puts(out, " |");
    history_markdown_side(out, r->before, r->before_range, r->before_notes);
    history_markdown_side(out, r->after, r->after_range, r->after_notes);
    hb_strbuf_printf(out, " %s (%s) |\n", r->delta, r->test);
}

static void history_markdown_table_end(void *out, const struct hb_footnotes *notes)
{
    hb_strbuf_puts(out, "\n");
    for (size_t i = 0; i < notes->n; i++) {
        hb_strbuf_puts(out, "- ");
        hb_superscript((unsigned)i + 1, out);
        hb_strbuf_puts(out, " ");
        history_markdown_cell_text(out, notes->texts[i]);
        hb_strbuf_puts(out, "\n");
    }
    if (notes->n)
        hb_strbuf_puts(out, "\n");
}

static void history_markdown_summary(void *out, const char *text)
{
    history_markdown_cell_text(out, text);
    hb_strbuf_puts(out, "\n");
}

static const struct hb_history_walker markdown_walker = {
    .runs = line,
    .config_change = history_markdown_config_change,
    .table = history_markdown_table,
    .row = history_markdown_row,
    .table_end = history_markdown_table_end,
    .summary = history_markdown_summary,
};

/* Declared through the writer type, so the compiler checks the signature against the table's. */
hb_history_writer hb_history_format_markdown;

void hb_history_format_markdown(const struct hb_history *h, const struct hb_history_changes *c, const char *order,
                                struct hb_strbuf *out)
{
    hb_history_walk(h, c, order, &markdown_walker, out);
}
