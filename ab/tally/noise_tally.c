/* noise_tally.c — noise-check.sh's arithmetic: shares of footnoted rows and medians over rounds. */
#include "noise_tally.h"

#include <stdlib.h>
#include <string.h>

#include "cell_number.h"
#include "hb_alloc.h"

/* The one data line's cell in column name: "" when the table has no data line, "-" when it lacks
 * the column. */
static const char *only(const struct hb_tsv_file *t, const char *name)
{
    int col = hb_tsv_file_column(t, name);
    return hb_tsv_file_rows(t) == 0 ? "" : col < 0 ? "-" : hb_tsv_file_cell(t, 0, col);
}

static void percent_of(const char *part, const char *whole, struct hb_strbuf *out)
{
    double w = hb_cell_number(whole);
    if (hb_cell_is_number(whole) && w > 0)
        hb_strbuf_printf(out, "%.1f", 100 * hb_cell_number(part) / w);
    else
        hb_strbuf_puts(out, "-");
}

void hb_noise_run_line(const struct hb_tsv_file *noisy, const struct hb_tsv_file *uncertain,
                       const struct hb_tsv_file *same, struct hb_strbuf *out)
{
    const char *cells = only(noisy, "cells");
    hb_strbuf_printf(out, "%s\t", cells);
    percent_of(only(noisy, "footnoted"), cells, out);
    hb_strbuf_puts(out, "\t");
    percent_of(only(uncertain, "footnoted"), cells, out);
    hb_strbuf_printf(out, "\t%s\t%s\t%s\t%s\n", only(noisy, "median_reach_pct"), only(same, "max_over_min"),
                     only(same, "intervals_overlap"), only(noisy, "machine_variation_pct"));
}

/* A cell that the medians take: digits and points only (no sign, no exponent, not "-"). */
static bool plain_number(const char *s)
{
    return *s && strspn(s, "0123456789.") == strlen(s);
}

static void build_line(const struct hb_tsv_file *t, int build_col, int run_col, const char *build,
                       struct hb_strbuf *out)
{
    size_t nrows = hb_tsv_file_rows(t), runs = 0;
    for (size_t r = 0; r < nrows; r++)
        runs += strcmp(hb_tsv_file_cell(t, r, build_col), build) == 0;
    if (runs == 0)
        return;
    double *v = hb_xmalloc(runs * sizeof *v);
    hb_strbuf_printf(out, "%s:", build);
    for (size_t c = 0; c < t->nfields[0]; c++) {
        if ((int)c == build_col || (int)c == run_col)
            continue;
        const char *name = t->fields[0][c];
        size_t m = 0, tied = 0;
        for (size_t r = 0; r < nrows; r++) {
            if (strcmp(hb_tsv_file_cell(t, r, build_col), build) != 0)
                continue;
            const char *x = hb_tsv_file_cell(t, r, (int)c);
            tied += strcmp(x, "yes") == 0;
            if (plain_number(x))
                v[m++] = hb_cell_number(x);
        }
        hb_strbuf_printf(out, "  %s ", name);
        if (strcmp(name, "same_code_tied") == 0) {
            hb_strbuf_printf(out, "%zu/%zu", tied, runs);
        } else if (m == 0) {
            hb_strbuf_puts(out, "-");
        } else {
            hb_number_text(out, hb_sort_median(v, m));
        }
    }
    hb_strbuf_puts(out, "\n");
    free(v);
}

int hb_noise_rounds(const struct hb_tsv_file *noise, const char *path, struct hb_strbuf *out, char **error)
{
    int build = hb_tsv_file_column(noise, "build"), run = hb_tsv_file_column(noise, "run");
    if (build < 0) {
        *error = hb_xasprintf("%s has no column \"build\"", path);
        return -1;
    }
    build_line(noise, build, run, "before", out);
    build_line(noise, build, run, "after", out);
    return 0;
}
