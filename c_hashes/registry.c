/*
 * registry.c — every entry of c_hashes, in preference order (for each name, the first entry the
 * CPU can run is its default implementation), and the start-up that every tool runs.
 * Adding a hash: one file with its `const struct hb_hash`, one line below.
 */
#include "hb_internal.h"

#include <stdio.h>

#include "hb_version.h"

extern const struct hb_hash hb_crc32_isal, hb_crc32_zlib, hb_crc32c_isal, hb_adler32_zlib;
extern const struct hb_hash hb_crc32c_sse42, hb_crc32c_portable;
extern const struct hb_hash hb_crc32c_vpclmul_avx512_crc, hb_crc32c_vpclmul_avx512, hb_crc32c_vpclmul_avx2,
    hb_crc32c_pclmul, hb_crc32_vpclmul_avx512, hb_crc32_vpclmul_avx2, hb_crc32_pclmul;
extern const struct hb_hash hb_sha256_shani, hb_sha224_shani;
extern const struct hb_hash hb_xxh3_64_inline, hb_xxh3_64_inline_avx512, hb_xxh3_64_inline_avx2,
    hb_xxh3_64_inline_sse2, hb_xxh3_64_libxxhash;
extern const struct hb_hash hb_xxh3_128_inline, hb_xxh3_128_inline_avx512, hb_xxh3_128_inline_avx2,
    hb_xxh3_128_inline_sse2, hb_xxh3_128_libxxhash;
extern const struct hb_hash hb_xxh64_libxxhash, hb_xxh32_libxxhash;
extern const struct hb_hash hb_rapidhash_portable;
extern const struct hb_hash hb_komihash_portable, hb_a5hash_portable, hb_polymur_portable, hb_gxhash64_aes;
extern const struct hb_hash hb_murmur3_32_portable, hb_murmur3_128_portable;
extern const struct hb_hash hb_siphash_1_3_portable, hb_siphash_2_4_portable;
extern const struct hb_hash hb_fnv1a_32_portable, hb_fnv1a_64_portable;
extern const struct hb_hash hb_md5_openssl, hb_sha1_openssl, hb_sha224_openssl, hb_sha256_openssl,
    hb_sha384_openssl, hb_sha512_openssl, hb_sha3_256_openssl, hb_blake2b_512_openssl,
    hb_blake2s_256_openssl;
extern const struct hb_hash hb_blake3_portable;
extern const struct hb_hash hb_crc64_xz_isal, hb_crc64_go_iso_isal, hb_crc64_redis_isal;
extern const struct hb_hash hb_wyhash_libwyhash, hb_highwayhash64_libhighwayhash, hb_farmhash_fp64_libfarmhash,
    hb_metrohash64_libmetrohash, hb_metrohash128_libmetrohash;
extern const struct hb_hash hb_noop_portable;

const struct hb_hash *const hb_registry[] = {
    /* checksums; our own folding CRCs first, widest first, so that each name defaults to the
     * fastest one this CPU runs (the libraries stay for comparison) */
#ifdef HB_X86_64
    &hb_crc32_vpclmul_avx512,
    &hb_crc32_vpclmul_avx2,
    &hb_crc32_pclmul,
#endif
#ifdef HB_HAVE_ISAL
    &hb_crc32_isal,
#endif
    &hb_crc32_zlib,
#ifdef HB_X86_64
    &hb_crc32c_vpclmul_avx512_crc,
    &hb_crc32c_vpclmul_avx512,
    &hb_crc32c_vpclmul_avx2,
    &hb_crc32c_pclmul,
    &hb_crc32c_sse42,
#endif
#ifdef HB_HAVE_ISAL
    &hb_crc32c_isal,
#endif
    &hb_crc32c_portable,
    &hb_adler32_zlib,
#ifdef HB_HAVE_ISAL
    &hb_crc64_xz_isal,
    &hb_crc64_go_iso_isal,
    &hb_crc64_redis_isal,
#endif
    /* non-cryptographic */
    &hb_xxh3_64_inline,
#ifdef HB_X86_64
    &hb_xxh3_64_inline_avx512,
    &hb_xxh3_64_inline_avx2,
    &hb_xxh3_64_inline_sse2,
#endif
    &hb_xxh3_64_libxxhash,
    &hb_xxh3_128_inline,
#ifdef HB_X86_64
    &hb_xxh3_128_inline_avx512,
    &hb_xxh3_128_inline_avx2,
    &hb_xxh3_128_inline_sse2,
#endif
    &hb_xxh3_128_libxxhash,
    &hb_xxh64_libxxhash,
    &hb_xxh32_libxxhash,
    &hb_rapidhash_portable,
    &hb_komihash_portable,
    &hb_polymur_portable,
    &hb_a5hash_portable,
#ifdef HB_X86_64
    &hb_gxhash64_aes,
#endif
    &hb_murmur3_32_portable,
    &hb_murmur3_128_portable,
    &hb_siphash_1_3_portable,
    &hb_siphash_2_4_portable,
    &hb_fnv1a_32_portable,
    &hb_fnv1a_64_portable,
#ifdef HB_HAVE_WYHASH
    &hb_wyhash_libwyhash,
#endif
#ifdef HB_HAVE_HIGHWAYHASH
    &hb_highwayhash64_libhighwayhash,
#endif
#ifdef HB_HAVE_FARMHASH
    &hb_farmhash_fp64_libfarmhash,
#endif
#ifdef HB_HAVE_METROHASH
    &hb_metrohash64_libmetrohash,
    &hb_metrohash128_libmetrohash,
#endif
    /* cryptographic */
    &hb_md5_openssl,
    &hb_sha1_openssl,
#ifdef HB_X86_64
    &hb_sha224_shani,
#endif
    &hb_sha224_openssl,
#ifdef HB_X86_64
    &hb_sha256_shani,
#endif
    &hb_sha256_openssl,
    &hb_sha384_openssl,
    &hb_sha512_openssl,
    &hb_sha3_256_openssl,
    &hb_blake2b_512_openssl,
    &hb_blake2s_256_openssl,
    &hb_blake3_portable,
    /* baseline */
    &hb_noop_portable,
};

const size_t hb_registry_len = sizeof hb_registry / sizeof hb_registry[0];

/* Why a packaged library's entries are missing: switched off at configure time, or not found. */
#ifdef HB_ISAL_DISABLED
#define HB_ISAL_MISSING "switched off (-DHB_WITH_ISAL=OFF)"
#else
#define HB_ISAL_MISSING "libisal not found at build time"
#endif
#ifdef HB_WYHASH_DISABLED
#define HB_WYHASH_MISSING "switched off (-DHB_WITH_WYHASH=OFF)"
#else
#define HB_WYHASH_MISSING "libwyhash-dev not found at build time"
#endif
#ifdef HB_HIGHWAYHASH_DISABLED
#define HB_HIGHWAYHASH_MISSING "switched off (-DHB_WITH_HIGHWAYHASH=OFF)"
#else
#define HB_HIGHWAYHASH_MISSING "libhighwayhash-dev not found at build time"
#endif
#ifdef HB_FARMHASH_DISABLED
#define HB_FARMHASH_MISSING "switched off (-DHB_WITH_FARMHASH=OFF)"
#else
#define HB_FARMHASH_MISSING "libfarmhash-dev not found at build time"
#endif
#ifdef HB_METROHASH_DISABLED
#define HB_METROHASH_MISSING "switched off (-DHB_WITH_METROHASH=OFF)"
#else
#define HB_METROHASH_MISSING "libmetrohash-dev not found at build time"
#endif

/* Every part of the registry a build may leave out, whether this build has it, and why not. */
static const struct {
    bool built;
    const char *entries;
    const char *reason;
} optional_parts[] = {
#ifdef HB_X86_64
    {true, NULL, NULL},
#else
    {false, "x86-64 implementations (crc32c/sse42, the pclmul/vpclmul CRCs, sha256/sha224 shani, xxh3 "
               "inline-sse2/avx2/avx512, gxhash64/aes)",
     "not built for this CPU architecture"},
#endif
#ifdef HB_HAVE_ISAL
    {true, NULL, NULL},
#else
    {false, "ISA-L entries (crc32/isal, crc32c/isal, crc64-xz, crc64-go-iso, crc64-redis)", HB_ISAL_MISSING},
#endif
#ifdef HB_HAVE_WYHASH
    {true, NULL, NULL},
#else
    {false, "wyhash/libwyhash", HB_WYHASH_MISSING},
#endif
#ifdef HB_HAVE_HIGHWAYHASH
    {true, NULL, NULL},
#else
    {false, "highwayhash-64/libhighwayhash", HB_HIGHWAYHASH_MISSING},
#endif
#ifdef HB_HAVE_FARMHASH
    {true, NULL, NULL},
#else
    {false, "farmhash-fp64/libfarmhash", HB_FARMHASH_MISSING},
#endif
#ifdef HB_HAVE_METROHASH
    {true, NULL, NULL},
#else
    {false, "metrohash-64 and metrohash-128 (libmetrohash)",
     HB_METROHASH_MISSING},
#endif
};

const char *hb_unbuilt_note(void)
{
    static char note[1024];
    if (note[0] == '\0') {
        size_t used = 0;
        for (size_t i = 0; i < sizeof optional_parts / sizeof optional_parts[0]; i++) {
            if (optional_parts[i].built)
                continue;
            int n = snprintf(note + used, sizeof note - used, "%s%s: %s", used > 0 ? "; " : "",
                             optional_parts[i].entries, optional_parts[i].reason);
            if (n > 0)
                used += (size_t)n < sizeof note - used ? (size_t)n : sizeof note - used - 1;
        }
    }
    return note[0] != '\0' ? note : NULL;
}

const char *hb_builtin_version(void)
{
    return "hashbench " HB_VERSION;
}

bool hb_init(char *err, size_t errlen)
{
    static int done;
    static bool ok;
    static char saved[256];
    if (!done) {
        done = 1;
        hb_cpu_restrict(UINT32_MAX); /* detects features and resolves dispatch */
        ok = hb_openssl_prepare(saved, sizeof saved) &&
             hb_registry_check(hb_registry, hb_registry_len, saved, sizeof saved);
    }
    if (!ok && err != NULL && errlen > 0)
        snprintf(err, errlen, "%s", saved);
    return ok;
}
