/* test_numbers.c — numbers in and out: benchstat's scaling (benchstat-scale-format.tsv and row
 * scaling), Go's shortest %v formatting (round trip and documented spellings), and the fast
 * number parser against strtod over random and adversarial decimal strings.
 * Usage: test_numbers REFERENCE_DIR */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "go_float_format.h"
#include "parse_double.h"
#include "scale.h"
#include "tsv.h"
#include "units.h"

static const char *reference_dir;

static void reference_scaling(void **state)
{
    (void)state;
    char path[4096], text[64];
    snprintf(path, sizeof path, "%s/benchstat-scale-format.tsv", reference_dir);
    size_t n;
    struct tsv_row *rows = tsv_read(path, &n);
    assert_true(n >= 39);
    for (size_t i = 0; i < n; i++) {
        double value = strtod(rows[i].fields[0], NULL);
        enum hb_unit_class cls = strcmp(rows[i].fields[1], "Binary") == 0 ? HB_UNIT_BINARY : HB_UNIT_DECIMAL;
        hb_scale(value, cls, text, sizeof text);
        if (strcmp(text, rows[i].fields[2]) != 0)
            fail_msg("line %zu: %s %s: expected %s, got %s", rows[i].line, rows[i].fields[0], rows[i].fields[1],
                     rows[i].fields[2], text);
    }
    tsv_free(rows, n);
}

/* One scaler per row, from the smallest non-zero magnitude (as benchstat: 349.00n next to 70.72n). */
static void row_scaling(void **state)
{
    (void)state;
    const double row[] = {349e-9, 70.72e-9, 0};
    struct hb_scaler s = hb_common_scale(row, 3, HB_UNIT_DECIMAL);
    char a[32], b[32], c[32];
    hb_scaler_format(s, row[0], a, sizeof a);
    hb_scaler_format(s, row[1], b, sizeof b);
    hb_scaler_format(s, row[2], c, sizeof c);
    assert_string_equal(a, "349.00n");
    assert_string_equal(b, "70.72n");
    assert_string_equal(c, "0.00n");
    const double zeros[] = {0, 0};
    hb_scaler_format(hb_common_scale(zeros, 2, HB_UNIT_DECIMAL), 0, a, sizeof a);
    assert_string_equal(a, "0.000");
}

static void unit_classes_and_tidying(void **state)
{
    (void)state;
    assert_int_equal(hb_unit_class_of("B/s"), HB_UNIT_BINARY);
    assert_int_equal(hb_unit_class_of("B/op"), HB_UNIT_BINARY);
    assert_int_equal(hb_unit_class_of("sec/op"), HB_UNIT_DECIMAL);
    assert_int_equal(hb_unit_class_of("allocs/op"), HB_UNIT_DECIMAL);
    assert_int_equal(hb_unit_class_of("cycles/B"), HB_UNIT_DECIMAL);
    assert_int_equal(hb_unit_class_of("bytes*x/s"), HB_UNIT_BINARY);
    char tidy[64];
    assert_true(hb_unit_tidy("ns/op", 5, tidy, sizeof tidy) == 1e-9 && strcmp(tidy, "sec/op") == 0);
    assert_true(hb_unit_tidy("MB/s", 4, tidy, sizeof tidy) == 1e6 && strcmp(tidy, "B/s") == 0);
    assert_true(hb_unit_tidy("B/op", 4, tidy, sizeof tidy) == 1 && strcmp(tidy, "B/op") == 0);
    assert_true(hb_unit_tidy("ns/MB", 5, tidy, sizeof tidy) == 1 / 1e9 && strcmp(tidy, "sec/MB") == 0);
    assert_true(hb_unit_higher_is_better("B/s") && hb_unit_higher_is_better("hashes/s"));
    assert_false(hb_unit_higher_is_better("sec/op") || hb_unit_higher_is_better("cycles/B"));
}

static void go_spellings(void **state)
{
    (void)state;
    static const struct {
        double x;
        const char *text;
    } cases[] = {
        {2.08e-08, "2.08e-08"},
        {1e6, "1e+06"},
        {2.638085e9, "2.638085e+09"},
        {6.0450000000000005e-09, "6.0450000000000005e-09"},
        {999999, "999999"},
        {0.25, "0.25"},
        {0.95, "0.95"},
        {0.0001, "0.0001"},
        {0.00001, "1e-05"},
        {123456, "123456"},
        {1234567, "1.234567e+06"},
        {0, "0"},
        {-1.5, "-1.5"},
        {1e100, "1e+100"},
        {5e-324, "5e-324"},
        {1.7976931348623157e308, "1.7976931348623157e+308"},
        {1.7180000000000001e-06, "1.7180000000000001e-06"},
    };
    char text[HB_GO_G_MAX];
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        assert_string_equal(hb_format_go_g(cases[i].x, text), cases[i].text);
}

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint64_t next_random(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static double random_double(void)
{
    double x;
    do {
        uint64_t bits = next_random();
        memcpy(&x, &bits, sizeof x);
    } while (!isfinite(x));
    return x;
}

/* Every formatted value reads back as itself, with no shorter spelling that would. */
static void go_format_round_trips(void **state)
{
    (void)state;
    char text[HB_GO_G_MAX], shorter[64];
    for (int i = 0; i < 200000; i++) {
        double x = i % 2 ? random_double() : (double)(next_random() % 100000) / 1000.0;
        hb_format_go_g(x, text);
        if (strtod(text, NULL) != x)
            fail_msg("%.17g formats as %s, which reads back differently", x, text);
        if (!strchr(text, 'e'))
            continue;
        /* The e-form mantissa has exactly the significant digits: one fewer must not read back. */
        int digits = 0;
        for (const char *p = text; *p != 'e'; p++)
            digits += *p >= '0' && *p <= '9';
        if (digits < 2)
            continue;
        snprintf(shorter, sizeof shorter, "%.*e", digits - 2, x);
        if (strtod(shorter, NULL) == x)
            fail_msg("%.17g: %s is not the shortest (%s reads back too)", x, text, shorter);
    }
}

static void check_parse(const char *text)
{
    double fast, reference = strtod(text, NULL);
    assert_true(hb_parse_double(text, strlen(text), &fast));
    if (memcmp(&fast, &reference, sizeof fast) != 0)
        fail_msg("\"%s\": strtod gives %.17g (%a), hb_parse_double %.17g (%a)", text, reference, reference, fast, fast);
}

/* Random numbers in Google Benchmark's spelling and others, and decimal strings built to lie at
 * or next to halfway points between doubles, where double rounding would go wrong. */
static void parse_matches_strtod(void **state)
{
    (void)state;
    char text[128];
    for (int i = 0; i < 300000; i++) {
        double x = fabs(random_double());
        switch (i % 4) {
        case 0: snprintf(text, sizeof text, "%.16e", x); break;
        case 1: snprintf(text, sizeof text, "%.*g", (int)(next_random() % 19) + 1, x * 1e-300 * 1e300); break;
        case 2:
            snprintf(text, sizeof text, "%" PRIu64 ".%03u", next_random() % 100000000,
                     (unsigned)(next_random() % 1000));
            break;
        default: {
            /* The exact midpoint between two neighbouring doubles, to 40 significant digits, and
			 * its truncations: the hardest inputs for a fast path. */
            double y = (double)(next_random() % (1ull << 53)) * pow(2, (double)(next_random() % 60) - 30);
            double mid = y + (nextafter(y, INFINITY) - y) / 2;
            snprintf(text, sizeof text, "%.*e", (int)(next_random() % 25) + 15, (long double)mid == 0 ? y : mid);
            break;
        }
        }
        check_parse(text);
    }
    const char *fixed[] = {"0",
                           "-0",
                           "0.0",
                           "1e0",
                           "123",
                           "4.7281527079686975e+02",
                           "9007199254740993",
                           "9007199254740992.5",
                           "1e22",
                           "1e23",
                           "8.98846567431158e307",
                           "2.2250738585072014e-308",
                           "0.000001",
                           "123456789012345678901234567890",
                           "1.00000000000000011102230246251565404236316680908203125"};
    for (size_t i = 0; i < sizeof fixed / sizeof *fixed; i++)
        check_parse(fixed[i]);
    double v;
    assert_false(hb_parse_double("abc", 3, &v));
    assert_false(hb_parse_double("1.5x", 4, &v));
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_numbers REFERENCE_DIR\n");
        return 2;
    }
    reference_dir = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reference_scaling),        cmocka_unit_test(row_scaling),
        cmocka_unit_test(unit_classes_and_tidying), cmocka_unit_test(go_spellings),
        cmocka_unit_test(go_format_round_trips),    cmocka_unit_test(parse_matches_strtod),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
