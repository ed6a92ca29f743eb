/* regression_gate.h — --fail-on-regression: whether any change significant after adjustment for
 * multiple comparisons goes the worse way by more than a percentage (worse: up for
 * lower-is-better units, down for units ending in "/s"). */
#ifndef HB_REGRESSION_GATE_H
#define HB_REGRESSION_GATE_H

#include <stdbool.h>

#include "padjust.h"
#include "hb_strbuf.h"
#include "tables.h"

/* Adjusts the p-values of every comparison in the tables, all units together, by method (whatever
 * the tables show), then appends one line per regression beyond pct percent to report, naming its
 * adjusted p; returns true if there was any. Exact comparisons (counted inputs) join without a p:
 * each that is a change beyond its threshold and goes the worse way by more than pct is one. */
bool hb_find_regressions(const struct hb_tables *t, double pct, enum hb_adjust method, struct hb_strbuf *report);

#endif
