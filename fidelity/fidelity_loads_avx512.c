/* fidelity_loads_avx512.c — the AVX-512 load loop (fidelity_loads.h); compiled with -mavx512f. */
#include <immintrin.h>

#include "fidelity_loads.h"

void hb_loads_avx512(const unsigned char *buf, size_t len, long reps)
{
    __m512i a = _mm512_setzero_si512(), b = a;
    for (long r = 0; r < reps; r++) {
        __asm__ volatile("" ::: "memory");
        for (size_t i = 0; i < len; i += 128) {
            a = _mm512_xor_si512(a, _mm512_loadu_si512(buf + i));
            b = _mm512_xor_si512(b, _mm512_loadu_si512(buf + i + 64));
        }
    }
    a = _mm512_xor_si512(a, b);
    __asm__ volatile("" : : "v"(a));
}
