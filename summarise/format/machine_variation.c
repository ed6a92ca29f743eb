/* machine_variation.c — the line above the tables that says how much the machine varied during
 * each run that measured it (hashbench's context key machine_variation; docs/statistics.md,
 * "Machine variation"), shared by the text, markdown and html formats. */
#include <stdbool.h>

#include "output.h"

/* What the percentage is, as hashbench measures it. */
static const char definition[] = "the reference row's 10th to 90th percentile over its median";

void hb_machine_variation_line(const struct hb_tables *t, struct hb_strbuf *out)
{
    if (t->nvariations == 0)
        return;
    if (t->nvariations == 1) {
        hb_strbuf_printf(out, "this machine varied %.1f%% during the run (%s)", t->variations[0].percent, definition);
        return;
    }
    /* One entry per label, in order of first appearance: inputs pooled under one label (an A/B
     * side of many processes) give their range. */
    hb_strbuf_printf(out, "this machine varied during each run (%s):", definition);
    bool first = true;
    for (size_t i = 0; i < t->nvariations; i++) {
        hb_str label = t->variations[i].label;
        bool seen = false;
        for (size_t j = 0; j < i && !seen; j++)
            seen = t->variations[j].label == label;
        if (seen)
            continue;
        double lo = t->variations[i].percent, hi = lo;
        size_t runs = 0;
        for (size_t j = i; j < t->nvariations; j++) {
            if (t->variations[j].label != label)
                continue;
            runs++;
            lo = t->variations[j].percent < lo ? t->variations[j].percent : lo;
            hi = t->variations[j].percent > hi ? t->variations[j].percent : hi;
        }
        hb_strbuf_printf(out, "%s %s ", first ? "" : ",", hb_str_text(t->in, label));
        if (runs == 1)
            hb_strbuf_printf(out, "%.1f%%", lo);
        else
            hb_strbuf_printf(out, "%.1f-%.1f%% over %zu runs", lo, hi, runs);
        first = false;
    }
}
