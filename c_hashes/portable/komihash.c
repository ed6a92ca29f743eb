/*
 * komihash.c — komihash v5 (Aleksey Vaneev, github.com/avaneev/komihash, komihash.h 5.x): the
 * 64-bit komihash(Msg, MsgLen, UseSeed) with the 64-bit seed used whole, output the 64-bit result
 * big-endian. Input words are read little-endian on every host, as the reference does.
 *
 * Shape of the algorithm: two 64-bit state words start from the digits of pi, the seed's even bits
 * go into one and its odd bits into the other, then one multiply round mixes them. Each step
 * multiplies (Seed1 ^ word) by (Seed5 ^ word) to 128 bits, keeps the low half in Seed1 and adds the
 * high half into Seed5 (the full product is kept, nothing is folded away). Inputs of 64 bytes or
 * more run four such lane pairs over 64-byte blocks while at least 64 bytes remain; the lanes are
 * xored back into two words, and the remaining 0..63 bytes go through 16-byte steps and a last
 * step whose final partial word is padded with a 1 bit just above its bytes (so lengths differ
 * without a length term).
 *
 * Streaming is exact: the total length enters only through "fewer than 64 bytes in all" and the
 * remainder after the blocks, so the state holds the lanes and up to 64 pending bytes; a full
 * block is hashed as soon as it is complete, as the one-shot loop would.
 */
#include "hb_direct.h"
#include "hb_internal.h"

#include <stdbool.h>

#define KOMI_BLOCK 64

/* The 128-bit product of u and v: the low half replaces *lo, the high half is added to *hi. */
static inline void komi_mul(uint64_t u, uint64_t v, uint64_t *lo, uint64_t *hi)
{
    uint64_t high;
    hb_mul128(u, v, lo, &high);
    *hi += high;
}

struct komi_pair {
    uint64_t s1, s5;
};

static inline void komi_round(struct komi_pair *p)
{
    komi_mul(p->s1, p->s5, &p->s1, &p->s5);
    p->s1 ^= p->s5;
}

static inline void komi_step16(struct komi_pair *p, const uint8_t *m)
{
    komi_mul(p->s1 ^ hb_load_le64(m), p->s5 ^ hb_load_le64(m + 8), &p->s1, &p->s5);
    p->s1 ^= p->s5;
}

static inline uint64_t komi_finish(struct komi_pair p, uint64_t r1, uint64_t r2)
{
    komi_mul(r1, r2, &p.s1, &p.s5);
    p.s1 ^= p.s5;
    komi_round(&p);
    return p.s1;
}

/* The n < 8 bytes before end, little-endian, with a 1 bit above them; reads the 8 bytes before
 * end (which the callers guarantee are readable), the ones before the n shifted out. */
static inline uint64_t komi_pad_back(const uint8_t *end, size_t n)
{
    if (n == 0)
        return 1;
    return (UINT64_C(1) << (8 * n)) | (hb_load_le64(end - 8) >> (64 - 8 * n));
}

/* The same value for 1..7 bytes at p when nothing outside them may be read. */
static inline uint64_t komi_pad_short(const uint8_t *p, size_t n)
{
    uint64_t m;
    if (n >= 4)
        m = hb_load_le32(p) | ((uint64_t)hb_load_le32(p + n - 4) >> (64 - 8 * n)) << 32;
    else
        m = p[0] | (n > 1 ? (uint64_t)p[1] << 8 : 0) | (n > 2 ? (uint64_t)p[2] << 16 : 0);
    return (UINT64_C(1) << (8 * n)) | m;
}

static inline struct komi_pair komi_start(uint64_t seed)
{
    struct komi_pair p = {UINT64_C(0x243F6A8885A308D3) ^ (seed & UINT64_C(0x5555555555555555)),
                          UINT64_C(0x452821E638D01377) ^ (seed & UINT64_C(0xAAAAAAAAAAAAAAAA))};
    komi_round(&p);
    return p;
}

/* Four lane pairs over 64-byte blocks: s[0..3] are Seed1..4, s[4..7] Seed5..8. */
static void komi_lanes_init(uint64_t s[8], struct komi_pair p)
{
    s[0] = p.s1;
    s[1] = UINT64_C(0x13198A2E03707344) ^ p.s1;
    s[2] = UINT64_C(0xA4093822299F31D0) ^ p.s1;
    s[3] = UINT64_C(0x082EFA98EC4E6C89) ^ p.s1;
    s[4] = p.s5;
    s[5] = UINT64_C(0xBE5466CF34E90C6C) ^ p.s5;
    s[6] = UINT64_C(0xC0AC29B7C97C50DD) ^ p.s5;
    s[7] = UINT64_C(0x3F84D5B5B5470917) ^ p.s5;
}

static inline void komi_block(uint64_t s[8], const uint8_t *m)
{
    for (int i = 0; i < 4; i++)
        komi_mul(s[i] ^ hb_load_le64(m + 8 * i), s[4 + i] ^ hb_load_le64(m + 32 + 8 * i), &s[i], &s[4 + i]);
    /* each lane's low word takes the previous lane's high word, so the lanes never fall into step */
    s[1] ^= s[4];
    s[2] ^= s[5];
    s[3] ^= s[6];
    s[0] ^= s[7];
}

static inline struct komi_pair komi_lanes_fold(const uint64_t s[8])
{
    struct komi_pair p = {s[0] ^ s[1] ^ s[2] ^ s[3], s[4] ^ s[5] ^ s[6] ^ s[7]};
    return p;
}

/* The last 0..63 bytes at m after at least 32 hashed or skipped bytes: the 8 bytes before m are
 * readable. */
static inline uint64_t komi_epilogue(struct komi_pair p, const uint8_t *m, size_t n)
{
    if (n > 31) {
        komi_step16(&p, m);
        komi_step16(&p, m + 16);
        m += 32;
        n -= 32;
    }
    if (n > 15) {
        komi_step16(&p, m);
        m += 16;
        n -= 16;
    }
    if (n > 7)
        return komi_finish(p, p.s1 ^ hb_load_le64(m), p.s5 ^ komi_pad_back(m + n, n - 8));
    return komi_finish(p, p.s1 ^ komi_pad_back(m + n, n), p.s5);
}

/* Inputs of fewer than 64 bytes, p already through komi_start. */
static inline uint64_t komi_under64(struct komi_pair p, const uint8_t *m, size_t n)
{
    if (n < 16) {
        uint64_t r1 = p.s1, r2 = p.s5;
        if (n > 7) {
            r2 ^= komi_pad_back(m + n, n - 8);
            r1 ^= hb_load_le64(m);
        } else if (n > 0) {
            r1 ^= komi_pad_short(m, n);
        }
        return komi_finish(p, r1, r2);
    }
    if (n < 32) {
        komi_step16(&p, m);
        if (n > 23)
            return komi_finish(p, p.s1 ^ hb_load_le64(m + 16), p.s5 ^ komi_pad_back(m + n, n - 24));
        return komi_finish(p, p.s1 ^ komi_pad_back(m + n, n - 16), p.s5);
    }
    return komi_epilogue(p, m, n);
}

static uint64_t komihash64(const void *in, size_t len, uint64_t seed)
{
    const uint8_t *m = in;
    struct komi_pair p = komi_start(seed);
    if (len < KOMI_BLOCK)
        return komi_under64(p, m, len);
    uint64_t s[8];
    komi_lanes_init(s, p);
    do {
        komi_block(s, m);
        m += KOMI_BLOCK;
        len -= KOMI_BLOCK;
    } while (len >= KOMI_BLOCK);
    return komi_epilogue(komi_lanes_fold(s), m, len);
}

static void komihash_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    hb_store_be64(out, komihash64(in, len, seed));
}

struct komi_state {
    uint64_t lane[8];
    uint64_t seed;
    bool hashed_blocks;
    size_t pending;
    uint8_t pad[8]; /* zero: the epilogue's padded reads may reach up to 8 bytes before buf */
    uint8_t buf[KOMI_BLOCK];
};

static void komihash_init(void *state, uint64_t seed)
{
    struct komi_state *s = state;
    s->seed = seed;
    s->hashed_blocks = false;
    s->pending = 0;
    memset(s->pad, 0, sizeof s->pad);
}

static void komi_stream_block(struct komi_state *s, const uint8_t *m)
{
    if (!s->hashed_blocks) {
        komi_lanes_init(s->lane, komi_start(s->seed));
        s->hashed_blocks = true;
    }
    komi_block(s->lane, m);
}

static void komihash_update(void *state, const void *in, size_t len)
{
    struct komi_state *s = state;
    const uint8_t *p = in;
    if (s->pending > 0) {
        size_t take = KOMI_BLOCK - s->pending < len ? KOMI_BLOCK - s->pending : len;
        memcpy(s->buf + s->pending, p, take);
        s->pending += take;
        p += take;
        len -= take;
        if (s->pending < KOMI_BLOCK)
            return;
        komi_stream_block(s, s->buf);
        s->pending = 0;
    }
    for (; len >= KOMI_BLOCK; p += KOMI_BLOCK, len -= KOMI_BLOCK)
        komi_stream_block(s, p);
    if (len > 0)
        memcpy(s->buf, p, len);
    s->pending = len;
}

static void komihash_final(void *state, uint8_t *out)
{
    struct komi_state *s = state;
    uint64_t result = s->hashed_blocks ? komi_epilogue(komi_lanes_fold(s->lane), s->buf, s->pending)
                                       : komi_under64(komi_start(s->seed), s->buf, s->pending);
    hb_store_be64(out, result);
}

/* Properties. dos: seed-independent. The four lanes of the 64-byte loop start from one state word
 * xored with public constants, so input words that cancel those constants give two lanes identical
 * operands; a block tied that way leaves both state words equal for every seed, after which the
 * first tail step is symmetric in its two words: pairs that collide under every seed.
 * tests/c_hashes/test_dos.c builds such pairs and checks them under many seeds; c_hashes/dos_evidence.c
 * cites the report the tied lanes come from and says which pairs are ours. Output:
 * versioned (komihash 4 and 5 give different values); this is v5. */
const struct hb_hash hb_komihash_portable = {
    .name = "komihash",
    .impl = "portable",
    .family = "komihash",
    .summary = "komihash v5 (Vaneev), 64-bit seed, 128-bit multiply-accumulate lanes",
    .kind = HB_KIND_NONCRYPTO,
    .out_bits = 64,
    .seed_bits = 64,
    .flags = HB_FLAG_SEEDED | HB_FLAG_INTEGER,
    .dos = HB_DOS_SEED_INDEPENDENT,
    .output = HB_OUTPUT_VERSIONED,
    .algo_version = "v5",
    .linkage = HB_LINK_BUILTIN,
    .version = hb_builtin_version,
    .oneshot = komihash_oneshot,
    .hash64 = komihash64,
    .state_size = sizeof(struct komi_state),
    .init = komihash_init,
    .update = komihash_update,
    .final = komihash_final,
    .verification = 0x1820C1ED,
};

/* The direct call of a table of keys held by value (hb_direct.h). */
HB_DIRECT_DEFINE(komihash_portable, komihash64)
