/* format_tsv.c — the tsv format: the json format's figures as tab-separated lines for programs
 * and scripts, which read a column by its name in the header line. One line per cell: first the
 * keys that place it (a column per level of -table, -row and -col, named as those flags name them:
 * /size, .fullname, cpu_model), then the fixed columns of TSV_COLUMNS. Numbers are unscaled, in
 * Go's shortest form; a figure that does not apply or is not finite is an empty field. Text is
 * written as PostgreSQL's and MySQL's text exports write it: a backslash, tab, newline or carriage
 * return in a value becomes \\, \t, \n or \r, so that every line is one record. */
#include <math.h>
#include <string.h>

#include "go_float_format.h"
#include "output.h"
#include "units.h"

/* After the key columns, in this order (docs/tools.md describes each); under -ranks rank_lo, rank_hi,
 * fastest and processes come before the last, warnings. */
static const char *const fixed_columns[] = {
    "unit",        "median", "ci_lo", "ci_hi", "confidence", "n",     "delta",    "p",        "p_unadjusted",
    "significant", "better", "test",  "pairs", "detectable", "shift", "shift_lo", "shift_hi", "warnings"};

void hb_tsv_text(struct hb_strbuf *out, const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        switch (s[i]) {
        case '\\': hb_strbuf_puts(out, "\\\\"); break;
        case '\t': hb_strbuf_puts(out, "\\t"); break;
        case '\n': hb_strbuf_puts(out, "\\n"); break;
        case '\r': hb_strbuf_puts(out, "\\r"); break;
        default: hb_strbuf_append(out, s + i, 1);
        }
    }
}

static void tsv_text(struct hb_strbuf *out, const char *s)
{
    hb_tsv_text(out, s, strlen(s));
}

/* Each field after the first of a line starts with its tab. */
static void tsv_field(struct hb_strbuf *out, const char *s)
{
    hb_strbuf_puts(out, "\t");
    tsv_text(out, s);
}

static void tsv_number(struct hb_strbuf *out, double x)
{
    char num[HB_GO_G_MAX];
    tsv_field(out, isfinite(x) ? hb_format_go_g(x, num) : "");
}

static void boolean(struct hb_strbuf *out, bool b)
{
    tsv_field(out, b ? "true" : "false");
}

/* The names of the key columns, each followed by a tab. */
static void key_names(const struct hb_tables *t, const struct hb_projection *proj, struct hb_strbuf *out)
{
    for (size_t level = 0; level < hb_projection_levels(proj); level++) {
        tsv_text(out, hb_level_name(proj, level, t->in));
        hb_strbuf_puts(out, "\t");
    }
}

/* One cell's values of the key columns of proj, each followed by a tab. */
static void key_values(const struct hb_tables *t, const struct hb_projection *proj, hb_tuple key,
                       struct hb_strbuf *value, struct hb_strbuf *out)
{
    for (size_t level = 0; level < hb_projection_levels(proj); level++) {
        hb_key_level(proj, key, level, t->in, value);
        tsv_text(out, hb_strbuf_cstr(value));
        hb_strbuf_puts(out, "\t");
    }
}

static void tsv_comparison(const char *unit, const struct hb_table_cell *base, const struct hb_table_cell *cell,
                           struct hb_strbuf *out)
{
    if (!cell->compared) {
        for (int i = 0; i < 11; i++) /* delta .. shift_hi */
            tsv_field(out, "");
        return;
    }
    bool significant = hb_comparison_significant(&cell->cmp);
    double delta = hb_comparison_delta(&cell->cmp, base->summary.center, cell->summary.center);
    tsv_number(out, delta);
    tsv_number(out, cell->cmp.q);
    tsv_number(out, cell->cmp.p);
    boolean(out, significant);
    if (!significant || isnan(delta))
        tsv_field(out, "");
    else
        boolean(out, hb_unit_higher_is_better(unit) ? delta > 0 : delta < 0);
    tsv_field(out, cell->cmp.exact    ? (cell->cmp.not_repeatable ? "not-repeatable" : "exact")
                   : cell->cmp.paired ? "signed-rank"
                                      : "mann-whitney");
    if (cell->cmp.paired)
        hb_strbuf_printf(out, "\t%d", cell->cmp.n1);
    else
        tsv_field(out, "");
    if (cell->cmp.detectable_none)
        tsv_field(out, "none");
    else
        tsv_number(out, cell->cmp.detectable);
    tsv_number(out, cell->cmp.shift);
    tsv_number(out, cell->cmp.shift_lo);
    tsv_number(out, cell->cmp.shift_hi);
}

static void cell_line(const struct hb_tables *t, const struct hb_table *table, size_t r, size_t c,
                      struct hb_strbuf *value, struct hb_strbuf *out)
{
    const struct hb_table_cell *cell = hb_table_cell(table, r, c);
    const char *unit = hb_str_text(t->in, table->unit);
    key_values(t, &t->proj->table, table->key, value, out);
    key_values(t, &t->proj->row, table->rows[r], value, out);
    key_values(t, &t->proj->col, table->cols[c], value, out);
    tsv_text(out, unit);
    tsv_number(out, cell->summary.center);
    tsv_number(out, cell->summary.lo);
    tsv_number(out, cell->summary.hi);
    tsv_number(out, t->confidence);
    hb_strbuf_printf(out, "\t%zu", cell->n);
    tsv_comparison(unit, hb_table_cell(table, r, 0), cell, out);
    if (t->rank_confidence > 0) { /* -ranks: rank_lo, rank_hi, fastest, processes */
        if (cell->rank.ranked)
            hb_strbuf_printf(out, "\t%zu\t%zu\t%s\t%zu", cell->rank.lo, cell->rank.hi,
                             cell->rank.best ? "true" : "false", cell->rank.processes);
        else
            hb_strbuf_puts(out, "\t\t\t\t");
    }
    char *warnings[6] = {cell->sample_warning,
                         cell->summary.warning,
                         cell->summary.noise_warning,
                         cell->compared ? cell->cmp.warning : NULL,
                         cell->compared ? cell->cmp.test_note : NULL,
                         cell->compared ? cell->cmp.adjust_note : NULL};
    hb_strbuf_puts(out, "\t");
    const char *sep = "";
    for (int i = 0; i < 6; i++)
        if (warnings[i]) {
            hb_strbuf_puts(out, sep);
            tsv_text(out, warnings[i]);
            sep = "; ";
        }
    hb_strbuf_puts(out, "\n");
}

/* Declared through the writer type, so the compiler checks the signature against the table's. */
hb_format_writer hb_format_tsv;

void hb_format_tsv(const struct hb_tables *t, struct hb_strbuf *out, struct hb_strbuf *warnings)
{
    (void)warnings;
    struct hb_strbuf value = {0};
    key_names(t, &t->proj->table, out);
    key_names(t, &t->proj->row, out);
    key_names(t, &t->proj->col, out);
    size_t nfixed = sizeof fixed_columns / sizeof *fixed_columns;
    for (size_t i = 0; i + 1 < nfixed; i++)
        hb_strbuf_printf(out, "%s\t", fixed_columns[i]);
    if (t->rank_confidence > 0)
        hb_strbuf_puts(out, "rank_lo\trank_hi\tfastest\tprocesses\t");
    hb_strbuf_puts(out, fixed_columns[nfixed - 1]);
    hb_strbuf_puts(out, "\n");
    for (size_t i = 0; i < t->ntables; i++) {
        const struct hb_table *table = &t->tables[i];
        for (size_t r = 0; r < table->nrows; r++)
            for (size_t c = 0; c < table->ncols; c++)
                if (hb_table_cell(table, r, c)->present)
                    cell_line(t, table, r, c, &value, out);
    }
    hb_strbuf_free(&value);
}
