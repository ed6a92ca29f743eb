/* balanced_order.h — the seeded, balanced run order of an A/B run (scripts/ab.sh; docs/ab.md "The
 * run order"): which revision's process runs when, drawn from SplitMix64 so that a recorded seed
 * gives back the same order on every machine. */
#ifndef HB_BALANCED_ORDER_H
#define HB_BALANCED_ORDER_H

#include <stddef.h>
#include <stdint.h>

/* The most revisions and rounds an order is drawn for: far beyond any A/B run, and small enough
 * that the (rounds + 1) x revisions entries are a small allocation. */
enum { HB_ORDER_MAX_REVISIONS = 100, HB_ORDER_MAX_ROUNDS = 10000 };

/* Writes the order of k revisions (numbered 1..k) over rounds 0..n to order[0 .. (n + 1) k):
 * entry r k + i is the revision that runs i-th in round r. Round 0 is the warm-up, a random
 * permutation. Rounds 1..n go in blocks of k rounds, each block a Latin square: the k rotations
 * of a random permutation, taken in a random order. Every revision thus runs in every place of a
 * round once per block (a last, incomplete block takes only some of its rotations). Needs
 * 1 <= k <= HB_ORDER_MAX_REVISIONS and n <= HB_ORDER_MAX_ROUNDS. */
void hb_balanced_order(uint64_t seed, uint32_t k, uint32_t n, uint32_t *order);

#endif
