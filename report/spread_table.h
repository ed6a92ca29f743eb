/* spread_table.h — hbspread's verdicts (its --format json, spread.json) as the report's table. */
#ifndef HB_REPORT_SPREAD_TABLE_H
#define HB_REPORT_SPREAD_TABLE_H

#include "hb_strbuf.h"

/* Appends to out spread/'s verdict table of the file (hb_spread_verdicts_html). Returns 0, or -1
 * with *error when the file cannot be read or is not hbspread's JSON (nothing is appended then). */
int hb_spread_table(const char *path, struct hb_strbuf *out, char **error);

#endif
