/*
 * crc_armv8_chain.h — the AArch64 crc32 instructions as one chain: what every entry compiled with
 * the crc extension (-march=...+crc) uses for short inputs, its streams and its last bytes.
 *
 * CRC32X/CRC32CX take the running register as it is (no inversion) and 8 message bytes, and
 * return the register advanced over them: for a reflected register r, (r * x^64 + w * x^32) mod P,
 * for P the IEEE polynomial (crc32*) or Castagnoli's (crc32c*). Unlike x86-64, whose crc32
 * instruction computes CRC-32C only, both CRCs have their instruction here: `castagnoli` chooses,
 * always a constant once inlined, so each step is one instruction.
 */
#ifndef HB_CRC_ARMV8_CHAIN_H
#define HB_CRC_ARMV8_CHAIN_H

#include <arm_acle.h>
#include <stdbool.h>

#include "hb_internal.h"

static inline uint32_t crc_armv8_u64(bool castagnoli, uint32_t crc, uint64_t w)
{
    return castagnoli ? __crc32cd(crc, w) : __crc32d(crc, w);
}

/* The register over len < 8 bytes: one instruction per 4-, 2- and 1-byte piece. */
static inline uint32_t crc_armv8_bytes(bool castagnoli, uint32_t crc, const uint8_t *p, size_t len)
{
    if (len & 4) {
        crc = castagnoli ? __crc32cw(crc, hb_load_le32(p)) : __crc32w(crc, hb_load_le32(p));
        p += 4;
    }
    if (len & 2) {
        uint16_t h = (uint16_t)(p[0] | p[1] << 8);
        crc = castagnoli ? __crc32ch(crc, h) : __crc32h(crc, h);
        p += 2;
    }
    if (len & 1)
        crc = castagnoli ? __crc32cb(crc, *p) : __crc32b(crc, *p);
    return crc;
}

/* The register over len bytes by one dependent chain, 8 bytes a step. */
static inline uint32_t crc_armv8_chain(bool castagnoli, uint32_t crc, const uint8_t *p, size_t len)
{
    for (; len >= 8; p += 8, len -= 8)
        crc = crc_armv8_u64(castagnoli, crc, hb_load_le64(p));
    return crc_armv8_bytes(castagnoli, crc, p, len);
}

/* The register for a message whose folded last 128-bit lane is (low, high) (the lane's first 8
 * bytes, then its last 8, each little-endian), lane * x^32 mod P: the instruction is the
 * reduction, ((low * x^64 + high) * x^32) mod P from a zero register. */
static inline uint32_t crc_armv8_reduce_lane(bool castagnoli, uint64_t low, uint64_t high)
{
    return crc_armv8_u64(castagnoli, crc_armv8_u64(castagnoli, 0, low), high);
}

#endif /* HB_CRC_ARMV8_CHAIN_H */
