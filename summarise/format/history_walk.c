/* history_walk.c — the words and numbers of hbstat -history's report, worked out once for every
 * format that shows them: numbers scaled per row as benchstat scales a row (from the smaller
 * median of the two sides), ranges as hbstat's tables print them, footnotes numbered per table. */
#include "history_walk.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "scale.h"
#include "summary.h"
#include "units.h"

void hb_history_config_difference(const struct hb_history_run *before, const struct hb_history_run *after,
                                  struct hb_strbuf *out)
{
    bool first = true;
    for (size_t k = HB_RUN_CONFIG_FIRST; k < HB_RUN_CONTEXT_KEYS; k++) {
        const char *a = before->context[k], *b = after->context[k];
        if (a == b || (a && b && strcmp(a, b) == 0))
            continue;
        hb_strbuf_printf(out, "%s%s: %s → %s", first ? "" : ", ", hb_run_context_keys[k], a ? a : "(none)",
                         b ? b : "(none)");
        first = false;
    }
}

static void runs_line(const struct hb_history *h, const char *order, const struct hb_history_walker *w, void *arg)
{
    struct hb_strbuf text = {0};
    hb_strbuf_printf(&text, "%zu runs, in the order %s%s", h->nruns, strcmp(order, "given") == 0 ? "" : "of ", order);
    if (h->nruns)
        hb_strbuf_printf(&text, ", from %s (run 0) to %s (run %zu)", hb_history_commit(&h->runs[0]),
                         hb_history_commit(&h->runs[h->nruns - 1]), h->nruns - 1);
    if (h->nconfigs > 1)
        hb_strbuf_printf(&text, "; %zu configurations", h->nconfigs);
    w->runs(arg, hb_strbuf_cstr(&text));
    hb_strbuf_free(&text);
}

static void walk_config_changes(const struct hb_history *h, const struct hb_history_walker *w, void *arg)
{
    struct hb_strbuf text = {0};
    for (size_t i = 1; i < h->nruns; i++) {
        if (h->runs[i].config == h->runs[i - 1].config)
            continue;
        struct hb_history_config_change change = {i, &h->runs[i - 1], &h->runs[i]};
        hb_strbuf_reset(&text);
        hb_strbuf_printf(&text, "configuration changed at run %zu (%s): ", i, hb_history_commit(&h->runs[i]));
        hb_history_config_difference(change.before, change.after, &text);
        hb_strbuf_puts(&text, "; every series starts again there");
        w->config_change(arg, &change, hb_strbuf_cstr(&text));
    }
    hb_strbuf_free(&text);
}

static void fill_row(const struct hb_history *h, const struct hb_history_change *c, struct hb_footnotes *notes,
                     struct hb_strbuf *markers, struct hb_history_row *row)
{
    const struct hb_series *s = &h->series[c->series];
    const char *unit = hb_str_text(h->in, s->unit);
    *row = (struct hb_history_row){
        .point = c, .name = hb_str_text(h->in, s->name), .unit = unit, .commit = hb_history_commit(&h->runs[c->index])};
    snprintf(row->run, sizeof row->run, "%zu", c->index);
    double centres[2] = {c->before.center, c->after.center};
    struct hb_scaler scaler = hb_common_scale(centres, 2, hb_unit_class_of(unit));
    hb_scaler_format(scaler, c->before.center, row->before, sizeof row->before);
    hb_scaler_format(scaler, c->after.center, row->after, sizeof row->after);
    hb_format_range(&c->before, row->before_range, sizeof row->before_range);
    hb_format_range(&c->after, row->after_range, sizeof row->after_range);
    /* Markers of both sides go in one buffer, NUL-separated, so both stay valid for the row. */
    hb_strbuf_reset(markers);
    hb_footnotes_mark(notes, &c->before.warning, 1, markers);
    size_t after_at = markers->len + 1;
    hb_strbuf_append(markers, "", 1);
    hb_footnotes_mark(notes, &c->after.warning, 1, markers);
    row->before_notes = hb_strbuf_cstr(markers);
    row->after_notes = hb_strbuf_cstr(markers) + after_at;
    row->change = c->before.center == c->after.center ? 0
                  : c->before.center == 0             ? NAN
                                                      : c->after.center / c->before.center - 1;
    if (isnan(row->change))
        snprintf(row->delta, sizeof row->delta, "?");
    else
        snprintf(row->delta, sizeof row->delta, row->change == 0 ? "0.00%%" : "%+.2f%%", 100 * row->change);
    if (isnan(c->p)) /* a change of exact counts: no test */
        snprintf(row->test, sizeof row->test, "exact n=%zu+%zu", c->nbefore, c->nafter);
    else
        snprintf(row->test, sizeof row->test, "p=%.2g n=%zu+%zu", c->p, c->nbefore, c->nafter);
    row->direction = "";
    if (!isnan(row->change) && row->change != 0)
        row->direction = (row->change > 0) == hb_unit_higher_is_better(unit) ? "better" : "worse";
}

static void summary_line(const struct hb_history_changes *c, const struct hb_history_family *f, const char *unit,
                         const struct hb_history_walker *w, void *arg)
{
    struct hb_strbuf text = {0};
    if (c->exact) {
        if (f->nchanges)
            hb_strbuf_printf(&text, "%s: %zu change point%s in %zu of %zu series", unit, f->nchanges,
                             f->nchanges == 1 ? "" : "s", f->changed_series, f->nseries);
        else
            hb_strbuf_printf(&text, "%s: no change point in %zu series", unit, f->nseries);
        hb_strbuf_printf(&text,
                         " (exact counts: a change where a run's count leaves its stretch's first by more than "
                         "%g%% (-exact-change); no test, no interval)",
                         c->exact_change);
    } else if (!f->pieces) {
        hb_strbuf_printf(&text,
                         "%s: %zu series, none with the %zu runs of one configuration that a search for a change "
                         "needs",
                         unit, f->nseries, 2 * c->min_segment);
    } else {
        if (f->nchanges)
            hb_strbuf_printf(&text, "%s: %zu change point%s in %zu of %zu series", unit, f->nchanges,
                             f->nchanges == 1 ? "" : "s", f->changed_series, f->nseries);
        else
            hb_strbuf_printf(&text, "%s: no change point in %zu series", unit, f->nseries);
        hb_strbuf_printf(&text,
                         " (E-divisive on ranks, at least %zu runs a side, up to %zu permutations; a series' first "
                         "split kept at Holm-adjusted p ≤ %g over %zu, further ones at p ≤ %g/%zu",
                         c->min_segment, f->permutations, c->alpha, f->pieces, c->alpha, f->pieces);
        if (f->drift_pieces)
            hb_strbuf_printf(&text, "; the machine's drift, from %zu steady series, taken out first", f->drift_series);
        hb_strbuf_puts(&text, ")");
    }
    w->summary(arg, hb_strbuf_cstr(&text));
    hb_strbuf_free(&text);
}

void hb_history_walk(const struct hb_history *h, const struct hb_history_changes *c, const char *order,
                     const struct hb_history_walker *w, void *arg)
{
    runs_line(h, order, w, arg);
    walk_config_changes(h, w, arg);
    struct hb_strbuf markers = {0};
    for (size_t i = 0; i < c->nfamilies; i++) {
        const struct hb_history_family *f = &c->families[i];
        const char *unit = hb_str_text(h->in, f->unit);
        if (f->nchanges) {
            struct hb_footnotes notes = {0};
            w->table(arg, unit);
            for (size_t k = f->first_change; k < f->first_change + f->nchanges; k++) {
                struct hb_history_row row;
                fill_row(h, &c->changes[k], &notes, &markers, &row);
                w->row(arg, &row);
            }
            w->table_end(arg, &notes);
            hb_footnotes_free(&notes);
        }
        summary_line(c, f, unit, w, arg);
    }
    hb_strbuf_free(&markers);
}
