/*
 * memread_avx2.c — memread (memread_entry.h) with AVX2 loads (this file only is compiled with
 * -mavx2): 64 bytes a step in two 32-byte accumulators, the rest 8 bytes at a time.
 */
#include "memread_entry.h"

#include <immintrin.h>

static uint64_t memread_avx2_value(const void *in, size_t len, uint64_t seed)
{
    const unsigned char *p = in;
    __m256i a = _mm256_setzero_si256(), b = _mm256_setzero_si256();
    for (; len >= 64; len -= 64, p += 64) {
        a = _mm256_xor_si256(a, _mm256_loadu_si256((const __m256i *)p));
        b = _mm256_xor_si256(b, _mm256_loadu_si256((const __m256i *)(p + 32)));
    }
    __m256i x = _mm256_xor_si256(a, b);
    __m128i y = _mm_xor_si128(_mm256_castsi256_si128(x), _mm256_extracti128_si256(x, 1));
    uint64_t acc = (uint64_t)_mm_cvtsi128_si64(y) ^ (uint64_t)_mm_extract_epi64(y, 1) ^ seed;
    return memread_fold_tail(p, len, acc);
}

MEMREAD_ENTRY(hb_memread_avx2, "avx2", HB_CPU_AVX2, memread_avx2_value,
              "reads every byte with 32-byte loads (memory-read ceiling)", MEMREAD_VERIFICATION_WORDS);
