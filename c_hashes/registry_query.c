/*
 * registry_query.c — reading the registry: look-up by name or name/impl, CPU eligibility, the
 * registry self-check, and the values derived from an entry's output (bucketing value,
 * verification code).
 */
#include "hb_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool hb_spec_matches(const struct hb_hash *h, const char *spec)
{
    const char *slash = strchr(spec, '/');
    if (slash == NULL)
        return strcmp(h->name, spec) == 0;
    size_t n = (size_t)(slash - spec);
    return strlen(h->name) == n && memcmp(h->name, spec, n) == 0 && strcmp(h->impl, slash + 1) == 0;
}

bool hb_can_run(const struct hb_hash *h, char *why_not, size_t len)
{
    uint32_t missing = h->cpu_req & ~hb_cpu_features();
    if (missing == 0)
        return true;
    if (why_not != NULL && len > 0) {
        size_t used = (size_t)snprintf(why_not, len, "needs");
        for (unsigned i = 0; i < HB_CPU_FEATURE_COUNT && used < len; i++)
            if (missing & (1u << i))
                used += (size_t)snprintf(why_not + used, len - used, " %s", hb_cpu_feature_name(1u << i));
    }
    return false;
}

const struct hb_hash *hb_lookup(const char *spec)
{
    bool exact = strchr(spec, '/') != NULL;
    for (size_t i = 0; i < hb_registry_len; i++) {
        const struct hb_hash *h = hb_registry[i];
        if (hb_spec_matches(h, spec) && (exact || hb_can_run(h, NULL, 0)))
            return h;
    }
    return NULL;
}

size_t hb_select(const char *spec, const struct hb_hash **out, size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i < hb_registry_len; i++) {
        if (!hb_spec_matches(hb_registry[i], spec))
            continue;
        if (n < cap)
            out[n] = hb_registry[i];
        n++;
    }
    return n;
}

/* Whether h->hash64 returns hb_bucket_value() of what h->oneshot writes, over short and long
 * inputs at every offset of a word and a few seeds. Entries this CPU cannot run pass untried:
 * the differential test names them. */
static bool hash64_agrees(const struct hb_hash *h, size_t *bad_len)
{
    static const size_t lengths[] = {0, 1, 3, 4, 7, 8, 15, 16, 17, 31, 64, 129, 240, 241, 1000};
    uint8_t key[1000 + 8], out[HB_MAX_OUT_BYTES];
    uint64_t x = 0x9E3779B97F4A7C15u;
    if (!hb_can_run(h, NULL, 0))
        return true;
    for (size_t i = 0; i < sizeof key; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        key[i] = (uint8_t)x;
    }
    for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; i++) {
        uint64_t seed = i * 0x100000001B3u;
        const uint8_t *in = key + i % 8;
        h->oneshot(in, lengths[i], seed, out);
        if (h->hash64(in, lengths[i], seed) != hb_bucket_value(h, out)) {
            *bad_len = lengths[i];
            return false;
        }
    }
    return true;
}

/* Whether h's value code returns, for keys of each width it has code for, hb_bucket_value() of what
 * its oneshot writes. */
static bool value_code_agrees(const struct hb_hash *h, size_t *bad_width)
{
    uint8_t key[16], out[HB_MAX_OUT_BYTES];
    uint64_t x = 0x9E3779B97F4A7C15u;
    for (int w = 0; w < HB_VALUE_WIDTHS; w++) {
        size_t width = hb_value_width(w);
        for (int t = 0; t < 8 && h->value->calls[w] != NULL; t++) {
            for (size_t i = 0; i < sizeof key; i++) {
                x ^= x << 13, x ^= x >> 7, x ^= x << 17;
                key[i] = (uint8_t)x;
            }
            h->value->oneshot(key, width, 0, out);
            if (h->value->hash(key, width, 0) != hb_bucket_value(h, out)) {
                *bad_width = width;
                return false;
            }
        }
    }
    return true;
}

static bool is_lower_name(const char *s)
{
    if (s == NULL || *s == '\0')
        return false;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-' || *s == '_'))
            return false;
    return true;
}

/* Two optional texts are the same: both absent, or equal. */
static bool same_text(const char *a, const char *b)
{
    return (a == NULL && b == NULL) || (a != NULL && b != NULL && strcmp(a, b) == 0);
}

bool hb_registry_check(const struct hb_hash *const *table, size_t n, char *err, size_t errlen)
{
#define FAIL(...)                                                                                                      \
    do {                                                                                                               \
        if (err != NULL && errlen > 0)                                                                                 \
            snprintf(err, errlen, __VA_ARGS__);                                                                        \
        return false;                                                                                                  \
    } while (0)
    for (size_t i = 0; i < n; i++) {
        const struct hb_hash *h = table[i];
        if (!is_lower_name(h->name) || !is_lower_name(h->impl))
            FAIL("registry entry %zu: name and impl must be non-empty lowercase [a-z0-9-_]", i);
        if (h->oneshot == NULL || h->version == NULL || h->family == NULL || h->summary == NULL)
            FAIL("%s/%s: oneshot, version, family and summary are required", h->name, h->impl);
        if (h->out_bits == 0 || h->out_bits % 8 != 0 || h->out_bits > HB_MAX_OUT_BYTES * 8)
            FAIL("%s/%s: out_bits %u is not a multiple of 8 in 8..%d", h->name, h->impl, h->out_bits,
                 HB_MAX_OUT_BYTES * 8);
        int streaming = (h->init != NULL) + (h->update != NULL) + (h->final != NULL) + (h->state_size != 0);
        if (streaming != 0 && streaming != 4)
            FAIL("%s/%s: streaming is half set (state_size, init, update, final: all or none)", h->name, h->impl);
        if (h->state_size > HB_MAX_STATE_SIZE)
            FAIL("%s/%s: state_size %zu exceeds %d", h->name, h->impl, h->state_size, HB_MAX_STATE_SIZE);
        if ((h->seed_bits != 0) != ((h->flags & HB_FLAG_SEEDED) != 0) ||
            (h->seed_bits != 0 && h->seed_bits != 32 && h->seed_bits != 64))
            FAIL("%s/%s: seed_bits %u disagrees with HB_FLAG_SEEDED", h->name, h->impl, h->seed_bits);
        if (h->key_bits != 0 && h->key_bits <= h->seed_bits)
            FAIL("%s/%s: key_bits %u is set only for a key wider than the %u-bit seed", h->name, h->impl, h->key_bits,
                 h->seed_bits);
        if (h->hash64 != NULL && h->kind == HB_KIND_CRYPTO)
            FAIL("%s/%s: a cryptographic digest has no hash64 (its callers read the digest)", h->name, h->impl);
        if (h->dos == HB_DOS_UNSET || h->output == HB_OUTPUT_UNSET)
            FAIL("%s/%s: dos and output must be set (hb_hash.h says what each value means)", h->name, h->impl);
        if (h->kind != HB_KIND_BASELINE && (h->dos == HB_DOS_NONE) != (h->seed_bits == 0))
            FAIL("%s/%s: dos is 'none' exactly when the entry takes no seed", h->name, h->impl);
        if ((h->output != HB_OUTPUT_FROZEN) != (h->algo_version != NULL))
            FAIL("%s/%s: algo_version names the release exactly when the output is not frozen", h->name, h->impl);
        if (h->output == HB_OUTPUT_PER_PROCESS && h->verification != 0)
            FAIL("%s/%s: a per-process output has no verification code to record (0)", h->name, h->impl);
        if (h->value != NULL &&
            (h->value->hash == NULL || h->value->oneshot == NULL || !(h->flags & HB_FLAG_INTEGER) || h->out_bits > 64 ||
             (!h->value->calls[0] && !h->value->calls[1] && !h->value->calls[2])))
            FAIL("%s/%s: a value code needs its hash and oneshot, an integer-valued entry of at most 64 bits and code "
                 "for a width",
                 h->name, h->impl);
        size_t bad_width = 0;
        if (h->value != NULL && !value_code_agrees(h, &bad_width))
            FAIL("%s/%s: the value code's hash differs from its oneshot's output on keys of %zu bytes", h->name,
                 h->impl, bad_width);
        size_t bad_len = 0;
        if (h->hash64 != NULL && !hash64_agrees(h, &bad_len))
            FAIL("%s/%s: hash64 differs from the first 8 output bytes of oneshot at length %zu", h->name, h->impl,
                 bad_len);
        for (size_t j = 0; j < i; j++) {
            const struct hb_hash *o = table[j];
            if (strcmp(o->name, h->name) == 0 && strcmp(o->impl, h->impl) == 0)
                FAIL("%s/%s: duplicate registry entry", h->name, h->impl);
            if (strcmp(o->name, h->name) == 0 &&
                (o->out_bits != h->out_bits || o->seed_bits != h->seed_bits || o->kind != h->kind))
                FAIL("%s/%s: out_bits, seed_bits and kind must match %s/%s", h->name, h->impl, o->name, o->impl);
            if (strcmp(o->name, h->name) == 0 &&
                (o->dos != h->dos || o->output != h->output || !same_text(o->algo_version, h->algo_version) ||
                 !same_text(o->needs, h->needs) || o->linear != h->linear || o->key_bits != h->key_bits))
                FAIL("%s/%s: dos, output, algo_version, needs, linear and key_bits are the algorithm's and must match "
                     "%s/%s",
                     h->name, h->impl, o->name, o->impl);
        }
    }
    return true;
#undef FAIL
}

uint64_t hb_bucket_value(const struct hb_hash *h, const uint8_t *out)
{
    size_t n = h->out_bits / 8 < 8 ? h->out_bits / 8 : 8;
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++)
        v = (v << 8) | out[i];
    return v;
}

uint32_t hb_verification(const struct hb_hash *h)
{
    size_t nbytes = h->out_bits / 8;
    uint8_t key[256];
    uint8_t *all = malloc(256 * nbytes);
    uint8_t final[HB_MAX_OUT_BYTES];
    if (all == NULL)
        abort();
    for (size_t i = 0; i < 256; i++) {
        key[i] = (uint8_t)i;
        h->oneshot(key, i, 256 - i, all + i * nbytes);
    }
    h->oneshot(all, 256 * nbytes, 0, final);
    free(all);
    uint8_t first4[4] = {0, 0, 0, 0};
    memcpy(first4, final, nbytes < 4 ? nbytes : 4);
    return hb_load_le32(first4);
}
