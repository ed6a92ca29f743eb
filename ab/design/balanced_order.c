/* balanced_order.c — the A/B run order. Balance is the point: a process that runs first in its
 * round may find caches, clock and neighbours in another state than one that runs last, so every
 * revision takes every place equally often and that advantage is noise on both sides rather than
 * whichever side a coin favoured; and a drift over minutes falls alike on every revision within
 * each block of k rounds. Randomness is the rest: the permutation and the order of its rotations
 * are drawn afresh for every block, so no fixed pattern can line up with a periodic disturbance.
 * The draws come from SplitMix64 (common/hb_splitmix64.h) with unbiased bounded integers, the
 * same on every machine and compiler. */
#include "balanced_order.h"

#include "hb_splitmix64.h"

/* Fisher-Yates over a[0..m): each of the m! orders equally likely. */
static void shuffle(uint64_t *rng, uint32_t *a, uint32_t m)
{
    for (uint32_t i = m; i > 1; i--) {
        uint32_t j = hb_splitmix64_below(rng, i), t = a[i - 1];
        a[i - 1] = a[j];
        a[j] = t;
    }
}

void hb_balanced_order(uint64_t seed, uint32_t k, uint32_t n, uint32_t *order)
{
    uint64_t rng = seed;
    uint32_t perm[HB_ORDER_MAX_REVISIONS], rot[HB_ORDER_MAX_REVISIONS];
    for (uint32_t i = 0; i < k; i++)
        perm[i] = i + 1;
    shuffle(&rng, perm, k);
    for (uint32_t i = 0; i < k; i++)
        order[i] = perm[i];
    for (uint32_t r = 1; r <= n; r++) {
        uint32_t b = (r - 1) % k; /* the round's place in its block */
        if (b == 0) {
            for (uint32_t i = 0; i < k; i++) {
                perm[i] = i + 1;
                rot[i] = i;
            }
            shuffle(&rng, perm, k);
            shuffle(&rng, rot, k);
        }
        for (uint32_t i = 0; i < k; i++)
            order[(size_t)r * k + i] = perm[(i + rot[b]) % k];
    }
}
