/* aa_share.c — an A/A comparison's flagged rows per unit, for scripts/reference.sh's record of
 * how often identical code is called different. */
#include "aa_share.h"

#include <stdlib.h>
#include <string.h>

#include "cell_number.h"
#include "hb_alloc.h"

struct unit_count {
    const char *unit;
    long rows, raw, adjusted;
};

static int by_unit(const void *a, const void *b)
{
    return strcmp(((const struct unit_count *)a)->unit, ((const struct unit_count *)b)->unit);
}

int hb_aa_share_lines(const struct hb_tsv_file *table, const char *path, const char *alpha, const char *adjust,
                      struct hb_strbuf *out, char **error)
{
    static const char *const need[] = {".file", "unit", "p_unadjusted", "significant"};
    int col[4];
    for (size_t i = 0; i < 4; i++)
        if ((col[i] = hb_tsv_file_column(table, need[i])) < 0) {
            *error = hb_xasprintf("%s: no column \"%s\" (not hbstat -format tsv of an A/B?)", path, need[i]);
            return -1;
        }
    double bar = hb_cell_number(alpha);
    size_t nunits = 0, rows = hb_tsv_file_rows(table);
    struct unit_count *units = hb_xcalloc(rows ? rows : 1, sizeof *units);
    for (size_t r = 0; r < rows; r++) {
        if (strcmp(hb_tsv_file_cell(table, r, col[0]), "new") != 0)
            continue;
        const char *unit = hb_tsv_file_cell(table, r, col[1]);
        size_t u = 0;
        while (u < nunits && strcmp(units[u].unit, unit) != 0)
            u++;
        if (u == nunits)
            units[nunits++].unit = unit;
        const char *p = hb_tsv_file_cell(table, r, col[2]);
        units[u].rows++;
        units[u].raw += *p && hb_cell_number(p) <= bar;
        units[u].adjusted += strcmp(hb_tsv_file_cell(table, r, col[3]), "true") == 0;
    }
    qsort(units, nunits, sizeof *units, by_unit);
    for (size_t u = 0; u < nunits; u++)
        hb_strbuf_printf(out,
                         "A/A %s: %ld of %ld rows significant at alpha %s before adjustment (%.1f%%), %ld after "
                         "it (%s)\n",
                         units[u].unit, units[u].raw, units[u].rows, alpha, 100.0 * units[u].raw / units[u].rows,
                         units[u].adjusted, adjust);
    free(units);
    return 0;
}
