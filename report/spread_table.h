/* spread_table.h — hbspread's verdicts (its --format json, spread.json) as the report's table. */
#ifndef HB_REPORT_SPREAD_TABLE_H
#define HB_REPORT_SPREAD_TABLE_H

#include "strbuf.h"

/* Appends to out a paragraph naming the keysets and the verdict rule's thresholds, and a table
 * with one row per algorithm hbspread measured: name/impl, output bits, the verdict of each test
 * (buckets, collisions, low-32 collisions, avalanche), and the colliding pairs at full width
 * against the birthday bound's expectation on the headline keyset. Returns 0, or -1 with *error
 * when the file cannot be read or is not hbspread's JSON (nothing is appended then). */
int hb_spread_table(const char *path, struct hb_strbuf *out, char **error);

#endif
