/* plot_tables_svg.h — the table needs' lookups in one real table per entry, as an inline SVG. */
#ifndef HB_ADVICE_PLOT_TABLES_SVG_H
#define HB_ADVICE_PLOT_TABLES_SVG_H

#include <stdbool.h>

#include "advice.h"
#include "hb_strbuf.h"

/* Appends <svg class="advice-plot-table" id="ID" data-need="NEED" data-design="DESIGN">: one
 * <g class="entry"> per ranked entry ("entry pick" for the pick) and one <g class="entry listed"> per
 * entry listed but never ranked, each with data-entry, data-rank (ranked ones), data-hit-ns and
 * data-miss-ns (advice.json's figures, or "capped"). Returns false, appending nothing, when no entry
 * has a lookup in design d to place. */
bool hb_advice_plot_tables_svg(const struct hb_advice_result *r, enum hb_design d, const char *id,
                               struct hb_strbuf *out);

#endif
