/*
 * sha256_shani.c — SHA-256 and SHA-224 (FIPS 180-4) with the SHA-NI instructions (this file only is
 * compiled with -msha -msse4.1 -mssse3). No portable fallback: on a CPU without SHA-NI the entries
 * are listed as unavailable and the names resolve to OpenSSL.
 *
 * The one-shot path compresses the input's whole blocks in place and builds only the padded final
 * block or two on the stack: no context, no allocation, which is what a short input pays for
 * elsewhere. The streaming state is the chaining value, the byte count and a partial block.
 *
 * sha256rnds2 keeps the working variables as two registers, ABEF and CDGH, and does two rounds per
 * instruction; sha256msg1/sha256msg2 extend the message schedule four words at a time.
 */
#include "hb_internal.h"

#include <immintrin.h>

/* FIPS 180-4 section 4.2.2: the first 32 bits of the fractional parts of the cube roots of the
 * first 64 primes. */
static const uint32_t round_constants[64] __attribute__((aligned(16))) = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

/* FIPS 180-4 sections 5.3.3 and 5.3.2. */
static const uint32_t sha256_iv[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                      0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
static const uint32_t sha224_iv[8] = {0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
                                      0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4};

/* The chaining value in the instructions' layout. */
struct sha256_regs {
    __m128i abef, cdgh;
};

static inline struct sha256_regs regs_from_words(const uint32_t h[8])
{
    __m128i dcba = _mm_loadu_si128((const __m128i *)h), hgfe = _mm_loadu_si128((const __m128i *)(h + 4));
    __m128i cdab = _mm_shuffle_epi32(dcba, 0xB1), efgh = _mm_shuffle_epi32(hgfe, 0x1B);
    return (struct sha256_regs){_mm_alignr_epi8(cdab, efgh, 8), _mm_blend_epi16(efgh, cdab, 0xF0)};
}

static inline void regs_to_words(struct sha256_regs s, uint32_t h[8])
{
    __m128i feba = _mm_shuffle_epi32(s.abef, 0x1B), dchg = _mm_shuffle_epi32(s.cdgh, 0xB1);
    _mm_storeu_si128((__m128i *)h, _mm_blend_epi16(feba, dchg, 0xF0));
    _mm_storeu_si128((__m128i *)(h + 4), _mm_alignr_epi8(dchg, feba, 8));
}

/* Four rounds on message words m (the schedule's group g). */
#define ROUNDS4(s, m, g)                                                                                               \
    do {                                                                                                               \
        __m128i mk_ = _mm_add_epi32((m), _mm_load_si128((const __m128i *)(round_constants + 4 * (g))));                \
        (s).cdgh = _mm_sha256rnds2_epu32((s).cdgh, (s).abef, mk_);                                                     \
        (s).abef = _mm_sha256rnds2_epu32((s).abef, (s).cdgh, _mm_shuffle_epi32(mk_, 0x0E));                            \
    } while (0)

/* W[t..t+3] into a (which held W[t-16..t-13]) from b = W[t-12..], c = W[t-8..], d = W[t-4..]:
 * sigma0 terms by msg1, W[t-7..t-4] by alignr, sigma1 terms by msg2. */
#define SCHEDULE(a, b, c, d)                                                                                           \
    (a) = _mm_sha256msg2_epu32(_mm_add_epi32(_mm_sha256msg1_epu32((a), (b)), _mm_alignr_epi8((d), (c), 4)), (d))

/* Compresses the blocks 64-byte blocks at p into s; written out in full so that the sixteen
 * schedule words stay in four registers. */
static inline struct sha256_regs compress(struct sha256_regs s, const uint8_t *p, size_t blocks)
{
    const __m128i big_endian = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
    for (; blocks > 0; blocks--, p += 64) {
        struct sha256_regs saved = s;
        __m128i w0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)p), big_endian);
        __m128i w1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 16)), big_endian);
        __m128i w2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 32)), big_endian);
        __m128i w3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 48)), big_endian);
        ROUNDS4(s, w0, 0);
        ROUNDS4(s, w1, 1);
        ROUNDS4(s, w2, 2);
        ROUNDS4(s, w3, 3);
        for (int g = 4; g < 16; g += 4) {
            SCHEDULE(w0, w1, w2, w3);
            ROUNDS4(s, w0, g);
            SCHEDULE(w1, w2, w3, w0);
            ROUNDS4(s, w1, g + 1);
            SCHEDULE(w2, w3, w0, w1);
            ROUNDS4(s, w2, g + 2);
            SCHEDULE(w3, w0, w1, w2);
            ROUNDS4(s, w3, g + 3);
        }
        s.abef = _mm_add_epi32(s.abef, saved.abef);
        s.cdgh = _mm_add_epi32(s.cdgh, saved.cdgh);
    }
    return s;
}

/* Pads the last len % 64 bytes of a message of `total` bytes (tail points at them) into one or two
 * blocks and compresses them. */
static inline struct sha256_regs compress_final(struct sha256_regs s, const uint8_t *tail, uint64_t total)
{
    size_t rest = (size_t)(total % 64);
    uint8_t last[128] __attribute__((aligned(16))) = {0};
    if (rest > 0)
        memcpy(last, tail, rest);
    last[rest] = 0x80;
    size_t blocks = rest < 56 ? 1 : 2;
    hb_store_be64(last + 64 * blocks - 8, total * 8);
    return compress(s, last, blocks);
}

static inline void store_digest(struct sha256_regs s, uint8_t *out, size_t words)
{
    uint32_t h[8];
    regs_to_words(s, h);
    for (size_t i = 0; i < words; i++)
        hb_store_be32(out + 4 * i, h[i]);
}

static inline struct sha256_regs oneshot_regs(const uint32_t iv[8], const uint8_t *p, size_t len)
{
    struct sha256_regs s = regs_from_words(iv);
    if (len < 64) /* p may be NULL when len is 0: no arithmetic on it */
        return compress_final(s, p, len);
    return compress_final(compress(s, p, len / 64), p + (len & ~(size_t)63), len);
}

/* Streaming: the chaining value as words, the bytes seen, the unfinished block. */
struct sha256_stream {
    uint32_t h[8];
    uint64_t total;
    uint8_t partial[64];
};

static void stream_update(void *state, const void *in, size_t len)
{
    if (len == 0) /* in may be NULL */
        return;
    struct sha256_stream *st = state;
    const uint8_t *p = in;
    size_t have = (size_t)(st->total % 64);
    st->total += len;
    if (have > 0) {
        size_t take = 64 - have < len ? 64 - have : len;
        memcpy(st->partial + have, p, take);
        p += take;
        len -= take;
        if (have + take < 64)
            return;
        regs_to_words(compress(regs_from_words(st->h), st->partial, 1), st->h);
    }
    if (len >= 64)
        regs_to_words(compress(regs_from_words(st->h), p, len / 64), st->h);
    if (len % 64 > 0)
        memcpy(st->partial, p + (len & ~(size_t)63), len % 64);
}

static void stream_final(void *state, uint8_t *out, size_t words)
{
    struct sha256_stream *st = state;
    store_digest(compress_final(regs_from_words(st->h), st->partial, st->total), out, words);
}

#define SHANI_ENTRY(var, name_, iv, words, summary_, verification_)                                                    \
    static void var##_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)                                 \
    {                                                                                                                  \
        (void)seed;                                                                                                    \
        store_digest(oneshot_regs(iv, in, len), out, words);                                                           \
    }                                                                                                                  \
    static void var##_init(void *state, uint64_t seed)                                                                 \
    {                                                                                                                  \
        (void)seed;                                                                                                    \
        struct sha256_stream *st = state;                                                                              \
        memcpy(st->h, iv, sizeof st->h);                                                                               \
        st->total = 0;                                                                                                 \
    }                                                                                                                  \
    static void var##_final(void *state, uint8_t *out)                                                                 \
    {                                                                                                                  \
        stream_final(state, out, words);                                                                               \
    }                                                                                                                  \
    const struct hb_hash var = {                                                                                       \
        .name = name_,                                                                                                 \
        .impl = "shani",                                                                                               \
        .family = "sha2",                                                                                              \
        .summary = summary_,                                                                                           \
        .kind = HB_KIND_CRYPTO,                                                                                        \
        .out_bits = 32 * (words),                                                                                      \
        .seed_bits = 0,                                                                                                \
        .flags = 0,                                                                                                    \
        .dos = HB_DOS_NONE,                                                                                            \
        .output = HB_OUTPUT_FROZEN,                                                                                    \
        .cpu_req = HB_CPU_SSSE3 | HB_CPU_SSE41 | HB_CPU_SHA_NI,                                                        \
        .linkage = HB_LINK_BUILTIN,                                                                                    \
        .version = hb_builtin_version,                                                                                 \
        .oneshot = var##_oneshot,                                                                                      \
        .state_size = sizeof(struct sha256_stream),                                                                    \
        .init = var##_init,                                                                                            \
        .update = stream_update,                                                                                       \
        .final = var##_final,                                                                                          \
        .verification = (verification_),                                                                               \
    }

SHANI_ENTRY(hb_sha256_shani, "sha256", sha256_iv, 8, "SHA-256 (FIPS 180-4), SHA-NI instructions",
            HB_VERIFICATION_SHA256);
SHANI_ENTRY(hb_sha224_shani, "sha224", sha224_iv, 7, "SHA-224 (FIPS 180-4), SHA-NI instructions",
            HB_VERIFICATION_SHA224);
