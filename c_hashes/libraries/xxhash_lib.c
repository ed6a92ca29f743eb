/*
 * xxhash_lib.c — XXH32, XXH64, XXH3-64 and XXH3-128 from libxxhash, linked statically from
 * Debian's archive (built for baseline x86-64, so its XXH3 takes the SSE2 path). The inlined
 * per-ISA builds of XXH3 are in xxh3_inline_*.c.
 */
#include "hb_direct.h"
#include "hb_internal.h"

#define XXH_STATIC_LINKING_ONLY /* state structures, so callers can own the state */
#include <xxhash.h>

_Static_assert(sizeof(XXH3_state_t) <= HB_MAX_STATE_SIZE, "XXH3 state fits HB_MAX_STATE_SIZE");
_Static_assert(_Alignof(XXH3_state_t) <= HB_STATE_ALIGN, "XXH3 state alignment fits HB_STATE_ALIGN");

static const char *libxxhash_version(void)
{
    static char text[40];
    if (text[0] == '\0') {
        unsigned v = XXH_versionNumber(); /* run-time library version, MMmmrr in decimal */
        __builtin_snprintf(text, sizeof text, "libxxhash %u.%u.%u", v / 10000, v / 100 % 100, v % 100);
    }
    return text;
}

static void xxh32_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    hb_store_be32(out, XXH32(in, len, (XXH32_hash_t)seed));
}

static uint64_t xxh32_hash64(const void *in, size_t len, uint64_t seed)
{
    return XXH32(in, len, (XXH32_hash_t)seed);
}

static void xxh32_init(void *state, uint64_t seed)
{
    XXH32_reset(state, (XXH32_hash_t)seed);
}

static void xxh32_update(void *state, const void *in, size_t len)
{
    XXH32_update(state, in, len);
}

static void xxh32_final(void *state, uint8_t *out)
{
    hb_store_be32(out, XXH32_digest(state));
}

static void xxh64_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    hb_store_be64(out, XXH64(in, len, seed));
}

static uint64_t xxh64_hash64(const void *in, size_t len, uint64_t seed)
{
    return XXH64(in, len, seed);
}

static void xxh64_init(void *state, uint64_t seed)
{
    XXH64_reset(state, seed);
}

static void xxh64_update(void *state, const void *in, size_t len)
{
    XXH64_update(state, in, len);
}

static void xxh64_final(void *state, uint8_t *out)
{
    hb_store_be64(out, XXH64_digest(state));
}

static void xxh3_64_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    hb_store_be64(out, XXH3_64bits_withSeed(in, len, seed));
}

static uint64_t xxh3_64_hash64(const void *in, size_t len, uint64_t seed)
{
    return XXH3_64bits_withSeed(in, len, seed);
}

/* A caller-owned XXH3 state must be XXH3_INITSTATE()d before its first reset. */
static void xxh3_64_init(void *state, uint64_t seed)
{
    XXH3_INITSTATE((XXH3_state_t *)state);
    XXH3_64bits_reset_withSeed(state, seed);
}

static void xxh3_64_update(void *state, const void *in, size_t len)
{
    XXH3_64bits_update(state, in, len);
}

static void xxh3_64_final(void *state, uint8_t *out)
{
    hb_store_be64(out, XXH3_64bits_digest(state));
}

static void xxh3_128_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    XXH128_hash_t h = XXH3_128bits_withSeed(in, len, seed);
    hb_store_xxh128(out, h.high64, h.low64);
}

static uint64_t xxh3_128_hash64(const void *in, size_t len, uint64_t seed)
{
    return XXH3_128bits_withSeed(in, len, seed).high64; /* the canonical form's first 8 bytes */
}

static void xxh3_128_init(void *state, uint64_t seed)
{
    XXH3_INITSTATE((XXH3_state_t *)state);
    XXH3_128bits_reset_withSeed(state, seed);
}

static void xxh3_128_update(void *state, const void *in, size_t len)
{
    XXH3_128bits_update(state, in, len);
}

static void xxh3_128_final(void *state, uint8_t *out)
{
    XXH128_hash_t h = XXH3_128bits_digest(state);
    hb_store_xxh128(out, h.high64, h.low64);
}

/* dos: XXH32 and XXH64 are seed-independent. Their lane round, acc = rotl(acc + word * PRIME2, r) *
 * PRIME1, is invertible and the seed only sets the lanes' starting values, so a difference put into
 * one stripe's word can be cancelled by the same lane's word of the next stripe whatever the lanes
 * hold: collisions for every seed, for XXH32 and, by the same round, XXH64.
 * tests/c_hashes/test_dos.c builds such pairs for both and checks them under many seeds. XXH3 (its
 * 0.8.0 release onwards) mixes every input word with secret words derived from the seed; no
 * collision that holds for every seed is known for it, only pairs that collide for a fraction of the
 * seeds, a weakness of another kind (c_hashes/dos_evidence.c cites the reports for all three). */
#define LIBXXHASH_ENTRY(var, name_, bits, seedbits, dos_, summary_, state_type, prefix, verification_)                 \
    const struct hb_hash var = {                                                                                       \
        .name = name_,                                                                                                 \
        .impl = "libxxhash",                                                                                           \
        .family = "xxhash",                                                                                            \
        .summary = summary_,                                                                                           \
        .kind = HB_KIND_NONCRYPTO,                                                                                     \
        .out_bits = bits,                                                                                              \
        .seed_bits = seedbits,                                                                                         \
        .flags = HB_FLAG_SEEDED | ((bits) <= 64 ? HB_FLAG_INTEGER : 0),                                                \
        .dos = (dos_),                                                                                                 \
        .output = HB_OUTPUT_FROZEN,                                                                                    \
        .linkage = HB_LINK_STATIC,                                                                                     \
        .version = libxxhash_version,                                                                                  \
        .oneshot = prefix##_oneshot,                                                                                   \
        .hash64 = prefix##_hash64,                                                                                     \
        .state_size = sizeof(state_type),                                                                              \
        .init = prefix##_init,                                                                                         \
        .update = prefix##_update,                                                                                     \
        .final = prefix##_final,                                                                                       \
        .verification = verification_,                                                                                 \
    }

LIBXXHASH_ENTRY(hb_xxh32_libxxhash, "xxh32", 32, 32, HB_DOS_SEED_INDEPENDENT, "XXH32, libxxhash static archive",
                XXH32_state_t, xxh32, 0x6FD78385);
LIBXXHASH_ENTRY(hb_xxh64_libxxhash, "xxh64", 64, 64, HB_DOS_SEED_INDEPENDENT, "XXH64, libxxhash static archive",
                XXH64_state_t, xxh64, 0x8F8224C4);
LIBXXHASH_ENTRY(hb_xxh3_64_libxxhash, "xxh3-64", 64, 64, HB_DOS_SEEDED, "XXH3 64-bit, libxxhash static archive (SSE2)",
                XXH3_state_t, xxh3_64, HB_VERIFICATION_XXH3_64);
LIBXXHASH_ENTRY(hb_xxh3_128_libxxhash, "xxh3-128", 128, 64, HB_DOS_SEEDED,
                "XXH3 128-bit, libxxhash static archive (SSE2)", XXH3_state_t, xxh3_128, HB_VERIFICATION_XXH3_128);

/* The direct call of a table of keys held by value (hb_direct.h). */
HB_DIRECT_DEFINE(xxh64_libxxhash, xxh64_hash64)
HB_DIRECT_DEFINE(xxh32_libxxhash, xxh32_hash64)
