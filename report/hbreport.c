/* hbreport.c — main: flags, the folders, and the page written beside them without ever replacing
 * a file (exit status 0 written, 2 bad flags or a folder that is no results folder). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hb_alloc.h"
#include "hb_version.h"
#include "page.h"

static const char usage[] =
    "usage: hbreport [--out FILE] RUN_DIR [RUN_DIR...]\n"
    "\n"
    "Writes one self-contained HTML page for a results folder: everything inline (styles, plots, a\n"
    "small script that sorts a table when a column heading is clicked; the page reads the same\n"
    "without it), no network. RUN_DIR is a folder written by scripts/bench.sh (run.json),\n"
    "scripts/ab.sh (old-ROUND.json, new-ROUND.json, manifest.tsv) or scripts/advise.sh (run.json\n"
    "with size:keys rows, advice.html). The page has: which hash per need (the folder's advice.html),\n"
    "hbstat's tables for the folder's kind (-format html, medians with 90% intervals, noisy cells\n"
    "and significant changes marked; an A/B folder compared with the test, adjustment and alpha its\n"
    "manifest.tsv names), the SVG plots, hbspread's verdicts (spread.json), and the provenance (the\n"
    "run's context, the folder's manifest.tsv).\n"
    "Several RUN_DIRs (runs from different machines) make one page with one column per machine\n"
    "(cpu_model, host_name); the fleet's advice.html beside --out FILE is its summary.\n"
    "\n"
    "  --out FILE   the page (default RUN_DIR/report.html; needed with several RUN_DIRs); an\n"
    "               existing file is never replaced\n"
    "  -h, --help   this help\n"
    "  --version    the version\n"
    "\n"
    "Exit status: 0 written; 2 bad flags, a folder that is no results folder, a run or spread.json\n"
    "that cannot be read, or FILE exists (one line on stderr, nothing written).\n";

static int fail(const char *what)
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

int main(int argc, char **argv)
{
    hb_alloc_set_program_name("hbreport");
    const char *out = NULL;
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
        if (strcmp(argv[i], "--out") != 0) {
            fprintf(stderr, "hbreport: unknown flag '%s' (try --help)\n", argv[i]);
            return 2;
        }
        if (++i == argc)
            return fail("--out needs a file (try --help)");
        out = argv[i];
    }
    size_t ndirs = (size_t)(argc - i);
    if (ndirs == 0)
        return fail("need a RUN_DIR (try --help)");
    if (ndirs > 1 && out == NULL)
        return fail("several RUN_DIRs need --out FILE (try --help)");
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
        fail(error);
        free(error);
    }
    hb_report_free(&report);
    for (size_t d = 0; d < ndirs; d++)
        free(dirs[d]);
    free(dirs);
    free(own_out);
    return status;
}
