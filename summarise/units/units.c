/* units.c — unit tokens are split on '*', '/', '-' and white space; a '/' moves into the
 * denominator and a '*' back out of it (benchunit's grammar). */
#include "units.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

struct token {
    size_t pos, len;
    bool denominator;
};

static bool is_separator(char c)
{
    return c == '*' || c == '/' || c == '-' || isspace((unsigned char)c);
}

/* Advances *pos past the next token of unit[0..len); false at the end. */
static bool next_token(const char *unit, size_t len, size_t *pos, bool *denominator, struct token *tok)
{
    size_t i = *pos;
    for (; i < len && is_separator(unit[i]); i++) {
        if (unit[i] == '*')
            *denominator = false;
        else if (unit[i] == '/')
            *denominator = true;
    }
    if (i == len)
        return false;
    size_t start = i;
    while (i < len && !is_separator(unit[i]))
        i++;
    *tok = (struct token){start, i - start, *denominator};
    *pos = i;
    return true;
}

static bool token_is(const char *unit, const struct token *t, const char *word)
{
    return t->len == strlen(word) && memcmp(unit + t->pos, word, t->len) == 0;
}

double hb_unit_tidy(const char *unit, size_t len, char *out, size_t out_size)
{
    if (len == 5 && memcmp(unit, "ns/op", 5) == 0) {
        snprintf(out, out_size, "sec/op");
        return 1e-9;
    }
    if (len == 4 && memcmp(unit, "MB/s", 4) == 0) {
        snprintf(out, out_size, "B/s");
        return 1e6;
    }
    double factor = 1;
    size_t pos = 0, written = 0, copied = 0;
    bool denominator = false;
    struct token t;
    out[0] = '\0';
    while (next_token(unit, len, &pos, &denominator, &t)) {
        const char *replacement = NULL;
        if (!t.denominator && token_is(unit, &t, "ns")) {
            replacement = "sec";
            factor /= 1e9;
        } else if (!t.denominator && token_is(unit, &t, "MB")) {
            replacement = "B";
            factor *= 1e6;
        }
        if (replacement) {
            written += (size_t)snprintf(out + written, written < out_size ? out_size - written : 0, "%.*s%s",
                                        (int)(t.pos - copied), unit + copied, replacement);
            copied = t.pos + t.len;
        }
    }
    if (written < out_size)
        snprintf(out + written, out_size - written, "%.*s", (int)(len - copied), unit + copied);
    return factor;
}

enum hb_unit_class hb_unit_class_of(const char *unit)
{
    size_t len = strlen(unit), pos = 0;
    bool denominator = false;
    struct token t;
    while (next_token(unit, len, &pos, &denominator, &t))
        if (!t.denominator && (token_is(unit, &t, "B") || token_is(unit, &t, "MB") || token_is(unit, &t, "bytes")))
            return HB_UNIT_BINARY;
    return HB_UNIT_DECIMAL;
}

bool hb_unit_higher_is_better(const char *unit)
{
    size_t len = strlen(unit);
    return len >= 2 && strcmp(unit + len - 2, "/s") == 0;
}

bool hb_worse_beyond(const char *unit, double delta, double pct)
{
    return hb_unit_higher_is_better(unit) ? delta < -pct : delta > pct;
}

/* Counted under valgrind, these repeat exactly from run to run of the same binary; the estimate
 * of cycles is a cache simulation, deterministic too, and labelled an estimate by its name. */
static const char *const exact_counts[] = {"instructions/op", "instructions/B", "estimated-cycles/op"};

bool hb_unit_exact_count(const char *unit)
{
    for (size_t i = 0; i < sizeof exact_counts / sizeof *exact_counts; i++)
        if (strcmp(unit, exact_counts[i]) == 0)
            return true;
    return false;
}
