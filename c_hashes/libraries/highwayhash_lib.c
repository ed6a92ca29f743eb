/*
 * highwayhash_lib.c — HighwayHash-64 (Alakuijala, Cox, Wassenberg) through the C interface of
 * Debian's libhighwayhash-dev (highwayhash/c_bindings.h), linked from its static archive. The
 * library chooses its AVX2, SSE4.1 or portable path at run time on every call; all give the same
 * output.
 *
 * The 256-bit key is derived from the 64-bit seed: key lane i = seed XOR (0x0706050403020100 +
 * i * 0x0808080808080808), i = 0..3. Seed 0 is therefore the key of the authors' known-answer
 * tests (bytes 00 01 .. 1f), and every seed gives a distinct key. A 64-bit seed spans only 2^64
 * of the 2^256 keys; that is enough for a benchmark, while an application keeping HighwayHash's
 * keyed-hash strength must draw all 256 bits at random.
 *
 * The C interface has no streaming functions (the incremental HighwayHashCat is C++ only), so
 * this entry is one-shot only.
 */
#include "hb_direct.h"
#include "hb_internal.h"

#include <highwayhash/c_bindings.h>

#include "hb_packages.h"

static const char *highwayhash_version(void)
{
    return "libhighwayhash " HB_HIGHWAYHASH_PACKAGE_VERSION " (Debian), C interface, run-time dispatch";
}

static inline uint64_t highwayhash_seeded(const void *in, size_t len, uint64_t seed)
{
    const HHKey key = {
        seed ^ UINT64_C(0x0706050403020100),
        seed ^ UINT64_C(0x0F0E0D0C0B0A0908),
        seed ^ UINT64_C(0x1716151413121110),
        seed ^ UINT64_C(0x1F1E1D1C1B1A1918),
    };
    return HighwayHash64(key, in, len);
}

static void highwayhash64_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    hb_store_be64(out, highwayhash_seeded(in, len, seed));
}

/* Properties. dos: prf. HighwayHash is a keyed pseudo-random function designed for hash tables that
 * face chosen keys (Alakuijala, Cox and Wassenberg, "Fast keyed hash/pseudo-random function using SIMD
 * multiply and permute", 2016). Output: frozen: the values are pinned by its authors' known-answer
 * table (kExpected64), which tests/c_hashes/test_vectors.c checks. */
const struct hb_hash hb_highwayhash_64_libhighwayhash = {
    .name = "highwayhash-64",
    .impl = "libhighwayhash",
    .family = "highwayhash",
    .summary = "HighwayHash 64-bit (Google), key derived from the seed; one-shot only",
    .kind = HB_KIND_NONCRYPTO,
    .out_bits = 64,
    .seed_bits = 64,
    .key_bits = 256,
    .flags = HB_FLAG_SEEDED | HB_FLAG_INTEGER,
    .dos = HB_DOS_PRF,
    .output = HB_OUTPUT_FROZEN,
    .linkage = HB_LINK_STATIC,
    .version = highwayhash_version,
    .oneshot = highwayhash64_oneshot,
    .hash64 = highwayhash_seeded,
    .verification = 0xAF7F5EB4,
};

/* The direct call of a table of keys held by value (hb_direct.h). */
HB_DIRECT_DEFINE(highwayhash_64_libhighwayhash, highwayhash_seeded)
