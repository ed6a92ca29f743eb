/*
 * memread_neon.c — memread (memread_entry.h) with Advanced SIMD loads (compiled with the base
 * architecture's flags, which include it): 128 bytes a step, two four-register LD1s into eight
 * 16-byte accumulators, so that the loop waits on the loads and not on the XORs' latency; then
 * 64-byte steps, then 8 bytes at a time. Every byte lands in its own position of the word.
 */
#include "memread_entry.h"

#include <arm_neon.h>

static uint64_t memread_neon_value(const void *in, size_t len, uint64_t seed)
{
    const unsigned char *p = in;
    uint8x16_t acc[8];
    for (int i = 0; i < 8; i++)
        acc[i] = vdupq_n_u8(0);
    for (; len >= 128; len -= 128, p += 128) {
        uint8x16x4_t v = vld1q_u8_x4(p), w = vld1q_u8_x4(p + 64);
        for (int i = 0; i < 4; i++) {
            acc[i] = veorq_u8(acc[i], v.val[i]);
            acc[4 + i] = veorq_u8(acc[4 + i], w.val[i]);
        }
    }
    if (len >= 64) {
        uint8x16x4_t v = vld1q_u8_x4(p);
        for (int i = 0; i < 4; i++)
            acc[i] = veorq_u8(acc[i], v.val[i]);
        len -= 64;
        p += 64;
    }
    uint8x16_t x = veorq_u8(veorq_u8(veorq_u8(acc[0], acc[1]), veorq_u8(acc[2], acc[3])),
                            veorq_u8(veorq_u8(acc[4], acc[5]), veorq_u8(acc[6], acc[7])));
    uint64x2_t words = vreinterpretq_u64_u8(x);
    uint64_t folded = vgetq_lane_u64(words, 0) ^ vgetq_lane_u64(words, 1) ^ seed;
    return memread_fold_tail(p, len, folded);
}

MEMREAD_ENTRY(hb_memread_neon, "neon", HB_CPU_ASIMD, memread_neon_value,
              "reads every byte with 64-byte four-register NEON loads (memory-read ceiling)",
              MEMREAD_VERIFICATION_WORDS);
