/* cell_number.h — the numbers in a ledger's cells as the tallies take them: a cell counts as the
 * decimal number it starts with (0 when it starts with none), cells that are numbers compare as
 * numbers and others as text, and a figure prints as an integer when it is one. The ledgers hold
 * a "-" or an empty cell where a run recorded nothing; these rules say what such a cell adds. */
#ifndef HB_CELL_NUMBER_H
#define HB_CELL_NUMBER_H

#include <stdbool.h>
#include <stddef.h>

#include "hb_strbuf.h"

/* The decimal number text starts with (blanks before it skipped; no hexadecimal, no inf or nan),
 * or 0. */
double hb_cell_number(const char *text);

/* Whether text, blanks around it aside, is one decimal number. */
bool hb_cell_is_number(const char *text);

/* Orders two cells: numerically when both are numbers, else bytewise. */
int hb_cell_compare(const char *a, const char *b);

/* Sorts v[0..n) ascending and returns its median (the mean of the middle two when n is even);
 * n > 0. */
double hb_sort_median(double *v, size_t n);

/* Appends x: as an integer when it is a whole number of less than 2^31 in size, else as %.6g. */
void hb_number_text(struct hb_strbuf *out, double x);

#endif
