/* plot_svg.h — a need's qualifying entries as an inline SVG scatter plot (chain latency against
 * time per key, 90% intervals as bars, the pick ringed). */
#ifndef HB_ADVICE_PLOT_SVG_H
#define HB_ADVICE_PLOT_SVG_H

#include <stdbool.h>

#include "advice.h"
#include "hb_strbuf.h"

/* Appends the plot of r's ranked entries (those with both measures; the pick must have them) as an
 * <svg class="advice-plot" id="ID" data-need="NEED"> element, one <g class="entry"> per point
 * (class "entry pick" for the pick) with data-entry, data-rank, data-ns-per-key and
 * data-latency-ns-per-key. Returns false, appending nothing, when the pick has no latency. */
bool hb_advice_plot_svg(const struct hb_advice_result *r, const char *id, struct hb_strbuf *out);

#endif
