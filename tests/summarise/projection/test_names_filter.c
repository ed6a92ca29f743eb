/* test_names_filter.c — benchmark names split as benchstat splits them (base, key=value and
 * key:value parts, Go's -N suffix only for Go text), .fullname less projected keys, and the
 * -filter language: every term kind, the operators, and clear errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "benchname.h"
#include "filter.h"
#include "intern.h"
#include "regex_guard.h"

static struct hb_name name_of(const char *text, bool go_procs)
{
    return (struct hb_name){text, strlen(text), go_procs};
}

static void base_and_keys(void **state)
{
    (void)state;
    size_t len;
    struct hb_name go = name_of("Encode/format=json-48", true);
    hb_name_base(&go, &len);
    assert_int_equal(len, 6);
    const char *v;
    assert_true(hb_name_key(&go, "format", 6, &v, &len) && len == 4 && memcmp(v, "json", 4) == 0);
    assert_true(hb_name_key(&go, "gomaxprocs", 10, &v, &len) && len == 2 && memcmp(v, "48", 2) == 0);
    struct hb_name plain = name_of("Sum-8", true);
    hb_name_base(&plain, &len);
    assert_int_equal(len, 3);
    /* Google Benchmark names keep a trailing -N: size:rand1-32 is a value, not GOMAXPROCS. */
    struct hb_name gb = name_of("throughput/algo:crc32c/impl:sse42/size:rand1-32", false);
    assert_true(hb_name_key(&gb, "size", 4, &v, &len) && len == 8 && memcmp(v, "rand1-32", 8) == 0);
    assert_true(hb_name_key(&gb, "impl", 4, &v, &len) && len == 5 && memcmp(v, "sse42", 5) == 0);
    assert_false(hb_name_key(&gb, "load", 4, &v, &len));
    assert_false(hb_name_key(&gb, "im", 2, &v, &len));
    hb_name_base(&gb, &len);
    assert_int_equal(len, 10);
}

static void fullname_without_keys(void **state)
{
    (void)state;
    char out[128];
    const char *keys[] = {"hash"};
    struct hb_name_exclusions ex = {keys, 1, false, false};
    struct hb_name n = name_of("Hash/hash=fnv1a/load=16", false);
    hb_name_without(&n, &ex, out, sizeof out);
    assert_string_equal(out, "Hash/load=16");
    ex.base = true;
    hb_name_without(&n, &ex, out, sizeof out);
    assert_string_equal(out, "*/load=16");
    struct hb_name go = name_of("Encode/format=json-48", true);
    const char *format[] = {"format"};
    struct hb_name_exclusions by_format = {format, 1, false, false};
    hb_name_without(&go, &by_format, out, sizeof out);
    assert_string_equal(out, "Encode-48");
    by_format.procs = true;
    hb_name_without(&go, &by_format, out, sizeof out);
    assert_string_equal(out, "Encode");
    /* Too small a buffer still reports the length needed. */
    assert_int_equal(hb_name_without(&go, &by_format, out, 3), 6);
}

static struct hb_intern *in;

static bool matches(const char *query, const char *name, const char *unit)
{
    struct hb_filter *f;
    char *error = NULL;
    if (hb_filter_parse(query, &f, &error))
        fail_msg("%s: %s", query, error);
    uint32_t config[2] = {hb_intern_cstr(in, "cpu_model"), hb_intern_cstr(in, "Xeon (R)")};
    struct hb_origin o = {name_of(name, false), hb_intern_cstr(in, "new.json"), hb_intern_tuple(in, config, 2)};
    bool hit = hb_filter_match(f, &o, unit, NULL, in);
    hb_filter_free(f);
    return hit;
}

static void filter_terms(void **state)
{
    (void)state;
    const char *name = "throughput/algo:xxh64/impl:libxxhash/size:16/load:cpu";
    assert_true(matches("*", name, "sec/op"));
    assert_true(matches("/algo:xxh64", name, "sec/op"));
    assert_false(matches("/algo:xxh", name, "sec/op"));
    assert_true(matches("/algo:/xxh/", name, "sec/op"));
    assert_true(matches("/algo:/^xx.6/", name, "sec/op"));
    assert_true(matches(".name:throughput", name, "sec/op"));
    assert_true(matches(".fullname:/load:cpu$/", name, "sec/op"));
    assert_true(matches(".file:new.json", name, "sec/op"));
    assert_true(matches("cpu_model:\"Xeon (R)\"", name, "sec/op"));
    assert_true(matches("/algo:(crc32c OR xxh64)", name, "sec/op"));
    assert_false(matches("/algo:(crc32c OR sha256)", name, "sec/op"));
    assert_true(matches(".unit:sec/op", name, "sec/op"));
    assert_false(matches(".unit:B/s", name, "sec/op"));
    assert_false(matches("/nokey:x", name, "sec/op"));
    assert_true(matches("/nokey:\"\"", name, "sec/op"));
}

static void filter_operators(void **state)
{
    (void)state;
    const char *name = "throughput/algo:xxh64/impl:libxxhash/size:16/load:cpu";
    assert_true(matches("/algo:xxh64 /size:16", name, "x"));
    assert_true(matches("/algo:xxh64 AND /size:16", name, "x"));
    assert_false(matches("/algo:xxh64 /size:1024", name, "x"));
    assert_true(matches("/size:1024 OR /size:16", name, "x"));
    assert_false(matches("-/algo:xxh64", name, "x"));
    assert_true(matches("-(/algo:crc32c OR /load:ram)", name, "x"));
    assert_true(matches("/algo:sha256 OR /algo:xxh64 /load:cpu", name, "x"));
    assert_false(matches("(/algo:sha256 OR /algo:xxh64) /load:ram", name, "x"));
}

static void filter_errors(void **state)
{
    (void)state;
    const char *bad[] = {"/algo", "/algo:", "(/algo:x", "/algo:/x", "/algo:(a b)", "/algo:/[/", "\"open", ")", "a:b )"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        struct hb_filter *f = NULL;
        char *error = NULL;
        if (hb_filter_parse(bad[i], &f, &error) == 0)
            fail_msg("\"%s\" parsed without error", bad[i]);
        assert_non_null(error);
        assert_non_null(strstr(error, "-filter: "));
        free(error);
    }
}

/* Regexps glibc would compile in exponential time or memory are refused first (a+ repeated 20
 * times takes 700 MB); ordinary ones, including brackets and escapes holding +, pass. */
static void filter_regex_guard(void **state)
{
    (void)state;
    const char *safe[] = {"xxh3-(64|128)", "^sha[0-9]+$",
                          "a+b*c?",        "[+*]+",
                          "\\++",          "(a+)+",
                          "x{2,5}y{3}",    "((((((((a))))))))",
                          "a{1000}",       "(ab){10}(cd){100}",
                          "[]+]+",         "[[:alpha:]+]+"};
    for (size_t i = 0; i < sizeof safe / sizeof *safe; i++)
        if (hb_regex_guard(safe[i]) != NULL)
            fail_msg("/%s/ refused: %s", safe[i], hb_regex_guard(safe[i]));
    const char *costly[] = {"a++",
                            "a+*",
                            "x{2}{3}",
                            "a?+",
                            "a{1001}",
                            "((a{40}){40})",
                            "(((((((((a)))))))))",
                            "1e.:/,++++++++++++++++++++++++..... :/"};
    for (size_t i = 0; i < sizeof costly / sizeof *costly; i++)
        if (hb_regex_guard(costly[i]) == NULL)
            fail_msg("/%s/ accepted", costly[i]);
    struct hb_filter *f = NULL;
    char *error = NULL;
    assert_int_equal(hb_filter_parse("/algo:/a+++++++++++++++++++++++/", &f, &error), -1);
    assert_non_null(strstr(error, "invalid nested repetition operator"));
    free(error);
}

int main(void)
{
    in = hb_intern_new();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(base_and_keys), cmocka_unit_test(fullname_without_keys),
        cmocka_unit_test(filter_terms),  cmocka_unit_test(filter_operators),
        cmocka_unit_test(filter_errors), cmocka_unit_test(filter_regex_guard),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    hb_intern_free(in);
    return rc;
}
