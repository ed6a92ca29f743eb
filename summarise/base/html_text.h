/* html_text.h — the one escaper of every HTML the tools write: hbstat's html format, hbreport's
 * page, hbadvise's fragment and plot, spread.json's verdict table. */
#ifndef HB_HTML_TEXT_H
#define HB_HTML_TEXT_H

#include "strbuf.h"

/* Appends text with <, >, & and " written as HTML character references, for an element's content
 * or a double-quoted attribute value. */
void hb_html_text(struct hb_strbuf *out, const char *text);

#endif
