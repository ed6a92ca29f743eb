/* hb_markup.h — the one markup writer of every HTML the tools write (hbstat's html format and
 * -history's, hbreport's page, hbadvise's fragment and SVG plot, spread.json's verdict table):
 * text escaped for HTML, and elements written tag by tag with every attribute value escaped on
 * the way in, so that no name from a run can break a page. It writes into a hb_strbuf. */
#ifndef HB_MARKUP_H
#define HB_MARKUP_H

#include "hb_strbuf.h"

/* Appends text with <, >, & and " written as HTML character references, for an element's content
 * or a double-quoted attribute value. */
void hb_html_text(struct hb_strbuf *out, const char *text);

/* Appends <tag name="value" ...>: the attributes are NULL-terminated name, value pairs; a pair whose
 * value is NULL is left out. */
void hb_markup_open(struct hb_strbuf *out, const char *tag, ...) __attribute__((sentinel));
/* The same, closed at once: <tag .../> (SVG). */
void hb_markup_empty(struct hb_strbuf *out, const char *tag, ...) __attribute__((sentinel));
/* Appends </tag>. */
void hb_markup_close(struct hb_strbuf *out, const char *tag);
/* <tag attributes...>text</tag> */
void hb_markup_element(struct hb_strbuf *out, const char *tag, const char *text, ...) __attribute__((sentinel));
/* Appends ` name="v"` with v as "%.17g" (the value a page sorts by), or nothing when v is NaN or
 * infinite. */
void hb_markup_number_attribute(struct hb_strbuf *out, const char *name, double v);

#endif
