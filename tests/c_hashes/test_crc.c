/*
 * test_crc.c — property: every crc32 and crc32c entry gives the CRC of its input, as a
 * bit-at-a-time reference computes it from the polynomial: the published check values, every
 * length 0..4096 (each at a different offset 0..63, and every offset for the lengths around the
 * folding paths' block edges), random lengths up to 256 KiB, hash64 equal to the one-shot value,
 * and streaming in random pieces and byte by byte equal to one-shot. One cmocka test per entry,
 * named after it; an entry this CPU cannot run is skipped with its name and reason. Inputs come
 * from a fixed-seed generator; every failure names the entry, len and offset (and the seed of the
 * piece split) to reproduce it.
 */
#include "test_support.h"

#define MAX_OFFSET   64
#define EVERY_LEN    4096
#define RANDOM_CASES 300
#define MAX_LEN_BITS 18 /* random lengths below 256 KiB */

/* Reflected polynomials, register preset to ones, result inverted (reveng CRC-32/ISO-HDLC and
 * CRC-32/ISCSI). */
static uint32_t reference_register(const char *name, uint32_t crc, const uint8_t *p, size_t len)
{
    uint32_t poly = strcmp(name, "crc32c") == 0 ? 0x82F63B78u : 0xEDB88320u;
    for (size_t i = 0; i < len; i++) {
        crc ^= p[i];
        for (int bit = 0; bit < 8; bit++)
            crc = (crc >> 1) ^ (poly & (0u - (crc & 1)));
    }
    return crc;
}

static uint32_t reference_crc(const char *name, const uint8_t *p, size_t len)
{
    return ~reference_register(name, 0xffffffffu, p, len);
}

static uint32_t oneshot_value(const struct hb_hash *h, const uint8_t *p, size_t len)
{
    uint8_t out[HB_MAX_OUT_BYTES];
    h->oneshot(p, len, 0, out);
    return (uint32_t)hb_bucket_value(h, out);
}

/* Streams p in random pieces of up to max_piece bytes drawn from split_seed (1: byte by byte). */
static uint32_t streamed_value(const struct hb_hash *h, const uint8_t *p, size_t len, size_t max_piece,
                               uint64_t split_seed)
{
    uint8_t out[HB_MAX_OUT_BYTES];
    test_stream_pieces(h, p, len, 0, &split_seed, max_piece, out);
    return (uint32_t)hb_bucket_value(h, out);
}

static uint8_t *random_pool(size_t len, uint64_t seed)
{
    uint8_t *pool = malloc(len);
    assert_non_null(pool);
    test_fill_random(&seed, pool, len);
    return pool;
}

/* One-shot and hash64 on a copy at `offset` in a buffer that ends where the input ends, so that a
 * sanitizer build catches reads past the end. */
static void check_at(const struct hb_hash *h, const uint8_t *src, size_t len, size_t offset, uint32_t want)
{
    uint8_t *buf = malloc(offset + len > 0 ? offset + len : 1);
    assert_non_null(buf);
    memcpy(buf + offset, src, len);
    uint32_t got = oneshot_value(h, buf + offset, len);
    uint32_t got64 = h->hash64 != NULL ? (uint32_t)h->hash64(buf + offset, len, 0) : got;
    free(buf);
    if (got != want || got64 != want)
        fail_msg("%s/%s len=%zu offset=%zu: one-shot %08x, hash64 %08x, reference %08x", h->name, h->impl, len, offset,
                 (unsigned)got, (unsigned)got64, (unsigned)want);
}

struct crc_vector {
    const char *name, *what;
    uint8_t data[48];
    size_t len;
    uint32_t crc;
};

static size_t fill_vectors(struct crc_vector *v)
{
    size_t n = 0;
    /* The check values of the catalogue of parametrised CRC algorithms (reveng). */
    v[n++] = (struct crc_vector){.name = "crc32c", .what = "\"123456789\"", .len = 9, .crc = 0xE3069283u};
    v[n++] = (struct crc_vector){.name = "crc32", .what = "\"123456789\"", .len = 9, .crc = 0xCBF43926u};
    memcpy(v[0].data, "123456789", 9);
    memcpy(v[1].data, "123456789", 9);
    /* RFC 3720 (iSCSI), appendix B.4 "CRC Examples"; the RFC prints each CRC as its bytes in wire
     * order, least significant first (e.g. "aa 36 91 8a" for 0x8A9136AA). */
    v[n++] = (struct crc_vector){.name = "crc32c", .what = "32 bytes of zeroes", .len = 32, .crc = 0x8A9136AAu};
    v[n] = (struct crc_vector){.name = "crc32c", .what = "32 bytes of ones", .len = 32, .crc = 0x62A8AB43u};
    memset(v[n++].data, 0xff, 32);
    v[n] = (struct crc_vector){.name = "crc32c", .what = "32 bytes incrementing 00..1f", .len = 32, .crc = 0x46DD794Eu};
    v[n + 1] =
        (struct crc_vector){.name = "crc32c", .what = "32 bytes decrementing 1f..00", .len = 32, .crc = 0x113FDB5Cu};
    for (int i = 0; i < 32; i++) {
        v[n].data[i] = (uint8_t)i;
        v[n + 1].data[i] = (uint8_t)(31 - i);
    }
    n += 2;
    static const uint8_t read10_pdu[48] = {
        0x01, 0xc0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x14, 0x00, 0x00, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x00, 0x14, 0x00, 0x00, 0x00, 0x18,
        0x28, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    };
    v[n] = (struct crc_vector){
        .name = "crc32c", .what = "iSCSI SCSI Read (10) command PDU", .len = 48, .crc = 0xD9963A56u};
    memcpy(v[n++].data, read10_pdu, 48);
    /* "The quick brown fox jumps over the lazy dog" is 43 bytes: too long for data[], checked in
     * test_vectors.c. */
    return n;
}

static void check_published_vectors(const struct hb_hash *h)
{
    struct crc_vector v[8];
    size_t n = fill_vectors(v);
    for (size_t i = 0; i < n; i++) {
        if (strcmp(v[i].name, h->name) != 0)
            continue;
        uint32_t ref = reference_crc(h->name, v[i].data, v[i].len);
        if (ref != v[i].crc)
            fail_msg("reference %s on %s: %08x, published %08x", h->name, v[i].what, (unsigned)ref, (unsigned)v[i].crc);
        uint32_t one = oneshot_value(h, v[i].data, v[i].len);
        uint32_t whole = streamed_value(h, v[i].data, v[i].len, v[i].len, 1);
        uint32_t bytes = streamed_value(h, v[i].data, v[i].len, 1, 1);
        if (one != v[i].crc || whole != v[i].crc || bytes != v[i].crc)
            fail_msg("%s/%s %s: one-shot %08x, streamed whole %08x, byte by byte %08x, published %08x", h->name,
                     h->impl, v[i].what, (unsigned)one, (unsigned)whole, (unsigned)bytes, (unsigned)v[i].crc);
    }
}

/* Lengths around the edges of the folding paths (16-byte lanes, 64- to 512-byte steps, the
 * short-input thresholds, the fused loop's blocks of a few KiB), each at every offset. */
static const size_t edge_lengths[] = {
    0,    1,    3,    4,    5,    7,    8,    9,    15,   16,   17,   31,    32,    33,    47,    48,    63,
    64,   65,   79,   80,   127,  128,  129,  255,  256,  257,  271,  383,   384,   511,   512,   513,   1023,
    1024, 1025, 4095, 4096, 4097, 5631, 5632, 5633, 5647, 5888, 6143, 11263, 11264, 11265, 16384, 22528,
};

static void test_entry(void **state)
{
    const struct hb_hash *h = *(const struct hb_hash *const *)*state;
    char why[128];
    if (!hb_can_run(h, why, sizeof why)) {
        print_message("%s/%s not run on this CPU: %s\n", h->name, h->impl, why);
        skip();
    }
    check_published_vectors(h);

    size_t pool_len = (size_t)1 << MAX_LEN_BITS;
    uint8_t *pool = random_pool(pool_len, 1);
    /* every length up to EVERY_LEN, the reference advanced one byte at a time */
    uint32_t prefix = 0xffffffffu;
    for (size_t len = 0; len <= EVERY_LEN; prefix = reference_register(h->name, prefix, pool + len, 1), len++)
        check_at(h, pool, len, len % MAX_OFFSET, ~prefix);
    for (size_t e = 0; e < sizeof edge_lengths / sizeof edge_lengths[0]; e++) {
        size_t len = edge_lengths[e];
        uint32_t want = reference_crc(h->name, pool + 7, len);
        for (size_t offset = 0; offset < MAX_OFFSET; offset++)
            check_at(h, pool + 7, len, offset, want);
    }
    uint64_t rng = 3;
    for (int i = 0; i < RANDOM_CASES; i++) {
        /* a random bit width first: short lengths are as likely as long ones */
        size_t len =
            (size_t)(hb_splitmix64_next(&rng) % ((uint64_t)1 << (1 + hb_splitmix64_next(&rng) % MAX_LEN_BITS)));
        size_t offset = (size_t)(hb_splitmix64_next(&rng) % MAX_OFFSET);
        size_t start = (size_t)(hb_splitmix64_next(&rng) % (pool_len - len + 1));
        check_at(h, pool + start, len, offset, reference_crc(h->name, pool + start, len));
    }
    for (int i = 0; i < 200; i++) {
        size_t len = (size_t)(hb_splitmix64_next(&rng) % ((uint64_t)1 << (1 + hb_splitmix64_next(&rng) % 16)));
        size_t max_piece = 1 + (size_t)(hb_splitmix64_next(&rng) % 8192);
        uint64_t split_seed = hb_splitmix64_next(&rng);
        uint32_t want = reference_crc(h->name, pool, len);
        uint32_t got = streamed_value(h, pool, len, max_piece, split_seed);
        uint32_t bytes = len <= 4096 ? streamed_value(h, pool, len, 1, 0) : want;
        if (got != want || bytes != want)
            fail_msg("%s/%s len=%zu offset=0 max_piece=%zu split_seed=%llu: pieces %08x, byte by byte %08x, "
                     "reference %08x",
                     h->name, h->impl, len, max_piece, (unsigned long long)split_seed, (unsigned)got, (unsigned)bytes,
                     (unsigned)want);
    }
    free(pool);
}

static bool is_crc32_or_crc32c(const struct hb_hash *h)
{
    return strcmp(h->name, "crc32") == 0 || strcmp(h->name, "crc32c") == 0;
}

int main(void)
{
    int failed = test_run_per_entry("crc", is_crc32_or_crc32c, test_entry);
    if (failed == -2)
        return 1;
    if (failed == -1) {
        fprintf(stderr, "test_crc: no crc entries in the registry\n");
        return 1;
    }
    return failed;
}
