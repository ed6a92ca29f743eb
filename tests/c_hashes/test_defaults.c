/*
 * test_defaults.c — property: whatever subset of the CPU features the implementations depend on is
 * present, each bare name of the CRCs, SHA-2 and XXH3 resolves (hb_lookup) to the first entry in
 * registry order that the restricted CPU runs, needs nothing outside the subset, and gives the
 * right output: the CRC check value and a long-input value equal to the portable or library
 * entry's, the SHA-256/224 digest equal to OpenSSL's, XXH3 equal to libxxhash's. Entries outside
 * the subset say why. The features walked are those the names' entries in this build require, so
 * the walk covers the x86-64 entries on x86-64 and the AArch64 ones on AArch64.
 */
#include "test_support.h"

/* name, an entry that runs everywhere to compare with */
static const char *const names[][2] = {
    {"crc32c", "crc32c/portable"}, {"crc32", "crc32/zlib"},          {"sha256", "sha256/openssl"},
    {"sha224", "sha224/openssl"},  {"xxh3-64", "xxh3-64/libxxhash"}, {"xxh3-128", "xxh3-128/libxxhash"},
};
#define NAMES (sizeof names / sizeof names[0])

/* The distinct HB_CPU_* bits that the entries of names[] require, lowest first; returns how many. */
static size_t relevant_features(uint32_t relevant[HB_CPU_FEATURE_COUNT])
{
    uint32_t union_of_needs = 0;
    for (size_t n = 0; n < NAMES; n++) {
        const struct hb_hash *impls[32];
        size_t k = hb_select(names[n][0], impls, 32);
        assert_true(k <= 32);
        for (size_t i = 0; i < k; i++)
            union_of_needs |= impls[i]->cpu_req;
    }
    size_t count = 0;
    for (unsigned bit = 0; bit < HB_CPU_FEATURE_COUNT; bit++)
        if (union_of_needs & (1u << bit))
            relevant[count++] = 1u << bit;
    return count;
}

static void test_every_feature_subset(void **unused)
{
    (void)unused;
    uint32_t relevant[HB_CPU_FEATURE_COUNT];
    size_t relevant_count = relevant_features(relevant);
    print_message("walking the %u subsets of %zu features:", 1u << relevant_count, relevant_count);
    for (size_t i = 0; i < relevant_count; i++)
        print_message(" %s", hb_cpu_feature_name(relevant[i]));
    print_message("\n");
    uint32_t all = hb_cpu_features();
    uint64_t rng = 5;
    enum { LONG = 20000 };
    uint8_t *buf = malloc(LONG);
    assert_non_null(buf);
    test_fill_random(&rng, buf, LONG);
    static const size_t lengths[] = {0, 9, 15, 63, 64, 200, 1024, 6000, LONG};
    size_t subsets = 0;
    for (uint32_t bits = 0; bits < (1u << relevant_count); bits++) {
        uint32_t hide = 0;
        for (size_t i = 0; i < relevant_count; i++)
            if (!((bits >> i) & 1))
                hide |= relevant[i];
        hb_cpu_restrict(~hide);
        uint32_t f = hb_cpu_features();
        if ((f | hide) != (all | hide))
            fail_msg("restriction 0x%x: features 0x%x", ~hide, f);
        for (size_t n = 0; n < NAMES; n++) {
            const struct hb_hash *def = hb_lookup(names[n][0]), *ref = hb_lookup(names[n][1]);
            assert_non_null(def);
            assert_non_null(ref);
            if ((def->cpu_req & ~f) != 0)
                fail_msg("features 0x%x: %s resolves to %s/%s, which needs 0x%x", f, names[n][0], def->name, def->impl,
                         def->cpu_req);
            const struct hb_hash *all_impls[32];
            size_t k = hb_select(names[n][0], all_impls, 32);
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
    assert_int_equal(subsets, 1u << relevant_count);
    free(buf);
}

/* Without its instructions, each architecture's SHA-256 entry is listed as unavailable with the
 * feature it needs, and the name falls back to OpenSSL. */
static void test_sha256_unavailable_without_its_instructions(void **unused)
{
    (void)unused;
    static const struct {
        const char *entry;
        uint32_t feature;
    } cases[] = {
        {"sha256/shani", HB_CPU_SHA_NI},
        {"sha256/armv8-sha2", HB_CPU_SHA2},
    };
    size_t checked = 0;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const struct hb_hash *h = hb_lookup(cases[c].entry);
        if (h == NULL) {
            print_message("not checked: %s is not in this build (another CPU architecture, or switched off)\n",
                          cases[c].entry);
            continue;
        }
        hb_cpu_restrict(~cases[c].feature);
        char why[128], want[64];
        snprintf(want, sizeof want, "needs %s", hb_cpu_feature_name(cases[c].feature));
        assert_false(hb_can_run(h, why, sizeof why));
        assert_string_equal(why, want);
        assert_string_equal(hb_lookup("sha256")->impl, "openssl");
        hb_cpu_restrict(UINT32_MAX);
        checked++;
    }
    if (checked == 0)
        skip();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_feature_subset),
        cmocka_unit_test(test_sha256_unavailable_without_its_instructions),
    };
    return cmocka_run_group_tests(tests, test_hb_init, NULL);
}
