/* aa_share.h — what an A/A comparison flagged, unit by unit: the share of rows significant before
 * adjustment (to hold against alpha) and the count after it (what the gate would see). */
#ifndef HB_AA_SHARE_H
#define HB_AA_SHARE_H

#include "hb_strbuf.h"
#include "hb_tsv_file.h"

/* One line per unit of table's "new" rows (hbstat -format tsv of old against new), units in
 * byte order: "A/A UNIT: R of N rows significant at alpha ALPHA before adjustment (P%), A after
 * it (ADJUST)". A row counts before adjustment when its p_unadjusted is at most alpha; a row
 * without p_unadjusted does not count. Returns -1 with *error (free it) when table lacks a
 * column it needs. */
int hb_aa_share_lines(const struct hb_tsv_file *table, const char *path, const char *alpha, const char *adjust,
                      struct hb_strbuf *out, char **error);

#endif
