/* history_formats.c — the table of hbstat -history's output formats. A format is one
 * history_format_NAME.c in this folder, plus its line here. */
#include "history_formats.h"

#include <string.h>

hb_history_writer hb_history_format_text, hb_history_format_json, hb_history_format_markdown, hb_history_format_html,
    hb_history_format_tsv;

const struct hb_history_format hb_history_formats[] = {
    {"text", hb_history_format_text, "text (default: a table of change points per unit)"},
    {"json", hb_history_format_json,
     "json ({\"changes\": [{\"name\", \"unit\", \"index\", \"commit\", \"change\", \"p\", \"before\", \"after\"}, "
     "...]}, with the configuration changes and each unit's family)"},
    {"markdown", hb_history_format_markdown, "markdown"},
    {"html", hb_history_format_html, "html (a fragment: one <table> per unit)"},
    {"tsv", hb_history_format_tsv,
     "tsv (one line per run and series: run, commit, name, unit, value, configuration, piece_median, the "
     "median of the stretch between change points the run is in; for plots and scripts, which never read "
     "the json)"},
};
const size_t hb_history_nformats = sizeof hb_history_formats / sizeof *hb_history_formats;

const struct hb_history_format *hb_history_format_find(const char *name)
{
    for (size_t i = 0; i < hb_history_nformats; i++)
        if (strcmp(hb_history_formats[i].name, name) == 0)
            return &hb_history_formats[i];
    return NULL;
}

void hb_history_format_help(struct hb_strbuf *out)
{
    for (size_t i = 0; i < hb_history_nformats; i++)
        hb_strbuf_printf(out, "%s%s",
                         i == 0                         ? ""
                         : i + 1 == hb_history_nformats ? " or "
                                                        : ", ",
                         hb_history_formats[i].help);
}

void hb_history_format_names(struct hb_strbuf *out)
{
    for (size_t i = 0; i < hb_history_nformats; i++)
        hb_strbuf_printf(out, "%s%s",
                         i == 0                         ? ""
                         : i + 1 == hb_history_nformats ? " or "
                                                        : ", ",
                         hb_history_formats[i].name);
}
