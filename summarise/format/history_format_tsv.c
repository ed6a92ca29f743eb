/* history_format_tsv.c — every series of hbstat -history as tab-separated lines, for plotting
 * (gnuplot, awk) without reading JSON: one line per run and series with the run's index and
 * commit, the series' name and unit, the run's value (the median of its repetitions), its
 * configuration, and the median of the piece of the series it falls in (between change points and
 * configuration changes: the step that the change points fit). A header line names the columns. */
#include <math.h>
#include <stdlib.h>

#include "go_float_format.h"
#include "history_formats.h"
#include "xalloc.h"

/* Text with the tab, newline and backslash written \t, \n and \\, so that a field never splits. */
static void history_tsv_field(struct hb_strbuf *out, const char *text)
{
    for (; *text; text++) {
        switch (*text) {
        case '\t': hb_strbuf_puts(out, "\\t"); break;
        case '\n': hb_strbuf_puts(out, "\\n"); break;
        case '\r': hb_strbuf_puts(out, "\\r"); break;
        case '\\': hb_strbuf_puts(out, "\\\\"); break;
        default: hb_strbuf_append(out, text, 1);
        }
    }
}

static void history_tsv_number(struct hb_strbuf *out, double x)
{
    char text[HB_GO_G_MAX];
    hb_strbuf_puts(out, isfinite(x) ? hb_format_go_g(x, text) : "NaN");
}

/* Declared through the writer type, so the compiler checks the signature against the table's. */
hb_history_writer hb_history_format_tsv;

void hb_history_format_tsv(const struct hb_history *h, const struct hb_history_changes *c, const char *order,
                           struct hb_strbuf *out)
{
    (void)order;
    hb_strbuf_puts(out, "run\tcommit\tname\tunit\tvalue\tconfiguration\tpiece_median\n");
    double *fit = hb_xmalloc((h->nruns ? h->nruns : 1) * sizeof *fit);
    for (size_t s = 0; s < h->nseries; s++) {
        const struct hb_series *series = &h->series[s];
        hb_history_piece_medians(h, c, s, fit);
        for (size_t i = 0; i < h->nruns; i++) {
            if (isnan(series->values[i]))
                continue;
            hb_strbuf_printf(out, "%zu\t", i);
            history_tsv_field(out, hb_history_commit(&h->runs[i]));
            hb_strbuf_puts(out, "\t");
            history_tsv_field(out, hb_str_text(h->in, series->name));
            hb_strbuf_puts(out, "\t");
            history_tsv_field(out, hb_str_text(h->in, series->unit));
            hb_strbuf_puts(out, "\t");
            history_tsv_number(out, series->values[i]);
            hb_strbuf_printf(out, "\t%zu\t", h->runs[i].config);
            history_tsv_number(out, fit[i]);
            hb_strbuf_puts(out, "\n");
        }
    }
    free(fit);
}
