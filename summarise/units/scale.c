/* scale.c — prefixes and precisions as benchunit chooses them. The thresholds are parsed from
 * their decimal spelling (99.995, 9.9995, 0.99995 times the factor) so that the choice agrees with
 * how printf will round the scaled value. */
#include "scale.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

struct factor {
    const char *prefix;
    int exponent; /* power of 10 (decimal) or of 2 (binary) */
};

static const struct factor decimal_factors[] = {
    {"T", 12}, {"G", 9}, {"M", 6}, {"k", 3}, {"", 0}, {"m", -3}, {"µ", -6}, {"n", -9},
};
static const struct factor binary_factors[] = {
    {"Ti", 40}, {"Gi", 30}, {"Mi", 20}, {"Ki", 10}, {"", 0},
};

/* strtod of "<mantissa>e<exponent>": the double nearest to that decimal. */
static double decimal_threshold(const char *mantissa, int exponent)
{
    char text[32];
    snprintf(text, sizeof text, "%se%d", mantissa, exponent);
    return strtod(text, NULL);
}

static double threshold(enum hb_unit_class cls, const char *mantissa, int exponent)
{
    if (cls == HB_UNIT_DECIMAL)
        return decimal_threshold(mantissa, exponent);
    return ldexp(strtod(mantissa, NULL), exponent);
}

struct hb_scaler hb_common_scale(const double *vals, size_t n, enum hb_unit_class cls)
{
    double min = 0;
    for (size_t i = 0; i < n; i++) {
        double v = fabs(vals[i]);
        if (v != 0 && (min == 0 || v < min))
            min = v;
    }
    if (min == 0)
        return (struct hb_scaler){3, 1, ""};

    const struct factor *factors = cls == HB_UNIT_DECIMAL ? decimal_factors : binary_factors;
    size_t nfactors = cls == HB_UNIT_DECIMAL ? sizeof decimal_factors / sizeof *decimal_factors
                                             : sizeof binary_factors / sizeof *binary_factors;
    for (size_t i = 0; i < nfactors; i++) {
        int e = factors[i].exponent;
        double value = cls == HB_UNIT_DECIMAL ? pow(10, e) : ldexp(1, e);
        if (min >= threshold(cls, "99.995", e))
            return (struct hb_scaler){1, value, factors[i].prefix};
        if (min >= threshold(cls, "9.9995", e))
            return (struct hb_scaler){2, value, factors[i].prefix};
        if (min >= threshold(cls, ".99995", e))
            return (struct hb_scaler){3, value, factors[i].prefix};
    }

    /* Below the smallest factor: keep it and add decimals, up to 10. */
    const struct factor *smallest = &factors[nfactors - 1];
    double value = cls == HB_UNIT_DECIMAL ? pow(10, smallest->exponent) : ldexp(1, smallest->exponent);
    double scaled = min / value;
    int extra = 0;
    for (; extra < 7; extra++)
        if (scaled >= decimal_threshold("9.9995", -1 - extra))
            break;
    return (struct hb_scaler){3 + extra, value, smallest->prefix};
}

void hb_scaler_format(struct hb_scaler s, double val, char *out, size_t size)
{
    snprintf(out, size, "%.*f%s", s.precision, val / s.factor, s.prefix);
}

void hb_scale(double val, enum hb_unit_class cls, char *out, size_t size)
{
    hb_scaler_format(hb_common_scale(&val, 1, cls), val, out, size);
}
