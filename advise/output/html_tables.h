/* html_tables.h — the table needs' real tables in the HTML fragment. */
#ifndef HB_ADVICE_HTML_TABLES_H
#define HB_ADVICE_HTML_TABLES_H

#include "advice.h"
#include "hb_strbuf.h"

/* When r is ranked by real tables (r->combination): the combination in words, a plot per design and
 * a table of the ranked and the listed entries with their lookups in each design. */
void hb_advice_html_tables(const struct hb_advice_result *r, struct hb_strbuf *out);

/* A number cell: the median, its 90% interval beside it, the raw median in data-value for sorting;
 * "capped" with the row's message as its title when capped is not NULL. */
void hb_advice_html_ns_cell(struct hb_strbuf *out, const struct hb_advice_interval *x, const char *capped);

#endif
