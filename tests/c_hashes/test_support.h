/*
 * test_support.h — shared by the c_hashes tests: a fixed-seed generator whose sequence must never
 * change (tests reproduce from it), xxHash's sanity-buffer generator, and helpers that hash through
 * a descriptor one-shot or streamed.
 */
#ifndef HB_TEST_SUPPORT_H
#define HB_TEST_SUPPORT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <setjmp.h>
#include <cmocka.h>

#include "hb_hash.h"
#include "hb_hash_cli.h"
/* hb_splitmix64_next: the tests' deterministic generator, whose sequence reproducers depend on. */
#include "hb_splitmix64.h"

static inline void test_fill_random(uint64_t *rng, uint8_t *buf, size_t len)
{
    for (size_t i = 0; i < len; i++)
        buf[i] = (uint8_t)(hb_splitmix64_next(rng) >> 56);
}

/* A length biased towards small values (half below 64, most below 1024), up to max. */
static inline size_t test_random_length(uint64_t *rng, size_t max)
{
    uint64_t r = hb_splitmix64_next(rng);
    size_t cap = (r & 1) ? 64 : (r & 2) ? 1024 : max;
    if (cap > max)
        cap = max;
    return (size_t)((r >> 8) % (cap + 1));
}

/* xxHash's sanity buffer (cli/xsum_sanity_check.c): byte i is the top byte of
 * PRIME32 * PRIME64^i (mod 2^64), PRIME32 = 2654435761, PRIME64 = 11400714785074694797. */
static inline void test_fill_xxhash_sanity(uint8_t *buf, size_t len)
{
    uint64_t gen = UINT64_C(2654435761);
    for (size_t i = 0; i < len; i++) {
        buf[i] = (uint8_t)(gen >> 56);
        gen *= UINT64_C(11400714785074694797);
    }
}

/* A state buffer every entry accepts. */
typedef struct {
    _Alignas(HB_STATE_ALIGN) uint8_t bytes[HB_MAX_STATE_SIZE];
} test_state;

/* Streams in through h: max_piece 1 feeds byte by byte, 0 feeds everything in one update,
 * otherwise each update takes a random 0..max_piece bytes (zero-length updates included). */
static inline void test_stream_pieces(const struct hb_hash *h, const uint8_t *in, size_t len, uint64_t seed,
                                      uint64_t *rng, size_t max_piece, uint8_t *out)
{
    test_state st;
    h->init(st.bytes, seed);
    size_t done = 0;
    while (done < len) {
        size_t piece = max_piece == 0 ? len : max_piece == 1 ? 1 : (size_t)(hb_splitmix64_next(rng) % (max_piece + 1));
        if (piece > len - done)
            piece = len - done;
        h->update(st.bytes, in + done, piece);
        done += piece;
    }
    h->final(st.bytes, out);
}

/* fail_msg with the reproducer when two outputs differ. */
static inline void test_expect_same(const uint8_t *expected, const uint8_t *actual, size_t n, const char *fmt, ...)
{
    if (memcmp(expected, actual, n) == 0)
        return;
    char want[2 * HB_MAX_OUT_BYTES + 1], got[2 * HB_MAX_OUT_BYTES + 1], what[256];
    hb_hex(expected, n, want);
    hb_hex(actual, n, got);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    fail_msg("%s: expected %s, got %s", what, want, got);
}

/* n bytes from 2n hex digits (exactly that many). */
static inline void test_hex_to_bytes(const char *hex, uint8_t *out, size_t n)
{
    assert_int_equal(strlen(hex), 2 * n);
    for (size_t i = 0; i < n; i++) {
        unsigned byte;
        assert_int_equal(sscanf(hex + 2 * i, "%2x", &byte), 1);
        out[i] = (uint8_t)byte;
    }
}

/* Whether this CPU runs h. When it does not, the test that asked names the entry and the reason
 * on stdout, and appends the same line to the file $HB_SKIP_LOG when set (scripts/test.sh ends
 * with that list), so an entry no test could exercise here is never passed over in silence. */
static inline bool test_runs_here(const struct hb_hash *h, const char *test)
{
    char why[128];
    if (hb_can_run(h, why, sizeof why))
        return true;
    printf("not run on this CPU: %s/%s in %s (%s)\n", h->name, h->impl, test, why);
    const char *log = getenv("HB_SKIP_LOG");
    FILE *f = log != NULL && *log != '\0' ? fopen(log, "a") : NULL;
    if (f != NULL) {
        fprintf(f, "%s/%s in %s (%s)\n", h->name, h->impl, test, why);
        fclose(f);
    }
    return false;
}

/* Every test binary starts the library the way the tools do. */
static inline int test_hb_init(void **state)
{
    (void)state;
    char err[256];
    if (!hb_init(err, sizeof err)) {
        fprintf(stderr, "hb_init: %s\n", err);
        return -1;
    }
    return 0;
}

enum { TEST_MAX_ENTRIES = 64 };

/* Runs test once per registry entry for which keep(h) holds, as the cmocka group `group` (set up
 * by test_hb_init), each
 * test named name/impl with the entry as its state (read it with *(const struct hb_hash *const
 * *)*state). Returns the group's result (the number of failed tests), -1 when no entry matched
 * (the caller says whether that is an error), or -2 when more than TEST_MAX_ENTRIES did (said on
 * stderr). */
static inline int test_run_per_entry(const char *group, bool (*keep)(const struct hb_hash *h), CMUnitTestFunction test)
{
    static struct CMUnitTest tests[TEST_MAX_ENTRIES];
    static char names[TEST_MAX_ENTRIES][64];
    static const struct hb_hash *entries[TEST_MAX_ENTRIES];
    size_t n = 0;
    for (size_t i = 0; i < hb_registry_len; i++) {
        const struct hb_hash *h = hb_registry[i];
        if (!keep(h))
            continue;
        if (n == TEST_MAX_ENTRIES) {
            fprintf(stderr, "%s: more than %d entries\n", group, TEST_MAX_ENTRIES);
            return -2;
        }
        snprintf(names[n], sizeof names[n], "%s/%s", h->name, h->impl);
        entries[n] = h;
        tests[n] = (struct CMUnitTest){.name = names[n], .test_func = test, .initial_state = &entries[n]};
        n++;
    }
    return n == 0 ? -1 : _cmocka_run_group_tests(group, tests, n, test_hb_init, NULL);
}

#endif /* HB_TEST_SUPPORT_H */
