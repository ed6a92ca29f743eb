/*
 * test_byte_size.c — hb_parse_byte_size: every suffix of the grammar, the limits (the caller's
 * maximum and 2^64 - 1, with and without a multiple) and the junk it must refuse, each with the
 * reason it gives. Expected values are written out, not computed by the parser's arithmetic.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "hb_byte_size.h"

static const char *const NOT_A_COUNT = "not a byte count";
static const char *const BAD_SUFFIX = "unknown suffix (k, K, M or G, binary multiples)";
static const char *const TOO_LARGE = "too large";

static void test_accepted(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        uint64_t value;
    } cases[] = {
        {"0", 0},
        {"1", 1},
        {"007", 7},
        {"65536", 65536},
        {"64k", 65536},
        {"64K", 65536},
        {"64KiB", 65536},
        {"64kiB", 65536},
        {"1M", 1048576},
        {"3MiB", 3145728},
        {"1G", 1073741824},
        {"2GiB", 2147483648u},
        {"0K", 0},
        {"18446744073709551615", UINT64_MAX},
        {"17179869183G", UINT64_C(18446744072635809792)},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint64_t got = 12345;
        const char *why = NULL;
        if (!hb_parse_byte_size(cases[i].text, UINT64_MAX, &got, &why))
            fail_msg("'%s' refused: %s", cases[i].text, why);
        if (got != cases[i].value)
            fail_msg("'%s': got %llu, expected %llu", cases[i].text, (unsigned long long)got,
                     (unsigned long long)cases[i].value);
    }
}

static void test_refused(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        uint64_t max;
        const char *const *why;
    } cases[] = {
        {"", UINT64_MAX, &NOT_A_COUNT},
        {"k", UINT64_MAX, &NOT_A_COUNT},
        {"-1", UINT64_MAX, &NOT_A_COUNT},
        {"+1", UINT64_MAX, &NOT_A_COUNT},
        {" 1", UINT64_MAX, &NOT_A_COUNT},
        {"0x10", UINT64_MAX, &BAD_SUFFIX},
        {"1.5K", UINT64_MAX, &BAD_SUFFIX},
        {"1 K", UINT64_MAX, &BAD_SUFFIX},
        {"1K ", UINT64_MAX, &BAD_SUFFIX},
        {"1KB", UINT64_MAX, &BAD_SUFFIX},
        {"1kb", UINT64_MAX, &BAD_SUFFIX},
        {"1Ki", UINT64_MAX, &BAD_SUFFIX},
        {"1KiBB", UINT64_MAX, &BAD_SUFFIX},
        {"1T", UINT64_MAX, &BAD_SUFFIX},
        {"1m", UINT64_MAX, &BAD_SUFFIX},
        {"1g", UINT64_MAX, &BAD_SUFFIX},
        {"1B", UINT64_MAX, &BAD_SUFFIX},
        {"18446744073709551616", UINT64_MAX, &TOO_LARGE},
        {"99999999999999999999999", UINT64_MAX, &TOO_LARGE},
        {"17179869184G", UINT64_MAX, &TOO_LARGE},
        {"18014398509481984K", UINT64_MAX, &TOO_LARGE},
        {"1025", 1024, &TOO_LARGE},
        {"2K", 2047, &TOO_LARGE},
        {"1G", 1073741823, &TOO_LARGE},
        {"1", 0, &TOO_LARGE},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint64_t got = 12345;
        const char *why = NULL;
        if (hb_parse_byte_size(cases[i].text, cases[i].max, &got, &why))
            fail_msg("'%s' (max %llu) accepted as %llu", cases[i].text, (unsigned long long)cases[i].max,
                     (unsigned long long)got);
        if (got != 12345)
            fail_msg("'%s': the output was written although refused", cases[i].text);
        if (why == NULL || strcmp(why, *cases[i].why) != 0)
            fail_msg("'%s': reason '%s', expected '%s'", cases[i].text, why ? why : "(none)", *cases[i].why);
    }
}

static void test_limits_are_inclusive(void **state)
{
    (void)state;
    uint64_t got = 0;
    assert_true(hb_parse_byte_size("1024", 1024, &got, NULL));
    assert_true(got == 1024);
    assert_true(hb_parse_byte_size("1G", 1073741824, &got, NULL));
    assert_true(got == 1073741824);
    assert_false(hb_parse_byte_size("x", 1, &got, NULL)); /* why may be NULL */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_accepted),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_limits_are_inclusive),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
