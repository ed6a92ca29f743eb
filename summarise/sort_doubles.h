/* sort_doubles.h — ascending sort of a sample, several times faster than qsort with a callback on
 * the hundreds of thousands of values a large input holds. */
#ifndef HB_SORT_DOUBLES_H
#define HB_SORT_DOUBLES_H

#include <stddef.h>

/* Sorts xs[0..n) ascending; the values must not be NaN. */
void hb_sort_doubles(double *xs, size_t n);

#endif
