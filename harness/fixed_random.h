/*
 * fixed_random.h — the one generator behind every benchmark input: SplitMix64 from documented
 * seeds. Inputs must be repeatable bit for bit across runs and versions, so neither the generator
 * nor the seeds below may ever change.
 */
#ifndef HB_FIXED_RANDOM_H
#define HB_FIXED_RANDOM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Seeds, one per kind of input, so that the streams never overlap by accident. */
#define HB_SEED_HOT_BUFFER   UINT64_C(0x6861736862656e63) /* "hashbenc" */
#define HB_SEED_RAM_POOL     UINT64_C(0x72616d2d706f6f6c) /* "ram-pool" */
#define HB_SEED_STREAM_FILE  UINT64_C(0x73747265616d2d66) /* "stream-f" */
#define HB_SEED_LENGTHS      UINT64_C(0x6c656e6774687321) /* "lengths!" */

/* SplitMix64 (Steele, Lea, Flood 2014): advances *state and returns the next value. */
static inline uint64_t hb_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* Fills n bytes with the generator's output from seed (little-endian words, any n). */
void hb_fill_fixed(uint8_t *dst, size_t n, uint64_t seed);

#ifdef __cplusplus
}
#endif

#endif /* HB_FIXED_RANDOM_H */
