/*
 * crc_fold_pmull.c — CRC-32C and CRC-32 (gzip) by carry-less folding with AArch64 PMULL alone,
 * eight 128-bit lanes side by side (this file only is compiled with -march=armv8-a+crypto): the
 * folding in crc_fold_neon.h, the last lane reduced by Barrett's method, inputs under 16 bytes as
 * one lane. No crc32 instruction, so the entries say what folding alone gives; the pmull-crc
 * entries add the crc32 instructions beside it, which every core we know of with PMULL has.
 */
#include "crc_fold_neon.h"

/* Kept out of line so that the short inputs' callers do not pay its register saves. */
static __attribute__((noinline)) uint32_t fold_run(uint32_t crc, const uint8_t *p, size_t len,
                                                   const struct crc_fold_consts *k)
{
    return crc_fold_reduce(crc_fold_lanes(crc, p, len, k), k);
}

static uint32_t crc32c_pmull_run(uint32_t crc, const uint8_t *p, size_t len)
{
    if (len < 16)
        return crc_fold_short(crc, p, len, &crc32c_fold_consts);
    return fold_run(crc, p, len, &crc32c_fold_consts);
}

static uint32_t crc32_pmull_run(uint32_t crc, const uint8_t *p, size_t len)
{
    if (len < 16)
        return crc_fold_short(crc, p, len, &crc32_fold_consts);
    return fold_run(crc, p, len, &crc32_fold_consts);
}

HB_CRC_ENTRY(hb_crc32c_pmull, "crc32c", "pmull", crc32c_pmull_run, HB_CPU_ASIMD | HB_CPU_PMULL,
             "CRC-32C (Castagnoli), 128-bit pmull folding, 8 lanes", HB_VERIFICATION_CRC32C);
HB_CRC_ENTRY(hb_crc32_pmull, "crc32", "pmull", crc32_pmull_run, HB_CPU_ASIMD | HB_CPU_PMULL,
             "CRC-32 (IEEE; gzip, zlib, PNG), 128-bit pmull folding, 8 lanes", HB_VERIFICATION_CRC32);
