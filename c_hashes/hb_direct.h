/*
 * hb_direct.h — the table entries a program's table calls directly (hb_hash.h, "Keys held by
 * value"): for each, a function of its file, hb_<entry>_direct(key, len), its hash of the key's
 * bytes with seed 0, so that the entry's static code inlines into it and a table's hasher calls it
 * by name, not through the registry's pointer. HB_DIRECT_ENTRIES lists them (X(entry), entry as in
 * hb_<entry>, the registry's name/impl with - and / as _): the default implementation of each name
 * of at most 64 bits but the CRCs and the designs' defaults (which their library's functor serves),
 * that of an optional family only where the build has it (HB_BUILT_<FAMILY>,
 * cmake/hb_hash_family.cmake). The hashtable suite's tables of keys held by value instantiate a
 * hasher per listed entry (harness/tables/value_hashers.h); an entry not listed (the CRCs, whose
 * default implementation is the CPU's and which the table need, as they are linear, never ranks;
 * any implementation but a name's default) is called through its pointer there. xxh3-64/inline's
 * direct function is its build for the target's baseline: up to 240 bytes every one of its
 * variants runs the same scalar code.
 * gxhash64/aes's runs AES instructions: a table calls it only where the entry runs (its rows are
 * guarded by the CPU's features, as every row is).
 */
#ifndef HB_DIRECT_H
#define HB_DIRECT_H

#include <stddef.h>
#include <stdint.h>

#include "hb_hash.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifdef HB_BUILT_WYHASH
#define HB_DIRECT_WYHASH(X) X(wyhash_libwyhash)
#else
#define HB_DIRECT_WYHASH(X)
#endif
#ifdef HB_BUILT_HIGHWAYHASH
#define HB_DIRECT_HIGHWAYHASH(X) X(highwayhash_64_libhighwayhash)
#else
#define HB_DIRECT_HIGHWAYHASH(X)
#endif
#ifdef HB_BUILT_FARMHASH
#define HB_DIRECT_FARMHASH(X) X(farmhash_fp64_libfarmhash)
#else
#define HB_DIRECT_FARMHASH(X)
#endif
#ifdef HB_BUILT_METROHASH
#define HB_DIRECT_METROHASH(X) X(metrohash_64_libmetrohash)
#else
#define HB_DIRECT_METROHASH(X)
#endif
#ifdef HB_BUILT_GXHASH
#define HB_DIRECT_GXHASH(X) X(gxhash64_aes)
#else
#define HB_DIRECT_GXHASH(X)
#endif

#define HB_DIRECT_ENTRIES(X)                                                                                           \
    X(xxh3_64_inline)                                                                                                  \
    X(xxh64_libxxhash)                                                                                                 \
    X(xxh32_libxxhash)                                                                                                 \
    X(rapidhash_portable)                                                                                              \
    X(komihash_portable)                                                                                               \
    X(polymur_portable)                                                                                                \
    X(a5hash_portable)                                                                                                 \
    X(murmur3_32_portable)                                                                                             \
    X(siphash_1_3_portable)                                                                                            \
    X(siphash_2_4_portable)                                                                                            \
    X(fnv1a_32_portable)                                                                                               \
    X(fnv1a_64_portable)                                                                                               \
    X(adler32_zlib)                                                                                                    \
    HB_DIRECT_WYHASH(X)                                                                                                \
    HB_DIRECT_HIGHWAYHASH(X)                                                                                           \
    HB_DIRECT_FARMHASH(X)                                                                                              \
    HB_DIRECT_METROHASH(X)                                                                                             \
    HB_DIRECT_GXHASH(X)

#define HB_DIRECT_DECLARE(entry)                                                                                       \
    extern const struct hb_hash hb_##entry;                                                                            \
    uint64_t hb_##entry##_direct(const void *key, size_t len);
HB_DIRECT_ENTRIES(HB_DIRECT_DECLARE)

/* In the entry's file, after its hash64 function: the direct function of the entry. */
#define HB_DIRECT_DEFINE(entry, hash64)                                                                                \
    uint64_t hb_##entry##_direct(const void *key, size_t len)                                                          \
    {                                                                                                                  \
        return hash64(key, len, 0);                                                                                    \
    }

#ifdef __cplusplus
}
#endif

#endif /* HB_DIRECT_H */
