/* crc_fold_pmull_crc.c — CRC-32C and CRC-32: PMULL folding fused with crc32 instruction streams
 * (crc_fold_fused_body.h; this file only is compiled with -march=armv8-a+crc+crypto). */
#define HB_CRC_FUSED_IMPL    "pmull-crc"
#define HB_CRC_FUSED_VAR(x)  x##_pmull_crc
#define HB_CRC_FUSED_CPU_REQ (HB_CPU_ASIMD | HB_CPU_PMULL | HB_CPU_CRC32)
#define HB_CRC_FUSED_WHAT    "pmull"
#include "crc_fold_fused_body.h"
