/*
 * test_baselines.c — property: the baseline entries do what the baseline suite relies on. Every
 * memread implementation this CPU runs reads every byte of its input and nothing outside it:
 * changing any one byte inside changes the result, changing the bytes around it does not, and the
 * sanitizer build sees no read past the end (the input ends where its allocation does); where its
 * layout puts every byte in its own position of the word (all but those listed in overlapping[])
 * it equals an independent XOR of the little-endian words and the seed. mulchain equals an
 * independent chain of HB_MULCHAIN_MULS multiplies and is the registry's entry of known cost; noop
 * returns the seed. Inputs come from a fixed-seed generator; failures name entry, length, offset.
 */
#include "test_support.h"

#include "hb_baselines.h"

/* memread implementations that read tails with overlapping loads, so that some bytes land in
 * other positions of the word than the reference puts them. */
static const char *const overlapping[] = {"avx512"};

static bool overlaps(const struct hb_hash *h)
{
    for (size_t i = 0; i < sizeof overlapping / sizeof overlapping[0]; i++)
        if (strcmp(h->impl, overlapping[i]) == 0)
            return true;
    return false;
}

/* Independent reference: the XOR of the input's little-endian 64-bit words, zero-padded, and the
 * seed. */
static uint64_t xor_of_words(const uint8_t *p, size_t len, uint64_t seed)
{
    uint64_t acc = seed;
    for (size_t i = 0; i < len; i++)
        acc ^= (uint64_t)p[i] << (8 * (i % 8));
    return acc;
}

static uint64_t oneshot_value(const struct hb_hash *h, const uint8_t *p, size_t len, uint64_t seed)
{
    uint8_t out[8];
    h->oneshot(p, len, seed, out);
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v = v << 8 | out[i];
    return v;
}

static void check_memread(const struct hb_hash *h)
{
    uint64_t rng = 42;
    for (size_t len = 0; len <= 4100; len += len < 300 ? 1 : 13) {
        for (size_t offset = 0; offset < 8; offset += 3) {
            /* the input alone in its allocation, and the same bytes inside a larger buffer */
            uint8_t *exact = malloc(len > 0 ? len : 1), *wide = malloc(offset + len + 1);
            assert_non_null(exact);
            assert_non_null(wide);
            test_fill_random(&rng, wide, offset + len + 1);
            memcpy(exact, wide + offset, len);
            uint64_t base = h->hash64(exact, len, 7);
            if (oneshot_value(h, exact, len, 7) != base)
                fail_msg("%s/%s len=%zu: one-shot and hash64 differ", h->name, h->impl, len);
            if (!overlaps(h) && base != xor_of_words(exact, len, 7))
                fail_msg("%s/%s len=%zu offset=%zu: %016llx, reference %016llx", h->name, h->impl, len, offset,
                         (unsigned long long)base, (unsigned long long)xor_of_words(exact, len, 7));
            for (size_t i = 0; len <= 300 && i < len; i++) {
                exact[i] ^= 0x5a;
                if (h->hash64(exact, len, 7) == base)
                    fail_msg("%s/%s len=%zu: byte %zu does not count", h->name, h->impl, len, i);
                exact[i] ^= 0x5a;
            }
            wide[offset + len] ^= 0xff;
            if (offset > 0)
                wide[offset - 1] ^= 0xff;
            if (h->hash64(wide + offset, len, 7) != base)
                fail_msg("%s/%s len=%zu offset=%zu: reads outside its input", h->name, h->impl, len, offset);
            free(exact);
            free(wide);
        }
    }
}

static void test_memread_reads_every_byte(void **unused)
{
    (void)unused;
    const struct hb_hash *impls[16];
    size_t n = hb_select("memread", impls, 16);
    if (n == 0)
        fail_msg("memread: no implementation in this build (hbsum --list says why)");
    assert_true(n <= 16);
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(impls[i]->kind, HB_KIND_BASELINE);
        if (test_runs_here(impls[i], __func__))
            check_memread(impls[i]);
    }
}

/* mulchain: 8 bytes in (the length and seed besides), a chain of multiplies out. */
static uint64_t mulchain_reference(const uint8_t *p, size_t len, uint64_t seed)
{
    uint64_t x = seed ^ len;
    if (len >= 8)
        for (int i = 0; i < 8; i++)
            x ^= (uint64_t)p[i] << (8 * i);
    for (int i = 0; i < HB_MULCHAIN_MULS; i++)
        x *= UINT64_C(0x9E3779B97F4A7C15);
    return x;
}

static void test_mulchain_is_its_chain(void **unused)
{
    (void)unused;
    const struct hb_hash *h = hb_lookup("mulchain/portable");
    assert_non_null(h);
    assert_int_equal(h->kind, HB_KIND_BASELINE);
    assert_true(h->flags & HB_FLAG_KNOWN_COST);
    for (size_t i = 0; i < hb_registry_len; i++)
        if (hb_registry[i] != h && (hb_registry[i]->flags & HB_FLAG_KNOWN_COST))
            fail_msg("%s/%s: only mulchain is of known cost", hb_registry[i]->name, hb_registry[i]->impl);
    uint8_t buf[64];
    uint64_t rng = 9;
    test_fill_random(&rng, buf, sizeof buf);
    static const size_t lengths[] = {0, 1, 7, 8, 9, 64};
    for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; l++) {
        uint64_t seed = hb_splitmix64_next(&rng), want = mulchain_reference(buf, lengths[l], seed);
        if (h->hash64(buf, lengths[l], seed) != want || oneshot_value(h, buf, lengths[l], seed) != want)
            fail_msg("mulchain len=%zu seed=0x%llx: differs from the reference chain", lengths[l],
                     (unsigned long long)seed);
    }
}

static void test_noop_returns_the_seed(void **unused)
{
    (void)unused;
    const struct hb_hash *h = hb_lookup("noop/portable");
    assert_non_null(h);
    uint8_t buf[32] = {1, 2, 3};
    assert_true(h->hash64(buf, sizeof buf, 0x1234) == 0x1234);
    assert_true(oneshot_value(h, buf, sizeof buf, 0x5678) == 0x5678);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_memread_reads_every_byte),
        cmocka_unit_test(test_mulchain_is_its_chain),
        cmocka_unit_test(test_noop_returns_the_seed),
    };
    return cmocka_run_group_tests(tests, test_hb_init, NULL);
}
