/* exact_tables.h — counted inputs (hashbench_measure: instructions; docs/statistics.md, "Counted
 * inputs") beyond their building (hb_tables_build_counted): the default threshold of a change, and
 * their gate. */
#ifndef HB_EXACT_TABLES_H
#define HB_EXACT_TABLES_H

#include "tables.h"

/* The default of -exact-change: the change in percent beyond which an exact comparison is a
 * change. Three instructions in a call of FNV-1a over 1 KiB (about four instructions a byte) are
 * about 0.07%; 0.02% finds that with room to spare, and an unchanged row moves by exactly 0. */
#define HB_EXACT_CHANGE_DEFAULT 0.02

/* Appends one line per exact comparison that is a change (beyond the threshold) going the worse
 * way by more than pct percent; returns true if there was any. */
bool hb_find_exact_regressions(const struct hb_tables *t, double pct, struct hb_strbuf *report);

#endif
