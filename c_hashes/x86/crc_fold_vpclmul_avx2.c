/*
 * crc_fold_vpclmul_avx2.c — CRC-32C and CRC-32 (gzip) by carry-less folding with 256-bit
 * VPCLMULQDQ: four registers of two lanes, 128 bytes per step (this file only is compiled with
 * -mavx2 -mvpclmulqdq -mpclmul -msse4.2). Inputs shorter than one step go through crc_fold.h's
 * 128-bit path; CRC-32C below CRC32C_FOLD_MIN bytes through the crc32 instruction.
 */
#include "crc_fold.h"

/* One crc32 chain beats loading and reducing the folding registers up to about 128 bytes on Zen 4
 * (measured side by side in one hashbench run). */
#define CRC32C_FOLD_MIN 128
#define STEP            128

static inline __m256i fold_ymm(__m256i x, __m256i k, __m256i next)
{
    __m256i high = _mm256_clmulepi64_epi128(x, k, 0x00), low = _mm256_clmulepi64_epi128(x, k, 0x11);
    return _mm256_xor_si256(_mm256_xor_si256(high, low), next);
}

static inline __m256i ymm_constant(const struct crc_fold_consts *k, unsigned lanes)
{
    return _mm256_broadcastsi128_si256(crc_fold_constant(k, lanes));
}

static inline __m256i load_ymm(const uint8_t *p)
{
    return _mm256_loadu_si256((const __m256i *)p);
}

/* Kept out of line so that the short inputs' callers do not pay its register saves. */
static __attribute__((noinline)) uint32_t fold_run_ymm(uint32_t crc, const uint8_t *p, size_t len,
                                                       const struct crc_fold_consts *k)
{
    if (len < STEP)
        return crc_fold_run_lanes(crc, p, len, k);
    __m256i y0 = _mm256_xor_si256(load_ymm(p), _mm256_zextsi128_si256(_mm_cvtsi32_si128((int)crc)));
    __m256i y1 = load_ymm(p + 32), y2 = load_ymm(p + 64), y3 = load_ymm(p + 96);
    __m256i k8 = ymm_constant(k, 8);
    for (p += STEP, len -= STEP; len >= STEP; p += STEP, len -= STEP) {
        y0 = fold_ymm(y0, k8, load_ymm(p));
        y1 = fold_ymm(y1, k8, load_ymm(p + 32));
        y2 = fold_ymm(y2, k8, load_ymm(p + 64));
        y3 = fold_ymm(y3, k8, load_ymm(p + 96));
    }
    __m256i y =
        fold_ymm(y0, ymm_constant(k, 6), fold_ymm(y1, ymm_constant(k, 4), fold_ymm(y2, ymm_constant(k, 2), y3)));
    __m256i k2 = ymm_constant(k, 2);
    for (; len >= 32; p += 32, len -= 32)
        y = fold_ymm(y, k2, load_ymm(p));
    __m128i x = crc_fold_lane(_mm256_castsi256_si128(y), crc_fold_constant(k, 1), _mm256_extracti128_si256(y, 1));
    return crc_fold_tail(x, p, len, k);
}

static uint32_t crc32c_vpclmul_avx2_run(uint32_t crc, const uint8_t *p, size_t len)
{
    if (len < CRC32C_FOLD_MIN)
        return crc32c_chain(crc, p, len);
    return fold_run_ymm(crc, p, len, &crc32c_fold_consts);
}

static uint32_t crc32_vpclmul_avx2_run(uint32_t crc, const uint8_t *p, size_t len)
{
    if (len < 16)
        return crc_fold_short(crc, p, len, &crc32_fold_consts);
    return fold_run_ymm(crc, p, len, &crc32_fold_consts);
}

HB_CRC_ENTRY(hb_crc32c_vpclmul_avx2, "crc32c", "vpclmul-avx2", crc32c_vpclmul_avx2_run,
             HB_CPU_SSSE3 | HB_CPU_SSE41 | HB_CPU_SSE42 | HB_CPU_PCLMULQDQ | HB_CPU_AVX | HB_CPU_AVX2 |
                 HB_CPU_VPCLMULQDQ,
             "CRC-32C (Castagnoli), 256-bit vpclmulqdq folding, 8 lanes", HB_VERIFICATION_CRC32C);
HB_CRC_ENTRY(hb_crc32_vpclmul_avx2, "crc32", "vpclmul-avx2", crc32_vpclmul_avx2_run,
             HB_CPU_SSSE3 | HB_CPU_SSE41 | HB_CPU_PCLMULQDQ | HB_CPU_AVX | HB_CPU_AVX2 | HB_CPU_VPCLMULQDQ,
             "CRC-32 (IEEE; gzip, zlib, PNG), 256-bit vpclmulqdq folding, 8 lanes", HB_VERIFICATION_CRC32);
