/*
 * rapidhash.c — rapidhash V3 (Nicolas De Carli, github.com/Nicoshev/rapidhash, a successor of
 * wyhash): the default rapidhash_withSeed() of rapidhash.h V3 with its default secret, in its fast
 * (not "protected") mixing. The 64-bit seed is used whole; the output is the 64-bit result,
 * big-endian. Input words are read little-endian on every host, as the reference does. It stands
 * here as the C counterpart of a runtime's per-process table hash (Go's runtime hash, where it
 * does not use AES instructions, is a wyhash derivative seeded once per process).
 *
 * Shape of the algorithm: up to 16 bytes are folded straight into the final multiply; longer
 * inputs run seven independent multiply-xor lanes over 112-byte blocks while more than 112 bytes
 * remain, then up to six 16-byte steps over the remaining 1..112 bytes, and the final multiply
 * takes the last 16 bytes of the input (which may reach back into the last block) and the count
 * of remaining bytes.
 *
 * Streaming is exact with bounded memory: the total length never enters the result except through
 * "at most 16 bytes in all" and the remainder after the blocks, so the state keeps the lanes, up
 * to 112 pending bytes (a block is hashed only once a later byte proves it is not the last), and
 * the 16 bytes before them for the final read.
 */
#include "hb_direct.h"
#include "hb_internal.h"

#include <stdbool.h>

#define RAPID_BLOCK 112
#define RAPID_LANES 7

/* The default secret of rapidhash V3 (rapid_secret in rapidhash.h). */
static const uint64_t rapid_secret[8] = {
    UINT64_C(0x2d358dccaa6c78a5), UINT64_C(0x8bb84b93962eacc9), UINT64_C(0x4b33a62ed433d4a3),
    UINT64_C(0x4d5a2da51de1aa47), UINT64_C(0xa0761d6478bd642f), UINT64_C(0xe7037ed1a0b428db),
    UINT64_C(0x90ed1765281c388c), UINT64_C(0xaaaaaaaaaaaaaaaa),
};

static inline uint64_t rapid_mix(uint64_t a, uint64_t b)
{
    uint64_t lo, hi;
    hb_mul128(a, b, &lo, &hi);
    return lo ^ hi;
}

static uint64_t rapid_seed(uint64_t seed)
{
    return seed ^ rapid_mix(seed ^ rapid_secret[2], rapid_secret[1]);
}

/* The last multiply, common to every length: a and b are the last input words, remaining the
 * bytes left after the blocks (the whole length when there were none). */
static uint64_t rapid_finish(uint64_t a, uint64_t b, uint64_t seed, uint64_t remaining)
{
    uint64_t lo, hi;
    hb_mul128(a ^ rapid_secret[1], b ^ seed, &lo, &hi);
    return rapid_mix(lo ^ rapid_secret[7], hi ^ rapid_secret[1] ^ remaining);
}

/* Inputs of 0..16 bytes; seed already passed through rapid_seed(). */
static uint64_t rapid_short(uint64_t seed, const uint8_t *p, size_t len)
{
    uint64_t a = 0, b = 0;
    if (len >= 8) {
        seed ^= len;
        a = hb_load_le64(p);
        b = hb_load_le64(p + len - 8);
    } else if (len >= 4) {
        seed ^= len;
        a = hb_load_le32(p);
        b = hb_load_le32(p + len - 4);
    } else if (len > 0) {
        a = ((uint64_t)p[0] << 45) | p[len - 1];
        b = p[len >> 1];
    }
    return rapid_finish(a, b, seed, len);
}

static void rapid_block(uint64_t lane[RAPID_LANES], const uint8_t *p)
{
    for (int i = 0; i < RAPID_LANES; i++)
        lane[i] = rapid_mix(hb_load_le64(p + 16 * i) ^ rapid_secret[i], hb_load_le64(p + 16 * i + 8) ^ lane[i]);
}

/* The lanes folded back into one seed; all lanes equal (no block hashed) folds to that value. */
static uint64_t rapid_fold(const uint64_t lane[RAPID_LANES])
{
    return lane[0] ^ lane[1] ^ lane[2] ^ lane[3] ^ lane[4] ^ lane[5] ^ lane[6];
}

/* The 1..112 bytes after the blocks, at p; the 16 bytes before p must be readable when
 * remaining < 16 (they are the end of the last block). */
static uint64_t rapid_tail(uint64_t seed, const uint8_t *p, size_t remaining)
{
    /* Which secret each 16-byte step of the tail uses. */
    static const unsigned step_secret[6] = {2, 2, 1, 1, 2, 1};
    for (size_t step = 0; step < 6 && remaining > 16 * (step + 1); step++)
        seed = rapid_mix(hb_load_le64(p + 16 * step) ^ rapid_secret[step_secret[step]],
                         hb_load_le64(p + 16 * step + 8) ^ seed);
    return rapid_finish(hb_load_le64(p + remaining - 16) ^ remaining, hb_load_le64(p + remaining - 8), seed, remaining);
}

static uint64_t rapidhash_v3(const uint8_t *p, size_t len, uint64_t seed)
{
    seed = rapid_seed(seed);
    if (len <= 16)
        return rapid_short(seed, p, len);
    if (len > RAPID_BLOCK) {
        uint64_t lane[RAPID_LANES];
        for (int i = 0; i < RAPID_LANES; i++)
            lane[i] = seed;
        do {
            rapid_block(lane, p);
            p += RAPID_BLOCK;
            len -= RAPID_BLOCK;
        } while (len > RAPID_BLOCK);
        seed = rapid_fold(lane);
    }
    return rapid_tail(seed, p, len);
}

static void rapidhash_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    hb_store_be64(out, rapidhash_v3(in, len, seed));
}

static uint64_t rapidhash_hash64(const void *in, size_t len, uint64_t seed)
{
    return rapidhash_v3(in, len, seed);
}

struct rapid_state {
    uint64_t lane[RAPID_LANES];
    bool hashed_blocks;
    size_t pending;                /* bytes at buf + 16, at most one block */
    uint8_t buf[16 + RAPID_BLOCK]; /* the last 16 bytes of the last block, then the pending bytes */
};

static void rapidhash_init(void *state, uint64_t seed)
{
    struct rapid_state *s = state;
    uint64_t mixed = rapid_seed(seed);
    for (int i = 0; i < RAPID_LANES; i++)
        s->lane[i] = mixed;
    s->hashed_blocks = false;
    s->pending = 0;
}

static void rapidhash_update(void *state, const void *in, size_t len)
{
    struct rapid_state *s = state;
    const uint8_t *p = in;
    if (len <= RAPID_BLOCK - s->pending) {
        if (len > 0)
            memcpy(s->buf + 16 + s->pending, p, len);
        s->pending += len;
        return;
    }
    /* More than a block is known from here on, so every block but the last can be hashed. */
    const uint8_t *last_block;
    if (s->pending > 0) {
        size_t fill = RAPID_BLOCK - s->pending;
        memcpy(s->buf + 16 + s->pending, p, fill);
        p += fill;
        len -= fill;
        rapid_block(s->lane, s->buf + 16);
        last_block = s->buf + 16;
    } else {
        rapid_block(s->lane, p);
        last_block = p;
        p += RAPID_BLOCK;
        len -= RAPID_BLOCK;
    }
    for (; len > RAPID_BLOCK; p += RAPID_BLOCK, len -= RAPID_BLOCK) {
        rapid_block(s->lane, p);
        last_block = p;
    }
    memmove(s->buf, last_block + RAPID_BLOCK - 16, 16);
    memcpy(s->buf + 16, p, len);
    s->pending = len;
    s->hashed_blocks = true;
}

static void rapidhash_final(void *state, uint8_t *out)
{
    struct rapid_state *s = state;
    uint64_t result;
    if (!s->hashed_blocks && s->pending <= 16)
        result = rapid_short(s->lane[0], s->buf + 16, s->pending);
    else
        result = rapid_tail(rapid_fold(s->lane), s->buf + 16, s->pending);
    hb_store_be64(out, result);
}

/* Properties. dos: seed-independent. Every step multiplies (word ^ public secret word) by
 * (word ^ state): an input word equal to the default secret word makes the product 0 whatever the
 * seed (the "blinding multiplication" of wyhash and its successors), which zeroes every lane and
 * loses the seed (c_hashes/dos_evidence.c cites the reports). The "protected" mixing, not used here,
 * keeps the operands. tests/c_hashes/test_dos.c builds such pairs and checks them under many seeds.
 * Output: versioned. V1, V2 and V3 give different values; this is V3. */
const struct hb_hash hb_rapidhash_portable = {
    .name = "rapidhash",
    .impl = "portable",
    .family = "rapidhash",
    .summary = "rapidhash V3 (De Carli; wyhash successor), 64-bit seed, default secret",
    .kind = HB_KIND_NONCRYPTO,
    .out_bits = 64,
    .seed_bits = 64,
    .flags = HB_FLAG_SEEDED | HB_FLAG_INTEGER,
    .dos = HB_DOS_SEED_INDEPENDENT,
    .output = HB_OUTPUT_VERSIONED,
    .algo_version = "V3",
    .linkage = HB_LINK_BUILTIN,
    .version = hb_builtin_version,
    .oneshot = rapidhash_oneshot,
    .hash64 = rapidhash_hash64,
    .state_size = sizeof(struct rapid_state),
    .init = rapidhash_init,
    .update = rapidhash_update,
    .final = rapidhash_final,
    .verification = 0xB2DB16B5,
};

/* The direct call of a table of keys held by value (hb_direct.h). */
HB_DIRECT_DEFINE(rapidhash_portable, rapidhash_hash64)
