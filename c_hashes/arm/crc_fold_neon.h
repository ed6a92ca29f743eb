/*
 * crc_fold_neon.h — the 128-bit carry-less folding steps shared by the AArch64 folding CRCs
 * (crc_fold_pmull.c and the fused crc_fold_pmull_crc.c, crc_fold_pmull_eor3_crc.c): one lane's
 * fold, eight lanes side by side, the partial last lane, the Barrett reduction of a lane to the
 * 32-bit register, and inputs shorter than a lane. Included only by files compiled with the
 * cryptographic extension (-march=...+crypto), which brings PMULL.
 *
 * The algebra is x86/crc_fold.h's, with the instructions AArch64 has for it. Both CRCs are
 * reflected: a 16-byte lane loaded little-endian (vld1q_u8 into two 64-bit halves) is a
 * polynomial whose first 8 bytes, the low half, carry the higher powers. Folding a lane X forward
 * by n bits multiplies its low half by x^(n+64) and its high half by x^n mod P (crc_fold_gen.c's
 * constants): PMULL takes the low halves of its operands, PMULL2 the high ones, so one of each per
 * lane, whose 128-bit products XORed give a lane congruent to X * x^n, XORed in turn into the lane
 * n bits later. Where the file is compiled with the SHA-3 extension, that three-way XOR is one
 * EOR3 (veor3q_u64); elsewhere two EORs.
 */
#ifndef HB_CRC_FOLD_NEON_H
#define HB_CRC_FOLD_NEON_H

#include <arm_neon.h>

#include "crc_entry.h"
#include "crc_fold_consts.h"

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the lane layout assumes little-endian AArch64 (the only one Linux distributions ship)"
#endif

typedef uint64x2_t crc_lane;

static inline crc_lane crc_lane_load(const uint8_t *p)
{
    return vreinterpretq_u64_u8(vld1q_u8(p));
}

static inline crc_lane crc_xor3(crc_lane a, crc_lane b, crc_lane c)
{
#ifdef __ARM_FEATURE_SHA3
    return veor3q_u64(a, b, c);
#else
    return veorq_u64(veorq_u64(a, b), c);
#endif
}

/* The constant pair that folds a lane over `lanes` lanes. */
static inline poly64x2_t crc_fold_constant(const struct crc_fold_consts *k, unsigned lanes)
{
    return vreinterpretq_p64_u64(vld1q_u64(k->fold[lanes]));
}

static inline poly64x2_t crc_constant_pair(const uint64_t pair[2])
{
    return vreinterpretq_p64_u64(vld1q_u64(pair));
}

/* The 128-bit carry-less product of two 64-bit values. */
static inline crc_lane crc_clmul(uint64_t a, uint64_t b)
{
    return vreinterpretq_u64_p128(vmull_p64((poly64_t)a, (poly64_t)b));
}

/* x folded forward by the distance of k, XORed with the lane there. */
static inline crc_lane crc_fold_lane(crc_lane x, poly64x2_t k, crc_lane next)
{
    crc_lane low = vreinterpretq_u64_p128(vmull_p64((poly64_t)vgetq_lane_u64(x, 0), vgetq_lane_p64(k, 0)));
    crc_lane high = vreinterpretq_u64_p128(vmull_high_p64(vreinterpretq_p64_u64(x), k));
    return crc_xor3(low, high, next);
}

/* Barrett reduction of a 64-bit reflected value t (degree < 64): t mod P as a register. */
static inline uint32_t crc_barrett(uint64_t t, const struct crc_fold_consts *k)
{
    uint64_t q = vgetq_lane_u64(crc_clmul(t & 0xffffffffu, k->barrett_mu), 0) & 0xffffffffu;
    uint64_t qp = vgetq_lane_u64(crc_clmul(q, k->barrett_poly), 0);
    return (uint32_t)((t ^ qp) >> 32);
}

/* The register for a message whose folded last lane is x: x * x^32 mod P, without the crc32
 * instruction. The high half times x^96 and the low half times x^32 make 96 bits; their top 32
 * times x^64 make 64; Barrett takes those to 32. */
static inline uint32_t crc_fold_reduce(crc_lane x, const struct crc_fold_consts *k)
{
    uint64_t high = vgetq_lane_u64(x, 1);
    crc_lane t = veorq_u64(crc_clmul(vgetq_lane_u64(x, 0), k->reduce_high),
                           vcombine_u64(vcreate_u64(high << 32), vcreate_u64(high >> 32)));
    t = veorq_u64(crc_clmul(vgetq_lane_u64(t, 0), k->reduce_mid), t);
    return crc_barrett(vgetq_lane_u64(t, 1), k);
}

/* TBL indices for the partial last lane (see crc_fold_partial); an index of 16 or more gives 0. */
static const uint8_t crc_fold_shuffle[48] = {
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
    0,    1,    2,    3,    4,    5,    6,    7,    8,    9,    10,   11,   12,   13,   14,   15,
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
};

/* x, a folded lane that ends `len` (1..15) bytes before end, with those bytes taken in: x * x^(8
 * len) splits into its first len bytes, moved to the top of a lane and folded over one lane, and
 * its other bytes, moved down and completed by the len new ones, read by one load that ends at
 * end (and overlaps bytes already folded, which the blend discards). */
static inline crc_lane crc_fold_partial(crc_lane x, const uint8_t *end, size_t len, poly64x2_t k1)
{
    uint8x16_t take_top = vld1q_u8(crc_fold_shuffle + len), shift_down = vld1q_u8(crc_fold_shuffle + 16 + len);
    uint8x16_t bytes = vreinterpretq_u8_u64(x);
    uint8x16_t from_x = vtstq_u8(take_top, vdupq_n_u8(0x80));
    uint8x16_t kept = vbslq_u8(from_x, vqtbl1q_u8(bytes, shift_down), vld1q_u8(end - 16));
    return crc_fold_lane(vreinterpretq_u64_u8(vqtbl1q_u8(bytes, take_top)), k1, vreinterpretq_u64_u8(kept));
}

/* Folds the last len (any number of) bytes at p into x, whose lane ends at p: the folded last lane. */
static inline crc_lane crc_fold_tail(crc_lane x, const uint8_t *p, size_t len, const struct crc_fold_consts *k)
{
    poly64x2_t k1 = crc_fold_constant(k, 1);
    for (; len >= 16; p += 16, len -= 16)
        x = crc_fold_lane(x, k1, crc_lane_load(p));
    if (len > 0)
        x = crc_fold_partial(x, p + len, len, k1);
    return x;
}

/* The first lane of a message with the running register crc XORed into its first four bytes. */
static inline crc_lane crc_first_lane(uint32_t crc, const uint8_t *p)
{
    return veorq_u64(crc_lane_load(p), vcombine_u64(vcreate_u64(crc), vcreate_u64(0)));
}

/* The folded last lane of len >= 16 bytes at p, the register crc entering with the first lane:
 * eight lanes side by side (enough to cover PMULL's latency on the cores we know of) from 128
 * bytes, one below. */
static inline crc_lane crc_fold_lanes(uint32_t crc, const uint8_t *p, size_t len, const struct crc_fold_consts *k)
{
    crc_lane x[8];
    x[0] = crc_first_lane(crc, p);
    if (len < 128)
        return crc_fold_tail(x[0], p + 16, len - 16, k);
    for (int j = 1; j < 8; j++)
        x[j] = crc_lane_load(p + 16 * j);
    poly64x2_t k8 = crc_fold_constant(k, 8);
    for (p += 128, len -= 128; len >= 128; p += 128, len -= 128)
        for (int j = 0; j < 8; j++)
            x[j] = crc_fold_lane(x[j], k8, crc_lane_load(p + 16 * j));
    /* every lane folded onto the last, by one multiplication pair each */
    crc_lane last = x[7];
    for (int j = 0; j < 7; j++)
        last = crc_fold_lane(x[j], crc_fold_constant(k, (unsigned)(7 - j)), last);
    return crc_fold_tail(last, p, len, k);
}

/* The register after len < 16 bytes without the crc32 instruction: the bytes, with the register
 * XORed into their first four, form one lane of degree < 8 len (zero-extended at the high end)
 * when len >= 4; below that the register's other bytes are shifted past the message and reduced
 * directly. */
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
    return crc_fold_reduce(vcombine_u64(vcreate_u64((uint64_t)lane), vcreate_u64((uint64_t)(lane >> 64))), k);
}

#endif /* HB_CRC_FOLD_NEON_H */
