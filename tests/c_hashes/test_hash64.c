/*
 * test_hash64.c — the register path against the digest path, and empty input given as NULL:
 *   - every entry with hash64 returns exactly hb_bucket_value() of what its oneshot writes, over
 *     every length up to 300, longer random lengths, every misalignment 0..63 and seeds of every
 *     width (the timing loops substitute one for the other, so they must be the same hash);
 *   - every checksum, non-cryptographic and baseline entry has hash64, and no digest has;
 *   - every entry accepts (NULL, 0) one-shot, through hash64 and streamed, with the output of an
 *     empty input at a valid address (the sanitizer build catches NULL + 0 arithmetic).
 */
#include "test_support.h"
#include "hb_hash_cli.h"

#define MAX_RANDOM_LEN 5000
#define RANDOM_ROUNDS  300

static void check_one(const struct hb_hash *h, const uint8_t *in, size_t len, uint64_t seed)
{
    uint8_t out[HB_MAX_OUT_BYTES];
    h->oneshot(in, len, seed, out);
    uint64_t want = hb_bucket_value(h, out), got = h->hash64(in, len, seed);
    if (got != want)
        fail_msg("%s/%s len=%zu seed=0x%llx: hash64 0x%016llx, first 8 output bytes 0x%016llx", h->name, h->impl, len,
                 (unsigned long long)seed, (unsigned long long)got, (unsigned long long)want);
}

static void test_hash64_matches_oneshot(void **unused)
{
    (void)unused;
    uint64_t rng = 64;
    uint8_t *buf = malloc(MAX_RANDOM_LEN + 64);
    assert_non_null(buf);
    test_fill_random(&rng, buf, MAX_RANDOM_LEN + 64);
    size_t checked = 0;
    for (size_t i = 0; i < hb_registry_len; i++) {
        const struct hb_hash *h = hb_registry[i];
        if (h->hash64 == NULL || !test_runs_here(h, __func__))
            continue;
        for (size_t len = 0; len <= 300; len++) {
            uint64_t seed = hb_splitmix64_next(&rng);
            check_one(h, buf + len % 64, len, 0);
            check_one(h, buf + (len * 7 + 3) % 64, len, seed);
            check_one(h, buf + (len * 13 + 1) % 64, len, seed & UINT32_MAX);
        }
        for (int r = 0; r < RANDOM_ROUNDS; r++) {
            size_t len = test_random_length(&rng, MAX_RANDOM_LEN);
            check_one(h, buf + hb_splitmix64_next(&rng) % 64, len, hb_splitmix64_next(&rng));
        }
        checked++;
    }
    free(buf);
    if (checked == 0)
        fail_msg("no entry with hash64 could run here");
}

static void test_which_entries_have_hash64(void **unused)
{
    (void)unused;
    for (size_t i = 0; i < hb_registry_len; i++) {
        const struct hb_hash *h = hb_registry[i];
        if (h->kind == HB_KIND_CRYPTO && h->hash64 != NULL)
            fail_msg("%s/%s: a digest has hash64", h->name, h->impl);
        if (h->kind != HB_KIND_CRYPTO && h->hash64 == NULL)
            fail_msg("%s/%s (%s) has no hash64: the timing loops would charge it a digest store", h->name, h->impl,
                     hb_kind_name(h->kind));
    }
}

/* A disagreeing hash64 is refused by the registry check that every tool runs at start-up. */
static void test_registry_check_refuses_wrong_hash64(void **unused)
{
    (void)unused;
    const struct hb_hash *real = hb_lookup("fnv1a-64/portable");
    assert_non_null(real);
    struct hb_hash wrong = *real, digest = *real;
    wrong.hash64 = hb_lookup("rapidhash/portable")->hash64;
    digest.kind = HB_KIND_CRYPTO;
    const struct hb_hash *one[1] = {&wrong};
    char err[256] = "";
    assert_false(hb_registry_check(one, 1, err, sizeof err));
    assert_non_null(strstr(err, "hash64 differs"));
    one[0] = &digest;
    assert_false(hb_registry_check(one, 1, err, sizeof err));
    assert_non_null(strstr(err, "digest has no hash64"));
    one[0] = real;
    assert_true(hb_registry_check(one, 1, err, sizeof err));
}

static void test_null_empty_input(void **unused)
{
    (void)unused;
    static const uint8_t empty_at[1] = {0};
    for (size_t i = 0; i < hb_registry_len; i++) {
        const struct hb_hash *h = hb_registry[i];
        if (!test_runs_here(h, __func__))
            continue;
        size_t n = h->out_bits / 8;
        for (uint64_t seed = 0; seed < 2; seed++) {
            uint8_t want[HB_MAX_OUT_BYTES], got[HB_MAX_OUT_BYTES];
            h->oneshot(empty_at, 0, seed, want);
            h->oneshot(NULL, 0, seed, got);
            test_expect_same(want, got, n, "%s/%s oneshot(NULL, 0) seed %llu", h->name, h->impl,
                             (unsigned long long)seed);
            if (h->hash64 != NULL && h->hash64(NULL, 0, seed) != hb_bucket_value(h, want))
                fail_msg("%s/%s: hash64(NULL, 0) differs from the empty input's output", h->name, h->impl);
            if (h->init != NULL) {
                test_state st;
                h->init(st.bytes, seed);
                h->update(st.bytes, NULL, 0);
                h->update(st.bytes, NULL, 0);
                h->final(st.bytes, got);
                test_expect_same(want, got, n, "%s/%s streamed NULL, 0 twice, seed %llu", h->name, h->impl,
                                 (unsigned long long)seed);
            }
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hash64_matches_oneshot),
        cmocka_unit_test(test_which_entries_have_hash64),
        cmocka_unit_test(test_registry_check_refuses_wrong_hash64),
        cmocka_unit_test(test_null_empty_input),
    };
    return cmocka_run_group_tests(tests, test_hb_init, NULL);
}
