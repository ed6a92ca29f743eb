/* noise_table.c — hbab noise: how noisy hbstat's tables are, as a TSV for scripts (a header, then
 * one line per table and column): the cells, how many carry a -noisy or -uncertain footnote, the
 * median of the cells' ± figures, the largest median over the smallest, whether every interval
 * shares a point with every other, and the machine variation of the input the column is named
 * after. scripts/noise-check.sh reads it; no script has to parse JSON for these numbers. */
#include "noise_table.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sort_doubles.h"
#include "xalloc.h"

/* A number for the TSV: "inf", or %.4g; "-" when there is none. */
static void field(struct hb_strbuf *out, double x)
{
    if (isnan(x))
        hb_strbuf_puts(out, "\t-");
    else if (isinf(x))
        hb_strbuf_puts(out, "\tinf");
    else
        hb_strbuf_printf(out, "\t%.4g", x);
}

/* The median of the machine variations of the inputs labelled label; NaN when none is. */
static double column_variation(const struct hb_tables *t, const char *label)
{
    double *v = hb_xmalloc((t->nvariations + 1) * sizeof *v);
    size_t n = 0;
    for (size_t i = 0; i < t->nvariations; i++)
        if (strcmp(hb_str_text(t->in, t->variations[i].label), label) == 0)
            v[n++] = t->variations[i].percent;
    hb_sort_doubles(v, n);
    double median = n == 0 ? NAN : n % 2 ? v[n / 2] : v[n / 2 - 1] + 0.5 * (v[n / 2] - v[n / 2 - 1]);
    free(v);
    return median;
}

static void column_line(const struct hb_tables *t, const struct hb_table *table, size_t c, struct hb_strbuf *out)
{
    double *reach = hb_xmalloc((table->nrows + 1) * sizeof *reach);
    size_t cells = 0, footnoted = 0;
    double smallest = INFINITY, largest = -INFINITY, highest_lo = -INFINITY, lowest_hi = INFINITY;
    for (size_t r = 0; r < table->nrows; r++) {
        const struct hb_summary *s = &hb_table_cell(table, r, c)->summary;
        if (!hb_table_cell(table, r, c)->present)
            continue;
        footnoted += s->noise_warning != NULL;
        reach[cells++] = s->center > 0 ? 100 * fmax(s->hi / s->center - 1, 1 - s->lo / s->center) : NAN;
        smallest = fmin(smallest, s->center);
        largest = fmax(largest, s->center);
        highest_lo = fmax(highest_lo, s->lo);
        lowest_hi = fmin(lowest_hi, s->hi);
    }
    struct hb_strbuf label = {0};
    hb_key_label(&t->proj->col, table->cols[c], t->in, &label);
    hb_strbuf_printf(out, "%s\t%s\t%zu\t%zu", hb_str_text(t->in, table->unit), hb_strbuf_cstr(&label), cells,
                     footnoted);
    size_t finite = 0; /* NaN (a center <= 0) sorts nowhere: leave it out */
    for (size_t i = 0; i < cells; i++)
        if (!isnan(reach[i]))
            reach[finite++] = reach[i];
    hb_sort_doubles(reach, finite);
    field(out, finite == 0       ? NAN
               : finite % 2 == 1 ? reach[finite / 2]
                                 : reach[finite / 2 - 1] + 0.5 * (reach[finite / 2] - reach[finite / 2 - 1]));
    field(out, cells && smallest > 0 ? largest / smallest : NAN);
    hb_strbuf_puts(out, cells == 0 ? "\t-" : highest_lo <= lowest_hi ? "\tyes" : "\tno");
    field(out, column_variation(t, hb_strbuf_cstr(&label)));
    hb_strbuf_puts(out, "\n");
    hb_strbuf_free(&label);
    free(reach);
}

void hb_noise_table_write(const struct hb_tables *t, struct hb_strbuf *out)
{
    hb_strbuf_puts(out, "unit\tcolumn\tcells\tfootnoted\tmedian_reach_pct\tmax_over_min\tintervals_overlap\t"
                        "machine_variation_pct\n");
    for (size_t i = 0; i < t->ntables; i++)
        for (size_t c = 0; c < t->tables[i].ncols; c++)
            column_line(t, &t->tables[i], c, out);
}
