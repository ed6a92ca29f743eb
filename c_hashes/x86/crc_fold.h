/*
 * crc_fold.h — the 128-bit steps shared by the carry-less folding CRCs (crc_fold_pclmul.c,
 * crc_fold_vpclmul_avx2.c, crc_fold_vpclmul_avx512.c): one lane's fold, the partial last lane, the
 * reduction of a lane to the 32-bit register, and inputs shorter than a lane. Included only by
 * files compiled with at least -msse4.2 -mpclmul.
 *
 * Both CRCs are reflected: the first message bit is the highest power. A 16-byte lane loaded
 * little-endian is then a polynomial of degree < 128 whose bit i (of the 128-bit integer) holds the
 * coefficient of x^(127-i); its low 64-bit half carries the higher powers. The register r of the
 * running CRC (bit i: x^(31-i)) enters by being XORed into the first four bytes of the message.
 * Folding a lane X forward by n bits: X * x^n = H * x^(64+n) + L * x^n, each half multiplied by
 * its constant x^(n+64) or x^n mod P (crc_fold_gen.c emits them), which gives a lane of degree
 * < 96 congruent to X * x^n, ready to be XORed into the lane n bits later. At the end the CRC is
 * X * x^32 mod P for the last lane X.
 */
#ifndef HB_CRC_FOLD_H
#define HB_CRC_FOLD_H

#include "crc_entry.h"

#include <immintrin.h>

/* struct crc_fold_consts and both polynomials' constants (crc_fold_gen.c) */
#include "crc_fold_consts.h"

static inline __m128i crc_fold_constant(const struct crc_fold_consts *k, unsigned lanes)
{
    return _mm_loadu_si128((const __m128i *)k->fold[lanes]);
}

/* x folded forward by the distance of k, XORed with the lane there. */
static inline __m128i crc_fold_lane(__m128i x, __m128i k, __m128i next)
{
    __m128i high = _mm_clmulepi64_si128(x, k, 0x00), low = _mm_clmulepi64_si128(x, k, 0x11);
    return _mm_xor_si128(_mm_xor_si128(high, low), next);
}

/* Barrett reduction of a 64-bit reflected value t (degree < 64): t mod P as a register. */
static inline uint32_t crc_barrett(uint64_t t, const struct crc_fold_consts *k)
{
    __m128i mu_poly = _mm_set_epi64x((long long)k->barrett_poly, (long long)k->barrett_mu);
    __m128i q = _mm_clmulepi64_si128(_mm_cvtsi64_si128((long long)(t & 0xffffffffu)), mu_poly, 0x00);
    q = _mm_and_si128(q, _mm_cvtsi32_si128(-1));
    uint64_t qp = (uint64_t)_mm_cvtsi128_si64(_mm_clmulepi64_si128(q, mu_poly, 0x10));
    return (uint32_t)((t ^ qp) >> 32);
}

/* The register for a message whose folded last lane is x: x * x^32 mod P. */
static inline uint32_t crc_fold_finish(__m128i x, const struct crc_fold_consts *k)
{
    if (k == &crc32c_fold_consts) /* the crc32 instruction is this polynomial's reduction */
        return (uint32_t)_mm_crc32_u64(_mm_crc32_u64(0, (uint64_t)_mm_cvtsi128_si64(x)),
                                       (uint64_t)_mm_extract_epi64(x, 1));
    /* high half * x^96 and low half * x^32 make 96 bits; their top 32 times x^64 make 64 */
    __m128i t = _mm_xor_si128(_mm_clmulepi64_si128(x, _mm_cvtsi64_si128((long long)k->reduce_high), 0x00),
                              _mm_srli_si128(_mm_unpackhi_epi64(_mm_setzero_si128(), x), 4));
    t = _mm_xor_si128(_mm_clmulepi64_si128(t, _mm_cvtsi64_si128((long long)k->reduce_mid), 0x00), t);
    return crc_barrett((uint64_t)_mm_extract_epi64(t, 1), k);
}

/* pshufb masks for the partial last lane (see crc_fold_tail). */
static const uint8_t crc_fold_shuffle[48] = {
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
    0,    1,    2,    3,    4,    5,    6,    7,    8,    9,    10,   11,   12,   13,   14,   15,
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
};

/* Folds the last len (< 16 lanes' worth, any length) bytes at p into x, whose lane ends at p, and
 * returns the register. The final len % 16 bytes are handled by one more fold over a lane that
 * overlaps the previous one: x * x^(8r) splits into its first r bytes, folded over a whole lane,
 * and its other bytes, shifted down and completed by the r new ones. */
static inline uint32_t crc_fold_tail(__m128i x, const uint8_t *p, size_t len, const struct crc_fold_consts *k)
{
    __m128i k1 = crc_fold_constant(k, 1);
    for (; len >= 16; p += 16, len -= 16)
        x = crc_fold_lane(x, k1, _mm_loadu_si128((const __m128i *)p));
    if (len > 0) {
        __m128i shift_down = _mm_loadu_si128((const __m128i *)(crc_fold_shuffle + 16 + len));
        __m128i take_top = _mm_loadu_si128((const __m128i *)(crc_fold_shuffle + len));
        __m128i last = _mm_loadu_si128((const __m128i *)(p + len - 16));
        __m128i kept = _mm_blendv_epi8(last, _mm_shuffle_epi8(x, shift_down), take_top);
        x = crc_fold_lane(_mm_shuffle_epi8(x, take_top), k1, kept);
    }
    return crc_fold_finish(x, k);
}

/* The register after len < 16 bytes: the bytes, with the register XORed into their first four,
 * form one lane of degree < 8 len (zero-extended at the high end) when len >= 4; below that the
 * register's other bytes are shifted past the message and reduced directly. */
static inline uint32_t crc_fold_short(uint32_t crc, const uint8_t *p, size_t len, const struct crc_fold_consts *k)
{
    if (len < 4) {
        if (len == 0)
            return crc;
        uint32_t m = p[0];
        if (len > 1)
            m |= (uint32_t)p[1] << 8;
        if (len > 2)
            m |= (uint32_t)p[2] << 16;
        /* (r + m) * x^(8 len) split: the part of degree >= 32 - 8 len, reduced, and the rest */
        uint64_t t = (uint64_t)(crc ^ m) << (32 - 8 * len);
        return crc_barrett(t, k);
    }
    unsigned __int128 lane;
    if (len >= 8) {
        /* the first len - 8 bytes from an overlapping word */
        lane = (unsigned __int128)hb_load_le64(p + len - 8) << 64 | (unsigned __int128)hb_load_le64(p)
                                                                        << (8 * (16 - len));
    } else {
        lane = (unsigned __int128)((uint64_t)hb_load_le32(p + len - 4) << 32 | (uint64_t)hb_load_le32(p)
                                                                                   << (8 * (8 - len)))
               << 64;
    }
    lane ^= (unsigned __int128)crc << (8 * (16 - len));
    return crc_fold_finish(_mm_set_epi64x((long long)(uint64_t)(lane >> 64), (long long)(uint64_t)lane), k);
}

/* The running register over len < 8 bytes by the crc32 instruction (CRC-32C only). */
static inline uint32_t crc32c_bytes(uint32_t crc, const uint8_t *p, size_t len)
{
    if (len >= 4) {
        crc = _mm_crc32_u32(crc, hb_load_le32(p));
        p += 4;
        len -= 4;
    }
    for (; len > 0; p++, len--)
        crc = _mm_crc32_u8(crc, *p);
    return crc;
}

/* The running CRC-32C register over len bytes by one crc32 chain: what inputs too short to pay for
 * the folding set-up take. */
static inline uint32_t crc32c_chain(uint32_t crc, const uint8_t *p, size_t len)
{
    uint64_t crc64 = crc;
    for (; len >= 8; p += 8, len -= 8)
        crc64 = _mm_crc32_u64(crc64, hb_load_le64(p));
    return crc32c_bytes((uint32_t)crc64, p, len);
}

/* The running register over len >= 16 bytes by 128-bit folding, four lanes side by side (the
 * pclmul entries, and what the wider files use below their own block). */
static inline uint32_t crc_fold_run_lanes(uint32_t crc, const uint8_t *p, size_t len, const struct crc_fold_consts *k)
{
    __m128i x0 = _mm_xor_si128(_mm_loadu_si128((const __m128i *)p), _mm_cvtsi32_si128((int)crc));
    if (len < 64)
        return crc_fold_tail(x0, p + 16, len - 16, k);
    __m128i x1 = _mm_loadu_si128((const __m128i *)(p + 16)), x2 = _mm_loadu_si128((const __m128i *)(p + 32)),
            x3 = _mm_loadu_si128((const __m128i *)(p + 48));
    __m128i k4 = crc_fold_constant(k, 4);
    for (p += 64, len -= 64; len >= 64; p += 64, len -= 64) {
        x0 = crc_fold_lane(x0, k4, _mm_loadu_si128((const __m128i *)p));
        x1 = crc_fold_lane(x1, k4, _mm_loadu_si128((const __m128i *)(p + 16)));
        x2 = crc_fold_lane(x2, k4, _mm_loadu_si128((const __m128i *)(p + 32)));
        x3 = crc_fold_lane(x3, k4, _mm_loadu_si128((const __m128i *)(p + 48)));
    }
    __m128i x =
        crc_fold_lane(x0, crc_fold_constant(k, 3),
                      crc_fold_lane(x1, crc_fold_constant(k, 2), crc_fold_lane(x2, crc_fold_constant(k, 1), x3)));
    return crc_fold_tail(x, p, len, k);
}

#endif /* HB_CRC_FOLD_H */
