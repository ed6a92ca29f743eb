/*
 * test_sha2.c — property: every SHA-256 and SHA-224 entry of our own gives OpenSSL's digest (an
 * independent implementation) for every length 0..4096 (each at a different offset 0..63, and
 * every offset for the lengths around the padding's one/two-block edge), one-shot, through hash64
 * (the digest's first eight bytes) and streamed in random pieces and byte by byte. One cmocka test
 * per entry, named after it; an entry this CPU cannot run is skipped with its name and reason.
 * The published FIPS 180-4 examples are in test_vectors.c.
 */
#include "test_support.h"

#define MAX_OFFSET 64
#define EVERY_LEN  4096

static void check_at(const struct hb_hash *h, const struct hb_hash *ref, const uint8_t *src, size_t len, size_t offset)
{
    uint8_t *buf = malloc(offset + len > 0 ? offset + len : 1);
    assert_non_null(buf);
    memcpy(buf + offset, src, len);
    uint8_t want[HB_MAX_OUT_BYTES], got[HB_MAX_OUT_BYTES];
    size_t n = h->out_bits / 8;
    ref->oneshot(buf + offset, len, 0, want);
    h->oneshot(buf + offset, len, 0, got);
    test_expect_same(want, got, n, "%s/%s len=%zu offset=%zu one-shot", h->name, h->impl, len, offset);
    if (h->hash64 != NULL) {
        uint64_t v = h->hash64(buf + offset, len, 0);
        if (v != hb_bucket_value(ref, want))
            fail_msg("%s/%s len=%zu offset=%zu: hash64 %016llx, digest's first 8 bytes %016llx", h->name, h->impl, len,
                     offset, (unsigned long long)v, (unsigned long long)hb_bucket_value(ref, want));
    }
    free(buf);
}

static void test_entry(void **state)
{
    const struct hb_hash *h = *(const struct hb_hash *const *)*state;
    char why[128];
    if (!hb_can_run(h, why, sizeof why)) {
        print_message("%s/%s not run on this CPU: %s\n", h->name, h->impl, why);
        skip();
    }
    char spec[64];
    snprintf(spec, sizeof spec, "%s/openssl", h->name);
    const struct hb_hash *ref = hb_lookup(spec);
    assert_non_null(ref);

    uint64_t rng = 9;
    uint8_t *pool = malloc(EVERY_LEN + 256);
    assert_non_null(pool);
    test_fill_random(&rng, pool, EVERY_LEN + 256);
    for (size_t len = 0; len <= EVERY_LEN; len++)
        check_at(h, ref, pool, len, len % MAX_OFFSET);
    /* 55 and 56 bytes: the last that pads into one block and the first into two */
    static const size_t edges[] = {0, 1, 54, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1000};
    for (size_t e = 0; e < sizeof edges / sizeof edges[0]; e++)
        for (size_t offset = 0; offset < MAX_OFFSET; offset++)
            check_at(h, ref, pool + 3, edges[e], offset);
    for (size_t len = 0; len <= EVERY_LEN; len += 1 + len / 5) {
        uint8_t want[HB_MAX_OUT_BYTES], got[HB_MAX_OUT_BYTES];
        size_t n = h->out_bits / 8;
        ref->oneshot(pool, len, 0, want);
        size_t max_piece = 1 + (size_t)(hb_splitmix64_next(&rng) % 200);
        uint64_t split = hb_splitmix64_next(&rng), replay = split;
        test_stream_pieces(h, pool, len, 0, &split, max_piece, got);
        test_expect_same(want, got, n, "%s/%s len=%zu max_piece=%zu split_seed=%llu streamed", h->name, h->impl, len,
                         max_piece, (unsigned long long)replay);
        test_stream_pieces(h, pool, len, 0, &split, 1, got);
        test_expect_same(want, got, n, "%s/%s len=%zu byte by byte", h->name, h->impl, len);
    }
    free(pool);
}

static bool is_sha256_or_sha224_of_our_own(const struct hb_hash *h)
{
    return (strcmp(h->name, "sha256") == 0 || strcmp(h->name, "sha224") == 0) && strcmp(h->impl, "openssl") != 0;
}

int main(void)
{
    int failed = test_run_per_entry("sha2", is_sha256_or_sha224_of_our_own, test_entry);
    if (failed == -2)
        return 1;
    if (failed == -1) {
        printf("test_sha2: no SHA-256 implementation of our own in this build (x86-64 only)\n");
        return 0;
    }
    return failed;
}
