/*
 * test_defaults.c — property: whatever subset of the CPU features the implementations depend on is
 * present, each bare name of the folding CRCs and SHA-2 resolves (hb_lookup) to the first entry in
 * registry order that the restricted CPU runs, needs nothing outside the subset, and gives the
 * right output: the CRC check value and a long-input value equal to the portable or library
 * entry's, the SHA-256/224 digest equal to OpenSSL's. Entries outside the subset say why.
 */
#include "test_support.h"

/* The features the x86-64 CRC and SHA entries require, in every combination. */
static const uint32_t relevant[] = {
    HB_CPU_SSSE3,   HB_CPU_SSE41,    HB_CPU_SSE42,    HB_CPU_PCLMULQDQ,  HB_CPU_AVX,    HB_CPU_AVX2,
    HB_CPU_AVX512F, HB_CPU_AVX512BW, HB_CPU_AVX512VL, HB_CPU_VPCLMULQDQ, HB_CPU_SHA_NI,
};
#define RELEVANT (sizeof relevant / sizeof relevant[0])

/* name, an entry that runs everywhere to compare with */
static const char *const names[][2] = {
    {"crc32c", "crc32c/portable"},
    {"crc32", "crc32/zlib"},
    {"sha256", "sha256/openssl"},
    {"sha224", "sha224/openssl"},
};

static void test_every_feature_subset(void **unused)
{
    (void)unused;
    uint32_t all = hb_cpu_features();
    uint64_t rng = 5;
    enum { LONG = 20000 };
    uint8_t *buf = malloc(LONG);
    assert_non_null(buf);
    test_fill_random(&rng, buf, LONG);
    static const size_t lengths[] = {0, 9, 15, 63, 64, 200, 1024, 6000, LONG};
    size_t subsets = 0;
    for (uint32_t bits = 0; bits < (1u << RELEVANT); bits++) {
        uint32_t hide = 0;
        for (size_t i = 0; i < RELEVANT; i++)
            if (!((bits >> i) & 1))
                hide |= relevant[i];
        hb_cpu_restrict(~hide);
        uint32_t f = hb_cpu_features();
        if ((f | hide) != (all | hide))
            fail_msg("restriction 0x%x: features 0x%x", ~hide, f);
        for (size_t n = 0; n < sizeof names / sizeof names[0]; n++) {
            const struct hb_hash *def = hb_lookup(names[n][0]), *ref = hb_lookup(names[n][1]);
            assert_non_null(def);
            assert_non_null(ref);
            if ((def->cpu_req & ~f) != 0)
                fail_msg("features 0x%x: %s resolves to %s/%s, which needs 0x%x", f, names[n][0], def->name, def->impl,
                         def->cpu_req);
            const struct hb_hash *all_impls[16];
            size_t k = hb_select(names[n][0], all_impls, 16);
            for (size_t i = 0; i < k && all_impls[i] != def; i++) {
                char why[128];
                if (hb_can_run(all_impls[i], why, sizeof why))
                    fail_msg("features 0x%x: %s resolves to %s, but %s comes first and runs", f, names[n][0], def->impl,
                             all_impls[i]->impl);
                if (strncmp(why, "needs ", 6) != 0)
                    fail_msg("%s/%s unavailable without a reason: '%s'", all_impls[i]->name, all_impls[i]->impl, why);
            }
            for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; l++) {
                uint8_t want[HB_MAX_OUT_BYTES], got[HB_MAX_OUT_BYTES];
                ref->oneshot(buf, lengths[l], 0, want);
                def->oneshot(buf, lengths[l], 0, got);
                test_expect_same(want, got, def->out_bits / 8, "features 0x%x: %s/%s len=%zu", f, def->name, def->impl,
                                 lengths[l]);
            }
        }
        subsets++;
    }
    hb_cpu_restrict(UINT32_MAX);
    assert_int_equal(hb_cpu_features(), all);
    assert_int_equal(subsets, 1u << RELEVANT);
    free(buf);
}

/* Without SHA-NI, sha256/shani is listed as unavailable, and the name falls back to OpenSSL. */
static void test_shani_unavailable_without_sha_ni(void **unused)
{
    (void)unused;
    const struct hb_hash *shani = hb_lookup("sha256/shani");
    if (shani == NULL) {
        print_message("sha256/shani not in this build (x86-64 only)\n");
        skip();
    }
    hb_cpu_restrict(~HB_CPU_SHA_NI);
    char why[128];
    assert_false(hb_can_run(shani, why, sizeof why));
    assert_string_equal(why, "needs sha_ni");
    assert_string_equal(hb_lookup("sha256")->impl, "openssl");
    hb_cpu_restrict(UINT32_MAX);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_feature_subset),
        cmocka_unit_test(test_shani_unavailable_without_sha_ni),
    };
    return cmocka_run_group_tests(tests, test_hb_init, NULL);
}
