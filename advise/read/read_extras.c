/* read_extras.c — the optional file of an advice folder: the cost of one Argon2id login, written by
 * advise.sh beside run.json and spread.json. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "hb_alloc.h"
#include "read_folder.h"

static int read_password_cost(const char *path, struct hb_advice_machine *m, char **error)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        *error = hb_xasprintf("%s: %s", path, strerror(errno));
        return -1;
    }
    char line[512];
    bool ok = fgets(line, sizeof line, f) != NULL &&
              sscanf(line, HB_PASSWORD_COST_FORMAT, &m->argon2_memory_kib, &m->argon2_iterations, &m->argon2_lanes,
                     &m->argon2_repetitions, &m->argon2_median, &m->argon2_min, &m->argon2_max) == 7 &&
              m->argon2_repetitions > 0 && m->argon2_median > 0 && m->argon2_min <= m->argon2_median &&
              m->argon2_median <= m->argon2_max;
    fclose(f);
    if (!ok) {
        *error =
            hb_xasprintf("%s: not a line of hbadvise --time-password (argon2id memory_kib=... median_s=...)", path);
        return -1;
    }
    m->has_password_cost = true;
    return 0;
}

int hb_advice_read_folder_extras(const char *dir, struct hb_advice_machine *m, char **error)
{
    struct stat st;
    char *cost = hb_xasprintf("%s/password-cost.txt", dir);
    int rc = 0;
    if (stat(cost, &st) == 0)
        rc = read_password_cost(cost, m, error);
    free(cost);
    return rc;
}
