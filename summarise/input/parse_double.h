/* parse_double.h — decimal text to the nearest double, fast for the 17-digit numbers Google
 * Benchmark writes ("4.7281527079686975e+02"), with strtod as the reference for everything else. */
#ifndef HB_PARSE_DOUBLE_H
#define HB_PARSE_DOUBLE_H

#include <stdbool.h>
#include <stddef.h>

/* Converts the JSON number text[0..len) to the nearest double (round half to even, as strtod).
 * Returns false when the text is not a number. */
bool hb_parse_double(const char *text, size_t len, double *out);

#endif
