/* formats.c — the table of output formats. A format is one file in this folder defining its
 * writer, plus its line here. */
#include "formats.h"

#include <string.h>

hb_format_writer hb_format_text, hb_format_csv, hb_format_markdown, hb_format_json, hb_format_gab_json, hb_format_html,
    hb_format_tsv;

const struct hb_format hb_formats[] = {
    {"text", hb_format_text, "text (default)"},
    {"csv", hb_format_csv, "csv (warnings on stderr)"},
    {"markdown", hb_format_markdown, "markdown"},
    {"json", hb_format_json,
     "json (one row per cell: name, unit, column, median, ci_lo, ci_hi, n; against the baseline also delta in "
     "percent, p, significant, better)"},
    {"gab-json", hb_format_gab_json,
     "gab-json (github-action-benchmark's customSmallerIsBetter input; sec/op is given as ns/op)"},
    {"tsv", hb_format_tsv,
     "tsv (for programs: a header line, then one line per cell: a column per -table, -row and -col key, named "
     "as given (/size, .fullname, cpu_model), then unit, median, ci_lo, ci_hi, confidence, n, delta, p, "
     "p_unadjusted, significant, better, test, pairs, detectable, warnings; unscaled numbers, empty where a "
     "figure does not apply; \\, tab and newline in text written \\\\, \\t, \\n)"},
    {"html", hb_format_html,
     "html (one <table> per table with the text format's numbers, raw values in data-value,\n"
     "noisy and significant cells classed: hbreport builds a page)"},
};
const size_t hb_nformats = sizeof hb_formats / sizeof *hb_formats;

const struct hb_format *hb_format_find(const char *name)
{
    for (size_t i = 0; i < hb_nformats; i++)
        if (strcmp(hb_formats[i].name, name) == 0)
            return &hb_formats[i];
    return NULL;
}

void hb_format_names(struct hb_strbuf *out)
{
    for (size_t i = 0; i < hb_nformats; i++)
        hb_strbuf_printf(out, "%s%s", i == 0 ? "" : i + 1 == hb_nformats ? " or " : ", ", hb_formats[i].name);
}

/* The help's layout: the flag column, and the widest line. */
enum { HELP_INDENT = 18, HELP_WIDTH = 94 };

void hb_format_help(struct hb_strbuf *out)
{
    struct hb_strbuf text = {0};
    for (size_t i = 0; i < hb_nformats; i++)
        hb_strbuf_printf(&text, "%s%s", i ? ", " : "", hb_formats[i].help);
    hb_help_entry(out, "-format F", hb_strbuf_cstr(&text));
    hb_strbuf_free(&text);
}

void hb_help_entry(struct hb_strbuf *out, const char *flag, const char *text)
{
    hb_strbuf_printf(out, "  %-*s", HELP_INDENT - 2, flag);
    size_t column = HELP_INDENT, words = 0;
    for (const char *p = text; *p;) {
        size_t len = strcspn(p, " \n");
        if (words && column + 1 + len > HELP_WIDTH) {
            hb_strbuf_printf(out, "\n%*s", HELP_INDENT, "");
            column = HELP_INDENT;
            words = 0;
        }
        if (words) {
            hb_strbuf_puts(out, " ");
            column++;
        }
        hb_strbuf_append(out, p, len);
        column += len;
        words++;
        p += len;
        if (*p == '\n') {
            hb_strbuf_printf(out, "\n%*s", HELP_INDENT, "");
            column = HELP_INDENT;
            words = 0;
        }
        if (*p)
            p++;
    }
    hb_strbuf_puts(out, "\n");
}
