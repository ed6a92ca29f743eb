/*
 * test_measures.c — the measures end to end on hashes with known quality: sha256 (a random-oracle
 * stand-in) spreads within a few percent of the ideal and passes every verdict; a constant hash
 * and the identity of the first 8 key bytes (hashes outside the registry) FAIL buckets,
 * collisions and avalanche; a CRC's linearity FAILs avalanche only. Results do not depend on
 * the number of threads.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <math.h>

#include "spread.h"

static void constant_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    (void)in;
    (void)len;
    (void)seed;
    memset(out, 0x5a, 8);
}

static void first8_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    (void)seed;
    memset(out, 0, 8);
    if (len > 0)
        memcpy(out, in, len < 8 ? len : 8);
}

static const struct hb_hash constant_hash = {
    .name = "constant",
    .impl = "test",
    .family = "test",
    .summary = "every key to one value",
    .kind = HB_KIND_NONCRYPTO,
    .out_bits = 64,
    .oneshot = constant_oneshot,
};

static const struct hb_hash first8_hash = {
    .name = "first8",
    .impl = "test",
    .family = "test",
    .summary = "the first 8 key bytes",
    .kind = HB_KIND_NONCRYPTO,
    .out_bits = 64,
    .oneshot = first8_oneshot,
};

static const char *const keysets[] = {"seq", "ints:4", "rand:16", "sparse:32:3"};
#define NKEYSETS (sizeof keysets / sizeof keysets[0])

/* Runs the four default keysets (n keys each) and avalanche over the given hashes. */
static struct hb_run run_on(const struct hb_hash *const *hashes, size_t nhashes, size_t n, unsigned threads)
{
    struct hb_run run = {.nalgos = nhashes, .nkeysets = NKEYSETS, .avalanche_keys = 600, .threads = threads};
    run.algos = calloc(nhashes, sizeof *run.algos);
    for (size_t a = 0; a < nhashes; a++) {
        run.algos[a].hash = hashes[a];
        run.algos[a].runnable = true;
    }
    run.keysets = calloc(NKEYSETS, sizeof *run.keysets);
    char err[256];
    for (size_t k = 0; k < NKEYSETS; k++)
        assert_true(hb_keyset_build(keysets[k], n, &run.keysets[k], err, sizeof err));
    hb_bucket_plan_init(&run.plan, HB_BUCKET_MOD, 4096);
    hb_run_execute(&run);
    return run;
}

static void free_run(struct hb_run *run)
{
    for (size_t k = 0; k < run->nkeysets; k++)
        hb_keyset_free(&run->keysets[k]);
    free(run->keysets);
    free(run->algos);
    hb_run_free(run);
}

static void verdict_is(const struct hb_run *run, size_t a, enum hb_measure m, enum hb_verdict expected)
{
    const struct hb_measure_verdict *v = &run->verdicts[a][m];
    if (!v->measured || v->verdict != expected) {
        print_error("%s/%s %s: %s (scaled log2 p %.2f), expected %s\n", run->algos[a].hash->name,
                    run->algos[a].hash->impl, hb_measure_name(m), hb_verdict_name(v->verdict), v->log2_p,
                    hb_verdict_name(expected));
        fail();
    }
}

static int setup(void **state)
{
    (void)state;
    char err[256];
    return hb_init(err, sizeof err) ? 0 : -1;
}

static void random_oracle_passes(void **state)
{
    (void)state;
    const struct hb_hash *sha256 = hb_lookup("sha256");
    assert_non_null(sha256);
    struct hb_run run = run_on(&sha256, 1, 1u << 17, 1);
    for (size_t k = 0; k < NKEYSETS; k++) {
        const struct hb_bucket_stats *b = &run.results[k].buckets;
        if (b->expected >= 8 && fabs(b->std_dev / b->ideal_std_dev - 1) > 0.03) {
            print_error("sha256 on %s: std dev %.3f, ideal %.3f\n", keysets[k], b->std_dev, b->ideal_std_dev);
            fail();
        }
        assert_int_equal(run.results[k].full.pairs, 0); /* 2^17 keys at 256 bits: none */
    }
    for (int m = 0; m <= HB_MEASURE_AVALANCHE; m++) /* no shards planned here: test_shards.c */
        verdict_is(&run, 0, (enum hb_measure)m, HB_PASS);
    assert_int_equal(run.overall[0], HB_PASS);
    assert_int_equal(run.tests_per_algorithm, 3 * NKEYSETS + 1);
    assert_true(run.avalanche[0].worst_bias < 0.25); /* 600 keys: a few standard errors of 4% */
    free_run(&run);
}

static void bad_hashes_fail_the_right_measures(void **state)
{
    (void)state;
    const struct hb_hash *const bad[] = {&constant_hash, &first8_hash};
    struct hb_run run = run_on(bad, 2, 4096, 1);
    for (size_t a = 0; a < 2; a++) {
        verdict_is(&run, a, HB_MEASURE_BUCKETS, HB_FAIL);
        verdict_is(&run, a, HB_MEASURE_COLLISIONS, HB_FAIL);
        verdict_is(&run, a, HB_MEASURE_LOW32, HB_FAIL);
        verdict_is(&run, a, HB_MEASURE_AVALANCHE, HB_FAIL);
        assert_int_equal(run.overall[a], HB_FAIL);
    }
    /* the constant: one bucket holds everything, every pair collides, no output bit ever flips */
    const struct hb_keyset_result *seq = &run.results[0];
    assert_int_equal(seq->buckets.max, 4096);
    assert_int_equal(seq->full.pairs, 4096u * 4095 / 2);
    assert_true(run.avalanche[0].worst_bias == 1);
    /* first8 spreads random keys perfectly well: the failure is on seq ("user:10" and "user:100" share
     * bytes) and on short keys, which is what the verdicts name */
    const struct hb_keyset_result *rand16 = &run.results[NKEYSETS + 2];
    assert_int_equal(rand16->full.pairs, 0);
    assert_true(rand16->buckets.log2_p > -16);
    free_run(&run);
}

static void linear_checksum_fails_avalanche_only(void **state)
{
    (void)state;
    const struct hb_hash *crc = hb_lookup("crc32");
    assert_non_null(crc);
    struct hb_run run = run_on(&crc, 1, 1u << 14, 1);
    verdict_is(&run, 0, HB_MEASURE_AVALANCHE, HB_FAIL);
    verdict_is(&run, 0, HB_MEASURE_BUCKETS, HB_PASS);
    verdict_is(&run, 0, HB_MEASURE_COLLISIONS, HB_PASS);
    assert_true(run.avalanche[0].worst_bias == 1); /* a flipped input bit flips fixed output bits */
    free_run(&run);
}

static void threads_do_not_change_results(void **state)
{
    (void)state;
    const struct hb_hash *const hashes[] = {hb_lookup("xxh3-64"), hb_lookup("fnv1a-64"), &first8_hash};
    struct hb_run one = run_on(hashes, 3, 3000, 1), two = run_on(hashes, 3, 3000, 3);
    assert_memory_equal(one.results, two.results, 3 * NKEYSETS * sizeof *one.results);
    assert_memory_equal(one.avalanche, two.avalanche, 3 * sizeof *one.avalanche);
    assert_int_equal(one.hashes, two.hashes);
    free_run(&one);
    free_run(&two);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_oracle_passes),
        cmocka_unit_test(bad_hashes_fail_the_right_measures),
        cmocka_unit_test(linear_checksum_fails_avalanche_only),
        cmocka_unit_test(threads_do_not_change_results),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
