/* output_formats.h — the advisor's output formats, as a table: --format's check, --help and the error for
 * an unknown name all walk it. Each writer appends the whole report to out. */
#ifndef HB_ADVICE_OUTPUT_FORMATS_H
#define HB_ADVICE_OUTPUT_FORMATS_H

#include "report.h"
#include "hb_strbuf.h"

/* What every format may say besides the report: the tool's version. */
struct hb_advice_output_options {
    const char *version;
};

typedef void hb_advice_writer(const struct hb_advice_report *rep, const struct hb_advice_output_options *o,
                              struct hb_strbuf *out);

struct hb_advice_format {
    const char *name;
    hb_advice_writer *write;
    const char *help;
};

extern const struct hb_advice_format hb_advice_formats[];
extern const size_t hb_advice_format_count;
const struct hb_advice_format *hb_advice_format_find(const char *name);

hb_advice_writer hb_advice_write_text, hb_advice_write_json, hb_advice_write_html, hb_advice_write_brief;

#endif
