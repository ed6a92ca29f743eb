/*
 * crc_fold_pclmul.c — CRC-32C and CRC-32 (gzip) by carry-less folding with 128-bit PCLMULQDQ, four
 * lanes of 16 bytes side by side (this file only is compiled with -msse4.2 -mpclmul). The folding
 * itself lives in crc_fold.h, shared with the wider variants.
 *
 * Below CRC32C_FOLD_MIN bytes CRC-32C takes one chain of the crc32 instruction: its 3-cycle steps
 * of 8 bytes beat loading four lanes and reducing them. (On CPUs whose crc32 unit outruns 128-bit
 * folding, crc32c/sse42's three streams are faster at every length; this entry is the baseline the
 * wider folds are compared with.)
 */
#include "crc_fold.h"

/* One crc32 chain beats loading and reducing the folding registers up to 256 bytes on Zen 4 (measured
 * side by side with crc32c/sse42 in one hashbench run). */
#define CRC32C_FOLD_MIN 256

/* Kept out of line so that the short inputs' callers do not pay its register saves. */
static __attribute__((noinline)) uint32_t fold_run(uint32_t crc, const uint8_t *p, size_t len,
                                                   const struct crc_fold_consts *k)
{
    return crc_fold_run_lanes(crc, p, len, k);
}

static uint32_t crc32c_pclmul_run(uint32_t crc, const uint8_t *p, size_t len)
{
    if (len < CRC32C_FOLD_MIN)
        return crc32c_chain(crc, p, len);
    return fold_run(crc, p, len, &crc32c_fold_consts);
}

static uint32_t crc32_pclmul_run(uint32_t crc, const uint8_t *p, size_t len)
{
    if (len < 16)
        return crc_fold_short(crc, p, len, &crc32_fold_consts);
    return fold_run(crc, p, len, &crc32_fold_consts);
}

HB_CRC_ENTRY(hb_crc32c_pclmul, "crc32c", "pclmul", crc32c_pclmul_run,
             HB_CPU_SSSE3 | HB_CPU_SSE41 | HB_CPU_SSE42 | HB_CPU_PCLMULQDQ,
             "CRC-32C (Castagnoli), 128-bit pclmulqdq folding, 4 lanes", HB_VERIFICATION_CRC32C);
HB_CRC_ENTRY(hb_crc32_pclmul, "crc32", "pclmul", crc32_pclmul_run, HB_CPU_SSSE3 | HB_CPU_SSE41 | HB_CPU_PCLMULQDQ,
             "CRC-32 (IEEE; gzip, zlib, PNG), 128-bit pclmulqdq folding, 4 lanes", HB_VERIFICATION_CRC32);
