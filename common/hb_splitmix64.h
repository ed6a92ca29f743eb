/*
 * hb_splitmix64.h — SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
 * generators", OOPSLA 2014), the one pseudo-random generator of every tool and test. Keysets,
 * benchmark inputs, samples and resamples are drawn from it with fixed seeds so that every run
 * sees the same data: the constants below must never change.
 */
#ifndef HB_SPLITMIX64_H
#define HB_SPLITMIX64_H

#include <stdint.h>

/* Advances *state by the golden-ratio increment and returns the mixed new state. The first value
 * drawn from state s is therefore hb_splitmix64_next applied to s, so the function also serves as
 * a stateless 64-bit mixer of s. */
static inline uint64_t hb_splitmix64_next(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* A uniform integer in [0, range), range >= 1, from *state by Lemire's multiply-and-reject
 * ("Fast random integer generation in an interval", ACM TOMACS 2019): unbiased, and the same on
 * every machine, so that a seeded shuffle gives the same order everywhere. */
static inline uint32_t hb_splitmix64_below(uint64_t *state, uint32_t range)
{
    uint64_t m = (hb_splitmix64_next(state) >> 32) * (uint64_t)range;
    if ((uint32_t)m < range) {
        uint32_t threshold = -range % range;
        while ((uint32_t)m < threshold)
            m = (hb_splitmix64_next(state) >> 32) * (uint64_t)range;
    }
    return (uint32_t)(m >> 32);
}

#endif /* HB_SPLITMIX64_H */
