/* calibration_report.c — a calibration folder's facts and report tables, from its two ledgers
 * (runs-sec_op.tsv, targets-sec_op.tsv) and its runs' folders: the detectable changes ab.sh gave
 * the target rows in the A/A runs with address-space randomisation (table.tsv) and how busy the
 * machine's other CPUs were (machine.txt). */
#include <glob.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "calibration.h"
#include "cell_number.h"
#include "cpu_busy.h"
#include "hb_alloc.h"

enum { KIND, RUN, EXIT, WALL, ROWS, RAW, ADJUSTED, TARGETS, SLOWER, FASTER, DELTAS, OTHERS, NLEDGER };
static const char *const runs_columns[NLEDGER] = {"kind",
                                                  "run",
                                                  "exit",
                                                  "wall_s",
                                                  "rows",
                                                  "significant_raw",
                                                  "significant_adjusted",
                                                  "target_rows",
                                                  "target_slower",
                                                  "target_faster",
                                                  "target_deltas",
                                                  "others_flagged"};
enum { T_KIND, T_RUN, T_ROW, T_DELTA, T_SIGNIFICANT, NTARGETS };
static const char *const targets_columns[NTARGETS] = {"kind", "run", "row", "delta", "significant"};

/* The A/A kinds, in the report's order, with the words for their address-space randomisation. */
static const struct {
    const char *kind, *aslr;
} aa_kinds[] = {{"aa-aslr", "on (default)"}, {"aa-noaslr", "off (--no-aslr)"}};
/* The power kinds, in the report's order, with the slowdown each injects (percent). */
static const struct {
    const char *kind, *pct;
} power_kinds[] = {{"slower-2", "2"}, {"slower-5", "5"}};

struct ledger {
    struct hb_tsv_file t;
    int col[NLEDGER];
};

static int ledger_read(const char *dir, const char *name, const char *const *columns, size_t n, struct ledger *l,
                       char **error)
{
    char *path = hb_xasprintf("%s/%s", dir, name);
    int rc = hb_tsv_file_read(path, &l->t, error);
    for (size_t i = 0; rc == 0 && i < n; i++)
        if ((l->col[i] = hb_tsv_file_column(&l->t, columns[i])) < 0) {
            *error = hb_xasprintf("%s has no column \"%s\"", path, columns[i]);
            hb_tsv_file_free(&l->t);
            rc = -1;
        }
    free(path);
    return rc;
}

static const char *cell(const struct ledger *l, size_t r, int k)
{
    return hb_tsv_file_cell(&l->t, r, l->col[k]);
}

static double number(const struct ledger *l, size_t r, int k)
{
    return hb_cell_number(cell(l, r, k));
}

static bool has_kind(const struct ledger *l, const char *kind)
{
    for (size_t r = 0; r < hb_tsv_file_rows(&l->t); r++)
        if (strcmp(cell(l, r, KIND), kind) == 0)
            return true;
    return false;
}

/* Sorts v[0..n) by cmp, an exchange sort: the lists are a calibration's runs, a few dozen. */
static void sort_cells(const char **v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++)
            if (hb_cell_compare(v[j], v[i]) < 0) {
                const char *t = v[i];
                v[i] = v[j];
                v[j] = t;
            }
}

static void false_alarms(const struct ledger *runs, struct hb_strbuf *out)
{
    hb_strbuf_puts(out, "### False alarms: A/A on identical code\n\n"
                        "| address-space randomisation | runs | gate tripped | rows significant before adjustment | "
                        "after adjustment | wall time, median (range) |\n"
                        "|---|---|---|---|---|---|\n");
    size_t nrows = hb_tsv_file_rows(&runs->t);
    const char **wall = hb_xmalloc((nrows + 1) * sizeof *wall);
    for (size_t k = 0; k < sizeof aa_kinds / sizeof *aa_kinds; k++) {
        size_t n = 0;
        long tripped = 0;
        double rows = 0, raw = 0, adjusted = 0;
        for (size_t r = 0; r < nrows; r++) {
            if (strcmp(cell(runs, r, KIND), aa_kinds[k].kind) != 0)
                continue;
            tripped += hb_cell_compare(cell(runs, r, EXIT), "1") == 0;
            rows += number(runs, r, ROWS);
            raw += number(runs, r, RAW);
            adjusted += number(runs, r, ADJUSTED);
            wall[n++] = cell(runs, r, WALL);
        }
        if (n == 0)
            continue;
        sort_cells(wall, n);
        double median =
            n % 2 ? hb_cell_number(wall[n / 2]) : (hb_cell_number(wall[n / 2 - 1]) + hb_cell_number(wall[n / 2])) / 2;
        hb_strbuf_printf(out,
                         "| %s | %zu | %ld of %zu | %.1f%% (%ld of %ld) | %.1f%% (%ld of %ld) | %g s (%ld-%ld) |\n",
                         aa_kinds[k].aslr, n, tripped, n, rows ? 100 * raw / rows : 0, (long)raw, (long)rows,
                         rows ? 100 * adjusted / rows : 0, (long)adjusted, (long)rows, median,
                         (long)hb_cell_number(wall[0]), (long)hb_cell_number(wall[n - 1]));
    }
    free(wall);
}

/* A row's values in the order they came. */
struct named_values {
    char *name;
    double *v;
    size_t n;
    long slower, faster;
};

struct named_list {
    struct named_values *v;
    size_t n;
};

static struct named_values *named(struct named_list *l, const char *name)
{
    for (size_t i = 0; i < l->n; i++)
        if (strcmp(l->v[i].name, name) == 0)
            return &l->v[i];
    l->v = hb_xrealloc(l->v, (l->n + 1) * sizeof *l->v);
    l->v[l->n] = (struct named_values){.name = hb_xstrdup(name)};
    return &l->v[l->n++];
}

static void named_push(struct named_values *nv, double x)
{
    nv->v = hb_xrealloc(nv->v, (nv->n + 1) * sizeof *nv->v);
    nv->v[nv->n++] = x;
}

static void named_free(struct named_list *l)
{
    for (size_t i = 0; i < l->n; i++) {
        free(l->v[i].name);
        free(l->v[i].v);
    }
    free(l->v);
    *l = (struct named_list){0};
}

/* A detectable change as the table writes one: a number, not "none" or empty. */
static bool detectable_number(const char *d)
{
    return *d && strspn(d, "0123456789.eE+-") == strlen(d);
}

/* The target rows' detectable changes in the A/A runs with address-space randomisation (the
 * default): each row's values over the runs' tables. Any table that cannot be read leaves the
 * figure out for every row rather than give a median of some runs. */
static void detectable_changes(const char *dir, struct named_list *rows)
{
    char *pattern = hb_xasprintf("%s/runs/aa-aslr-*/table.tsv", dir);
    glob_t g;
    if (glob(pattern, 0, NULL, &g) == 0) {
        for (size_t i = 0; i < g.gl_pathc; i++) {
            struct hb_tsv_file t;
            char *error = NULL;
            if (hb_tsv_file_read(g.gl_pathv[i], &t, &error)) {
                free(error);
                named_free(rows);
                break;
            }
            int unit = hb_tsv_file_column(&t, "unit"), file = hb_tsv_file_column(&t, ".file"),
                fullname = hb_tsv_file_column(&t, ".fullname"), detectable = hb_tsv_file_column(&t, "detectable");
            for (size_t r = 0; r < hb_tsv_file_rows(&t); r++) {
                const char *name = hb_tsv_file_cell(&t, r, fullname), *d = hb_tsv_file_cell(&t, r, detectable);
                if (strcmp(hb_tsv_file_cell(&t, r, unit), HB_CALIBRATION_UNIT) == 0 &&
                    strcmp(hb_tsv_file_cell(&t, r, file), "new") == 0 && strstr(name, HB_CALIBRATION_TARGET) &&
                    detectable_number(d))
                    named_push(named(rows, name), hb_cell_number(d));
            }
            hb_tsv_file_free(&t);
        }
        globfree(&g);
    }
    free(pattern);
}

static void power(const char *dir, const struct ledger *runs, const struct ledger *targets, struct hb_strbuf *out)
{
    struct named_list detectable = {0};
    detectable_changes(dir, &detectable);
    hb_strbuf_puts(out,
                   "### Power: fnv1a-64 made slower by a known amount\n\n"
                   "| injected | row | runs flagged slower | flagged faster (wrong sign) | measured change, median "
                   "(range) | ab.sh's own detectable change for the row (A/A runs, median) |\n"
                   "|---|---|---|---|---|---|\n");
    for (size_t p = 0; p < sizeof power_kinds / sizeof *power_kinds; p++) {
        const char *kind = power_kinds[p].kind;
        if (!has_kind(runs, kind))
            continue;
        struct named_list rows = {0};
        for (size_t r = 0; r < hb_tsv_file_rows(&targets->t); r++) {
            if (strcmp(cell(targets, r, T_KIND), kind) != 0)
                continue;
            struct named_values *nv = named(&rows, cell(targets, r, T_ROW));
            named_push(nv, number(targets, r, T_DELTA));
            nv->slower += hb_cell_compare(cell(targets, r, T_SIGNIFICANT), "1") == 0;
            nv->faster += hb_cell_compare(cell(targets, r, T_SIGNIFICANT), "-1") == 0;
        }
        for (size_t i = 0; i < rows.n; i++) {
            struct named_values *nv = &rows.v[i];
            double median = hb_sort_median(nv->v, nv->n);
            hb_strbuf_printf(out, "| %s%% | `%s` | %ld of %zu | %ld | %+.2f%% (%+.2f to %+.2f) | ", power_kinds[p].pct,
                             nv->name, nv->slower, nv->n, nv->faster, median, nv->v[0], nv->v[nv->n - 1]);
            const struct named_values *d = NULL;
            for (size_t j = 0; j < detectable.n; j++)
                if (strcmp(detectable.v[j].name, nv->name) == 0)
                    d = &detectable.v[j];
            if (d) {
                hb_strbuf_printf(out, "≥%.1f%% |\n", hb_sort_median(d->v, d->n));
            } else {
                hb_strbuf_puts(out, "- |\n");
            }
        }
        named_free(&rows);
    }
    named_free(&detectable);
    hb_strbuf_puts(out,
                   "\n| injected | other rows flagged in the same runs, after adjustment (the goal is the A/A rate) |\n"
                   "|---|---|\n");
    for (size_t p = 0; p < sizeof power_kinds / sizeof *power_kinds; p++) {
        const char *kind = power_kinds[p].kind;
        if (!has_kind(runs, kind))
            continue;
        double others = 0, rows = 0;
        for (size_t r = 0; r < hb_tsv_file_rows(&runs->t); r++)
            if (strcmp(cell(runs, r, KIND), kind) == 0) {
                others += number(runs, r, OTHERS);
                rows += number(runs, r, ROWS) - number(runs, r, TARGETS);
            }
        hb_strbuf_printf(out, "| %s%% | %.1f%% (%ld of %ld) |\n", power_kinds[p].pct, rows ? 100 * others / rows : 0,
                         (long)others, (long)rows);
    }
}

/* The run's other CPUs' busy share ("21%"), or "-" when its machine.txt is missing or shows none. */
static void busy_cell(const char *dir, const char *kind, const char *run, struct hb_strbuf *out)
{
    char *path = hb_xasprintf("%s/runs/%s-%s/machine.txt", dir, kind, run), *error = NULL;
    size_t len;
    char *text = hb_text_file_read(path, &len, &error);
    double busy = text ? hb_cpu_busy_others(text) : NAN;
    if (isnan(busy))
        hb_strbuf_puts(out, "-");
    else
        hb_strbuf_printf(out, "%.0f%%", busy);
    free(text);
    free(error);
    free(path);
}

static void calibration_every_run(const char *dir, const struct ledger *runs, struct hb_strbuf *out)
{
    hb_strbuf_puts(out,
                   "### Every run\n\n"
                   "| kind | run | exit | wall time | other CPUs busy | rows | significant before / after "
                   "adjustment | fnv1a-64 rows flagged slower / faster | fnv1a-64 changes (%) | other rows flagged |\n"
                   "|---|---|---|---|---|---|---|---|---|---|\n");
    for (size_t r = 0; r < hb_tsv_file_rows(&runs->t); r++) {
        hb_strbuf_printf(out, "| %s | %s | %s | %s s | ", cell(runs, r, KIND), cell(runs, r, RUN), cell(runs, r, EXIT),
                         cell(runs, r, WALL));
        busy_cell(dir, cell(runs, r, KIND), cell(runs, r, RUN), out);
        hb_strbuf_printf(out, " | %s | %s / %s | %s / %s of %s | %s | %s |\n", cell(runs, r, ROWS), cell(runs, r, RAW),
                         cell(runs, r, ADJUSTED), cell(runs, r, SLOWER), cell(runs, r, FASTER), cell(runs, r, TARGETS),
                         cell(runs, r, DELTAS), cell(runs, r, OTHERS));
    }
}

int hb_calibration_tables(const char *dir, struct hb_strbuf *out, char **error)
{
    struct ledger runs, targets;
    if (ledger_read(dir, "runs-sec_op.tsv", runs_columns, NLEDGER, &runs, error))
        return -1;
    if (ledger_read(dir, "targets-sec_op.tsv", targets_columns, NTARGETS, &targets, error)) {
        hb_tsv_file_free(&runs.t);
        return -1;
    }
    hb_strbuf_puts(out, "## " HB_CALIBRATION_UNIT "\n\n");
    false_alarms(&runs, out);
    hb_strbuf_puts(out, "\n");
    power(dir, &runs, &targets, out);
    hb_strbuf_puts(out, "\n");
    calibration_every_run(dir, &runs, out);
    hb_strbuf_puts(out, "\n");
    hb_tsv_file_free(&runs.t);
    hb_tsv_file_free(&targets.t);
    return 0;
}

int hb_calibration_facts(const char *dir, struct hb_strbuf *out, char **error)
{
    struct ledger runs;
    if (ledger_read(dir, "runs-sec_op.tsv", runs_columns, NLEDGER, &runs, error))
        return -1;
    size_t n = hb_tsv_file_rows(&runs.t);
    if (n == 0) {
        *error = hb_xasprintf("%s/runs-sec_op.tsv lists no run", dir);
        hb_tsv_file_free(&runs.t);
        return -1;
    }
    char *table = hb_xasprintf("%s/runs/%s-%s/table.tsv", dir, cell(&runs, 0, KIND), cell(&runs, 0, RUN));
    struct hb_tsv_file first;
    if (hb_tsv_file_read(table, &first, error)) {
        free(table);
        hb_tsv_file_free(&runs.t);
        return -1;
    }
    free(table);
    double last = 0;
    long without_targets = 0;
    struct hb_strbuf total = {0};
    for (size_t r = 0; r < n; r++) {
        last = fmax(last, number(&runs, r, RUN));
        without_targets +=
            strncmp(cell(&runs, r, KIND), "slower", 6) == 0 && hb_cell_compare(cell(&runs, r, TARGETS), "0") == 0;
        bool seen = false;
        for (size_t q = 0; q < r && !seen; q++)
            seen = strcmp(cell(&runs, q, KIND), cell(&runs, r, KIND)) == 0;
        if (seen)
            continue;
        long count = 0;
        for (size_t q = r; q < n; q++)
            count += strcmp(cell(&runs, q, KIND), cell(&runs, r, KIND)) == 0;
        hb_strbuf_printf(&total, "%s%ld %s", total.len ? ", " : "", count, cell(&runs, r, KIND));
    }
    hb_strbuf_printf(out, "first_run\t%s-%s\nlast_run\t", cell(&runs, 0, KIND), cell(&runs, 0, RUN));
    hb_number_text(out, last);
    hb_strbuf_printf(out, "\nruns\t%s\ncpu_model\t%s\nnum_cpus\t%s\npower_runs_without_targets\t%ld\n",
                     hb_strbuf_cstr(&total), hb_tsv_file_cell(&first, 0, hb_tsv_file_column(&first, "cpu_model")),
                     hb_tsv_file_cell(&first, 0, hb_tsv_file_column(&first, "num_cpus")), without_targets);
    hb_strbuf_free(&total);
    hb_tsv_file_free(&first);
    hb_tsv_file_free(&runs.t);
    return 0;
}
