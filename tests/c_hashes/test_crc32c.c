/*
 * test_crc32c.c — every crc32c entry this CPU runs gives the CRC-32C of its input: the published
 * vectors, then agreement with a bit-at-a-time reference over every length 0..1024 and random
 * lengths up to 256 KiB at offsets 0..63 (so crc32c/sse42's three streams and their merge are
 * exercised at many lengths), and streaming in random chunks and byte by byte equal to one-shot.
 * Inputs come from a fixed-seed generator; every failure names impl, len and offset (and the seed
 * of the chunk split) to reproduce it.
 */
#include "test_support.h"

#define MAX_ENTRIES 8
#define MAX_OFFSET 64
#define RANDOM_CASES 300
#define MAX_LEN_BITS 18 /* random lengths below 256 KiB */

static const struct hb_hash *entries[MAX_ENTRIES];
static size_t n_entries;

/* The definition: reflected Castagnoli polynomial, register preset to ones, result inverted. */
static uint32_t reference_crc32c(const uint8_t *p, size_t len)
{
    uint32_t crc = 0xffffffffu;
    for (size_t i = 0; i < len; i++) {
        crc ^= p[i];
        for (int bit = 0; bit < 8; bit++)
            crc = (crc >> 1) ^ (0x82F63B78u & (0u - (crc & 1)));
    }
    return ~crc;
}

static uint32_t oneshot_value(const struct hb_hash *h, const uint8_t *p, size_t len)
{
    uint8_t out[HB_MAX_OUT_BYTES];
    h->oneshot(p, len, 0, out);
    return (uint32_t)hb_bucket_value(h, out);
}

/* Streams p in random pieces of up to max_chunk bytes drawn from split_seed (1: byte by byte). */
static uint32_t streamed_value(const struct hb_hash *h, const uint8_t *p, size_t len, size_t max_chunk,
                               uint64_t split_seed)
{
    uint8_t out[HB_MAX_OUT_BYTES];
    test_stream_pieces(h, p, len, 0, &split_seed, max_chunk, out);
    return (uint32_t)hb_bucket_value(h, out);
}

static int setup_entries(void **unused)
{
    (void)unused;
    char err[256];
    if (!hb_init(err, sizeof err)) {
        fprintf(stderr, "hb_init: %s\n", err);
        return -1;
    }
    const struct hb_hash *all[MAX_ENTRIES];
    size_t n = hb_select("crc32c", all, MAX_ENTRIES);
    for (size_t i = 0; i < n && i < MAX_ENTRIES; i++)
        if (test_runs_here(all[i], "test_crc32c"))
            entries[n_entries++] = all[i];
    return n_entries > 0 ? 0 : -1;
}

/* Checks every entry, one-shot, on a copy at `offset` in a buffer ending where the input ends, so
 * that a sanitizer build catches reads past the end. */
static void check_all_at(const uint8_t *src, size_t len, size_t offset, uint32_t want)
{
    uint8_t *buf = malloc(offset + len > 0 ? offset + len : 1);
    assert_non_null(buf);
    memcpy(buf + offset, src, len);
    for (size_t e = 0; e < n_entries; e++) {
        uint32_t got = oneshot_value(entries[e], buf + offset, len);
        if (got != want)
            fail_msg("impl=%s len=%zu offset=%zu: got %08x, reference %08x", entries[e]->impl, len, offset,
                     (unsigned)got, (unsigned)want);
    }
    free(buf);
}

struct crc_vector {
    const char *what;
    uint8_t data[48];
    size_t len;
    uint32_t crc;
};

static void fill_vectors(struct crc_vector *v)
{
    /* The CRC-32C check value (catalogue of parametrised CRC algorithms, "CRC-32/ISCSI"). */
    v[0] = (struct crc_vector){.what = "\"123456789\"", .len = 9, .crc = 0xE3069283u};
    memcpy(v[0].data, "123456789", 9);
    /* RFC 3720 (iSCSI), appendix B.4 "CRC Examples"; the RFC prints each CRC as its bytes in wire
     * order, least significant first (e.g. "aa 36 91 8a" for 0x8A9136AA). */
    v[1] = (struct crc_vector){.what = "32 bytes of zeroes", .len = 32, .crc = 0x8A9136AAu};
    v[2] = (struct crc_vector){.what = "32 bytes of ones", .len = 32, .crc = 0x62A8AB43u};
    memset(v[2].data, 0xff, 32);
    v[3] = (struct crc_vector){.what = "32 bytes incrementing 00..1f", .len = 32, .crc = 0x46DD794Eu};
    v[4] = (struct crc_vector){.what = "32 bytes decrementing 1f..00", .len = 32, .crc = 0x113FDB5Cu};
    for (int i = 0; i < 32; i++) {
        v[3].data[i] = (uint8_t)i;
        v[4].data[i] = (uint8_t)(31 - i);
    }
    static const uint8_t read10_pdu[48] = {
        0x01, 0xc0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x14, 0x00, 0x00, 0x00, 0x00, 0x00, 0x04, 0x00,
        0x00, 0x00, 0x00, 0x14, 0x00, 0x00, 0x00, 0x18, 0x28, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    };
    v[5] = (struct crc_vector){.what = "iSCSI SCSI Read (10) command PDU", .len = 48, .crc = 0xD9963A56u};
    memcpy(v[5].data, read10_pdu, 48);
}

static void test_published_vectors(void **unused)
{
    (void)unused;
    struct crc_vector v[6];
    fill_vectors(v);
    for (size_t i = 0; i < 6; i++) {
        uint32_t ref = reference_crc32c(v[i].data, v[i].len);
        if (ref != v[i].crc)
            fail_msg("reference on %s: %08x, published %08x", v[i].what, (unsigned)ref, (unsigned)v[i].crc);
        for (size_t e = 0; e < n_entries; e++) {
            uint32_t one = oneshot_value(entries[e], v[i].data, v[i].len);
            uint32_t whole = streamed_value(entries[e], v[i].data, v[i].len, v[i].len, 1);
            uint32_t bytes = streamed_value(entries[e], v[i].data, v[i].len, 1, 1);
            if (one != v[i].crc || whole != v[i].crc || bytes != v[i].crc)
                fail_msg("impl=%s %s: one-shot %08x, streamed whole %08x, byte by byte %08x, published %08x",
                         entries[e]->impl, v[i].what, (unsigned)one, (unsigned)whole, (unsigned)bytes,
                         (unsigned)v[i].crc);
        }
    }
}

static uint8_t *random_pool(size_t len, uint64_t seed)
{
    uint8_t *pool = malloc(len);
    assert_non_null(pool);
    for (size_t i = 0; i < len; i++)
        pool[i] = (uint8_t)test_rng_next(&seed);
    return pool;
}

static void test_every_short_length(void **unused)
{
    (void)unused;
    uint8_t *pool = random_pool(1024, 1);
    for (size_t len = 0; len <= 1024; len++)
        check_all_at(pool, len, len % MAX_OFFSET, reference_crc32c(pool, len));
    free(pool);
}

static void test_random_lengths_and_offsets(void **unused)
{
    (void)unused;
    size_t pool_len = (size_t)1 << MAX_LEN_BITS;
    uint8_t *pool = random_pool(pool_len, 2);
    uint64_t rng = 3;
    for (int i = 0; i < RANDOM_CASES; i++) {
        /* A random bit width first: short lengths are as likely as long ones. */
        size_t len = (size_t)(test_rng_next(&rng) % ((uint64_t)1 << (1 + test_rng_next(&rng) % MAX_LEN_BITS)));
        size_t offset = (size_t)(test_rng_next(&rng) % MAX_OFFSET);
        size_t start = (size_t)(test_rng_next(&rng) % (pool_len - len + 1));
        check_all_at(pool + start, len, offset, reference_crc32c(pool + start, len));
    }
    free(pool);
}

static void test_streaming_equals_oneshot(void **unused)
{
    (void)unused;
    size_t pool_len = (size_t)1 << 16;
    uint8_t *pool = random_pool(pool_len, 4);
    uint64_t rng = 5;
    for (int i = 0; i < 200; i++) {
        size_t len = (size_t)(test_rng_next(&rng) % ((uint64_t)1 << (1 + test_rng_next(&rng) % 16)));
        size_t max_chunk = 1 + (size_t)(test_rng_next(&rng) % 2048);
        uint64_t split_seed = test_rng_next(&rng);
        for (size_t e = 0; e < n_entries; e++) {
            uint32_t want = oneshot_value(entries[e], pool, len);
            uint32_t got = streamed_value(entries[e], pool, len, max_chunk, split_seed);
            uint32_t bytes = len <= 4096 ? streamed_value(entries[e], pool, len, 1, 0) : want;
            if (got != want || bytes != want)
                fail_msg("impl=%s len=%zu offset=0 max_chunk=%zu split_seed=%llu: chunks %08x, byte by byte "
                         "%08x, one-shot %08x",
                         entries[e]->impl, len, max_chunk, (unsigned long long)split_seed, (unsigned)got,
                         (unsigned)bytes, (unsigned)want);
        }
    }
    free(pool);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_published_vectors),
        cmocka_unit_test(test_every_short_length),
        cmocka_unit_test(test_random_lengths_and_offsets),
        cmocka_unit_test(test_streaming_equals_oneshot),
    };
    return cmocka_run_group_tests_name("crc32c", tests, setup_entries, NULL);
}
