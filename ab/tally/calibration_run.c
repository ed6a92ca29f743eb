/* calibration_run.c — one calibration run's tallies from its table.tsv: what ab.sh flagged among
 * the unit's rows, and what it said of the rows slowed down on purpose. A target row counts as
 * slower when significant with a change the worse way (up, for sec/op). */
#include <stdlib.h>
#include <string.h>

#include "calibration.h"
#include "cell_number.h"

struct columns {
    int unit, file, fullname, p, p_unadjusted, significant, delta;
};

static struct columns columns_of(const struct hb_tsv_file *t)
{
    return (struct columns){hb_tsv_file_column(t, "unit"),         hb_tsv_file_column(t, ".file"),
                            hb_tsv_file_column(t, ".fullname"),    hb_tsv_file_column(t, "p"),
                            hb_tsv_file_column(t, "p_unadjusted"), hb_tsv_file_column(t, "significant"),
                            hb_tsv_file_column(t, "delta")};
}

/* Whether data line r is a "new" row of the calibrated unit. */
static bool counted(const struct hb_tsv_file *t, const struct columns *c, size_t r)
{
    return strcmp(hb_tsv_file_cell(t, r, c->unit), HB_CALIBRATION_UNIT) == 0 &&
           strcmp(hb_tsv_file_cell(t, r, c->file), "new") == 0;
}

static bool is_target(const char *fullname)
{
    return strstr(fullname, HB_CALIBRATION_TARGET) != NULL;
}

/* 1 significantly slower, -1 significantly faster, 0 neither. */
static int verdict(bool significant, double delta)
{
    return (significant && delta > 0) - (significant && delta < 0);
}

void hb_calibration_run_line(const struct hb_tsv_file *table, const char *kind, const char *run, const char *exit,
                             const char *wall, struct hb_strbuf *out)
{
    struct columns c = columns_of(table);
    long rows = 0, raw = 0, adjusted = 0, targets = 0, slower = 0, faster = 0, others = 0;
    struct hb_strbuf deltas = {0};
    for (size_t r = 0; r < hb_tsv_file_rows(table); r++) {
        if (!counted(table, &c, r))
            continue;
        rows++;
        const char *p = hb_tsv_file_cell(table, r, c.p_unadjusted);
        if (!*p)
            p = hb_tsv_file_cell(table, r, c.p);
        raw += *p && hb_cell_number(p) <= 0.05;
        bool significant = strcmp(hb_tsv_file_cell(table, r, c.significant), "true") == 0;
        adjusted += significant;
        if (is_target(hb_tsv_file_cell(table, r, c.fullname))) {
            double delta = hb_cell_number(hb_tsv_file_cell(table, r, c.delta));
            targets++;
            hb_strbuf_printf(&deltas, "%s%.2f", deltas.len ? "," : "", delta);
            slower += verdict(significant, delta) > 0;
            faster += verdict(significant, delta) < 0;
        } else {
            others += significant;
        }
    }
    hb_strbuf_printf(out, "%s\t%s\t%s\t%s\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\t%s\t%ld\n", kind, run, exit, wall, rows, raw,
                     adjusted, targets, slower, faster, deltas.len ? hb_strbuf_cstr(&deltas) : "-", others);
    hb_strbuf_free(&deltas);
}

void hb_calibration_target_lines(const struct hb_tsv_file *table, const char *kind, const char *run,
                                 struct hb_strbuf *out)
{
    struct columns c = columns_of(table);
    for (size_t r = 0; r < hb_tsv_file_rows(table); r++) {
        const char *fullname = hb_tsv_file_cell(table, r, c.fullname);
        if (!counted(table, &c, r) || !is_target(fullname))
            continue;
        const char *delta = hb_tsv_file_cell(table, r, c.delta);
        bool significant = strcmp(hb_tsv_file_cell(table, r, c.significant), "true") == 0;
        hb_strbuf_printf(out, "%s\t%s\t%s\t%s\t%d\n", kind, run, fullname, delta,
                         verdict(significant, hb_cell_number(delta)));
    }
}
