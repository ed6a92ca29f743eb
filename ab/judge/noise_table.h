/* noise_table.h — how noisy hbstat's built tables came out, for scripts/noise-check.sh (hbab
 * noise). */
#ifndef HB_NOISE_TABLE_H
#define HB_NOISE_TABLE_H

#include "hb_strbuf.h"
#include "tables.h"

/* Appends the noise TSV of t: a header line, then a line per table and column (noise_table.c says
 * its columns). */
void hb_noise_table_write(const struct hb_tables *t, struct hb_strbuf *out);

#endif
