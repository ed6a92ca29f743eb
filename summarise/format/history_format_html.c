/* history_format_html.c — hbstat -history's report as an HTML fragment for a report page: the
 * runs and configuration changes as paragraphs, one <table> of change points per unit with the
 * text format's numbers and footnotes (raw values in data-value, so a page can sort; a change
 * classed "worse" or "better" by its unit's direction), and each unit's summary line; then a plot
 * per series that changed (inline SVG): each run's value, the medians between its change points,
 * and a dashed line where each change came. */
#include <math.h>
#include <stdio.h>

#include "history_formats.h"
#include "history_walk.h"
#include "output.h"

static void history_html_paragraph(struct hb_strbuf *out, const char *class, const char *text)
{
    hb_markup_element(out, "p", text, "class", class, NULL);
    hb_strbuf_puts(out, "\n");
}

static void history_html_runs(void *out, const char *text)
{
    history_html_paragraph(out, "runs", text);
}

static void history_html_config_change(void *out, const struct hb_history_config_change *change, const char *text)
{
    hb_strbuf_printf(out, "<p class=\"config-change\" data-index=\"%zu\">", change->index);
    hb_html_text(out, text);
    hb_strbuf_puts(out, "</p>\n");
}

static void history_html_table(void *out, const char *unit)
{
    hb_strbuf_puts(out, "<table class=\"hbstat-history\" data-unit=\"");
    hb_html_text(out, unit);
    hb_strbuf_puts(out, "\">\n<thead><tr><th scope=\"col\">");
    hb_html_text(out, unit);
    hb_strbuf_puts(out, "</th><th scope=\"col\" class=\"num\">run</th><th scope=\"col\">commit</th>"
                        "<th scope=\"col\" class=\"num\">before</th><th scope=\"col\" class=\"num\">after</th>"
                        "<th scope=\"col\" class=\"num\">change</th></tr></thead>\n<tbody>\n");
}

static void history_html_side(struct hb_strbuf *out, double value, const char *centre, const char *range,
                              const char *notes)
{
    hb_strbuf_puts(out, "<td class=\"num\"");
    hb_markup_number_attribute(out, "data-value", value);
    hb_strbuf_puts(out, "><span class=\"center\">");
    hb_html_text(out, centre);
    hb_strbuf_puts(out, "</span> <span class=\"range\">± ");
    hb_html_text(out, range);
    hb_strbuf_puts(out, "</span>");
    if (*notes) {
        hb_strbuf_puts(out, " ");
        hb_markup_element(out, "sup", notes, "class", "note", NULL);
    }
    hb_strbuf_puts(out, "</td>");
}

static void history_html_row(void *out, const struct hb_history_row *r)
{
    hb_strbuf_puts(out, "<tr><th scope=\"row\">");
    hb_html_text(out, r->name);
    hb_strbuf_printf(out, "</th><td class=\"num\">%s</td><td>", r->run);
    hb_html_text(out, r->commit);
    hb_strbuf_puts(out, "</td>");
    history_html_side(out, r->point->before.center, r->before, r->before_range, r->before_notes);
    history_html_side(out, r->point->after.center, r->after, r->after_range, r->after_notes);
    hb_strbuf_printf(out, "<td class=\"num delta%s%s\"", *r->direction ? " " : "", r->direction);
    hb_markup_number_attribute(out, "data-value", r->change);
    hb_strbuf_puts(out, ">");
    hb_html_text(out, r->delta);
    hb_strbuf_puts(out, " <span class=\"p\">(");
    hb_html_text(out, r->test);
    hb_strbuf_puts(out, ")</span></td></tr>\n");
}

static void history_html_table_end(void *out, const struct hb_footnotes *notes)
{
    hb_strbuf_puts(out, "</tbody>\n</table>\n");
    if (!notes->n)
        return;
    hb_strbuf_puts(out, "<ol class=\"notes\">\n");
    for (size_t i = 0; i < notes->n; i++) {
        hb_strbuf_puts(out, "<li>");
        hb_superscript((unsigned)i + 1, out);
        hb_strbuf_puts(out, " ");
        hb_html_text(out, notes->texts[i]);
        hb_strbuf_puts(out, "</li>\n");
    }
    hb_strbuf_puts(out, "</ol>\n");
}

static void history_html_summary(void *out, const char *text)
{
    history_html_paragraph(out, "summary", text);
}

/* A value with an SI prefix, as the plot's axis shows it ("2.35n", "1.20G"). */
static void axis_value(char *buf, size_t size, double v)
{
    static const struct {
        double scale;
        const char *prefix;
    } prefixes[] = {{1e12, "T"}, {1e9, "G"},  {1e6, "M"},         {1e3, "k"},
                    {1, ""},     {1e-3, "m"}, {1e-6, "\xc2\xb5"}, {1e-9, "n"}};
    double a = fabs(v);
    size_t i = 0;
    while (i + 1 < sizeof prefixes / sizeof *prefixes && a < prefixes[i].scale)
        i++;
    if (a == 0)
        i = 4;
    snprintf(buf, size, "%.3g%s", v / prefixes[i].scale, prefixes[i].prefix);
}

enum { PLOT_W = 640, PLOT_H = 220, LEFT = 64, RIGHT = 16, TOP = 12, BOTTOM = 36, MAX_PLOTS = 24 };

struct plot_frame {
    double lo, hi;
    size_t nruns;
};

static double px(const struct plot_frame *f, double run)
{
    double span = f->nruns > 1 ? (double)(f->nruns - 1) : 1;
    return LEFT + (PLOT_W - LEFT - RIGHT) * run / span;
}

static double py(const struct plot_frame *f, double v)
{
    return TOP + (PLOT_H - TOP - BOTTOM) * (f->hi - v) / (f->hi - f->lo);
}

static void level(struct hb_strbuf *out, const struct plot_frame *f, double from, double to, double v)
{
    if (isfinite(v))
        hb_strbuf_printf(out, "<line class=\"level\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", px(f, from),
                         py(f, v), px(f, to), py(f, v));
}

/* One series' plot; changes[0..n) are its change points, in run order. */
static void series_plot(const struct hb_history *h, const struct hb_history_change *changes, size_t n,
                        struct hb_strbuf *out)
{
    const struct hb_series *s = &h->series[changes[0].series];
    struct plot_frame f = {INFINITY, -INFINITY, h->nruns};
    for (size_t i = 0; i < h->nruns; i++)
        if (isfinite(s->values[i]))
            f.lo = fmin(f.lo, s->values[i]), f.hi = fmax(f.hi, s->values[i]);
    if (!(f.lo <= f.hi))
        return;
    double pad = (f.hi - f.lo) * 0.08;
    if (pad == 0)
        pad = f.hi == 0 ? 1 : fabs(f.hi) * 0.05;
    f.lo -= pad, f.hi += pad;
    hb_strbuf_puts(out, "<figure class=\"history-plot\">\n<figcaption>");
    hb_html_text(out, hb_str_text(h->in, s->name));
    hb_strbuf_puts(out, " (");
    hb_html_text(out, hb_str_text(h->in, s->unit));
    hb_strbuf_printf(
        out,
        ")</figcaption>\n<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"%d\" "
        "height=\"%d\" role=\"img\">\n<style>.level{stroke:#1f5fa8;stroke-width:2}"
        ".change{stroke:#c0392b;stroke-dasharray:4 3}.axis{stroke:#444}.config{stroke:#999;stroke-width:3}text{font:11px sans-serif;"
        "fill:#333}</style>\n",
        PLOT_W, PLOT_H, PLOT_W, PLOT_H);
    hb_strbuf_printf(out, "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", LEFT, PLOT_H - BOTTOM,
                     PLOT_W - RIGHT, PLOT_H - BOTTOM);
    hb_strbuf_printf(out, "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", LEFT, TOP, LEFT,
                     PLOT_H - BOTTOM);
    for (int t = 0; t <= 2; t++) {
        double v = f.lo + pad + (f.hi - f.lo - 2 * pad) * t / 2;
        char label[32];
        axis_value(label, sizeof label, v);
        hb_strbuf_printf(out, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n", LEFT - 6, py(&f, v) + 4,
                         label);
    }
    hb_strbuf_printf(out,
                     "<text x=\"%d\" y=\"%d\">run 0</text><text x=\"%d\" y=\"%d\" text-anchor=\"end\">run %zu</text>\n",
                     LEFT, PLOT_H - BOTTOM + 16, PLOT_W - RIGHT, PLOT_H - BOTTOM + 16, h->nruns - 1);
    for (size_t i = 1; i < h->nruns; i++)
        if (h->runs[i].config != h->runs[i - 1].config)
            hb_strbuf_printf(out,
                             "<line class=\"config\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"><title>run %zu: "
                             "the configuration changed</title></line>\n",
                             px(&f, (double)i - 0.5), TOP, px(&f, (double)i - 0.5), PLOT_H - BOTTOM, i);
    for (size_t i = 0; i < h->nruns; i++)
        if (isfinite(s->values[i]))
            hb_strbuf_printf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2\" fill=\"#888\"/>\n", px(&f, (double)i),
                             py(&f, s->values[i]));
    for (size_t k = 0; k < n; k++) {
        const struct hb_history_change *c = &changes[k];
        double at = (double)c->index - 0.5;
        /* The runs each median was taken over: nbefore before the change, nafter from it. */
        double from = (double)(c->index - c->nbefore), to = (double)(c->index + c->nafter - 1);
        level(out, &f, from, at, c->before.center);
        level(out, &f, at, to, c->after.center);
        double change = c->before.center != 0 ? c->after.center / c->before.center - 1 : NAN;
        hb_strbuf_printf(out, "<line class=\"change\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"><title>run %zu (",
                         px(&f, at), TOP, px(&f, at), PLOT_H - BOTTOM, c->index);
        hb_html_text(out, hb_history_commit(&h->runs[c->index]));
        if (isnan(c->p)) /* exact counts: no test */
            hb_strbuf_printf(out, "): %+.2f%%, exact</title></line>\n", 100 * change);
        else
            hb_strbuf_printf(out, "): %+.2f%%, p=%.2g</title></line>\n", 100 * change, c->p);
    }
    hb_strbuf_puts(out, "</svg>\n</figure>\n");
}

/* A plot per series with change points, the first MAX_PLOTS of them. */
static void series_plots(const struct hb_history *h, const struct hb_history_changes *c, struct hb_strbuf *out)
{
    size_t plotted = 0, changed = 0;
    for (size_t i = 0; i < c->nchanges;) {
        size_t j = i + 1;
        while (j < c->nchanges && c->changes[j].series == c->changes[i].series)
            j++;
        changed++;
        if (plotted < MAX_PLOTS) {
            if (plotted == 0)
                hb_strbuf_puts(out, "<div class=\"history-plots\">\n");
            series_plot(h, &c->changes[i], j - i, out);
            plotted++;
        }
        i = j;
    }
    if (plotted == 0)
        return;
    if (changed > plotted)
        hb_strbuf_printf(out, "<p class=\"summary\">%zu more series changed; their plots are left out.</p>\n",
                         changed - plotted);
    hb_strbuf_puts(out, "</div>\n");
}

static const struct hb_history_walker html_walker = {
    .runs = history_html_runs,
    .config_change = history_html_config_change,
    .table = history_html_table,
    .row = history_html_row,
    .table_end = history_html_table_end,
    .summary = history_html_summary,
};

/* Declared through the writer type, so the compiler checks the signature against the table's. */
hb_history_writer hb_history_format_html;

void hb_history_format_html(const struct hb_history *h, const struct hb_history_changes *c, const char *order,
                            struct hb_strbuf *out)
{
    hb_strbuf_puts(out, "<section class=\"hbstat-history\">\n");
    hb_history_walk(h, c, order, &html_walker, out);
    series_plots(h, c, out);
    hb_strbuf_puts(out, "</section>\n");
}
