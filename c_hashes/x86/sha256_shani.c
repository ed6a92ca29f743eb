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

#include "sha256_frame.h"

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

#define HB_SHA256_FRAME
#include "sha256_frame.h"

HB_SHA256_ENTRY(hb_sha256_shani, "sha256", "shani", HB_CPU_SSSE3 | HB_CPU_SSE41 | HB_CPU_SHA_NI, sha256_iv, 8,
                "SHA-256 (FIPS 180-4), SHA-NI instructions", HB_VERIFICATION_SHA256);
HB_SHA256_ENTRY(hb_sha224_shani, "sha224", "shani", HB_CPU_SSSE3 | HB_CPU_SSE41 | HB_CPU_SHA_NI, sha224_iv, 7,
                "SHA-224 (FIPS 180-4), SHA-NI instructions", HB_VERIFICATION_SHA224);
