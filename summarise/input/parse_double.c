/* parse_double.c — the fast path computes digits x 10^e with one correctly rounded x87 extended
 * operation (64-bit significand: the digits and 10^|e| <= 10^27 are exact), then rounds to double.
 * Rounding twice can differ from rounding once only when the extended result lies at or next to a
 * halfway point between doubles; those rare cases, and anything outside the fast path's range, go
 * to strtod, so every result is the correctly rounded one. */
#include "parse_double.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static bool slow(const char *text, size_t len, double *out)
{
    char buf[128];
    if (len >= sizeof buf)
        return false;
    memcpy(buf, text, len);
    buf[len] = '\0';
    char *end;
    *out = strtod(buf, &end);
    return end == buf + len && len > 0;
}

#if LDBL_MANT_DIG == 64 && defined(__x86_64__)
static const long double powers_of_ten[] = {
    1e0L,  1e1L,  1e2L,  1e3L,  1e4L,  1e5L,  1e6L,  1e7L,  1e8L,  1e9L,  1e10L, 1e11L, 1e12L, 1e13L,
    1e14L, 1e15L, 1e16L, 1e17L, 1e18L, 1e19L, 1e20L, 1e21L, 1e22L, 1e23L, 1e24L, 1e25L, 1e26L, 1e27L,
};

/* True when the extended value p sits at, or one extended ulp from, a halfway point between two
 * doubles: the 11 significand bits below double precision are 0x3ff, 0x400 or 0x401. */
static bool near_halfway(long double p)
{
    uint64_t significand;
    memcpy(&significand, &p, sizeof significand); /* x87 layout: significand first, little-endian */
    uint64_t low = significand & 0x7ff;
    return low >= 0x3ff && low <= 0x401;
}

bool hb_parse_double(const char *text, size_t len, double *out)
{
    const char *p = text, *end = text + len;
    bool negative = p < end && *p == '-';
    p += negative;
    uint64_t digits = 0;
    int ndigits = 0, exponent = 0;
    bool any = false;
    for (; p < end && *p >= '0' && *p <= '9'; p++, any = true) {
        if (digits == 0 && *p == '0')
            continue; /* leading zeros carry no digits */
        if (ndigits == 19)
            return slow(text, len, out);
        digits = digits * 10 + (uint64_t)(*p - '0');
        ndigits++;
    }
    if (p < end && *p == '.') {
        for (p++; p < end && *p >= '0' && *p <= '9'; p++, any = true) {
            if (digits == 0 && *p == '0') {
                exponent--;
                continue;
            }
            if (ndigits == 19)
                return slow(text, len, out);
            digits = digits * 10 + (uint64_t)(*p - '0');
            ndigits++;
            exponent--;
        }
    }
    if (!any)
        return slow(text, len, out);
    if (p < end && (*p == 'e' || *p == 'E')) {
        p++;
        bool exp_negative = p < end && *p == '-';
        if (p < end && (*p == '-' || *p == '+'))
            p++;
        int e = 0;
        const char *start = p;
        for (; p < end && *p >= '0' && *p <= '9'; p++)
            if (e < 100000)
                e = e * 10 + (*p - '0');
        if (p == start)
            return slow(text, len, out);
        exponent += exp_negative ? -e : e;
    }
    if (p != end)
        return slow(text, len, out);
    if (digits == 0) {
        *out = negative ? -0.0 : 0.0;
        return true;
    }
    if (exponent < -27 || exponent > 27)
        return slow(text, len, out);
    long double v = (long double)digits;
    v = exponent < 0 ? v / powers_of_ten[-exponent] : v * powers_of_ten[exponent];
    if (near_halfway(v) || v < 0x1p-1000L || v > 0x1p1000L)
        return slow(text, len, out);
    *out = negative ? -(double)v : (double)v;
    return true;
}
#else
bool hb_parse_double(const char *text, size_t len, double *out)
{
    return slow(text, len, out);
}
#endif
