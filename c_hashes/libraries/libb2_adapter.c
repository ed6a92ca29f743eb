/*
 * libb2_adapter.c — BLAKE2b-512 and BLAKE2s-256 (RFC 7693) from libb2 (Debian's libb2-dev), the
 * BLAKE2 team's reference implementation with its SIMD code: the library picks its SSE2, SSSE3,
 * SSE4.1, AVX or XOP build at run time on x86-64 (the portable C elsewhere). Found by pkg-config
 * and linked as the shared object Debian ships, so each call goes through the PLT. Unkeyed, as
 * the OpenSSL entries of the same names: the output is the digest b2sum prints.
 */
#include "hb_internal.h"

#include <blake2.h>

#include "hb_packages.h"

static const char *libb2_version(void)
{
    return "libb2 (Debian libb2-dev " HB_LIBB2_PACKAGE_VERSION ")";
}

#define LIBB2_ENTRY(var, name_, fn, bytes, summary_, verification_)                                                    \
    static void var##_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)                                 \
    {                                                                                                                  \
        (void)seed;                                                                                                    \
        fn(out, in, NULL, bytes, len, 0); /* libb2's order: out, in, key, outlen, inlen, keylen */                     \
    }                                                                                                                  \
    static void var##_init(void *state, uint64_t seed)                                                                 \
    {                                                                                                                  \
        (void)seed;                                                                                                    \
        fn##_init(state, bytes);                                                                                       \
    }                                                                                                                  \
    static void var##_update(void *state, const void *in, size_t len)                                                  \
    {                                                                                                                  \
        fn##_update(state, in, len);                                                                                   \
    }                                                                                                                  \
    static void var##_final(void *state, uint8_t *out)                                                                 \
    {                                                                                                                  \
        fn##_final(state, out, bytes);                                                                                 \
    }                                                                                                                  \
    const struct hb_hash var = {                                                                                       \
        .name = name_,                                                                                                 \
        .impl = "libb2",                                                                                               \
        .family = "blake2",                                                                                            \
        .summary = summary_,                                                                                           \
        .kind = HB_KIND_CRYPTO,                                                                                        \
        .out_bits = (bytes)*8,                                                                                         \
        .seed_bits = 0,                                                                                                \
        .flags = 0,                                                                                                    \
        .dos = HB_DOS_NONE,                                                                                            \
        .output = HB_OUTPUT_FROZEN,                                                                                    \
        .linkage = HB_LINK_SHARED,                                                                                     \
        .version = libb2_version,                                                                                      \
        .oneshot = var##_oneshot,                                                                                      \
        .state_size = sizeof(fn##_state),                                                                              \
        .init = var##_init,                                                                                            \
        .update = var##_update,                                                                                        \
        .final = var##_final,                                                                                          \
        .verification = verification_,                                                                                 \
    }

/* Properties as the OpenSSL entries of the same names (openssl_adapter.c): unkeyed here, output
 * frozen by RFC 7693's test vectors. */
LIBB2_ENTRY(hb_blake2b_512_libb2, "blake2b-512", blake2b, 64,
            "BLAKE2b-512 (RFC 7693), libb2: the reference code with its SIMD paths", 0xCCF30995);
LIBB2_ENTRY(hb_blake2s_256_libb2, "blake2s-256", blake2s, 32,
            "BLAKE2s-256 (RFC 7693), libb2: the reference code with its SIMD paths", 0x0AD2866D);
