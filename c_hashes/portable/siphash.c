/*
 * siphash.c — SipHash-2-4 and SipHash-1-3 (Aumasson and Bernstein, "SipHash: a fast short-input
 * PRF", 2012), 64-bit output. A keyed hash: with a secret key it resists hash flooding, which is
 * why language runtimes use it for tables. Seed mapping: see siphash.h.
 */
#include "siphash.h"

#include "hb_direct.h"
#include "hb_internal.h"

struct sip_state {
    uint64_t v0, v1, v2, v3;
    struct hb_block_tail tail;
    uint64_t total;
};

static void sip_round(struct sip_state *s)
{
    s->v0 += s->v1;
    s->v1 = hb_rotl64(s->v1, 13);
    s->v1 ^= s->v0;
    s->v0 = hb_rotl64(s->v0, 32);
    s->v2 += s->v3;
    s->v3 = hb_rotl64(s->v3, 16);
    s->v3 ^= s->v2;
    s->v0 += s->v3;
    s->v3 = hb_rotl64(s->v3, 21);
    s->v3 ^= s->v0;
    s->v2 += s->v1;
    s->v1 = hb_rotl64(s->v1, 17);
    s->v1 ^= s->v2;
    s->v2 = hb_rotl64(s->v2, 32);
}

static void sip_start(struct sip_state *s, uint64_t k0, uint64_t k1)
{
    s->v0 = k0 ^ UINT64_C(0x736f6d6570736575);
    s->v1 = k1 ^ UINT64_C(0x646f72616e646f6d);
    s->v2 = k0 ^ UINT64_C(0x6c7967656e657261);
    s->v3 = k1 ^ UINT64_C(0x7465646279746573);
    s->tail.len = 0;
    s->total = 0;
}

static void sip_compress(struct sip_state *s, uint64_t m, unsigned c_rounds)
{
    s->v3 ^= m;
    for (unsigned i = 0; i < c_rounds; i++)
        sip_round(s);
    s->v0 ^= m;
}

static void sip_absorb(struct sip_state *s, const uint8_t *p, size_t len, unsigned c_rounds)
{
    s->total += len;
    if (s->tail.len > 0) {
        if (!hb_block_tail_fill(&s->tail, 8, &p, &len))
            return;
        sip_compress(s, hb_load_le64(s->tail.bytes), c_rounds);
    }
    for (size_t i = 0; i + 8 <= len; i += 8)
        sip_compress(s, hb_load_le64(p + i), c_rounds);
    hb_block_tail_keep(&s->tail, 8, p, len);
}

static uint64_t sip_finish(struct sip_state *s, unsigned c_rounds, unsigned d_rounds)
{
    uint64_t b = s->total << 56; /* the length modulo 256 in the top byte */
    for (size_t i = 0; i < s->tail.len; i++)
        b |= (uint64_t)s->tail.bytes[i] << (8 * i);
    sip_compress(s, b, c_rounds);
    s->v2 ^= 0xff;
    for (unsigned i = 0; i < d_rounds; i++)
        sip_round(s);
    return s->v0 ^ s->v1 ^ s->v2 ^ s->v3;
}

uint64_t hb_siphash_with_key(unsigned c_rounds, unsigned d_rounds, const uint8_t key[16], const void *in, size_t len)
{
    struct sip_state s;
    sip_start(&s, hb_load_le64(key), hb_load_le64(key + 8));
    sip_absorb(&s, in, len, c_rounds);
    return sip_finish(&s, c_rounds, d_rounds);
}

/* Properties. dos: prf. SipHash is a keyed pseudo-random function designed against hash flooding
 * (Aumasson and Bernstein, "SipHash: a fast short-input PRF", INDOCRYPT 2012); SipHash-1-3 is its
 * reduced-round variant that Rust's standard hash maps and CPython use. Output: frozen (the paper's
 * test vectors). A table should draw the key at random per process, never use seed 0. */
#define SIPHASH_ENTRY(var, name_, c, d, summary_, verification_)                                                       \
    static void var##_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)                                 \
    {                                                                                                                  \
        struct sip_state s;                                                                                            \
        sip_start(&s, seed, 0);                                                                                        \
        sip_absorb(&s, in, len, c);                                                                                    \
        hb_store_be64(out, sip_finish(&s, c, d));                                                                      \
    }                                                                                                                  \
    static uint64_t var##_hash64(const void *in, size_t len, uint64_t seed)                                            \
    {                                                                                                                  \
        struct sip_state s;                                                                                            \
        sip_start(&s, seed, 0);                                                                                        \
        sip_absorb(&s, in, len, c);                                                                                    \
        return sip_finish(&s, c, d);                                                                                   \
    }                                                                                                                  \
    static void var##_init(void *state, uint64_t seed)                                                                 \
    {                                                                                                                  \
        sip_start(state, seed, 0);                                                                                     \
    }                                                                                                                  \
    static void var##_update(void *state, const void *in, size_t len)                                                  \
    {                                                                                                                  \
        sip_absorb(state, in, len, c);                                                                                 \
    }                                                                                                                  \
    static void var##_final(void *state, uint8_t *out)                                                                 \
    {                                                                                                                  \
        hb_store_be64(out, sip_finish(state, c, d));                                                                   \
    }                                                                                                                  \
    const struct hb_hash var = {                                                                                       \
        .name = name_,                                                                                                 \
        .impl = "portable",                                                                                            \
        .family = "siphash",                                                                                           \
        .summary = summary_,                                                                                           \
        .kind = HB_KIND_NONCRYPTO,                                                                                     \
        .out_bits = 64,                                                                                                \
        .seed_bits = 64,                                                                                               \
        .key_bits = 128,                                                                                               \
        .flags = HB_FLAG_SEEDED | HB_FLAG_INTEGER,                                                                     \
        .dos = HB_DOS_PRF,                                                                                             \
        .output = HB_OUTPUT_FROZEN,                                                                                    \
        .linkage = HB_LINK_BUILTIN,                                                                                    \
        .version = hb_builtin_version,                                                                                 \
        .oneshot = var##_oneshot,                                                                                      \
        .hash64 = var##_hash64,                                                                                        \
        .state_size = sizeof(struct sip_state),                                                                        \
        .init = var##_init,                                                                                            \
        .update = var##_update,                                                                                        \
        .final = var##_final,                                                                                          \
        .verification = verification_,                                                                                 \
    }

SIPHASH_ENTRY(hb_siphash_2_4_portable, "siphash-2-4", 2, 4, "SipHash-2-4, keyed PRF (key from the seed)", 0xAC3CE3F8);
SIPHASH_ENTRY(hb_siphash_1_3_portable, "siphash-1-3", 1, 3, "SipHash-1-3, the faster keyed variant (key from the seed)",
              0xB3A2907F);

/* The direct call of a table of keys held by value (hb_direct.h). */
HB_DIRECT_DEFINE(siphash_1_3_portable, hb_siphash_1_3_portable_hash64)
HB_DIRECT_DEFINE(siphash_2_4_portable, hb_siphash_2_4_portable_hash64)
