/*
 * memread.c — memread: every input byte read with the widest vector loads the CPU has and XORed
 * into independent accumulators, so the loop is bound by the loads alone. AVX-512 (Zen 4: two
 * 256-bit load ports, 64 bytes a cycle) reads 128 bytes a step and the last partial block with
 * one masked load, which never faults on the bytes it leaves out; AVX2 and SSE2 read 64 bytes a
 * step and the rest 8 bytes at a time. The XOR fold makes the output depend on every byte exactly
 * once, so the compiler cannot drop a load and a test can compare with a plain XOR of words.
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

__attribute__((target("avx512f,avx512bw,bmi2"))) static uint64_t memread_avx512_value(const void *in, size_t len,
                                                                                 uint64_t seed)
{
    const unsigned char *p = in;
    __m512i a = _mm512_setzero_si512(), b = _mm512_setzero_si512();
    for (; len >= 128; len -= 128, p += 128) {
        a = _mm512_xor_si512(a, _mm512_loadu_si512((const void *)p));
        b = _mm512_xor_si512(b, _mm512_loadu_si512((const void *)(p + 64)));
    }
    if (len >= 64) {
        a = _mm512_xor_si512(a, _mm512_loadu_si512((const void *)p));
        len -= 64;
        p += 64;
    }
    if (len > 0) /* in may be NULL when len is 0 */
        b = _mm512_xor_si512(b, _mm512_maskz_loadu_epi8(_bzhi_u64(~0ull, (unsigned)len), p));
    __m512i x = _mm512_xor_si512(a, b);
    __m256i y = _mm256_xor_si256(_mm512_castsi512_si256(x), _mm512_extracti64x4_epi64(x, 1));
    __m128i z = _mm_xor_si128(_mm256_castsi256_si128(y), _mm256_extracti128_si256(y, 1));
    return (uint64_t)_mm_cvtsi128_si64(z) ^ (uint64_t)_mm_extract_epi64(z, 1) ^ seed;
}

__attribute__((target("avx512f,avx512bw,bmi2"))) static void memread_avx512(const void *in, size_t len,
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

#define MEMREAD_ENTRY(var, impl_, req, fn, summary_)                                                \
    static const struct hb_hash var = {                                                             \
        .name = "memread", .impl = impl_, .family = "baseline", .summary = summary_,                \
        .kind = HB_KIND_BASELINE, .out_bits = 64, .seed_bits = 64,                                  \
        .flags = HB_FLAG_SEEDED | HB_FLAG_INTEGER, .cpu_req = req, .linkage = HB_LINK_BUILTIN,      \
        .version = memread_version, .oneshot = fn, .hash64 = fn##_value,                            \
    }

#if defined(__x86_64__)
MEMREAD_ENTRY(memread_avx512_entry, "avx512", HB_CPU_AVX512F | HB_CPU_AVX512BW | HB_CPU_BMI2, memread_avx512,
              "reads every byte with 64-byte loads, the tail with one masked load (memory-read ceiling)");
MEMREAD_ENTRY(memread_avx2_entry, "avx2", HB_CPU_AVX2, memread_avx2,
              "reads every byte with 32-byte loads (memory-read ceiling)");
MEMREAD_ENTRY(memread_sse2_entry, "sse2", HB_CPU_SSE2, memread_sse2,
              "reads every byte with 16-byte loads (memory-read ceiling)");
const struct hb_hash *const hb_memread_entries[] = {&memread_avx512_entry, &memread_avx2_entry,
                                                    &memread_sse2_entry};
#else
MEMREAD_ENTRY(memread_portable_entry, "portable", 0, memread_portable,
              "reads every byte with 8-byte loads (memory-read ceiling)");
const struct hb_hash *const hb_memread_entries[] = {&memread_portable_entry};
#endif
const size_t hb_memread_entry_count = sizeof hb_memread_entries / sizeof hb_memread_entries[0];
