/*
 * test_rapidhash.c — rapidhash/portable computes rapidhash V3: published values (a known hash and
 * SMHasher3's verification code, which covers every length 0..255 under 256 seeds and a 2048-byte
 * input), the whole 64-bit seed, and streaming in random chunks and byte by byte equal to one-shot
 * across the 16- and 112-byte boundaries. Inputs come from a fixed-seed generator; every failure
 * names len, seed and the chunk split to reproduce it.
 */
#include "test_support.h"

static const struct hb_hash *rapidhash;

static int setup_entry(void **unused)
{
    (void)unused;
    if (!hb_init(NULL, 0))
        return -1;
    rapidhash = hb_lookup("rapidhash/portable");
    return rapidhash != NULL && rapidhash->init != NULL ? 0 : -1;
}

static uint64_t oneshot_value(const void *p, size_t len, uint64_t seed)
{
    uint8_t out[HB_MAX_OUT_BYTES];
    rapidhash->oneshot(p, len, seed, out);
    return hb_bucket_value(rapidhash, out);
}

/* Streams p in random pieces of up to max_chunk bytes drawn from split_seed (1: byte by byte). */
static uint64_t streamed_value(const uint8_t *p, size_t len, uint64_t seed, size_t max_chunk, uint64_t split_seed)
{
    uint8_t out[HB_MAX_OUT_BYTES];
    test_stream_pieces(rapidhash, p, len, seed, &split_seed, max_chunk, out);
    return hb_bucket_value(rapidhash, out);
}

static void test_published_value(void **unused)
{
    (void)unused;
    /* hoxxep/rapidhash (the Rust crate, whose rapidhash::v3 is stated to match the C rapidhash V3)
     * README: assert_eq!(rapidhash_v3(b"hello world"), 3397907815814400320), default seed 0. */
    const uint64_t want = UINT64_C(3397907815814400320);
    uint64_t got = oneshot_value("hello world", 11, 0);
    if (got != want)
        fail_msg("\"hello world\" seed=0: got %016llx, published %016llx", (unsigned long long)got,
                 (unsigned long long)want);
}

/* SMHasher3's verification code with the hash as SMHasher3 sees it (the integer in the host's
 * little-endian byte order): hash {0}, {0,1}, ... {0..254} and the empty key with seeds 256..1,
 * hash the 256 results with seed 0, read the first four bytes little-endian. chunked: compute
 * every hash by streaming in random chunks instead of one-shot. */
static uint32_t smhasher3_verification(int chunked)
{
    uint8_t key[256], results[256 * 8];
    uint64_t split_seed = 7;
    for (int i = 0; i < 256; i++) {
        key[i] = (uint8_t)i;
        uint64_t h = chunked ? streamed_value(key, (size_t)i, 256 - (uint64_t)i, 64, hb_splitmix64_next(&split_seed))
                             : oneshot_value(key, (size_t)i, 256 - (uint64_t)i);
        for (int b = 0; b < 8; b++)
            results[8 * i + b] = (uint8_t)(h >> (8 * b));
    }
    uint64_t total =
        chunked ? streamed_value(results, sizeof results, 0, 300, 11) : oneshot_value(results, sizeof results, 0);
    return (uint32_t)total;
}

static void test_smhasher3_verification(void **unused)
{
    (void)unused;
    /* fwojcik/smhasher3, hashes/rapidhash.cpp, "rapidhash v3, 64-bit": verification_LE = 0x1FDC65EE. */
    const uint32_t want = 0x1FDC65EEu;
    uint32_t oneshot = smhasher3_verification(0), streamed = smhasher3_verification(1);
    if (oneshot != want || streamed != want)
        fail_msg("verification: one-shot %08x, streamed %08x, published %08x", (unsigned)oneshot, (unsigned)streamed,
                 (unsigned)want);
}

static void test_whole_seed_used(void **unused)
{
    (void)unused;
    static const size_t lens[] = {0, 3, 8, 16, 17, 112, 113, 1000};
    static const unsigned high_bits[] = {32, 63};
    uint8_t data[1000];
    for (size_t i = 0; i < sizeof data; i++)
        data[i] = (uint8_t)(7 * i);
    for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++)
        for (size_t b = 0; b < 2; b++) {
            uint64_t seed = UINT64_C(1) << high_bits[b];
            if (oneshot_value(data, lens[i], seed) == oneshot_value(data, lens[i], 0))
                fail_msg("len=%zu seed=%016llx: same hash as seed 0", lens[i], (unsigned long long)seed);
        }
}

static void test_streaming_equals_oneshot(void **unused)
{
    (void)unused;
    size_t pool_len = (size_t)1 << 16;
    uint8_t *pool = malloc(pool_len);
    assert_non_null(pool);
    uint64_t rng = 1;
    for (size_t i = 0; i < pool_len; i++)
        pool[i] = (uint8_t)hb_splitmix64_next(&rng);
    /* Every length up to a few blocks, then random lengths up to 64 KiB. */
    for (size_t n = 0; n < 1200; n++) {
        size_t len = n < 800 ? n : (size_t)(hb_splitmix64_next(&rng) % pool_len);
        uint64_t seed = hb_splitmix64_next(&rng);
        size_t max_chunk = 1 + (size_t)(hb_splitmix64_next(&rng) % 300);
        uint64_t split_seed = hb_splitmix64_next(&rng);
        uint64_t want = oneshot_value(pool, len, seed);
        uint64_t chunks = streamed_value(pool, len, seed, max_chunk, split_seed);
        uint64_t bytes = len < 800 ? streamed_value(pool, len, seed, 1, 0) : want;
        if (chunks != want || bytes != want)
            fail_msg("len=%zu seed=%llu max_chunk=%zu split_seed=%llu: chunks %016llx, byte by byte %016llx, "
                     "one-shot %016llx",
                     len, (unsigned long long)seed, max_chunk, (unsigned long long)split_seed,
                     (unsigned long long)chunks, (unsigned long long)bytes, (unsigned long long)want);
    }
    free(pool);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_published_value),
        cmocka_unit_test(test_smhasher3_verification),
        cmocka_unit_test(test_whole_seed_used),
        cmocka_unit_test(test_streaming_equals_oneshot),
    };
    return cmocka_run_group_tests_name("rapidhash", tests, setup_entry, NULL);
}
