/* fidelity_loads_neon.c — the NEON load loop (fidelity_loads.h), AArch64's base SIMD. */
#include <arm_neon.h>

#include "fidelity_loads.h"

void hb_loads_neon(const unsigned char *buf, size_t len, long reps)
{
    uint8x16_t a = vdupq_n_u8(0), b = a, c = a, d = a;
    for (long r = 0; r < reps; r++) {
        __asm__ volatile("" ::: "memory");
        for (size_t i = 0; i < len; i += 64) {
            a = veorq_u8(a, vld1q_u8(buf + i));
            b = veorq_u8(b, vld1q_u8(buf + i + 16));
            c = veorq_u8(c, vld1q_u8(buf + i + 32));
            d = veorq_u8(d, vld1q_u8(buf + i + 48));
        }
    }
    a = veorq_u8(veorq_u8(a, b), veorq_u8(c, d));
    __asm__ volatile("" : : "w"(a));
}
