/* regex_guard.c — a scan of a POSIX extended regexp for the shapes that make glibc's regcomp
 * blow up. It tracks only what matters for that: escapes, bracket expressions, groups and
 * repetitions; anything else is a plain atom. Syntax errors are left for regcomp to report. */
#include "regex_guard.h"

#include <stdbool.h>
#include <stdlib.h>

enum { MAX_DEPTH = 8, MAX_REPEAT = 1000 };

/* Skips a bracket expression starting at re[i] == '['; returns the index after its ']' (or the
 * end of the string when it is unclosed: regcomp reports that). */
static size_t skip_bracket(const char *re, size_t i)
{
    i++;
    if (re[i] == '^')
        i++;
    if (re[i] == ']')
        i++;
    while (re[i] && re[i] != ']') {
        if (re[i] == '[' && (re[i + 1] == ':' || re[i + 1] == '.' || re[i + 1] == '=')) {
            char close = re[i + 1];
            i += 2;
            while (re[i] && !(re[i] == close && re[i + 1] == ']'))
                i++;
            if (re[i])
                i += 2;
        } else {
            i++;
        }
    }
    return re[i] ? i + 1 : i;
}

/* Reads "{m}", "{m,}" or "{m,n}" at re[i] == '{'; sets *count to the largest bound (m when
 * unbounded) and returns the index after '}', or i when it is not a valid interval. */
static size_t read_interval(const char *re, size_t i, long *count)
{
    char *end;
    long low = strtol(re + i + 1, &end, 10), high = low;
    if (end == re + i + 1)
        return i;
    if (*end == ',') {
        const char *after = end + 1;
        high = *after == '}' ? low : strtol(after, &end, 10);
        if (*after == '}')
            end = (char *)after;
    }
    if (*end != '}')
        return i;
    *count = low > high ? low : high;
    return (size_t)(end - re) + 1;
}

const char *hb_regex_guard(const char *re)
{
    long factor[MAX_DEPTH + 2] = {1}; /* the largest repeat product inside each open group */
    int depth = 0;
    long last_atom = 1; /* repeat product of the atom just read (a closed group's inside) */
    bool after_repeat = false;
    for (size_t i = 0; re[i];) {
        char c = re[i];
        long count = 0;
        size_t next = i + 1;
        bool repeat = c == '*' || c == '+' || c == '?';
        if (c == '{') {
            size_t end = read_interval(re, i, &count);
            repeat = end != i;
            if (repeat)
                next = end;
        }
        if (repeat) {
            if (after_repeat)
                return "invalid nested repetition operator";
            if (count > MAX_REPEAT)
                return "invalid repeat count (above 1000)";
            long product = last_atom * (count > 1 ? count : 1);
            if (product > MAX_REPEAT)
                return "repeat counts multiply past 1000 through nested groups";
            if (product > factor[depth])
                factor[depth] = product;
            after_repeat = true;
            i = next;
            continue;
        }
        after_repeat = false;
        last_atom = 1;
        if (c == '\\') {
            next = re[i + 1] ? i + 2 : i + 1;
        } else if (c == '[') {
            next = skip_bracket(re, i);
        } else if (c == '(') {
            if (++depth > MAX_DEPTH)
                return "groups nested more than 8 deep";
            factor[depth] = 1;
        } else if (c == ')' && depth > 0) {
            last_atom = factor[depth--];
            if (last_atom > factor[depth])
                factor[depth] = last_atom;
        }
        i = next;
    }
    return NULL;
}
