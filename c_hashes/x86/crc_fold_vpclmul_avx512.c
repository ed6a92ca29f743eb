/*
 * crc_fold_vpclmul_avx512.c — CRC-32C and CRC-32 (gzip) by carry-less folding with 512-bit
 * VPCLMULQDQ, ACCS registers of four lanes side by side; and CRC-32C with the crc32
 * instruction fused in (this file only is compiled with -mavx512f -mavx512bw -mavx512vl
 * -mvpclmulqdq -mpclmul -msse4.2).
 *
 * The fused variant uses both units at once: the folding keeps the carry-less multiplier busy and
 * leaves the crc32 unit (one instruction per cycle) idle, so each block of the input is cut into
 * three crc32 streams followed by the folded bytes (sizes in crc_fold_gen.c), every loop iteration
 * advancing the fold by STEP bytes and each stream by a few words. At the end of a block the
 * streams' registers are multiplied into the fold by constants fixed with the block size, and the
 * fold jumps over the next block's streams.
 */
#include "crc_fold.h"

/* One crc32 chain beats loading and reducing the folding registers up to about 128 bytes on Zen 4
 * (measured side by side in one hashbench run). */
#define CRC32C_FOLD_MIN 128
/* 512-bit registers folded side by side: enough to cover the multiplier's latency. */
#define ACCS 4
#define STEP (64 * ACCS)

static inline __m512i fold_zmm(__m512i x, __m512i k, __m512i next)
{
    return _mm512_ternarylogic_epi64(_mm512_clmulepi64_epi128(x, k, 0x00), _mm512_clmulepi64_epi128(x, k, 0x11), next,
                                     0x96);
}

static inline __m512i zmm_constant(const uint64_t pair[2])
{
    return _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)pair));
}

static inline __m512i load_zmm(const uint8_t *p)
{
    return _mm512_loadu_si512(p);
}

/* z holds the four lanes that end at p: folds the rest of the input into it and reduces. */
static inline uint32_t finish_one(__m512i z, const uint8_t *p, size_t len, const struct crc_fold_consts *k)
{
    __m512i k4 = zmm_constant(k->fold[4]);
    for (; len >= 64; p += 64, len -= 64)
        z = fold_zmm(z, k4, load_zmm(p));
    /* lanes 0, 1, 2 folded onto lane 3 by one multiplication each, lane 3's constant zero */
    __m512i spread =
        _mm512_set_epi64(0, 0, (long long)k->fold[1][1], (long long)k->fold[1][0], (long long)k->fold[2][1],
                         (long long)k->fold[2][0], (long long)k->fold[3][1], (long long)k->fold[3][0]);
    __m512i t = _mm512_xor_si512(_mm512_clmulepi64_epi128(z, spread, 0x00), _mm512_clmulepi64_epi128(z, spread, 0x11));
    __m128i x = _mm_ternarylogic_epi64(_mm512_castsi512_si128(t), _mm512_extracti32x4_epi32(t, 1),
                                       _mm512_extracti32x4_epi32(t, 2), 0x96);
    x = _mm_xor_si128(x, _mm512_extracti32x4_epi32(z, 3));
    return crc_fold_tail(x, p, len, k);
}

/* a[0..ACCS) hold the STEP bytes that end at p. */
static inline uint32_t finish_all(__m512i a[ACCS], const uint8_t *p, size_t len, const struct crc_fold_consts *k)
{
    __m512i kstep = zmm_constant(k->fold[4 * ACCS]);
    for (; len >= STEP; p += STEP, len -= STEP)
        for (int j = 0; j < ACCS; j++)
            a[j] = fold_zmm(a[j], kstep, load_zmm(p + 64 * j));
    /* every register folded onto the last, by one multiplication each */
    __m512i z = a[ACCS - 1];
    for (int j = 0; j < ACCS - 1; j++)
        z = fold_zmm(a[j], zmm_constant(k->fold[4 * (ACCS - 1 - j)]), z);
    return finish_one(z, p, len, k);
}

/* The running register over len >= 16 bytes; kept out of line so that the short inputs' callers
 * do not pay its register saves. */
static __attribute__((noinline)) uint32_t fold_run_zmm(uint32_t crc, const uint8_t *p, size_t len,
                                                       const struct crc_fold_consts *k)
{
    if (len < 64)
        return crc_fold_run_lanes(crc, p, len, k);
    __m512i a[ACCS];
    a[0] = _mm512_xor_si512(load_zmm(p), _mm512_zextsi128_si512(_mm_cvtsi32_si128((int)crc)));
    if (len < STEP)
        return finish_one(a[0], p + 64, len - 64, k);
    for (int j = 1; j < ACCS; j++)
        a[j] = load_zmm(p + 64 * j);
    return finish_all(a, p + STEP, len - STEP, k);
}

static uint32_t crc32c_vpclmul_avx512_run(uint32_t crc, const uint8_t *p, size_t len)
{
    if (len < CRC32C_FOLD_MIN)
        return crc32c_chain(crc, p, len);
    return fold_run_zmm(crc, p, len, &crc32c_fold_consts);
}

static uint32_t crc32_vpclmul_avx512_run(uint32_t crc, const uint8_t *p, size_t len)
{
    if (len < 16)
        return crc_fold_short(crc, p, len, &crc32_fold_consts);
    return fold_run_zmm(crc, p, len, &crc32_fold_consts);
}

#define FUSED_BLOCK (3 * CRC32C_FUSED_STREAM_BYTES + CRC32C_FUSED_FOLD_BYTES)

/* Advances three crc32 chains by one iteration's words each. */
static inline void fused_streams(uint64_t c[3], const uint8_t *s, size_t iteration)
{
    const uint8_t *w = s + iteration * 8 * CRC32C_FUSED_STREAM_WORDS;
    for (int i = 0; i < CRC32C_FUSED_STREAM_WORDS; i++) {
        c[0] = _mm_crc32_u64(c[0], hb_load_le64(w + 8 * i));
        c[1] = _mm_crc32_u64(c[1], hb_load_le64(w + CRC32C_FUSED_STREAM_BYTES + 8 * i));
        c[2] = _mm_crc32_u64(c[2], hb_load_le64(w + 2 * CRC32C_FUSED_STREAM_BYTES + 8 * i));
    }
}

_Static_assert(CRC32C_FUSED_REGS == ACCS, "crc_fold_gen.c's fused layout assumes ACCS registers");

static __attribute__((noinline)) uint32_t crc32c_fused_blocks(uint32_t crc, const uint8_t *p, size_t len)
{
    const struct crc_fold_consts *k = &crc32c_fold_consts;
    __m512i kstep = zmm_constant(k->fold[4 * ACCS]), gap = zmm_constant(crc32c_fused_gap_fold);
    __m512i a[ACCS];
    uint64_t c[3] = {crc, 0, 0}; /* the register enters with the first stream */
    for (int first = 1; len >= FUSED_BLOCK; first = 0, p += FUSED_BLOCK, len -= FUSED_BLOCK) {
        const uint8_t *f = p + 3 * CRC32C_FUSED_STREAM_BYTES;
        for (int j = 0; j < ACCS; j++)
            a[j] = first ? load_zmm(f + 64 * j) : fold_zmm(a[j], gap, load_zmm(f + 64 * j));
        fused_streams(c, p, 0);
        for (size_t i = 1; i < CRC32C_FUSED_ITERATIONS; i++) {
            for (int j = 0; j < ACCS; j++)
                a[j] = fold_zmm(a[j], kstep, load_zmm(f + i * STEP + 64 * j));
            fused_streams(c, p, i);
        }
        __m128i moved = _mm_setzero_si128();
        for (int s = 0; s < 3; s++)
            moved = _mm_xor_si128(
                moved, _mm_clmulepi64_si128(_mm_cvtsi64_si128((long long)(uint32_t)c[s]),
                                            _mm_cvtsi64_si128((long long)crc32c_fused_stream_shift[s]), 0x00));
        a[0] = _mm512_xor_si512(a[0], _mm512_zextsi128_si512(moved));
        c[0] = c[1] = c[2] = 0;
    }
    return finish_all(a, p, len, k);
}

static __attribute__((noinline)) uint32_t crc32c_fused_long(uint32_t crc, const uint8_t *p, size_t len)
{
    if (len < FUSED_BLOCK)
        return fold_run_zmm(crc, p, len, &crc32c_fold_consts);
    return crc32c_fused_blocks(crc, p, len);
}

/* Short inputs take one test and no register saves: the long paths are behind a single call. */
static uint32_t crc32c_fused_run(uint32_t crc, const uint8_t *p, size_t len)
{
    if (len < CRC32C_FOLD_MIN)
        return crc32c_chain(crc, p, len);
    return crc32c_fused_long(crc, p, len);
}

HB_CRC_ENTRY(hb_crc32c_vpclmul_avx512_crc, "crc32c", "vpclmul-avx512-crc", crc32c_fused_run,
             HB_CPU_SSSE3 | HB_CPU_SSE41 | HB_CPU_SSE42 | HB_CPU_PCLMULQDQ | HB_CPU_AVX | HB_CPU_AVX2 | HB_CPU_AVX512F |
                 HB_CPU_AVX512BW | HB_CPU_AVX512VL | HB_CPU_VPCLMULQDQ,
             "CRC-32C (Castagnoli), 512-bit vpclmulqdq folding fused with 3 crc32 streams", HB_VERIFICATION_CRC32C);
HB_CRC_ENTRY(hb_crc32c_vpclmul_avx512, "crc32c", "vpclmul-avx512", crc32c_vpclmul_avx512_run,
             HB_CPU_SSSE3 | HB_CPU_SSE41 | HB_CPU_SSE42 | HB_CPU_PCLMULQDQ | HB_CPU_AVX | HB_CPU_AVX2 | HB_CPU_AVX512F |
                 HB_CPU_AVX512BW | HB_CPU_AVX512VL | HB_CPU_VPCLMULQDQ,
             "CRC-32C (Castagnoli), 512-bit vpclmulqdq folding, 16 lanes", HB_VERIFICATION_CRC32C);
HB_CRC_ENTRY(hb_crc32_vpclmul_avx512, "crc32", "vpclmul-avx512", crc32_vpclmul_avx512_run,
             HB_CPU_SSSE3 | HB_CPU_SSE41 | HB_CPU_PCLMULQDQ | HB_CPU_AVX | HB_CPU_AVX2 | HB_CPU_AVX512F |
                 HB_CPU_AVX512BW | HB_CPU_AVX512VL | HB_CPU_VPCLMULQDQ,
             "CRC-32 (IEEE; gzip, zlib, PNG), 512-bit vpclmulqdq folding, 16 lanes", HB_VERIFICATION_CRC32);
