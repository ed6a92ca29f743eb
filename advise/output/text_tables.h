/* text_tables.h — the table needs' real-table figures in the text output. */
#ifndef HB_ADVICE_TEXT_TABLES_H
#define HB_ADVICE_TEXT_TABLES_H

#include "advice.h"
#include "hb_strbuf.h"

/* Appends, when r is ranked by real tables (r->combination), a table of its first ranked entries
 * and of the entries listed but never ranked (battery, capped), with the combination and the hit,
 * miss and insert time per key in each design. */
void hb_advice_text_tables(const struct hb_advice_result *r, struct hb_strbuf *out);

#endif
