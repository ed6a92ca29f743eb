/* format_json.c — the json and gab-json formats: machine-readable rows for dashboards. json has one
 * object per cell (median, interval, n, and against the baseline: delta in percent, p,
 * significant, better, and under -sample paired the test and the pairs it used); gab-json is
 * github-action-benchmark's custom format. Both are common/'s one JSON layout, for JSON readers
 * (a script asks for -format tsv instead). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "go_float_format.h"
#include "hb_json_writer.h"
#include "output.h"
#include "units.h"

/* Go's shortest %g, as benchstat prints numbers; null for what JSON cannot hold. */
static void table_json_number(struct hb_json_writer *w, const char *key, double x)
{
    char num[HB_GO_G_MAX];
    hb_json_key(w, key);
    if (isfinite(x))
        hb_json_number_text(w, hb_format_go_g(x, num));
    else
        hb_json_null(w);
}

static void table_json_string(struct hb_json_writer *w, const char *key, const char *value)
{
    hb_json_key(w, key);
    hb_json_string(w, value);
}

static void json_config_line(const char *name, const char *value, void *arg)
{
    table_json_string(arg, name, value);
}

/* Appends the finished document to out. */
static void finish(struct hb_json_writer *w, struct hb_strbuf *out)
{
    size_t len;
    const char *text = hb_json_writer_text(w, &len);
    if (text == NULL) /* only unbalanced calls above can refuse the document */
        abort();
    hb_strbuf_append(out, text, len);
    hb_json_writer_free(w);
}

static void cell_object(const struct hb_tables *t, const struct hb_table *table, size_t r, size_t c,
                        struct hb_json_writer *w)
{
    const struct hb_table_cell *cell = hb_table_cell(table, r, c);
    const char *unit = hb_str_text(t->in, table->unit);
    struct hb_strbuf label = {0};
    hb_json_map_open(w);
    hb_json_key(w, "config");
    hb_json_map_open(w);
    hb_table_config_lines(t, table, NULL, json_config_line, w);
    hb_json_map_close(w);
    hb_key_label(&t->proj->row, table->rows[r], t->in, &label);
    table_json_string(w, "name", hb_strbuf_cstr(&label));
    table_json_string(w, "unit", unit);
    hb_key_label(&t->proj->col, table->cols[c], t->in, &label);
    table_json_string(w, "column", hb_strbuf_cstr(&label));
    table_json_number(w, "median", cell->summary.center);
    table_json_number(w, "ci_lo", cell->summary.lo);
    table_json_number(w, "ci_hi", cell->summary.hi);
    table_json_number(w, "confidence", t->confidence);
    hb_json_key(w, "n");
    hb_json_uint64(w, cell->n);
    if (cell->rank.ranked) { /* -ranks: its rank interval in its column, and whether it is in the best set */
        hb_json_key(w, "rank_lo");
        hb_json_uint64(w, cell->rank.lo);
        hb_json_key(w, "rank_hi");
        hb_json_uint64(w, cell->rank.hi);
        hb_json_key(w, "fastest");
        hb_json_bool(w, cell->rank.best);
        table_json_number(w, "rank_confidence", t->rank_confidence);
        hb_json_key(w, "processes");
        hb_json_uint64(w, cell->rank.processes);
    }
    if (c > 0 && cell->compared) {
        double old = hb_table_cell(table, r, 0)->summary.center, now = cell->summary.center;
        bool significant = hb_comparison_significant(&cell->cmp);
        double delta = hb_comparison_delta(&cell->cmp, old, now);
        table_json_number(w, "delta", delta);
        if (!isnan(cell->cmp.shift)) { /* percent; a bound is null when these sizes reach no interval */
            table_json_number(w, "shift", cell->cmp.shift);
            table_json_number(w, "shift_lo", cell->cmp.shift_lo);
            table_json_number(w, "shift_hi", cell->cmp.shift_hi);
        }
        table_json_number(w, "p", cell->cmp.q);
        if (cell->cmp.adjust_note)
            table_json_number(w, "p_unadjusted", cell->cmp.p);
        if (cell->cmp.exact) { /* counted inputs: no test; p is null */
            table_json_string(w, "test", cell->cmp.not_repeatable ? "not-repeatable" : "exact");
            table_json_number(w, "threshold", cell->cmp.threshold);
        }
        if (cell->cmp.paired) { /* absent: the Mann-Whitney U test, as every comparison was before pairing */
            table_json_string(w, "test", "signed-rank");
            hb_json_key(w, "pairs");
            hb_json_uint64(w, (uint64_t)cell->cmp.n1);
        }
        hb_json_key(w, "significant");
        hb_json_bool(w, significant);
        hb_json_key(w, "better");
        if (!significant || isnan(delta))
            hb_json_null(w);
        else
            hb_json_bool(w, hb_unit_higher_is_better(unit) ? delta > 0 : delta < 0);
        if (cell->cmp.detectable_none || !isnan(cell->cmp.detectable)) /* percent; null: none at these sample sizes */
            table_json_number(w, "detectable", cell->cmp.detectable_none ? NAN : cell->cmp.detectable);
    }
    char *warnings[6] = {cell->sample_warning,
                         cell->summary.warning,
                         cell->summary.noise_warning,
                         cell->compared ? cell->cmp.warning : NULL,
                         cell->compared ? cell->cmp.test_note : NULL,
                         cell->compared ? cell->cmp.adjust_note : NULL};
    hb_json_key(w, "warnings");
    hb_json_array_open(w);
    for (int i = 0; i < 6; i++)
        if (warnings[i])
            hb_json_string(w, warnings[i]);
    hb_json_array_close(w);
    if (t->nvariations) { /* each run's machine variation in percent, input by input */
        hb_json_key(w, "machine_variation");
        hb_json_array_open(w);
        for (size_t i = 0; i < t->nvariations; i++) {
            hb_json_map_open(w);
            table_json_string(w, "input", hb_str_text(t->in, t->variations[i].label));
            table_json_number(w, "percent", t->variations[i].percent);
            hb_json_map_close(w);
        }
        hb_json_array_close(w);
    }
    hb_json_map_close(w);
    hb_strbuf_free(&label);
}

void hb_format_json(const struct hb_tables *t, struct hb_strbuf *out, struct hb_strbuf *warnings)
{
    (void)warnings;
    struct hb_json_writer *w = hb_json_writer_new();
    hb_json_array_open(w);
    for (size_t i = 0; i < t->ntables; i++) {
        const struct hb_table *table = &t->tables[i];
        for (size_t r = 0; r < table->nrows; r++)
            for (size_t c = 0; c < table->ncols; c++)
                if (hb_table_cell(table, r, c)->present)
                    cell_object(t, table, r, c, w);
    }
    hb_json_array_close(w);
    finish(w, out);
}

void hb_format_gab_json(const struct hb_tables *t, struct hb_strbuf *out, struct hb_strbuf *warnings)
{
    (void)warnings;
    struct hb_json_writer *w = hb_json_writer_new();
    struct hb_strbuf name = {0}, col = {0};
    char range[32];
    hb_json_array_open(w);
    for (size_t i = 0; i < t->ntables; i++) {
        const struct hb_table *table = &t->tables[i];
        const char *unit = hb_str_text(t->in, table->unit);
        /* Dashboards chart seconds per operation in nanoseconds. */
        bool seconds = strcmp(unit, "sec/op") == 0;
        for (size_t r = 0; r < table->nrows; r++)
            for (size_t c = 0; c < table->ncols; c++) {
                const struct hb_table_cell *cell = hb_table_cell(table, r, c);
                if (!cell->present)
                    continue;
                hb_key_label(&t->proj->row, table->rows[r], t->in, &name);
                if (table->ncols > 1) {
                    hb_key_label(&t->proj->col, table->cols[c], t->in, &col);
                    hb_strbuf_printf(&name, " [%s]", hb_strbuf_cstr(&col));
                }
                if (!seconds)
                    hb_strbuf_printf(&name, " (%s)", unit);
                hb_json_map_open(w);
                table_json_string(w, "name", hb_strbuf_cstr(&name));
                table_json_string(w, "unit", seconds ? "ns/op" : unit);
                /* Fifteen significant digits: enough for a chart, and 3.15 ns stays "3.15". */
                char rounded[32];
                snprintf(rounded, sizeof rounded, "%.15g", seconds ? cell->summary.center * 1e9 : cell->summary.center);
                table_json_number(w, "value", strtod(rounded, NULL));
                hb_format_range(&cell->summary, range, sizeof range);
                char text[48];
                snprintf(text, sizeof text, "± %s", range);
                table_json_string(w, "range", text);
                snprintf(text, sizeof text, "n=%zu", cell->n);
                table_json_string(w, "extra", text);
                hb_json_map_close(w);
            }
    }
    hb_json_array_close(w);
    finish(w, out);
    hb_strbuf_free(&name);
    hb_strbuf_free(&col);
}
