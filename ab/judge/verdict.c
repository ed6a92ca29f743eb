/* verdict.c — hbab verdict PCT: one comparison's answer to "is it slower?", for a step of
 * scripts/ab.sh --bisect, which prints the summary after the step's commit and files the tallies
 * in steps.tsv. A TSV of one record after its header line (text escaped as hbstat's tsv format
 * escapes it): verdict (slower when any row is, else not-slower), rows (the cells compared with
 * the first column), rows_slower and rows_faster (hb_cell_verdict at PCT), detectable_max (the
 * largest detectable change of the rows not slower, 0 when none has one; six significant digits)
 * and summary: "slower than BASE:" followed by one line per slower row (its change and adjusted
 * p, or "exact"), or "not slower" with how many rows were faster and the range of the detectable
 * changes. BASE is the first column's label. */
#include "verdict.h"

#include <math.h>
#include <stdbool.h>

#include "output.h"
#include "units.h"

enum hb_verdict hb_cell_verdict(const struct hb_tables *t, const struct hb_table *table, size_t r, size_t c,
                                double min_change)
{
    const struct hb_table_cell *cell = hb_table_cell(table, r, c);
    if (!cell->compared || !hb_comparison_significant(&cell->cmp))
        return HB_VERDICT_SAME;
    const char *unit = hb_str_text(t->in, table->unit);
    double delta = hb_comparison_delta(&cell->cmp, hb_table_cell(table, r, 0)->summary.center, cell->summary.center);
    if (hb_worse_beyond(unit, delta, min_change))
        return HB_VERDICT_SLOWER;
    return hb_worse_beyond(unit, -delta, 0) ? HB_VERDICT_FASTER : HB_VERDICT_SAME;
}

struct tally {
    size_t rows, slower, faster;
    size_t detectable, none; /* rows not slower with a detectable change, and with none possible */
    double lo, hi;           /* the smallest and largest of those detectable changes */
    struct hb_strbuf slower_rows;
};

/* A detectable change as the summary shows it: two significant digits or so, never "0%". */
static void percent(struct hb_strbuf *out, double x)
{
    hb_strbuf_printf(out, x >= 10 ? "%.0f%%" : x >= 1 ? "%.1f%%" : "%.2f%%", x);
}

static void count_cell(const struct hb_tables *t, const struct hb_table *table, size_t r, size_t c, double min_change,
                       struct hb_strbuf *name, struct tally *y)
{
    const struct hb_table_cell *cell = hb_table_cell(table, r, c);
    y->rows++;
    enum hb_verdict v = hb_cell_verdict(t, table, r, c, min_change);
    if (v == HB_VERDICT_SLOWER) {
        y->slower++;
        double delta =
            hb_comparison_delta(&cell->cmp, hb_table_cell(table, r, 0)->summary.center, cell->summary.center);
        hb_key_label(&t->proj->row, table->rows[r], t->in, name);
        if (isfinite(cell->cmp.q))
            hb_strbuf_printf(&y->slower_rows, "\n    %s  %+.2f%% (p=%.3g)", hb_strbuf_cstr(name), delta, cell->cmp.q);
        else
            hb_strbuf_printf(&y->slower_rows, "\n    %s  %+.3g%% (exact)", hb_strbuf_cstr(name), delta);
        return;
    }
    y->faster += v == HB_VERDICT_FASTER;
    if (!cell->compared)
        return;
    if (cell->cmp.detectable_none) {
        y->none++;
    } else if (isfinite(cell->cmp.detectable)) {
        double d = cell->cmp.detectable;
        y->lo = y->detectable == 0 || d < y->lo ? d : y->lo;
        y->hi = y->detectable == 0 || d > y->hi ? d : y->hi;
        y->detectable++;
    }
}

static void summary(const struct hb_tables *t, const struct tally *y, struct hb_strbuf *out)
{
    if (y->slower) {
        struct hb_strbuf base = {0};
        hb_key_label(&t->proj->col, t->tables[0].cols[0], t->in, &base);
        hb_strbuf_printf(out, "slower than %s:%s", hb_strbuf_cstr(&base), hb_strbuf_cstr(&y->slower_rows));
        hb_strbuf_free(&base);
        return;
    }
    hb_strbuf_puts(out, "not slower");
    bool detectable = y->detectable || y->none;
    if (!y->faster && !detectable)
        return;
    hb_strbuf_puts(out, " (");
    if (y->faster)
        hb_strbuf_printf(out, "%zu of %zu rows faster%s", y->faster, y->rows, detectable ? "; " : "");
    if (y->detectable == 1 && !y->none) {
        hb_strbuf_puts(out, "detectable ≥");
        percent(out, y->hi);
    } else if (y->detectable) {
        hb_strbuf_puts(out, "detectable ≥");
        percent(out, y->lo);
        hb_strbuf_puts(out, " to ≥");
        percent(out, y->hi);
        hb_strbuf_printf(out, " over %zu rows", y->detectable);
        if (y->none)
            hb_strbuf_printf(out, ", none in %zu", y->none);
    } else if (y->none) {
        hb_strbuf_puts(out, "nothing detectable at these sizes");
    }
    hb_strbuf_puts(out, ")");
}

void hb_verdict_write(const struct hb_tables *t, double min_change, struct hb_strbuf *out)
{
    struct tally y = {0};
    struct hb_strbuf name = {0}, text = {0};
    for (size_t i = 0; i < t->ntables; i++) {
        const struct hb_table *table = &t->tables[i];
        for (size_t r = 0; r < table->nrows; r++)
            for (size_t c = 1; c < table->ncols; c++)
                if (hb_table_cell(table, r, c)->present)
                    count_cell(t, table, r, c, min_change, &name, &y);
    }
    summary(t, &y, &text);
    double max = y.detectable ? y.hi : 0;
    hb_strbuf_puts(out, "verdict\trows\trows_slower\trows_faster\tdetectable_max\tsummary\n");
    hb_strbuf_printf(out, "%s\t%zu\t%zu\t%zu\t", y.slower ? "slower" : "not-slower", y.rows, y.slower, y.faster);
    hb_strbuf_printf(out, max == floor(max) && max < 1e15 ? "%.0f\t" : "%.6g\t", max);
    hb_tsv_text(out, text.text ? text.text : "", text.len);
    hb_strbuf_puts(out, "\n");
    hb_strbuf_free(&name);
    hb_strbuf_free(&text);
    hb_strbuf_free(&y.slower_rows);
}
