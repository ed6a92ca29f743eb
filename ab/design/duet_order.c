/* duet_order.c — the duet rounds. The two processes of a round start within a millisecond of each
 * other and run for seconds side by side; what they could still hold against each other is the
 * CPU each runs on (one may take more interrupts, or share its host core with a busier neighbour)
 * and the moment each starts. The CPUs alternate, so a CPU's advantage falls on each side in
 * every other round, and two consecutive rounds (1 and 2, 3 and 4, ...) make one pair in the
 * analysis (hbstat -pair-block 2), in which it cancels; the start is balanced within blocks of four
 * rounds. */
#include "duet_order.h"

#include "hb_splitmix64.h"

void hb_duet_order(uint64_t seed, uint32_t n, struct hb_duet_process *order)
{
    uint64_t rng = seed;
    uint32_t first_slot = 1 + hb_splitmix64_below(&rng, 2);
    /* firsts[s]: in the current block, whether revision 1 starts first in its first round on slot
     * s + 1 (its second round on that slot does the opposite). */
    uint32_t firsts[2] = {0, 0};
    for (uint32_t r = 0; r <= n; r++) {
        /* Blocks of four rounds from round 1, the warm-up a block of its own. */
        uint32_t in_block = r == 0 ? 0 : (r - 1) % 4;
        if (in_block == 0) {
            firsts[0] = hb_splitmix64_below(&rng, 2);
            firsts[1] = hb_splitmix64_below(&rng, 2);
        }
        uint32_t slot1 = (first_slot - 1 + r) % 2 + 1; /* revision 1's CPU this round */
        uint32_t revision1_first = in_block < 2 ? firsts[slot1 - 1] : !firsts[slot1 - 1];
        struct hb_duet_process one = {1, slot1}, two = {2, 3 - slot1};
        order[2 * r] = revision1_first ? one : two;
        order[2 * r + 1] = revision1_first ? two : one;
    }
}
