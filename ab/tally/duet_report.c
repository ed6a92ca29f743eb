/* duet_report.c — the calibration's sequential and duet runs side by side (kinds aa-seq, aa-duet,
 * slow-seq and slow-duet; docs/ab.md, "Duet runs"), from each run's own files in
 * DIR/runs/KIND-RUN/: table.tsv (ab.sh's hbstat -format tsv), manifest.tsv (processes and
 * wall_seconds) and machine.txt. Every figure is of the sec/op rows of the "new" column. */
#include <glob.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "calibration.h"
#include "cell_number.h"
#include "cpu_busy.h"
#include "hb_alloc.h"

enum mode { SEQ, DUET, NMODES };
static const char *const aa_kinds[NMODES] = {"aa-seq", "aa-duet"};
static const char *const slow_kinds[NMODES] = {"slow-seq", "slow-duet"};

/* One run's figures. */
struct run {
    char *kind;
    long number;
    enum mode mode;
    bool aa;
    double wall, processes, busy;
    size_t rows, raw, flagged;
    double detectable_16, detectable_1k; /* median over the "~" rows of that size; NaN when none */
    int target;                          /* 1 flagged slower, -1 faster, 0 not flagged, 2 no target row */
    double target_delta;
};

struct runs {
    struct run *v;
    size_t n;
};

static bool size_is(const char *name, const char *size)
{
    char *mid = hb_xasprintf("/size:%s/", size);
    size_t len = strlen(name), slen = strlen(mid) - 1;
    bool is = strstr(name, mid) || (len >= slen && strncmp(name + len - slen, mid, slen) == 0);
    free(mid);
    return is;
}

/* A detectable change as the table writes one: a number, not "none" or empty. */
static bool is_number(const char *d)
{
    return *d && strspn(d, "0123456789.eE+-") == strlen(d);
}

static double median_or_nan(double *v, size_t n)
{
    return n ? hb_sort_median(v, n) : NAN;
}

static double manifest_number(const char *dir, const char *key)
{
    char *path = hb_xasprintf("%s/manifest.tsv", dir), *error = NULL;
    size_t len;
    char *text = hb_text_file_read(path, &len, &error);
    double x = NAN;
    size_t klen = strlen(key);
    for (char *line = text; line && *line;) {
        char *end = strchr(line, '\n');
        if (strncmp(line, key, klen) == 0 && line[klen] == '\t')
            x = hb_cell_number(line + klen + 1);
        line = end ? end + 1 : line + strlen(line);
    }
    free(text);
    free(error);
    free(path);
    return x;
}

/* Reads runs/KIND-RUN/ into r; false when its table cannot be read or lacks a column. */
static bool read_run(const char *rundir, const char *kind, long number, const char *target, struct run *r, char **error)
{
    char *path = hb_xasprintf("%s/table.tsv", rundir);
    struct hb_tsv_file t;
    int rc = hb_tsv_file_read(path, &t, error);
    free(path);
    if (rc)
        return false;
    static const char *const need[] = {"unit",         ".file", ".fullname", "significant",
                                       "p_unadjusted", "delta", "detectable"};
    int col[7];
    for (int i = 0; i < 7; i++)
        if ((col[i] = hb_tsv_file_column(&t, need[i])) < 0) {
            *error = hb_xasprintf("%s/table.tsv has no column \"%s\"", rundir, need[i]);
            hb_tsv_file_free(&t);
            return false;
        }
    *r = (struct run){.kind = hb_xstrdup(kind), .number = number, .target = 2, .target_delta = NAN};
    r->mode = strstr(kind, "duet") ? DUET : SEQ;
    r->aa = strncmp(kind, "aa-", 3) == 0;
    size_t n = hb_tsv_file_rows(&t);
    double *d16 = hb_xmalloc((n + 1) * sizeof *d16), *d1k = hb_xmalloc((n + 1) * sizeof *d1k);
    size_t n16 = 0, n1k = 0;
    for (size_t i = 0; i < n; i++) {
        if (strcmp(hb_tsv_file_cell(&t, i, col[0]), HB_CALIBRATION_UNIT) != 0 ||
            strcmp(hb_tsv_file_cell(&t, i, col[1]), "new") != 0)
            continue;
        const char *name = hb_tsv_file_cell(&t, i, col[2]), *d = hb_tsv_file_cell(&t, i, col[6]);
        bool significant = strcmp(hb_tsv_file_cell(&t, i, col[3]), "true") == 0;
        const char *raw = hb_tsv_file_cell(&t, i, col[4]);
        r->rows++;
        r->raw += is_number(raw) && hb_cell_number(raw) <= 0.05;
        if (strstr(name, target)) {
            r->target_delta = hb_cell_number(hb_tsv_file_cell(&t, i, col[5]));
            r->target = !significant ? 0 : r->target_delta > 0 ? 1 : -1;
            continue;
        }
        r->flagged += significant;
        if (is_number(d) && size_is(name, "16"))
            d16[n16++] = hb_cell_number(d);
        if (is_number(d) && size_is(name, "1024"))
            d1k[n1k++] = hb_cell_number(d);
    }
    r->detectable_16 = median_or_nan(d16, n16);
    r->detectable_1k = median_or_nan(d1k, n1k);
    free(d16);
    free(d1k);
    hb_tsv_file_free(&t);
    r->wall = manifest_number(rundir, "wall_seconds");
    r->processes = manifest_number(rundir, "processes");
    r->busy = NAN;
    char *machine = hb_xasprintf("%s/machine.txt", rundir), *ignored = NULL;
    size_t len;
    char *text = r->mode == SEQ ? hb_text_file_read(machine, &len, &ignored) : NULL;
    if (text)
        r->busy = hb_cpu_busy_others(text);
    free(text);
    free(ignored);
    free(machine);
    return true;
}

static int by_kind_and_number(const void *pa, const void *pb)
{
    const struct run *a = pa, *b = pb;
    int c = strcmp(a->kind, b->kind);
    return c ? c : (a->number > b->number) - (a->number < b->number);
}

static int read_runs(const char *dir, const char *target, struct runs *out, char **error)
{
    char *pattern = hb_xasprintf("%s/runs/*/table.tsv", dir);
    glob_t g;
    int rc = 0;
    if (glob(pattern, 0, NULL, &g) == 0) {
        for (size_t i = 0; i < g.gl_pathc && rc == 0; i++) {
            char *rundir = hb_xstrndup(g.gl_pathv[i], strlen(g.gl_pathv[i]) - strlen("/table.tsv"));
            const char *name = strrchr(rundir, '/') + 1, *dash = strrchr(name, '-');
            char *kind = dash ? hb_xstrndup(name, (size_t)(dash - name)) : hb_xstrdup("");
            bool ours = false;
            for (int m = 0; m < NMODES; m++)
                ours |= strcmp(kind, aa_kinds[m]) == 0 || strcmp(kind, slow_kinds[m]) == 0;
            if (ours && dash[1] && strspn(dash + 1, "0123456789") == strlen(dash + 1)) {
                out->v = hb_xrealloc(out->v, (out->n + 1) * sizeof *out->v);
                if (read_run(rundir, kind, strtol(dash + 1, NULL, 10), target, &out->v[out->n], error))
                    out->n++;
                else
                    rc = -1;
            }
            free(kind);
            free(rundir);
        }
        globfree(&g);
    }
    free(pattern);
    if (rc == 0 && out->n == 0) {
        *error = hb_xasprintf("%s/runs holds no run of the kinds aa-seq, aa-duet, slow-seq or slow-duet", dir);
        rc = -1;
    }
    if (out->n)
        qsort(out->v, out->n, sizeof *out->v, by_kind_and_number);
    return rc;
}

/* "12.3% (4 of 32)"-style share, or "-" without rows. */
static void share(struct hb_strbuf *out, size_t part, size_t whole)
{
    if (whole == 0)
        hb_strbuf_puts(out, "-");
    else
        hb_strbuf_printf(out, "%.1f%% (%zu of %zu)", 100.0 * (double)part / (double)whole, part, whole);
}

static void percent_or_dash(struct hb_strbuf *out, double x, const char *format)
{
    if (isnan(x))
        hb_strbuf_puts(out, "-");
    else
        hb_strbuf_printf(out, format, x);
}

/* The figures of one mode: its cells of the side-by-side table. */
struct mode_figures {
    size_t aa_runs, slow_runs, aa_tripped, aa_rows, aa_flagged, aa_raw, found, wrong, slow_rows, slow_flagged;
    double processes, wall, wall_lo, wall_hi, detectable_16, detectable_1k, delta, delta_lo, delta_hi;
};

static struct mode_figures figures(const struct runs *runs, enum mode m)
{
    struct mode_figures f = {.processes = NAN, .wall = NAN, .detectable_16 = NAN, .detectable_1k = NAN, .delta = NAN};
    double *wall = hb_xmalloc((runs->n + 1) * sizeof *wall), *d16 = hb_xmalloc((runs->n + 1) * sizeof *d16),
           *d1k = hb_xmalloc((runs->n + 1) * sizeof *d1k), *delta = hb_xmalloc((runs->n + 1) * sizeof *delta);
    size_t nwall = 0, n16 = 0, n1k = 0, ndelta = 0;
    for (size_t i = 0; i < runs->n; i++) {
        const struct run *r = &runs->v[i];
        if (r->mode != m)
            continue;
        f.processes = r->processes;
        if (!isnan(r->wall))
            wall[nwall++] = r->wall;
        if (r->aa) {
            f.aa_runs++;
            f.aa_tripped += r->flagged > 0 || r->target == 1 || r->target == -1;
            f.aa_rows += r->rows;
            f.aa_flagged += r->flagged + (r->target == 1 || r->target == -1);
            f.aa_raw += r->raw;
            if (!isnan(r->detectable_16))
                d16[n16++] = r->detectable_16;
            if (!isnan(r->detectable_1k))
                d1k[n1k++] = r->detectable_1k;
        } else {
            f.slow_runs++;
            f.found += r->target == 1;
            f.wrong += r->target == -1;
            f.slow_rows += r->rows - (r->target != 2);
            f.slow_flagged += r->flagged;
            if (!isnan(r->target_delta))
                delta[ndelta++] = r->target_delta;
        }
    }
    if (nwall) {
        f.wall = hb_sort_median(wall, nwall);
        f.wall_lo = wall[0];
        f.wall_hi = wall[nwall - 1];
    }
    f.detectable_16 = median_or_nan(d16, n16);
    f.detectable_1k = median_or_nan(d1k, n1k);
    if (ndelta) {
        f.delta = hb_sort_median(delta, ndelta);
        f.delta_lo = delta[0];
        f.delta_hi = delta[ndelta - 1];
    }
    free(wall);
    free(d16);
    free(d1k);
    free(delta);
    return f;
}

static void side_by_side(const struct runs *runs, const char *target, struct hb_strbuf *out)
{
    struct mode_figures f[NMODES] = {figures(runs, SEQ), figures(runs, DUET)};
    hb_strbuf_puts(out, "### Sequential rounds against duet rounds\n\n| | sequential | duet |\n|---|---|---|\n");
    hb_strbuf_puts(out, "| processes per side (rounds) |");
    for (int m = 0; m < NMODES; m++)
        percent_or_dash(out, f[m].processes, " %g |");
    /* a duet's pair is two rounds, each side once on each CPU (hbstat -pair-block 2) */
    hb_strbuf_puts(out, "\n| pairs the test compares |");
    for (int m = 0; m < NMODES; m++)
        percent_or_dash(out, m == DUET ? floor(f[m].processes / 2) : f[m].processes, " %g |");
    hb_strbuf_puts(out, "\n| wall time of a run, median (range) |");
    for (int m = 0; m < NMODES; m++) {
        if (isnan(f[m].wall))
            hb_strbuf_puts(out, " - |");
        else
            hb_strbuf_printf(out, " %g s (%g-%g) |", f[m].wall, f[m].wall_lo, f[m].wall_hi);
    }
    hb_strbuf_puts(out, "\n| A/A runs with any row flagged after adjustment (family-wise; at most 5% expected) |");
    for (int m = 0; m < NMODES; m++) {
        hb_strbuf_puts(out, " ");
        if (f[m].aa_runs)
            hb_strbuf_printf(out, "%zu of %zu", f[m].aa_tripped, f[m].aa_runs);
        else
            hb_strbuf_puts(out, "-");
        hb_strbuf_puts(out, " |");
    }
    hb_strbuf_puts(out, "\n| A/A rows significant before adjustment (p <= 0.05) |");
    for (int m = 0; m < NMODES; m++) {
        hb_strbuf_puts(out, " ");
        share(out, f[m].aa_raw, f[m].aa_rows);
        hb_strbuf_puts(out, " |");
    }
    hb_strbuf_puts(out, "\n| A/A rows flagged after adjustment |");
    for (int m = 0; m < NMODES; m++) {
        hb_strbuf_puts(out, " ");
        share(out, f[m].aa_flagged, f[m].aa_rows);
        hb_strbuf_puts(out, " |");
    }
    hb_strbuf_puts(out, "\n| smallest detectable change at 16 B (A/A runs, median) |");
    for (int m = 0; m < NMODES; m++)
        percent_or_dash(out, f[m].detectable_16, " ≥%.2f%% |");
    hb_strbuf_puts(out, "\n| smallest detectable change at 1 KiB (A/A runs, median) |");
    for (int m = 0; m < NMODES; m++)
        percent_or_dash(out, f[m].detectable_1k, " ≥%.2f%% |");
    hb_strbuf_printf(out, "\n| injected slowdown in `%s` found slower (runs) |", target);
    for (int m = 0; m < NMODES; m++) {
        if (f[m].slow_runs)
            hb_strbuf_printf(out, " %zu of %zu%s |", f[m].found, f[m].slow_runs,
                             f[m].wrong ? " (and flagged faster in some)" : "");
        else
            hb_strbuf_puts(out, " - |");
    }
    hb_strbuf_puts(out, "\n| its measured change, median (range) |");
    for (int m = 0; m < NMODES; m++) {
        if (isnan(f[m].delta))
            hb_strbuf_puts(out, " - |");
        else
            hb_strbuf_printf(out, " %+.2f%% (%+.2f to %+.2f) |", f[m].delta, f[m].delta_lo, f[m].delta_hi);
    }
    hb_strbuf_puts(out, "\n| other rows flagged in the slowdown runs |");
    for (int m = 0; m < NMODES; m++) {
        hb_strbuf_puts(out, " ");
        share(out, f[m].slow_flagged, f[m].slow_rows);
        hb_strbuf_puts(out, " |");
    }
    hb_strbuf_puts(
        out, "\n\n| duet's smallest detectable change over the sequential one (at most 0.5 is the goal) | 16 B | 1 "
             "KiB |\n|---|---|---|\n| ratio of the medians |");
    double ratio[2] = {f[DUET].detectable_16 / f[SEQ].detectable_16, f[DUET].detectable_1k / f[SEQ].detectable_1k};
    for (int i = 0; i < 2; i++)
        percent_or_dash(out, ratio[i], " %.2f |");
    hb_strbuf_puts(out, "\n");
}

/* A target row's verdict (struct run's target + 1): faster, not flagged, slower. */
static const char *const target_words[] = {"faster", "~", "slower"};

static void duet_every_run(const struct runs *runs, struct hb_strbuf *out)
{
    hb_strbuf_puts(out, "### Every run\n\n| kind | run | wall time | other CPUs busy | rows | significant before / "
                        "after adjustment | detectable 16 B / 1 KiB (median) | target's change |\n"
                        "|---|---|---|---|---|---|---|---|\n");
    for (size_t i = 0; i < runs->n; i++) {
        const struct run *r = &runs->v[i];
        hb_strbuf_printf(out, "| %s | %ld | ", r->kind, r->number);
        percent_or_dash(out, r->wall, "%g s");
        hb_strbuf_puts(out, " | ");
        percent_or_dash(out, r->busy, "%.0f%%");
        hb_strbuf_printf(out, " | %zu | %zu / %zu | ", r->rows, r->raw,
                         r->flagged + (r->target == 1 || r->target == -1));
        percent_or_dash(out, r->detectable_16, "≥%.2f%%");
        hb_strbuf_puts(out, " / ");
        percent_or_dash(out, r->detectable_1k, "≥%.2f%%");
        hb_strbuf_puts(out, " | ");
        if (r->target == 2)
            hb_strbuf_puts(out, "-");
        else
            hb_strbuf_printf(out, "%+.2f%% (%s)", r->target_delta, target_words[r->target + 1]);
        hb_strbuf_puts(out, " |\n");
    }
}

int hb_duet_tables(const char *dir, const char *target, struct hb_strbuf *out, char **error)
{
    struct runs runs = {0};
    int rc = read_runs(dir, target, &runs, error);
    if (rc == 0) {
        hb_strbuf_puts(out, "## " HB_CALIBRATION_UNIT ", sequential and duet\n\n");
        side_by_side(&runs, target, out);
        hb_strbuf_puts(out, "\n");
        duet_every_run(&runs, out);
        hb_strbuf_puts(out, "\n");
    }
    for (size_t i = 0; i < runs.n; i++)
        free(runs.v[i].kind);
    free(runs.v);
    return rc;
}
