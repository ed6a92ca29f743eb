/* regression_gate.h — --fail-on-regression: whether any significant change goes the worse way by
 * more than a percentage (worse: up for lower-is-better units, down for units ending in "/s"). */
#ifndef HB_REGRESSION_GATE_H
#define HB_REGRESSION_GATE_H

#include <stdbool.h>

#include "strbuf.h"
#include "tables.h"

/* Appends one line per regression beyond pct percent to report; returns true if there was any. */
bool hb_find_regressions(const struct hb_tables *t, double pct, struct hb_strbuf *report);

#endif
