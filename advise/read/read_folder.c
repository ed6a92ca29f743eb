/* read_folder.c — an advice folder as advise.sh and bench.sh leave it: the run and the spread of
 * the same keys, side by side. */
#include "read_folder.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "hb_alloc.h"
#include "read_run.h"
#include "read_spread.h"
#include "read_tables.h"

int hb_advice_read_folder(const char *dir, const char *rows, struct hb_advice_machine *m, char **error)
{
    struct stat st;
    m->dir = hb_xstrdup(dir);
    if (stat(dir, &st) != 0) {
        *error = hb_xasprintf("%s: %s", dir, strerror(errno));
        return -1;
    }
    if (!S_ISDIR(st.st_mode)) {
        *error = hb_xasprintf("%s: not a folder (an advice folder holds run.json and spread.json)", dir);
        return -1;
    }
    char *run = hb_xasprintf("%s/run.json", dir), *spread = hb_xasprintf("%s/spread.json", dir);
    int rc = -1;
    if (stat(run, &st) != 0 && stat(spread, &st) != 0)
        *error = hb_xasprintf("%s: not an advice folder (no run.json and no spread.json)", dir);
    else if (hb_advice_read_run(run, rows, m, error) == 0 && hb_spread_read(spread, &m->spread, error) == 0 &&
             hb_advice_read_folder_extras(dir, m, error) == 0)
        rc = 0;
    /* the real tables: tables.json (advise.sh runs the hashtable suite on its own), else run.json */
    char *tables = hb_xasprintf("%s/tables.json", dir);
    if (rc == 0 && hb_advice_read_tables(stat(tables, &st) == 0 ? tables : run, m, error) != 0)
        rc = -1;
    free(tables);
    free(run);
    free(spread);
    return rc;
}
