/* fidelity_loads_avx2.c — the AVX2 load loop (fidelity_loads.h); compiled with -mavx2. */
#include <immintrin.h>

#include "fidelity_loads.h"

void hb_loads_avx2(const unsigned char *buf, size_t len, long reps)
{
    __m256i a = _mm256_setzero_si256(), b = a, c = a, d = a;
    for (long r = 0; r < reps; r++) {
        __asm__ volatile("" ::: "memory");
        for (size_t i = 0; i < len; i += 128) {
            a = _mm256_xor_si256(a, _mm256_loadu_si256((const void *)(buf + i)));
            b = _mm256_xor_si256(b, _mm256_loadu_si256((const void *)(buf + i + 32)));
            c = _mm256_xor_si256(c, _mm256_loadu_si256((const void *)(buf + i + 64)));
            d = _mm256_xor_si256(d, _mm256_loadu_si256((const void *)(buf + i + 96)));
        }
    }
    a = _mm256_xor_si256(_mm256_xor_si256(a, b), _mm256_xor_si256(c, d));
    __asm__ volatile("" : : "x"(a));
}
