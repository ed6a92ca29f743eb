/*
 * memread_sse2.c — memread (memread_entry.h) with SSE2 loads (this file only is compiled with
 * -msse2): 64 bytes a step in four 16-byte accumulators, the rest 8 bytes at a time.
 */
#include "memread_entry.h"

#include <immintrin.h>

static uint64_t memread_sse2_value(const void *in, size_t len, uint64_t seed)
{
    const unsigned char *p = in;
    __m128i a = _mm_setzero_si128(), b = a, c = a, d = a;
    for (; len >= 64; len -= 64, p += 64) {
        a = _mm_xor_si128(a, _mm_loadu_si128((const __m128i *)p));
        b = _mm_xor_si128(b, _mm_loadu_si128((const __m128i *)(p + 16)));
        c = _mm_xor_si128(c, _mm_loadu_si128((const __m128i *)(p + 32)));
        d = _mm_xor_si128(d, _mm_loadu_si128((const __m128i *)(p + 48)));
    }
    __m128i x = _mm_xor_si128(_mm_xor_si128(a, b), _mm_xor_si128(c, d));
    uint64_t acc = (uint64_t)_mm_cvtsi128_si64(x) ^ (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(x, x)) ^ seed;
    return memread_fold_tail(p, len, acc);
}

MEMREAD_ENTRY(hb_memread_sse2, "sse2", HB_CPU_SSE2, memread_sse2_value,
              "reads every byte with 16-byte loads (memory-read ceiling)", MEMREAD_VERIFICATION_WORDS);
