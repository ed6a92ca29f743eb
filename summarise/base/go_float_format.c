/* go_float_format.c — the shortest round-trip decimal of a double, in Go's %v layout. The digits
 * come from glibc's correctly rounded %e; the shortest precision is found by trying each in turn. */
#include "go_float_format.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *hb_format_go_g(double x, char out[HB_GO_G_MAX])
{
    if (isnan(x)) {
        strcpy(out, "NaN");
        return out;
    }
    if (isinf(x)) {
        strcpy(out, x > 0 ? "+Inf" : "-Inf");
        return out;
    }
    char e_form[HB_GO_G_MAX - 12];
    int precision = 1;
    for (; precision <= 17; precision++) {
        snprintf(e_form, sizeof e_form, "%.*e", precision - 1, x);
        if (strtod(e_form, NULL) == x)
            break;
    }
    char *e = strchr(e_form, 'e');
    int exponent = atoi(e + 1) % 1000; /* |exponent| <= 324 for a double */
    *e = '\0';
    if (x == 0)
        exponent = 0;
    if (exponent < -4 || exponent >= 6) {
        /* Mantissa without trailing zeros or a bare point, then e±dd. */
        char *end = e;
        if (strchr(e_form, '.')) {
            while (end[-1] == '0')
                end--;
            if (end[-1] == '.')
                end--;
        }
        *end = '\0';
        snprintf(out, HB_GO_G_MAX, "%se%c%02d", e_form, exponent < 0 ? '-' : '+', abs(exponent));
    } else {
        int decimals = precision - 1 - exponent;
        snprintf(out, HB_GO_G_MAX, "%.*f", decimals > 0 ? decimals : 0, x);
    }
    return out;
}
