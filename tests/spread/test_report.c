/*
 * test_report.c — the reports read back: the JSON parses (yajl's own parser) and carries every
 * figure, N and the verdicts; the text report starts with the classic table on the right keyset,
 * rows begin with name/impl, and a skipped algorithm is a row that says why.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <yajl/yajl_tree.h>

#include "spread.h"
#include "test_json.h"

static void zero_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    (void)in;
    (void)len;
    (void)seed;
    memset(out, 0, 4);
}

static const struct hb_hash zero_hash = {
    .name = "zero",
    .impl = "test",
    .family = "test",
    .summary = "every key to 0",
    .kind = HB_KIND_NONCRYPTO,
    .out_bits = 32,
    .oneshot = zero_oneshot,
};

static const struct hb_hash unrunnable_hash = {
    .name = "future",
    .impl = "avx1024",
    .family = "test",
    .summary = "needs a CPU from the future",
    .kind = HB_KIND_NONCRYPTO,
    .out_bits = 64,
    .oneshot = zero_oneshot,
};

struct fixture {
    struct hb_run run;
    char *text, *json;
};

static struct fixture *make(const char *const *specs, size_t nspecs)
{
    struct fixture *f = calloc(1, sizeof *f);
    struct hb_run *run = &f->run;
    char err[256];
    assert_true(hb_init(err, sizeof err));
    run->nalgos = 3;
    run->algos = calloc(3, sizeof *run->algos);
    run->algos[0] = (struct hb_algo_row){.hash = hb_lookup("xxh3-64"), .runnable = true};
    run->algos[1] = (struct hb_algo_row){.hash = &zero_hash, .runnable = true};
    run->algos[2] = (struct hb_algo_row){.hash = &unrunnable_hash, .runnable = false, .why_not = "needs avx1024"};
    run->keysets = calloc(nspecs, sizeof *run->keysets);
    for (size_t k = 0; k < nspecs; k++)
        assert_true(hb_keyset_build(specs[k], 2000, &run->keysets[k], err, sizeof err));
    run->nkeysets = nspecs;
    run->avalanche_keys = 100;
    run->threads = 1;
    hb_bucket_plan_init(&run->plan, HB_BUCKET_MOD, 256);
    hb_run_execute(run);
    size_t len;
    FILE *out = open_memstream(&f->text, &len);
    hb_report_text(out, run);
    fclose(out);
    out = open_memstream(&f->json, &len);
    assert_true(hb_report_json(out, run, "test-version"));
    fclose(out);
    return f;
}

static void destroy(struct fixture *f)
{
    for (size_t k = 0; k < f->run.nkeysets; k++)
        hb_keyset_free(&f->run.keysets[k]);
    free(f->run.keysets);
    free(f->run.algos);
    hb_run_free(&f->run);
    free(f->text);
    free(f->json);
    free(f);
}

static void json_carries_every_figure(void **state)
{
    (void)state;
    static const char *const specs[] = {"ints:4", "seq"};
    struct fixture *f = make(specs, 2);
    char errbuf[256];
    yajl_val root = yajl_tree_parse(f->json, errbuf, sizeof errbuf);
    if (root == NULL) {
        print_error("JSON does not parse: %s\n", errbuf);
        fail();
    }
    assert_int_equal(
        YAJL_GET_INTEGER(at(root, (const char *[]){"verdict_rule", "tests_per_algorithm", NULL}, yajl_t_number)), 7);
    assert_int_equal(YAJL_GET_INTEGER(at(root, (const char *[]){"headline_keyset", NULL}, yajl_t_number)), 1);
    assert_int_equal(YAJL_GET_INTEGER(at(root, (const char *[]){"config", "buckets", NULL}, yajl_t_number)), 256);
    yajl_val algos = at(root, (const char *[]){"algorithms", NULL}, yajl_t_array);
    assert_int_equal(algos->u.array.len, 3);

    yajl_val zero = algos->u.array.values[1];
    assert_string_equal(YAJL_GET_STRING(at(zero, (const char *[]){"name", NULL}, yajl_t_string)), "zero");
    assert_string_equal(YAJL_GET_STRING(at(zero, (const char *[]){"overall", NULL}, yajl_t_string)), "FAIL");
    yajl_val ks = at(zero, (const char *[]){"keysets", NULL}, yajl_t_array)->u.array.values[0];
    assert_string_equal(YAJL_GET_STRING(at(ks, (const char *[]){"keyset", NULL}, yajl_t_string)), "ints:4");
    assert_int_equal(YAJL_GET_INTEGER(at(ks, (const char *[]){"buckets", "max", NULL}, yajl_t_number)), 2000);
    assert_int_equal(YAJL_GET_INTEGER(at(ks, (const char *[]){"collisions", "pairs", NULL}, yajl_t_number)), 1999000);
    assert_true(YAJL_GET_DOUBLE(at(ks, (const char *[]){"collisions", "log2_p", NULL}, yajl_t_number)) < -1000);
    assert_string_equal(
        YAJL_GET_STRING(at(zero, (const char *[]){"verdicts", "buckets", "worst_keyset", NULL}, yajl_t_string)),
        "ints:4");
    assert_true(YAJL_GET_DOUBLE(at(zero, (const char *[]){"avalanche", "worst_bias", NULL}, yajl_t_number)) == 1);

    yajl_val xxh = algos->u.array.values[0];
    assert_string_equal(YAJL_GET_STRING(at(xxh, (const char *[]){"overall", NULL}, yajl_t_string)), "pass");
    yajl_val sizes = at(xxh, (const char *[]){"avalanche", "sizes", NULL}, yajl_t_array);
    assert_int_equal(sizes->u.array.len, HB_AVALANCHE_SIZES);

    yajl_val skipped = algos->u.array.values[2];
    assert_string_equal(YAJL_GET_STRING(at(skipped, (const char *[]){"skipped", NULL}, yajl_t_string)),
                        "needs avx1024");
    yajl_tree_free(root);
    destroy(f);
}

static void text_starts_with_the_classic_table(void **state)
{
    (void)state;
    static const char *const with_seq[] = {"ints:4", "seq"};
    struct fixture *f = make(with_seq, 2);
    const char *expected_head =
        "spread of 2000 sequential keys \"user:N\" over 256 buckets (expected load 7.81, ideal std dev 2.8)\n"
        "  xxh3-64/inline   min ";
    if (strncmp(f->text, expected_head, strlen(expected_head)) != 0) {
        print_error("text starts:\n%.300s\nexpected:\n%s\n", f->text, expected_head);
        fail();
    }
    assert_non_null(strstr(f->text, "\n  zero/test        min   0  max 2000  std dev 124.8\n"));
    assert_non_null(strstr(f->text, "\n  future/avx1024   skipped: needs avx1024\n"));
    /* every table row of an algorithm begins with its name/impl, the verdict matrix too */
    const char *verdicts = strstr(f->text, "\nverdicts:");
    assert_non_null(verdicts);
    assert_non_null(strstr(verdicts, "\n  zero/test "));
    assert_non_null(strstr(verdicts, "FAIL ^"));
    destroy(f);

    static const char *const without_seq[] = {"rand:8", "ints:4"};
    f = make(without_seq, 2);
    assert_int_equal(strncmp(f->text, "spread of 2000 random 8-byte keys over 256 buckets", 50), 0);
    destroy(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(json_carries_every_figure),
        cmocka_unit_test(text_starts_with_the_classic_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
