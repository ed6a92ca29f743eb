/*
 * polymur.c — PolymurHash 1.0 (Orson Peters, github.com/orlp/polymur-hash): a polynomial hash over
 * the prime field 2^61 - 1 with a provable collision bound, followed by a 64-bit mixer. Output: the
 * 64-bit result, big-endian. Input words are read little-endian on every host.
 *
 * Seed mapping: hashbench's 64-bit seed goes through polymur_init_params_from_seed(seed), which
 * derives the secret field element k (a generator 37^e with e drawn from the seed, rejected until
 * k^7 is small enough for lazy reduction) and the additive secret s; the tweak is 0. This is the
 * variant SMHasher3 lists as "polymurhash". Deriving the parameters costs a few microseconds, so
 * they are derived once per seed and kept (per thread) for the calls that follow with the same seed,
 * as a table keeps its PolymurHashParams: the timed cost is the hash, not the key schedule.
 *
 * Shape of the algorithm: up to 7 bytes are one field element; 8..49 bytes are three (or seven)
 * overlapping 7-byte words multiplied against powers of k; longer inputs fold 49-byte blocks (seven
 * 7-byte words against k..k7) while at least 50 bytes remain, and the 1..49 bytes left go through
 * the 8..49 (or 1..7) path, with the block accumulator times k^14 added to it.
 *
 * Streaming is exact: the total length enters only through "at most 49 bytes in all" and the
 * remainder after the blocks, so the state keeps the block accumulator and up to 49 pending bytes
 * (a block is folded only once a later byte proves it is not the end).
 */
#include "polymur.h"

#include <stdbool.h>

#include "hb_direct.h"
#include "hb_internal.h"

#define POLY_P611       ((UINT64_C(1) << 61) - 1)
#define POLY_BLOCK      49
#define POLY_ARBITRARY1 UINT64_C(0x6a09e667f3bcc908)
#define POLY_ARBITRARY2 UINT64_C(0xbb67ae8584caa73b)
#define POLY_ARBITRARY3 UINT64_C(0x3c6ef372fe94f82b)
#define POLY_ARBITRARY4 UINT64_C(0xa54ff53a5f1d36f1)
#define POLY_LOW56      UINT64_C(0x00ffffffffffffff)

struct poly_u128 {
    uint64_t lo, hi;
};

static inline struct poly_u128 poly_mul(uint64_t a, uint64_t b)
{
    struct poly_u128 r;
    hb_mul128(a, b, &r.lo, &r.hi);
    return r;
}

static inline struct poly_u128 poly_add(struct poly_u128 a, struct poly_u128 b)
{
    a.lo += b.lo;
    a.hi += b.hi + (a.lo < b.lo);
    return a;
}

/* Partial reduction modulo 2^61 - 1: the result is congruent, below 2^64, not canonical. The
 * exact (non-canonical) values matter: the reference's output depends on them. */
static inline uint64_t poly_red(struct poly_u128 x)
{
    return (x.lo & POLY_P611) + ((x.lo >> 61) | (x.hi << 3));
}

static inline uint64_t poly_extrared(uint64_t x)
{
    return (x & POLY_P611) + (x >> 61);
}

static inline uint64_t poly_mulred(uint64_t a, uint64_t b)
{
    return poly_red(poly_mul(a, b));
}

/* mx3 (rev 2) by Jon Kagstrom, the reference's final mixer. */
static inline uint64_t poly_mix(uint64_t x)
{
    x ^= x >> 32;
    x *= UINT64_C(0xe9846af9b1a615d);
    x ^= x >> 32;
    x *= UINT64_C(0xe9846af9b1a615d);
    x ^= x >> 28;
    return x;
}

/* The seeded parameters with the powers of k every path uses: k3 and k4 as the short paths
 * compute them, k3x and k4x further reduced as the block path computes them. */
struct poly_params {
    uint64_t k, k2, k7, s;
    uint64_t k3, k4, k3x, k4x, k5, k6, k14;
};

static void poly_params_derive(struct poly_params *p, uint64_t k_seed, uint64_t s_seed)
{
    p->s = s_seed ^ POLY_ARBITRARY1;
    /* pow37[i] = 37^(2^i) mod 2^61 - 1, from two chains as the reference builds it */
    uint64_t pow37[64];
    pow37[0] = 37;
    pow37[32] = UINT64_C(559096694736811184);
    for (int i = 0; i < 31; i++) {
        pow37[i + 1] = poly_extrared(poly_mulred(pow37[i], pow37[i]));
        pow37[i + 33] = poly_extrared(poly_mulred(pow37[i + 32], pow37[i + 32]));
    }
    static const uint64_t small_primes[] = {3, 5, 7, 11, 13, 31, 41, 61, 151, 331, 1321};
    for (;;) {
        /* an odd exponent coprime to 2^61 - 2 (whose odd prime factors are small_primes) */
        k_seed += POLY_ARBITRARY2;
        uint64_t e = (k_seed >> 3) | 1;
        bool coprime = true;
        for (size_t i = 0; i < sizeof small_primes / sizeof small_primes[0] && coprime; i++)
            coprime = e % small_primes[i] != 0;
        if (!coprime)
            continue;
        uint64_t ka = 1, kb = 1;
        for (int i = 0; e != 0; i += 2, e >>= 2) {
            if (e & 1)
                ka = poly_extrared(poly_mulred(ka, pow37[i]));
            if (e & 2)
                kb = poly_extrared(poly_mulred(kb, pow37[i + 1]));
        }
        uint64_t k = poly_extrared(poly_mulred(ka, kb));
        p->k = poly_extrared(k);
        p->k2 = poly_extrared(poly_mulred(p->k, p->k));
        uint64_t k3 = poly_mulred(p->k, p->k2), k4 = poly_mulred(p->k2, p->k2);
        p->k7 = poly_extrared(poly_mulred(k3, k4));
        if (p->k7 < (UINT64_C(1) << 60) - (UINT64_C(1) << 56))
            break;
    }
    p->k3 = poly_mulred(p->k, p->k2);
    p->k4 = poly_mulred(p->k2, p->k2);
    p->k5 = poly_extrared(poly_mulred(p->k, p->k4));
    p->k6 = poly_extrared(poly_mulred(p->k2, p->k4));
    p->k3x = poly_extrared(p->k3);
    p->k4x = poly_extrared(p->k4);
    p->k14 = poly_mulred(p->k7, p->k7);
}

static void poly_params_from_seed(struct poly_params *p, uint64_t seed)
{
    poly_params_derive(p, poly_mix(seed + POLY_ARBITRARY3), poly_mix(seed + POLY_ARBITRARY4));
}

/* The parameters of seed, derived once per thread and seed. */
static const struct poly_params *poly_params_cached(uint64_t seed)
{
    static _Thread_local struct {
        bool valid;
        uint64_t seed;
        struct poly_params params;
    } cache;
    if (!cache.valid || cache.seed != seed) {
        poly_params_from_seed(&cache.params, seed);
        cache.seed = seed;
        cache.valid = true;
    }
    return &cache.params;
}

/* 0..7 bytes, little-endian, reading only those bytes. */
static inline uint64_t poly_load_0_8(const uint8_t *p, size_t n)
{
    if (n >= 4)
        return hb_load_le32(p) | (uint64_t)hb_load_le32(p + n - 4) << (8 * (n - 4));
    if (n == 0)
        return 0;
    return p[0] | (uint64_t)p[n / 2] << (8 * (n / 2)) | (uint64_t)p[n - 1] << (8 * (n - 1));
}

/* The last 0..49 bytes (all of them when there were no blocks); k3 and k4 as the caller's path
 * has them. */
static inline uint64_t poly_tail(const struct poly_params *p, const uint8_t *b, size_t n, uint64_t acc, uint64_t k3,
                                 uint64_t k4)
{
    if (n < 8)
        return acc + poly_mulred(p->k + poly_load_0_8(b, n), p->k2 + n);
    uint64_t m0 = hb_load_le64(b) & POLY_LOW56;
    uint64_t m1 = hb_load_le64(b + (n - 7) / 2) & POLY_LOW56;
    uint64_t m2 = hb_load_le64(b + n - 8) >> 8;
    struct poly_u128 t0 = poly_mul(p->k2 + m0, p->k7 + m1);
    struct poly_u128 t1 = poly_mul(p->k + m2, k3 + n);
    if (n <= 21)
        return acc + poly_red(poly_add(t0, t1));
    uint64_t m3 = hb_load_le64(b + 7) & POLY_LOW56;
    uint64_t m4 = hb_load_le64(b + 14) & POLY_LOW56;
    uint64_t m5 = hb_load_le64(b + n - 21) & POLY_LOW56;
    uint64_t m6 = hb_load_le64(b + n - 14) & POLY_LOW56;
    struct poly_u128 t2 = poly_mul(p->k2 + m3, p->k7 + m4);
    struct poly_u128 t3 = poly_mul(poly_red(t0) + m5, k4 + m6);
    return acc + poly_red(poly_add(poly_add(t1, t2), t3));
}

static inline uint64_t poly_block(const struct poly_params *p, uint64_t h, const uint8_t *b)
{
    uint64_t m[7];
    for (int i = 0; i < 7; i++)
        m[i] = hb_load_le64(b + 7 * i) & POLY_LOW56;
    struct poly_u128 t0 = poly_mul(p->k + m[0], p->k6 + m[1]);
    struct poly_u128 t1 = poly_mul(p->k2 + m[2], p->k5 + m[3]);
    struct poly_u128 t2 = poly_mul(p->k3x + m[4], p->k4x + m[5]);
    struct poly_u128 t3 = poly_mul(h + m[6], p->k7);
    return poly_red(poly_add(poly_add(t0, t1), poly_add(t2, t3)));
}

/* The accumulator of the blocks, as the reference adds it before the tail. */
static inline uint64_t poly_blocks_term(const struct poly_params *p, uint64_t h)
{
    return poly_extrared(poly_mulred(poly_extrared(h), p->k14));
}

static uint64_t poly_hash(const struct poly_params *p, const uint8_t *b, size_t n, uint64_t tweak)
{
    uint64_t acc;
    if (n < 50) {
        acc = poly_tail(p, b, n, tweak, p->k3, p->k4);
    } else {
        uint64_t h = 0;
        do {
            h = poly_block(p, h, b);
            b += POLY_BLOCK;
            n -= POLY_BLOCK;
        } while (n >= 50);
        acc = poly_tail(p, b, n, tweak + poly_blocks_term(p, h), p->k3x, p->k4x);
    }
    return poly_mix(acc) + p->s;
}

uint64_t hb_polymur_with_tweak(const void *in, size_t len, uint64_t seed, uint64_t tweak)
{
    struct poly_params p;
    poly_params_from_seed(&p, seed);
    return poly_hash(&p, in, len, tweak);
}

static uint64_t polymur64(const void *in, size_t len, uint64_t seed)
{
    return poly_hash(poly_params_cached(seed), in, len, 0);
}

static void polymur_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    hb_store_be64(out, polymur64(in, len, seed));
}

struct poly_state {
    struct poly_params params;
    uint64_t h;
    bool hashed_blocks;
    size_t pending;
    uint8_t buf[POLY_BLOCK];
};

static void polymur_init(void *state, uint64_t seed)
{
    struct poly_state *s = state;
    s->params = *poly_params_cached(seed);
    s->h = 0;
    s->hashed_blocks = false;
    s->pending = 0;
}

static void polymur_update(void *state, const void *in, size_t len)
{
    struct poly_state *s = state;
    const uint8_t *p = in;
    while (len > 0) {
        if (s->pending == POLY_BLOCK) {
            s->h = poly_block(&s->params, s->h, s->buf);
            s->hashed_blocks = true;
            s->pending = 0;
        }
        if (s->pending == 0) {
            for (; len > POLY_BLOCK; p += POLY_BLOCK, len -= POLY_BLOCK) {
                s->h = poly_block(&s->params, s->h, p);
                s->hashed_blocks = true;
            }
        }
        size_t take = POLY_BLOCK - s->pending < len ? POLY_BLOCK - s->pending : len;
        memcpy(s->buf + s->pending, p, take);
        s->pending += take;
        p += take;
        len -= take;
    }
}

static void polymur_final(void *state, uint8_t *out)
{
    struct poly_state *s = state;
    const struct poly_params *p = &s->params;
    uint64_t acc = s->hashed_blocks ? poly_tail(p, s->buf, s->pending, poly_blocks_term(p, s->h), p->k3x, p->k4x)
                                    : poly_tail(p, s->buf, s->pending, 0, p->k3, p->k4);
    hb_store_be64(out, poly_mix(acc) + p->s);
}

/* Properties. dos: seeded. PolymurHash is an almost-universal hash: for a secret key drawn at random,
 * two distinct inputs collide with probability bounded by its authors' proof, which is what a table
 * needs against chosen keys; but it is not a pseudo-random function (outputs seen by an attacker can
 * reveal the key), so it does not count as one here. Output: frozen (1.0, the only release, with the
 * reference values of its test.c). */
const struct hb_hash hb_polymur_portable = {
    .name = "polymur",
    .impl = "portable",
    .family = "polymur",
    .summary = "PolymurHash 1.0 (Peters), 64-bit seed via polymur_init_params_from_seed, tweak 0",
    .kind = HB_KIND_NONCRYPTO,
    .out_bits = 64,
    .seed_bits = 64,
    .flags = HB_FLAG_SEEDED | HB_FLAG_INTEGER,
    .dos = HB_DOS_SEEDED,
    .output = HB_OUTPUT_FROZEN,
    .linkage = HB_LINK_BUILTIN,
    .version = hb_builtin_version,
    .oneshot = polymur_oneshot,
    .hash64 = polymur64,
    .state_size = sizeof(struct poly_state),
    .init = polymur_init,
    .update = polymur_update,
    .final = polymur_final,
    .verification = 0x830CF404,
};

/* The direct call of a table of keys held by value (hb_direct.h). */
HB_DIRECT_DEFINE(polymur_portable, polymur64)
