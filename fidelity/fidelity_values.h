/*
 * fidelity_values.h — the figures hbfidelity compares: named values read from hbstat's and
 * hbsum's TSV (a header line, then tab-separated fields), and medians.
 */
#ifndef HB_FIDELITY_VALUES_H
#define HB_FIDELITY_VALUES_H

#include <stdbool.h>
#include <stddef.h>

struct hb_value {
    char *row, *unit;
    double v;
};

struct hb_values {
    struct hb_value *items;
    size_t n, cap;
};

/* Appends a row for every line of tsv, taking row, unit and value from the named columns (unit
 * NULL: every value gets the unit ""). False when a column is missing. */
bool hb_values_add_tsv(struct hb_values *vals, const char *tsv, const char *row_col, const char *unit_col,
                       const char *value_col);
/* The value of (row, unit), or false. */
bool hb_values_get(const struct hb_values *vals, const char *row, const char *unit, double *out);
void hb_values_free(struct hb_values *vals);

/* The median of v[0..n) (sorts v); NAN when n is 0. */
double hb_median(double *v, size_t n);

/* For every line of tsv after its header, the fields of the columns named cols (in that order)
 * to fn; false when a column is missing. */
bool hb_tsv_each(const char *tsv, const char *const *cols, size_t ncols,
                 void (*fn)(const char *const *fields, void *ctx), void *ctx);

#endif /* HB_FIDELITY_VALUES_H */
