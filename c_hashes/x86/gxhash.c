/*
 * gxhash.c — GxHash (Olivier Giniaux, github.com/ogxd/gxhash, the Rust crate's 3.x algorithm):
 * gxhash64(input, seed), the x86-64 variant its authors publish (AES-NI over SSE2 vectors, 128-bit
 * state), output the low 64 bits of the state as an integer, big-endian. The 64-bit seed is used
 * whole (the crate's i64 seed, two's complement). Compiled with -maes -msse2 in this file only; the
 * entry needs AES-NI and is unavailable, with that reason, on a CPU without it. The crate's "hybrid"
 * build (VAES over 256-bit vectors) gives the same output and is not reproduced here.
 *
 * Shape of the algorithm: inputs up to 16 bytes are one vector, zero-padded, with the length added
 * to every byte. Longer inputs start from the partial (length mod 16) or first vector, then fold
 * one to three further vectors with AES rounds; above 64 bytes, single vectors go into the running
 * state until a multiple of eight remain, and eight-vector blocks run two lanes of AES rounds with
 * per-block counter keys, merged with the length added. Two keyed AES rounds and a last round
 * combine this with the state, one round takes the seed, and three keyed rounds finish.
 *
 * Reads past the end: like the crate, an input of at most 16 bytes is loaded as a whole vector and
 * masked when those 16 bytes do not cross a page boundary (they cannot fault then), and copied
 * otherwise. The masked bytes never influence the result; the load is not instrumented by
 * AddressSanitizer, which would otherwise report it.
 *
 * One-shot only: the state depends on the length from the first vector on (the partial vector
 * comes first and the total length is mixed into the block lanes), so it cannot be streamed.
 */
#include "hb_direct.h"
#include "hb_internal.h"

#include <immintrin.h>
#include <stdint.h>

#define GX_VECTOR 16
#define GX_PAGE   4096

/* The crate's KEYS, as bytes (the three 128-bit round keys). */
static const uint8_t gx_key_bytes[3][GX_VECTOR] = {
    {0x42, 0x45, 0x78, 0xf2, 0x21, 0x3e, 0x9d, 0xb0, 0xe5, 0x22, 0xc2, 0x89, 0x8e, 0xc2, 0x3b, 0xfc},
    {0x79, 0xe2, 0xfc, 0x03, 0x9b, 0x2e, 0x6b, 0xcb, 0x58, 0xdc, 0x61, 0xb3, 0xd9, 0x2b, 0x13, 0x39},
    {0x32, 0x2e, 0x01, 0xd0, 0x7d, 0x2b, 0x9d, 0x68, 0xb7, 0xb1, 0x44, 0x55, 0x2b, 0x12, 0x8b, 0xc7},
};

static inline __m128i gx_key(int i)
{
    return _mm_loadu_si128((const __m128i *)gx_key_bytes[i]);
}

static inline __m128i gx_load(const uint8_t *p)
{
    return _mm_loadu_si128((const __m128i *)p);
}

/* v with the bytes from len (< 16) on cleared, plus len in every byte. */
static inline __m128i gx_mask_len(__m128i v, size_t len)
{
    __m128i indices = _mm_set_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    __m128i len_vec = _mm_set1_epi8((char)len);
    return _mm_add_epi8(_mm_and_si128(v, _mm_cmpgt_epi8(len_vec, indices)), len_vec);
}

/* The 1..16 bytes of a whole input at p as one vector: a whole-vector load when it stays within
 * the page (see the file comment), a copy otherwise. */
__attribute__((no_sanitize_address)) static __m128i gx_partial(const uint8_t *p, size_t len)
{
    if (((uintptr_t)p & (GX_PAGE - 1)) < GX_PAGE - GX_VECTOR)
        return gx_mask_len(_mm_loadu_si128((const __m128i *)p), len);
    uint8_t buf[GX_VECTOR] = {0};
    memcpy(buf, p, len);
    return _mm_add_epi8(gx_load(buf), _mm_set1_epi8((char)len));
}

/* Eight-vector blocks from p to end in two AES lanes, with the length mixed in at the end. */
static __m128i gx_compress8(const uint8_t *p, const uint8_t *end, __m128i state, size_t len)
{
    __m128i t1 = _mm_setzero_si128(), t2 = _mm_setzero_si128();
    __m128i lane1 = state, lane2 = state;
    for (; p < end; p += 8 * GX_VECTOR) {
        __m128i v0 = gx_load(p), v1 = gx_load(p + 16), v2 = gx_load(p + 32), v3 = gx_load(p + 48);
        __m128i v4 = gx_load(p + 64), v5 = gx_load(p + 80), v6 = gx_load(p + 96), v7 = gx_load(p + 112);
        __m128i x1 = _mm_aesenc_si128(_mm_aesenc_si128(_mm_aesenc_si128(v0, v2), v4), v6);
        __m128i x2 = _mm_aesenc_si128(_mm_aesenc_si128(_mm_aesenc_si128(v1, v3), v5), v7);
        t1 = _mm_add_epi8(t1, gx_key(0));
        t2 = _mm_add_epi8(t2, gx_key(1));
        lane1 = _mm_aesenclast_si128(_mm_aesenc_si128(x1, t1), lane1);
        lane2 = _mm_aesenclast_si128(_mm_aesenc_si128(x2, t2), lane2);
    }
    __m128i len_vec = _mm_set1_epi32((int)(uint32_t)len);
    return _mm_aesenc_si128(_mm_add_epi8(lane1, len_vec), _mm_add_epi8(lane2, len_vec));
}

static __m128i gx_compress_all(const uint8_t *p, size_t len)
{
    if (len == 0)
        return _mm_setzero_si128();
    if (len <= GX_VECTOR)
        return gx_partial(p, len);
    const uint8_t *end = p + len;
    size_t extra = len % GX_VECTOR;
    __m128i state;
    if (extra == 0) {
        state = gx_load(p);
        p += GX_VECTOR;
    } else {
        state = gx_mask_len(gx_load(p), extra); /* more input follows: the 16 bytes are in it */
        p += extra;
    }
    __m128i v0 = gx_load(p);
    p += GX_VECTOR;
    if (len > 2 * GX_VECTOR) {
        v0 = _mm_aesenc_si128(v0, gx_load(p));
        p += GX_VECTOR;
        if (len > 3 * GX_VECTOR) {
            v0 = _mm_aesenc_si128(v0, gx_load(p));
            p += GX_VECTOR;
            if (len > 4 * GX_VECTOR) {
                /* single vectors until a whole number of eight-vector blocks is left */
                size_t blocks8 = (size_t)(end - p) / (8 * GX_VECTOR);
                const uint8_t *singles_end = end - blocks8 * 8 * GX_VECTOR;
                for (; p < singles_end; p += GX_VECTOR)
                    state = _mm_aesenc_si128(state, gx_load(p));
                state = gx_compress8(p, end, state, len);
            }
        }
    }
    v0 = _mm_aesenc_si128(_mm_aesenc_si128(v0, gx_key(0)), gx_key(1));
    return _mm_aesenclast_si128(state, v0);
}

static uint64_t gxhash64(const void *in, size_t len, uint64_t seed)
{
    __m128i state = _mm_aesenc_si128(gx_compress_all(in, len), _mm_set1_epi64x((long long)seed));
    state = _mm_aesenc_si128(state, gx_key(0));
    state = _mm_aesenc_si128(state, gx_key(1));
    state = _mm_aesenclast_si128(state, gx_key(2));
    return (uint64_t)_mm_cvtsi128_si64(state);
}

static void gxhash64_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    hb_store_be64(out, gxhash64(in, len, seed));
}

/* Properties. dos: seed-independent. The input is compressed by unkeyed AES rounds and the seed enters
 * only after, so two inputs whose compressed states collide collide for every seed; such pairs are
 * easy to build by inverting one round (c_hashes/dos_evidence.c cites the report and its pairs).
 * tests/c_hashes/test_dos.c checks a published pair under many seeds. Output:
 * versioned: GxHash's values are stable within a major version and a new major version is how it
 * changes them (its README, "Hashes Stability" and "Versioning"); this is 3. Needs: aes. The
 * algorithm is defined by AES rounds, and its authors publish AES-NI and ARM AES code only, with no
 * fallback (README, "Portability"). */
const struct hb_hash hb_gxhash64_aes = {
    .name = "gxhash64",
    .impl = "aes",
    .family = "gxhash",
    .summary =
        "GxHash 3 gxhash64 (Giniaux), AES-NI + SSE2, 64-bit seed; one-shot only (length shapes the first vector)",
    .kind = HB_KIND_NONCRYPTO,
    .out_bits = 64,
    .seed_bits = 64,
    .flags = HB_FLAG_SEEDED | HB_FLAG_INTEGER,
    .dos = HB_DOS_SEED_INDEPENDENT,
    .output = HB_OUTPUT_VERSIONED,
    .algo_version = "3",
    .needs = "aes",
    .cpu_req = HB_CPU_AES | HB_CPU_SSE2,
    .linkage = HB_LINK_BUILTIN,
    .version = hb_builtin_version,
    .oneshot = gxhash64_oneshot,
    .hash64 = gxhash64,
    .verification = 0x6859921A,
};

/* The direct call of a table of keys held by value (hb_direct.h). */
HB_DIRECT_DEFINE(gxhash64_aes, gxhash64)
