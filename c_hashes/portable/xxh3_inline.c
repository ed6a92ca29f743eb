/*
 * xxh3_inline.c — the "inline" entries of xxh3-64 and xxh3-128: run the widest inlined vector
 * path this CPU runs (AVX-512, else AVX2, else SSE2 on x86-64; NEON on AArch64; elsewhere xxHash's
 * generic build). The choice is made by hb_init() (and again by hb_cpu_restrict() in tests); each
 * call is one indirect jump to the chosen variant, as xxHash's own xxh_x86dispatch.c does.
 */
#include "hb_internal.h"

#include <stdio.h>

#define XXH_STATIC_LINKING_ONLY /* sizeof(XXH3_state_t) and the version macros; nothing is called */
#include <xxhash.h>

struct xxh3_variant {
    const char *isa;
    uint32_t cpu_req;
    hb_oneshot_fn oneshot64, oneshot128;
    hb_hash64_fn hash64_64, hash64_128;
    hb_init_fn init64, init128;
    hb_update_fn update64, update128;
    hb_final_fn final64, final128;
};

#define XXH3_VARIANT_DECLARE(isa)                                                                                      \
    void hb_xxh3_64_oneshot_##isa(const void *, size_t, uint64_t, uint8_t *);                                          \
    uint64_t hb_xxh3_64_hash64_##isa(const void *, size_t, uint64_t);                                                  \
    uint64_t hb_xxh3_128_hash64_##isa(const void *, size_t, uint64_t);                                                 \
    void hb_xxh3_64_init_##isa(void *, uint64_t);                                                                      \
    void hb_xxh3_64_update_##isa(void *, const void *, size_t);                                                        \
    void hb_xxh3_64_final_##isa(void *, uint8_t *);                                                                    \
    void hb_xxh3_128_oneshot_##isa(const void *, size_t, uint64_t, uint8_t *);                                         \
    void hb_xxh3_128_init_##isa(void *, uint64_t);                                                                     \
    void hb_xxh3_128_update_##isa(void *, const void *, size_t);                                                       \
    void hb_xxh3_128_final_##isa(void *, uint8_t *);
#define XXH3_VARIANT(isa, req)                                                                                         \
    {                                                                                                                  \
#isa, req, hb_xxh3_64_oneshot_##isa, hb_xxh3_128_oneshot_##isa, hb_xxh3_64_hash64_##isa,                       \
            hb_xxh3_128_hash64_##isa, hb_xxh3_64_init_##isa, hb_xxh3_128_init_##isa, hb_xxh3_64_update_##isa,          \
            hb_xxh3_128_update_##isa, hb_xxh3_64_final_##isa, hb_xxh3_128_final_##isa                                  \
    }

/* Widest first: the variant families this build holds (c_hashes/CMakeLists.txt), then xxHash's
 * generic build unless the SSE2 one, which every x86-64 CPU runs, or the NEON one, which every
 * AArch64 CPU runs (Linux's AArch64 ABI passes floating-point values in its registers), is there
 * to be the last resort. */
#ifdef HB_BUILT_XXH3_INLINE_AVX512
XXH3_VARIANT_DECLARE(avx512)
#endif
#ifdef HB_BUILT_XXH3_INLINE_AVX2
XXH3_VARIANT_DECLARE(avx2)
#endif
#if defined(HB_BUILT_XXH3_INLINE_SSE2)
XXH3_VARIANT_DECLARE(sse2)
#elif defined(HB_BUILT_XXH3_INLINE_NEON)
XXH3_VARIANT_DECLARE(neon)
#else
XXH3_VARIANT_DECLARE(generic)
#endif
static const struct xxh3_variant variants[] = {
#ifdef HB_BUILT_XXH3_INLINE_AVX512
    XXH3_VARIANT(avx512, HB_CPU_AVX512F),
#endif
#ifdef HB_BUILT_XXH3_INLINE_AVX2
    XXH3_VARIANT(avx2, HB_CPU_AVX2),
#endif
#if defined(HB_BUILT_XXH3_INLINE_SSE2)
    XXH3_VARIANT(sse2, HB_CPU_SSE2),
#elif defined(HB_BUILT_XXH3_INLINE_NEON)
    XXH3_VARIANT(neon, HB_CPU_ASIMD),
#else
    XXH3_VARIANT(generic, 0),
#endif
};
#define VARIANT_COUNT (sizeof variants / sizeof variants[0])

/* Until hb_init() runs, the last (narrowest) variant, which every CPU of the target runs. */
static const struct xxh3_variant *chosen = &variants[VARIANT_COUNT - 1];

/* The family's RESOLVER (c_hashes/CMakeLists.txt): hb_init() and hb_cpu_restrict() call it with
 * the current (possibly restricted) feature set. */
void hb_xxh3_inline_resolve(uint32_t features)
{
    for (size_t i = 0; i < VARIANT_COUNT; i++) {
        if ((variants[i].cpu_req & features) == variants[i].cpu_req) {
            chosen = &variants[i];
            return;
        }
    }
    chosen = &variants[VARIANT_COUNT - 1];
}

static void xxh3_64_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    chosen->oneshot64(in, len, seed, out);
}
static uint64_t xxh3_64_hash64(const void *in, size_t len, uint64_t seed)
{
    return chosen->hash64_64(in, len, seed);
}
static uint64_t xxh3_128_hash64(const void *in, size_t len, uint64_t seed)
{
    return chosen->hash64_128(in, len, seed);
}
static void xxh3_64_init(void *state, uint64_t seed)
{
    chosen->init64(state, seed);
}
static void xxh3_64_update(void *state, const void *in, size_t len)
{
    chosen->update64(state, in, len);
}
static void xxh3_64_final(void *state, uint8_t *out)
{
    chosen->final64(state, out);
}
static void xxh3_128_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    chosen->oneshot128(in, len, seed, out);
}
static void xxh3_128_init(void *state, uint64_t seed)
{
    chosen->init128(state, seed);
}
static void xxh3_128_update(void *state, const void *in, size_t len)
{
    chosen->update128(state, in, len);
}
static void xxh3_128_final(void *state, uint8_t *out)
{
    chosen->final128(state, out);
}

/* The version text names the variant chosen, so a run's provenance says which path ran. */
static const char *dispatch_version(void)
{
    static char text[96];
    snprintf(text, sizeof text, "xxhash.h %s (XXH_INLINE_ALL), dispatch to %s",
             HB_STRINGIFY(XXH_VERSION_MAJOR) "." HB_STRINGIFY(XXH_VERSION_MINOR) "." HB_STRINGIFY(XXH_VERSION_RELEASE),
             chosen->isa);
    return text;
}

const struct hb_hash hb_xxh3_64_inline = {
    .name = "xxh3-64",
    .impl = "inline",
    .family = "xxhash",
    .summary = "XXH3 64-bit, xxhash.h inlined, widest vector path this CPU runs",
    .kind = HB_KIND_NONCRYPTO,
    .out_bits = 64,
    .seed_bits = 64,
    .flags = HB_FLAG_SEEDED | HB_FLAG_INTEGER,
    .dos = HB_DOS_SEEDED,
    .output = HB_OUTPUT_FROZEN,
    .linkage = HB_LINK_INLINE,
    .version = dispatch_version,
    .oneshot = xxh3_64_oneshot,
    .hash64 = xxh3_64_hash64,
    .state_size = sizeof(XXH3_state_t),
    .init = xxh3_64_init,
    .update = xxh3_64_update,
    .final = xxh3_64_final,
    .verification = HB_VERIFICATION_XXH3_64,
};

const struct hb_hash hb_xxh3_128_inline = {
    .name = "xxh3-128",
    .impl = "inline",
    .family = "xxhash",
    .summary = "XXH3 128-bit, xxhash.h inlined, widest vector path this CPU runs",
    .kind = HB_KIND_NONCRYPTO,
    .out_bits = 128,
    .seed_bits = 64,
    .flags = HB_FLAG_SEEDED,
    .dos = HB_DOS_SEEDED,
    .output = HB_OUTPUT_FROZEN,
    .linkage = HB_LINK_INLINE,
    .version = dispatch_version,
    .oneshot = xxh3_128_oneshot,
    .hash64 = xxh3_128_hash64,
    .state_size = sizeof(XXH3_state_t),
    .init = xxh3_128_init,
    .update = xxh3_128_update,
    .final = xxh3_128_final,
    .verification = HB_VERIFICATION_XXH3_128,
};
