/* verdict_table.h — spread.json's verdicts as a table: the one drawing of it, for hbadvise
 * --verdicts and hbreport's page. */
#ifndef HB_VERDICT_TABLE_H
#define HB_VERDICT_TABLE_H

#include "spread_file.h"
#include "hb_strbuf.h"

/* A line naming the keysets and buckets, then one row per algorithm: name/impl, output bits, the
 * verdict of each test, the headline keyset's colliding pairs (expected); a skipped algorithm's
 * row says why. */
void hb_spread_verdicts_text(const struct hb_spread_file *f, struct hb_strbuf *out);
/* A paragraph naming the keysets and the verdict rule's bounds, then a sortable table of the
 * algorithms hbspread measured (the skipped ones left out). */
void hb_spread_verdicts_html(const struct hb_spread_file *f, struct hb_strbuf *out);

#endif
