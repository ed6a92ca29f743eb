/* plot_svg.c — one need's qualifying entries as a picture: chain latency (y) against time per key
 * (x) on the user's keys, each a point with its 90% intervals as bars on both axes, the pick
 * ringed and labelled as such, every point labelled with its name where a label fits beside it
 * (else its rank); the fastest set's members filled, the rest hollow. Inline SVG with text labels and a title and description for screen readers; no
 * script, no external font. Both axes are logarithmic: the figures span a factor of ten or more
 * (a CRC beside SipHash), and equal distances are then equal ratios. Each point carries its
 * figures as data attributes, the same text as advice.json's, for the browser test. */
#include "plot_svg.h"

#include "plot_axis.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "describe.h"
#include "hb_alloc.h"
#include "hb_markup.h"

enum { WIDTH = 760, HEIGHT = 470, LEFT = 78, RIGHT = 24, TOP = 20, BOTTOM = 70 };
#define CHAR_WIDTH 6.6 /* an estimate of the 12px sans-serif glyphs, to keep labels apart */
#define LINE       12.0

struct box {
    double x0, y0, x1, y1;
};

struct point {
    const struct hb_advice_pick *p;
    size_t rank;
    double x, y; /* pixels */
};

/* The axis of one measure: every value shown (interval ends included), with room around it. */
static struct hb_plot_axis axis_of(const struct point *pts, size_t n, bool latency)
{
    struct hb_plot_axis a = {INFINITY, 0, {0}, 0};
    for (size_t i = 0; i < n; i++) {
        const struct hb_advice_interval *x = latency ? &pts[i].p->entry.latency : &pts[i].p->entry.throughput;
        bool finite = hb_advice_interval_finite(x) && x->lo > 0;
        double lo = (finite ? x->lo : x->median) * 1e9, hi = (finite ? x->hi : x->median) * 1e9;
        if (lo < a.lo)
            a.lo = lo;
        if (hi > a.hi)
            a.hi = hi;
    }
    if (!(a.lo > 0) || !isfinite(a.lo))
        a.lo = a.hi > 0 ? a.hi / 2 : 1;
    a.lo /= 1.15;
    a.hi = a.hi > a.lo * 1.5 ? a.hi * 1.15 : a.lo * 1.8;
    hb_plot_axis_ticks(&a);
    return a;
}

static bool overlaps(const struct box *a, const struct box *b)
{
    return a->x0 < b->x1 && b->x0 < a->x1 && a->y0 < b->y1 && b->y0 < a->y1;
}

static bool inside(const struct box *b)
{
    return b->x0 >= LEFT && b->x1 <= WIDTH - RIGHT && b->y0 >= TOP && b->y1 <= HEIGHT - BOTTOM;
}

struct label {
    double x, y; /* the text's anchor */
    const char *anchor;
    bool leader;
};

/* Finds a place for a label of width w near (px, py) that stays in the plot and clear of every box
 * in taken[0..ntaken); false when there is none. */
static bool place_label(double px, double py, double w, const struct box *taken, size_t ntaken, struct label *out)
{
    static const struct {
        double dx, dy;
        int anchor; /* -1 end, 0 middle, 1 start */
    } around[] = {{1, 0.35, 1},   {-1, 0.35, -1}, {0, -0.8, 0},     {0, 1.5, 0},
                  {0.7, -0.7, 1}, {0.7, 1.2, 1},  {-0.7, -0.7, -1}, {-0.7, 1.2, -1}};
    static const double distance[] = {9, 18, 30, 46};
    for (size_t d = 0; d < sizeof distance / sizeof *distance; d++) {
        for (size_t k = 0; k < sizeof around / sizeof *around; k++) {
            double tx = px + around[k].dx * distance[d], ty = py + around[k].dy * distance[d];
            if (around[k].dy > 0.9)
                ty = py + distance[d] * 0.6 + LINE;
            double x0 = around[k].anchor > 0 ? tx : around[k].anchor < 0 ? tx - w : tx - w / 2;
            struct box b = {x0, ty - LINE + 2, x0 + w, ty + 3};
            bool clear = inside(&b);
            for (size_t i = 0; i < ntaken && clear; i++)
                clear = !overlaps(&b, &taken[i]);
            if (clear) {
                *out = (struct label){tx, ty,
                                      around[k].anchor > 0   ? "start"
                                      : around[k].anchor < 0 ? "end"
                                                             : "middle",
                                      d > 0};
                return true;
            }
        }
    }
    return false;
}

static double x_of_ns(const struct hb_plot_axis *x, double ns)
{
    return hb_plot_axis_place(x, ns, LEFT, WIDTH - LEFT - RIGHT);
}

static double y_of(const struct hb_plot_axis *y, double ns)
{
    return hb_plot_axis_place(y, ns, HEIGHT - BOTTOM, -(HEIGHT - TOP - BOTTOM));
}

static void axes(struct hb_strbuf *out, const struct hb_plot_axis *x, const struct hb_plot_axis *y)
{
    char a[32], b[32], c[32], d[32], t[32];
    hb_markup_open(out, "g", "class", "grid", "stroke", "#ddd", "stroke-width", "1", NULL);
    for (size_t i = 0; i < x->nticks; i++) {
        snprintf(a, sizeof a, "%.1f", x_of_ns(x, x->ticks[i]));
        snprintf(b, sizeof b, "%d", TOP);
        snprintf(c, sizeof c, "%d", HEIGHT - BOTTOM);
        hb_markup_empty(out, "line", "x1", a, "y1", b, "x2", a, "y2", c, NULL);
    }
    for (size_t i = 0; i < y->nticks; i++) {
        snprintf(a, sizeof a, "%d", LEFT);
        snprintf(b, sizeof b, "%.1f", y_of(y, y->ticks[i]));
        snprintf(c, sizeof c, "%d", WIDTH - RIGHT);
        hb_markup_empty(out, "line", "x1", a, "y1", b, "x2", c, "y2", b, NULL);
    }
    hb_markup_close(out, "g");
    char corner[200];
    snprintf(corner, sizeof corner, "%d,%d %d,%d %d,%d", LEFT, TOP, LEFT, HEIGHT - BOTTOM, WIDTH - RIGHT,
             HEIGHT - BOTTOM);
    hb_markup_empty(out, "polyline", "fill", "none", "stroke", "#555", "stroke-width", "1", "points", corner, NULL);
    hb_markup_open(out, "g", "class", "ticks", "fill", "#333", NULL);
    for (size_t i = 0; i < x->nticks; i++) {
        snprintf(t, sizeof t, "%g", x->ticks[i]);
        snprintf(a, sizeof a, "%.1f", x_of_ns(x, x->ticks[i]));
        snprintf(b, sizeof b, "%d", HEIGHT - BOTTOM + 16);
        hb_markup_element(out, "text", t, "x", a, "y", b, "text-anchor", "middle", NULL);
    }
    for (size_t i = 0; i < y->nticks; i++) {
        snprintf(t, sizeof t, "%g", y->ticks[i]);
        snprintf(a, sizeof a, "%d", LEFT - 6);
        snprintf(b, sizeof b, "%.1f", y_of(y, y->ticks[i]) + 4);
        hb_markup_element(out, "text", t, "x", a, "y", b, "text-anchor", "end", NULL);
    }
    hb_markup_close(out, "g");
    snprintf(a, sizeof a, "%.1f", LEFT + (WIDTH - LEFT - RIGHT) / 2.0);
    snprintf(b, sizeof b, "%d", HEIGHT - 30);
    hb_markup_element(out, "text", "time per key, ns, log scale (independent calls, keys in cache)", "x", a, "y", b,
                      "text-anchor", "middle", "fill", "#111", NULL);
    snprintf(d, sizeof d, "%.1f", TOP + (HEIGHT - TOP - BOTTOM) / 2.0);
    char rotate[64];
    snprintf(rotate, sizeof rotate, "translate(18 %s) rotate(-90)", d);
    hb_markup_element(out, "text", "chain latency, ns, log scale (each call waits for the last)", "transform", rotate,
                      "text-anchor", "middle", "fill", "#111", NULL);
}

/* A bar from (x0, y0) to (x1, y1) with short caps across its ends. */
static void bar(struct hb_strbuf *out, double x0, double y0, double x1, double y1, bool vertical)
{
    char a[32], b[32], c[32], d[32];
    snprintf(a, sizeof a, "%.1f", x0), snprintf(b, sizeof b, "%.1f", y0);
    snprintf(c, sizeof c, "%.1f", x1), snprintf(d, sizeof d, "%.1f", y1);
    hb_markup_empty(out, "line", "x1", a, "y1", b, "x2", c, "y2", d, NULL);
    for (int end = 0; end < 2; end++) {
        double x = end ? x1 : x0, y = end ? y1 : y0;
        snprintf(a, sizeof a, "%.1f", vertical ? x - 3 : x), snprintf(b, sizeof b, "%.1f", vertical ? y : y - 3);
        snprintf(c, sizeof c, "%.1f", vertical ? x + 3 : x), snprintf(d, sizeof d, "%.1f", vertical ? y : y + 3);
        hb_markup_empty(out, "line", "x1", a, "y1", b, "x2", c, "y2", d, NULL);
    }
}

static void entry(struct hb_strbuf *out, const struct point *pt, const struct hb_plot_axis *x,
                  const struct hb_plot_axis *y, const struct label *lab, const char *text)
{
    const struct hb_advice_entry *e = &pt->p->entry;
    bool pick = pt->rank == 1;
    char label[160], thr[32], lat[32], rank[24], title[640], thr_ci[48], lat_ci[48];
    hb_advice_entry_label(e, label, sizeof label);
    hb_advice_ns_exact(thr, sizeof thr, e->throughput.median);
    hb_advice_ns_exact(lat, sizeof lat, e->latency.median);
    hb_advice_ns_interval(thr_ci, sizeof thr_ci, &e->throughput);
    hb_advice_ns_interval(lat_ci, sizeof lat_ci, &e->latency);
    snprintf(rank, sizeof rank, "%zu", pt->rank);
    char interval[32], lo[24], hi[24], processes[24];
    hb_advice_rank_text(interval, sizeof interval, pt->p);
    snprintf(lo, sizeof lo, "%zu", pt->p->rank_lo), snprintf(hi, sizeof hi, "%zu", pt->p->rank_hi);
    snprintf(processes, sizeof processes, "%zu", pt->p->processes);
    snprintf(title, sizeof title,
             "%s%s (#%zu, rank %s, %s the fastest set, %s processes): %s ns per key %s, chain "
             "latency %s ns %s",
             label, pick ? ", the pick" : "", pt->rank, interval, pt->p->fastest ? "in" : "not in", processes, thr,
             thr_ci, lat, lat_ci);
    hb_markup_open(out, "g", "class",
                   pick             ? "entry pick"
                   : pt->p->fastest ? "entry fastest"
                                    : "entry",
                   "data-entry", label, "data-rank", rank, "data-ns-per-key", thr, "data-latency-ns-per-key", lat,
                   "data-rank-lo", lo, "data-rank-hi", hi, "data-fastest", pt->p->fastest ? "yes" : "no",
                   "data-processes", processes, NULL);
    hb_markup_element(out, "title", title, NULL);
    hb_markup_open(out, "g", "stroke", pick ? "#b33b00" : "#3a6ea5", "stroke-width", "1.2", NULL);
    if (hb_advice_interval_finite(&e->throughput))
        bar(out, x_of_ns(x, e->throughput.lo * 1e9), pt->y, x_of_ns(x, e->throughput.hi * 1e9), pt->y, false);
    if (hb_advice_interval_finite(&e->latency))
        bar(out, pt->x, y_of(y, e->latency.lo * 1e9), pt->x, y_of(y, e->latency.hi * 1e9), true);
    hb_markup_close(out, "g");
    char cx[32], cy[32], tx[32], ty[32];
    snprintf(cx, sizeof cx, "%.1f", pt->x), snprintf(cy, sizeof cy, "%.1f", pt->y);
    if (pick) {
        hb_markup_empty(out, "circle", "cx", cx, "cy", cy, "r", "8", "fill", "none", "stroke", "#b33b00",
                        "stroke-width", "2", NULL);
        hb_markup_empty(out, "circle", "cx", cx, "cy", cy, "r", "4", "fill", "#b33b00", NULL);
    } else {
        hb_markup_empty(out, "circle", "cx", cx, "cy", cy, "r", "3.5", "fill", pt->p->fastest ? "#3a6ea5" : "#fff",
                        "stroke", "#3a6ea5", "stroke-width", "1.2", NULL);
    }
    snprintf(tx, sizeof tx, "%.1f", lab->x), snprintf(ty, sizeof ty, "%.1f", lab->y);
    if (lab->leader) {
        char lx[32], ly[32];
        snprintf(lx, sizeof lx, "%.1f", lab->x), snprintf(ly, sizeof ly, "%.1f", lab->y - 4);
        hb_markup_empty(out, "line", "x1", cx, "y1", cy, "x2", lx, "y2", ly, "stroke", "#999", "stroke-width", "0.6",
                        NULL);
    }
    hb_markup_element(out, "text", text, "class", "label", "x", tx, "y", ty, "text-anchor", lab->anchor, "fill",
                      pick ? "#7a2800" : "#1b1b1b", "font-weight", pick ? "bold" : NULL, NULL);
    hb_markup_close(out, "g");
}

bool hb_advice_plot_svg(const struct hb_advice_result *r, const char *id, struct hb_strbuf *out)
{
    struct point *pts = hb_xcalloc(r->nranked + 1, sizeof *pts);
    size_t n = 0;
    for (size_t i = 0; i < r->nranked; i++) {
        const struct hb_advice_entry *e = &r->ranked[i].entry;
        if (e->throughput.present && e->latency.present && isfinite(e->throughput.median) &&
            isfinite(e->latency.median))
            pts[n++] = (struct point){&r->ranked[i], i + 1, 0, 0};
    }
    if (!n || pts[0].rank != 1) {
        free(pts);
        return false;
    }
    struct hb_plot_axis x = axis_of(pts, n, false), y = axis_of(pts, n, true);
    struct box *taken = hb_xcalloc(2 * n, sizeof *taken);
    for (size_t i = 0; i < n; i++) {
        pts[i].x = x_of_ns(&x, pts[i].p->entry.throughput.median * 1e9);
        pts[i].y = y_of(&y, pts[i].p->entry.latency.median * 1e9);
        double r_px = i == 0 ? 9 : 5;
        taken[i] = (struct box){pts[i].x - r_px, pts[i].y - r_px, pts[i].x + r_px, pts[i].y + r_px};
    }
    size_t ntaken = n;
    char title_id[96], desc_id[96], labelled[200], size[16], height[16], title[200], desc[400], pick[160];
    snprintf(title_id, sizeof title_id, "%s-title", id);
    snprintf(desc_id, sizeof desc_id, "%s-desc", id);
    snprintf(labelled, sizeof labelled, "%s %s", title_id, desc_id);
    snprintf(size, sizeof size, "%d", WIDTH);
    snprintf(height, sizeof height, "%d", HEIGHT);
    char viewbox[48];
    snprintf(viewbox, sizeof viewbox, "0 0 %d %d", WIDTH, HEIGHT);
    hb_advice_entry_label(&pts[0].p->entry, pick, sizeof pick);
    snprintf(title, sizeof title, "%s: chain latency against time per key, on these keys", r->rule->name);
    snprintf(desc, sizeof desc,
             "%zu qualifying entr%s, each with its 90%% intervals as bars; the fastest set's %zu filled, the rest "
             "hollow; the pick, %s, is ringed. Lower is faster on both axes.",
             n, n == 1 ? "y" : "ies", r->nfastest, pick);
    hb_markup_open(out, "svg", "class", "advice-plot", "id", id, "data-need", r->rule->name, "viewBox", viewbox,
                   "width", size, "height", height, "role", "img", "aria-labelledby", labelled, "font-family",
                   "system-ui, -apple-system, 'Segoe UI', sans-serif", "font-size", "12", NULL);
    hb_markup_element(out, "title", title, "id", title_id, NULL);
    hb_markup_element(out, "desc", desc, "id", desc_id, NULL);
    axes(out, &x, &y);
    /* Labels are placed pick first, then by rank, each clear of every point and earlier label. */
    for (size_t i = 0; i < n; i++) {
        char text[200];
        if (i == 0)
            snprintf(text, sizeof text, "%s (pick)", pts[i].p->entry.name);
        else
            snprintf(text, sizeof text, "%s", pts[i].p->entry.name);
        struct label lab;
        if (!place_label(pts[i].x, pts[i].y, CHAR_WIDTH * (double)strlen(text), taken, ntaken, &lab)) {
            snprintf(text, sizeof text, "%zu", pts[i].rank);
            if (!place_label(pts[i].x, pts[i].y, CHAR_WIDTH * (double)strlen(text), taken, ntaken, &lab))
                lab = (struct label){pts[i].x + 6, pts[i].y - 6, "start", false};
        }
        double w = CHAR_WIDTH * (double)strlen(text);
        double x0 = strcmp(lab.anchor, "start") == 0 ? lab.x
                    : strcmp(lab.anchor, "end") == 0 ? lab.x - w
                                                     : lab.x - w / 2;
        taken[ntaken++] = (struct box){x0, lab.y - LINE + 2, x0 + w, lab.y + 3};
        entry(out, &pts[i], &x, &y, &lab, text);
    }
    hb_markup_close(out, "svg");
    free(taken);
    free(pts);
    return true;
}
