/* formats.h — hbstat's output formats as one table: -format's validation, its --help text, the
 * error for an unknown name, the dispatch in main and the fuzzers all walk hb_formats. */
#ifndef HB_FORMATS_H
#define HB_FORMATS_H

#include <stddef.h>

#include "hb_strbuf.h"
#include "tables.h"

/* Appends the whole output for t to out; a format that reports problems beside its output (csv)
 * appends them to warnings, which goes to standard error. None fails. */
typedef void hb_format_writer(const struct hb_tables *t, struct hb_strbuf *out, struct hb_strbuf *warnings);

struct hb_format {
    const char *name; /* -format's value */
    hb_format_writer *write;
    const char *help; /* its entry in --help's -format list; a '\n' there ends the line */
};

/* The formats in --help's order; the first is the default. */
extern const struct hb_format hb_formats[];
extern const size_t hb_nformats;

/* The format called name, or NULL. */
const struct hb_format *hb_format_find(const char *name);

/* Appends the names as a sentence's list: "text, csv, ... or html". */
void hb_format_names(struct hb_strbuf *out);

/* Appends --help's "-format F" entry: every format's help, comma-separated, wrapped after whole
 * words at the help's width, each line after the first indented to the flag descriptions. */
void hb_format_help(struct hb_strbuf *out);

/* Appends one --help entry: flag in the flag column, then text wrapped after whole words at the
 * help's width, each line after the first indented to the flag descriptions ('\n' in text breaks
 * the line there). */
void hb_help_entry(struct hb_strbuf *out, const char *flag, const char *text);

#endif
