/*
 * splitmix.h — the one pseudo-random generator of hbspread (SplitMix64, Steele, Lea and Flood
 * 2014). Keysets and avalanche keys come from it with fixed seeds, so every run sees the same
 * keys; its constants and the seeds in keysets.c and avalanche.c must never change.
 */
#ifndef HB_SPLITMIX_H
#define HB_SPLITMIX_H

#include <stdint.h>

static inline uint64_t hb_splitmix_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

#endif /* HB_SPLITMIX_H */
