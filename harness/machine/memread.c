/*
 * memread.c — memread: every input byte read with the widest vector loads the CPU has and XORed
 * into independent accumulators, so the loop is bound by the loads alone. AVX-512 (Zen 4: two
 * 256-bit load ports, 64 bytes a cycle) reads 128 bytes a step; the last partial block is one
 * 64-byte load ending at the input's end, and an input under 64 bytes two loads of the widest
 * width that fits, one from each end, as the fast hashes read short keys. The bytes such a load
 * reads twice are cleared in a register, so every byte enters the XOR fold (once, from 4 bytes up)
 * and the compiler cannot drop a load. AVX2 and SSE2 read 64 bytes a step and the rest 8 bytes at a time.
 */
#include "memread.h"

#include <string.h>

#include "hb_version.h"

static const char *memread_version(void)
{
    return "hashbench " HB_VERSION;
}

/* The bytes after the last whole 64-byte block, 8 at a time, then one at a time. */
static uint64_t fold_tail(const unsigned char *p, size_t len, uint64_t acc)
{
    for (; len >= 8; len -= 8, p += 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        acc ^= w;
    }
    for (unsigned shift = 0; len > 0; len--, p++, shift += 8)
        acc ^= (uint64_t)*p << shift;
    return acc;
}

static void store_result(uint8_t *out, uint64_t v)
{
    for (int i = 7; i >= 0; i--, v >>= 8)
        out[i] = (uint8_t)v;
}

#if defined(__x86_64__)
#include <immintrin.h>

/* Inputs shorter than 64 bytes: two loads of the widest width that fits, one from each end, the
 * second's bytes that the first already read cleared in a register, so every byte counts once. */
__attribute__((target("avx512f,avx512bw,avx512vl"))) static uint64_t memread_avx512_short(const unsigned char *p,
                                                                                          size_t len)
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

__attribute__((target("avx512f,avx512bw,avx512vl"))) static uint64_t memread_avx512_value(const void *in, size_t len,
                                                                                          uint64_t seed)
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

__attribute__((target("avx512f,avx512bw,avx512vl"))) static void memread_avx512(const void *in, size_t len,
                                                                                uint64_t seed, uint8_t *out)
{
    store_result(out, memread_avx512_value(in, len, seed));
}

__attribute__((target("avx2"))) static uint64_t memread_avx2_value(const void *in, size_t len, uint64_t seed)
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
    return fold_tail(p, len, acc);
}

static void memread_avx2(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    store_result(out, memread_avx2_value(in, len, seed));
}

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
    return fold_tail(p, len, acc);
}

static void memread_sse2(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    store_result(out, memread_sse2_value(in, len, seed));
}
#else
static uint64_t memread_portable_value(const void *in, size_t len, uint64_t seed)
{
    return fold_tail(in, len, seed);
}

static void memread_portable(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    store_result(out, memread_portable_value(in, len, seed));
}
#endif

#define MEMREAD_ENTRY(var, impl_, req, fn, summary_)                                                                   \
    static const struct hb_hash var = {                                                                                \
        .name = "memread",                                                                                             \
        .impl = impl_,                                                                                                 \
        .family = "baseline",                                                                                          \
        .summary = summary_,                                                                                           \
        .kind = HB_KIND_BASELINE,                                                                                      \
        .out_bits = 64,                                                                                                \
        .seed_bits = 64,                                                                                               \
        .flags = HB_FLAG_SEEDED | HB_FLAG_INTEGER,                                                                     \
        .cpu_req = req,                                                                                                \
        .linkage = HB_LINK_BUILTIN,                                                                                    \
        .version = memread_version,                                                                                    \
        .oneshot = fn,                                                                                                 \
        .hash64 = fn##_value,                                                                                          \
    }

#if defined(__x86_64__)
MEMREAD_ENTRY(memread_avx512_entry, "avx512", HB_CPU_AVX512F | HB_CPU_AVX512BW | HB_CPU_AVX512VL, memread_avx512,
              "reads every byte with 64-byte loads, tails with overlapping loads (memory-read ceiling)");
MEMREAD_ENTRY(memread_avx2_entry, "avx2", HB_CPU_AVX2, memread_avx2,
              "reads every byte with 32-byte loads (memory-read ceiling)");
MEMREAD_ENTRY(memread_sse2_entry, "sse2", HB_CPU_SSE2, memread_sse2,
              "reads every byte with 16-byte loads (memory-read ceiling)");
const struct hb_hash *const hb_memread_entries[] = {&memread_avx512_entry, &memread_avx2_entry, &memread_sse2_entry};
#else
MEMREAD_ENTRY(memread_portable_entry, "portable", 0, memread_portable,
              "reads every byte with 8-byte loads (memory-read ceiling)");
const struct hb_hash *const hb_memread_entries[] = {&memread_portable_entry};
#endif
const size_t hb_memread_entry_count = sizeof hb_memread_entries / sizeof hb_memread_entries[0];
