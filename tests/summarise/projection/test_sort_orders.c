/* test_sort_orders.c — projection keys sort as benchstat's orders say: @num reads values as Go's
 * strconv.ParseFloat or, failing that, its prefixed-number fallback; numbers, then NaN, then the
 * rest; @alpha, @(fixed) and first appearance field by field, .config key by key; a fixed order
 * leaves other values out; bad orders are one-line errors. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "projection.h"
#include "value_order.h"

struct number_case {
    const char *text;
    bool is_number;
    double value;
};

static void numbers_as_benchstat_reads_them(void **state)
{
    (void)state;
    static const struct number_case cases[] = {
        /* Whole Go float literals. */
        {"16", true, 16},
        {"+5", true, 5},
        {"-5", true, -5},
        {"1e3", true, 1000},
        {"2.5E-1", true, 0.25},
        {"1_000", true, 1000},
        {"0x1p4", true, 16},
        {"0x_1p0", true, 1},
        {"0x1.8p1", true, 3},
        {".5", true, 0.5},
        {"1.", true, 1},
        {"1e-400", true, 0},
        {"Inf", true, INFINITY},
        {"-infinity", true, -INFINITY},
        /* Not literals, so the first run of digits and dots, with an optional prefix after it. */
        {"4k", true, 4000},
        {"4K", true, 4000},
        {"4Ki", true, 4096},
        {"2Mi", true, 2097152},
        {"1.5G", true, 1.5e9},
        {"64KiB", true, 65536},
        {"16B", true, 16},
        {"rand1-32", true, 1},
        {"-5k", true, 5000},
        {" 16", true, 16},
        {"v.5", true, 0.5},
        {"1__0", true, 1},
        {"1_", true, 1},
        {"0x10", true, 0},
        {"1e400", true, 1},
        {"3ki", true, 3072},
        {"7x", true, 7},
        {"1E400", true, 1e18},
        /* Neither. */
        {"random", false, 0},
        {"", false, 0},
        {".", false, 0},
        {"1.2.3", false, 0},
        {"+nan", false, 0},
        {"infin", false, 0},
        {"K", false, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        double v = -42;
        bool ok = hb_sort_number(cases[i].text, strlen(cases[i].text), &v);
        if (ok != cases[i].is_number || (ok && v != cases[i].value))
            fail_msg("\"%s\": got %s %.17g, expected %s %.17g", cases[i].text, ok ? "number" : "not a number", v,
                     cases[i].is_number ? "number" : "not a number", cases[i].value);
    }
    double v;
    assert_true(hb_sort_number("NaN", 3, &v) && isnan(v));
    assert_true(hb_sort_number("nan", 3, &v) && isnan(v));
    /* The length bounds the text: "16" of "1690". */
    assert_true(hb_sort_number("1690", 2, &v) && v == 16);
}

/* Generated: any double printed in full reads back exactly; n with a prefix reads as n times its
 * power of 1000 or 1024. */
static void generated_numbers(void **state)
{
    (void)state;
    uint64_t seed = 0x243f6a8885a308d3u; /* fixed: failures reproduce */
    char text[64];
    for (int i = 0; i < 20000; i++) {
        seed = seed * 6364136223846793005u + 1442695040888963407u;
        double x;
        uint64_t bits = seed;
        memcpy(&x, &bits, sizeof x);
        if (!isfinite(x))
            continue;
        snprintf(text, sizeof text, i % 2 ? "%.17g" : "%a", x);
        double v;
        if (!hb_sort_number(text, strlen(text), &v) || v != x)
            fail_msg("seed step %d: \"%s\" read as %.17g", i, text, v);
    }
    static const char prefixes[] = "kMGT";
    for (unsigned n = 0; n < 1000; n += 7)
        for (int k = 0; k < 4; k++)
            for (int iec = 0; iec < 2; iec++) {
                snprintf(text, sizeof text, "%u%c%s", n, prefixes[k], iec ? "i" : "");
                double expected = n;
                for (int j = 0; j <= k; j++)
                    expected *= iec ? 1024 : 1000;
                double v;
                if (!hb_sort_number(text, strlen(text), &v) || v != expected)
                    fail_msg("\"%s\" read as %.17g, expected %.17g", text, v, expected);
            }
}

static int compare_num_then_bytes(const void *a, const void *b)
{
    const char *x = *(const char *const *)a, *y = *(const char *const *)b;
    int c = hb_compare_numeric(x, strlen(x), y, strlen(y));
    return c ? c : hb_compare_bytes(x, strlen(x), y, strlen(y));
}

static void numeric_order(void **state)
{
    (void)state;
    const char *values[] = {"random", "1Ki", "16", "NaN", "1024", "mixed", "4k", "-Inf", "256", "nan"};
    const char *expected[] = {"-Inf", "16", "256", "1024", "1Ki", "4k", "NaN", "nan", "mixed", "random"};
    qsort(values, sizeof values / sizeof *values, sizeof *values, compare_num_then_bytes);
    for (size_t i = 0; i < sizeof values / sizeof *values; i++)
        if (strcmp(values[i], expected[i]))
            fail_msg("position %zu: \"%s\", expected \"%s\"", i, values[i], expected[i]);
    assert_int_equal(hb_compare_numeric("1024", 4, "1Ki", 3), 0);
    assert_int_equal(hb_compare_numeric("x", 1, "y", 1), 0);
    assert_true(hb_compare_bytes("ab", 2, "abc", 3) < 0);
    assert_true(hb_compare_bytes("\xff", 1, "a", 1) > 0);
}

static struct hb_intern *in;

static struct hb_origin origin(const char *name, const char *cpu, const char *os)
{
    uint32_t config[4] = {hb_intern_cstr(in, "cpu"), hb_intern_cstr(in, cpu), hb_intern_cstr(in, "os"),
                          hb_intern_cstr(in, os)};
    return (struct hb_origin){
        {name, strlen(name), false}, hb_intern_cstr(in, "f.json"), hb_intern_tuple(in, config, 4)};
}

static struct hb_projections *sort_projections;

static int compare_rows(const void *a, const void *b)
{
    return hb_key_compare(&sort_projections->row, *(const hb_tuple *)a, *(const hb_tuple *)b, in);
}

static int compare_tables(const void *a, const void *b)
{
    return hb_key_compare(&sort_projections->table, *(const hb_tuple *)a, *(const hb_tuple *)b, in);
}

/* Projects every name admitted under -row `row`, sorts the row keys and checks their labels. */
static void check_rows(const char *row, const char *const *names, size_t nnames, const char *expected)
{
    struct hb_projections p;
    char *error = NULL;
    if (hb_projections_init(&p, in, ".config", row, ".file", "", &error))
        fail_msg("-row %s: %s", row, error);
    hb_tuple keys[16];
    size_t nkeys = 0;
    for (size_t i = 0; i < nnames; i++) {
        struct hb_origin o = origin(names[i], "c", "linux");
        if (hb_projections_admit(&p, &o, in))
            keys[nkeys++] = hb_project(&p, &p.row, &o, in);
    }
    sort_projections = &p;
    qsort(keys, nkeys, sizeof *keys, compare_rows);
    struct hb_strbuf got = {0}, label = {0};
    for (size_t i = 0; i < nkeys; i++) {
        hb_key_label(&p.row, keys[i], in, &label);
        hb_strbuf_printf(&got, "%s%s", i ? "|" : "", hb_strbuf_cstr(&label));
    }
    if (strcmp(hb_strbuf_cstr(&got), expected))
        fail_msg("-row %s: rows %s, expected %s", row, hb_strbuf_cstr(&got), expected);
    hb_strbuf_free(&got);
    hb_strbuf_free(&label);
    hb_projections_free(&p);
}

static void key_orders(void **state)
{
    (void)state;
    const char *names[] = {"H/algo:x/size:16",  "H/algo:b/size:1024", "H/algo:x/size:random", "H/algo:b/size:65536",
                           "H/algo:x/size:256", "H/algo:b/size:4Ki",  "H/algo:x/size:mixed"};
    size_t n = sizeof names / sizeof *names;
    check_rows("/size", names, n, "16|1024|random|65536|256|4Ki|mixed");
    check_rows("/size@first", names, n, "16|1024|random|65536|256|4Ki|mixed");
    check_rows("/size@alpha", names, n, "1024|16|256|4Ki|65536|mixed|random");
    check_rows("/size@num", names, n, "16|256|1024|4Ki|65536|mixed|random");
    check_rows("/size@(65536 16 mixed)", names, n, "65536|16|mixed");
    /* Listed twice, a value takes its last place. */
    check_rows("/size@(16 256 16)", names, n, "256|16");
    check_rows("\"/size\"@\"num\"", names, n, "16|256|1024|4Ki|65536|mixed|random");
    /* Field by field: the first field decides, the second breaks its ties. */
    check_rows("/algo@alpha,/size@num", names, n, "b 1024|b 4Ki|b 65536|x 16|x 256|x mixed|x random");
    check_rows("/algo /size@(random 16)", names, n, "x random|x 16");
    /* A key missing from a name is the empty value: listed as "", it is kept. */
    const char *missing[] = {"H/size:2", "H/algo:y/size:1"};
    check_rows("/algo@(\"\" y),/size", missing, 2, "2|y 1");
    /* .fullname's list is tested against the whole name. */
    check_rows(".fullname@(\"H/algo:x/size:16\" \"H/algo:b/size:4Ki\")", names, n,
               "H/algo:x/size:16|H/algo:b/size:4Ki");
}

static void config_sorts_key_by_key(void **state)
{
    (void)state;
    struct hb_projections p;
    char *error = NULL;
    if (hb_projections_init(&p, in, ".config@alpha", ".fullname", ".file", "", &error))
        fail_msg("%s", error);
    struct hb_origin o[] = {origin("A", "zen", "linux"), origin("A", "arm", "linux"), origin("A", "arm", "darwin")};
    hb_tuple keys[3];
    for (size_t i = 0; i < 3; i++)
        keys[i] = hb_project(&p, &p.table, &o[i], in);
    sort_projections = &p;
    qsort(keys, 3, sizeof *keys, compare_tables);
    /* cpu first (the key seen first), then os. */
    assert_true(keys[0] == hb_project(&p, &p.table, &o[2], in));
    assert_true(keys[1] == hb_project(&p, &p.table, &o[1], in));
    assert_true(keys[2] == hb_project(&p, &p.table, &o[0], in));
    hb_projections_free(&p);
}

static void order_errors(void **state)
{
    (void)state;
    struct bad {
        const char *row, *message;
    } bad[] = {
        {"/size@bogus", "-row: unknown sort order \"bogus\" at offset 6 in \"/size@bogus\""},
        {"/size@(16 1024", "-row: missing \")\" to close \"@(\" at offset 14 in \"/size@(16 1024\""},
        {"/size@(16,1024)", "-row: missing \")\" to close \"@(\" at offset 9 in \"/size@(16,1024)\""},
        {"/size@()", "-row: \"@()\" lists no values at offset 7 in \"/size@()\""},
        {"/size@", "-row: expected a sort order after \"@\" at offset 6 in \"/size@\""},
        {"/size@@num", "-row: expected a sort order after \"@\" at offset 6 in \"/size@@num\""},
        {"@num", "-row: expected a key at offset 0 in \"@num\""},
        {"/size:16", "-row: expected a key at offset 5 in \"/size:16\""},
        {".config@(a)", "-row: .config cannot take a fixed order @(...)"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        struct hb_projections p;
        char *error = NULL;
        if (hb_projections_init(&p, in, ".config", bad[i].row, ".file", "", &error) == 0)
            fail_msg("-row %s parsed without error", bad[i].row);
        if (!error || strcmp(error, bad[i].message))
            fail_msg("-row %s: \"%s\", expected \"%s\"", bad[i].row, error ? error : "(none)", bad[i].message);
        free(error);
        hb_projections_free(&p);
    }
    /* Orders are fine everywhere else too, and commas may still lead, trail and repeat. */
    struct hb_projections p;
    char *error = NULL;
    assert_int_equal(
        hb_projections_init(&p, in, ",.config@num,", "/a@alpha,,/b@(x y)", "/c@num", "/d@(\"quoted value\")", &error),
        0);
    hb_projections_free(&p);
}

int main(void)
{
    in = hb_intern_new();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(numbers_as_benchstat_reads_them),
        cmocka_unit_test(generated_numbers),
        cmocka_unit_test(numeric_order),
        cmocka_unit_test(key_orders),
        cmocka_unit_test(config_sorts_key_by_key),
        cmocka_unit_test(order_errors),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    hb_intern_free(in);
    return rc;
}
