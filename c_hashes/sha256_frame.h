/*
 * sha256_frame.h — what SHA-256/SHA-224 entries of ours share whatever their instructions (x86/
 * with SHA-NI, arm/ with the AArch64 SHA-2 instructions): the constants, the padding of the final
 * block or two, the one-shot path without context or allocation, streaming, and the entry.
 *
 * Include it twice. First plain, for the constants (FIPS 180-4). Then, with HB_SHA256_FRAME
 * defined, after the file has defined struct sha256_regs (the chaining value in its instructions'
 * layout), regs_from_words, regs_to_words (to and from the eight words in order) and
 * compress(s, p, blocks) (whole 64-byte blocks into s): that gives the rest, and HB_SHA256_ENTRY.
 */
#ifndef HB_SHA256_FRAME
#ifndef HB_SHA256_CONSTANTS_H
#define HB_SHA256_CONSTANTS_H

#include "hb_internal.h"

#include <string.h>

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

#endif
#else
#ifndef HB_SHA256_FRAME_H
#define HB_SHA256_FRAME_H

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

#define HB_SHA256_ENTRY(var, name_, impl_, cpu_req_, iv, words, summary_, verification_)                               \
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
        .impl = impl_,                                                                                                 \
        .family = "sha2",                                                                                              \
        .summary = summary_,                                                                                           \
        .kind = HB_KIND_CRYPTO,                                                                                        \
        .out_bits = 32 * (words),                                                                                      \
        .seed_bits = 0,                                                                                                \
        .flags = 0,                                                                                                    \
        .dos = HB_DOS_NONE,                                                                                            \
        .output = HB_OUTPUT_FROZEN,                                                                                    \
        .cpu_req = (cpu_req_),                                                                                         \
        .linkage = HB_LINK_BUILTIN,                                                                                    \
        .version = hb_builtin_version,                                                                                 \
        .oneshot = var##_oneshot,                                                                                      \
        .state_size = sizeof(struct sha256_stream),                                                                    \
        .init = var##_init,                                                                                            \
        .update = stream_update,                                                                                       \
        .final = var##_final,                                                                                          \
        .verification = (verification_),                                                                               \
    }

#endif
#endif
