/*
 * test_shards.c — the keys over shards (shards.c) against references it does not share code with:
 *  - every shard count's loads and every rendezvous assignment, recomputed here key by key from
 *    the entry's hash64 (the weight of server s: h(key || s), s as 8 little-endian bytes);
 *  - rendezvous weights from a linear hash fail: CRC-32 weights send 60,000 random keys half to
 *    one of 3 servers and a quarter to each other (a GF(2)-affine weight A(key) ^ B(server): the
 *    highest bit where the B(server) differ decides, each branching of the binary trie of the
 *    B(server) halves the keys), and over 5 servers give one a quarter or more and another an
 *    eighth or less; BLAKE2b's first 64 bits (blake2b-512's bucketing value) split the same keys
 *    evenly and pass;
 *  - the run's verdicts and tests count them, and the JSON carries them with the counts tested.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <math.h>
#include <yajl/yajl_tree.h>

#include "spread.h"
#include "test_json.h"

#define KEYS 60000

static int init(void **state)
{
    (void)state;
    char err[256];
    return hb_init(err, sizeof err) ? 0 : -1;
}

static void random_keys(struct hb_keyset *ks)
{
    char err[256];
    if (!hb_keyset_build("rand:16", KEYS, ks, err, sizeof err))
        fail_msg("rand:16: %s", err);
}

static const struct hb_shard_plan plan = {
    .counts = {2, 3, 5, 12, 16, 1024}, .ncounts = 6, .servers = {3, 5}, .nservers = 2};

static uint64_t value_here(const struct hb_hash *h, const uint8_t *key, size_t len)
{
    if (h->hash64)
        return h->hash64(key, len, 0);
    uint8_t out[HB_MAX_OUT_BYTES];
    h->oneshot(key, len, 0, out);
    return hb_bucket_value(h, out);
}

/* Shares recomputed here: out[s] the keys of shard s, for count or, with servers, rendezvous. */
static void loads_here(const struct hb_hash *h, const struct hb_keyset *ks, unsigned shards, bool rendezvous,
                       uint64_t *out)
{
    memset(out, 0, shards * sizeof *out);
    uint8_t buf[64];
    for (size_t i = 0; i < ks->n; i++) {
        const uint8_t *key = ks->bytes + ks->start[i];
        size_t len = ks->len[i];
        if (!rendezvous) {
            out[value_here(h, key, len) % shards]++;
            continue;
        }
        memcpy(buf, key, len);
        uint64_t best = 0;
        unsigned pick = 0;
        for (unsigned s = 0; s < shards; s++) {
            uint64_t le = s;
            memcpy(buf + len, &le, 8); /* a little-endian host: the tests run on x86-64 and AArch64 */
            uint64_t w = value_here(h, buf, len + 8);
            if (s == 0 || w > best)
                best = w, pick = s;
        }
        out[pick]++;
    }
}

static void check_against_here(const struct hb_hash *h, const struct hb_keyset *ks, const struct hb_shard_result *r)
{
    uint64_t loads[1024];
    for (size_t c = 0; c < plan.ncounts + plan.nservers; c++) {
        bool rendezvous = c >= plan.ncounts;
        unsigned shards = rendezvous ? plan.servers[c - plan.ncounts] : plan.counts[c];
        loads_here(h, ks, shards, rendezvous, loads);
        uint64_t most = 0, least = UINT64_MAX;
        for (unsigned s = 0; s < shards; s++)
            most = loads[s] > most ? loads[s] : most, least = loads[s] < least ? loads[s] : least;
        assert_int_equal(r[c].shards, shards);
        if (fabs(r[c].max_share - (double)most / KEYS) > 1e-12 || fabs(r[c].min_share - (double)least / KEYS) > 1e-12)
            fail_msg("%s %s %u: shares %.6f..%.6f, recomputed %.6f..%.6f", h->name, rendezvous ? "servers" : "shards",
                     shards, r[c].min_share, r[c].max_share, (double)least / KEYS, (double)most / KEYS);
    }
}

static void test_rendezvous_linear_fails(void **unused)
{
    (void)unused;
    struct hb_keyset ks;
    random_keys(&ks);
    const struct hb_hash *crc = hb_lookup("crc32");
    assert_non_null(crc);
    struct hb_shard_result r[8];
    hb_measure_shards(crc, &ks, &plan, r);
    check_against_here(crc, &ks, r);
    const struct hb_shard_result *three = &r[plan.ncounts], *five = &r[plan.ncounts + 1];
    /* 3 servers: one takes half, the others a quarter each (binomial sd about 0.002) */
    assert_true(fabs(three->max_share - 0.5) < 0.01 && fabs(three->min_share - 0.25) < 0.01);
    /* 5 servers: shares 2^-depth in a binary trie of 5 leaves, the shallowest at depth 2 or less,
     * the deepest at 3 or more */
    assert_true(five->max_share > 0.25 - 0.01 && five->min_share < 0.125 + 0.01);
    assert_true(hb_log2_scale(three->log2_p, 100) <= HB_FAIL_LOG2_P);
    assert_true(hb_log2_scale(five->log2_p, 100) <= HB_FAIL_LOG2_P);
    hb_keyset_free(&ks);
}

static void test_rendezvous_random_even(void **unused)
{
    (void)unused;
    const struct hb_hash *b2 = hb_lookup("blake2b-512");
    if (!b2) {
        print_message("blake2b-512 not in this build: sha256 stands in for a random function\n");
        b2 = hb_lookup("sha256");
    }
    assert_non_null(b2);
    struct hb_keyset ks;
    random_keys(&ks);
    struct hb_shard_result r[8];
    hb_measure_shards(b2, &ks, &plan, r);
    check_against_here(b2, &ks, r);
    for (size_t c = 0; c < plan.ncounts + plan.nservers; c++) {
        double even = 1.0 / r[c].shards, sd = sqrt(even * (1 - even) / KEYS);
        if (r[c].shards <= 16 && (fabs(r[c].max_share - even) > 5 * sd || fabs(r[c].min_share - even) > 5 * sd))
            fail_msg("%s over %u: shares %.4f..%.4f, even %.4f", b2->name, r[c].shards, r[c].min_share, r[c].max_share,
                     even);
        assert_true(hb_log2_scale(r[c].log2_p, 100) > HB_FAIL_LOG2_P);
    }
    hb_keyset_free(&ks);
}

static void test_run_counts_and_reports(void **unused)
{
    (void)unused;
    struct hb_algo_row rows[2] = {{.hash = hb_lookup("crc32"), .runnable = true},
                                  {.hash = hb_lookup("sha256"), .runnable = true}};
    struct hb_keyset ks;
    random_keys(&ks);
    struct hb_run run = {.algos = rows, .nalgos = 2, .keysets = &ks, .nkeysets = 1, .threads = 2, .shards = plan};
    hb_bucket_plan_init(&run.plan, HB_BUCKET_MOD, 1024);
    hb_run_execute(&run);
    assert_int_equal(run.tests_per_algorithm, 3 + plan.ncounts + plan.nservers);
    assert_int_equal(run.verdicts[0][HB_MEASURE_RENDEZVOUS].verdict, HB_FAIL);
    assert_int_equal(run.overall[0], HB_FAIL);
    assert_true(run.verdicts[1][HB_MEASURE_SHARDS].measured && run.verdicts[1][HB_MEASURE_SHARDS].verdict == HB_PASS);
    assert_int_equal(run.verdicts[1][HB_MEASURE_RENDEZVOUS].verdict, HB_PASS);

    char *json = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&json, &len);
    assert_true(hb_report_json(f, &run, "test"));
    fclose(f);
    char errbuf[256];
    yajl_val root = yajl_tree_parse(json, errbuf, sizeof errbuf);
    assert_non_null(root);
    const char *counts_path[] = {"config", "shard_counts", NULL};
    yajl_val counts = yajl_tree_get(root, counts_path, yajl_t_array);
    assert_non_null(counts);
    assert_int_equal(counts->u.array.len, plan.ncounts);
    const char *algos_path[] = {"algorithms", NULL};
    yajl_val algos = yajl_tree_get(root, algos_path, yajl_t_array);
    const char *rv_path[] = {"rendezvous", NULL};
    yajl_val rv = yajl_tree_get(algos->u.array.values[0], rv_path, yajl_t_array);
    assert_non_null(rv);
    const char *verdict_path[] = {"verdict", NULL}, *servers_path[] = {"servers", NULL};
    assert_string_equal(YAJL_GET_STRING(yajl_tree_get(rv->u.array.values[0], verdict_path, yajl_t_string)), "FAIL");
    assert_int_equal(YAJL_GET_INTEGER(yajl_tree_get(rv->u.array.values[0], servers_path, yajl_t_number)), 3);
    yajl_tree_free(root);
    free(json);
    hb_run_free(&run);
    hb_keyset_free(&ks);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rendezvous_linear_fails),
        cmocka_unit_test(test_rendezvous_random_even),
        cmocka_unit_test(test_run_counts_and_reports),
    };
    return cmocka_run_group_tests(tests, init, NULL);
}
