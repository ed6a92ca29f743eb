/* markup.h — HTML and SVG written element by element, every text and attribute value escaped on
 * the way in, so that no caller writes a tag by hand and no name from a run can break the page. */
#ifndef HB_ADVICE_MARKUP_H
#define HB_ADVICE_MARKUP_H

#include "html_text.h"

/* Appends <tag name="value" ...>: the attributes are NULL-terminated name, value pairs; a pair whose
 * value is NULL is left out. */
void hb_markup_open(struct hb_strbuf *out, const char *tag, ...) __attribute__((sentinel));
/* The same, closed at once: <tag .../> (SVG). */
void hb_markup_empty(struct hb_strbuf *out, const char *tag, ...) __attribute__((sentinel));
/* Appends </tag>. */
void hb_markup_close(struct hb_strbuf *out, const char *tag);
/* <tag attributes...>text</tag> */
void hb_markup_element(struct hb_strbuf *out, const char *tag, const char *text, ...) __attribute__((sentinel));

#endif
