/* tables_adjust.h — what -adjust and -detectable add to built tables (not in benchstat): p-values
 * adjusted for multiple comparisons over a family, and the detectable effect of each comparison
 * found not significant. A family is every comparison of one unit in the whole output (every
 * later column against its baseline, in every table with that unit). */
#ifndef HB_TABLES_ADJUST_H
#define HB_TABLES_ADJUST_H

#include <stddef.h>

#include "padjust.h"
#include "tables.h"

struct hb_family_member {
    size_t table, row, col;
};

/* The compared cells of the unit's family (exact comparisons, which have no p, excepted), in table, row and column order; *m their count.
 * Free the result. */
struct hb_family_member *hb_tables_family(const struct hb_tables *t, hb_str unit, size_t *m);

/* The family's raw p-values adjusted by method, one per member. Free the result. */
double *hb_family_adjusted(const struct hb_tables *t, const struct hb_family_member *family, size_t m,
                           enum hb_adjust method);

/* Calls fn once per distinct unit among the tables, in table order. */
void hb_tables_each_unit(const struct hb_tables *t, void (*fn)(const struct hb_tables *t, hb_str unit, void *arg),
                         void *arg);

/* Under method != none: every compared cell's q becomes its adjusted p (deciding significance and
 * shown as p=), with a footnote naming the method and m. */
void hb_tables_adjust(struct hb_tables *t, enum hb_adjust method);

/* Works out the detectable effect of every compared cell that is not significant (by the U test,
 * or by the signed-rank test when the comparison is paired), at the level its decision used: alpha, or alpha/m under an adjustment (the bar a lone change in a family of
 * m must clear under Holm, and under Benjamini-Hochberg). */
void hb_tables_detectable(struct hb_tables *t, enum hb_adjust method);

#endif
