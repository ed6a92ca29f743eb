/*
 * test_agreement.c — property: implementations agree with each other and with independent
 * references. Every impl of a name (baselines, which are not hashes, excepted: test_baselines.c)
 * gives the first runnable impl's output on random buffers (lengths biased small, offsets 0..63);
 * murmur3 agrees with Debian's libmurmurhash; the SMHasher and SMHasher3 verification codes
 * published for MurmurHash3, xxHash, rapidhash, wyhash, MetroHash, komihash, PolymurHash, a5hash
 * and GxHash come out; and the dispatching "inline" XXH3 entries pick the widest path for every
 * restriction of the CPU features, and give the same output on each.
 */
#include "test_support.h"
#include "hb_hash_cli.h"

#include <murmurhash.h>

#define ROUNDS  3000
#define MAX_LEN 70000

static void test_implementations_agree(void **unused)
{
    (void)unused;
    uint64_t rng = 1;
    uint8_t *buf = malloc(MAX_LEN + 64);
    assert_non_null(buf);
    test_fill_random(&rng, buf, MAX_LEN + 64);
    size_t compared = 0;
    for (size_t i = 0; i < hb_registry_len; i++) {
        const struct hb_hash *ref = hb_lookup(hb_registry[i]->name);
        const struct hb_hash *h = hb_registry[i];
        /* Baselines are not hashes: their implementations need not agree (test_baselines.c). */
        if (ref == h || h->kind == HB_KIND_BASELINE || !test_runs_here(h, __func__))
            continue;
        for (int r = 0; r < ROUNDS; r++) {
            size_t len = test_random_length(&rng, MAX_LEN);
            size_t offset = (size_t)(hb_splitmix64_next(&rng) % 64);
            uint64_t seed = (r & 1) ? hb_splitmix64_next(&rng) : 0;
            if (h->seed_bits == 32)
                seed &= UINT32_MAX;
            uint8_t want[HB_MAX_OUT_BYTES], got[HB_MAX_OUT_BYTES];
            ref->oneshot(buf + offset, len, seed, want);
            h->oneshot(buf + offset, len, seed, got);
            test_expect_same(want, got, h->out_bits / 8, "%s/%s vs %s/%s len=%zu offset=%zu seed=0x%llx", h->name,
                             h->impl, ref->name, ref->impl, len, offset, (unsigned long long)seed);
        }
        compared++;
    }
    free(buf);
    assert_true(compared > 0);
}

/* hash64, where an entry has it, is hb_bucket_value() of what its one-shot writes. */
static void test_hash64_is_bucket_value(void **unused)
{
    (void)unused;
    uint64_t rng = 5;
    uint8_t *buf = malloc(MAX_LEN + 64);
    assert_non_null(buf);
    test_fill_random(&rng, buf, MAX_LEN + 64);
    size_t compared = 0;
    for (size_t i = 0; i < hb_registry_len; i++) {
        const struct hb_hash *h = hb_registry[i];
        if (h->hash64 == NULL || !test_runs_here(h, __func__))
            continue;
        for (int r = 0; r < ROUNDS; r++) {
            size_t len = test_random_length(&rng, MAX_LEN);
            size_t offset = (size_t)(hb_splitmix64_next(&rng) % 64);
            uint64_t seed = (r & 1) ? hb_splitmix64_next(&rng) : 0;
            uint8_t out[HB_MAX_OUT_BYTES];
            h->oneshot(buf + offset, len, seed, out);
            uint64_t want = hb_bucket_value(h, out), got = h->hash64(buf + offset, len, seed);
            if (got != want)
                fail_msg("%s/%s hash64 len=%zu offset=%zu seed=0x%llx: %016llx, one-shot gives %016llx", h->name,
                         h->impl, len, offset, (unsigned long long)seed, (unsigned long long)got,
                         (unsigned long long)want);
        }
        compared++;
    }
    free(buf);
    if (compared == 0) {
        printf("no entry of this build has hash64: nothing compared\n");
        skip();
    }
}

/* Debian's libmurmurhash (lmmh_*) is an independent build of Appleby's reference. */
static void test_murmur3_matches_libmurmurhash(void **unused)
{
    (void)unused;
    const struct hb_hash *m32 = hb_lookup("murmur3-32"), *m128 = hb_lookup("murmur3-128");
    assert_non_null(m32);
    assert_non_null(m128);
    uint64_t rng = 2;
    uint8_t buf[4096 + 64];
    test_fill_random(&rng, buf, sizeof buf);
    for (int r = 0; r < 20000; r++) {
        size_t len = test_random_length(&rng, 4096);
        size_t offset = (size_t)(hb_splitmix64_next(&rng) % 64);
        uint32_t seed = (uint32_t)hb_splitmix64_next(&rng);
        uint32_t ref32;
        uint64_t ref128[2];
        lmmh_x86_32(buf + offset, (unsigned)len, seed, &ref32);
        lmmh_x64_128(buf + offset, (unsigned)len, seed, ref128);
        uint8_t want[16], got[16];
        /* our output: murmur3-32 the integer big-endian; murmur3-128 h1, h2 little-endian */
        for (int b = 0; b < 4; b++)
            want[b] = (uint8_t)(ref32 >> (24 - 8 * b));
        m32->oneshot(buf + offset, len, seed, got);
        test_expect_same(want, got, 4, "murmur3-32 vs libmurmurhash len=%zu offset=%zu seed=0x%x", len, offset, seed);
        for (int b = 0; b < 16; b++)
            want[b] = (uint8_t)(ref128[b / 8] >> (8 * (b % 8)));
        m128->oneshot(buf + offset, len, seed, got);
        test_expect_same(want, got, 16, "murmur3-128 vs libmurmurhash len=%zu offset=%zu seed=0x%x", len, offset, seed);
    }
}

/* SMHasher's VerificationTest over the hash's native (little-endian) output: hash {0..i-1} with
 * seed 256-i, concatenate, hash with seed 0, first four bytes little-endian. Our integer outputs
 * are big-endian, so they are byte-swapped back to the native form first. */
static uint32_t smhasher_verification(const struct hb_hash *h)
{
    size_t n = h->out_bits / 8;
    bool integer = (h->flags & HB_FLAG_INTEGER) != 0;
    uint8_t key[256], all[256 * 16], out[HB_MAX_OUT_BYTES];
    assert_true(n <= 16);
    for (size_t i = 0; i < 256; i++) {
        key[i] = (uint8_t)i;
        h->oneshot(key, i, 256 - i, out);
        for (size_t b = 0; b < n; b++)
            all[i * n + b] = integer ? out[n - 1 - b] : out[b];
    }
    h->oneshot(all, 256 * n, 0, out);
    if (integer)
        return (uint32_t)out[n - 1] | (uint32_t)out[n - 2] << 8 | (uint32_t)out[n - 3] << 16 |
               (uint32_t)out[n - 4] << 24;
    return (uint32_t)out[0] | (uint32_t)out[1] << 8 | (uint32_t)out[2] << 16 | (uint32_t)out[3] << 24;
}

static void test_smhasher_verification_codes(void **unused)
{
    (void)unused;
    /* SMHasher main.cpp g_hashes table (Murmur3A, Murmur3F, xxHash32, XXHash64); SMHasher3
     * hashes/rapidhash.cpp ("rapidhash v3, 64-bit"), hashes/komihash.cpp ("komihash v5.27"),
     * hashes/polymur.cpp ("polymurhash": polymur_init_params_from_seed(seed), tweak 0),
     * hashes/a5hash.cpp ("a5hash v5.21, 64-bit version"), hashes/gxhash.cpp ("gxhash_64": the low
     * 64 bits), same scheme. rurban/smhasher main.cpp: "metrohash64" and "metrohash128"
     * (MetroHash64/128::Hash), and "wyhash" 0x8323EB7E in its late-2020 table, when it carried the
     * "final version" header Debian packages. */
    static const struct {
        const char *name;
        uint32_t code;
    } published[] = {
        {"murmur3-32", 0xB0F57EE3},   {"murmur3-128", 0x6384BA69},   {"xxh32", 0xBA88B743},
        {"xxh64", 0x024B7CF4},        {"rapidhash", 0x1FDC65EE},     {"wyhash", 0x8323EB7E},
        {"metrohash-64", 0x6FA828C9}, {"metrohash-128", 0x4A6673E7}, {"komihash", 0x8157FF6D},
        {"polymur", 0x0722B1A7},      {"a5hash", 0xADDE79B3},        {"gxhash64", 0x48F84240},
    };
    for (size_t p = 0; p < sizeof published / sizeof published[0]; p++) {
        const struct hb_hash *impls[8];
        size_t n = hb_select(published[p].name, impls, 8);
        if (n == 0) { /* absent from this build (a packaged library, an x86-64 file), named by hb_unbuilt_note() */
            const char *note = hb_unbuilt_note();
            assert_true(note != NULL && strstr(note, published[p].name) != NULL);
            printf("not in this build, SMHasher code not checked: %s\n", published[p].name);
            continue;
        }
        for (size_t i = 0; i < n; i++) {
            if (!test_runs_here(impls[i], __func__))
                continue;
            uint32_t got = smhasher_verification(impls[i]);
            if (got != published[p].code)
                fail_msg("%s/%s SMHasher verification 0x%08X, published 0x%08X", impls[i]->name, impls[i]->impl, got,
                         published[p].code);
        }
    }
}

/* The dispatching entries take the widest path the (restricted) CPU runs; their version text
 * names it, and the output never changes. */
static void test_inline_dispatch_under_restrictions(void **unused)
{
    (void)unused;
    static const struct {
        uint32_t hide;
        const char *expect;
    } cases[] = {
        {0, NULL},
        {HB_CPU_AVX512F, NULL},
        {HB_CPU_AVX512F | HB_CPU_AVX2, "sse2"},
    };
    const struct hb_hash *inline64 = hb_lookup("xxh3-64/inline"), *lib64 = hb_lookup("xxh3-64/libxxhash");
    const struct hb_hash *inline128 = hb_lookup("xxh3-128/inline"), *lib128 = hb_lookup("xxh3-128/libxxhash");
    assert_non_null(inline64);
    assert_non_null(lib64);
    uint64_t rng = 3;
    uint8_t buf[5000];
    test_fill_random(&rng, buf, sizeof buf);
    uint32_t all = hb_cpu_features();
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        hb_cpu_restrict(~cases[c].hide);
        uint32_t f = hb_cpu_features();
#if defined(__x86_64__)
        const char *widest = (f & HB_CPU_AVX512F) ? "avx512" : (f & HB_CPU_AVX2) ? "avx2" : "sse2";
        const char *expect = cases[c].expect != NULL ? cases[c].expect : widest;
#elif defined(__aarch64__)
        const char *expect = "neon"; /* the only AArch64 variant, and the last resort */
#else
        const char *expect = "generic"; /* xxHash's own build for the target */
#endif
        char needle[32];
        snprintf(needle, sizeof needle, "dispatch to %s", expect);
        if (strstr(inline64->version(), needle) == NULL)
            fail_msg("features 0x%x: version '%s' lacks '%s'", f, inline64->version(), needle);
        for (size_t len = 0; len < sizeof buf; len += 1 + len / 3) {
            uint8_t want[16], got[16];
            lib64->oneshot(buf, len, len, want);
            inline64->oneshot(buf, len, len, got);
            test_expect_same(want, got, 8, "xxh3-64/inline features=0x%x len=%zu", f, len);
            lib128->oneshot(buf, len, len, want);
            inline128->oneshot(buf, len, len, got);
            test_expect_same(want, got, 16, "xxh3-128/inline features=0x%x len=%zu", f, len);
        }
    }
    hb_cpu_restrict(UINT32_MAX);
    assert_int_equal(hb_cpu_features(), all);
}

/* A restriction makes entries unavailable with a reason, and lookups skip them. */
static void test_restriction_marks_entries_unavailable(void **unused)
{
    (void)unused;
#if defined(__x86_64__)
    const char *spec = "xxh3-64/inline-avx2", *want = "needs avx2";
    uint32_t hide = HB_CPU_AVX2;
#elif defined(__aarch64__)
    const char *spec = "xxh3-64/inline-neon", *want = "needs asimd";
    uint32_t hide = HB_CPU_ASIMD;
#else
    print_message("not checked: no entry of this architecture needs a CPU feature\n");
    skip();
    const char *spec = "", *want = "";
    uint32_t hide = 0;
#endif
    const struct hb_hash *h = hb_lookup(spec);
    assert_non_null(h);
    hb_cpu_restrict(~hide);
    char why[128];
    assert_false(hb_can_run(h, why, sizeof why));
    assert_string_equal(why, want);
    hb_cpu_restrict(UINT32_MAX);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_implementations_agree),
        cmocka_unit_test(test_hash64_is_bucket_value),
        cmocka_unit_test(test_murmur3_matches_libmurmurhash),
        cmocka_unit_test(test_smhasher_verification_codes),
        cmocka_unit_test(test_inline_dispatch_under_restrictions),
        cmocka_unit_test(test_restriction_marks_entries_unavailable),
    };
    return cmocka_run_group_tests(tests, test_hb_init, NULL);
}
