/* footnotes.h — numbering a table's warnings: each distinct text gets the next number, in the
 * order the table first shows it, and is marked with superscript digits. */
#ifndef HB_FOOTNOTES_H
#define HB_FOOTNOTES_H

#include <stddef.h>

#include "hb_strbuf.h"

struct hb_footnotes {
    char **texts;
    size_t n, cap;
};

/* Appends to markers (space-separated, after any already there) the marker of each non-NULL
 * warning in warnings[0..n), numbering new texts. */
void hb_footnotes_mark(struct hb_footnotes *f, char *const *warnings, size_t n, struct hb_strbuf *markers);
/* Appends the superscript form of number (1 -> "¹"). */
void hb_superscript(unsigned number, struct hb_strbuf *out);
/* Appends one line per footnote: "¹ text". */
void hb_footnotes_print(const struct hb_footnotes *f, struct hb_strbuf *out);
void hb_footnotes_free(struct hb_footnotes *f);

#endif
