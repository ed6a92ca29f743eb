/* duet_order.h — the rounds of a duet run (scripts/ab.sh --duet; docs/ab.md "Duet runs"): two
 * revisions whose processes run at the same moment, one on each of two CPUs, so that whatever
 * disturbs the machine meanwhile falls on both. Drawn from SplitMix64, so that a recorded seed
 * gives back the same rounds on every machine. */
#ifndef HB_DUET_ORDER_H
#define HB_DUET_ORDER_H

#include <stdint.h>

/* One of a round's two processes: its revision (1 or 2) and the CPU it runs on (slot 1 or 2, the
 * first or second of the two CPUs the run uses). */
struct hb_duet_process {
    uint32_t revision, slot;
};

/* Writes the rounds 0..n to order[0 .. 2 (n + 1)): entries 2r and 2r + 1 are round r's two
 * processes, in the order they are started. Round 0 is the warm-up. Revision 1's slot alternates
 * from round to round (the first round's drawn), so that each side runs on each CPU in every other
 * round and a CPU that is faster favours neither. Which side starts first is balanced over blocks
 * of four rounds: in a block, each side starts first once on each CPU (the pairing drawn afresh
 * for every block), so that starting first is no advantage either. n <= HB_ORDER_MAX_ROUNDS. */
void hb_duet_order(uint64_t seed, uint32_t n, struct hb_duet_process *order);

#endif
