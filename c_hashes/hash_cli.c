/*
 * hash_cli.c — what the command-line tools print about the registry (hb_hash_cli.h): the message
 * for a name that does not resolve, close-name suggestions, hex and display names.
 */
#include "hb_hash_cli.h"

#include <stdio.h>
#include <string.h>

bool hb_describe_unusable(const char *spec, const struct hb_hash *h, const char *where_to_look, char *msg,
                          size_t len)
{
    if (len == 0)
        return h == NULL || !hb_can_run(h, NULL, 0);
    msg[0] = '\0';
    if (h == NULL) {
        char close[512];
        hb_suggest(spec, close, sizeof close);
        snprintf(msg, len, "unknown algorithm '%s' (%s%s%s%s)", spec, close[0] != '\0' ? "did you mean: " : "", close,
                 close[0] != '\0' ? "? " : "", where_to_look);
        return true;
    }
    char why[128];
    if (hb_can_run(h, why, sizeof why))
        return false;
    snprintf(msg, len, "%s/%s: this CPU cannot run it (%s)", h->name, h->impl, why);
    return true;
}

/* Levenshtein distance of two short strings (names are well under 64 characters). */
static size_t edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 63 || lb > 63)
        return la > lb ? la : lb;
    size_t row[64];
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j];
            size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            size_t best = diag + cost;
            if (row[j] + 1 < best) best = row[j] + 1;
            if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

void hb_suggest(const char *spec, char *buf, size_t len)
{
    bool with_impl = strchr(spec, '/') != NULL;
    size_t used = 0, limit = strlen(spec) / 3 > 2 ? strlen(spec) / 3 : 2;
    if (len == 0)
        return;
    buf[0] = '\0';
    for (size_t i = 0; i < hb_registry_len; i++) {
        const struct hb_hash *h = hb_registry[i];
        char candidate[128];
        if (with_impl)
            snprintf(candidate, sizeof candidate, "%s/%s", h->name, h->impl);
        else
            snprintf(candidate, sizeof candidate, "%s", h->name);
        /* each bare name once */
        bool seen = false;
        for (size_t j = 0; j < i && !with_impl; j++)
            seen = seen || strcmp(hb_registry[j]->name, h->name) == 0;
        if (seen)
            continue;
        bool close = edit_distance(spec, candidate) <= limit ||
                     (strlen(spec) >= 3 && strstr(candidate, spec) != NULL) ||
                     (with_impl && strncmp(spec, candidate, strlen(h->name) + 1) == 0);
        if (close && used + strlen(candidate) + 3 < len)
            used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? ", " : "", candidate);
    }
}

void hb_hex(const uint8_t *bytes, size_t n, char *hex)
{
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        hex[2 * i] = digits[bytes[i] >> 4];
        hex[2 * i + 1] = digits[bytes[i] & 15];
    }
    hex[2 * n] = '\0';
}

const char *hb_kind_name(enum hb_kind kind)
{
    static const char *const names[] = {"checksum", "non-crypto", "crypto", "baseline"};
    return (unsigned)kind < sizeof names / sizeof names[0] ? names[kind] : "?";
}

const char *hb_linkage_name(enum hb_linkage link)
{
    static const char *const names[] = {"builtin", "inline", "static", "shared"};
    return (unsigned)link < sizeof names / sizeof names[0] ? names[link] : "?";
}
