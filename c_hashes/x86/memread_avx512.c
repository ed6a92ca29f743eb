/*
 * memread_avx512.c — memread (memread_entry.h) with AVX-512 loads (this file only is compiled with
 * -mavx512f -mavx512bw -mavx512vl). Zen 4 has two 256-bit load ports, 64 bytes a cycle: 128 bytes
 * a step; the last partial block is one 64-byte load ending at the input's end, and an input under
 * 64 bytes two loads of the widest width that fits, one from each end, as the fast hashes read
 * short keys. The bytes such a load reads twice are cleared in a register, so every byte enters
 * the XOR fold (once, from 4 bytes up) and the compiler cannot drop a load; those bytes land in
 * other positions of the word than the other variants put them.
 */
#include "memread_entry.h"

#include <immintrin.h>

/* Inputs shorter than 64 bytes: two loads of the widest width that fits, one from each end, the
 * second's bytes that the first already read cleared in a register, so every byte counts once. */
static uint64_t memread_avx512_short(const unsigned char *p, size_t len)
{
    if (len == 0) /* p may be NULL, and NULL + 0 is undefined in C */
        return 0;
    const unsigned char *end = p + len;
    if (len >= 32) {
        __m256i head = _mm256_loadu_si256((const __m256i *)p);
        __m256i tail = _mm256_maskz_mov_epi8((__mmask32)(0xffffffffull << (64 - len)),
                                             _mm256_loadu_si256((const __m256i *)(end - 32)));
        __m256i x = _mm256_xor_si256(head, tail);
        __m128i y = _mm_xor_si128(_mm256_castsi256_si128(x), _mm256_extracti128_si256(x, 1));
        return (uint64_t)_mm_cvtsi128_si64(y) ^ (uint64_t)_mm_extract_epi64(y, 1);
    }
    if (len >= 16) {
        __m128i head = _mm_loadu_si128((const __m128i *)p);
        __m128i tail =
            _mm_maskz_mov_epi8((__mmask16)(0xffffu << (32 - len)), _mm_loadu_si128((const __m128i *)(end - 16)));
        __m128i y = _mm_xor_si128(head, tail);
        return (uint64_t)_mm_cvtsi128_si64(y) ^ (uint64_t)_mm_extract_epi64(y, 1);
    }
    if (len >= 8) {
        uint64_t head, tail;
        memcpy(&head, p, 8);
        memcpy(&tail, end - 8, 8);
        return head ^ (len > 8 ? tail >> (8 * (16 - len)) : 0);
    }
    if (len >= 4) {
        uint32_t head, tail;
        memcpy(&head, p, 4);
        memcpy(&tail, end - 4, 4);
        return head ^ (len > 4 ? (uint64_t)(tail >> (8 * (8 - len))) << 32 : 0);
    }
    /* 1 to 3 bytes without a branch on the length, as xxh3 reads them: the first, middle and
     * last byte (a byte of a shorter input appears more than once, each time in its own lane). */
    return (uint64_t)p[0] | (uint64_t)p[len >> 1] << 8 | (uint64_t)p[len - 1] << 16 | (uint64_t)len << 24;
}

static uint64_t memread_avx512_value(const void *in, size_t len, uint64_t seed)
{
    const unsigned char *p = in;
    if (len < 64)
        return memread_avx512_short(p, len) ^ seed;
    const unsigned char *end = p + len;
    __m512i a = _mm512_setzero_si512(), b = _mm512_setzero_si512();
    for (; len >= 128; len -= 128, p += 128) {
        a = _mm512_xor_si512(a, _mm512_loadu_si512((const void *)p));
        b = _mm512_xor_si512(b, _mm512_loadu_si512((const void *)(p + 64)));
    }
    if (len >= 64) {
        a = _mm512_xor_si512(a, _mm512_loadu_si512((const void *)p));
        len -= 64;
    }
    if (len > 0) /* the last 64 bytes, overlapping what was read, the overlap cleared */
        b = _mm512_xor_si512(b,
                             _mm512_maskz_mov_epi8(~0ull << (64 - len), _mm512_loadu_si512((const void *)(end - 64))));
    __m512i x = _mm512_xor_si512(a, b);
    __m256i y = _mm256_xor_si256(_mm512_castsi512_si256(x), _mm512_extracti64x4_epi64(x, 1));
    __m128i z = _mm_xor_si128(_mm256_castsi256_si128(y), _mm256_extracti128_si256(y, 1));
    return (uint64_t)_mm_cvtsi128_si64(z) ^ (uint64_t)_mm_extract_epi64(z, 1) ^ seed;
}

MEMREAD_ENTRY(hb_memread_avx512, "avx512", HB_CPU_AVX512F | HB_CPU_AVX512BW | HB_CPU_AVX512VL, memread_avx512_value,
              "reads every byte with 64-byte loads, tails with overlapping loads (memory-read ceiling)", 0x08090908u);
