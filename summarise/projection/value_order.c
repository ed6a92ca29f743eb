/* value_order.c — benchstat's @num reads a value with Go's strconv.ParseFloat, whose syntax is
 * stricter than strtod's (no leading space, no "nan(...)", hexadecimal only with a 'p' exponent,
 * '_' between digits, overflow an error), so the syntax is checked here and strtod only converts. */
#include "value_order.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "xalloc.h"

static bool decimal_digit(char c)
{
    return c >= '0' && c <= '9';
}

static bool is_hex_digit(char c)
{
    return decimal_digit(c) || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f');
}

/* Go allows '_' only between digits, or between a base prefix and a digit. */
static bool underscores_ok(const char *s, size_t len)
{
    size_t i = 0;
    if (len && (s[0] == '+' || s[0] == '-'))
        i = 1;
    char saw = '^'; /* '^' start, '0' a digit or base prefix, '_' an underscore, '!' anything else */
    bool hex = false;
    if (len - i >= 2 && s[i] == '0' &&
        ((s[i + 1] | 0x20) == 'x' || (s[i + 1] | 0x20) == 'b' || (s[i + 1] | 0x20) == 'o')) {
        hex = (s[i + 1] | 0x20) == 'x';
        saw = '0';
        i += 2;
    }
    for (; i < len; i++) {
        if (decimal_digit(s[i]) || (hex && is_hex_digit(s[i]))) {
            saw = '0';
        } else if (s[i] == '_') {
            if (saw != '0')
                return false;
            saw = '_';
        } else {
            if (saw == '_')
                return false;
            saw = '!';
        }
    }
    return saw != '_';
}

/* Whether text is all of one Go float literal (the syntax strconv.ParseFloat accepts, less the
 * special values); *underscores says whether it has digit separators. */
static bool is_go_float_literal(const char *s, size_t len, bool *underscores)
{
    size_t i = len && (s[0] == '+' || s[0] == '-');
    bool hex = i + 2 < len && s[i] == '0' && (s[i + 1] | 0x20) == 'x';
    i += hex ? 2 : 0;
    bool digits = false, dot = false;
    *underscores = false;
    for (; i < len; i++) {
        if (s[i] == '_')
            *underscores = true;
        else if (s[i] == '.' && !dot)
            dot = true;
        else if (decimal_digit(s[i]) || (hex && is_hex_digit(s[i])))
            digits = true;
        else
            break;
    }
    if (!digits)
        return false;
    if (i < len && (s[i] | 0x20) == (hex ? 'p' : 'e')) {
        i++;
        if (i < len && (s[i] == '+' || s[i] == '-'))
            i++;
        if (i >= len || !decimal_digit(s[i]))
            return false;
        for (; i < len && (decimal_digit(s[i]) || s[i] == '_'); i++)
            *underscores |= s[i] == '_';
    } else if (hex) {
        return false; /* a hexadecimal float needs its exponent */
    }
    return i == len && (!*underscores || underscores_ok(s, len));
}

/* strconv.ParseFloat: true and *out for a whole literal or special value whose value is finite
 * (overflow is an error there) or was written as an infinity. */
static bool parse_go_float(const char *s, size_t len, double *out)
{
    size_t sign = len && (s[0] == '+' || s[0] == '-');
    const char *rest = s + sign;
    size_t rest_len = len - sign;
    if ((rest_len == 3 && strncasecmp(rest, "inf", 3) == 0) ||
        (rest_len == 8 && strncasecmp(rest, "infinity", 8) == 0)) {
        *out = s[0] == '-' ? -INFINITY : INFINITY;
        return true;
    }
    if (!sign && len == 3 && strncasecmp(s, "nan", 3) == 0) {
        *out = NAN;
        return true;
    }
    bool underscores;
    if (!is_go_float_literal(s, len, &underscores))
        return false;
    char *copy = hb_xmalloc(len + 1);
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        if (s[i] != '_')
            copy[n++] = s[i];
    copy[n] = '\0';
    *out = strtod(copy, NULL);
    free(copy);
    return !isinf(*out);
}

bool hb_sort_number(const char *text, size_t len, double *out)
{
    if (parse_go_float(text, len, out))
        return true;
    /* benchstat's fallback is an unanchored regexp, ([0-9.]+)([kKMGTPEZY]i?)?[bB]?, of which
	 * only the leftmost match counts: a run that does not parse is not retried further on. */
    size_t start = 0;
    while (start < len && !decimal_digit(text[start]) && text[start] != '.')
        start++;
    size_t end = start;
    while (end < len && (decimal_digit(text[end]) || text[end] == '.'))
        end++;
    if (start == len || !parse_go_float(text + start, end - start, out))
        return false;
    static const char prefixes[] = "KMGTPEZY";
    const char *prefix = end < len && text[end] ? strchr(prefixes, text[end] == 'k' ? 'K' : text[end]) : NULL;
    if (prefix) {
        bool iec = end + 1 < len && text[end + 1] == 'i';
        *out *= pow(iec ? 1024 : 1000, (double)(prefix - prefixes + 1));
    }
    return true;
}

int hb_compare_numeric(const char *a, size_t alen, const char *b, size_t blen)
{
    double x, y;
    bool x_number = hb_sort_number(a, alen, &x), y_number = hb_sort_number(b, blen, &y);
    if (x_number && y_number) {
        if (x < y || (!isnan(x) && isnan(y)))
            return -1;
        if (x > y || (isnan(x) && !isnan(y)))
            return 1;
        return 0;
    }
    if (x_number != y_number)
        return x_number ? -1 : 1;
    return 0;
}

int hb_compare_bytes(const char *a, size_t alen, const char *b, size_t blen)
{
    int c = memcmp(a, b, alen < blen ? alen : blen);
    if (c)
        return c;
    return (alen > blen) - (alen < blen);
}
