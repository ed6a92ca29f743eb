/* hbreport.c — main: flags, the folders, and the page written beside them without ever replacing
 * a file (exit status 0 written, 2 bad flags or a folder that is no results folder). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hb_alloc.h"
#include "cli.h"
#include "hb_version.h"
#include "history_command.h"
#include "page.h"

static const char usage[] =
    "usage: hbreport [--out FILE] RUN_DIR [RUN_DIR...]\n"
    "       hbreport --history --out FILE RUN...\n"
    "\n"
    "Writes one self-contained HTML page for a results folder: everything inline (styles, plots, a\n"
    "small script that sorts a table when a column heading is clicked; the page reads the same\n"
    "without it), no network. RUN_DIR is a folder written by scripts/bench.sh (run.json),\n"
    "scripts/ab.sh (an A/B: its manifest.tsv says kind ab, ab-again or ab-counts; its processes are\n"
    "LABEL-ROUND.json) or scripts/advise.sh (run.json with size:keys rows, advice.html). The page\n"
    "has: which hash per need (the folder's advice.html),\n"
    "hbstat's tables for the folder's kind (-format html, medians with 90% intervals, uncertain cells\n"
    "and significant changes marked; an A/B folder compared with the test, adjustment and alpha its\n"
    "manifest.tsv names), the SVG plots, hbspread's verdicts (spread.json), and the provenance (the\n"
    "run's context, the folder's manifest.tsv). A replicated run (bench.sh's runs/run-1.json,\n"
    "run-2.json ...) is read process by process, as bench.sh's tables are: cells are the processes'\n"
    "medians' median, and each table gets its rows' rank intervals and fastest set (hbstat -ranks);\n"
    "an advice folder's processes are raced and ranked by its advice, so its tables are run.json's.\n"
    "A counted run (hbcount, scripts/ab.sh --counts: hashbench_measure instructions) gets hbstat's\n"
    "exact tables instead: instructions/op and instructions/B, no intervals, an A/B change being a\n"
    "move beyond its manifest's exact_change (hbstat -exact-change; docs/counts.md).\n"
    "Several RUN_DIRs (runs from different machines) make one page with one column per machine\n"
    "(cpu_model, host_name); the fleet's advice.html beside --out FILE is its summary.\n"
    "With --history, RUN... (run folders or run.json files, also gzipped, in order: a CI job's\n"
    "runs, one per commit) are read as one history: the page has hbstat -history's change points\n"
    "(docs/history.md) and a plot per series that changed, its runs, the medians between its change\n"
    "points and each change marked.\n"
    "\n"
    "  --out FILE   the page (default RUN_DIR/report.html; needed with several RUN_DIRs and with\n"
    "               --history); an existing file is never replaced\n"
    "  --history    the runs as a history (above)\n"
    "  -h, --help   this help\n"
    "  --version    the version\n"
    "\n"
    "Exit status: 0 written; 2 bad flags, a folder that is no results folder, a run or spread.json\n"
    "that cannot be read, or FILE exists (one line on stderr, nothing written).\n";

static int report_failed(const char *what)
{
    fprintf(stderr, "hbreport: %s\n", what);
    return 2;
}

/* Writes page to a temporary file beside out, then links it to out, which fails if out exists:
 * nothing is replaced and no half-written page is ever at out. */
static int write_page(const char *out, const struct hb_strbuf *page, char **error)
{
    char *tmp = hb_xasprintf("%s.XXXXXX", out);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        *error = hb_xasprintf("%s: cannot write: %s", out, strerror(errno));
        free(tmp);
        return -1;
    }
    FILE *f = fdopen(fd, "w");
    bool ok = f && fwrite(page->text, 1, page->len, f) == page->len;
    ok = (f ? fclose(f) == 0 : (close(fd), false)) && ok;
    if (ok && link(tmp, out) != 0) {
        *error = hb_xasprintf(errno == EEXIST ? "%s exists (reports are never overwritten)" : "%s: cannot write: %s",
                              out, strerror(errno));
        ok = false;
    } else if (!ok) {
        *error = hb_xasprintf("%s: cannot write: %s", out, strerror(errno));
    }
    unlink(tmp);
    free(tmp);
    return ok ? 0 : -1;
}

/* hbreport --history: hbstat -history's html on a page of its own. */
static int history_page(const char *out, char **runs, size_t nruns)
{
    if (out == NULL)
        return report_failed("--history needs --out FILE (try --help)");
    if (access(out, F_OK) == 0) {
        fprintf(stderr, "hbreport: %s exists (reports are never overwritten)\n", out);
        return 2;
    }
    /* hbstat's own flags, so that the defaults (alpha, confidence, order) are hbstat -history's. */
    char **args = hb_xcalloc(nruns + 6, sizeof *args);
    char *fixed[] = {"hbstat", "-history", "-format", "html", "--"};
    size_t nargs = 0;
    for (size_t k = 0; k < sizeof fixed / sizeof *fixed; k++)
        args[nargs++] = fixed[k];
    for (size_t k = 0; k < nruns; k++)
        args[nargs++] = runs[k];
    struct hb_options o;
    char *error = NULL;
    bool usage = false;
    struct hb_strbuf fragment = {0}, page = {0};
    int status = hb_parse_args((int)nargs, args, &o, &error) != 0 ? 2 : 0;
    if (status == 0)
        status = hb_history_render(&o, stderr, &fragment, &usage, &error);
    if (status == 0) {
        hb_report_history_page(runs[0], nruns, hb_strbuf_cstr(&fragment), &page);
        if (write_page(out, &page, &error) != 0)
            status = 2;
    }
    if (status != 0) {
        report_failed(error);
        free(error);
    }
    hb_options_free(&o);
    hb_strbuf_free(&fragment);
    hb_strbuf_free(&page);
    free(args);
    return status;
}

int main(int argc, char **argv)
{
    hb_alloc_set_program_name("hbreport");
    const char *out = NULL;
    bool history = false;
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            fputs(usage, stdout);
            return 0;
        }
        if (strcmp(argv[i], "--version") == 0) {
            printf("hbreport %s\n", HB_VERSION);
            return 0;
        }
        if (strcmp(argv[i], "--") == 0) {
            i++;
            break;
        }
        if (strcmp(argv[i], "--history") == 0) {
            history = true;
            continue;
        }
        if (strcmp(argv[i], "--out") != 0) {
            fprintf(stderr, "hbreport: unknown flag '%s' (try --help)\n", argv[i]);
            return 2;
        }
        if (++i == argc)
            return report_failed("--out needs a file (try --help)");
        out = argv[i];
    }
    size_t ndirs = (size_t)(argc - i);
    if (ndirs == 0)
        return report_failed("need a RUN_DIR (try --help)");
    if (history)
        return history_page(out, argv + i, ndirs);
    if (ndirs > 1 && out == NULL)
        return report_failed("several RUN_DIRs need --out FILE (try --help)");
    char **dirs = hb_xcalloc(ndirs, sizeof *dirs);
    int status = 0;
    char *error = NULL, *own_out = NULL;
    for (size_t d = 0; d < ndirs && status == 0; d++) {
        dirs[d] = realpath(argv[i + (int)d], NULL);
        if (dirs[d] == NULL) {
            error = hb_xasprintf("%s: no such directory", argv[i + (int)d]);
            status = 2;
        }
    }
    if (status == 0 && out == NULL)
        out = own_out = hb_xasprintf("%s/report.html", dirs[0]);
    if (status == 0 && access(out, F_OK) == 0) {
        error = hb_xasprintf("%s exists (reports are never overwritten)", out);
        status = 2;
    }
    struct hb_report report = {0};
    if (status == 0 && hb_report_prepare(&report, dirs, ndirs, out, &error) != 0)
        status = 2;
    if (status == 0) {
        struct hb_strbuf page = {0};
        if (hb_report_write(&report, &page, stderr, &error) != 0 || write_page(out, &page, &error) != 0)
            status = 2;
        hb_strbuf_free(&page);
    }
    if (status != 0) {
        report_failed(error);
        free(error);
    }
    hb_report_free(&report);
    for (size_t d = 0; d < ndirs; d++)
        free(dirs[d]);
    free(dirs);
    free(own_out);
    return status;
}
