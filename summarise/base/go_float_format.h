/* go_float_format.h — numbers printed the way Go's fmt prints them, so that CSV cells, JSON numbers
 * and footnote levels read exactly as benchstat's do. */
#ifndef HB_GO_FLOAT_FORMAT_H
#define HB_GO_FLOAT_FORMAT_H

#include <stddef.h>

/* Longest text hb_format_go_g can produce, with its NUL. */
#define HB_GO_G_MAX 40

/* Writes x as Go's strconv.FormatFloat(x, 'g', -1, 64) (also fmt's %v): the shortest decimal that
 * reads back as x; e-form with at least two exponent digits when the exponent is < -4 or >= 6.
 * NaN and infinities print as Go does: "NaN", "+Inf", "-Inf". Returns out. */
char *hb_format_go_g(double x, char out[HB_GO_G_MAX]);

#endif
