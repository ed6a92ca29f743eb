/*
 * fixed_random.h — every benchmark input comes from SplitMix64 (common/hb_splitmix64.h) from the
 * documented seeds below. Inputs must be repeatable bit for bit across runs and versions, so
 * neither the generator nor the seeds may ever change.
 */
#ifndef HB_FIXED_RANDOM_H
#define HB_FIXED_RANDOM_H

#include <stddef.h>
#include <stdint.h>

#include "hb_splitmix64.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Seeds, one per kind of input, so that the streams never overlap by accident. */
#define HB_SEED_HOT_BUFFER  UINT64_C(0x6861736862656e63) /* "hashbenc" */
#define HB_SEED_RAM_POOL    UINT64_C(0x72616d2d706f6f6c) /* "ram-pool" */
#define HB_SEED_STREAM_FILE UINT64_C(0x73747265616d2d66) /* "stream-f" */
#define HB_SEED_LENGTHS     UINT64_C(0x6c656e6774687321) /* "lengths!" */
#define HB_SEED_ROW_ORDER   UINT64_C(0x726f772d6f726465) /* "row-orde": --process K, xored with K */

/* Fills n bytes with the generator's output from seed (little-endian words, any n). */
void hb_fill_fixed(uint8_t *dst, size_t n, uint64_t seed);

#ifdef __cplusplus
}
#endif

#endif /* HB_FIXED_RANDOM_H */
