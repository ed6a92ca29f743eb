/* history_formats.h — the output formats of hbstat -history as one table, as formats.h is for
 * plain hbstat: -format's check under -history, its --help text, the error for an unknown name
 * and the dispatch all walk hb_history_formats. */
#ifndef HB_HISTORY_FORMATS_H
#define HB_HISTORY_FORMATS_H

#include <stddef.h>

#include "history.h"
#include "history_changes.h"
#include "hb_strbuf.h"

/* Appends the whole report of the change points c of the history h (its runs in the order named
 * by order: "given", "date" or "commit") to out. None fails. */
typedef void hb_history_writer(const struct hb_history *h, const struct hb_history_changes *c, const char *order,
                               struct hb_strbuf *out);

struct hb_history_format {
    const char *name; /* -format's value */
    hb_history_writer *write;
    const char *help; /* its entry in --help */
};

/* The formats in --help's order; the first is the default. */
extern const struct hb_history_format hb_history_formats[];
extern const size_t hb_history_nformats;

/* The format called name, or NULL. */
const struct hb_history_format *hb_history_format_find(const char *name);

/* Appends every format's help as a sentence's list, for --help. */
void hb_history_format_help(struct hb_strbuf *out);

/* Appends the names as a sentence's list: "text, json, ... or tsv". */
void hb_history_format_names(struct hb_strbuf *out);

#endif
