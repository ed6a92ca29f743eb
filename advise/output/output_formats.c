/* output_formats.c — the table of output formats; the first row is the default. */
#include <string.h>

#include "output_formats.h"

const struct hb_advice_format hb_advice_formats[] = {
    {"text", hb_advice_write_text, "the lists, the reasons and the pick per need, for a person"},
    {"json", hb_advice_write_json, "every figure, rule and reason, for programs"},
    {"html", hb_advice_write_html, "a fragment for scripts/report.sh: the lists with a plot per need"},
    {"brief", hb_advice_write_brief, "the pick per need, one line each"},
};
const size_t hb_advice_format_count = sizeof hb_advice_formats / sizeof *hb_advice_formats;

const struct hb_advice_format *hb_advice_format_find(const char *name)
{
    for (size_t i = 0; i < hb_advice_format_count; i++)
        if (strcmp(hb_advice_formats[i].name, name) == 0)
            return &hb_advice_formats[i];
    return NULL;
}
