/* exact_tables.h — tables of counted inputs (hashbench_measure: instructions): every cell an exact
 * value, every comparison the exact change (docs/statistics.md, "Counted inputs"). */
#ifndef HB_EXACT_TABLES_H
#define HB_EXACT_TABLES_H

#include "tables.h"

/* The default of -exact-change: the change in percent beyond which an exact comparison is a
 * change. Three instructions in a call of FNV-1a over 1 KiB (about four instructions a byte) are
 * about 0.07%; 0.02% finds that with room to spare, and an unchanged row moves by exactly 0. */
#define HB_EXACT_CHANGE_DEFAULT 0.02

/* Replaces every cell's summary and comparison in built tables with the exact ones
 * (hb_summarise_exact, hb_compare_exact at threshold percent). Geomeans stay as built: they come
 * from the medians, which are the same. */
void hb_tables_exact(struct hb_tables *t, double threshold);

/* Appends one line per exact comparison that is a change (beyond the threshold) going the worse
 * way by more than pct percent; returns true if there was any. */
bool hb_find_exact_regressions(const struct hb_tables *t, double pct, struct hb_strbuf *report);

#endif
