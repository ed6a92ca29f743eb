/*
 * test_keysets.c — every keyset's keys as the help describes them (first and last keys, counts,
 * distinctness, fixed-seed repeatability), bad specs refused with a reason, and file: keys read
 * back byte for byte: spaces, empty lines, '\r', a 200 KB line, a last line without newline,
 * repeated lines; a missing path, a directory and an empty file refused.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "spread.h"

static char err[512];

static struct hb_keyset build(const char *spec, size_t n)
{
    struct hb_keyset ks;
    if (!hb_keyset_build(spec, n, &ks, err, sizeof err)) {
        print_error("keyset '%s' (n=%zu) refused: %s\n", spec, n, err);
        fail();
    }
    return ks;
}

static void refused(const char *spec, size_t n, const char *reason_part)
{
    struct hb_keyset ks;
    err[0] = '\0';
    if (hb_keyset_build(spec, n, &ks, err, sizeof err)) {
        print_error("keyset '%s' (n=%zu) accepted, expected a refusal\n", spec, n);
        fail();
    }
    if (strstr(err, reason_part) == NULL) {
        print_error("keyset '%s': reason '%s' lacks '%s'\n", spec, err, reason_part);
        fail();
    }
}

static void key_is(const struct hb_keyset *ks, size_t i, const void *bytes, size_t len)
{
    if (ks->len[i] != len || memcmp(ks->bytes + ks->start[i], bytes, len) != 0) {
        print_error("%s key %zu: %zu bytes '%.*s', expected %zu bytes '%.*s'\n", ks->spec, i, ks->len[i],
                    (int)(ks->len[i] < 60 ? ks->len[i] : 60), (const char *)ks->bytes + ks->start[i], len,
                    (int)(len < 60 ? len : 60), (const char *)bytes);
        fail();
    }
}

static int compare_keys(const void *a, const void *b, void *context)
{
    const struct hb_keyset *ks = context;
    size_t x = *(const size_t *)a, y = *(const size_t *)b, lx = ks->len[x], ly = ks->len[y];
    int c = memcmp(ks->bytes + ks->start[x], ks->bytes + ks->start[y], lx < ly ? lx : ly);
    return c ? c : (lx > ly) - (lx < ly);
}

static void all_distinct(const struct hb_keyset *ks)
{
    size_t *order = malloc(ks->n * sizeof *order);
    for (size_t i = 0; i < ks->n; i++)
        order[i] = i;
    qsort_r(order, ks->n, sizeof *order, compare_keys, (void *)ks);
    for (size_t i = 1; i < ks->n; i++)
        if (compare_keys(&order[i - 1], &order[i], (void *)ks) == 0) {
            print_error("%s: keys %zu and %zu are equal\n", ks->spec, order[i - 1], order[i]);
            fail();
        }
    free(order);
}

static void seq_keys(void **state)
{
    (void)state;
    struct hb_keyset ks = build("seq", 1000);
    assert_int_equal(ks.n, 1000);
    key_is(&ks, 0, "user:0", 6);
    key_is(&ks, 999, "user:999", 8);
    assert_string_equal(ks.title, "sequential keys \"user:N\"");
    hb_keyset_free(&ks);
    ks = build("seq:k,v-", 20);
    key_is(&ks, 17, "k,v-17", 6);
    hb_keyset_free(&ks);
    ks = build("seq:", 0);
    assert_int_equal(ks.n, 1u << 20);
    key_is(&ks, 1048575, "1048575", 7);
    all_distinct(&ks);
    hb_keyset_free(&ks);
}

static void int_keys(void **state)
{
    (void)state;
    struct hb_keyset ks = build("ints:4", 300);
    key_is(&ks, 258, "\x02\x01\x00\x00", 4);
    hb_keyset_free(&ks);
    ks = build("ints:12", 70000);
    key_is(&ks, 69999, "\x6f\x11\x01\0\0\0\0\0\0\0\0\0", 12);
    hb_keyset_free(&ks);
    ks = build("ints:1", 256);
    all_distinct(&ks);
    hb_keyset_free(&ks);
}

static void random_keys(void **state)
{
    (void)state;
    struct hb_keyset a = build("rand:16", 5000), b = build("rand:16", 5000);
    assert_int_equal(a.n, 5000);
    assert_int_equal(a.len[4999], 16);
    assert_memory_equal(a.bytes, b.bytes, 5000 * 16); /* the fixed seed: the same keys every run */
    all_distinct(&a);
    hb_keyset_free(&a);
    hb_keyset_free(&b);
    a = build("rand:1", 256); /* every byte value once */
    all_distinct(&a);
    hb_keyset_free(&a);
    a = build("rand:3", 100000);
    all_distinct(&a);
    hb_keyset_free(&a);
}

static void sparse_keys(void **state)
{
    (void)state;
    struct hb_keyset ks = build("sparse:32:3", 7); /* --n does not apply */
    assert_int_equal(ks.n, 1 + 32 + 496 + 4960);
    for (size_t i = 0; i < ks.n; i++) {
        assert_int_equal(ks.len[i], 4);
        uint32_t v;
        memcpy(&v, ks.bytes + ks.start[i], 4);
        assert_true(__builtin_popcount(v) <= 3);
    }
    key_is(&ks, 0, "\0\0\0\0", 4);
    key_is(&ks, 1, "\x01\0\0\0", 4);
    key_is(&ks, 32, "\0\0\0\x80", 4);
    key_is(&ks, 33, "\x03\0\0\0", 4);
    all_distinct(&ks);
    hb_keyset_free(&ks);
    ks = build("sparse:16:0", 0);
    assert_int_equal(ks.n, 1);
    hb_keyset_free(&ks);
    ks = build("sparse:64:2", 0);
    assert_int_equal(ks.n, 1 + 64 + 2016);
    all_distinct(&ks);
    hb_keyset_free(&ks);
}

static void word_and_zero_keys(void **state)
{
    (void)state;
    struct hb_keyset ks = build("words", 100);
    key_is(&ks, 0, "FooaaaaBar", 10);
    key_is(&ks, 1, "FooaaabBar", 10);
    key_is(&ks, 63, "FooaabbBar", 10);
    all_distinct(&ks);
    hb_keyset_free(&ks);

    ks = build("zeros", 0);
    assert_int_equal(ks.n, 4096);
    key_is(&ks, 0, "", 0);
    key_is(&ks, 5, "\0\0\0\0\0", 5);
    assert_int_equal(ks.len[4095], 4095);
    for (size_t i = 0; i < 4095; i++)
        assert_int_equal(ks.bytes[ks.start[4095] + i], 0);
    hb_keyset_free(&ks);
    ks = build("zeros", 10);
    assert_int_equal(ks.n, 10);
    hb_keyset_free(&ks);
}

/* Specs every user could mistype, with the --n given and a part of the reason expected. */
static const struct {
    const char *spec;
    size_t n;
    const char *reason;
} refusals[] = {
    {"ints:1", 257, "only 256 distinct"},
    {"ints:0", 10, "W from 1 to 64"},
    {"ints:65", 10, "W from 1 to 64"},
    {"ints:4x", 10, "W from 1 to 64"},
    {"ints", 10, "W from 1 to 64"},
    {"rand:2", 70000, "only 65536 distinct"},
    {"rand:0", 10, "L from 1 to 65536"},
    {"sparse:12:2", 0, "multiple of 8"},
    {"sparse:32", 0, "sparse:BITS:K"},
    {"sparse:32:x", 0, "K must be"},
    {"sparse:4096:9", 0, "more than"},
    {"words", 14776337, "there are 14776336"},
    {"words:3", 10, "no argument"},
    {"zeros", 65537, "65536"},
    {"bogus", 0, "unknown keyset 'bogus'"},
    {"seqs", 0, "unknown keyset"},
    {"file:", 0, "file:PATH"},
    {"seq", HB_MAX_KEYS + 1, "more than"},
};

static void bad_specs_refused(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof refusals / sizeof refusals[0]; i++)
        refused(refusals[i].spec, refusals[i].n, refusals[i].reason);
}

/* Writes bytes to a new temporary file; returns its path (static buffer). */
static const char *temp_file(const char *bytes, size_t len)
{
    static char path[64];
    snprintf(path, sizeof path, "/tmp/hbspread-test-XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, bytes, len), (ssize_t)len);
    close(fd);
    return path;
}

static void file_keys_round_trip(void **state)
{
    (void)state;
    size_t long_len = 200000;
    char *content = malloc(long_len + 100);
    size_t used = 0;
#define PUT(s, n) (memcpy(content + used, (s), (n)), used += (n))
    PUT("alpha beta\n", 11);
    PUT("\n", 1);
    PUT("x\r\n", 3);
    memset(content + used, 'L', long_len);
    used += long_len;
    PUT("\n", 1);
    PUT("alpha beta\n", 11);
    PUT(" lead and trail \n", 17);
    PUT("last", 4);
#undef PUT
    const char *path = temp_file(content, used);
    char spec[80];
    snprintf(spec, sizeof spec, "file:%s", path);
    struct hb_keyset ks = build(spec, 3); /* --n does not apply */
    unlink(path);
    assert_int_equal(ks.lines, 7);
    assert_int_equal(ks.duplicates, 1);
    assert_int_equal(ks.n, 6);
    key_is(&ks, 0, "alpha beta", 10);
    key_is(&ks, 1, "", 0);
    key_is(&ks, 2, "x", 1); /* a CRLF line ending is no part of the key */
    key_is(&ks, 3, content + 15, long_len);
    key_is(&ks, 4, " lead and trail ", 16);
    key_is(&ks, 5, "last", 4);
    hb_keyset_free(&ks);
    free(content);

    path = temp_file("a\nb\n", 4); /* a final newline ends the last line, it adds no key */
    snprintf(spec, sizeof spec, "file:%s", path);
    ks = build(spec, 0);
    unlink(path);
    assert_int_equal(ks.n, 2);
    key_is(&ks, 1, "b", 1);
    hb_keyset_free(&ks);

    path = temp_file("\n", 1); /* one empty line: one empty key */
    snprintf(spec, sizeof spec, "file:%s", path);
    ks = build(spec, 0);
    unlink(path);
    assert_int_equal(ks.n, 1);
    key_is(&ks, 0, "", 0);
    hb_keyset_free(&ks);
}

static void file_keys_refused(void **state)
{
    (void)state;
    refused("file:/nonexistent/keys.txt", 0, "file:/nonexistent/keys.txt: No such file or directory");
    refused("file:/tmp", 0, "is a directory");
    const char *path = temp_file("", 0);
    char spec[80];
    snprintf(spec, sizeof spec, "file:%s", path);
    refused(spec, 0, "empty key file");
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(seq_keys),
        cmocka_unit_test(int_keys),
        cmocka_unit_test(random_keys),
        cmocka_unit_test(sparse_keys),
        cmocka_unit_test(word_and_zero_keys),
        cmocka_unit_test(bad_specs_refused),
        cmocka_unit_test(file_keys_round_trip),
        cmocka_unit_test(file_keys_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
