/*
 * hb_internal.h — helpers shared by the implementation files of c_hashes (not part of the public
 * interface): unaligned little-endian loads and big-endian stores of the output integers.
 */
#ifndef HB_INTERNAL_H
#define HB_INTERNAL_H

#include <stdint.h>
#include <string.h>

#include "hb_hash.h"

/* A macro's value as a string literal, for a library's version macros in an entry's texts. */
#define HB_STRINGIFY_TEXT(x) #x
#define HB_STRINGIFY(x)      HB_STRINGIFY_TEXT(x)

static inline uint32_t hb_load_le32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, sizeof v);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap32(v);
#endif
    return v;
}

static inline uint64_t hb_load_le64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, sizeof v);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    return v;
}

static inline void hb_store_le64(uint8_t *p, uint64_t v)
{
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    memcpy(p, &v, sizeof v);
}

/* Output bytes of integer-valued hashes are the integer, big-endian (hb_hash.h, docs/architecture.md). */
static inline void hb_store_be32(uint8_t *p, uint32_t v)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    v = __builtin_bswap32(v);
#endif
    memcpy(p, &v, sizeof v);
}

static inline void hb_store_be64(uint8_t *p, uint64_t v)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    memcpy(p, &v, sizeof v);
}

/* The full 128-bit product of a and b, as its low and high halves (the multiply at the heart of
 * rapidhash, komihash, a5hash and PolymurHash). */
static inline void hb_mul128(uint64_t a, uint64_t b, uint64_t *lo, uint64_t *hi)
{
#ifdef __SIZEOF_INT128__
    unsigned __int128 product = (unsigned __int128)a * b;
    *lo = (uint64_t)product;
    *hi = (uint64_t)(product >> 64);
#else
    uint64_t a_lo = (uint32_t)a, a_hi = a >> 32, b_lo = (uint32_t)b, b_hi = b >> 32;
    uint64_t ll = a_lo * b_lo, lh = a_lo * b_hi, hl = a_hi * b_lo, hh = a_hi * b_hi;
    uint64_t middle = (ll >> 32) + (uint32_t)lh + (uint32_t)hl; /* cannot overflow: < 3·2^32 */
    *lo = (middle << 32) | (uint32_t)ll;
    *hi = hh + (lh >> 32) + (hl >> 32) + (middle >> 32);
#endif
}

/* hb_bucket_value() of a 64-bit word stored little-endian (the first 8 bytes read big-endian). */
static inline uint64_t hb_bucket_of_le64(uint64_t v)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    return v;
}

/* xxh3-128's canonical output (XXH128_canonical_t): the high half then the low half, each
 * big-endian. Stored directly: XXH128_canonicalFromHash into a local and a 16-byte copy of it
 * costs a store-forwarding stall that doubles the time of a short hash. */
static inline void hb_store_xxh128(uint8_t *p, uint64_t high64, uint64_t low64)
{
    hb_store_be64(p, high64);
    hb_store_be64(p + 8, low64);
}

/* Streaming state of the reflected CRCs whose register is preset to all ones and inverted at the
 * end (CRC-32C, and CRC-32 where we compute it ourselves): the running register as a uint32_t. */
static inline void hb_crc_state_init(void *state, uint64_t seed)
{
    (void)seed;
    *(uint32_t *)state = 0xffffffffu;
}

static inline void hb_crc_state_final(void *state, uint8_t *out)
{
    hb_store_be32(out, ~*(uint32_t *)state);
}

/* Streaming over fixed-size blocks (up to 16 bytes): the bytes of an unfinished block wait here
 * between updates. */
struct hb_block_tail {
    uint8_t bytes[16];
    size_t len;
};

/* Moves bytes from *in (of *len) into tail until it holds a whole block of `block` bytes; returns
 * true when it does (the caller processes tail->bytes and sets tail->len to 0), false when the
 * input ran out first. */
static inline bool hb_block_tail_fill(struct hb_block_tail *tail, size_t block, const uint8_t **in, size_t *len)
{
    size_t take = block - tail->len < *len ? block - tail->len : *len;
    if (take > 0) { /* in may be NULL when len is 0 */
        memcpy(tail->bytes + tail->len, *in, take);
        tail->len += take;
        *in += take;
        *len -= take;
    }
    return tail->len == block;
}

/* Keeps the len % block bytes after the whole blocks of in[0..len) for the next update. */
static inline void hb_block_tail_keep(struct hb_block_tail *tail, size_t block, const uint8_t *in, size_t len)
{
    tail->len = len % block;
    if (tail->len > 0)
        memcpy(tail->bytes, in + len - tail->len, tail->len);
}

static inline uint32_t hb_rotl32(uint32_t x, unsigned r)
{
    return (x << r) | (x >> ((32 - r) & 31));
}
static inline uint64_t hb_rotl64(uint64_t x, unsigned r)
{
    return (x << r) | (x >> ((64 - r) & 63));
}

/* Verification codes shared by the entries of one name that live in several files. */
#define HB_VERIFICATION_CRC32    0x34AFDCEEu
#define HB_VERIFICATION_CRC32C   0x1F4D4D62u
#define HB_VERIFICATION_XXH3_64  0x1AAEE62Cu
#define HB_VERIFICATION_XXH3_128 0x288DAA94u
#define HB_VERIFICATION_SHA256   0x11D13DB9u
#define HB_VERIFICATION_SHA224   0x9E4E5F48u

/* Version text of our own implementations ("hashbench <git describe>"). */
const char *hb_builtin_version(void);

/* Version text of the ISA-L entries ("ISA-L 2.30.0", from the headers built against). */
const char *hb_isal_version(void);

/* The tables generated from the hb_hash_family() lines (cmake/hb_hash_family.cmake), each ending
 * with a NULL row. A family's RESOLVER chooses its run-time dispatch targets for the current
 * (possibly restricted) feature set: hb_cpu_restrict() calls every one. A family's PREPARE is its
 * one-time start-up (an adapter fetching its library's objects): hb_init() runs every one. */
typedef void (*hb_resolve_fn)(uint32_t features);
typedef bool (*hb_prepare_fn)(char *err, size_t errlen);
extern const hb_resolve_fn hb_dispatch_resolvers[];
extern const hb_prepare_fn hb_family_preparers[];

/* What this build left out: the entries ("crc32/isal, crc32c/isal") and why ("libisal not found at
 * build time"), one row per reason. */
struct hb_unbuilt_part {
    const char *entries;
    const char *reason;
};
extern const struct hb_unbuilt_part hb_unbuilt_parts[];

#endif /* HB_INTERNAL_H */
