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
extern const struct hb_hash hb_murmur3_32_portable, hb_murmur3_128_portable;
extern const struct hb_hash hb_siphash_1_3_portable, hb_siphash_2_4_portable;
extern const struct hb_hash hb_fnv1a_32_portable, hb_fnv1a_64_portable;
extern const struct hb_hash hb_md5_openssl, hb_sha1_openssl, hb_sha224_openssl, hb_sha256_openssl,
    hb_sha384_openssl, hb_sha512_openssl, hb_sha3_256_openssl, hb_blake2b_512_openssl,
    hb_blake2s_256_openssl;
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
    &hb_murmur3_32_portable,
    &hb_murmur3_128_portable,
    &hb_siphash_1_3_portable,
    &hb_siphash_2_4_portable,
    &hb_fnv1a_32_portable,
    &hb_fnv1a_64_portable,
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
    /* baseline */
    &hb_noop_portable,
};

const size_t hb_registry_len = sizeof hb_registry / sizeof hb_registry[0];

const char *hb_unbuilt_note(void)
{
#if !defined(HB_X86_64) && !defined(HB_HAVE_ISAL)
    return "x86-64 implementations (crc32c/sse42, the pclmul/vpclmul CRCs, sha256/sha224 shani, xxh3 "
           "inline-sse2/avx2/avx512) not built for this CPU architecture; ISA-L entries not built (libisal not found at build time)";
#elif !defined(HB_X86_64)
    return "x86-64 implementations (crc32c/sse42, the pclmul/vpclmul CRCs, sha256/sha224 shani, xxh3 "
           "inline-sse2/avx2/avx512) not built for this CPU architecture";
#elif !defined(HB_HAVE_ISAL)
    return "ISA-L entries (crc32/isal, crc32c/isal) not built: libisal not found at build time";
#else
    return NULL;
#endif
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
