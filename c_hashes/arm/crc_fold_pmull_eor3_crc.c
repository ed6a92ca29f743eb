/* crc_fold_pmull_eor3_crc.c — CRC-32C and CRC-32: PMULL folding whose three-way XORs are one EOR3
 * (the SHA-3 extension), fused with crc32 instruction streams (crc_fold_fused_body.h; this file
 * only is compiled with -march=armv8.2-a+crc+crypto+sha3). */
#define HB_CRC_FUSED_IMPL    "pmull-eor3-crc"
#define HB_CRC_FUSED_VAR(x)  x##_pmull_eor3_crc
#define HB_CRC_FUSED_CPU_REQ (HB_CPU_ASIMD | HB_CPU_PMULL | HB_CPU_CRC32 | HB_CPU_SHA3)
#define HB_CRC_FUSED_WHAT    "pmull+eor3"
#include "crc_fold_fused_body.h"
