/* padjust.h — multiple-comparison adjustment of p-values: Holm's step-down method (family-wise
 * error under any dependence; Holm, Scand. J. Statist. 1979) and Benjamini and Hochberg's step-up
 * method (false discovery rate; JRSS-B 1995), in the adjusted-p form R's p.adjust prints. */
#ifndef HB_PADJUST_H
#define HB_PADJUST_H

#include <stddef.h>

enum hb_adjust { HB_ADJUST_NONE, HB_ADJUST_HOLM, HB_ADJUST_BH };

/* Parses "none", "holm" or "bh"; returns -1 for anything else. */
int hb_adjust_parse(const char *name, enum hb_adjust *out);
/* "none", "holm", "bh". */
const char *hb_adjust_name(enum hb_adjust method);

/* Writes the adjusted p-values of p[0..m) to q[0..m) (same order; q may be p). A comparison is
 * significant after adjustment when q <= alpha. */
void hb_p_adjust(enum hb_adjust method, const double *p, size_t m, double *q);

#endif
