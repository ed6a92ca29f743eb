/* verdict.h — a comparison's verdict from hbstat's built tables: is the later column slower than
 * the first? For a bisection step (scripts/ab.sh --bisect, hbab verdict). */
#ifndef HB_VERDICT_H
#define HB_VERDICT_H

#include "hb_strbuf.h"
#include "tables.h"

/* One compared row's verdict. */
enum hb_verdict { HB_VERDICT_SAME, HB_VERDICT_SLOWER, HB_VERDICT_FASTER };

/* The verdict of the cell at row r, column c of table as the tables show it (significant after
 * the tables' own -adjust, over the unit's family): slower when significant and worse by more
 * than min_change percent (as hbstat's --fail-on-regression decides a regression), faster when
 * significant and going the better way, else (not significant, not compared, or worse by
 * min_change or less) same. */
enum hb_verdict hb_cell_verdict(const struct hb_tables *t, const struct hb_table *table, size_t r, size_t c,
                                double min_change);

/* Appends the verdict's TSV for every compared cell of t (verdict.c says its columns), a row
 * slower when worse by more than min_change percent. */
void hb_verdict_write(const struct hb_tables *t, double min_change, struct hb_strbuf *out);

#endif
