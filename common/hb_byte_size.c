/*
 * hb_byte_size.c — the grammar of hb_byte_size.h, parsed by hand: strtoull would also take
 * spaces, a sign and (base 0) hexadecimal, none of which a byte count on a command line means.
 */
#include "hb_byte_size.h"

#include <stddef.h>
#include <string.h>

static bool byte_size_refused(const char **why, const char *reason)
{
    if (why != NULL)
        *why = reason;
    return false;
}

bool hb_parse_byte_size(const char *text, uint64_t max, uint64_t *out, const char **why)
{
    if (*text < '0' || *text > '9')
        return byte_size_refused(why, "not a byte count");
    uint64_t value = 0;
    bool overflow = false;
    for (; *text >= '0' && *text <= '9'; text++) {
        unsigned digit = (unsigned)(*text - '0');
        if (value > (UINT64_MAX - digit) / 10)
            overflow = true;
        else
            value = value * 10 + digit;
    }
    static const struct {
        char letter;
        unsigned shift;
    } multiples[] = {{'k', 10}, {'K', 10}, {'M', 20}, {'G', 30}};
    unsigned shift = 0;
    if (*text != '\0') {
        size_t i = 0;
        while (i < sizeof multiples / sizeof multiples[0] && multiples[i].letter != *text)
            i++;
        if (i == sizeof multiples / sizeof multiples[0])
            return byte_size_refused(why, "unknown suffix (k, K, M or G, binary multiples)");
        shift = multiples[i].shift;
        text++;
        if (strcmp(text, "") != 0 && strcmp(text, "iB") != 0)
            return byte_size_refused(why, "unknown suffix (k, K, M or G, binary multiples)");
    }
    if (overflow || value > (UINT64_MAX >> shift) || (value << shift) > max)
        return byte_size_refused(why, "too large");
    *out = value << shift;
    return true;
}
