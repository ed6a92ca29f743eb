/* read_layout.c — an advice folder's process files, in its runs/ folder (as scripts/lib/replicate.sh
 * leaves them): scanned once, each kind's numbers checked to run from 1 without a gap, and every
 * kind to have as many processes as run (racing times fewer entries in later processes, never
 * fewer processes). */
#include "read_layout.h"

#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "hb_alloc.h"

/* More processes than anyone runs: a file numbered above is not one of ours */
#define MAX_PROCESSES 4096

char *hb_advice_process_path(const char *dir, enum hb_advice_file kind, size_t p)
{
    return hb_xasprintf("%s/" HB_ADVICE_RUNS "/%s-%zu.json", dir, hb_advice_file_name(kind), p);
}

/* The process number of a file called KIND-P.json, or 0 when name is not one. */
static size_t process_of(const char *name, enum hb_advice_file *kind)
{
    const char *dash = strrchr(name, '-');
    if (!dash)
        return 0;
    char head[16];
    size_t len = (size_t)(dash - name);
    if (len >= sizeof head)
        return 0;
    memcpy(head, name, len);
    head[len] = '\0';
    if ((*kind = hb_advice_file_find(head)) == HB_FILES)
        return 0;
    const char *p = dash + 1;
    size_t v = 0;
    if (*p < '1' || *p > '9')
        return 0;
    for (; *p >= '0' && *p <= '9' && v <= MAX_PROCESSES; p++)
        v = v * 10 + (size_t)(*p - '0');
    return strcmp(p, ".json") == 0 && v <= MAX_PROCESSES ? v : 0;
}

static bool exists(const char *dir, const char *name)
{
    struct stat st;
    char *path = hb_xasprintf("%s/%s", dir, name);
    bool there = stat(path, &st) == 0;
    free(path);
    return there;
}

int hb_advice_folder_layout(const char *dir, size_t processes[HB_FILES], char **error)
{
    char *runs = hb_xasprintf("%s/" HB_ADVICE_RUNS, dir);
    DIR *d = opendir(runs);
    free(runs);
    for (int k = 0; k < HB_FILES; k++)
        processes[k] = 0;
    if (!d && errno != ENOENT) {
        *error = hb_xasprintf("%s/" HB_ADVICE_RUNS ": %s", dir, strerror(errno));
        return -1;
    }
    bool *seen[HB_FILES];
    for (int k = 0; k < HB_FILES; k++)
        seen[k] = hb_xcalloc(MAX_PROCESSES + 1, sizeof *seen[k]);
    for (struct dirent *e; d && (e = readdir(d)) != NULL;) {
        enum hb_advice_file kind;
        size_t p = process_of(e->d_name, &kind);
        if (!p)
            continue;
        seen[kind][p] = true;
        if (p > processes[kind])
            processes[kind] = p;
    }
    if (d)
        closedir(d);
    int rc = 0;
    if (!processes[HB_FILE_RUN]) {
        rc = -1;
        if (exists(dir, "run.json"))
            *error = hb_xasprintf("%s: an advice folder of the old layout (one run.json, from one process): "
                                  "hbadvise reads " HB_ADVICE_RUNS "/run-1.json to run-N.json, one per process, as "
                                  "scripts/advise.sh writes them now; measure again",
                                  dir);
        else
            *error = hb_xasprintf("%s: not an advice folder (no " HB_ADVICE_RUNS "/run-1.json%s)", dir,
                                  exists(dir, "spread.json") ? "" : " and no spread.json");
    }
    for (int k = 0; k < HB_FILES && rc == 0; k++) {
        for (size_t p = 1; p <= processes[k] && rc == 0; p++)
            if (!seen[k][p]) {
                *error = hb_xasprintf(
                    "%s: " HB_ADVICE_RUNS "/%s-%zu.json missing (%s-1.json to %s-%zu.json are one per "
                    "process)",
                    dir, hb_advice_file_name((enum hb_advice_file)k), p, hb_advice_file_name((enum hb_advice_file)k),
                    hb_advice_file_name((enum hb_advice_file)k), processes[k]);
                rc = -1;
            }
        if (rc == 0 && processes[k] && processes[k] != processes[HB_FILE_RUN]) {
            *error =
                hb_xasprintf("%s: " HB_ADVICE_RUNS "/%s-P.json for %zu processes but run-P.json for %zu (every "
                             "kind is timed in every process)",
                             dir, hb_advice_file_name((enum hb_advice_file)k), processes[k], processes[HB_FILE_RUN]);
            rc = -1;
        }
    }
    for (int k = 0; k < HB_FILES; k++)
        free(seen[k]);
    return rc;
}
