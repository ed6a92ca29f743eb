/*
 * murmur3.c — MurmurHash3 (Austin Appleby's public-domain reference, SMHasher): x86_32 as
 * "murmur3-32" and x64_128 as "murmur3-128". The seed is 32 bits, as in the reference. Output:
 * murmur3-32 the integer big-endian; murmur3-128 h1 then h2, each little-endian, the bytes the
 * reference writes. Streaming keeps the unprocessed tail of a block and the total length, since
 * the length enters only at finalisation.
 */
#include "hb_direct.h"
#include "hb_internal.h"

#define M32_C1  0xcc9e2d51u
#define M32_C2  0x1b873593u
#define M128_C1 UINT64_C(0x87c37b91114253d5)
#define M128_C2 UINT64_C(0x4cf5ad432745937f)

static uint32_t fmix32(uint32_t h)
{
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    h ^= h >> 16;
    return h;
}

static uint64_t fmix64(uint64_t k)
{
    k ^= k >> 33;
    k *= UINT64_C(0xff51afd7ed558ccd);
    k ^= k >> 33;
    k *= UINT64_C(0xc4ceb9fe1a85ec53);
    k ^= k >> 33;
    return k;
}

/* ---- x86_32 ---- */

static uint32_t m32_mix_k(uint32_t k)
{
    k *= M32_C1;
    k = hb_rotl32(k, 15);
    return k * M32_C2;
}

static uint32_t m32_blocks(uint32_t h, const uint8_t *p, size_t nblocks)
{
    for (size_t i = 0; i < nblocks; i++) {
        h ^= m32_mix_k(hb_load_le32(p + 4 * i));
        h = hb_rotl32(h, 13);
        h = h * 5 + 0xe6546b64u;
    }
    return h;
}

static uint32_t m32_finish(uint32_t h, const uint8_t *tail, size_t tail_len, uint64_t total_len)
{
    uint32_t k = 0;
    switch (tail_len) {
    case 3: k ^= (uint32_t)tail[2] << 16; /* fall through */
    case 2: k ^= (uint32_t)tail[1] << 8;  /* fall through */
    case 1: k ^= tail[0]; h ^= m32_mix_k(k);
    }
    h ^= (uint32_t)total_len; /* the reference takes an int length */
    return fmix32(h);
}

/* The tail's address is formed only when there is a tail: in may be NULL when len is 0, and
 * NULL + 0 is undefined in C. */
static uint32_t murmur3_32_run(const void *in, size_t len, uint64_t seed)
{
    const uint8_t *p = in;
    uint32_t h = m32_blocks((uint32_t)seed, p, len / 4);
    const uint8_t *tail = (len & 3) != 0 ? p + (len & ~(size_t)3) : NULL;
    return m32_finish(h, tail, len & 3, len);
}

static void murmur3_32_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    hb_store_be32(out, murmur3_32_run(in, len, seed));
}

static uint64_t murmur3_32_hash64(const void *in, size_t len, uint64_t seed)
{
    return murmur3_32_run(in, len, seed);
}

struct m32_state {
    uint32_t h;
    struct hb_block_tail tail;
    uint64_t total;
};

static void murmur3_32_init(void *state, uint64_t seed)
{
    struct m32_state *s = state;
    s->h = (uint32_t)seed;
    s->tail.len = 0;
    s->total = 0;
}

static void murmur3_32_update(void *state, const void *in, size_t len)
{
    struct m32_state *s = state;
    const uint8_t *p = in;
    s->total += len;
    if (s->tail.len > 0) {
        if (!hb_block_tail_fill(&s->tail, 4, &p, &len))
            return;
        s->h = m32_blocks(s->h, s->tail.bytes, 1);
    }
    s->h = m32_blocks(s->h, p, len / 4);
    hb_block_tail_keep(&s->tail, 4, p, len);
}

static void murmur3_32_final(void *state, uint8_t *out)
{
    struct m32_state *s = state;
    hb_store_be32(out, m32_finish(s->h, s->tail.bytes, s->tail.len, s->total));
}

/* ---- x64_128 ---- */

struct m128_state {
    uint64_t h1, h2;
    struct hb_block_tail tail;
    uint64_t total;
};

static void m128_blocks(uint64_t *h1p, uint64_t *h2p, const uint8_t *p, size_t nblocks)
{
    uint64_t h1 = *h1p, h2 = *h2p;
    for (size_t i = 0; i < nblocks; i++) {
        uint64_t k1 = hb_load_le64(p + 16 * i), k2 = hb_load_le64(p + 16 * i + 8);
        k1 *= M128_C1;
        k1 = hb_rotl64(k1, 31);
        k1 *= M128_C2;
        h1 ^= k1;
        h1 = hb_rotl64(h1, 27);
        h1 += h2;
        h1 = h1 * 5 + 0x52dce729;
        k2 *= M128_C2;
        k2 = hb_rotl64(k2, 33);
        k2 *= M128_C1;
        h2 ^= k2;
        h2 = hb_rotl64(h2, 31);
        h2 += h1;
        h2 = h2 * 5 + 0x38495ab5;
    }
    *h1p = h1;
    *h2p = h2;
}

/* Leaves the final h1 and h2 in *h1p and *h2p. */
static void m128_finish(uint64_t *h1p, uint64_t *h2p, const uint8_t *tail, size_t tail_len, uint64_t total)
{
    uint64_t h1 = *h1p, h2 = *h2p;
    uint64_t k1 = 0, k2 = 0;
    for (size_t i = tail_len; i > 8; i--)
        k2 ^= (uint64_t)tail[i - 1] << (8 * (i - 9));
    if (tail_len > 8) {
        k2 *= M128_C2;
        k2 = hb_rotl64(k2, 33);
        k2 *= M128_C1;
        h2 ^= k2;
    }
    for (size_t i = tail_len < 8 ? tail_len : 8; i > 0; i--)
        k1 ^= (uint64_t)tail[i - 1] << (8 * (i - 1));
    if (tail_len > 0) {
        k1 *= M128_C1;
        k1 = hb_rotl64(k1, 31);
        k1 *= M128_C2;
        h1 ^= k1;
    }
    h1 ^= total; /* the reference takes an int length */
    h2 ^= total;
    h1 += h2;
    h2 += h1;
    h1 = fmix64(h1);
    h2 = fmix64(h2);
    h1 += h2;
    h2 += h1;
    *h1p = h1;
    *h2p = h2;
}

static void murmur3_128_run(const void *in, size_t len, uint64_t seed, uint64_t *h1, uint64_t *h2)
{
    const uint8_t *p = in;
    *h1 = *h2 = (uint32_t)seed;
    m128_blocks(h1, h2, p, len / 16);
    const uint8_t *tail = (len & 15) != 0 ? p + (len & ~(size_t)15) : NULL; /* see murmur3_32_run */
    m128_finish(h1, h2, tail, len & 15, len);
}

static void murmur3_128_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    uint64_t h1, h2;
    murmur3_128_run(in, len, seed, &h1, &h2);
    hb_store_le64(out, h1);
    hb_store_le64(out + 8, h2);
}

/* The output starts with h1 little-endian. */
static uint64_t murmur3_128_hash64(const void *in, size_t len, uint64_t seed)
{
    uint64_t h1, h2;
    murmur3_128_run(in, len, seed, &h1, &h2);
    return hb_bucket_of_le64(h1);
}

static void murmur3_128_init(void *state, uint64_t seed)
{
    struct m128_state *s = state;
    s->h1 = s->h2 = (uint32_t)seed;
    s->tail.len = 0;
    s->total = 0;
}

static void murmur3_128_update(void *state, const void *in, size_t len)
{
    struct m128_state *s = state;
    const uint8_t *p = in;
    s->total += len;
    if (s->tail.len > 0) {
        if (!hb_block_tail_fill(&s->tail, 16, &p, &len))
            return;
        m128_blocks(&s->h1, &s->h2, s->tail.bytes, 1);
    }
    m128_blocks(&s->h1, &s->h2, p, len / 16);
    hb_block_tail_keep(&s->tail, 16, p, len);
}

static void murmur3_128_final(void *state, uint8_t *out)
{
    struct m128_state *s = state;
    uint64_t h1 = s->h1, h2 = s->h2;
    m128_finish(&h1, &h2, s->tail.bytes, s->tail.len, s->total);
    hb_store_le64(out, h1);
    hb_store_le64(out + 8, h2);
}

/* Properties (both variants). dos: seed-independent. The seed only sets the starting state, and each
 * block's word goes through an invertible, unseeded mix before it is xored in, so a difference put
 * into one block can be chosen to leave the state differing in its top bit only, and cancelled by
 * the next block, whatever the state was: multicollisions for every seed, published by Aumasson,
 * Bernstein and Boßlet, "Hash-flooding DoS reloaded: attacks and defenses" (29C3 and Application
 * Security Forum, 2012), which broke the seeded MurmurHash3 tables of several language runtimes with
 * them. tests/c_hashes/test_dos.c builds such pairs and checks them under many seeds. Output: frozen
 * (SMHasher's reference and its verification codes have not changed since 2011). */
const struct hb_hash hb_murmur3_32_portable = {
    .name = "murmur3-32",
    .impl = "portable",
    .family = "murmur",
    .summary = "MurmurHash3 x86_32 (SMHasher reference)",
    .kind = HB_KIND_NONCRYPTO,
    .out_bits = 32,
    .seed_bits = 32,
    .flags = HB_FLAG_SEEDED | HB_FLAG_INTEGER,
    .dos = HB_DOS_SEED_INDEPENDENT,
    .output = HB_OUTPUT_FROZEN,
    .linkage = HB_LINK_BUILTIN,
    .version = hb_builtin_version,
    .oneshot = murmur3_32_oneshot,
    .hash64 = murmur3_32_hash64,
    .state_size = sizeof(struct m32_state),
    .init = murmur3_32_init,
    .update = murmur3_32_update,
    .final = murmur3_32_final,
    .verification = 0x32862FEB,
};

const struct hb_hash hb_murmur3_128_portable = {
    .name = "murmur3-128",
    .impl = "portable",
    .family = "murmur",
    .summary = "MurmurHash3 x64_128 (SMHasher reference)",
    .kind = HB_KIND_NONCRYPTO,
    .out_bits = 128,
    .seed_bits = 32,
    .flags = HB_FLAG_SEEDED,
    .dos = HB_DOS_SEED_INDEPENDENT,
    .output = HB_OUTPUT_FROZEN,
    .linkage = HB_LINK_BUILTIN,
    .version = hb_builtin_version,
    .oneshot = murmur3_128_oneshot,
    .hash64 = murmur3_128_hash64,
    .state_size = sizeof(struct m128_state),
    .init = murmur3_128_init,
    .update = murmur3_128_update,
    .final = murmur3_128_final,
    .verification = 0x6384BA69,
};

/* The direct call of a table of keys held by value (hb_direct.h). */
HB_DIRECT_DEFINE(murmur3_32_portable, murmur3_32_hash64)
