/*
 * test_name_lookup.c — edit distances against hand-counted textbook pairs, and which names are
 * suggested (and in what order, each once, within the buffer) for typical typos.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "hb_name_lookup.h"

static void test_edit_distance(void **state)
{
    (void)state;
    static const struct {
        const char *a, *b;
        size_t distance;
    } cases[] = {
        {"", "", 0},
        {"", "abc", 3},
        {"abc", "", 3},
        {"kitten", "sitting", 3},
        {"flaw", "lawn", 2},
        {"xxh64", "xxh46", 2},
        {"crc32", "crc32c", 1},
        {"sha256", "sha256", 0},
        {"saturday", "sunday", 3},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t got = hb_edit_distance(cases[i].a, cases[i].b);
        if (got != cases[i].distance)
            fail_msg("distance('%s', '%s') = %zu, expected %zu", cases[i].a, cases[i].b, got, cases[i].distance);
    }
    /* Long names are measured in full, not cut at a buffer size. */
    char a[201], b[201];
    memset(a, 'a', 200), a[200] = '\0';
    memcpy(b, a, sizeof b);
    b[100] = 'b';
    assert_int_equal(hb_edit_distance(a, b), 1);
}

static const char *const names[] = {"crc32", "crc32c", "xxh64", "xxh3-64", "sha256", "sha1", "sha256", "md5"};
#define COUNT (sizeof names / sizeof names[0])

static void check_suggestions(const char *typed, const char *expected, size_t len)
{
    char buf[256];
    size_t n = hb_suggest_names(typed, names, COUNT, NULL, NULL, buf, len);
    if (strcmp(buf, expected) != 0)
        fail_msg("'%s' (buffer %zu): suggested '%s', expected '%s'", typed, len, buf, expected);
    size_t commas = 0;
    for (const char *p = buf; *p; p++)
        commas += *p == ',';
    assert_int_equal(n, buf[0] ? commas + 1 : 0);
}

static void test_suggestions(void **state)
{
    (void)state;
    check_suggestions("crc32x", "crc32, crc32c", 256); /* limit 2 edits */
    check_suggestions("sha", "sha256, sha1", 256);     /* sha256 only as a substring, listed once */
    check_suggestions("xxh", "xxh64, xxh3-64", 256);
    check_suggestions("md", "md5", 256); /* two letters: within 2 edits, no substring rule */
    check_suggestions("blake3", "", 256);
    check_suggestions("crc32x", "crc32", 12); /* "crc32, crc32c" needs 14 bytes */
    check_suggestions("crc32x", "", 8);       /* not even "crc32" + 3 */
    check_suggestions("crc32x", "crc32", 9);
}

static bool same_family(const char *typed, const char *candidate, void *arg)
{
    (void)typed;
    return strncmp(candidate, (const char *)arg, strlen((const char *)arg)) == 0;
}

static void test_caller_rule(void **state)
{
    (void)state;
    char buf[128];
    hb_suggest_names("blake3", names, COUNT, same_family, "sha", buf, sizeof buf);
    assert_string_equal(buf, "sha256, sha1");
}

static void test_closest(void **state)
{
    (void)state;
    assert_string_equal(hb_closest_name("xxh46", names, COUNT), "xxh64");
    assert_string_equal(hb_closest_name("crc32x", names, COUNT), "crc32"); /* a tie: the earlier */
    assert_string_equal(hb_closest_name("sha25", names, COUNT), "sha256");
    assert_null(hb_closest_name("blake3", names, COUNT));
    assert_null(hb_closest_name("x", names, 0));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_edit_distance),
        cmocka_unit_test(test_suggestions),
        cmocka_unit_test(test_caller_rule),
        cmocka_unit_test(test_closest),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
