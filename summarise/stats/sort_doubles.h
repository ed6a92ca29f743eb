/* sort_doubles.h — ascending sort of a sample, several times faster than qsort with a callback on
 * the hundreds of thousands of values a large input holds. */
#ifndef HB_SORT_DOUBLES_H
#define HB_SORT_DOUBLES_H

#include <stddef.h>

/* Sorts xs[0..n) ascending; the values must not be NaN. */
void hb_sort_doubles(double *xs, size_t n);

/* Rearranges xs[0..n) so that xs[k] is the (k+1)-th smallest value for each k in ks[0..nk), each
 * k < n and nk <= HB_SELECT_MAX: the values a sort would put there, in linear expected time. NaN
 * must not occur. */
enum { HB_SELECT_MAX = 8 };
void hb_select_doubles(double *xs, size_t n, const size_t *ks, size_t nk);
#endif
