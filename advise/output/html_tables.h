/* html_tables.h — the table needs' real tables in the HTML fragment. */
#ifndef HB_ADVICE_HTML_TABLES_H
#define HB_ADVICE_HTML_TABLES_H

#include "advice.h"
#include "strbuf.h"

/* When r is ranked by real tables (r->combination): the combination in words, a plot per design and
 * a table of the ranked and the listed entries with their lookups in each design. */
void hb_advice_html_tables(const struct hb_advice_result *r, struct hb_strbuf *out);

#endif
