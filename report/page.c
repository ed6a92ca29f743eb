/* page.c — the page, section by section: which hash per need (the advisor's fragment), hbstat's
 * tables for the folder's kind, the gnuplot plots, the spread verdicts, the provenance. Every
 * table comes from hbstat's own code (tables_command.c, -format html), so the page's numbers are
 * the ones hbstat prints for the same rows. */
#include "page.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "context_command.h"
#include "output.h"
#include "spread_table.h"
#include "tables_command.h"
#include "xalloc.h"

/* The style and script the page carries inline (report.css and report.js, embedded at build
 * time). */
extern const char hb_report_css[], hb_report_js[];

static void add_flags(struct hb_names *l, const char *const *flags)
{
    for (; *flags; flags++)
        hb_names_add(l, hb_xstrdup(*flags));
}

/* Reads an A/B folder's statistics from its manifest (written by ab.sh), as hbstat flags. */
static void ab_settings(struct hb_report *r)
{
    const char *sample = hb_manifest_get(&r->ab, "sample"), *adjust = hb_manifest_get(&r->ab, "adjust"),
               *alpha = hb_manifest_get(&r->ab, "alpha");
    r->ab_settings_known = sample && adjust && alpha;
    if (!r->ab_settings_known)
        return;
    add_flags(&r->stat, (const char *const[]){"-sample", sample, "-adjust", adjust, "-alpha", alpha, NULL});
}

/* hbstat's output in format for the report's inputs, with the flags every table takes and flags
 * (NULL-terminated), into out; hbstat's notes about the inputs are dropped. Returns 0, or -1 with
 * *error (free it). */
static int run_hbstat(const struct hb_report *r, const char *format, const char *const *flags, struct hb_strbuf *out,
                      char **error)
{
    struct hb_names argv = {0};
    add_flags(&argv, (const char *const[]){"hbstat", "-format", format, NULL});
    for (size_t i = 0; i < r->stat.n; i++)
        hb_names_add(&argv, hb_xstrdup(r->stat.items[i]));
    add_flags(&argv, flags);
    hb_names_add(&argv, hb_xstrdup("--"));
    for (size_t i = 0; i < r->inputs.n; i++)
        hb_names_add(&argv, hb_xstrdup(r->inputs.items[i]));
    struct hb_options o = {0};
    struct hb_strbuf warnings = {0}, regressions = {0};
    FILE *quiet = fopen("/dev/null", "w");
    int rc = -1;
    if (quiet == NULL)
        *error = hb_xasprintf("cannot open /dev/null for hbstat's notes");
    else if (hb_parse_args((int)argv.n, argv.items, &o, error) == 0 &&
             hb_tables_command(&o, quiet, out, &warnings, &regressions, error) == HB_TABLES_DONE)
        rc = 0;
    if (quiet)
        fclose(quiet);
    hb_options_free(&o);
    hb_strbuf_free(&warnings);
    hb_strbuf_free(&regressions);
    hb_names_free(&argv);
    return rc;
}

/* A run folder with rows on the user's keys (hashbench --keys) is an advice folder: hbstat's tsv
 * of those rows has a line past its header. */
static bool has_key_rows(const struct hb_report *r)
{
    struct hb_strbuf tsv = {0};
    char *error = NULL;
    bool keys = run_hbstat(r, "tsv", (const char *const[]){"-filter", "/size:keys", NULL}, &tsv, &error) == 0 &&
                strchr(hb_strbuf_cstr(&tsv), '\n') != strrchr(hb_strbuf_cstr(&tsv), '\n');
    free(error);
    hb_strbuf_free(&tsv);
    return keys;
}

/* Notes what a counted run's context says (docs/counts.md): its measure, and the valgrind that
 * counted, which the legend names. */
static void note_measure(void *arg, const char *key, size_t key_len, const char *value, size_t value_len)
{
    struct hb_report *r = arg;
    if (key_len == strlen("hashbench_measure") && memcmp(key, "hashbench_measure", key_len) == 0)
        r->counted |= value_len == strlen("instructions") && memcmp(value, "instructions", value_len) == 0;
    else if (key_len == strlen("valgrind_version") && memcmp(key, "valgrind_version", key_len) == 0 &&
             r->valgrind == NULL)
        r->valgrind = hb_xstrndup(value, value_len);
}

/* A replicated run's processes, runs/run-1.json, run-2.json ... as long as they follow each other,
 * each labelled run.json (one column); returns how many. */
static size_t add_processes(struct hb_report *r, const char *dir)
{
    size_t k = 0;
    for (;;) {
        char *name = hb_xasprintf("runs/run-%zu.json", k + 1);
        char *path = hb_path_join(dir, name);
        free(name);
        if (!hb_is_readable_file(path)) {
            free(path);
            break;
        }
        if (k == 0) { /* one process alone is not a replicated run: run.json says it all */
            char *second = hb_path_join(dir, "runs/run-2.json");
            bool more = hb_is_readable_file(second);
            free(second);
            if (!more) {
                free(path);
                return 0;
            }
        }
        hb_names_add(&r->inputs, hb_xasprintf("run.json=%s", path));
        free(path);
        k++;
    }
    return k;
}

/* The kinds of folder ab.sh writes whose processes a page compares (manifest.tsv's kind). */
static bool ab_kind(const char *kind)
{
    return kind && (strcmp(kind, "ab") == 0 || strcmp(kind, "ab-again") == 0 || strcmp(kind, "ab-counts") == 0);
}

/* A single folder's kind, from its manifest.tsv: an A/B's processes become the inputs (ab.sh's
 * LABEL-ROUND.json), every other folder is a run's. Returns 0, or -1 with *error. */
static int folder_kind(struct hb_report *r, const char *dir, char **error)
{
    if (hb_manifest_read(dir, &r->ab, error) < 0)
        return -1;
    const char *kind = hb_manifest_get(&r->ab, "kind");
    if (!ab_kind(kind)) {
        bool bisect = kind && strcmp(kind, "bisect") == 0;
        hb_manifest_free(&r->ab);
        r->ab = (struct hb_manifest){0};
        if (bisect) {
            *error = hb_xasprintf("%s: a bisection's folder (kind bisect): each step's folder has its page", dir);
            return -1;
        }
        return 0;
    }
    int olds = hb_ab_inputs(dir, &r->inputs, error);
    if (olds < 0)
        return -1;
    if (olds == 0) {
        *error = hb_xasprintf("%s: its manifest.tsv says kind %s, but it holds no old-ROUND.json", dir, kind);
        return -1;
    }
    r->kind = HB_REPORT_AB;
    return 0;
}

int hb_report_prepare(struct hb_report *r, char *const *dirs, size_t ndirs, const char *out, char **error)
{
    *r = (struct hb_report){.dirs = dirs, .ndirs = ndirs, .out = out};
    add_flags(&r->stat, (const char *const[]){"-confidence", "0.9", "-uncertain", "5", NULL});
    /* An A/B folder is told by its manifest's kind; a machines report takes run folders only. */
    if (ndirs == 1 && folder_kind(r, dirs[0], error))
        return -1;
    for (size_t i = 0; i < ndirs && r->kind != HB_REPORT_AB; i++) {
        char *run = hb_path_join(dirs[i], "run.json");
        if (!hb_is_readable_file(run)) {
            *error = hb_xasprintf(ndirs == 1 ? "%s: no run.json, and no manifest.tsv naming an A/B (kind ab, ab-again "
                                               "or ab-counts): not a results folder"
                                             : "%s: no run.json (a machines report compares run folders)",
                                  dirs[i]);
            free(run);
            return -1;
        }
        if (ndirs == 1 && add_processes(r, dirs[i]) > 1) {
            r->processes = r->inputs.n; /* a replicated run (bench.sh's runs/): its processes */
            free(run);
            continue;
        }
        hb_names_add(&r->inputs, ndirs > 1 ? run : hb_xasprintf("run.json=%s", run));
        if (ndirs == 1)
            free(run);
    }
    /* Every input read once now, so that a file hbstat would refuse is refused here, in one line,
     * before anything is written. */
    for (size_t i = 0; i < r->inputs.n; i++) {
        const char *eq = strchr(r->inputs.items[i], '=');
        if (hb_context_members(eq && ndirs == 1 ? eq + 1 : r->inputs.items[i], note_measure, r, error) != 0)
            return -1;
    }
    if (ndirs > 1) {
        r->kind = HB_REPORT_MACHINES; /* a machine's column is its cpu_model and host_name */
    } else if (r->kind == HB_REPORT_AB) {
        ab_settings(r);
        const char *pct = hb_manifest_get(&r->ab, "exact_change");
        if (r->counted && pct && *pct)
            add_flags(&r->stat, (const char *const[]){"-exact-change", pct, NULL});
    } else if (has_key_rows(r)) {
        r->kind = HB_REPORT_ADVICE;
    }
    if (r->kind == HB_REPORT_ADVICE && r->processes > 0) {
        /* advise.sh's processes are raced, and its advice (the fragment) ranks them: the tables
         * stay process 1's, run.json. */
        hb_names_free(&r->inputs);
        char *run = hb_path_join(dirs[0], "run.json");
        hb_names_add(&r->inputs, hb_xasprintf("run.json=%s", run));
        free(run);
        r->processes = 0;
    } else if (r->processes > 0) {
        /* The hashes ranked as bench.sh's tables rank them (the baselines shown, not ranked). */
        add_flags(&r->stat, (const char *const[]){"-ranks", "-ranks-filter", "-.name:baseline", NULL});
    }
    return 0;
}

void hb_report_free(struct hb_report *r)
{
    hb_names_free(&r->inputs);
    hb_names_free(&r->stat);
    hb_manifest_free(&r->ab);
    free(r->valgrind);
}

static const char *title(const struct hb_report *r, char *buf, size_t size)
{
    switch (r->kind) {
    case HB_REPORT_AB: return "hashbench A/B report";
    case HB_REPORT_ADVICE: return "hashbench advice for your keys";
    case HB_REPORT_MACHINES: snprintf(buf, size, "hashbench: %zu machines side by side", r->ndirs); return buf;
    default: return "hashbench report";
    }
}

/* The test that marks a change significant, as the legend names it. */
static void test_words(const struct hb_report *r, struct hb_strbuf *out)
{
    if (!r->ab_settings_known) {
        hb_strbuf_puts(out, "Mann-Whitney U, p &le; 0.05");
        if (r->kind == HB_REPORT_AB)
            hb_strbuf_puts(out, "; A/B settings unknown, so hbstat's defaults");
        return;
    }
    const char *adjust = hb_manifest_get(&r->ab, "adjust");
    hb_strbuf_puts(out, strcmp(hb_manifest_get(&r->ab, "sample"), "paired") == 0 ? "Wilcoxon signed-rank over rounds"
                                                                                 : "Mann-Whitney U across processes");
    if (strcmp(adjust, "none") == 0) {
        hb_strbuf_puts(out, ", p &le; ");
    } else {
        hb_strbuf_puts(out, ", p adjusted (");
        hb_html_text(out, adjust);
        hb_strbuf_puts(out, ") &le; ");
    }
    hb_html_text(out, hb_manifest_get(&r->ab, "alpha"));
}

/* The -exact-change an A/B folder's manifest names, or NULL (hbstat's default). */
static const char *exact_change(const struct hb_report *r)
{
    const char *pct = hb_manifest_get(&r->ab, "exact_change");
    return pct && *pct ? pct : NULL;
}

/* A counted run's legend: its cells are instruction counts, exact, so no interval and no test. */
static void counted_legend(const struct hb_report *r, const char *date, struct hb_strbuf *out)
{
    hb_strbuf_printf(out,
                     " &middot; written %s by hbreport &middot;\ncells are exact instruction counts per hash call "
                     "(instructions/op) and per byte (instructions/B), counted under ",
                     date);
    hb_html_text(out, r->valgrind ? r->valgrind : "valgrind (version not recorded)");
    hb_strbuf_puts(out, "'s callgrind (docs/counts.md): no interval, as a count repeats to the instruction");
    if (r->kind == HB_REPORT_AB || r->kind == HB_REPORT_MACHINES) {
        hb_strbuf_puts(out, "; <span style=\"background:#dff3df\">fewer</span> / <span "
                            "style=\"background:#fbe0e0\">more</span>: an exact change beyond ");
        if (exact_change(r)) {
            hb_html_text(out, exact_change(r));
            hb_strbuf_puts(out, "%");
        } else {
            hb_strbuf_puts(out, "hbstat's default");
        }
        hb_strbuf_puts(out, " (-exact-change), no test; a row whose counts of one side differ is not repeatable, "
                            "not compared");
    }
    hb_strbuf_puts(out, ". Click a column heading to sort.</p>\n<nav><a href=\"#summary\">Per need</a><a "
                        "href=\"#tables\">Tables</a><a href=\"#plots\">Plots</a><a href=\"#spread\">Spread</a><a "
                        "href=\"#provenance\">Provenance</a></nav>\n");
}

/* The page up to its legend's text: doctype, title, the style inline, the heading; date gets the
 * time of writing (UTC). */
static void page_start(const char *t, char *date, size_t date_size, struct hb_strbuf *out)
{
    time_t now = time(NULL);
    strftime(date, date_size, "%Y-%m-%dT%H:%MZ", gmtime(&now));
    hb_strbuf_printf(out,
                     "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                     "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>%s</title>\n"
                     "<style>\n%s</style>\n</head>\n<body>\n<h1>%s</h1>\n<p class=\"legend\">",
                     t, hb_report_css, t);
}

static void head(const struct hb_report *r, struct hb_strbuf *out)
{
    char buf[64], date[32];
    const char *t = title(r, buf, sizeof buf);
    page_start(t, date, sizeof date, out);
    hb_html_text(out, r->dirs[0]);
    if (r->ndirs > 1)
        hb_strbuf_printf(out, " and %zu more", r->ndirs - 1);
    if (r->counted) {
        counted_legend(r, date, out);
        return;
    }
    if (r->processes > 1)
        hb_strbuf_printf(out,
                         " &middot; written %s by hbreport &middot;\ncells are the medians of %zu processes' medians "
                         "&plusmn; the half-width of their 90%% confidence interval, from the spread between "
                         "processes; <span style=\"background:#fff4d6\">~ uncertain</span>: the interval reaches "
                         "beyond &plusmn;5%% of the median; rank: where the hash's rank lies at 95%%, simultaneously "
                         "for every hash of its table (the baselines are shown, not ranked), the fastest set (every "
                         "hash that could be the fastest) named under each table;\n",
                         date, r->processes);
    else
        hb_strbuf_printf(out,
                         " &middot; written %s by hbreport &middot;\ncells are medians &plusmn; the half-width of "
                         "their 90%% confidence interval; <span style=\"background:#fff4d6\">~ uncertain</span>: the "
                         "interval reaches beyond &plusmn;5%% of the median;\n",
                         date);
    /* Only tables with several columns compare them: the legend names the test where there is one. */
    if (r->kind == HB_REPORT_AB || r->kind == HB_REPORT_MACHINES) {
        hb_strbuf_puts(out, "<span style=\"background:#dff3df\">faster</span> / <span "
                            "style=\"background:#fbe0e0\">slower</span>: significant change (");
        test_words(r, out);
        hb_strbuf_puts(out, "). ");
    }
    hb_strbuf_puts(out, "Click a column heading to sort.</p>\n<nav><a href=\"#summary\">Per need</a><a "
                        "href=\"#tables\">Tables</a><a href=\"#plots\">Plots</a><a href=\"#spread\">Spread</a><a "
                        "href=\"#provenance\">Provenance</a></nav>\n");
}

/* Appends the file at path as it is; false when it cannot be read. */
static bool include_file(const char *path, struct hb_strbuf *out)
{
    if (!hb_is_readable_file(path))
        return false;
    char *error = NULL;
    size_t before = out->len;
    if (hb_read_file(path, out, &error) != 0) {
        out->len = before;
        free(error);
        return false;
    }
    return true;
}

static void summary_section(const struct hb_report *r, struct hb_strbuf *out)
{
    hb_strbuf_puts(out, "<h2 id=\"summary\">Which hash, per need</h2>\n");
    char *beside_out = NULL;
    if (r->kind == HB_REPORT_MACHINES) {
        const char *slash = strrchr(r->out, '/');
        beside_out =
            slash ? hb_xasprintf("%.*s/advice.html", (int)(slash - r->out), r->out) : hb_xstrdup("advice.html");
    }
    char *own = hb_path_join(r->dirs[0], "advice.html");
    if (beside_out && hb_is_readable_file(beside_out)) {
        hb_strbuf_puts(out, "<p>The fleet's pick: it qualifies on every machine; times are its slowest machine's "
                            "(advise.sh --from).</p>\n");
        include_file(beside_out, out);
    } else if (r->ndirs > 1 || !include_file(own, out)) {
        hb_strbuf_puts(out,
                       r->kind == HB_REPORT_AB
                           ? "<p>An A/B comparison answers whether a change made things faster, not which hash "
                             "to use.</p>\n"
                           : "<p>No advice in this folder (bench.sh and scripts/advise.sh KEYFILE write one).</p>\n");
    }
    free(own);
    free(beside_out);
}

/* One table section: a heading and hbstat's html tables for flags (NULL-terminated) on the
 * report's inputs, or nothing when no rows match. */
static void table_section(const struct hb_report *r, const char *heading, const char *const *flags,
                          struct hb_strbuf *out, FILE *notes)
{
    struct hb_strbuf html = {0};
    char *error = NULL;
    if (run_hbstat(r, "html", flags, &html, &error) != 0) {
        fprintf(notes, "hbreport: %s: left out: %s\n", heading, error);
    } else if (html.len) {
        hb_strbuf_puts(out, "<h3>");
        hb_html_text(out, heading);
        hb_strbuf_puts(out, "</h3>\n");
        hb_strbuf_append(out, html.text, html.len);
    }
    free(error);
    hb_strbuf_free(&html);
}

#define FLAGS(...) ((const char *const[]){__VA_ARGS__, NULL})

/* A machines report's table of one unit (filter): a column per machine, its cpu_model and host. */
static void machines_table(const struct hb_report *r, const char *heading, const char *filter, struct hb_strbuf *out,
                           FILE *notes)
{
    table_section(r, heading,
                  FLAGS("-row", "/algo,/impl", "-col", "cpu_model,host_name", "-table", ".name,/size@num,/load",
                        "-filter", filter),
                  out, notes);
}

/* A counted run's tables: instructions per call and per byte, ranked; a machines report puts each
 * machine's counts side by side. */
static void counted_tables(const struct hb_report *r, struct hb_strbuf *out, FILE *notes)
{
    if (r->kind == HB_REPORT_MACHINES) {
        machines_table(r, "Instructions per hash, one column per machine", ".unit:instructions/op", out, notes);
        return;
    }
    static const struct {
        const char *heading, *unit;
    } units[] = {{"Instructions per hash call", "instructions/op"}, {"Instructions per byte", "instructions/B"}};
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
        char *filter = hb_xasprintf(".name:(throughput OR baseline) .unit:%s", units[i].unit);
        table_section(r, units[i].heading,
                      FLAGS("-rank", "-row", "/algo,/impl", "-table", "/size@num,/load", "-filter", filter), out,
                      notes);
        free(filter);
    }
}

static void tables(const struct hb_report *r, struct hb_strbuf *out, FILE *notes)
{
    hb_strbuf_puts(out, "<h2 id=\"tables\">Tables</h2>\n");
    if (r->counted && r->kind != HB_REPORT_AB) {
        counted_tables(r, out, notes);
        return;
    }
    switch (r->kind) {
    case HB_REPORT_AB:
        table_section(r, "Old against new (the first column is the baseline)", FLAGS("-row", ".fullname"), out, notes);
        break;
    case HB_REPORT_ADVICE:
        table_section(
            r, "Time per key, your keys",
            FLAGS("-rank", "-row", "/algo,/impl", "-table", ".name,/load", "-filter", "/size:keys .unit:sec/op"), out,
            notes);
        table_section(r, "Throughput on your keys",
                      FLAGS("-rank", "-row", "/algo,/impl", "-table", ".name,/load", "-filter",
                            "/size:keys .unit:B/s -/algo:noop"),
                      out, notes);
        break;
    case HB_REPORT_MACHINES:
        machines_table(r, "Time per hash, one column per machine", ".unit:sec/op", out, notes);
        break;
    default:
        table_section(r, "Time per hash",
                      FLAGS("-rank", "-row", "/algo,/impl", "-table", "/size@num,/load", "-filter",
                            ".name:(throughput OR baseline) .unit:sec/op"),
                      out, notes);
        table_section(r, "Throughput",
                      FLAGS("-rank", "-row", "/algo,/impl", "-table", "/size@num,/load", "-filter",
                            ".name:(throughput OR baseline) .unit:B/s -/algo:noop"),
                      out, notes);
        table_section(
            r, "Latency (each hash waits for the previous one)",
            FLAGS("-rank", "-row", "/algo,/impl", "-table", "/size@num", "-filter", ".name:latency .unit:sec/op"), out,
            notes);
        table_section(
            r, "Stream",
            FLAGS("-rank", "-row", "/algo,/impl", "-table", "/io,/chunk@num", "-filter", ".name:stream .unit:B/s"), out,
            notes);
        table_section(
            r, "API paths",
            FLAGS("-rank", "-row", "/algo,/impl,/path", "-table", "/size@num", "-filter", ".name:api .unit:sec/op"),
            out, notes);
    }
}

/* An SVG file inside HTML: without its XML declaration and doctype, which HTML does not allow. */
static void inline_svg(const char *svg, struct hb_strbuf *out)
{
    bool in_doctype = false;
    for (const char *line = svg; *line;) {
        size_t len = strcspn(line, "\n");
        bool keep = !in_doctype && strncmp(line, "<?xml", 5) != 0;
        if (!in_doctype && strncmp(line, "<!DOCTYPE", 9) == 0)
            keep = false, in_doctype = true;
        if (in_doctype && len && line[len - 1] == '>')
            in_doctype = false;
        if (keep) {
            hb_strbuf_append(out, line, len);
            hb_strbuf_puts(out, "\n");
        }
        line += len + (line[len] == '\n');
    }
}

static void plots(const struct hb_report *r, struct hb_strbuf *out, FILE *notes)
{
    hb_strbuf_puts(out, "<h2 id=\"plots\">Plots</h2>\n");
    struct hb_names svgs = {0};
    char *error = NULL;
    if (hb_folder_files(r->dirs[0], ".svg", &svgs, &error) != 0) {
        fprintf(notes, "hbreport: %s\n", error);
        free(error);
    }
    size_t shown = 0;
    for (size_t i = 0; i < svgs.n; i++) {
        struct hb_strbuf svg = {0};
        if (hb_read_file(svgs.items[i], &svg, &error) != 0) {
            fprintf(notes, "hbreport: %s\n", error);
            free(error);
            error = NULL;
            hb_strbuf_free(&svg);
            continue;
        }
        const char *name = strrchr(svgs.items[i], '/') + 1;
        hb_strbuf_puts(out, "<figure>\n");
        inline_svg(hb_strbuf_cstr(&svg), out);
        hb_strbuf_puts(out, "<figcaption>");
        struct hb_strbuf caption = {0};
        hb_strbuf_append(&caption, name, strlen(name) - strlen(".svg"));
        hb_html_text(out, hb_strbuf_cstr(&caption));
        hb_strbuf_puts(out, " (scripts/plot.sh)</figcaption></figure>\n");
        hb_strbuf_free(&caption);
        hb_strbuf_free(&svg);
        shown++;
    }
    if (!shown)
        hb_strbuf_puts(out, "<p>No plots in this folder (scripts/plot.sh RUN_DIR draws them from a run with several "
                            "sizes).</p>\n");
    hb_names_free(&svgs);
}

static int spread(const struct hb_report *r, struct hb_strbuf *out, char **error)
{
    hb_strbuf_puts(out, "<h2 id=\"spread\">Spread verdicts</h2>\n");
    char *path = hb_path_join(r->dirs[0], "spread.json");
    int rc = 0;
    if (!hb_is_readable_file(path))
        hb_strbuf_puts(out, "<p>No spread results in this folder.</p>\n");
    else
        rc = hb_spread_table(path, out, error);
    free(path);
    return rc;
}

/* One <div><dt>key</dt><dd>value</dd></div> of a provenance list. */
static void definition(struct hb_strbuf *out, const char *key, size_t key_len, const char *value, size_t value_len)
{
    struct hb_strbuf text = {0};
    hb_strbuf_puts(out, "<div><dt>");
    hb_strbuf_append(&text, key, key_len);
    hb_html_text(out, hb_strbuf_cstr(&text));
    hb_strbuf_puts(out, "</dt><dd>");
    hb_strbuf_reset(&text);
    hb_strbuf_append(&text, value, value_len);
    hb_html_text(out, hb_strbuf_cstr(&text));
    hb_strbuf_puts(out, "</dd></div>\n");
    hb_strbuf_free(&text);
}

static void context_definition(void *out, const char *key, size_t key_len, const char *value, size_t value_len)
{
    definition(out, key, key_len, value, value_len);
}

static void manifest_list(const struct hb_manifest *m, struct hb_strbuf *out)
{
    hb_strbuf_puts(out, "<dl class=\"provenance\">\n");
    for (size_t i = 0; i < m->keys.n; i++)
        definition(out, m->keys.items[i], strlen(m->keys.items[i]), m->values.items[i], strlen(m->values.items[i]));
    hb_strbuf_puts(out, "</dl>\n");
}

static void provenance_section(const struct hb_report *r, struct hb_strbuf *out, FILE *notes)
{
    hb_strbuf_puts(out, "<h2 id=\"provenance\">Provenance</h2>\n");
    if (r->kind == HB_REPORT_AB) {
        hb_strbuf_puts(out, "<h3>The A/B run (manifest.tsv)</h3>\n");
        manifest_list(&r->ab, out);
        if (!r->ab_settings_known && !r->counted)
            hb_strbuf_puts(out, "<p>A/B settings unknown: this folder's manifest.tsv does not name the test, "
                                "adjustment and alpha (sample, adjust, alpha), so its tables use hbstat's defaults "
                                "(every repetition a sample, the U test, no adjustment).</p>\n");
    }
    for (size_t i = 0; i < r->ndirs; i++) {
        if (r->ndirs > 1) {
            hb_strbuf_puts(out, "<h3>");
            hb_html_text(out, r->dirs[i]);
            hb_strbuf_puts(out, "</h3>\n");
        }
        if (r->kind != HB_REPORT_AB) {
            struct hb_manifest m = {0};
            char *error = NULL;
            if (hb_manifest_read(r->dirs[i], &m, &error) > 0)
                manifest_list(&m, out);
            free(error);
            hb_manifest_free(&m);
        }
        /* The first run's context: an A/B folder's first input is its first old run. */
        const char *input = r->kind == HB_REPORT_MACHINES ? r->inputs.items[i] : strchr(r->inputs.items[0], '=') + 1;
        char *error = NULL;
        size_t before = out->len;
        hb_strbuf_puts(out, "<dl class=\"provenance\">\n");
        if (hb_context_members(input, context_definition, out, &error) != 0) {
            out->len = before;
            out->text[before] = '\0';
            fprintf(notes, "hbreport: %s\n", error);
            free(error);
            continue;
        }
        hb_strbuf_puts(out, "</dl>\n");
    }
}

int hb_report_write(const struct hb_report *r, struct hb_strbuf *page, FILE *notes, char **error)
{
    head(r, page);
    summary_section(r, page);
    tables(r, page, notes);
    plots(r, page, notes);
    if (spread(r, page, error) != 0)
        return -1;
    provenance_section(r, page, notes);
    hb_strbuf_printf(page, "<script>\n%s</script>\n</body>\n</html>\n", hb_report_js);
    return 0;
}

void hb_report_history_page(const char *first, size_t nruns, const char *fragment, struct hb_strbuf *page)
{
    const char *t = "hashbench: where speed changed over a history of runs";
    char date[32];
    page_start(t, date, sizeof date, page);
    hb_html_text(page, first);
    if (nruns > 1)
        hb_strbuf_printf(page, " and %zu more runs", nruns - 1);
    hb_strbuf_printf(
        page,
        " &middot; written %s by hbreport &middot; change points found by hbstat -history (E-divisive "
        "means on ranks, a permutation test, Holm over the rows); in each plot the dots are the runs' "
        "medians, the blue lines the medians between change points, a dashed red line each change "
        "(hover it for the run, commit, change and p), a grey line where the machine or build changed. Click a column heading to sort.</p>\n",
        date);
    hb_strbuf_puts(page, fragment);
    hb_strbuf_printf(page, "<script>\n%s</script>\n</body>\n</html>\n", hb_report_js);
}
