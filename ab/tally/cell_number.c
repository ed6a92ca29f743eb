/* cell_number.c — a cell's number: scanned by hand so that only plain decimal notation counts
 * (strtod alone would take "0x1p3", "inf" and "nan" for numbers). */
#include "cell_number.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The length of the decimal number at s (0 when there is none). */
static size_t number_span(const char *s)
{
    size_t i = 0, digits = 0;
    if (s[i] == '+' || s[i] == '-')
        i++;
    while (isdigit((unsigned char)s[i]))
        i++, digits++;
    if (s[i] == '.') {
        i++;
        while (isdigit((unsigned char)s[i]))
            i++, digits++;
    }
    if (digits == 0)
        return 0;
    if (s[i] == 'e' || s[i] == 'E') {
        size_t j = i + 1;
        if (s[j] == '+' || s[j] == '-')
            j++;
        if (isdigit((unsigned char)s[j])) {
            while (isdigit((unsigned char)s[j]))
                j++;
            i = j;
        }
    }
    return i;
}

static const char *skip_blanks(const char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\n')
        s++;
    return s;
}

double hb_cell_number(const char *text)
{
    const char *s = skip_blanks(text);
    size_t n = number_span(s);
    if (n == 0)
        return 0;
    char buf[128];
    if (n >= sizeof buf)
        n = sizeof buf - 1;
    memcpy(buf, s, n);
    buf[n] = '\0';
    return strtod(buf, NULL);
}

bool hb_cell_is_number(const char *text)
{
    const char *s = skip_blanks(text);
    size_t n = number_span(s);
    return n > 0 && *skip_blanks(s + n) == '\0';
}

int hb_cell_compare(const char *a, const char *b)
{
    if (hb_cell_is_number(a) && hb_cell_is_number(b)) {
        double x = hb_cell_number(a), y = hb_cell_number(b);
        return (x > y) - (x < y);
    }
    return strcmp(a, b);
}

void hb_number_text(struct hb_strbuf *out, double x)
{
    if (x == floor(x) && fabs(x) < 2147483648.0)
        hb_strbuf_printf(out, "%ld", (long)x);
    else
        hb_strbuf_printf(out, "%.6g", x);
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double hb_sort_median(double *v, size_t n)
{
    qsort(v, n, sizeof *v, compare_doubles);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}
