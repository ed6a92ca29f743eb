/*
 * crc32_armv8.c — CRC-32C and CRC-32 (gzip) with the AArch64 crc32 instructions alone (this file
 * only is compiled with -march=armv8-a+crc), three independent streams merged by table. Same
 * output as crc32c/portable and crc32/zlib.
 *
 * One crc32 instruction issues per cycle but takes two or three cycles to finish on the cores we
 * know of, so a single dependent chain leaves the unit idle half or two thirds of the time. Inputs
 * of at least one block (three streams of CRC_ARM_STREAM_BYTES) are cut into such blocks; in each,
 * three chains from a zero register run side by side over the block's thirds, and the running
 * register r of everything before the block is merged with them once the block is done:
 *
 *   r' = A(A(A(r) ^ c0) ^ c1) ^ c2,  A = advance over CRC_ARM_STREAM_BYTES zero bytes,
 *
 * which holds because the register update is linear: r over the block is r over zeros XOR a zero
 * register over the block, and a stream's register over the zeros after it is its advance. A is
 * linear in the register's 32 bits, so it is four table lookups XORed (crc_fold_gen.c computes the
 * tables from the polynomial). The streams never wait for the merge: only r does, and r's chain
 * is three lookups per block. No carry-less multiply is needed, so the entries run on every core
 * with the crc extension, those without the cryptographic extension (PMULL) among them; where
 * PMULL exists, the pmull-crc entries fold most of the input instead.
 *
 * Shorter inputs, and the bytes after the last block, go through one chain (crc_armv8_chain.h).
 * The block size is a choice made without an AArch64 core to measure on: large enough that a
 * merge is a few percent of a block, small enough that inputs of a kilobyte use streams.
 */
#include "crc_armv8_chain.h"
#include "crc_entry.h"
#include "crc_fold_consts.h"

#define STREAM CRC_ARM_STREAM_BYTES
#define BLOCK  (3 * STREAM)

static inline uint32_t advance(const uint32_t table[4][256], uint32_t r)
{
    return table[0][r & 0xff] ^ table[1][(r >> 8) & 0xff] ^ table[2][(r >> 16) & 0xff] ^ table[3][r >> 24];
}

/* Advances the register crc (not inverted) over len bytes, three streams a block. */
static inline uint32_t armv8_run(bool castagnoli, uint32_t crc, const uint8_t *p, size_t len)
{
    const uint32_t(*table)[256] = castagnoli ? crc32c_arm_stream_advance : crc32_arm_stream_advance;
    for (; len >= BLOCK; p += BLOCK, len -= BLOCK) {
        uint32_t c0 = 0, c1 = 0, c2 = 0;
        for (size_t i = 0; i < STREAM; i += 8) {
            c0 = crc_armv8_u64(castagnoli, c0, hb_load_le64(p + i));
            c1 = crc_armv8_u64(castagnoli, c1, hb_load_le64(p + STREAM + i));
            c2 = crc_armv8_u64(castagnoli, c2, hb_load_le64(p + 2 * STREAM + i));
        }
        crc = advance(table, advance(table, advance(table, crc) ^ c0) ^ c1) ^ c2;
    }
    return crc_armv8_chain(castagnoli, crc, p, len);
}

static uint32_t crc32c_armv8_run(uint32_t crc, const uint8_t *p, size_t len)
{
    return armv8_run(true, crc, p, len);
}

static uint32_t crc32_armv8_run(uint32_t crc, const uint8_t *p, size_t len)
{
    return armv8_run(false, crc, p, len);
}

HB_CRC_ENTRY(hb_crc32c_armv8_crc, "crc32c", "armv8-crc", crc32c_armv8_run, HB_CPU_CRC32,
             "CRC-32C (Castagnoli), AArch64 crc32cx instruction, 3 streams merged by table", HB_VERIFICATION_CRC32C);
HB_CRC_ENTRY(hb_crc32_armv8_crc, "crc32", "armv8-crc", crc32_armv8_run, HB_CPU_CRC32,
             "CRC-32 (IEEE; gzip, zlib, PNG), AArch64 crc32x instruction, 3 streams merged by table",
             HB_VERIFICATION_CRC32);
