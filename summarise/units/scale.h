/* scale.h — benchstat's number scaling: a metric or binary prefix and just enough decimals to show
 * at least three significant digits (docs/statistics.md, "Numbers"). */
#ifndef HB_SCALE_H
#define HB_SCALE_H

#include <stddef.h>

#include "units.h"

struct hb_scaler {
    int precision;      /* digits after the decimal point */
    double factor;      /* value of one prefix unit, e.g. 1e-9 for "n" */
    const char *prefix; /* "", "k", "µ", "Ki", ... */
};

/* The common scaler for vals, chosen from the smallest non-zero magnitude among them (n may be 0:
 * then, as for an all-zero row, precision 3 and no prefix). */
struct hb_scaler hb_common_scale(const double *vals, size_t n, enum hb_unit_class cls);
/* Writes val / s.factor with s.precision decimals followed by the prefix. */
void hb_scaler_format(struct hb_scaler s, double val, char *out, size_t size);
/* hb_scaler_format with the scaler of val alone (benchunit.Scale). */
void hb_scale(double val, enum hb_unit_class cls, char *out, size_t size);

#endif
