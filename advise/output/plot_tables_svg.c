/* plot_tables_svg.c — one design's lookups per entry: a row per entry (the ranked ones in rank
 * order, then those listed but never ranked: a linear hash, a battery failure, a capped row), its
 * median hit time (a filled dot) and miss time (a ring) per key on a logarithmic axis, each with
 * its 90% interval as a bar; a capped lookup is written "capped" at the right edge, never placed.
 * Inline SVG with a title and a description, no script; each row carries its figures as data
 * attributes with advice.json's text. */
#include "plot_tables_svg.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "describe.h"
#include "hb_alloc.h"
#include "hb_markup.h"
#include "plot_axis.h"

enum { WIDTH = 760, LEFT = 190, RIGHT = 84, TOP = 34, BOTTOM = 44, ROW = 20 };

struct row {
    const struct hb_advice_entry *e;
    size_t rank; /* 0: listed, never ranked */
};

static size_t rows_of(const struct hb_advice_result *r, struct row *rows)
{
    size_t n = 0;
    for (size_t i = 0; i < r->nranked; i++)
        rows[n++] = (struct row){&r->ranked[i].entry, i + 1};
    for (size_t i = 0; i < r->nexcluded; i++) {
        const struct hb_advice_exclusion *x = &r->excluded[i];
        if (x->has_entry && x->entry.tables.present && (x->gate == HB_GATE_BATTERY || x->gate == HB_GATE_CAPPED))
            rows[n++] = (struct row){&x->entry, 0};
    }
    return n;
}

/* Whether cell c can be placed on the axis. */
static bool placed(const struct hb_advice_table_cell *c)
{
    return !c->capped && c->x.present && c->x.median > 0 && isfinite(c->x.median);
}

static double x_of_seconds(const struct hb_plot_axis *a, double seconds)
{
    return hb_plot_axis_place(a, seconds * 1e9, LEFT, WIDTH - LEFT - RIGHT);
}

static void svg_line(struct hb_strbuf *out, double x0, double y0, double x1, double y1)
{
    char a[32], b[32], c[32], d[32];
    snprintf(a, sizeof a, "%.1f", x0), snprintf(b, sizeof b, "%.1f", y0);
    snprintf(c, sizeof c, "%.1f", x1), snprintf(d, sizeof d, "%.1f", y1);
    hb_markup_empty(out, "line", "x1", a, "y1", b, "x2", c, "y2", d, NULL);
}

static void text_at(struct hb_strbuf *out, const char *text, double x, double y, const char *anchor, const char *fill)
{
    char a[32], b[32];
    snprintf(a, sizeof a, "%.1f", x), snprintf(b, sizeof b, "%.1f", y);
    hb_markup_element(out, "text", text, "x", a, "y", b, "text-anchor", anchor, "fill", fill, "stroke", "none", NULL);
}

/* One lookup of a row: its interval bar and its mark (a dot for hits, a ring for misses); nothing
 * for a capped or absent one. */
static void lookup_mark(struct hb_strbuf *out, const struct hb_plot_axis *a, const struct hb_advice_table_cell *c,
                        double y, bool hit, const char *colour)
{
    if (!placed(c))
        return;
    if (hb_advice_interval_finite(&c->x) && c->x.lo > 0)
        svg_line(out, x_of_seconds(a, c->x.lo), y, x_of_seconds(a, c->x.hi), y);
    char cx[32], cy[32];
    snprintf(cx, sizeof cx, "%.1f", x_of_seconds(a, c->x.median)), snprintf(cy, sizeof cy, "%.1f", y);
    hb_markup_empty(out, "circle", "cx", cx, "cy", cy, "r", "4", "fill", hit ? colour : "#fff", "stroke", colour,
                    "stroke-width", "1.5", NULL);
}

bool hb_advice_plot_tables_svg(const struct hb_advice_result *r, enum hb_design d, const char *id,
                               struct hb_strbuf *out)
{
    struct row *rows = hb_xcalloc(r->nranked + r->nexcluded + 1, sizeof *rows);
    size_t n = rows_of(r, rows);
    struct hb_plot_axis a = {INFINITY, 0, {0}, 0};
    for (size_t i = 0; i < n; i++)
        for (int o = HB_OP_HIT; o <= HB_OP_MISS; o++) {
            const struct hb_advice_table_cell *c = &rows[i].e->tables.cell[d][o];
            if (!placed(c))
                continue;
            bool finite = hb_advice_interval_finite(&c->x) && c->x.lo > 0;
            double lo = (finite ? c->x.lo : c->x.median) * 1e9, hi = (finite ? c->x.hi : c->x.median) * 1e9;
            a.lo = lo < a.lo ? lo : a.lo;
            a.hi = hi > a.hi ? hi : a.hi;
        }
    if (!n || !(a.hi > 0)) {
        free(rows);
        return false;
    }
    a.lo /= 1.15;
    a.hi = a.hi > a.lo * 1.5 ? a.hi * 1.15 : a.lo * 1.8;
    hb_plot_axis_ticks(&a);
    int height = TOP + (int)n * ROW + BOTTOM;
    char viewbox[48], w[16], h[16], title_id[96], desc_id[96], labelled[200], title[200], desc[600];
    snprintf(viewbox, sizeof viewbox, "0 0 %d %d", WIDTH, height);
    snprintf(w, sizeof w, "%d", WIDTH), snprintf(h, sizeof h, "%d", height);
    snprintf(title_id, sizeof title_id, "%s-title", id), snprintf(desc_id, sizeof desc_id, "%s-desc", id);
    snprintf(labelled, sizeof labelled, "%s %s", title_id, desc_id);
    snprintf(title, sizeof title, "%s: lookups in %s per entry, on these keys", r->rule->name, hb_design_name(d));
    snprintf(desc, sizeof desc,
             "One row per entry, the ranked ones in order, then those listed but never ranked: the median time per "
             "key of a successful lookup (filled dot) and of an unsuccessful one (ring), with their 90%% intervals as "
             "bars; a capped lookup is marked capped. %s.",
             hb_advice_design_text(d));
    hb_markup_open(out, "svg", "class", "advice-plot-table", "id", id, "data-need", r->rule->name, "data-design",
                   hb_design_name(d), "viewBox", viewbox, "width", w, "height", h, "role", "img", "aria-labelledby",
                   labelled, "font-family", "system-ui, -apple-system, 'Segoe UI', sans-serif", "font-size", "12",
                   NULL);
    hb_markup_element(out, "title", title, "id", title_id, NULL);
    hb_markup_element(out, "desc", desc, "id", desc_id, NULL);
    hb_markup_open(out, "g", "class", "grid", "stroke", "#ddd", "stroke-width", "1", NULL);
    for (size_t i = 0; i < a.nticks; i++)
        svg_line(out, x_of_seconds(&a, a.ticks[i] * 1e-9), TOP - 6, x_of_seconds(&a, a.ticks[i] * 1e-9),
                 height - BOTTOM);
    hb_markup_close(out, "g");
    hb_markup_open(out, "g", "class", "ticks", "fill", "#333", NULL);
    for (size_t i = 0; i < a.nticks; i++) {
        char t[32];
        snprintf(t, sizeof t, "%g", a.ticks[i]);
        text_at(out, t, x_of_seconds(&a, a.ticks[i] * 1e-9), height - BOTTOM + 16, "middle", "#333");
    }
    hb_markup_close(out, "g");
    char axis_title[160];
    snprintf(axis_title, sizeof axis_title, "ns per lookup in %s, log scale (dot: hit, ring: miss)", hb_design_name(d));
    text_at(out, axis_title, LEFT + (WIDTH - LEFT - RIGHT) / 2.0, height - 8, "middle", "#111");
    text_at(out, hb_design_name(d), LEFT, TOP - 14, "start", "#111");
    for (size_t i = 0; i < n; i++) {
        const struct hb_advice_entry *e = rows[i].e;
        const struct hb_advice_table_cell *hit = &e->tables.cell[d][HB_OP_HIT], *miss = &e->tables.cell[d][HB_OP_MISS];
        double y = TOP + ROW * (double)i + ROW / 2.0;
        char label[160], text[200], rank[24], hit_ns[40], miss_ns[40];
        hb_advice_entry_label(e, label, sizeof label);
        hb_advice_ns_exact(hit_ns, sizeof hit_ns, placed(hit) ? hit->x.median : NAN);
        hb_advice_ns_exact(miss_ns, sizeof miss_ns, placed(miss) ? miss->x.median : NAN);
        snprintf(rank, sizeof rank, "%zu", rows[i].rank);
        const char *colour = rows[i].rank == 1 ? "#b33b00" : rows[i].rank ? "#3a6ea5" : "#777";
        hb_markup_open(out, "g", "class",
                       rows[i].rank == 1 ? "entry pick"
                       : rows[i].rank    ? "entry"
                                         : "entry listed",
                       "data-entry", label, "data-rank", rows[i].rank ? rank : NULL, "data-hit-ns",
                       hit->capped ? "capped" : hit_ns, "data-miss-ns", miss->capped ? "capped" : miss_ns, "stroke",
                       colour, NULL);
        char row_title[512];
        snprintf(row_title, sizeof row_title, "%s%s: hit %s ns, miss %s ns per key in %s", label,
                 rows[i].rank == 1 ? " (the pick)"
                 : rows[i].rank    ? ""
                                   : " (never the pick)",
                 hit->capped ? "capped"
                 : hit_ns[0] ? hit_ns
                             : "-",
                 miss->capped ? "capped"
                 : miss_ns[0] ? miss_ns
                              : "-",
                 hb_design_name(d));
        hb_markup_element(out, "title", row_title, NULL);
        if (rows[i].rank)
            snprintf(text, sizeof text, "%zu. %s%s", rows[i].rank, e->name, rows[i].rank == 1 ? " (pick)" : "");
        else
            snprintf(text, sizeof text, "%s (never the pick)", e->name);
        char ty[32];
        snprintf(ty, sizeof ty, "%.1f", y + 4);
        hb_markup_element(out, "text", text, "x", "8", "y", ty, "stroke", "none", "fill",
                          rows[i].rank ? "#1b1b1b" : "#555", "font-weight", rows[i].rank == 1 ? "bold" : NULL, NULL);
        lookup_mark(out, &a, hit, y, true, colour);
        lookup_mark(out, &a, miss, y, false, colour);
        if (hit->capped || miss->capped)
            text_at(out,
                    hit->capped && miss->capped ? "capped"
                    : hit->capped               ? "hit capped"
                                                : "miss capped",
                    WIDTH - RIGHT + 4, y + 4, "start", "#b00020");
        hb_markup_close(out, "g");
    }
    hb_markup_close(out, "svg");
    free(rows);
    return true;
}
