/*
 * hash_cli.c — what the command-line tools print about the registry (hb_hash_cli.h): the message
 * for a name that does not resolve, close-name suggestions, hex and display names.
 */
#include "hb_hash_cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hb_alloc.h"
#include "hb_name_lookup.h"

bool hb_describe_unusable(const char *spec, const struct hb_hash *h, const char *where_to_look, char *msg, size_t len)
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

/* With a name/impl spec, every implementation of the name typed is close too ("sha256/opensll"
 * finds every sha256/...). */
static bool same_name_typed(const char *typed, const char *candidate, void *unused)
{
    (void)unused;
    const char *slash = strchr(candidate, '/');
    return slash != NULL && strncmp(typed, candidate, (size_t)(slash - candidate) + 1) == 0;
}

void hb_suggest(const char *spec, char *buf, size_t len)
{
    enum { CANDIDATE_MAX = 128 };
    bool with_impl = strchr(spec, '/') != NULL;
    if (len == 0)
        return;
    const char **names = hb_xcalloc(hb_registry_len, sizeof *names);
    char *texts = hb_xcalloc(hb_registry_len, CANDIDATE_MAX);
    for (size_t i = 0; i < hb_registry_len; i++) {
        const struct hb_hash *h = hb_registry[i];
        char *text = texts + i * CANDIDATE_MAX;
        if (with_impl)
            snprintf(text, CANDIDATE_MAX, "%s/%s", h->name, h->impl);
        else
            snprintf(text, CANDIDATE_MAX, "%s", h->name);
        names[i] = text;
    }
    hb_suggest_names(spec, names, hb_registry_len, with_impl ? same_name_typed : NULL, NULL, buf, len);
    free(texts);
    free(names);
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

const char *hb_output_name(enum hb_output output)
{
    static const char *const names[] = {
        [HB_OUTPUT_FROZEN] = "frozen", [HB_OUTPUT_VERSIONED] = "versioned", [HB_OUTPUT_PER_PROCESS] = "per-process"};
    return (unsigned)output < sizeof names / sizeof names[0] && names[output] ? names[output] : "?";
}

const char *hb_dos_name(enum hb_dos dos)
{
    static const char *const names[] = {[HB_DOS_UNSET] = "unset",
                                        [HB_DOS_NONE] = "none",
                                        [HB_DOS_SEEDED] = "seeded",
                                        [HB_DOS_SEED_INDEPENDENT] = "seed-independent",
                                        [HB_DOS_PRF] = "prf"};
    return (unsigned)dos < sizeof names / sizeof names[0] ? names[dos] : "?";
}

const char *hb_linkage_name(enum hb_linkage link)
{
    static const char *const names[] = {"builtin", "inline", "static", "shared"};
    return (unsigned)link < sizeof names / sizeof names[0] ? names[link] : "?";
}
