/*
 * xxh3_inline_body.h — XXH3-64 and XXH3-128 compiled from xxhash.h with XXH_INLINE_ALL, included
 * once per vector ISA by xxh3_inline_<isa>.c. The includer defines:
 *   HB_XXH_SUFFIX   suffix of the exported functions and descriptors (sse2, avx2, avx512, generic)
 *   HB_XXH_VECTOR   the XXH_VECTOR value (XXH_SSE2, XXH_AVX2, XXH_AVX512; unset: xxHash's choice)
 *   HB_XXH_IMPL     the impl string ("inline-avx2"); HB_XXH_CPU_REQ the HB_CPU_* it needs
 * and CMake compiles that file with the ISA's flags (-mavx2, ...), so every path is built side by
 * side in one binary and the registry picks what the CPU runs.
 */
#include "hb_internal.h"

#define XXH_INLINE_ALL
#define XXH_STATIC_LINKING_ONLY
#ifdef HB_XXH_VECTOR
#define XXH_VECTOR HB_XXH_VECTOR
#endif
#include <xxhash.h>

#define HB_XXH_CAT_(a, b) a##_##b
#define HB_XXH_CAT(a, b)  HB_XXH_CAT_(a, b)
#define HB_XXH_FN(name)   HB_XXH_CAT(name, HB_XXH_SUFFIX)

/* flatten: the compiler's inlining heuristics differ per ISA flag set (with -mavx2 gcc 12 leaves
 * XXH3_64bits_withSeed as a call), which would make the variants differ by more than their
 * vector paths; every call below is inlined into this one function in every variant. */
#define HB_XXH_FLATTEN __attribute__((flatten))

HB_XXH_FLATTEN void HB_XXH_FN(hb_xxh3_64_oneshot)(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    hb_store_be64(out, XXH3_64bits_withSeed(in, len, seed));
}

HB_XXH_FLATTEN uint64_t HB_XXH_FN(hb_xxh3_64_hash64)(const void *in, size_t len, uint64_t seed)
{
    return XXH3_64bits_withSeed(in, len, seed);
}

/* A caller-owned XXH3 state must be XXH3_INITSTATE()d before its first reset. */
void HB_XXH_FN(hb_xxh3_64_init)(void *state, uint64_t seed)
{
    XXH3_INITSTATE((XXH3_state_t *)state);
    XXH3_64bits_reset_withSeed(state, seed);
}

void HB_XXH_FN(hb_xxh3_64_update)(void *state, const void *in, size_t len)
{
    XXH3_64bits_update(state, in, len);
}

void HB_XXH_FN(hb_xxh3_64_final)(void *state, uint8_t *out)
{
    hb_store_be64(out, XXH3_64bits_digest(state));
}

HB_XXH_FLATTEN void HB_XXH_FN(hb_xxh3_128_oneshot)(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    XXH128_hash_t h = XXH3_128bits_withSeed(in, len, seed);
    hb_store_xxh128(out, h.high64, h.low64);
}

/* The canonical form's first 8 bytes are the high half. */
HB_XXH_FLATTEN uint64_t HB_XXH_FN(hb_xxh3_128_hash64)(const void *in, size_t len, uint64_t seed)
{
    return XXH3_128bits_withSeed(in, len, seed).high64;
}

void HB_XXH_FN(hb_xxh3_128_init)(void *state, uint64_t seed)
{
    XXH3_INITSTATE((XXH3_state_t *)state);
    XXH3_128bits_reset_withSeed(state, seed);
}

void HB_XXH_FN(hb_xxh3_128_update)(void *state, const void *in, size_t len)
{
    XXH3_128bits_update(state, in, len);
}

void HB_XXH_FN(hb_xxh3_128_final)(void *state, uint8_t *out)
{
    XXH128_hash_t h = XXH3_128bits_digest(state);
    hb_store_xxh128(out, h.high64, h.low64);
}

/* The generic build backs the dispatching "inline" entries only; it gets no entry of its own. */
#ifdef HB_XXH_IMPL
/* xxhash.h's version macros: the inlined code is the header's. */
static const char *inline_version(void)
{
    return "xxhash.h " HB_STRINGIFY(XXH_VERSION_MAJOR) "." HB_STRINGIFY(XXH_VERSION_MINOR) "." HB_STRINGIFY(
        XXH_VERSION_RELEASE) " (XXH_INLINE_ALL)";
}

const struct hb_hash HB_XXH_FN(hb_xxh3_64_inline) = {
    .name = "xxh3-64",
    .impl = HB_XXH_IMPL,
    .family = "xxhash",
    .summary = "XXH3 64-bit, xxhash.h inlined, " HB_STRINGIFY(HB_XXH_SUFFIX) " path",
    .kind = HB_KIND_NONCRYPTO,
    .out_bits = 64,
    .seed_bits = 64,
    .flags = HB_FLAG_SEEDED | HB_FLAG_INTEGER,
    .dos = HB_DOS_SEEDED,
    .output = HB_OUTPUT_FROZEN,
    .cpu_req = HB_XXH_CPU_REQ,
    .linkage = HB_LINK_INLINE,
    .version = inline_version,
    .oneshot = HB_XXH_FN(hb_xxh3_64_oneshot),
    .hash64 = HB_XXH_FN(hb_xxh3_64_hash64),
    .state_size = sizeof(XXH3_state_t),
    .init = HB_XXH_FN(hb_xxh3_64_init),
    .update = HB_XXH_FN(hb_xxh3_64_update),
    .final = HB_XXH_FN(hb_xxh3_64_final),
    .verification = HB_VERIFICATION_XXH3_64,
};

const struct hb_hash HB_XXH_FN(hb_xxh3_128_inline) = {
    .name = "xxh3-128",
    .impl = HB_XXH_IMPL,
    .family = "xxhash",
    .summary = "XXH3 128-bit, xxhash.h inlined, " HB_STRINGIFY(HB_XXH_SUFFIX) " path",
    .kind = HB_KIND_NONCRYPTO,
    .out_bits = 128,
    .seed_bits = 64,
    .flags = HB_FLAG_SEEDED,
    .dos = HB_DOS_SEEDED,
    .output = HB_OUTPUT_FROZEN,
    .cpu_req = HB_XXH_CPU_REQ,
    .linkage = HB_LINK_INLINE,
    .version = inline_version,
    .oneshot = HB_XXH_FN(hb_xxh3_128_oneshot),
    .hash64 = HB_XXH_FN(hb_xxh3_128_hash64),
    .state_size = sizeof(XXH3_state_t),
    .init = HB_XXH_FN(hb_xxh3_128_init),
    .update = HB_XXH_FN(hb_xxh3_128_update),
    .final = HB_XXH_FN(hb_xxh3_128_final),
    .verification = HB_VERIFICATION_XXH3_128,
};
#endif
