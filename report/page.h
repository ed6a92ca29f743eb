/* page.h — report.html: one self-contained page (styles, plots and the sorting script inline) for
 * a results folder or for several runs side by side, written through hbstat's html format. */
#ifndef HB_REPORT_PAGE_H
#define HB_REPORT_PAGE_H

#include <stdbool.h>
#include <stdio.h>

#include "folder.h"
#include "hb_strbuf.h"

enum hb_report_kind {
    HB_REPORT_RUN,      /* bench.sh: run.json */
    HB_REPORT_AB,       /* ab.sh: manifest.tsv's kind ab, ab-again or ab-counts; old-ROUND.json ... */
    HB_REPORT_ADVICE,   /* advise.sh: run.json with size:keys rows, advice.html */
    HB_REPORT_MACHINES, /* several run folders, one column per machine */
};

struct hb_report {
    enum hb_report_kind kind;
    char *const *dirs; /* absolute paths, the first one leading */
    size_t ndirs;
    const char *out;        /* the page's path: a fleet's advice.html is the one beside it */
    struct hb_names inputs; /* hbstat's label=path inputs */
    struct hb_manifest ab;  /* an A/B folder's manifest.tsv (empty for other kinds) */
    bool ab_settings_known; /* the manifest names the test, adjustment and alpha */
    struct hb_names stat;   /* the hbstat flags every table takes */
    bool counted;           /* instruction counts (hbcount, ab.sh --counts), not times */
    char *valgrind;         /* the counted run's valgrind_version, or NULL */
    size_t processes;       /* a replicated run's processes (runs/run-K.json, ranked); 0: one run.json */
};

/* Works out what the folders are (kind, inputs, an A/B folder's statistics) and reads every input
 * once. Returns 0, or -1 with *error (one line; free it) when a folder is not a results folder or a
 * file in it is refused. */
int hb_report_prepare(struct hb_report *r, char *const *dirs, size_t ndirs, const char *out, char **error);

/* Appends the whole page to page. Returns 0, or -1 with *error when spread.json is not hbspread's
 * JSON. A plot that cannot be read is left out with a line on notes. */
int hb_report_write(const struct hb_report *r, struct hb_strbuf *page, FILE *notes, char **error);

void hb_report_free(struct hb_report *r);

/* Appends a page for a history of runs (hbreport --history): its heading, the runs it covers, and
 * fragment (hbstat -history's html format: the change points, a plot per series that changed). */
void hb_report_history_page(const char *first, size_t nruns, const char *fragment, struct hb_strbuf *page);

#endif
